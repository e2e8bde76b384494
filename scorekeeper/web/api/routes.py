"""The JSON API of API.md under /api/v1: variants, games, deals, table events. Every refusal is 4xx JSON.

Reading needs only a game's id; every change needs ``Authorization: Bearer
{edit_token}``. A write carrying a stale ``If-Match`` is refused (409), with the
version stored now (in ``params.version``, ``version`` and the ``ETag``): the
database's version decides, before anything this worker kept is used (kept.py).

Every error body is ``{"error": "…", "field": "…", "code": "…", "params": {…}}``:
the sentence (English), the field at fault when there is one, and the stable
code with the parameters its sentence names, for a client to word it itself.
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask import Blueprint, abort, jsonify, request, url_for
from werkzeug.wrappers import Response

from ... import words
from ...extensions import csrf
from ...games import store
from ...games.store import StoredGame
from ...kept import StaleVersion, sent_version
from ...rules import (
    VARIANTS,
    EventChoice,
    Game,
    OptionSpec,
    OutOfTurn,
    Param,
    RuleViolation,
    Secrecy,
    Text,
    Variant,
    possible_events,
    preview,
    read_event,
    write_event,
)
from ..errors import error_body
from ..json_input import NotJson, UnreadableJson, read_json
from ..wording import refusal_json, say
from .openapi import openapi_document
from .state_json import event_json, game_json

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)


class ApiError(Exception):
    """A refusal with its status, what it says (a code and its parameters) and the field at fault."""

    def __init__(self, status: int, code: str, /, *, field: str | None = None, **params: Param) -> None:
        super().__init__(code)
        self.status, self.text, self.field = status, Text(code, **params), field


@bp.errorhandler(ApiError)
def _api_error(error: ApiError) -> tuple[Response, int]:
    return error_body(error.text, error.field), error.status


@bp.errorhandler(RuleViolation)
def _rule_violation(error: RuleViolation) -> tuple[Response, int]:
    status = 409 if isinstance(error, OutOfTurn) else 422
    body = refusal_json(error)
    if not isinstance(error, StaleVersion):
        return jsonify(body), status
    # A stale version (the If-Match, or a change that lost the race for its version): the version
    # stored now, for the client to read the game again at it.
    response = jsonify({**body, "version": error.current})
    response.headers["ETag"] = f'"{error.current}"'
    return response, status


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3.1 document of this API."""
    return jsonify(openapi_document())


@bp.get("/variants")
def variants() -> Response:
    """Every variant with its players and options."""
    return jsonify({"variants": [variant_json(variant) for variant in VARIANTS]})


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    """Start a game: 201 with its state, its edit token and its Location."""
    body = _json_object()
    variant = _typed(body, "variant", str, required=True)
    players = _typed(body, "players", list, required=True)
    first_dealer = _typed(body, "first_dealer", int, default=0)
    options = _typed(body, "options", dict, default={})
    secret = _typed(body, "secret_totals", bool, default=False)
    record, game, key = store.create_game(
        variant,
        players,
        first_dealer=first_dealer,
        options=options,
        log=[write_event(Secrecy(secret=True))] if secret else [],
    )
    game = store.game_of(record) if secret else game  # with the switch recorded before deal 1
    document = {**game_json(record, game), "edit_token": key}
    location = url_for("api.read_game", game_id=record.id)
    return jsonify(document), 201, {"Location": location}


@bp.get("/games/<game_id>")
def read_game(game_id: str) -> Response:
    """The game state; anyone with the id may read it."""
    record, game = store.load_game(game_id)
    return _state_response(record, game)


@bp.put("/games/<game_id>/deals/<int:number>")
def put_deal(game_id: str, number: int) -> Response:
    """Enter the current deal or correct an earlier one; later deals are re-scored."""
    record, game = _writable(game_id)
    updated = store.record_deal(record, game, number, _json_object())
    return _state_response(record, updated)


@bp.delete("/games/<game_id>/deals/<int:number>")
def delete_deal(game_id: str, number: int) -> Response:
    """Undo: remove the last recorded deal; any other number is a conflict, and so is a deal
    a table event was recorded after (undo the event first)."""
    record, game = _writable(game_id)
    if number != len(game.entries) or not game.entries:
        last = len(game.entries)
        if last:
            raise ApiError(409, "api_only_last_deal", field="number", last=last)
        raise ApiError(409, "api_no_deal_yet", field="number")
    if game.last_is_event():
        event = len(game.events)
        kind = game.events[-1].kind
        raise ApiError(409, "api_event_after_deal", field="number", event=event, kind=kind, number=number)
    return _state_response(record, store.undo_last(record, game))


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Response:
    """Undo: remove the last item of the log, deal or table event."""
    record, game = _writable(game_id)
    if not game.log:
        raise ApiError(409, "nothing_to_undo")
    return _state_response(record, store.undo_last(record, game))


# --- table events ---------------------------------------------------------------------------


@bp.get("/games/<game_id>/events")
def list_events(game_id: str) -> Response:
    """The table events recorded so far, and every kind of event with whether it is possible now."""
    record, game = store.load_game(game_id)
    state = game_json(record, game)
    events = state.get("events", [])
    # A newcomer's stand-in name, in a reason, is worded as the reason is: English unless asked.
    possible = possible_events(game, words.stand_in) if record.abandoned_at is None else ()
    choices = [_choice_json(choice) for choice in possible]
    return jsonify({"events": events, "possible": choices, "version": record.version})


@bp.post("/games/<game_id>/events")
def post_event(game_id: str) -> tuple[Response, int, dict[str, str]]:
    """Record a table event after everything recorded so far: 201 with the new game state."""
    record, game = _writable(game_id)
    updated = store.record_event(record, game, _json_object())
    response = _state_response(record, updated)
    location = url_for("api.read_event_at", game_id=record.id, number=len(updated.events))
    return response, 201, {"Location": location}


@bp.post("/games/<game_id>/events/preview")
def preview_event(game_id: str) -> Response:
    """What recording the event now would do, without recording it: the event as it would replay
    (its words, the deals it re-plans) and the game state after it."""
    record, game = store.load_game(game_id)
    if record.abandoned_at is not None:
        raise ApiError(409, "game_abandoned")
    seen = preview(game, read_event(_json_object()))
    return jsonify({"event": event_json(seen.event, seen.game), "state": game_json(record, seen.game)})


@bp.get("/games/<game_id>/events/<int:number>")
def read_event_at(game_id: str, number: int) -> Response:
    """One recorded table event."""
    record, game = store.load_game(game_id)
    _event_number(game, number)
    return jsonify(game_json(record, game)["events"][number - 1])


@bp.put("/games/<game_id>/events/<int:number>")
def put_event(game_id: str, number: int) -> Response:
    """Correct a recorded table event where it stands; later deals are re-scored."""
    record, game = _writable(game_id)
    _event_number(game, number)
    return _state_response(record, store.correct_event(record, game, number, _json_object()))


@bp.delete("/games/<game_id>/events/<int:number>")
def delete_event(game_id: str, number: int) -> Response:
    """Undo: remove a table event that is the last item of the log; anything else is a conflict."""
    record, game = _writable(game_id)
    _event_number(game, number)
    if not game.last_is_event():
        raise ApiError(409, "api_deal_after_event", last=len(game.entries), number=number)
    if number != len(game.events):
        raise ApiError(409, "api_only_last_event", field="number", last=len(game.events))
    return _state_response(record, store.undo_last(record, game))


# --- helpers --------------------------------------------------------------------------------


def variant_json(variant: Variant) -> dict[str, Any]:
    """A variant's code, names, players and options."""
    return {
        "code": variant.code,
        "name": variant.name,
        "family": variant.family,
        "summary": variant.summary,
        "aliases": list(variant.aliases),
        "players": {"min": variant.min_players, "max": variant.max_players},
        "options": [option_json(spec, variant) for spec in variant.options],
    }


def option_json(spec: OptionSpec, variant: Variant) -> dict[str, Any]:
    """One option: its type, choices or bounds, default and help."""
    tables = range(variant.min_players, variant.max_players + 1)
    defaults = {players: spec.default_for(players) for players in tables}
    shown: dict[str, Any] = {"name": spec.name, "label": spec.label, "type": spec.kind}
    if spec.kind == "choice":
        shown["choices"] = list(spec.choices)
    if spec.kind == "int":
        bounds = [spec.bounds_for(players) for players in tables]
        shown["min"] = min(low for low, _ in bounds if low is not None) if bounds[0][0] is not None else None
        shown["max"] = (
            max(high for _, high in bounds if high is not None) if bounds[0][1] is not None else None
        )
    if len(set(defaults.values())) == 1:
        shown["default"] = next(iter(defaults.values()))
    else:
        shown["default"] = None
        shown["default_by_players"] = {str(players): value for players, value in defaults.items()}
    shown["help"] = spec.help
    return shown


def _json_object() -> dict[str, Any]:
    """The request's JSON object: 400 for anything else, hostile shapes included (see json_input)."""
    if not request.is_json:
        raise ApiError(400, "api_not_json")
    try:
        body = read_json(request.get_data())
    except NotJson:
        raise ApiError(400, "api_not_json") from None
    except UnreadableJson as unreadable:
        refused = ApiError(400, unreadable.text.code)
        refused.text = unreadable.text
        raise refused from None
    if body is None:
        raise ApiError(400, "api_not_json")
    if not isinstance(body, dict):
        raise ApiError(400, "api_not_object")
    return body


def _typed(
    body: dict[str, Any], name: str, kind: type, *, required: bool = False, default: Any = None
) -> Any:
    if name not in body or body[name] is None:
        if required:
            raise ApiError(400, "api_required", field=name, name=repr(name))
        return default
    value = body[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ApiError(400, "api_wrong_type", field=name, name=repr(name), kind=kind.__name__)
    return value


def _writable(game_id: str) -> tuple[StoredGame, Any]:
    """Load the game and check the bearer token and If-Match; refuse abandoned games.

    The database's version decides: the game's row is read from the database and its replay is
    this worker's copy of that version (or replayed afresh), never a copy of the version the
    client names. A stale If-Match is refused (409, with the version stored now) before anything
    else is judged, so it never hears of a deal or event missing from an old copy; the write's
    claim checks the version again in its own transaction.
    """
    if_match = request.headers.get("If-Match")
    record, game = store.load_game(game_id)
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        _unauthorized()
    if not record.key_matches(token.strip()):
        raise ApiError(403, "api_wrong_token")
    if if_match is not None and sent_version(if_match) != record.version:
        raise StaleVersion("api_stale_version", seen=if_match.strip(), current=record.version)
    if record.abandoned_at is not None:
        raise ApiError(409, "game_abandoned")
    return record, game


def _event_number(game: Game, number: int) -> None:
    """404 unless event ``number`` is recorded."""
    if not 1 <= number <= len(game.events):
        raise ApiError(404, "no_such_event", number=number, recorded=len(game.events))


def _choice_json(choice: EventChoice) -> dict[str, Any]:
    return {
        "event": choice.kind,
        "allowed": choice.allowed,
        "reason": None if choice.reason is None else say(choice.reason),
        "seats": list(choice.seats),
        "sides": list(choice.sides),
    }


def _unauthorized() -> NoReturn:
    response = error_body(Text("api_edit_token_needed"))
    response.status_code = 401
    response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    abort(response)


def _state_response(record: StoredGame, game: Any) -> Response:
    response = jsonify(game_json(record, game))
    response.headers["ETag"] = f'"{record.version}"'
    return response

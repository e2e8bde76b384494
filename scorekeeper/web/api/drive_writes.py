"""Changing a whist drive through the JSON API: a table's hand, its confirmation, arrivals, departures,
a table that stops, the organiser's prizes and the prize-giving.

Every change needs the organiser key as ``Authorization: Bearer {edit_token}`` (401 without it, 403
with another drive's). The body is checked first, field by field, whatever the version: a bad value
is answered 422 naming its field (an unknown field too), and nothing is stored. Then the change is
judged and written by the store: a hand is entered against what the client saw of that table's hand
(``seen``), as a table's phone does; an ``If-Match: {version}`` of the whole drive is checked in the
write's own transaction, so of several changes sent at once from one version exactly one goes on and
the others are refused with 409 naming the version that won.
"""

from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.store import ANNOUNCED_ALL, Seen, StoredDrive
from ...rules.drive import HandEntry, Pair, PrizeRule, PrizeSpec, Role, StartFrom
from ...rules.text import Text
from ..errors import error_body
from ..request_values import whole_number
from .drives import drive_answer
from .routes import ApiError, _json_object, bp

SEAT_CODES = ("N", "E", "S", "W")
PAIRS = {"NS": Pair.NORTH_SOUTH, "EW": Pair.EAST_WEST}
MOST_TRICKS = 13


@bp.put("/drives/<drive_id>/hands/<int:hand>/tables/<int:table>")
def put_drive_hand(drive_id: str, hand: int, table: int) -> Response:
    """Enter a table's hand (``{"pair": "NS", "tricks": 8, "seen": {...}}``), or correct it once entered."""
    record = _writable(drive_id)
    body = _fields(_json_object(), allowed=("tricks", "pair", "seen"))
    tricks = _tricks(body)
    pair = _pair(body)
    seen: Seen | None = _seen(body, hand, table)
    expected = _if_match()
    if expected is not None and "seen" not in body:
        seen = None  # the version of the whole drive is the stricter check: nothing else to compare
    entry = HandEntry(hand=hand, table=table, tricks=tricks, pair=pair)
    _record, drive = store.load_drive(record.id)
    if drive.entered(hand, table) is None:
        stored, updated = store.enter_hand(record.id, entry, seen, expected)
    else:
        stored, updated = store.correct_hand(record.id, entry, seen, expected)
    return drive_answer(stored, updated, organiser=True)


@bp.post("/drives/<drive_id>/hands/<int:hand>/tables/<int:table>/confirmation")
def confirm_drive_hand(drive_id: str, hand: int, table: int) -> Response:
    """A player of the other pair confirms the table's result (``{"player": 5, "seen": {...}}``)."""
    record = _writable(drive_id)
    body = _fields(_json_object(), allowed=("player", "seen"))
    player = _index(body, "player", required=True)
    seen = _seen(body, hand, table)
    assert player is not None
    stored, updated = store.confirm_hand(record.id, seen, player, _if_match())
    return drive_answer(stored, updated, organiser=True)


@bp.post("/drives/<drive_id>/arrivals")
def post_drive_arrival(drive_id: str) -> tuple[Response, int]:
    """A late player joins from the next move (``{"name": "Mia", "role": "lady", "start": "zero"}``);
    a partner drive takes a late pair (``{"name": "Mia", "partner_name": "Ned"}``)."""
    record = _writable(drive_id)
    body = _fields(_json_object(), allowed=("name", "role", "start", "partner_name"))
    name = _text(body, "name", required=True)
    partner = _text(body, "partner_name")
    start = _start(body)
    role = _role(body)
    expected = _if_match()
    if partner is not None:
        stored, updated = store.add_pair(record.id, name or "", partner, start, expected)
    else:
        stored, updated = store.add_player(record.id, name or "", start, role, expected)
    return drive_answer(stored, updated, organiser=True), 201


@bp.post("/drives/<drive_id>/departures")
def post_drive_departure(drive_id: str) -> tuple[Response, int]:
    """A player leaves from the next move (``{"player": 3}``); a substitute may take over their place
    (``{"player": 3, "substitute": "Zed"}``). Their scores stay theirs."""
    record = _writable(drive_id)
    body = _fields(_json_object(), allowed=("player", "substitute", "start"))
    player = _index(body, "player", required=True)
    substitute = _text(body, "substitute")
    assert player is not None
    stored, updated = store.remove_player(record.id, player, substitute, _start(body), _if_match())
    return drive_answer(stored, updated, organiser=True), 201


@bp.delete("/drives/<drive_id>/tables/<int:table>")
def delete_drive_table(drive_id: str, table: int) -> Response:
    """Table ``table`` stops from the next move: its players sit out, the other tables keep their numbers."""
    record = _writable(drive_id)
    stored, updated = store.remove_table(record.id, table, _if_match())
    return drive_answer(stored, updated, organiser=True)


@bp.put("/drives/<drive_id>/prizes")
def put_drive_prizes(drive_id: str) -> Response:
    """The organiser's own prizes, replacing those added before (``{"prizes": [{"rule": "place",
    "name": "Runner-up", "place": 2}, ...]}``); the drive's own prizes stay."""
    record = _writable(drive_id)
    body = _fields(_json_object(), allowed=("prizes",))
    raw = body.get("prizes")
    if not isinstance(raw, list):
        raise ApiError(422, "api_drive_prizes_list", field="prizes")
    prizes = [_prize(item, index) for index, item in enumerate(raw)]
    stored, updated = store.set_prizes(record.id, prizes, _if_match())
    return drive_answer(stored, updated, organiser=True)


@bp.post("/drives/<drive_id>/announcement")
def post_drive_announcement(drive_id: str) -> Response:
    """The prize-giving: ``{"shown": 3}`` prizes revealed (booby first), or ``{"shown": "all"}`` to show
    every result. Until then, once the last hand is in, readers without the key see no result."""
    record = _writable(drive_id)
    body = _fields(_json_object(), allowed=("shown",))
    shown = body.get("shown")
    if shown == "all":
        count = ANNOUNCED_ALL
    elif isinstance(shown, int) and not isinstance(shown, bool) and 0 <= shown <= ANNOUNCED_ALL:
        count = shown
    else:
        raise ApiError(422, "api_drive_shown", field="shown", value=repr(shown)[:40])
    stored, updated = store.announce(record.id, count, _if_match())
    return drive_answer(stored, updated, organiser=True)


# --- checks -------------------------------------------------------------------------------


def _writable(drive_id: str) -> StoredDrive:
    """The drive (404 naming drives) once the organiser key checks: 401 without it, 403 another's."""
    record = store.find_drive(drive_id)
    if record is None:
        raise ApiError(404, "api_no_such_drive")
    token = bearer_token()
    if token is None:
        response = error_body(Text("api_drive_key_needed"))
        response.status_code = 401
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
        raise _Answered(response)
    if not record.key_matches(token):
        raise ApiError(403, "api_drive_wrong_key")
    return record


class _Answered(Exception):
    """A refusal already made into its response (the 401 with its WWW-Authenticate header)."""

    def __init__(self, response: Response) -> None:
        super().__init__("answered")
        self.response = response


@bp.errorhandler(_Answered)
def _answered(error: _Answered) -> Response:
    return error.response


def bearer_token() -> str | None:
    """The request's ``Authorization: Bearer`` token, if it has one."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _if_match() -> int | None:
    """The drive's version the change was made from (``If-Match``), checked by the store at the write;
    one that is no version at all is refused here (409), as a stale one is."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    seen = header.strip().removeprefix("W/").strip('"')
    version = whole_number(seen)
    if version is None:
        raise ApiError(409, "api_drive_stale_version", field="version", seen=header.strip()[:40], version="?")
    return version


def _fields(body: dict[str, Any], *, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The body, once every field in it is one the request takes (422 naming the first other)."""
    for name in body:
        if name not in allowed:
            raise ApiError(
                422, "api_drive_unknown_field", field=name, name=repr(name[:40]), allowed=", ".join(allowed)
            )
    return body


def _tricks(body: dict[str, Any]) -> int:
    if "tricks" not in body:
        raise ApiError(422, "api_required", field="tricks", name=repr("tricks"))
    tricks = body["tricks"]
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= MOST_TRICKS:
        raise ApiError(422, "api_drive_tricks", field="tricks", value=_shown(tricks))
    return tricks


def _pair(body: dict[str, Any]) -> Pair:
    if "pair" not in body:
        return Pair.NORTH_SOUTH
    code = body["pair"]
    if not isinstance(code, str) or code not in PAIRS:
        raise ApiError(422, "api_drive_pair", field="pair", name=repr("pair"))
    return PAIRS[code]


def _index(body: dict[str, Any], name: str, *, required: bool = False) -> int | None:
    if name not in body:
        if required:
            raise ApiError(422, "api_required", field=name, name=repr(name))
        return None
    value = body[name]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9_999:
        raise ApiError(422, "api_drive_player", field=name, value=_shown(value))
    return value


def _text(body: dict[str, Any], name: str, *, required: bool = False) -> str | None:
    if name not in body or body[name] is None:
        if required:
            raise ApiError(422, "api_required", field=name, name=repr(name))
        return None
    value = body[name]
    if not isinstance(value, str):
        raise ApiError(422, "api_wrong_type", field=name, name=repr(name), kind="str")
    return value


def _start(body: dict[str, Any]) -> StartFrom:
    raw = body.get("start", StartFrom.ZERO.value)
    if raw not in tuple(start.value for start in StartFrom):
        raise ApiError(422, "api_drive_start", field="start", value=_shown(raw))
    return StartFrom(raw)


def _role(body: dict[str, Any]) -> Role | None:
    raw = body.get("role")
    if raw is None:
        return None
    if raw not in tuple(role.value for role in Role):
        raise ApiError(422, "drive_roster_role", field="role", value=_shown(raw))
    return Role(raw)


def _prize(item: object, index: int) -> PrizeSpec:
    """One of the organiser's prizes: ``{"rule", "name", "place"?, "player"?}`` (the engine checks it)."""
    field = f"prizes[{index}]"
    if not isinstance(item, dict) or set(item) - {"rule", "name", "place", "player"}:
        raise ApiError(422, "api_drive_prize_shape", field=field)
    if item.get("rule") not in tuple(rule.value for rule in PrizeRule):
        raise ApiError(422, "api_drive_prize_shape", field=field)
    rule = PrizeRule(item["rule"])
    return PrizeSpec(rule=rule, name=item.get("name"), place=item.get("place"), player=item.get("player"))


def _seen(body: dict[str, Any], hand: int, table: int) -> Seen:
    """What the client saw of the table's hand: ``seen.players`` (N, E, S, W) and ``seen.north_south``."""
    seen = body.get("seen")
    if seen is None:
        return Seen(hand=hand, table=table)
    if not isinstance(seen, dict) or set(seen) - {"players", "north_south"}:
        raise ApiError(422, "api_drive_seen_players", field="seen")
    players = seen.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != len(SEAT_CODES)
        or any(
            isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 9_999 for item in players
        )
    ):
        raise ApiError(422, "api_drive_seen_players", field="seen")
    north_south = seen.get("north_south")
    if north_south is not None and (
        isinstance(north_south, bool)
        or not isinstance(north_south, int)
        or not 0 <= north_south <= MOST_TRICKS
    ):
        raise ApiError(422, "api_drive_seen_players", field="seen")
    return Seen(
        hand=hand,
        table=table,
        players=None if players is None else tuple(players),
        north_south=north_south,
    )


def _shown(value: object) -> str:
    """A refused value as the refusal quotes it: short, whatever came (10**30 included)."""
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "…"

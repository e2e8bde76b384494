"""Whist drives in the JSON API: set one up, read it whole (the JSON export) and read its standings.
The changes are in :mod:`.drive_writes`.

Reading needs only the drive's id. Once the last hand is in, until the organiser announces the
prizes, a reader without the organiser key (``Authorization: Bearer {edit_token}``) gets no final
standings, no prize not yet announced, no running total and no tricks of the last hand
(``results_withheld``: RULES.md §10); the organiser's key reads everything.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request, url_for
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.inputs import roster_data, setup_options
from ...drives.store import StoredDrive, results_withheld
from ...rules.drive import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Drive,
    InvalidDriveSetup,
    PrizeResult,
    Standing,
    announce_order,
)
from ...rules.drive.outlook import outlook, shows_outlook
from ...words import hall as _hall_words  # noqa: F401  (the refusals' words)
from .routes import ApiError, _json_object, _typed, bp

SEAT_CODES = ("N", "E", "S", "W")
# The set-up's options by the names the engine's DriveSetup.create takes, with their JSON types.
OPTION_TYPES: dict[str, type] = {
    "format": str,
    "hands": int,
    "interval_after": int,
    "trumps": list,
    "sit_out_tricks": int,
    "tie_break": str,
    "up_direction": str,
    "winners_move": bool,
    "one_prize_each": bool,
}


@bp.post("/drives")
def create_drive() -> tuple[Response, int, dict[str, str]]:
    """Set up a drive: 201 with the drive, its organiser key (``edit_token``) and its Location."""
    body = _json_object()
    name = _typed(body, "name", str, required=True)
    players = body.get("players")
    if players is None:
        raise ApiError(400, "api_required", field="players", name=repr("players"))
    if not isinstance(players, (list, int)) or isinstance(players, bool):
        raise ApiError(400, "api_wrong_type", field="players", name=repr("players"), kind="list")
    if isinstance(players, int) and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        # Refused before "Player 1"… are made up: a count of a billion would build a billion names.
        code = "drive_too_few_players" if players < MIN_PLAYERS else "drive_too_many_players"
        raise InvalidDriveSetup(code, least=MIN_PLAYERS, most=MAX_PLAYERS, count=players)
    options = {name: _option(body, name, kind) for name, kind in OPTION_TYPES.items()}
    options = {name: value for name, value in options.items() if value is not None}
    record, drive, key = store.create_drive(name, players, **options)
    document = {**drive_json(record, drive), "edit_token": key}
    headers = {"Location": url_for("api.read_drive", drive_id=record.id), "ETag": f'"{record.version}"'}
    return jsonify(document), 201, headers


@bp.get("/drives/<drive_id>")
def read_drive(drive_id: str) -> Response:
    """The whole drive: set-up, every hand at every table, every player's card, standings and prizes.

    ``?download=1`` answers it as a file: the drive's JSON export.
    """
    record, drive = _readable(drive_id)
    response = drive_answer(record, drive, organiser=_reads_as_organiser(record))
    if request.args.get("download"):
        response.headers["Content-Disposition"] = f'attachment; filename="drive-{record.id}.json"'
    return response


@bp.get("/drives/<drive_id>/standings")
def drive_standings(drive_id: str) -> Response:
    """The leaderboard, the prizes as they stand and, from the interval on, who can still take each."""
    record, drive = _readable(drive_id)
    withheld = results_withheld(record, drive) and not _reads_as_organiser(record)
    return _versioned(record, standings_json(record, drive, withheld=withheld))


# --- the documents ------------------------------------------------------------------------


def drive_answer(record: StoredDrive, drive: Drive, *, organiser: bool) -> Response:
    """The drive's document with its version as ETag; the results kept back from a reader without the
    organiser key while they wait for the prize-giving."""
    withheld = results_withheld(record, drive) and not organiser
    return _versioned(record, drive_json(record, drive, withheld=withheld))


def drive_json(record: StoredDrive, drive: Drive, *, withheld: bool = False) -> dict[str, Any]:
    """The drive as JSON: codes and numbers (players by index into ``players``), no sentences."""
    setup, state = drive.setup, drive.state
    hidden_hand = setup.hands if withheld else None
    return {
        "id": record.id,
        "name": setup.name,
        "version": record.version,
        "players": list(setup.players),
        # The set-up's options by the names ``POST /api/v1/drives`` takes, as the store keeps them.
        **setup_options(setup),
        "tables": state.layout.tables,
        "table_numbers": list(state.table_numbers),
        "roles": [role.value for role in state.roles],
        "roster": [roster_data(change) for change in drive.roster],
        "status": "finished" if state.finished else "in_progress",
        "hand_in_play": state.hand_in_play,
        "hands_complete": state.hands_complete,
        "hands_played": [
            _hand_json(drive, number, hide_tricks=number == hidden_hand)
            for number in range(1, len(state.hands) + 1)
        ],
        "cards": [_card_json(drive, player, hidden_hand=hidden_hand) for player in range(setup.player_count)],
        **_standings_part(record, drive, withheld=withheld),
    }


def standings_json(record: StoredDrive, drive: Drive, *, withheld: bool = False) -> dict[str, Any]:
    """The standings document: the drive's id, version and status, its leaderboard and prizes."""
    state = drive.state
    return {
        "id": record.id,
        "version": record.version,
        "status": "finished" if state.finished else "in_progress",
        "hands_complete": state.hands_complete,
        **_standings_part(record, drive, withheld=withheld),
    }


def _standings_part(record: StoredDrive, drive: Drive, *, withheld: bool) -> dict[str, Any]:
    state = drive.state
    names = drive.setup.players
    chances = outlook(state) if shows_outlook(state) and not withheld else ()
    revealed = {id(result) for result in announce_order(state.prizes)[: record.announced]}
    return {
        "results_withheld": withheld,
        "announced": min(record.announced, len(announce_order(state.prizes))),
        "standings": [] if withheld else [_standing_json(line, names) for line in state.standings],
        "prizes": [
            _prize_json(result, hidden=withheld and id(result) not in revealed) for result in state.prizes
        ],
        "outlook": [
            {
                "prize": _prize_spec_json(item.prize),
                "contenders": list(item.contenders),
                "leaders": list(item.leaders),
                "lead": item.lead,
                "reach": item.reach,
                "out_of_reach": item.out_of_reach,
                "hands_left": item.hands_left,
                "clinched": item.clinched,
            }
            for item in chances
            if not item.decided
        ],
    }


def _hand_json(drive: Drive, number: int, *, hide_tricks: bool = False) -> dict[str, Any]:
    hand = drive.state.hand(number)
    tables = []
    for line in hand.tables:
        shown = None if line.tricks is None or hide_tricks else line.tricks
        tables.append(
            {
                "table": line.table,
                "players": list(line.players),
                "tricks": None if shown is None else {"NS": shown[0], "EW": shown[1]},
                "corrected": line.corrected,
                "confirmed": line.confirmed if line.entry is not None else None,
            }
        )
    return {
        "number": number,
        "trump": hand.trump.value,
        "half": hand.half,
        "complete": hand.complete,
        "sitting_out": list(hand.sitting_out),
        "tables": tables,
    }


def _card_json(drive: Drive, player: int, *, hidden_hand: int | None = None) -> dict[str, Any]:
    """A player's card; with ``hidden_hand`` (the last hand, while the results are kept back) no
    running total, and no tricks for that hand."""
    state = drive.state
    rows = []
    for row in state.card(player):
        place = state.hand(row.hand).placement(player)
        rows.append(
            {
                "hand": row.hand,
                "trump": row.trump.value,
                "table": row.table,
                "seat": None if row.seat is None else SEAT_CODES[row.seat.offset],
                "partner": row.partner,
                "opponents": list(place.opponents),
                "sat_out": row.sat_out,
                "absent": row.absent,
                "tricks": None if row.hand == hidden_hand else row.tricks,
                "running_total": None if hidden_hand is not None else row.running_total,
            }
        )
    return {
        "player": player,
        "name": drive.setup.players[player],
        "role": state.roles[player].value,
        "left_after": state.left_after[player] if state.left_after else None,
        "rows": rows,
    }


def _standing_json(line: Standing, names: tuple[str, ...]) -> dict[str, Any]:
    return {
        "player": line.player,
        "name": names[line.player],
        "rank": line.rank,
        "tied": line.tied,
        "total": line.total,
        "hands_won": line.hands_won,
        "hands_scored": line.hands_scored,
        "left_after": line.left_after,
    }


def _prize_spec_json(prize: Any) -> dict[str, Any]:
    return {"rule": prize.rule.value, "name": prize.name, "place": prize.place}


def _prize_json(result: PrizeResult, *, hidden: bool = False) -> dict[str, Any]:
    """A prize and who takes it; ``hidden`` (kept back for the prize-giving): no winner, no score."""
    return {
        **_prize_spec_json(result.prize),
        "winners": [] if hidden else list(result.winners),
        "score": None if hidden else result.score,
        "decided": result.decided,
        "tied": False if hidden else result.tied,
        "withheld": hidden,
    }


# --- checks -------------------------------------------------------------------------------


def _readable(drive_id: str) -> tuple[StoredDrive, Drive]:
    """The drive and its replay, or 404 naming drives."""
    record = store.find_drive(drive_id)
    if record is None:
        raise ApiError(404, "api_no_such_drive")
    return record, store.drive_of(record)


def _reads_as_organiser(record: StoredDrive) -> bool:
    """True when the request carries this drive's organiser key (it reads the results at once)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return scheme.lower() == "bearer" and record.key_matches(token.strip())


def _option(body: dict[str, Any], name: str, kind: type) -> Any:
    """A set-up option of the JSON type it must have (a yes-or-no one is true or false)."""
    if kind is bool:
        value = body.get(name)
        if value is not None and not isinstance(value, bool):
            raise ApiError(400, "api_drive_yes_or_no", field=name, name=repr(name))
        return value
    return _typed(body, name, kind)


def _versioned(record: StoredDrive, document: dict[str, Any]) -> Response:
    response = jsonify(document)
    response.headers["ETag"] = f'"{record.version}"'
    return response

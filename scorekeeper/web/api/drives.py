"""Whist drives in the JSON API: set one up, read it whole (the JSON export), read its standings,
and enter or correct a table's hand with the same checks as the tables' phones.

Reading needs only the drive's id. A change needs the organiser key as
``Authorization: Bearer {edit_token}`` (the key ``POST /api/v1/drives``
answers with). A hand is entered against what the client saw of that table's
hand (``seen``: the four players seated and the tricks already entered, if
any), exactly as a table's phone is: another table's hand entered meanwhile
never makes it stale, a change to the same table's hand does (409). A stale
``If-Match: {version}`` of the whole drive is refused too (409), for a client
that wants the strictest check.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request, url_for
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.inputs import setup_options
from ...drives.store import Seen, StoredDrive
from ...rules.drive import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Drive,
    HandEntry,
    InvalidDriveSetup,
    Pair,
    PrizeResult,
    Standing,
)
from ...rules.drive.outlook import outlook, shows_outlook
from ...words import hall as _hall_words  # noqa: F401  (the refusals' words)
from ..request_values import whole_number
from .routes import ApiError, _json_object, _typed, _unauthorized, bp

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
    return jsonify(document), 201, {"Location": url_for("api.read_drive", drive_id=record.id)}


@bp.get("/drives/<drive_id>")
def read_drive(drive_id: str) -> Response:
    """The whole drive: set-up, every hand at every table, every player's card, standings and prizes.

    ``?download=1`` answers it as a file: the drive's JSON export.
    """
    record, drive = store.load_drive(drive_id)
    response = _versioned(record, drive_json(record, drive))
    if request.args.get("download"):
        response.headers["Content-Disposition"] = f'attachment; filename="drive-{record.id}.json"'
    return response


@bp.get("/drives/<drive_id>/standings")
def drive_standings(drive_id: str) -> Response:
    """The leaderboard, the prizes as they stand and, from the interval on, who can still take each."""
    record, drive = store.load_drive(drive_id)
    return _versioned(record, standings_json(record, drive))


@bp.put("/drives/<drive_id>/hands/<int:hand>/tables/<int:table>")
def put_drive_hand(drive_id: str, hand: int, table: int) -> Response:
    """Enter a table's hand (``{"pair": "NS", "tricks": 8, "seen": {...}}``), or correct it once entered."""
    record = _writable(drive_id)
    body = _json_object()
    tricks = _typed(body, "tricks", int, required=True)
    pair_code = _typed(body, "pair", str, default="NS")
    pairs = {"NS": Pair.NORTH_SOUTH, "EW": Pair.EAST_WEST}
    if pair_code not in pairs:
        raise ApiError(422, "api_drive_pair", field="pair", name=repr("pair"))
    seen = _seen(body, hand, table)
    entry = HandEntry(hand=hand, table=table, tricks=tricks, pair=pairs[pair_code])
    _record, drive = store.load_drive(record.id)
    if drive.entered(hand, table) is None:
        stored, updated = store.enter_hand(record.id, entry, seen)
    else:
        stored, updated = store.correct_hand(record.id, entry, seen)
    return _versioned(stored, drive_json(stored, updated))


# --- the documents ------------------------------------------------------------------------


def drive_json(record: StoredDrive, drive: Drive) -> dict[str, Any]:
    """The drive as JSON: codes and numbers (players by index into ``players``), no sentences."""
    setup, state = drive.setup, drive.state
    return {
        "id": record.id,
        "name": setup.name,
        "version": record.version,
        "players": list(setup.players),
        # The set-up's options by the names ``POST /api/v1/drives`` takes, as the store keeps them.
        **setup_options(setup),
        "tables": state.layout.tables,
        "status": "finished" if state.finished else "in_progress",
        "hand_in_play": state.hand_in_play,
        "hands_complete": state.hands_complete,
        "hands_played": [_hand_json(drive, number) for number in range(1, len(state.hands) + 1)],
        "cards": [_card_json(drive, player) for player in range(setup.player_count)],
        **_standings_part(drive),
    }


def standings_json(record: StoredDrive, drive: Drive) -> dict[str, Any]:
    """The standings document: the drive's id, version and status, its leaderboard and prizes."""
    state = drive.state
    return {
        "id": record.id,
        "version": record.version,
        "status": "finished" if state.finished else "in_progress",
        "hands_complete": state.hands_complete,
        **_standings_part(drive),
    }


def _standings_part(drive: Drive) -> dict[str, Any]:
    state = drive.state
    names = drive.setup.players
    chances = outlook(state) if shows_outlook(state) else ()
    return {
        "standings": [_standing_json(line, names) for line in state.standings],
        "prizes": [_prize_json(result) for result in state.prizes],
        "outlook": [
            {
                "prize": _prize_spec_json(item.prize),
                "contenders": list(item.contenders),
                "clinched": item.clinched,
            }
            for item in chances
            if not item.decided
        ],
    }


def _hand_json(drive: Drive, number: int) -> dict[str, Any]:
    hand = drive.state.hand(number)
    tables = []
    for line in hand.tables:
        tables.append(
            {
                "table": line.table,
                "players": list(line.players),
                "tricks": None if line.tricks is None else {"NS": line.tricks[0], "EW": line.tricks[1]},
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


def _card_json(drive: Drive, player: int) -> dict[str, Any]:
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
                "tricks": row.tricks,
                "running_total": row.running_total,
            }
        )
    return {"player": player, "name": drive.setup.players[player], "rows": rows}


def _standing_json(line: Standing, names: tuple[str, ...]) -> dict[str, Any]:
    return {
        "player": line.player,
        "name": names[line.player],
        "rank": line.rank,
        "tied": line.tied,
        "total": line.total,
        "hands_won": line.hands_won,
        "hands_scored": line.hands_scored,
    }


def _prize_spec_json(prize: Any) -> dict[str, Any]:
    return {"rule": prize.rule.value, "name": prize.name, "place": prize.place}


def _prize_json(result: PrizeResult) -> dict[str, Any]:
    return {
        **_prize_spec_json(result.prize),
        "winners": list(result.winners),
        "score": result.score,
        "decided": result.decided,
        "tied": result.tied,
    }


# --- checks -------------------------------------------------------------------------------


def _writable(drive_id: str) -> StoredDrive:
    """Load the drive; check the organiser key (401 without, 403 wrong) and If-Match (409 stale)."""
    record = store.find_drive(drive_id)
    if record is None:
        raise ApiError(404, "api_no_such_drive")
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        _unauthorized()
    if not record.key_matches(token.strip()):
        raise ApiError(403, "api_drive_wrong_key")
    if_match = request.headers.get("If-Match")
    if if_match is not None and if_match.strip().strip('W/"') != str(record.version):
        raise ApiError(
            409, "api_drive_stale_version", field="version", seen=if_match.strip(), version=record.version
        )
    return record


def _option(body: dict[str, Any], name: str, kind: type) -> Any:
    """A set-up option of the JSON type it must have (a yes-or-no one is true or false)."""
    if kind is bool:
        value = body.get(name)
        if value is not None and not isinstance(value, bool):
            raise ApiError(400, "api_drive_yes_or_no", field=name, name=repr(name))
        return value
    return _typed(body, name, kind)


def _seen(body: dict[str, Any], hand: int, table: int) -> Seen:
    """What the client saw of the table's hand: ``seen.players`` (N, E, S, W) and ``seen.north_south``."""
    seen = _typed(body, "seen", dict, default={})
    players = seen.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != len(SEAT_CODES)
        or any(whole_number(str(item)) is None or isinstance(item, bool) for item in players)
    ):
        raise ApiError(422, "api_drive_seen_players", field="seen")
    north_south = seen.get("north_south")
    if north_south is not None and (not isinstance(north_south, int) or isinstance(north_south, bool)):
        raise ApiError(400, "api_wrong_type", field="seen", name=repr("seen.north_south"), kind="int")
    return Seen(
        hand=hand,
        table=table,
        players=None if players is None else tuple(int(item) for item in players),
        north_south=north_south,
    )


def _versioned(record: StoredDrive, document: dict[str, Any]) -> Response:
    response = jsonify(document)
    response.headers["ETag"] = f'"{record.version}"'
    return response

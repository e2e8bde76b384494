"""What a club's file may hold, checked before anything of it is stored: its one budget, and each
drive field by field.

A drive hand of a file with ``"recorded_at": 9999`` or ``"confirmed_by": 999`` answered 500, and a
92 KB file held 600,000 deals (the table file's caps applied per table, times 200 tables). Here every
field of a drive — its set-up, prizes, arrivals and departures, seatings and each hand as entered —
has its type, range and references checked, so that the engine's replay sees only values it knows,
and what is stored is exactly what the engine checked, written as the drives' store writes it. The
exchange (exchange.py) reads the rest of the file and stores it.

Refusals (RuleViolation codes, field "file"): club_file_too_many_items(most, count),
club_file_drive_refused(number, reason: a text or None), club_file_hand(entry, field) and
club_file_shape(part) as the drive's reason, and the engine's own refusals of the drive.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..database import utcnow
from ..drives.inputs import prize_data, roster_data, roster_of, seating_data, seatings_of, setup_options
from ..groups.files import read_time
from ..rules import RuleViolation
from ..rules.drive import (
    Drive,
    DriveSetup,
    HandEntry,
    Pair,
    PrizeRule,
    PrizeSpec,
    RosterKind,
    Seat,
    StartFrom,
)

MOST_ITEMS = 30_000
"""The most games, deals, table events, drives and drive hands a club's file holds, all counted
together, whatever tables and drives they belong to. A club's file of 1,780 games with 28,000 deals
and ten drives takes about 3.5 s of CPU, and the worker about 51 MB more at its peak, to import:
every table and drive is replayed before the first is stored."""
COUNTED = frozenset({"games", "deals", "events", "drives", "hands"})
"""The lists of a club's file whose items count against MOST_ITEMS, wherever they stand."""

OPTIONS = frozenset(
    {"format", "hands", "interval_after", "trumps", "sit_out_tricks", "tie_break", "up_direction",
     "winners_move", "one_prize_each"}
)  # fmt: skip
_PAIRS = {pair.value: pair for pair in Pair}
_KINDS = frozenset(kind.value for kind in RosterKind)
_STARTS = frozenset(start.value for start in StartFrom)
_SEATS = frozenset(seat.value for seat in Seat)
_RULES = frozenset(rule.value for rule in PrizeRule)


def check_budget(data: Mapping[str, Any]) -> None:
    """Refuse a club's file that holds more than MOST_ITEMS games, deals, events, drives and hands
    in all, counted before any of them is read."""
    count = 0
    tables = data.get("tables")
    for item in tables if isinstance(tables, list) else ():
        table = item.get("table") if isinstance(item, dict) else None
        games = table.get("games") if isinstance(table, dict) else None
        for game in games if isinstance(games, list) else ():
            count += 1
            if isinstance(game, dict):
                count += _length(game.get("deals")) + _length(game.get("events"))
    drives = data.get("drives")
    for drive in drives if isinstance(drives, list) else ():
        count += 1 + (_length(drive.get("hands")) if isinstance(drive, dict) else 0)
    if count > MOST_ITEMS:
        raise RuleViolation("club_file_too_many_items", field="file", most=MOST_ITEMS, count=count)


def _length(value: object) -> int:
    return len(value) if isinstance(value, list) else 0


@dataclass(frozen=True, kw_only=True)
class ReadDrive:
    """A drive of the file, replayed: its row as the drives' store writes one (without id and key)
    and its hands' rows (without the drive's id)."""

    row: dict[str, Any]
    hands: list[dict[str, Any]]


def read_drive(number: int, item: Mapping[str, Any]) -> ReadDrive:
    """Drive ``number`` of the file, every field checked and the whole replayed by the engine.
    Refused as club_file_drive_refused with the reason."""
    try:
        return _read(item)
    except RuleViolation as refused:
        raise RuleViolation(
            "club_file_drive_refused", field="file", number=number, reason=refused.text
        ) from refused
    except (KeyError, TypeError, ValueError):  # options of the wrong shape for the engine
        raise RuleViolation("club_file_drive_refused", field="file", number=number, reason=None) from None


def _read(item: Mapping[str, Any]) -> ReadDrive:
    name, players, options = item.get("name"), item.get("players"), item.get("options")
    if not isinstance(name, str) or not isinstance(players, list) or not isinstance(options, dict):
        raise _shape("drives")
    if not all(isinstance(player, str) for player in players) or not set(options) <= OPTIONS:
        raise _shape("drives")
    prizes = [_prize(prize) for prize in _dicts(item, "prizes")]
    setup = DriveSetup.create(name, players, **options, prizes=prizes)
    inputs = _Inputs(roster=[_roster(change) for change in _dicts(item, "roster")],
                     seatings=[_seating(fix) for fix in _dicts(item, "seatings")])  # fmt: skip
    created = read_time(item.get("created_at"), utcnow(), "drive_start")
    updated = read_time(item.get("updated_at"), created, "drive_last_change")
    hands = [
        _hand(entry, hand, setup.player_count, updated) for entry, hand in enumerate(_dicts(item, "hands"), 1)
    ]
    roster, seatings = roster_of(inputs), seatings_of(inputs)
    _ = Drive(setup, tuple(entry for entry, _row in hands), roster, seatings).state  # the replay checks all
    row = {
        "name": setup.name,
        "players": list(setup.players),
        "options": setup_options(setup),
        "prizes": [prize_data(prize) for prize in setup.prizes],
        "roster": [roster_data(change) for change in roster],
        "seatings": [seating_data(fix) for fix in seatings],
        "version": 1,
        "created_at": created,
        "updated_at": updated,
    }
    return ReadDrive(row=row, hands=[hand_row for _entry, hand_row in hands])


@dataclass
class _Inputs:
    """A drive's arrivals, departures and seatings as stored, for the drives' readers."""

    roster: list[dict[str, Any]]
    seatings: list[dict[str, Any]]


def _shape(part: str) -> RuleViolation:
    return RuleViolation("club_file_shape", field="file", part=part)


def _dicts(item: Mapping[str, Any], part: str) -> list[dict[str, Any]]:
    """The drive's list ``part`` (none when missing), each of its items an object."""
    found = item.get(part)
    if found is None:
        return []
    if not isinstance(found, list) or not all(isinstance(value, dict) for value in found):
        raise _shape("hands" if part == "hands" else "drives")
    return found


def _whole(value: object) -> bool:
    return type(value) is int


def _maybe_whole(value: object) -> bool:
    return value is None or type(value) is int


def _prize(data: dict[str, Any]) -> PrizeSpec:
    """An organiser's prize, its values of the types the engine takes (it checks the rest)."""
    rule, name = data.get("rule"), data.get("name")
    if rule not in _RULES or not (name is None or isinstance(name, str)):
        raise _shape("drives")
    if not _maybe_whole(data.get("place")) or not _maybe_whole(data.get("player")):
        raise _shape("drives")
    return PrizeSpec(rule=PrizeRule(rule), name=name, place=data.get("place"), player=data.get("player"))


def _roster(data: dict[str, Any]) -> dict[str, Any]:
    """An arrival or departure, its values of the types the engine takes (it checks the rest)."""
    start = data.get("start", StartFrom.ZERO.value)
    if not _whole(data.get("hand")) or not _whole(data.get("player")):
        raise _shape("drives")
    if data.get("kind") not in _KINDS or start not in _STARTS:
        raise _shape("drives")
    return {"hand": data["hand"], "player": data["player"], "kind": data["kind"], "start": start}


def _seating(data: dict[str, Any]) -> dict[str, Any]:
    """Where a player actually sat, its values of the types the engine takes (it checks the rest)."""
    if not all(_whole(data.get(name)) for name in ("hand", "player", "table")):
        raise _shape("drives")
    if data.get("seat") not in _SEATS:
        raise _shape("drives")
    return {name: data[name] for name in ("hand", "player", "table", "seat")}


def _hand(
    entry: int, hand: dict[str, Any], players: int, updated: datetime
) -> tuple[HandEntry, dict[str, Any]]:
    """Hand entry ``entry`` (from 1) of the file: the engine's entry and the row to store."""

    def refused(field: str) -> RuleViolation:
        return RuleViolation("club_file_hand", field="file", entry=entry, part=field)

    for name in ("hand", "table_number", "tricks"):
        if not _whole(hand.get(name)):
            raise refused(name)
    pair, moved_as = hand.get("pair"), hand.get("moved_as")
    if pair not in _PAIRS:
        raise refused("pair")
    if moved_as is not None and moved_as not in _PAIRS:
        raise refused("moved_as")
    flags = {name: hand.get(name, False) for name in ("needs_confirmation", "corrected")}
    for name, value in flags.items():
        if value is None:
            flags[name] = False
        elif type(value) is not bool:
            raise refused(name)
    confirmed_by = hand.get("confirmed_by")
    if confirmed_by is not None and not (_whole(confirmed_by) and 0 <= confirmed_by < players):
        raise refused("confirmed_by")
    if confirmed_by is not None and not flags["needs_confirmation"]:
        raise refused("confirmed_by")  # only a table's own result waits for the other pair
    row = {
        "hand": hand["hand"],
        "table_number": hand["table_number"],
        "tricks": hand["tricks"],
        "pair": pair,
        "moved_as": moved_as,
        "confirmed_by": confirmed_by,
        **flags,
        "recorded_at": read_time(hand.get("recorded_at"), updated, "hand_time"),
    }
    found = HandEntry(
        hand=row["hand"],
        table=row["table_number"],
        tricks=row["tricks"],
        pair=_PAIRS[pair],
        moved_as=None if moved_as is None else _PAIRS[moved_as],
        needs_confirmation=flags["needs_confirmation"],
        confirmed_by=confirmed_by,
        corrected=flags["corrected"],
    )
    return found, row

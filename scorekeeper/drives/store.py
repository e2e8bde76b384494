"""Changing whist drives: every change judged by the engine on the stored drive, then written under
the drive's version claim. Reading a drive back is :mod:`.records` (re-exported here).

**Versions.** Forty tables enter the same hand within a minute, each raising
the drive's version; a phone that saw version 12 is not stale because another
table entered its own hand meanwhile. A change therefore says what the phone
saw of *its* table's hand (the players seated there and the tricks entered, if
any, see :class:`Seen`); it is refused as changed elsewhere (409, nothing
stored) when that is no longer what is stored. The write itself claims the
drive's version (compare and set in the same transaction), so of two phones
at once only one goes on; the other's change is judged again on the fresh
drive.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import abort
from sqlalchemy import bindparam, delete, insert, update

from .. import database
from ..database import utcnow
from ..rules.drive import (
    Drive,
    DriveSetup,
    HandEntry,
    InvalidDriveSetup,
    PrizeSpec,
    Role,
    Seat,
    StartFrom,
)
from ..rules.errors import OutOfTurn
from .inputs import prize_data, roster_data, seating_data, setup_options
from .models import DriveHandRecord, DriveRecord
from .records import DRIVES, Seen, StoredDrive, create_drive, drive_of, find_drive, load_drive, setup_of

__all__ = [
    "ANNOUNCED_ALL",
    "DRIVES",
    "DriveChangedElsewhere",
    "Seen",
    "StaleVersion",
    "StoredDrive",
    "add_pair",
    "add_player",
    "announce",
    "confirm_hand",
    "correct_hand",
    "create_drive",
    "drive_of",
    "enter_card",
    "enter_hand",
    "find_drive",
    "load_drive",
    "record_seat",
    "remove_player",
    "remove_table",
    "rename_players",
    "results_withheld",
    "set_prizes",
    "setup_of",
    "withdraw_hand",
]
# A lost claim means another table's change was stored meanwhile, so every round some table goes
# on: forty tables entering at once all get through within forty rounds. The time bound only stops
# a change that never gets its turn (a database answering every claim too late).
CLAIM_SECONDS = 15.0


class DriveChangedElsewhere(OutOfTurn):
    """A change made from what a phone saw of a table's hand, which is no longer what is stored."""

    field = "version"

    def __init__(self) -> None:
        super().__init__("drive_changed_elsewhere", field="version")


class StaleVersion(OutOfTurn):
    """A change made from a version of the whole drive (``If-Match``) that another change replaced:
    checked in the write's own transaction, so of several sent from one version exactly one goes on."""

    field = "version"

    def __init__(self, seen: int, version: int) -> None:
        super().__init__("api_drive_stale_version", field="version", seen=str(seen), version=version)
        self.version = version


# The prize-giving's "everything shown": more prizes than any drive has (see ``announce``).
ANNOUNCED_ALL = 1_000_000


_DRIVES = DriveRecord.__table__
_HANDS = DriveHandRecord.__table__
_CLAIM = (
    update(_DRIVES)
    .where(_DRIVES.c.id == bindparam("drive"), _DRIVES.c.version == bindparam("seen"))
    .values(version=_DRIVES.c.version + 1, updated_at=bindparam("now"))
)
_ADD_HAND = insert(_HANDS).values(
    drive_id=bindparam("drive"),
    hand=bindparam("hand_number"),
    table_number=bindparam("hand_table"),
    tricks=bindparam("hand_tricks"),
    pair=bindparam("hand_pair"),
    moved_as=bindparam("hand_moved_as"),
    needs_confirmation=bindparam("hand_needs_confirmation"),
    confirmed_by=bindparam("hand_confirmed_by"),
    corrected=bindparam("hand_corrected"),
    recorded_at=bindparam("now"),
)
_WHERE_HAND = (
    _HANDS.c.drive_id == bindparam("drive"),
    _HANDS.c.hand == bindparam("hand_number"),
    _HANDS.c.table_number == bindparam("hand_table"),
)
_CORRECT_HAND = (
    update(_HANDS)
    .where(*_WHERE_HAND)
    .values(
        tricks=bindparam("hand_tricks"),
        pair=bindparam("hand_pair"),
        moved_as=bindparam("hand_moved_as"),
        needs_confirmation=bindparam("hand_needs_confirmation"),
        confirmed_by=bindparam("hand_confirmed_by"),
        corrected=bindparam("hand_corrected"),
        recorded_at=bindparam("now"),
    )
)
_REMOVE_HAND = delete(_HANDS).where(*_WHERE_HAND)
_SET_PRIZES = update(_DRIVES).where(_DRIVES.c.id == bindparam("drive")).values(prizes=bindparam("new_prizes"))
_SET_PLAYERS = (
    update(_DRIVES).where(_DRIVES.c.id == bindparam("drive")).values(players=bindparam("new_players"))
)
_SET_SEATINGS = (
    update(_DRIVES).where(_DRIVES.c.id == bindparam("drive")).values(seatings=bindparam("new_seatings"))
)
_SET_ROSTER = (
    update(_DRIVES)
    .where(_DRIVES.c.id == bindparam("drive"))
    .values(players=bindparam("new_players"), roster=bindparam("new_roster"))
)
_SET_ANNOUNCED = (
    update(_DRIVES).where(_DRIVES.c.id == bindparam("drive")).values(announced=bindparam("new_announced"))
)


# --- changes -------------------------------------------------------------------------


def enter_hand(
    drive_id: str, entry: HandEntry, seen: Seen | None, expected: int | None = None
) -> tuple[StoredDrive, Drive]:
    """Record a table's hand for the first time; refused entries store nothing. ``expected``: the
    version of the whole drive the change was made from (the API's If-Match), if any."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.enter(entry)
        return updated, _ADD_HAND, _hand_values(entry)

    return _apply(drive_id, seen, change, expected)


def correct_hand(
    drive_id: str, entry: HandEntry, seen: Seen | None, expected: int | None = None
) -> tuple[StoredDrive, Drive]:
    """Replace a table's recorded hand; everything after it is re-scored (seats stay once called)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.correct(entry)
        stored = updated.entered(entry.hand, entry.table)
        assert stored is not None
        return updated, _CORRECT_HAND, _hand_values(stored)

    return _apply(drive_id, seen, change, expected)


def confirm_hand(
    drive_id: str, seen: Seen, player: int, expected: int | None = None
) -> tuple[StoredDrive, Drive]:
    """A player of the other pair confirms the table's result, as the phone showed it."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.confirm(seen.hand, seen.table, player)
        stored = updated.entered(seen.hand, seen.table)
        assert stored is not None
        return updated, _CORRECT_HAND, _hand_values(stored)

    return _apply(drive_id, seen, change, expected)


def withdraw_hand(drive_id: str, seen: Seen) -> tuple[StoredDrive, Drive]:
    """Remove a table's entry for a hand, while nobody has moved on from it."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.withdraw(seen.hand, seen.table)
        return updated, _REMOVE_HAND, {"hand_number": seen.hand, "hand_table": seen.table}

    return _apply(drive_id, seen, change)


def set_prizes(
    drive_id: str, prizes: Sequence[PrizeSpec], expected: int | None = None
) -> tuple[StoredDrive, Drive]:
    """Replace the organiser's prizes, each checked by the engine; the hands are untouched."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.with_prizes(prizes)
        return updated, _SET_PRIZES, {"new_prizes": [prize_data(prize) for prize in updated.setup.prizes]}

    return _apply(drive_id, None, change, expected)


def rename_players(drive_id: str, names: Sequence[str]) -> tuple[StoredDrive, Drive]:
    """The same players, in the same order, under new names (checked by the engine)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        setup = drive.setup
        if len(names) != setup.player_count:
            raise InvalidDriveSetup("drive_names_all", field="players", count=setup.player_count)
        options = setup_options(setup)
        renamed = DriveSetup.create(setup.name, list(names), **options, prizes=setup.prizes)
        updated = Drive(renamed, drive.entries, drive.roster, drive.seatings)
        _ = updated.state
        return updated, _SET_PLAYERS, {"new_players": list(renamed.players)}

    return _apply(drive_id, None, change)


def add_player(
    drive_id: str, name: str, start: StartFrom, role: Role | None = None, expected: int | None = None
) -> tuple[StoredDrive, Drive]:
    """A late player joins from the next move in ``role`` (None: the engine's suggestion)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return _roster_change(drive.arrive(name, start=start, role=role))

    return _apply(drive_id, None, change, expected)


def add_pair(
    drive_id: str, lady: str, gent: str, start: StartFrom, expected: int | None = None
) -> tuple[StoredDrive, Drive]:
    """A partner drive's late pair joins from the next move (checked by the engine)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return _roster_change(drive.arrive_pair(lady, gent, start=start))

    return _apply(drive_id, None, change, expected)


def remove_player(
    drive_id: str,
    player: int,
    substitute: str | None = None,
    start: StartFrom = StartFrom.ZERO,
    expected: int | None = None,
) -> tuple[StoredDrive, Drive]:
    """A player leaves from the next move (a substitute taking their place, if named); their scores
    stay theirs."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return _roster_change(drive.leave(player, substitute=substitute, start=start))

    return _apply(drive_id, None, change, expected)


def announce(drive_id: str, shown: int, expected: int | None = None) -> tuple[StoredDrive, Drive]:
    """The prize-giving has revealed ``shown`` prizes (``ANNOUNCED_ALL``: everything, standings too)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return drive, _SET_ANNOUNCED, {"new_announced": max(0, min(shown, ANNOUNCED_ALL))}

    return _apply(drive_id, None, change, expected)


def results_withheld(record: StoredDrive, drive: Drive) -> bool:
    """True once the last hand is in and until the organiser has announced every prize: the final
    standings and the prizes are the organiser's only (RULES.md §10, "results until announced")."""
    state = drive.state
    return state.finished and record.announced < len(state.prizes)


def enter_card(drive_id: str, player: int, rows: Mapping[int, int]) -> tuple[StoredDrive, Drive]:
    """The organiser types a player's tally card: the hands not yet entered at the player's tables
    are entered (as the organiser's, needing no confirmation); those entered must agree."""

    def change(drive: Drive) -> tuple[Drive, Any, list[dict[str, Any]]]:
        updated = drive.enter_card(player, rows)
        added = updated.entries[len(drive.entries) :]  # entering appends: the new rows come last
        return updated, _ADD_HAND, [_hand_values(entry) for entry in added]

    return _apply(drive_id, None, change)


def record_seat(drive_id: str, hand: int, player: int, table: int, seat: Seat) -> tuple[StoredDrive, Drive]:
    """Record where a player actually sat for a hand (checked by the engine); scores stay with people."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.record_seat(hand, player, table, seat)
        return updated, _SET_SEATINGS, {"new_seatings": [seating_data(fix) for fix in updated.seatings]}

    return _apply(drive_id, None, change)


def remove_table(drive_id: str, table: int, expected: int | None = None) -> tuple[StoredDrive, Drive]:
    """Table ``table`` stops from the next move: its players sit out (checked by the engine)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return _roster_change(drive.remove_table(table))

    return _apply(drive_id, None, change, expected)


def _roster_change(updated: Drive) -> tuple[Drive, Any, dict[str, Any]]:
    values = {
        "new_players": list(updated.setup.players),
        "new_roster": [roster_data(change) for change in updated.roster],
    }
    return updated, _SET_ROSTER, values


def _hand_values(entry: HandEntry) -> dict[str, Any]:
    return {
        "hand_number": entry.hand,
        "hand_table": entry.table,
        "hand_tricks": entry.tricks,
        "hand_pair": entry.pair.value,
        "hand_moved_as": None if entry.moved_as is None else entry.moved_as.value,
        "hand_needs_confirmation": entry.needs_confirmation,
        "hand_confirmed_by": entry.confirmed_by,
        "hand_corrected": entry.corrected,
    }


def _check_seen(drive: Drive, seen: Seen | None) -> None:
    """ChangedElsewhere unless the table's hand is still as the phone showed it."""
    if seen is None:
        return
    state = drive.state
    known = seen.players is not None and seen.hand <= len(state.hands)
    if known and state.hands[seen.hand - 1].table(seen.table).players != seen.players:
        raise DriveChangedElsewhere()
    stored = drive.entered(seen.hand, seen.table)
    stored_tricks = None if stored is None else stored.north_south_tricks
    if stored_tricks != seen.north_south:
        raise DriveChangedElsewhere()


Values = dict[str, Any] | list[dict[str, Any]]  # one row's parameters, or several rows' (none: no row)


def _apply(
    drive_id: str,
    seen: Seen | None,
    change: Callable[[Drive], tuple[Drive, Any, Values]],
    expected: int | None = None,
) -> tuple[StoredDrive, Drive]:
    """Judge ``change`` on the stored drive and write it under the drive's version claim.

    A claim lost to another change (the version moved on) judges the change again on the fresh
    drive, as often as it takes: only a change to the same table's hand makes the phone stale
    (``_check_seen``, 409); another table's hand entered meanwhile never does. A change made from
    an ``expected`` version of the whole drive (the API's If-Match) is judged on that version only
    and claims exactly it, in the write's own transaction: of several sent at once from one version,
    one goes on and the others are refused (``StaleVersion``, naming the version that won).
    """
    deadline = time.monotonic() + CLAIM_SECONDS
    while True:
        record, drive = load_drive(drive_id)
        if expected is not None and record.version != expected:
            raise StaleVersion(expected, record.version)
        _check_seen(drive, seen)
        updated, statement, values = change(drive)  # raises before anything is stored
        if _claim_and(record, statement, values):
            if statement is _SET_ANNOUNCED:
                record.announced = values["new_announced"]  # type: ignore[call-overload]
            DRIVES.put((record.id, record.version), updated)
            return record, updated
        if expected is not None:
            fresh = find_drive(drive_id)
            raise StaleVersion(expected, record.version if fresh is None else fresh.version)
        if time.monotonic() > deadline:
            raise DriveChangedElsewhere()


def _claim_and(record: StoredDrive, statement: Any, values: Values) -> bool:
    """Raise the drive's version from the one ``record`` was read at, and make ``statement``, atomically
    (once per row when ``values`` lists several rows).

    False, with nothing written, when another change claimed that version first.
    """
    seen, now = record.version, utcnow()
    base = {"drive": record.id, "seen": seen, "now": now}
    rows = [{**row, **base} for row in values] if isinstance(values, list) else [{**values, **base}]
    with database.transaction() as writing:
        claimed = writing.execute(_CLAIM, base).rowcount == 1
        if claimed and rows:
            writing.execute(statement, rows)
    if not claimed:
        if find_drive(record.id) is None:
            abort(404)
        return False
    record.version, record.updated_at = seen + 1, now
    return True

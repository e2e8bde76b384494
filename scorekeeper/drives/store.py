"""Loading and saving whist drives: stored inputs in, engine drives out.

The database keeps a drive's set-up and one row per table per hand as the
table entered it; every load replays them with the engine, so a correction
of any table's hand re-scores (and, while its movement is not yet called, re-seats)
everything after it. Replays are kept per drive version, as games' are.

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

import hmac
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import abort
from sqlalchemy import bindparam, delete, insert, select, update

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..kept import KeptByVersion
from ..rules.drive import (
    Drive,
    DriveSetup,
    HandEntry,
    InvalidDriveSetup,
    Pair,
    PrizeSpec,
    Seat,
    StartFrom,
)
from ..rules.errors import OutOfTurn
from .inputs import (
    prize_data,
    read_prize,
    roster_data,
    roster_of,
    seating_data,
    seatings_of,
    setup_options,
)
from .models import DriveHandRecord, DriveRecord

DRIVES: KeptByVersion[Drive] = KeptByVersion(size=64)
# A lost claim means another table's change was stored meanwhile, so every round some table goes
# on: forty tables entering at once all get through within forty rounds. The time bound only stops
# a change that never gets its turn (a database answering every claim too late).
CLAIM_SECONDS = 15.0


class DriveChangedElsewhere(OutOfTurn):
    """A change made from what a phone saw of a table's hand, which is no longer what is stored."""

    field = "version"

    def __init__(self) -> None:
        super().__init__("drive_changed_elsewhere", field="version")


@dataclass(kw_only=True)
class StoredDrive:
    """A drive's row as stored: its set-up inputs, key hash, version and times (no hands)."""

    id: str
    name: str
    players: list[str]
    options: dict[str, Any]
    prizes: list[dict[str, Any]]
    roster: list[dict[str, Any]]
    seatings: list[dict[str, Any]]
    edit_key_hash: str
    version: int
    created_at: datetime
    updated_at: datetime

    def key_matches(self, key: str | None) -> bool:
        """True when ``key`` is this drive's organiser key (compared in constant time)."""
        return key is not None and hmac.compare_digest(hash_key(key), self.edit_key_hash)


@dataclass(frozen=True, kw_only=True)
class Seen:
    """What a phone showed of one table's hand when its change was made.

    ``players`` the four seated (N, E, S, W), ``north_south`` the tricks
    already entered (None: not entered yet).
    """

    hand: int
    table: int
    players: tuple[int, ...] | None = None
    north_south: int | None = None


_DRIVES = DriveRecord.__table__
_HANDS = DriveHandRecord.__table__
_DRIVE_ROW = select(*(_DRIVES.c[name] for name in StoredDrive.__dataclass_fields__)).where(
    _DRIVES.c.id == bindparam("drive")
)
_VERSION_AND_HANDS = (
    select(
        _DRIVES.c.version,
        _HANDS.c.hand,
        _HANDS.c.table_number,
        _HANDS.c.tricks,
        _HANDS.c.pair,
        _HANDS.c.moved_as,
        _HANDS.c.needs_confirmation,
        _HANDS.c.confirmed_by,
        _HANDS.c.corrected,
    )
    .select_from(_DRIVES.outerjoin(_HANDS, _HANDS.c.drive_id == _DRIVES.c.id))
    .where(_DRIVES.c.id == bindparam("drive"))
    .order_by(_HANDS.c.hand, _HANDS.c.table_number)
)
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


# --- set-up --------------------------------------------------------------------------


def setup_of(record: StoredDrive) -> DriveSetup:
    """The engine's set-up of a stored drive, checked again."""
    return DriveSetup.create(
        record.name, record.players, **record.options, prizes=[read_prize(item) for item in record.prizes]
    )


def create_drive(name: str, players: Sequence[str] | int, **options: Any) -> tuple[StoredDrive, Drive, str]:
    """Check the set-up with the engine, store it, and return it with its new organiser key.

    Raises a RuleViolation, and stores nothing, when the engine refuses it.
    """
    drive = Drive.start(name, players, **options)
    setup = drive.setup
    key = secrets.token_urlsafe(24)
    now = utcnow()
    record = StoredDrive(
        id=new_game_id(),
        name=setup.name,
        players=list(setup.players),
        options=setup_options(setup),
        prizes=[],
        roster=[],
        seatings=[],
        edit_key_hash=hash_key(key),
        version=1,
        created_at=now,
        updated_at=now,
    )
    with database.transaction() as writing:
        writing.execute(insert(_DRIVES), [vars(record)])
    DRIVES.put((record.id, record.version), drive)
    return record, drive, key


# --- loading -------------------------------------------------------------------------


def find_drive(drive_id: str) -> StoredDrive | None:
    """The stored drive's row, if there is one."""
    row = database.connection().execute(_DRIVE_ROW, {"drive": drive_id}).first()
    return None if row is None else StoredDrive(**row._asdict())


def load_drive(drive_id: str) -> tuple[StoredDrive, Drive]:
    """The stored drive and its replay, or 404."""
    record = find_drive(drive_id)
    if record is None:
        abort(404)
    return record, drive_of(record)


def drive_of(record: StoredDrive) -> Drive:
    """Replay a stored drive, or take this version's kept replay.

    The hands are read with the version in one statement; should the drive
    have changed since ``record`` was read, ``record`` is brought up to date.
    """
    while (kept := DRIVES.get((record.id, record.version))) is None:
        rows = database.connection().execute(_VERSION_AND_HANDS, {"drive": record.id}).all()
        if not rows:
            abort(404)
        if rows[0].version != record.version:
            if (fresh := find_drive(record.id)) is None:
                abort(404)
            vars(record).update(vars(fresh))
            continue
        entries = tuple(
            HandEntry(
                hand=row.hand,
                table=row.table_number,
                tricks=row.tricks,
                pair=Pair(row.pair),
                moved_as=None if row.moved_as is None else Pair(row.moved_as),
                needs_confirmation=bool(row.needs_confirmation),
                confirmed_by=row.confirmed_by,
                corrected=bool(row.corrected),
            )
            for row in rows
            if row.hand is not None
        )
        drive = Drive(setup_of(record), entries, roster_of(record), seatings_of(record))
        DRIVES.put((record.id, record.version), drive)
        return drive
    return kept


# --- changes -------------------------------------------------------------------------


def enter_hand(drive_id: str, entry: HandEntry, seen: Seen) -> tuple[StoredDrive, Drive]:
    """Record a table's hand for the first time; refused entries store nothing."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.enter(entry)
        return updated, _ADD_HAND, _hand_values(entry)

    return _apply(drive_id, seen, change)


def correct_hand(drive_id: str, entry: HandEntry, seen: Seen) -> tuple[StoredDrive, Drive]:
    """Replace a table's recorded hand; everything after it is re-scored (seats stay once called)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.correct(entry)
        stored = updated.entered(entry.hand, entry.table)
        assert stored is not None
        return updated, _CORRECT_HAND, _hand_values(stored)

    return _apply(drive_id, seen, change)


def confirm_hand(drive_id: str, seen: Seen, player: int) -> tuple[StoredDrive, Drive]:
    """A player of the other pair confirms the table's result, as the phone showed it."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.confirm(seen.hand, seen.table, player)
        stored = updated.entered(seen.hand, seen.table)
        assert stored is not None
        return updated, _CORRECT_HAND, _hand_values(stored)

    return _apply(drive_id, seen, change)


def withdraw_hand(drive_id: str, seen: Seen) -> tuple[StoredDrive, Drive]:
    """Remove a table's entry for a hand, while nobody has moved on from it."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.withdraw(seen.hand, seen.table)
        return updated, _REMOVE_HAND, {"hand_number": seen.hand, "hand_table": seen.table}

    return _apply(drive_id, seen, change)


def set_prizes(drive_id: str, prizes: Sequence[PrizeSpec]) -> tuple[StoredDrive, Drive]:
    """Replace the organiser's prizes, each checked by the engine; the hands are untouched."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        updated = drive.with_prizes(prizes)
        return updated, _SET_PRIZES, {"new_prizes": [prize_data(prize) for prize in updated.setup.prizes]}

    return _apply(drive_id, None, change)


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


def add_player(drive_id: str, name: str, start: StartFrom) -> tuple[StoredDrive, Drive]:
    """A late player joins from the next hand nobody has played (checked by the engine)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return _roster_change(drive.arrive(name, start=start))

    return _apply(drive_id, None, change)


def remove_player(drive_id: str, player: int) -> tuple[StoredDrive, Drive]:
    """A player leaves from the next hand nobody has played; their scores stay theirs."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return _roster_change(drive.leave(player))

    return _apply(drive_id, None, change)


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


def remove_table(drive_id: str, table: int) -> tuple[StoredDrive, Drive]:
    """A table goes from the next hand nobody has played: its four players leave (checked by the engine)."""

    def change(drive: Drive) -> tuple[Drive, Any, dict[str, Any]]:
        return _roster_change(drive.remove_table(table))

    return _apply(drive_id, None, change)


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
    drive_id: str, seen: Seen | None, change: Callable[[Drive], tuple[Drive, Any, Values]]
) -> tuple[StoredDrive, Drive]:
    """Judge ``change`` on the stored drive and write it under the drive's version claim.

    A claim lost to another change (the version moved on) judges the change again on the fresh
    drive, as often as it takes: only a change to the same table's hand makes the phone stale
    (``_check_seen``, 409); another table's hand entered meanwhile never does.
    """
    deadline = time.monotonic() + CLAIM_SECONDS
    while True:
        record, drive = load_drive(drive_id)
        _check_seen(drive, seen)
        updated, statement, values = change(drive)  # raises before anything is stored
        if _claim_and(record, statement, values):
            DRIVES.put((record.id, record.version), updated)
            return record, updated
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

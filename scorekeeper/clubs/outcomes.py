"""A club's outcomes: every finished game of its tables and every finished drive, as the placings of
its members, and what is kept of them per fingerprint.

A game's placings are read from its table's kept summaries (groups/summaries.py), brought up to
date first as a table's statistics do, so no game is replayed here once its summary is kept: a
member's place is the summary's position, their side its side (partners share one), their score
the side's total, their exact bids and longest run of them the summary's ``made`` and
``longest_run``. A drive is replayed by the engine (drives/store.py) and its players ranked by
their final totals, equal totals an equal rank (the drive's tie-break decides its prizes, not a
skill); its standings are kept per drive version in this worker, and its moment is its first
hand's (the evening it was played, whenever it was set up). Members come through
the club's links (clubs/linking.py); a player no member is linked to is left out, the others keep
the ranks they had.

An outcome's moment is given in the club's time zone (``clubs.time_zone``, UTC when none): its
date there is the day a season counts it on.

**Read again.** After a change this worker reads again only the games whose version moved since it
last read the club (``GAMES_READ``): a new finished game costs the reading of that game, not of
5,000. A change to the club itself (what it holds, its links, its time zone: its version), to its
players' links or to its tables' names reads every game again.

**Kept.** ``kept`` keeps whatever a page derives from the outcomes (ratings, a ladder, records)
in this worker's memory, keyed by the club, a name and the club's fingerprint. Memory rather than a
table of JSON: what is kept is the engine's frozen values (ratings with their histories, rows of a
ladder), which a table would have to write and read back through a codec for every kind; kept in
memory they cost nothing to serve, a change to the club gives a new fingerprint and so a new key,
and each worker works a value out once per change, which a weekly club's pages can afford.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, tzinfo
from typing import Any, TypeVar

import pytz
from sqlalchemy import bindparam, func, select
from werkzeug.exceptions import NotFound

from .. import database
from ..drives import store as drives
from ..drives.models import DriveHandRecord, DriveRecord
from ..games.models import GameRecord
from ..groups import summaries
from ..groups.models import GameSummaryRecord, GroupRecord
from ..kept import KeptByVersion
from ..rules import RuleViolation
from ..rules.club.outcome import DRIVE, Outcome, Placing, ladder_of, ranks_by_total
from .guests import friendlies
from .linking import link_newcomers
from .models import ClubDriveLinkRecord, ClubDriveRecord, ClubPlayerLinkRecord, ClubRecord, ClubTableRecord

T = TypeVar("T")

FINISHED = "finished"
_CLUBS = ClubRecord.__table__
_TABLES = ClubTableRecord.__table__
_DRIVES = ClubDriveRecord.__table__
_GAMES = GameRecord.__table__
_ROWS = GameSummaryRecord.__table__
_GROUPS = GroupRecord.__table__
_DRIVE_ROWS = DriveRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__
_HANDS = DriveHandRecord.__table__

_IN_CLUB = _TABLES.c.club_id == bindparam("club")
_DRIVES_IN = _DRIVES.c.club_id == bindparam("club")
_GAMES_IN_CLUB = _GAMES.join(_TABLES, _TABLES.c.group_id == _GAMES.c.group_id)
_DRIVES_IN_CLUB = _DRIVE_ROWS.join(_DRIVES, _DRIVES.c.drive_id == _DRIVE_ROWS.c.id)
# Whatever may change an outcome changes one of these: the club's version (what it holds, its
# links), its games' number and versions (every change to a game raises its version), its drives'.
_FINGERPRINT = select(
    select(_CLUBS.c.version).where(_CLUBS.c.id == bindparam("club")).scalar_subquery(),
    select(func.count()).select_from(_GAMES_IN_CLUB).where(_IN_CLUB).scalar_subquery(),
    select(func.coalesce(func.sum(_GAMES.c.version), 0))
    .select_from(_GAMES_IN_CLUB)
    .where(_IN_CLUB)
    .scalar_subquery(),
    select(func.count()).select_from(_DRIVES_IN_CLUB).where(_DRIVES_IN).scalar_subquery(),
    select(func.coalesce(func.sum(_DRIVE_ROWS.c.version), 0))
    .select_from(_DRIVES_IN_CLUB)
    .where(_DRIVES_IN)
    .scalar_subquery(),
)
# Each table's games and kept summaries, counted and their versions added up: summaries.refresh's
# test, for every table of the club in two queries.
_GAME_VERSIONS = (
    select(_GAMES.c.group_id, func.count(), func.sum(_GAMES.c.version))
    .select_from(_GAMES_IN_CLUB)
    .where(_IN_CLUB)
    .group_by(_GAMES.c.group_id)
)
_SUMMARY_VERSIONS = (
    select(_ROWS.c.group_id, func.count(), func.sum(_ROWS.c.version))
    .select_from(_ROWS.join(_TABLES, _TABLES.c.group_id == _ROWS.c.group_id))
    .where(_IN_CLUB, _ROWS.c.member == 0)
    .group_by(_ROWS.c.group_id)
)
_IN_CLUB_ROWS = _ROWS.join(_TABLES, _TABLES.c.group_id == _ROWS.c.group_id)
# A finished game's own figures, once (its first member's row, read from ix_game_summaries_games)...
_FINISHED_GAMES = (
    select(_ROWS.c.game_id, _ROWS.c.group_id, _ROWS.c.variant, _ROWS.c.played_at, _ROWS.c.version)
    .select_from(_IN_CLUB_ROWS)
    .where(_IN_CLUB, _ROWS.c.status == FINISHED, _ROWS.c.member == 0)
)
# ...and its members' results: numbers only, so that 20,000 rows read in a few milliseconds.
_FINISHED_MEMBERS = (
    select(
        _ROWS.c.game_id,
        _ROWS.c.member,
        _ROWS.c.player_id,
        _ROWS.c.side,
        _ROWS.c.score,
        _ROWS.c.position,
        _ROWS.c.won,
        _ROWS.c.made,
        _ROWS.c.longest_run,
    )
    .select_from(_IN_CLUB_ROWS)
    .where(_IN_CLUB, _ROWS.c.status == FINISHED)
)
# The names of those columns, in that order: what ``game_outcome`` reads of each row.
MEMBER_COLUMNS = tuple(column.name for column in _FINISHED_MEMBERS.selected_columns)
# ...or those of a few games only: the games changed since this worker last read the club.
_FINISHED_MEMBERS_OF = _FINISHED_MEMBERS.where(_ROWS.c.game_id.in_(bindparam("games", expanding=True)))
# More changed games than this and every game's rows are read at once, as the first time.
MOST_GAMES_READ_APART = 500
_CLUB_VERSION = select(_CLUBS.c.version, _CLUBS.c.time_zone).where(_CLUBS.c.id == bindparam("club"))
_TABLE_NAMES = (
    select(_GROUPS.c.id, _GROUPS.c.name).join(_TABLES, _TABLES.c.group_id == _GROUPS.c.id).where(_IN_CLUB)
)
_PLAYER_MEMBERS = select(_PLAYER_LINKS.c.player_id, _PLAYER_LINKS.c.member_id).where(
    _PLAYER_LINKS.c.club_id == bindparam("club")
)
_DRIVE_MEMBERS = select(_DRIVE_LINKS.c.drive_id, _DRIVE_LINKS.c.player, _DRIVE_LINKS.c.member_id).where(
    _DRIVE_LINKS.c.club_id == bindparam("club")
)
# A drive's evening is the one its first hand was played on, not the day it was set up (a drive is
# often set up days before, to print its cards).
FIRST_HAND = (
    select(func.min(_HANDS.c.recorded_at)).where(_HANDS.c.drive_id == _DRIVE_ROWS.c.id).scalar_subquery()
)
_CLUB_DRIVES = (
    select(
        _DRIVE_ROWS.c.id,
        _DRIVE_ROWS.c.name,
        _DRIVE_ROWS.c.version,
        _DRIVE_ROWS.c.created_at,
        _DRIVE_ROWS.c.players,
        FIRST_HAND.label("first_hand"),
    )
    .select_from(_DRIVES_IN_CLUB)
    .where(_DRIVES_IN)
)


@dataclass(frozen=True, kw_only=True, slots=True)
class Played:
    """What a history shows of an outcome besides its placings: the table's or drive's name, how
    many played it (linked or not) and the id of the game or drive."""

    title: str
    players: int
    ref: str


@dataclass(frozen=True, kw_only=True)
class ClubOutcomes:
    """A club's outcomes, oldest first, and what its history shows of each, by outcome key."""

    outcomes: tuple[Outcome, ...]
    played: Mapping[str, Played]


@dataclass(frozen=True, kw_only=True, slots=True)
class _GamesRead:
    """A club's finished games as this worker last read them, with what they were read under: the
    club's version (what it holds and links), its players' links and its tables' names. Each game's
    outcome (None: its variant rates on no ladder) and history line, by game id, at its version."""

    club_version: int | None
    members: dict[int, int]
    titles: dict[str, str]
    versions: dict[str, int]
    outcomes: dict[str, Outcome | None]
    played: dict[str, Played]


@dataclass(frozen=True, kw_only=True, slots=True)
class _DriveResult:
    """A drive's final standings (player, rank, total), or None while hands are still to play."""

    standings: tuple[tuple[int, int, int], ...] | None


# Kept per worker: derived values per (club, name, fingerprint); drives' standings per version.
KEPT: KeptByVersion[tuple[Any]] = KeptByVersion(size=256)
DRIVE_RESULTS: KeptByVersion[_DriveResult] = KeptByVersion(size=4096)
# Per club: its games as last read, so that a new finished game costs the reading of that game only.
GAMES_READ: KeptByVersion[_GamesRead] = KeptByVersion(size=64)


def club_fingerprint(club_id: str) -> str:
    """A short text that changes whenever any of the club's outcomes may have changed: one query,
    the games' part read from their own index (games.ix_games_group_version)."""
    values = database.connection().execute(_FINGERPRINT, {"club": club_id}).one()
    return ".".join(str(value) for value in values)


def kept(club_id: str, name: str, compute: Callable[[], T]) -> T:
    """``compute()``'s value for the club as it is now: kept in this worker per fingerprint, so it
    is worked out again only after something of the club changed. ``name`` tells the values apart
    ("ladder:whist:3"); two names never share a value."""
    key = (club_id, name, club_fingerprint(club_id))
    found = KEPT.get(key)
    if found is None:
        found = (compute(),)
        KEPT.put(key, found)
    value: T = found[0]
    return value


def outcomes(club_id: str) -> list[Outcome]:
    """Every finished game of the club's tables and every finished drive, oldest first, member ids
    resolved through the links (a player no member is linked to is left out, ranks kept)."""
    return list(club_outcomes(club_id).outcomes)


def club_outcomes(club_id: str) -> ClubOutcomes:
    """The club's outcomes with what its histories show of them, kept per fingerprint."""
    return kept(club_id, "clubs.outcomes", lambda: read_outcomes(club_id))


def read_outcomes(club_id: str) -> ClubOutcomes:
    """The club's outcomes read afresh: newcomers linked, stale summaries rebuilt, drives replayed
    (those not kept at their version)."""
    connection = database.connection()
    drive_rows = connection.execute(_CLUB_DRIVES, {"club": club_id}).all()
    link_newcomers(club_id, [(row.id, row.players) for row in drive_rows])
    _refresh_summaries(club_id)
    played: dict[str, Played] = {}
    with _collector_paused():
        club = connection.execute(_CLUB_VERSION, {"club": club_id}).one_or_none()
        version, zone = (None, UTC) if club is None else (club.version, _zone(club.time_zone))
        found = _games(club_id, played, version, zone) + _drives(club_id, drive_rows, played, zone)
    marked = friendlies(club_id)  # a friendly game or drive is read, and counts for nothing
    found = [replace(outcome, friendly=True) if outcome.key in marked else outcome for outcome in found]
    found.sort(key=lambda outcome: (outcome.played_at, outcome.key))
    return ClubOutcomes(outcomes=tuple(found), played=played)


def _refresh_summaries(club_id: str) -> None:
    """Rebuild the summaries of every table of the club whose summaries are not at its games'
    versions (two queries when all are)."""
    connection = database.connection()
    games = {row[0]: tuple(row[1:]) for row in connection.execute(_GAME_VERSIONS, {"club": club_id})}
    kept_rows = {row[0]: tuple(row[1:]) for row in connection.execute(_SUMMARY_VERSIONS, {"club": club_id})}
    for group_id, versions in games.items():
        if kept_rows.get(group_id) != versions:
            summaries.refresh(group_id)


def _games(
    club_id: str, played: dict[str, Played], club_version: int | None, zone: tzinfo
) -> list[Outcome]:
    """The outcomes of the club's finished games (and their history lines, into ``played``).

    Only the games whose version is not the one this worker read last time are read again, unless
    the club, its players' links or its tables' names changed meanwhile: then every game is."""
    connection = database.connection()
    parameters = {"club": club_id}
    before = GAMES_READ.get(club_id)
    now = _GamesRead(
        club_version=club_version,
        members=player_members(club_id),
        titles={row[0]: row[1] for row in connection.execute(_TABLE_NAMES, parameters)},
        versions={},
        outcomes={},
        played={},
    )
    if before is not None and (before.club_version, before.members, before.titles) != (
        now.club_version,
        now.members,
        now.titles,
    ):
        before = None
    finished = connection.execute(_FINISHED_GAMES, parameters).all()
    known = {} if before is None else before.versions
    changed = [row.game_id for row in finished if known.get(row.game_id) != row.version]
    by_game: dict[str, list[Any]] = {}
    if changed:
        if before is None or len(changed) > MOST_GAMES_READ_APART:
            read = connection.execute(_FINISHED_MEMBERS, parameters)
        else:
            read = connection.execute(_FINISHED_MEMBERS_OF, {**parameters, "games": changed})
        for row in read.all():
            by_game.setdefault(row[0], []).append(row)
    ladders: dict[str, str | None] = {}
    for game_id, group_id, variant, played_at, version in finished:
        now.versions[game_id] = version
        if before is not None and known.get(game_id) == version:
            now.outcomes[game_id] = before.outcomes[game_id]
            now.played[game_id] = before.played[game_id]
            continue
        if variant not in ladders:
            ladders[variant] = variant_ladder(variant)
        rows = by_game.get(game_id, [])
        now.played[game_id] = Played(title=now.titles.get(group_id, ""), players=len(rows), ref=game_id)
        ladder = ladders[variant]
        moment = _aware(played_at).astimezone(zone)  # its day: the club's calendar's
        now.outcomes[game_id] = game_outcome(game_id, variant, ladder, moment, rows, now.members)
    GAMES_READ.put(club_id, now)
    found = []
    for game_id, outcome in now.outcomes.items():
        if outcome is not None:
            played[outcome.key] = now.played[game_id]
            found.append(outcome)
    return found


def player_members(club_id: str) -> dict[int, int]:
    """The member each linked roster player of the club's tables is, by player id."""
    found = database.connection().execute(_PLAYER_MEMBERS, {"club": club_id})
    return {row[0]: row[1] for row in found}


def game_outcome(
    game_id: str,
    variant: str,
    ladder: str | None,
    played_at: datetime,
    rows: Sequence[Any],
    members: Mapping[int, int],
) -> Outcome | None:
    """A finished game's outcome from its members' summary rows, each with ``MEMBER_COLUMNS`` in that
    order, and the member each roster player is (None: it rates on no ladder)."""
    if ladder is None:
        return None
    placings: dict[int, Placing] = {}
    # In the game's own order of its members, however the rows were read (all the club's, or these).
    for _game, number, player, side, score, position, won, made, run in sorted(rows, key=_member_number):
        member = members.get(player)
        if member is None or position is None:
            continue  # not linked, or replaced by a substitute (no result of their own)
        placing = Placing(
            member=member,
            side=number if side is None else side,
            rank=position,
            score=score,
            won=bool(won),
            exact_bids=made,
            longest_run=run,
        )
        _keep_better(placings, placing)
    return Outcome(
        key=f"game:{game_id}",
        kind="game",
        ladder=ladder,
        variant=variant,
        played_at=played_at,
        placings=tuple(placings.values()),
    )


def _drives(
    club_id: str, drive_rows: Sequence[Any], played: dict[str, Played], zone: tzinfo
) -> list[Outcome]:
    members: dict[tuple[str, int], int] = {
        (row.drive_id, row.player): row.member_id
        for row in database.connection().execute(_DRIVE_MEMBERS, {"club": club_id})
    }
    found = []
    for row in drive_rows:
        result = _drive_result(row.id, row.version)
        if result.standings is None:
            continue
        placings: dict[int, Placing] = {}
        by_total = ranks_by_total([total for _player, _rank, total in result.standings])
        for (player, rank, total), rated_rank in zip(result.standings, by_total, strict=True):
            member = members.get((row.id, player))
            if member is not None:
                # Rated by total, equal totals an equal rank; won as the drive's tie-break says.
                placing = Placing(member=member, side=player, rank=rated_rank, score=total, won=rank == 1)
                _keep_better(placings, placing)
        key = f"drive:{row.id}"
        played[key] = Played(title=row.name, players=len(result.standings), ref=row.id)
        found.append(
            Outcome(
                key=key,
                kind="drive",
                ladder=DRIVE,
                variant=DRIVE,
                played_at=_aware(row.first_hand or row.created_at).astimezone(zone),
                placings=tuple(placings.values()),
            )
        )
    return found


def _drive_result(drive_id: str, version: int) -> _DriveResult:
    """The drive's final standings at ``version`` (kept per version; replayed once if not)."""
    found = DRIVE_RESULTS.get((drive_id, version))
    if found is not None:
        return found
    record = drives.find_drive(drive_id)
    try:
        state = None if record is None else drives.drive_of(record).state
    except NotFound:  # removed meanwhile
        state = None
    if record is None or state is None:
        return _DriveResult(standings=None)
    standings = tuple((line.player, line.rank, line.total) for line in state.standings)
    # A drive still under way has no outcome yet; its next hand raises its version.
    result = _DriveResult(standings=standings if state.finished else None)
    DRIVE_RESULTS.put((drive_id, record.version), result)
    return result


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a club's outcomes are built: they are some 30,000 small
    objects without a cycle among them, and the collections their making sets off in a worker with a
    big heap (its kept games and sheets) took half of the 250 ms the outcomes took to build."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _member_number(row: Any) -> int:
    number: int = row[1]
    return number


def _keep_better(placings: dict[int, Placing], placing: Placing) -> None:
    """One placing per member and outcome: should two players linked to one member have played the
    same game (a link made by mistake), the better place is theirs."""
    held = placings.get(placing.member)
    if held is None or placing.rank < held.rank:
        placings[placing.member] = placing


def variant_ladder(variant: str) -> str | None:
    """The ladder a variant's games rate on (None: none, or a variant this server no longer knows)."""
    try:
        return ladder_of(variant)
    except RuleViolation:
        return None  # a variant this server no longer knows: its games rate on no ladder


def _zone(name: str | None) -> tzinfo:
    """The club's zone: an outcome's day is its date there (a season counts those days)."""
    return pytz.timezone(name) if name else UTC


def _aware(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite gives times back without one (they are stored in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

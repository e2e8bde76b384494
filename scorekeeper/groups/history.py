"""A table's games, newest first, filtered by variant, player and dates, a page at a time.

A game's players are its members (groups/members.py): those who started it,
those who arrived, and those a substitute replaced, each under their roster
name, read from the game's kept summary. The callers refresh the table's
summaries first (summaries.refresh).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, func, select

from .. import database
from ..games.models import SeatRecord
from .models import GameSummaryRecord, GroupPlayerRecord

_G = GameSummaryRecord.__table__
_MEMBERS = _G.alias("members")
_SEATS = SeatRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
PAGE_SIZE = 25


@dataclass(frozen=True, kw_only=True)
class Filters:
    """What the history shows: one variant, games one player played in, dates from and to (inclusive),
    days on the calendar of ``zone`` (the reader's; a pytz zone or any tzinfo)."""

    variant: str | None = None
    player_id: int | None = None
    since: date | None = None
    until: date | None = None
    zone: tzinfo = UTC

    def conditions(self, group_id: str) -> list[ColumnElement[bool]]:
        """The filters as conditions on the table's game summaries."""
        found = [_G.c.group_id == group_id, _G.c.member == 0]
        if self.variant is not None:
            found.append(_G.c.variant == self.variant)
        if self.player_id is not None:
            found.append(
                exists().where(_MEMBERS.c.game_id == _G.c.game_id, _MEMBERS.c.player_id == self.player_id)
            )
        if self.since is not None:
            found.append(_G.c.played_at >= self._midnight(self.since))
        if self.until is not None:
            found.append(_G.c.played_at < self._midnight(self.until + timedelta(days=1)))
        return found

    def _midnight(self, day: date) -> datetime:
        """The first moment of ``day`` in the zone, in UTC (as played_at is stored)."""
        naive = datetime.combine(day, time())
        localize = getattr(self.zone, "localize", None)  # a pytz zone takes its offset this way
        aware = localize(naive) if localize is not None else naive.replace(tzinfo=self.zone)
        return aware.astimezone(UTC)


@dataclass(frozen=True, kw_only=True)
class Member:
    """A player of a game of the history: its ``member`` number, roster name and player, whether they won."""

    member: int
    name: str
    player_id: int | None
    won: bool = False
    score: int | None = None
    position: int | None = None
    side: int | None = None


@dataclass(frozen=True, kw_only=True)
class GameLine:
    """One game of the history."""

    game_id: str
    variant: str
    played_at: datetime
    status: str
    deals_played: int
    deal_count: int | None
    players: list[Member] = field(default_factory=list)

    @property
    def winner_names(self) -> list[str]:
        """The names of the winners, in seat order."""
        return [player.name for player in self.players if player.won]

    @property
    def results(self) -> list[Result]:
        """Each side's final (or, while played, current) score, by place: partners together."""
        sides: dict[int, list[Member]] = {}
        for player in self.players:  # a member a substitute replaced has no side, nor a score
            if player.side is not None and player.score is not None:
                sides.setdefault(player.side, []).append(player)
        results = [
            Result(
                names=tuple(member.name for member in members),
                score=members[0].score or 0,
                won=any(member.won for member in members),
                position=members[0].position,
            )
            for members in sides.values()
        ]
        return sorted(results, key=lambda result: (result.position or len(results) + 1, -result.score))


@dataclass(frozen=True, kw_only=True)
class Result:
    """A side of a game of the history: its players' names, its score, its place, whether it won."""

    names: tuple[str, ...]
    score: int
    won: bool
    position: int | None


def history(group_id: str, filters: Filters, *, page: int = 1) -> tuple[list[GameLine], int]:
    """One page of the table's games that pass ``filters``, newest first, and how many pass."""
    conditions = filters.conditions(group_id)
    connection = database.connection()
    total = connection.execute(select(func.count()).select_from(_G).where(*conditions)).scalar_one()
    query = (
        select(_G.c.game_id, _G.c.variant, _G.c.played_at, _G.c.status, _G.c.deals_played, _G.c.deal_count)
        .where(*conditions)
        .order_by(_G.c.played_at.desc(), _G.c.game_id)
        .limit(PAGE_SIZE)
        .offset((max(page, 1) - 1) * PAGE_SIZE)
    )
    lines = [_line(row) for row in connection.execute(query)]
    _add_players(lines)
    return lines, total


def variants(group_id: str) -> list[str]:
    """The codes of every variant the table has a game of, in any state."""
    query = (
        select(_G.c.variant)
        .where(_G.c.group_id == group_id, _G.c.member == 0)
        .distinct()
        .order_by(_G.c.variant)
    )
    return list(database.connection().execute(query).scalars())


def latest(group_id: str, count: int = 1) -> list[GameLine]:
    """The table's newest games."""
    return history(group_id, Filters())[0][:count]


def _line(row: Any) -> GameLine:
    return GameLine(
        game_id=row.game_id,
        variant=row.variant,
        played_at=row.played_at,
        status=row.status,
        deals_played=row.deals_played,
        deal_count=row.deal_count,
    )


def _add_players(lines: list[GameLine]) -> None:
    """Each game's members, by the names the roster gives them now, in member order."""
    if not lines:
        return
    by_game = {line.game_id: line for line in lines}
    # A member without a roster player (none is left so once the summaries are kept) shows as the
    # seat's starting player.
    starting = and_(_SEATS.c.game_id == _G.c.game_id, _SEATS.c.seat == _G.c.seat)
    query = (
        select(
            _G.c.game_id,
            _G.c.member,
            _G.c.player_id,
            _G.c.won,
            _G.c.score,
            _G.c.position,
            _G.c.side,
            _PLAYERS.c.name,
            _SEATS.c.name.label("seated"),
        )
        .select_from(_G.outerjoin(_PLAYERS, _PLAYERS.c.id == _G.c.player_id).outerjoin(_SEATS, starting))
        .where(_G.c.game_id.in_(by_game))
        .order_by(_G.c.game_id, _G.c.member)
    )
    for row in database.connection().execute(query):
        by_game[row.game_id].players.append(
            Member(
                member=row.member,
                name=row.name or row.seated or "?",
                player_id=row.player_id,
                won=row.won,
                score=row.score,
                position=row.position,
                side=row.side,
            )
        )

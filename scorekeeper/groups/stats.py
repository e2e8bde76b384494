"""A table's statistics, added up by the database from its games' kept summaries.

Only finished games count (a game in progress or abandoned has no result
yet). Every figure carries the number of games it rests on. The callers
refresh the table's summaries first (summaries.refresh).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, case, func, or_, select

from .. import store
from ..models import GameSummaryRecord, SummarySeatRecord

_S = SummarySeatRecord.__table__
_G = GameSummaryRecord.__table__


@dataclass(frozen=True, kw_only=True)
class GameRef:
    """A game the statistics point at: its id, date, variant and the player's score in it."""

    game_id: str
    played_at: datetime
    variant: str
    score: int | None


@dataclass(frozen=True, kw_only=True)
class Bidding:
    """Exact-bid figures: over ``games`` games and ``bids`` bids."""

    games: int
    bids: int
    made: int
    zero_games: int
    zero_bids: int
    zero_made: int
    bid_gap: int
    longest_run: int

    @property
    def made_share(self) -> float | None:
        """Share of bids made exactly."""
        return self.made / self.bids if self.bids else None

    @property
    def zero_share(self) -> float | None:
        """Share of zero bids made."""
        return self.zero_made / self.zero_bids if self.zero_bids else None

    @property
    def average_gap(self) -> float | None:
        """Bid minus tricks, on average per bid (over 0: bids more than it takes)."""
        return self.bid_gap / self.bids if self.bids else None


@dataclass(frozen=True, kw_only=True)
class Record:
    """What a player (or a group of games) did over ``games`` finished games."""

    player_id: int | None
    key: str | None
    games: int
    wins: int
    position_games: int
    position_total: int
    score_games: int
    score_total: int
    bidding: Bidding | None
    best: GameRef | None = None
    worst: GameRef | None = None

    @property
    def win_rate(self) -> float | None:
        """Games won over games played."""
        return self.wins / self.games if self.games else None

    @property
    def average_position(self) -> float | None:
        """The average final place (1 first)."""
        return self.position_total / self.position_games if self.position_games else None

    @property
    def average_score(self) -> float | None:
        """The average final score."""
        return self.score_total / self.score_games if self.score_games else None


@dataclass(frozen=True, kw_only=True)
class Pair:
    """Two players as partners: games together, won, rubbers played and won, games won in them."""

    players: tuple[int, int]
    games: int
    wins: int
    rubbers: int
    rubbers_won: int
    games_won: int


@dataclass(frozen=True, kw_only=True)
class HeadToHead:
    """Two players in the same finished games: who finished ahead, and how they did as partners."""

    games: int
    first_ahead: int
    second_ahead: int
    level: int
    first_wins: int
    second_wins: int
    as_partners: int
    won_as_partners: int


@dataclass(frozen=True, kw_only=True)
class Result:
    """One finished game of a player, for the charts over time."""

    game_id: str
    played_at: datetime
    variant: str
    won: bool
    position: int | None
    score: int | None


def _scope(group_id: str, variant: str | None, *, table: Any = _S) -> list[ColumnElement[bool]]:
    found = [table.c.group_id == group_id, table.c.finished.is_(True)]
    if variant is not None:
        found.append(table.c.variant == variant)
    return found


def _totals(key: Any) -> Select[Any]:
    won = func.sum(case((_S.c.won.is_(True), 1), else_=0))
    return select(
        key.label("key"),
        func.count().label("games"),
        won.label("wins"),
        func.count(_S.c.position).label("position_games"),
        func.coalesce(func.sum(_S.c.position), 0).label("position_total"),
        func.count(_S.c.score).label("score_games"),
        func.coalesce(func.sum(_S.c.score), 0).label("score_total"),
        func.sum(case((_S.c.bids > 0, 1), else_=0)).label("bid_games"),
        func.sum(_S.c.bids).label("bids"),
        func.sum(_S.c.made).label("made"),
        func.sum(case((_S.c.zero_bids > 0, 1), else_=0)).label("zero_games"),
        func.sum(_S.c.zero_bids).label("zero_bids"),
        func.sum(_S.c.zero_made).label("zero_made"),
        func.sum(_S.c.bid_gap).label("bid_gap"),
        func.max(_S.c.longest_run).label("longest_run"),
    )


def _record(row: Any, *, player_id: int | None, key: str | None) -> Record:
    bidding = None
    if row.bid_games:
        bidding = Bidding(
            games=row.bid_games,
            bids=row.bids,
            made=row.made,
            zero_games=row.zero_games,
            zero_bids=row.zero_bids,
            zero_made=row.zero_made,
            bid_gap=row.bid_gap,
            longest_run=row.longest_run,
        )
    return Record(
        player_id=player_id,
        key=key,
        games=row.games,
        wins=row.wins,
        position_games=row.position_games,
        position_total=row.position_total,
        score_games=row.score_games,
        score_total=row.score_total,
        bidding=bidding,
    )


def finished_games(group_id: str, variant: str | None = None) -> int:
    """How many of the table's games (of one variant) finished."""
    query = select(func.count()).where(_G.c.group_id == group_id, _G.c.status == "finished")
    if variant is not None:
        query = query.where(_G.c.variant == variant)
    return store.connection().execute(query).scalar_one()


def variants_played(group_id: str) -> dict[str, int]:
    """Each variant the table finished a game of, with how many, most played first."""
    query = (
        select(_G.c.variant, func.count())
        .where(_G.c.group_id == group_id, _G.c.status == "finished")
        .group_by(_G.c.variant)
        .order_by(func.count().desc(), _G.c.variant)
    )
    return {variant: count for variant, count in store.connection().execute(query)}


def players(group_id: str, variant: str | None = None, *, extremes: bool = False) -> list[Record]:
    """Each player's record over the table's finished games (of one variant), most wins first.

    ``extremes`` adds each player's best and worst game (scores compare within a variant only).
    """
    query = _totals(_S.c.player_id).where(*_scope(group_id, variant), _S.c.player_id.is_not(None))
    rows = store.connection().execute(query.group_by(_S.c.player_id)).all()
    found = {row.key: _record(row, player_id=row.key, key=None) for row in rows}
    if extremes:
        for player_id, (best, worst) in _extremes(_S.c.player_id, _scope(group_id, variant)).items():
            if player_id in found:
                found[player_id] = _with_extremes(found[player_id], best, worst)
    return sorted(found.values(), key=lambda record: (-record.wins, -(record.win_rate or 0), record.games))


def player_by_variant(group_id: str, player_id: int) -> list[Record]:
    """One player's record per variant, with the best and worst game of each, most played first."""
    scope = [*_scope(group_id, None), _S.c.player_id == player_id]
    rows = store.connection().execute(_totals(_S.c.variant).where(*scope).group_by(_S.c.variant)).all()
    found = {row.key: _record(row, player_id=player_id, key=row.key) for row in rows}
    for variant, (best, worst) in _extremes(_S.c.variant, scope).items():
        found[variant] = _with_extremes(found[variant], best, worst)
    return sorted(found.values(), key=lambda record: (-record.games, record.key or ""))


def player_overall(group_id: str, player_id: int, variant: str | None = None) -> Record | None:
    """One player's record over every finished game (of one variant)."""
    scope = [*_scope(group_id, variant), _S.c.player_id == player_id]
    row = store.connection().execute(_totals(_S.c.player_id).where(*scope).group_by(_S.c.player_id)).first()
    return None if row is None else _record(row, player_id=player_id, key=variant)


def _extremes(key: Any, scope: Sequence[ColumnElement[bool]]) -> dict[Any, tuple[GameRef, GameRef]]:
    """Per ``key``: the game with the highest score and the one with the lowest (earliest on a tie)."""
    best = func.row_number().over(partition_by=key, order_by=(_S.c.score.desc(), _S.c.played_at))
    worst = func.row_number().over(partition_by=key, order_by=(_S.c.score.asc(), _S.c.played_at))
    ranked = (
        select(
            key.label("key"),
            _S.c.game_id,
            _S.c.played_at,
            _S.c.variant,
            _S.c.score,
            best.label("best"),
            worst.label("worst"),
        )
        .where(*scope, _S.c.score.is_not(None))
        .subquery()
    )
    query = select(ranked).where(or_(ranked.c.best == 1, ranked.c.worst == 1))
    found: dict[Any, list[GameRef | None]] = {}
    for row in store.connection().execute(query):
        game = GameRef(game_id=row.game_id, played_at=row.played_at, variant=row.variant, score=row.score)
        slots = found.setdefault(row.key, [None, None])
        if row.best == 1:
            slots[0] = game
        if row.worst == 1:
            slots[1] = game
    return {key: (slots[0], slots[1]) for key, slots in found.items() if slots[0] and slots[1]}


def _with_extremes(record: Record, best: GameRef, worst: GameRef) -> Record:
    return Record(**{**record.__dict__, "best": best, "worst": worst})


def pairs(group_id: str, variant: str | None = None, *, player_id: int | None = None) -> list[Pair]:
    """Every pair of partners (teams of two) in the table's finished games, most wins first."""
    first, second = _S.alias("first"), _S.alias("second")
    query = (
        select(
            first.c.player_id.label("one"),
            second.c.player_id.label("other"),
            func.count().label("games"),
            func.sum(case((first.c.won.is_(True), 1), else_=0)).label("wins"),
            func.sum(case((first.c.rubber.is_(True), 1), else_=0)).label("rubbers"),
            func.sum(case(((first.c.rubber.is_(True)) & (first.c.won.is_(True)), 1), else_=0)).label(
                "rubbers_won"
            ),
            func.sum(first.c.side_games).label("games_won"),
        )
        .join(
            second,
            (second.c.game_id == first.c.game_id)
            & (second.c.side == first.c.side)
            & (second.c.seat > first.c.seat),
        )
        .where(*_scope(group_id, variant, table=first), first.c.team_size == 2)
        .where(first.c.player_id.is_not(None), second.c.player_id.is_not(None))
        .group_by(first.c.player_id, second.c.player_id)
    )
    if player_id is not None:
        query = query.where((first.c.player_id == player_id) | (second.c.player_id == player_id))
    merged: dict[tuple[int, int], list[int]] = {}
    for row in store.connection().execute(query):
        key = (min(row.one, row.other), max(row.one, row.other))
        counts = merged.setdefault(key, [0, 0, 0, 0, 0])
        for index, value in enumerate((row.games, row.wins, row.rubbers, row.rubbers_won, row.games_won)):
            counts[index] += value
    found = [
        Pair(players=key, games=c[0], wins=c[1], rubbers=c[2], rubbers_won=c[3], games_won=c[4])
        for key, c in merged.items()
    ]
    return sorted(found, key=lambda pair: (-pair.wins, -pair.games, pair.players))


def head_to_head(group_id: str, first_id: int, second_id: int, variant: str | None = None) -> HeadToHead:
    """How two players fared in the finished games they both played."""
    first, second = _S.alias("first"), _S.alias("second")
    query = (
        select(first.c.position, second.c.position, first.c.won, second.c.won, first.c.side == second.c.side)
        .join(second, second.c.game_id == first.c.game_id)
        .where(*_scope(group_id, variant, table=first))
        .where(first.c.player_id == first_id, second.c.player_id == second_id)
    )
    games = first_ahead = second_ahead = level = first_wins = second_wins = partners = won_together = 0
    for one, other, one_won, other_won, same_side in store.connection().execute(query):
        games += 1
        first_wins += bool(one_won)
        second_wins += bool(other_won)
        if same_side:
            partners += 1
            won_together += bool(one_won)
        elif one is not None and other is not None:
            first_ahead += one < other
            second_ahead += other < one
            level += one == other
    return HeadToHead(
        games=games,
        first_ahead=first_ahead,
        second_ahead=second_ahead,
        level=level,
        first_wins=first_wins,
        second_wins=second_wins,
        as_partners=partners,
        won_as_partners=won_together,
    )


def results(group_id: str, player_id: int, variant: str | None = None) -> list[Result]:
    """A player's finished games in the order they were played."""
    query = (
        select(_S.c.game_id, _S.c.played_at, _S.c.variant, _S.c.won, _S.c.position, _S.c.score)
        .where(*_scope(group_id, variant), _S.c.player_id == player_id)
        .order_by(_S.c.played_at, _S.c.game_id)
    )
    return [
        Result(
            game_id=row.game_id,
            played_at=row.played_at,
            variant=row.variant,
            won=bool(row.won),
            position=row.position,
            score=row.score,
        )
        for row in store.connection().execute(query)
    ]

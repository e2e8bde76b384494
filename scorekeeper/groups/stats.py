"""A table's statistics, added up by the database from its games' kept summaries.

Only finished games count (a game in progress or abandoned has no result
yet). Every figure carries the number of games it rests on. A game counts for
everyone who played it — a latecomer, a player who left, a substitute and the
player they replaced — each for the deals they played: the seat's result
(win, place, score) is its last holder's, and one a substitute replaced counts
the game as played, with no result (groups/members.py). The callers refresh
the table's summaries first (summaries.refresh).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, case, func, select

from .. import database
from .models import GameSummaryRecord

_S = GameSummaryRecord.__table__
FINISHED = "finished"


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
    """One finished game of a player, for the charts over time: won, place, final score."""

    won: bool
    position: int | None
    score: int | None


def _scope(group_id: str, variant: str | None, *, table: Any = _S) -> list[ColumnElement[bool]]:
    found = [table.c.group_id == group_id, table.c.status == FINISHED]
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
    played = variants_played(group_id)
    return played.get(variant, 0) if variant is not None else sum(played.values())


def variants_played(group_id: str) -> dict[str, int]:
    """Each variant the table finished a game of, with how many, most played first."""
    query = (
        select(_S.c.variant, func.count())
        .where(*_scope(group_id, None), _S.c.member == 0)
        .group_by(_S.c.variant)
        .order_by(func.count().desc(), _S.c.variant)
    )
    return {variant: count for variant, count in database.connection().execute(query)}


def players(group_id: str, variant: str | None = None, *, extremes: bool = False) -> list[Record]:
    """Each player's record over the table's finished games (of one variant), most wins first.

    ``extremes`` adds each player's best and worst game (scores compare within a variant only).
    """
    # Seats without a roster player are added up under None and left out: so the
    # database reads the statistics' index alone.
    query = _totals(_S.c.player_id).where(*_scope(group_id, variant))
    rows = database.connection().execute(query.group_by(_S.c.player_id)).all()
    found = {row.key: _record(row, player_id=row.key, key=None) for row in rows if row.key is not None}
    if extremes:
        for player_id, (best, worst) in _extremes(_S.c.player_id, _scope(group_id, variant)).items():
            if player_id in found:
                found[player_id] = _with_extremes(found[player_id], best, worst)
    return sorted(found.values(), key=lambda record: (-record.wins, -(record.win_rate or 0), record.games))


def player_by_variant(group_id: str, player_id: int) -> list[Record]:
    """One player's record per variant, with the best and worst game of each, most played first."""
    scope = [*_scope(group_id, None), _S.c.player_id == player_id]
    rows = database.connection().execute(_totals(_S.c.variant).where(*scope).group_by(_S.c.variant)).all()
    found = {row.key: _record(row, player_id=player_id, key=row.key) for row in rows}
    for variant, (best, worst) in _extremes(_S.c.variant, scope).items():
        found[variant] = _with_extremes(found[variant], best, worst)
    return sorted(found.values(), key=lambda record: (-record.games, record.key or ""))


def player_overall(group_id: str, player_id: int, variant: str | None = None) -> Record | None:
    """One player's record over every finished game (of one variant)."""
    scope = [*_scope(group_id, variant), _S.c.player_id == player_id]
    query = _totals(_S.c.player_id).where(*scope).group_by(_S.c.player_id)
    row = database.connection().execute(query).first()
    return None if row is None else _record(row, player_id=player_id, key=variant)


def _extremes(key: Any, scope: Sequence[ColumnElement[bool]]) -> dict[Any, tuple[GameRef, GameRef]]:
    """Per ``key``: the game with the highest score and the one with the lowest (the earliest of equals).

    The highest and lowest scores are added up from the statistics' index; then
    the games with those scores are read, which are few.
    """
    connection = database.connection()
    query = select(key.label("key"), func.max(_S.c.score), func.min(_S.c.score)).where(*scope).group_by(key)
    bounds = [(found, best, worst) for found, best, worst in connection.execute(query) if best is not None]
    if not bounds:
        return {}
    wanted = {(found, score) for found, best, worst in bounds for score in (best, worst)}
    scores = {score for _key, score in wanted}
    query = (
        select(key.label("key"), _S.c.game_id, _S.c.played_at, _S.c.variant, _S.c.score)
        .where(*scope, _S.c.score.in_(scores))
        .order_by(_S.c.played_at.desc(), _S.c.game_id.desc())
    )
    games: dict[tuple[Any, int], GameRef] = {}
    for row in connection.execute(query):
        if (row.key, row.score) in wanted:  # the last one read is the earliest
            games[(row.key, row.score)] = GameRef(
                game_id=row.game_id, played_at=row.played_at, variant=row.variant, score=row.score
            )
    return {found: (games[(found, best)], games[(found, worst)]) for found, best, worst in bounds}


def _with_extremes(record: Record, best: GameRef, worst: GameRef) -> Record:
    return Record(**{**record.__dict__, "best": best, "worst": worst})


def pairs(group_id: str, variant: str | None = None, *, player_id: int | None = None) -> list[Pair]:
    """Every pair of partners (teams of two) in the table's finished games, most wins first."""
    won = _S.c.won.is_(True)
    rubber = _S.c.rubber.is_(True)
    query = (
        select(
            _S.c.player_id,
            _S.c.partner_id,
            func.count().label("games"),
            func.sum(case((won, 1), else_=0)).label("wins"),
            func.sum(case((rubber, 1), else_=0)).label("rubbers"),
            func.sum(case((rubber & won, 1), else_=0)).label("rubbers_won"),
            func.sum(_S.c.side_games).label("games_won"),
        )
        .where(*_scope(group_id, variant), _S.c.partner_id.is_not(None), _S.c.player_id < _S.c.partner_id)
        .group_by(_S.c.player_id, _S.c.partner_id)
    )
    if player_id is not None:
        query = query.where((_S.c.player_id == player_id) | (_S.c.partner_id == player_id))
    found = [
        Pair(
            players=(row.player_id, row.partner_id),
            games=row.games,
            wins=row.wins,
            rubbers=row.rubbers,
            rubbers_won=row.rubbers_won,
            games_won=row.games_won,
        )
        for row in database.connection().execute(query)
    ]
    return sorted(found, key=lambda pair: (-pair.wins, -pair.games, pair.players))


def head_to_head(group_id: str, first_id: int, second_id: int, variant: str | None = None) -> HeadToHead:
    """How two players fared in the finished games they both played."""
    return rivals(group_id, first_id, variant, others=(second_id,)).get(second_id) or HeadToHead(
        games=0,
        first_ahead=0,
        second_ahead=0,
        level=0,
        first_wins=0,
        second_wins=0,
        as_partners=0,
        won_as_partners=0,
    )


def rivals(
    group_id: str, player_id: int, variant: str | None = None, *, others: Sequence[int] | None = None
) -> dict[int, HeadToHead]:
    """How the player fared against each other player (or those of ``others``) in the games both played."""
    mine, theirs = _S.alias("mine"), _S.alias("theirs")
    partners = mine.c.side == theirs.c.side
    against = ~partners & mine.c.position.is_not(None) & theirs.c.position.is_not(None)

    def count(condition: ColumnElement[bool]) -> Any:
        return func.sum(case((condition, 1), else_=0))

    query = (
        select(
            theirs.c.player_id,
            func.count().label("games"),
            count(against & (mine.c.position < theirs.c.position)).label("first_ahead"),
            count(against & (mine.c.position > theirs.c.position)).label("second_ahead"),
            count(against & (mine.c.position == theirs.c.position)).label("level"),
            count(mine.c.won.is_(True)).label("first_wins"),
            count(theirs.c.won.is_(True)).label("second_wins"),
            count(partners).label("as_partners"),
            count(partners & mine.c.won.is_(True)).label("won_as_partners"),
        )
        .join(theirs, (theirs.c.game_id == mine.c.game_id) & (theirs.c.member != mine.c.member))
        .where(*_scope(group_id, variant, table=mine), mine.c.player_id == player_id)
        .where(theirs.c.player_id.is_not(None))
        .group_by(theirs.c.player_id)
    )
    if others is not None:
        query = query.where(theirs.c.player_id.in_(others))
    return {
        row.player_id: HeadToHead(
            games=row.games,
            first_ahead=row.first_ahead,
            second_ahead=row.second_ahead,
            level=row.level,
            first_wins=row.first_wins,
            second_wins=row.second_wins,
            as_partners=row.as_partners,
            won_as_partners=row.won_as_partners,
        )
        for row in database.connection().execute(query)
    }


def results(group_id: str, player_id: int, variant: str | None = None) -> list[Result]:
    """A player's finished games in the order they were played (read from one index alone)."""
    query = (
        select(_S.c.won, _S.c.position, _S.c.score)
        .where(*_scope(group_id, variant), _S.c.player_id == player_id)
        .order_by(_S.c.played_at, _S.c.game_id)
    )
    return [
        Result(won=bool(won), position=position, score=score)
        for won, position, score in database.connection().execute(query)
    ]

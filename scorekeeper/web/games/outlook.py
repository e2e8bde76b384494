"""Who can still win a game and each side's chance of winning, kept per game version.

The engine says what is left to race for (``Engine.race``), who can still win (exact) and how
likely each is to (a simulation of the deals left, deterministic for a version). The odds read
each player's record of bids made: in this game, added to the table's finished games when the
game is played at a table (groups/). Before the first deal of a game whose players have ratings (a
club's, given through ``lean_on``), the chances are OpenSkill's prediction of who wins instead: the
odds then lean on who is stronger. Both are worked out once per version of a game and kept,
so a page view or a big screen's poll costs nothing; a change raises the version.

While the totals are secret (rules/secrecy.py) neither is shown: they would give the order away.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask import Flask, current_app

from ...games.store import StoredGame
from ...groups import roster, stats
from ...kept import KeptByVersion
from ...rules import Game
from ...rules.club import win_chances
from ...rules.events import is_event
from ...rules.outlook import Record, chances, contenders
from ...rules.outlook.records import combined, game_records


@dataclass(frozen=True, kw_only=True)
class Outlook:
    """Per unit of the totals (a seat, or a side): whether it can still win, and its chance of
    winning (0 to 1); None where the game's players do not race each other or the odds cannot be
    simulated."""

    can_win: tuple[bool, ...] | None
    chances: tuple[float, ...] | None


OUTLOOKS: KeptByVersion[Outlook] = KeptByVersion(size=256)

Ratings = Callable[[StoredGame, Game], Sequence[tuple[float, float] | None]]
"""Each seat's rating as (mu, sigma), None where the seat's player has none: given by the room that
keeps ratings (a club's, web/clubs), which the games know nothing of."""
RATINGS = "scorekeeper.outlook_ratings"


def lean_on(app: Flask, ratings: Ratings) -> None:
    """Have the odds before the first deal of every game in ``app`` lean on the players' ratings that
    ``ratings`` gives (once each)."""
    found: list[Ratings] = app.extensions.setdefault(RATINGS, [])
    if ratings not in found:
        found.append(ratings)


def opening_chances(record: StoredGame, game: Game) -> tuple[float, ...] | None:
    """Before the first deal, each unit's chance of winning as OpenSkill predicts it from the players'
    ratings (who is stronger), where any of them has one; None otherwise (the simulation stands)."""
    state = game.state
    for ratings in current_app.extensions.get(RATINGS, []):
        seats = tuple(ratings(record, game))
        if not any(rating is not None for rating in seats):
            continue
        teams = state.teams or tuple((seat,) for seat in range(len(state.players)))
        return win_chances([[seats[seat] if seat < len(seats) else None for seat in team] for team in teams])
    return None


def outlook_of(record: StoredGame, game: Game) -> Outlook:
    """The game's outlook at this version (worked out once, then kept)."""
    key = (record.id, record.version)
    kept = OUTLOOKS.get(key)
    if kept is not None:
        return kept
    engine = game.table.variant.engine
    race = engine.race(game.table, game.state)
    if race is None:
        found = Outlook(can_win=None, chances=None)
    else:
        records = combined(game_records(game.state), table_records(record, game))
        seed = zlib.crc32(f"{record.id}-{record.version}".encode())
        opening = opening_chances(record, game) if not _scored(game) else None
        odds = opening if opening is not None else chances(race, records, seed=seed)
        found = Outlook(can_win=contenders(race), chances=odds)
    OUTLOOKS.put(key, found)
    return found


def chances_over(record: StoredGame, game: Game) -> tuple[list[int], list[tuple[float, ...]]] | None:
    """Each unit's chance of winning as it stood before the first deal and after each deal scored (the
    deals scored so far, and the chances then), for the finish screen's chart; None where the game's
    odds cannot be simulated. Each point is the same simulation the standings showed at that place."""
    engine = game.table.variant.engine
    known = table_records(record, game)
    numbers: list[int] = []
    found: list[tuple[float, ...]] = []
    for place in range(len(game.log) + 1):
        if place and place < len(game.log) and is_event(game.log[place - 1]):
            continue  # an event between deals is shown by the next deal's point (the last one, by the end)
        state = Game(game.table, game.log[:place]).state
        scored = sum(1 for deal in state.deals if deal.complete)
        if state.deals and not state.deals[-1].complete:
            continue
        race = engine.race(game.table, state)
        if race is None:
            return None
        seed = zlib.crc32(f"{record.id}-{place}".encode())
        shares = opening_chances(record, Game(game.table, game.log[:place])) if not scored else None
        if shares is None:
            shares = chances(race, combined(game_records(state), known), seed=seed)
        if shares is None:
            return None
        if numbers and numbers[-1] == scored:  # the end, on an event after the last deal: the last point
            numbers.pop()
            found.pop()
        numbers.append(scored)
        found.append(shares)
    return numbers, found


def _scored(game: Game) -> bool:
    """True once a deal of the game is scored: the odds then follow the game itself."""
    return any(deal.complete for deal in game.state.deals)


def table_records(record: StoredGame, game: Game) -> tuple[Record | None, ...]:
    """Each seat's bids made and missed in the table's finished games, where the game is played at
    a table and the seat's player is on its roster; None elsewhere."""
    if record.group_id is None or game.state.teams is not None:
        return ()
    bidding = {
        kept.player_id: kept.bidding for kept in stats.players(record.group_id) if kept.bidding is not None
    }
    found: list[Record | None] = []
    for player in roster.seated_players(record.id):
        figures = bidding.get(player) if player is not None else None
        if figures is None:
            found.append(None)
        else:
            found.append(Record(made=figures.made, missed=figures.bids - figures.made))
    return tuple(found)

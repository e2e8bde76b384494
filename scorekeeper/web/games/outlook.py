"""Who can still win a game and each side's chance of winning, kept per game version.

The engine says what is left to race for (``Engine.race``), who can still win (exact) and how
likely each is to (a simulation of the deals left, deterministic for a version). The odds read
each player's record of bids made: in this game, added to the table's finished games when the
game is played at a table (groups/). Both are worked out once per version of a game and kept,
so a page view or a big screen's poll costs nothing; a change raises the version.

While the totals are secret (rules/secrecy.py) neither is shown: they would give the order away.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from ...games.store import StoredGame
from ...groups import roster, stats
from ...kept import KeptByVersion
from ...rules import Game
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
        found = Outlook(can_win=contenders(race), chances=chances(race, records, seed=seed))
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
        shares = chances(race, combined(game_records(state), known), seed=seed)
        if shares is None:
            return None
        if numbers and numbers[-1] == scored:  # the end, on an event after the last deal: the last point
            numbers.pop()
            found.pop()
        numbers.append(scored)
        found.append(shares)
    return numbers, found


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

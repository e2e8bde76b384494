"""Full replays per second of complete games, as every request replays a game from scratch.

    .venv/bin/python benchmarks/replay.py [--quick]

(after the README's set-up, ``./bin/test``, which installs the test extras: the last two games are
the rules tests'; ``--quick`` is the smoke run ``bin/test`` makes: a tenth of a second a figure
instead of two, the same code path.)

The floor, in the same run, is the replay of the same table with no deal recorded yet.
Prints figures only; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from scorekeeper.rules import Adjustment, Arrival, Departure, ExactEntry, Game, Misdeal, Revoke, SitOut, Table
from scorekeeper.rules.exact import _score_grid, _scorer
from scorekeeper.rules.exact_facts import plain_facts, planned_facts, schedule_of, seated_facts

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def play_through(game: Game) -> Game:
    """Enter every deal: the first bidder bids and takes all, the last bids 1 and misses."""
    while (facts := game.state.current) is not None:
        bids: list[int | None] = [None] * game.table.size
        tricks: list[int | None] = [None] * game.table.size
        for seat in facts.bidding_order:
            bids[seat], tricks[seat] = 0, 0
        first = facts.bidding_order[0]
        bids[first] = tricks[first] = facts.cards
        bids[facts.bidding_order[-1]] = 1
        game = game.record(ExactEntry(number=facts.number, bids=tuple(bids), tricks=tuple(tricks)))
    return game


def with_events(game: Game) -> Game:
    """An Oh Hell evening: a misdeal, a fifth player arriving, a sit-out, a revoke, an adjustment and a
    departure, between the deals (played as in ``play_through``)."""
    steps = {
        2: [Misdeal()],
        3: [Arrival(name="Eve", left_of=1, start="lowest")],
        6: [SitOut(seat=2)],
        8: [Revoke(seats=(0,)), Adjustment(side=3, points=-5, reason="late")],
        12: [Departure(seat=4)],
    }
    while (facts := game.state.current) is not None:
        for event in steps.get(len(game.entries), ()):
            if not isinstance(event, Revoke):
                game = game.add(event)
        facts = game.state.current
        assert facts is not None
        size = len(game.state.players)
        bids: list[int | None] = [None] * size
        tricks: list[int | None] = [None] * size
        for seat in facts.bidding_order:
            bids[seat], tricks[seat] = 0, 0
        first = facts.bidding_order[0]
        bids[first] = tricks[first] = facts.cards
        bids[facts.bidding_order[-1]] = 1
        game = game.record(ExactEntry(number=facts.number, bids=tuple(bids), tricks=tuple(tricks)))
        for event in steps.get(len(game.entries), ()):
            if isinstance(event, Revoke):
                game = game.add(event)
    return game


def rate(replay: Callable[[], object], seconds: float = 2.0) -> float:
    """Replays per second of this process's own CPU time, over about ``seconds``: the machine may be
    shared, and the wall clock would count the time others' work takes from ours."""
    count, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(100):
            replay()
        count += 100
    return count / elapsed


def measure(label: str, game: Game, seconds: float = 2.0) -> None:
    table, entries = game.table, game.log
    engine = table.variant.engine
    state = engine.replay(table, entries)
    assert state.finished

    def warm() -> object:
        # A request builds its Table afresh from stored rows; equal tables share cached deal facts.
        fresh = Table.create(
            table.variant, table.players, first_dealer=table.first_dealer, options=dict(table.options)
        )
        return engine.replay(fresh, entries)

    def cold() -> object:
        for cache in (plain_facts, planned_facts, schedule_of, seated_facts, _score_grid, _scorer):
            cache.cache_clear()
        return engine.replay(table, entries)

    print(f"{label}: {len(state.deals)} deals, {table.size} players")
    def floor() -> object:
        return engine.replay(table, ())

    print(f"  replays per second, table rebuilt, deal facts cached: {rate(warm, seconds):9,.0f}")
    print(f"  replays per second, every cache cleared first:        {rate(cold, seconds):9,.0f}")
    print(f"  floor: replays per second of the table with no deal:  {rate(floor, seconds):9,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: short timings")
    seconds = 0.1 if parser.parse_args().quick else 2.0
    romanian = play_through(Game.start("romanian-whist", NAMES, options={"promotions": True}))
    measure("Romanian Whist (dead hand, promotions on)", romanian, seconds)
    oh_hell = play_through(Game.start("oh-hell", NAMES[:4]))
    measure("Oh Hell", oh_hell, seconds)
    evening = with_events(Game.start("oh-hell", NAMES[:4]))
    measure(f"Oh Hell with {len(evening.events)} table events", evening, seconds)
    # The games the rules tests play to their end (their replays were once timed there).
    sys.path.insert(0, str(Path(__file__).parent.parent))
    from tests.rules import test_bid_whist, test_german, test_oneonta, test_whist

    measure("Oneonta for seven, doubling", test_oneonta.full_game(), seconds)
    measure("Bid Whist, to 7 no trump", test_bid_whist.whole_game(), seconds)
    measure("Classic Whist, honours, to 9", test_whist.whole_game(), seconds)
    measure("German Whist", test_german.whole_game(), seconds)


if __name__ == "__main__":
    main()

"""Live odds: their cost after a deal, and their calibration over simulated games.

    .venv/bin/python benchmarks/odds.py            # 4,000 simulated games for the calibration
    .venv/bin/python benchmarks/odds.py --quick    # the same code paths, small sizes (under 10 s)

Prints figures only; it asserts nothing about time. Each figure stands beside a floor measured in
the same run: the odds' time after a deal (7 players, 20 deals left) beside the app's trivial
endpoint (/healthz through the test client), each as this process's CPU time (which other work on
a shared machine does not inflate) and as the wall clock. The big screen's cost per poll stands beside
the live view's: an unchanged game (answered 304) and a changed one (the fragment rendered, its odds
worked out once for the version).

The calibration plays simulated games: every player's true chance of making a bid is drawn from
the population the odds assume (``odds.PRIOR_MADE``/``PRIOR_MISSED``), and each game is dealt deal
by deal from those true chances through the same deal model. At a random point of each game the
odds are asked, knowing only each player's record so far, who will win; the reliability table
compares each bucket of predicted chances with how often those players did win, and the Brier
score sums it up (lower is better). Beside each bucket, its standard error: how far the observed
rate of that many players may stray by chance alone, so that a gap can be told from noise.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

import numpy as np

from scorekeeper import create_app
from scorekeeper.rules import Game
from scorekeeper.rules.outlook import Race, contenders
from scorekeeper.rules.outlook.bid_exact import BidExactScores
from scorekeeper.rules.outlook.odds import PRIOR_MADE, PRIOR_MISSED, Record, chances, simulate_deals

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
GAMES = (
    ("oh-hell", 4, {}),
    ("oh-hell", 7, {}),
    ("romanian-whist", 3, {}),
    ("nomination-whist", 5, {}),
    ("contract-whist", 4, {}),
)
BUCKETS = 10


def timed(action, repeat: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The median CPU time and the median wall-clock time of ``action``, in milliseconds."""
    cpu, wall = [], []
    for _ in range(repeat):
        started, ticked = time.perf_counter(), time.process_time()
        action()
        cpu.append((time.process_time() - ticked) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    return statistics.median(cpu), statistics.median(wall)


def cost_after_a_deal(repeat: int) -> None:
    """Who can still win and the odds, for a 7-player game with 20 deals left, beside /healthz."""
    game = Game.start("custom-oh-hell", NAMES, options={"shape": "fixed", "start_cards": 7, "deals": 21})
    facts = game.state.current
    assert facts is not None
    bids = [1] * 7
    tricks = [0] * 7
    bids[facts.bidding_order[0]] = tricks[facts.bidding_order[0]] = 7
    game = game.record(game.table.variant.engine.read_entry(1, {"bids": bids, "tricks": tricks}))

    def outlook() -> None:
        race = game.table.variant.engine.race(game.table, game.state)
        assert race is not None and len(race.deals) == 20
        contenders(race)
        chances(race, [Record(made=3, missed=2)] * 7, seed=1)

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "RATELIMIT_ENABLED": False})
    client = app.test_client()
    floor = timed(lambda: client.get("/healthz"), repeat)
    cost = timed(outlook, repeat)
    print(
        "who can still win and the odds after a deal (7 players, 20 deals left): "
        f"{cost[0]:.1f} ms CPU, {cost[1]:.1f} ms wall (target: 30 ms); "
        f"trivial endpoint: {floor[0]:.1f} ms CPU, {floor[1]:.1f} ms wall"
    )


def cost_per_poll(repeat: int) -> None:
    """The big screen's poll beside the live view's, for a 7-player game after a deal."""
    folder = tempfile.mkdtemp(prefix="odds-bench-")
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
            "RATELIMIT_ENABLED": False,
        },
        instance_path=f"{folder}/instance",
    )
    client = app.test_client()
    created = client.post("/api/v1/games", json={"variant": "oh-hell", "players": NAMES}).get_json()
    game_id, auth = created["id"], {"Authorization": f"Bearer {created['edit_token']}"}
    order = created["next"]["bidding_order"]
    bids, tricks = [0] * 7, [0] * 7
    bids[order[0]] = tricks[order[0]] = created["next"]["cards"]
    bids[order[-1]] = 1
    client.put(f"/api/v1/games/{game_id}/deals/1", json={"bids": bids, "tricks": tricks}, headers=auth)
    for name, path in (("live view", "live"), ("big screen", "screen")):
        url = f"/games/{game_id}/{path}?fragment=1"
        etag = client.get(url).headers["ETag"].strip('"')
        unchanged = timed(
            lambda url=url, etag=etag: client.get(url, headers={"If-None-Match": f'"{etag}"'}), repeat
        )
        changed = timed(lambda url=url: client.get(url), repeat)
        print(
            f"{name} poll: unchanged (304) {unchanged[0]:.1f} ms CPU, {unchanged[1]:.1f} ms wall; "
            f"changed (rendered) {changed[0]:.1f} ms CPU, {changed[1]:.1f} ms wall"
        )


def calibration(games: int, seed: int) -> None:
    """The reliability table and Brier score of the odds over ``games`` simulated games."""
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    predicted: list[float] = []
    happened: list[float] = []
    for index in range(games):
        code, players, options = GAMES[index % len(GAMES)]
        game = Game.start(code, NAMES[:players], options=options)
        race = game.table.variant.engine.race(game.table, game.state)
        assert race is not None
        deals = [deal for deal in race.deals if isinstance(deal, BidExactScores)]
        truth = rng.beta(PRIOR_MADE, PRIOR_MISSED, size=(1, players))
        totals = np.zeros(players, dtype=np.int64)
        records = [Record() for _ in range(players)]
        stop = pick.randrange(1, len(deals))
        prediction: tuple[float, ...] | None = None
        for number, deal in enumerate(deals):
            if number == stop:
                left = Race(
                    totals=tuple(int(v) for v in totals),
                    racing=(True,) * players,
                    deals=tuple(deals[number:]),
                    zero_wins=race.zero_wins,
                )
                prediction = chances(left, records, seed=index)
            made = np.zeros((1, players), dtype=np.int64)
            totals += simulate_deals([deal], truth, rng, players, made)[0]
            for seat in deal.active:
                exact = bool(made[0, seat])
                old = records[seat]
                records[seat] = Record(made=old.made + exact, missed=old.missed + (not exact))
        assert prediction is not None
        top = totals.max()
        won = [float(total == top) for total in totals]
        if race.zero_wins and (totals == 0).any():
            won = [float(total == 0) for total in totals]
        # Joint winners share the win, as the odds share it among players level at the end.
        predicted.extend(prediction)
        happened.extend(value / sum(won) for value in won)
    _report(predicted, happened, games)


def _report(predicted: list[float], happened: list[float], games: int) -> None:
    chance = np.asarray(predicted)
    won = np.asarray(happened, dtype=np.float64)
    brier = float(np.mean((chance - won) ** 2))
    print(f"calibration over {games} simulated games ({len(chance)} predictions)")
    print("  predicted   observed   players   gap   standard error")
    worst = 0.0
    for bucket in range(BUCKETS):
        low, high = bucket / BUCKETS, (bucket + 1) / BUCKETS
        inside = (chance >= low) & ((chance < high) if bucket < BUCKETS - 1 else (chance <= high))
        if not inside.any():
            continue
        said, seen = float(chance[inside].mean()), float(won[inside].mean())
        gap = abs(said - seen) * 100
        worst = max(worst, gap)
        count = int(inside.sum())
        error = (seen * (1 - seen) / count) ** 0.5 * 100
        print(f"  {said * 100:6.1f} %   {seen * 100:6.1f} %   {count:7d}   {gap:4.1f}   {error:4.1f}")
    print(f"  worst bucket off by {worst:.1f} points (target: within 5)")
    print(f"Brier score: {brier:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, same code paths (under 10 s)")
    args = parser.parse_args()
    cost_after_a_deal(repeat=3 if args.quick else 30)
    cost_per_poll(repeat=3 if args.quick else 30)
    calibration(games=25 if args.quick else 4000, seed=7)


if __name__ == "__main__":
    main()

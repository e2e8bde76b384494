"""What rating a whole club from scratch costs the engine (no database, no web).

    .venv/bin/python benchmarks/club_ratings.py [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: 200 games, 4 drives,
one run a figure, the same code path.)

A club of 200 members with 5,000 finished games of 4 to 7 players (free-for-alls of the Oh Hell
family and Romanian, and 2-against-2 partnership games of whist) and 100 drives of 40 players,
spread over two years. Times ``rate`` overall (every outcome), per ladder and over one season,
then ``ladder``, ``records`` and ``records_set_by`` on top; each figure is the median of a few
runs. Prints figures only; asserts nothing about them (the issue's limit for rating every outcome
is 2 s). The floor, in the same run, is sorting the outcomes by when they were played (what
any rating of them in order must do first).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from functools import partial

from scorekeeper.rules.club import Outcome, Placing, Season, ladder, rate, records, records_set_by

MEMBERS = 200
GAMES = 5_000
DRIVES = 100
DRIVE_PLAYERS = 40
RUNS = 5
START = datetime(2024, 1, 4, 19, 30, tzinfo=UTC)
FREE_FOR_ALL = (("oh-hell", "oh_hell"), ("nomination-whist", "oh_hell"), ("romanian-whist", "romanian"))


def club(seed: int = 32, games: int = GAMES, drives: int = DRIVES) -> list[Outcome]:
    """The club's outcomes, made up once with a fixed seed."""
    chance = random.Random(seed)
    outcomes = [_game(chance, number) for number in range(games)]
    outcomes.extend(_drive(chance, number) for number in range(drives))
    chance.shuffle(outcomes)
    return outcomes


def _moment(chance: random.Random) -> datetime:
    return START + timedelta(minutes=chance.randrange(2 * 365 * 24 * 60))


def _game(chance: random.Random, number: int) -> Outcome:
    if chance.random() < 0.25:
        players = chance.sample(range(MEMBERS), 4)
        scores = [chance.randrange(0, 8) for _ in range(2)]
        placings = tuple(
            Placing(
                member=member,
                side=index % 2,
                rank=1 + (scores[index % 2] < scores[1 - index % 2]),
                score=scores[index % 2],
                won=scores[index % 2] >= scores[1 - index % 2],
            )
            for index, member in enumerate(players)
        )
        variant, ladder_code = "classic-whist", "whist"
    else:
        players = chance.sample(range(MEMBERS), chance.randint(4, 7))
        totals = [chance.randrange(0, 120) for _ in players]
        placings = tuple(
            Placing(
                member=member,
                side=index,
                rank=1 + sum(other > totals[index] for other in totals),
                score=totals[index],
                won=totals[index] == max(totals),
                exact_bids=chance.randrange(0, 12),
                longest_run=chance.randrange(0, 6),
            )
            for index, member in enumerate(players)
        )
        variant, ladder_code = chance.choice(FREE_FOR_ALL)
    return Outcome(
        key=f"game:{number}",
        kind="game",
        ladder=ladder_code,
        variant=variant,
        played_at=_moment(chance),
        placings=placings,
    )


def _drive(chance: random.Random, number: int) -> Outcome:
    players = chance.sample(range(MEMBERS), DRIVE_PLAYERS)
    totals = [chance.randrange(120, 200) for _ in players]
    placings = tuple(
        Placing(
            member=member,
            side=index,
            rank=1 + sum(other > totals[index] for other in totals),
            score=totals[index],
            won=totals[index] == max(totals),
        )
        for index, member in enumerate(players)
    )
    return Outcome(
        key=f"drive:{number}",
        kind="drive",
        ladder="drive",
        variant="drive",
        played_at=_moment(chance),
        placings=placings,
    )


def timed(label: str, work: Callable[[], object], runs: int = RUNS) -> None:
    """Print the median wall time of ``work`` over ``runs`` runs."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    print(f"{label:<48} {statistics.median(times) * 1000:8.1f} ms  (min {min(times) * 1000:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: a small club")
    quick = parser.parse_args().quick
    games, drives, runs = (200, 4, 1) if quick else (GAMES, DRIVES, RUNS)
    outcomes = club(games=games, drives=drives)
    season = Season(name="2024", starts_on=date(2024, 1, 1), ends_on=date(2024, 12, 31))
    print(f"{MEMBERS} members, {games} games of 4-7 players, {drives} drives of {DRIVE_PLAYERS} players")
    timed("floor: the outcomes sorted by when played", lambda: sorted(outcomes, key=by_when), runs)
    timed("rate: every outcome (overall)", lambda: rate(outcomes), runs)
    for ladder_code in ("oh_hell", "romanian", "whist", "drive"):
        timed(f"rate: ladder {ladder_code}", partial(rate, outcomes, ladder=ladder_code), runs)
    timed("rate: one season (2024)", lambda: rate(outcomes, season=season), runs)
    rated = rate(outcomes)
    timed("ladder of the overall ratings", lambda: ladder(rated), runs)
    timed("records: every outcome", lambda: records(outcomes), runs)
    latest = max(outcomes, key=by_when).key
    timed("records_set_by: the latest outcome", lambda: records_set_by(outcomes, latest), runs)


def by_when(outcome: Outcome) -> tuple[datetime, str]:
    """An outcome's place in time (its key breaks a tie)."""
    return outcome.played_at, outcome.key


if __name__ == "__main__":
    main()

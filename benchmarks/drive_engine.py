"""What the whist-drive engine costs a request: full replays of a 40-table, 24-hand drive.

    .venv/bin/python benchmarks/drive_engine.py [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: 4 tables, 4 hands,
3 repeats, the same code path.)

Every request rebuilds the drive from its stored entries and replays it, so the
figure that matters is one replay with the leaderboard and prizes, and one
table's hand entered on top of a replay. The floor is the replay of an empty
drive of the same size (hand 1's seating only), measured in the same run.
Prints figures only; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from scorekeeper.rules.drive import Drive, HandEntry

TABLES = 40
HANDS = 24


def full_drive(format: str, players: int = TABLES * 4, seed: int = 20, hands: int = HANDS) -> Drive:
    """A drive played to the end with random tricks at every table."""
    rng = random.Random(seed)
    setup = Drive.start("Benchmark", players, format=format, hands=hands, interval_after=hands // 2).setup
    entries = tuple(
        HandEntry(hand=hand, table=table, tricks=rng.randint(0, 13))
        for hand in range(1, hands + 1)
        for table in range(1, players // 4 + 1)
    )
    return Drive(setup, entries)


def milliseconds(action: Callable[[], object], repeats: int = 60) -> float:
    """The median time of ``action`` in milliseconds."""
    action()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: a small drive")
    quick = parser.parse_args().quick
    tables, hands, repeats = (4, 4, 3) if quick else (TABLES, HANDS, 60)
    empty = Drive.start("Benchmark", tables * 4, hands=hands)
    floor = milliseconds(lambda: Drive(empty.setup, empty.entries).state, repeats)
    print(f"floor: replay of an empty drive, {tables} tables: {floor:.2f} ms")
    for format in ("progressive", "semi_partner", "partner"):
        drive = full_drive(format, tables * 4, hands=hands)
        replayed = milliseconds(
            lambda drive=drive: Drive(drive.setup, drive.entries).state.standings, repeats
        )
        label = f"full replay + leaderboard + prizes, {format}, {tables} tables x {hands} hands"
        print(f"{label}: {replayed:.2f} ms")
    drive = full_drive("progressive", tables * 4, hands=hands)
    last = drive.entries[-1]
    before = Drive(drive.setup, drive.entries[:-1])

    def enter_last_table() -> object:
        # As a request does it: rebuild from the stored entries, enter one table, read the leaderboard.
        return Drive(before.setup, before.entries).enter(last).state.standings

    entered = milliseconds(enter_last_table, repeats)
    print(f"a hand entered + leaderboard, {tables} tables (hand {hands}): {entered:.2f} ms")
    with_sit_outs = full_drive("progressive", players=tables * 4 + 3, hands=hands)
    replayed = milliseconds(
        lambda: Drive(with_sit_outs.setup, with_sit_outs.entries).state.standings, repeats
    )
    print(f"full replay, progressive, {tables} tables and 3 sitting out: {replayed:.2f} ms")


if __name__ == "__main__":
    main()

"""What the whist-drive engine costs a request: full replays of a 40-table, 24-hand drive.

    .venv/bin/python benchmarks/drive_engine.py

Every request rebuilds the drive from its stored entries and replays it, so the
figure that matters is one replay with the leaderboard and prizes, and one
table's hand entered on top of a replay. The floor is the replay of an empty
drive of the same size (hand 1's seating only), measured in the same run.
Prints figures only; it asserts nothing about time.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from scorekeeper.rules.drive import Drive, HandEntry

TABLES = 40
HANDS = 24


def full_drive(format: str, players: int = TABLES * 4, seed: int = 20) -> Drive:
    """A drive played to the end with random tricks at every table."""
    rng = random.Random(seed)
    setup = Drive.start("Benchmark", players, format=format, hands=HANDS, interval_after=HANDS // 2).setup
    entries = tuple(
        HandEntry(hand=hand, table=table, tricks=rng.randint(0, 13))
        for hand in range(1, HANDS + 1)
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
    empty = Drive.start("Benchmark", TABLES * 4, hands=HANDS)
    floor = milliseconds(lambda: Drive(empty.setup, empty.entries).state)
    print(f"floor: replay of an empty drive, {TABLES} tables: {floor:.2f} ms")
    for format in ("progressive", "semi_partner", "partner"):
        drive = full_drive(format)
        replayed = milliseconds(lambda drive=drive: Drive(drive.setup, drive.entries).state.standings)
        label = f"full replay + leaderboard + prizes, {format}, {TABLES} tables x {HANDS} hands"
        print(f"{label}: {replayed:.2f} ms")
    drive = full_drive("progressive")
    last = drive.entries[-1]
    before = Drive(drive.setup, drive.entries[:-1])

    def enter_last_table() -> object:
        # As a request does it: rebuild from the stored entries, enter one table, read the leaderboard.
        return Drive(before.setup, before.entries).enter(last).state.standings

    entered = milliseconds(enter_last_table)
    print(f"a hand entered + leaderboard, {TABLES} tables (hand {HANDS}): {entered:.2f} ms")
    with_sit_outs = full_drive("progressive", players=TABLES * 4 + 3)
    replayed = milliseconds(lambda: Drive(with_sit_outs.setup, with_sit_outs.entries).state.standings)
    print(f"full replay, progressive, {TABLES} tables and 3 sitting out: {replayed:.2f} ms")


if __name__ == "__main__":
    main()

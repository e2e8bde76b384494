"""How long a big club's outcomes and fingerprint take (not a test: run it by hand).

    .venv/bin/python -m tests.clubs.measure_outcomes

A club of 25 tables with 5,000 finished four-player games among 200 members, and 100 finished
drives of 20 players (four hands): the outcomes read cold (nothing kept in the worker: every drive
replayed), with the drives' standings kept (a change to one game), and kept whole; the fingerprint.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import insert

from scorekeeper import database
from scorekeeper.clubs import access, holdings, outcomes
from scorekeeper.drives import store as drives
from scorekeeper.drives.models import DriveHandRecord
from scorekeeper.groups.importing import ImportedGame, ImportedTable, store_table
from scorekeeper.rules import Game
from scorekeeper.rules.drive import HandEntry
from tests.clubs.conftest import FIVE_SHORT, PHONE, VARIANT, deals
from tests.web.conftest import app_in

NAMES = [f"Member {number}" for number in range(200)]


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``action``, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def fill(club_id: str) -> None:
    chance = random.Random(7)
    for number in range(25):
        roster = tuple(NAMES[number * 8 : number * 8 + 8])
        games = []
        for _ in range(200):
            seats = chance.sample(range(8), 4)
            table = Game.start(VARIANT, [roster[seat] for seat in seats], options=FIVE_SHORT).table
            game = Game.from_data(table, deals(4, chance.sample(range(4), 2)))
            moment = database.utcnow()
            games.append(
                ImportedGame(
                    game=game,
                    seats=tuple(seats),
                    drawn=False,
                    created_at=moment,
                    updated_at=moment,
                    abandoned_at=None,
                    recorded_at=(moment,) * 5,
                )
            )
        imported = ImportedTable(
            name=f"Table {number}",
            created_at=database.utcnow(),
            players=roster,
            joined_at=(database.utcnow(),) * 8,
            games=tuple(games),
        )
        holdings.add_table(club_id, store_table(imported, holder=PHONE).id)
    for number in range(100):
        players = chance.sample(NAMES, 20)
        record, drive, _key = drives.create_drive(f"Drive {number}", players, hands=4)
        rows = []
        for hand in range(1, 5):
            for table_number in range(1, 6):
                entry = HandEntry(hand=hand, table=table_number, tricks=chance.randint(0, 13))
                drive = drive.enter(entry)
                row = {"hand": hand, "table_number": table_number, "tricks": entry.tricks}
                rows.append({**row, "drive_id": record.id, "pair": entry.pair.value})
        assert drive.state.finished
        with database.transaction() as writing:
            writing.execute(insert(DriveHandRecord.__table__), rows)
        holdings.add_drive(club_id, record.id)


def measure(club_id: str) -> None:
    """Print the figures of the filled club."""

    def cold() -> object:
        outcomes.KEPT.clear()
        outcomes.DRIVE_RESULTS.clear()
        drives.DRIVES.clear()
        return outcomes.outcomes(club_id)

    def drives_kept() -> object:
        outcomes.KEPT.clear()
        return outcomes.outcomes(club_id)

    print(f"outcomes, cold (every drive replayed): {best_of(5, cold):.0f} ms")
    print(f"outcomes, the drives' standings kept:   {best_of(5, drives_kept):.0f} ms")
    kept = best_of(20, lambda: outcomes.outcomes(club_id))
    fingerprint = best_of(50, lambda: outcomes.club_fingerprint(club_id))
    print(f"outcomes, kept for the fingerprint:     {kept:.2f} ms")
    print(f"club_fingerprint:                       {fingerprint:.2f} ms")


def main() -> None:
    for app in app_in(Path(tempfile.mkdtemp())):
        with app.test_request_context("/"):
            club = access.create_club("Big club", holder=PHONE)
            fill(club.id)
            found = outcomes.read_outcomes(club.id).outcomes  # summaries and links made once
            assert len(found) == 5_100, len(found)
            measure(club.id)


if __name__ == "__main__":
    main()

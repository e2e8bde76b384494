"""What a whist drive of 40 tables (160 players) and 24 hands costs the server.

    .venv/bin/python benchmarks/drive.py [--quick]

(after the README's set-up, ``./bin/test``, which installs the test extras; ``--quick``, the smoke run
``bin/test`` makes: 4 tables, 6 hands, the same code path.)

Through the WSGI app with the test client (SQLite, no network), CSRF on as in
a browser. The drive is set up and its first 23 hands entered through the
tables' pages (each result confirmed by the other pair on the same phone); then
each of the 40 tables enters hand 24 from its phone and the leaderboard is
read, as a hall of phones would after each entry, and the same again with the
other pair's confirmation step (enter, confirm, leaderboard). Beside
it, in the same run, the floor: the trivial endpoint (/healthz). Also the
caller's screen, a correction of hand 1 (everything after it re-scored), and
the leaderboard page's size for 160 players as sent with gzip. Prints figures
only, beside the target (a hand entered + leaderboard within 20 ms at 40
tables); asserts nothing about them.
"""

from __future__ import annotations

import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from flask.testing import FlaskClient

from scorekeeper import create_app

sys.path.insert(0, str(Path(__file__).parent.parent))
from tests.web.drive_pages import HALL_NAMES, SETUP_FIELDS

QUICK = "--quick" in sys.argv[1:]
TABLES = 4 if QUICK else 40
PLAYERS = TABLES * 4
HANDS = 6 if QUICK else 24
TARGET_MS = 20.0  # a hand entered + the leaderboard read, at 40 tables (issue 39)
REPEAT = 20 if QUICK else 200
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
TABLE_LINK = re.compile(r'href="http://localhost(/drives/[0-9a-f]+/tables/(\d+)/[0-9a-f]+)"')
HIDDEN = re.compile(r'<input type="hidden" name="(hand|seats|was)" value="([^"]*)"')
CONFIRMER = re.compile(r'<input type="hidden" name="player" value="(\d+)">')


def token(client: FlaskClient, url: str) -> str:
    found = TOKEN.search(client.get(url).get_data(as_text=True))
    assert found, url
    return found.group(1)


def set_up(client: FlaskClient) -> tuple[str, dict[int, str]]:
    """A progressive drive of 160 named players, 24 hands with an interval after 12."""
    form = {
        **SETUP_FIELDS,
        "csrf_token": token(client, "/drives/new"),
        "name": "County championship",
        "players": "\n".join(HALL_NAMES[:PLAYERS]),
        "hands": str(HANDS),
        "interval_after": str(HANDS // 2),
    }
    answer = client.post("/drives/new", data=form)
    assert answer.status_code == 303, answer.status_code
    url = answer.location
    links = TABLE_LINK.findall(client.get(url).get_data(as_text=True))
    return url, {int(table): path for path, table in links}


def hand_form(phone: FlaskClient, path: str, tricks: int) -> dict[str, str]:
    """What a table's phone sends for its page as now shown."""
    page = phone.get(path).get_data(as_text=True)
    hidden = dict(HIDDEN.findall(page))
    found = TOKEN.search(page)
    assert found
    return {**hidden, "pair": "NS", "tricks": str(tricks), "csrf_token": found.group(1)}


def enter(phone: FlaskClient, path: str, form: dict[str, str]) -> None:
    answer = phone.post(path, data=form)
    assert answer.status_code == 303, answer.status_code


def confirm_form(phone: FlaskClient, path: str) -> dict[str, str]:
    """What the other pair's tap sends, from the table's page as shown after the entry."""
    page = phone.get(path).get_data(as_text=True)
    hidden = dict(HIDDEN.findall(page))
    found, player = TOKEN.search(page), CONFIRMER.search(page)
    assert found and player, path
    return {**hidden, "player": player.group(1), "csrf_token": found.group(1)}


def confirm(phone: FlaskClient, path: str, form: dict[str, str]) -> None:
    answer = phone.post(f"{path}/confirm", data=form)
    assert answer.status_code == 303, answer.status_code


# Each figure is the wall-clock time and the CPU time the action took (this process's: the test client
# runs the app in it). On a machine busy with other work the wall clock counts the waits for a CPU
# too; the CPU time is the server's own work.
class Timed:
    """Wall-clock and CPU milliseconds of repeated actions."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, action: Callable[[], object]) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        action()
        self.wall.append((time.perf_counter() - start) * 1000)
        self.cpu.append((time.process_time() - cpu) * 1000)

    def plus(self, other: Timed) -> Timed:
        """The sums of this one's and ``other``'s times, pair by pair."""
        both = Timed()
        both.wall = [first + second for first, second in zip(self.wall, other.wall, strict=True)]
        both.cpu = [first + second for first, second in zip(self.cpu, other.cpu, strict=True)]
        return both

    def __str__(self) -> str:
        return f"{statistics.median(self.wall):.2f} ms (CPU {statistics.median(self.cpu):.2f} ms)"


def median_ms(action: Callable[[], object], repeat: int = REPEAT) -> Timed:
    action()
    timed = Timed()
    for _ in range(repeat):
        timed.time(action)
    return timed


def main() -> None:
    rng = random.Random(20)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        organiser = app.test_client()
        url, tables = set_up(organiser)
        phones = {table: app.test_client() for table in tables}
        for _hand in range(1, HANDS):
            for table, path in tables.items():
                enter(phones[table], path, hand_form(phones[table], path, rng.randint(0, 13)))
                confirm(phones[table], path, confirm_form(phones[table], path))
        reader = app.test_client()
        board = f"{url}/leaderboard"

        trivial = median_ms(lambda: reader.get("/healthz").get_data())
        # The caller's screen while hand 24 is played: every player's table and seat.
        caller = median_ms(lambda: reader.get(f"{url}/caller").get_data())
        # Each table's phone has its page open (loaded before the hand is entered); the time
        # is its entry, then one read of the leaderboard.
        forms = {table: hand_form(phones[table], path, rng.randint(0, 13)) for table, path in tables.items()}
        entered = Timed()
        for table, path in tables.items():
            entered.time(
                lambda table=table, path=path: (
                    enter(phones[table], path, forms[table]),
                    reader.get(board).get_data(),
                )
            )
        # The other pair's tap on the same phone (its page as shown after the entry is loaded
        # first, untimed, as the phone did on the redirect): with it, a hand costs the entry, the
        # confirmation and one read of the leaderboard.
        confirms = {table: confirm_form(phones[table], path) for table, path in tables.items()}
        confirmed = Timed()
        for table, path in tables.items():
            confirmed.time(lambda table=table, path=path: confirm(phones[table], path, confirms[table]))
        with_confirmation = entered.plus(confirmed)
        # Every hand is in: the organiser announces the prizes, and the leaderboard shows everyone.
        announce = f"{url}/leaderboard/announce"
        answer = organiser.post(announce, data={"all": "yes", "csrf_token": token(organiser, announce)})
        assert answer.status_code == 303, answer.status_code
        leaderboard = median_ms(lambda: reader.get(board).get_data())
        corrections = Timed()
        correction_path = f"{url}/hands/1/tables/1"
        for tricks in (3, 10, 4, 9, 5, 8):
            # Saved as the preview's "Save the correction" sends it.
            form = {**hand_form(organiser, correction_path, tricks), "apply": "yes"}
            corrections.time(lambda form=form: enter(organiser, correction_path, form))
        compressed = len(reader.get(board, headers={"Accept-Encoding": "gzip"}).get_data())
        raw = len(reader.get(board).get_data())

        print(f"Whist drive: {TABLES} tables, {PLAYERS} players, {HANDS} hands (test client, SQLite)")
        print("(wall clock; in brackets the CPU time, which a machine busy with other work does not inflate)")
        print(f"trivial endpoint: {trivial}")
        target = f"(target: {TARGET_MS:.0f} ms at 40 tables)"
        print(f"a hand entered + leaderboard, {TABLES} tables: {entered} {target}")
        print(f"  (slowest of the {TABLES} tables' entries of hand {HANDS}: {max(entered.wall):.2f} ms)")
        confirmed_words = f"a hand entered + confirmed by the other pair + leaderboard, {TABLES} tables"
        print(f"{confirmed_words}: {with_confirmation} {target}")
        print(f"  (the confirmation alone: {confirmed})")
        print(f"leaderboard page, {PLAYERS} players, unchanged drive: {leaderboard}")
        print(f"caller's screen, {PLAYERS} players: {caller}")
        print(f"a correction of hand 1 (every later hand re-scored): {corrections}")
        print(
            f"leaderboard page, {PLAYERS} players, gzip: {compressed / 1024:.1f} KB ({raw / 1024:.1f} KB raw)"
        )


if __name__ == "__main__":
    main()

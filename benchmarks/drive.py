"""What a whist drive of 40 tables (160 players) and 24 hands costs the server.

    .venv/bin/python benchmarks/drive.py [--quick]

(after the README's set-up, ``./bin/test``, which installs the test extras: it reads the drive's
pages with the tests' helpers; ``--quick`` is the smoke run ``bin/test`` makes: 4 tables, 4 hands,
3 requests a figure, the same code path.)

Through the WSGI app with the test client (SQLite, no network), CSRF on as in
a browser. The drive is set up and its first 23 hands entered through the
tables' pages (each result confirmed by the other pair on the same phone); then
each of the 40 tables enters hand 24 from its phone and the leaderboard is
read, as a hall of phones would after each entry, and the same again with the
other pair's confirmation step (enter, confirm, leaderboard). Beside
it, in the same run, the floor: the trivial endpoint (/healthz). Also the
caller's screen, a correction of hand 1 (everything after it re-scored), and
the leaderboard page's size for 160 players as sent with gzip. Prints figures
only; asserts nothing about them.
"""

from __future__ import annotations

import argparse
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

TABLES = 40
HANDS = 24
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
TABLE_LINK = re.compile(r'href="http://localhost(/drives/[0-9a-f]+/tables/(\d+)/[0-9a-f]+)"')
HIDDEN = re.compile(r'<input type="hidden" name="(hand|seats|was)" value="([^"]*)"')
CONFIRMER = re.compile(r'<input type="hidden" name="player" value="(\d+)">')


def token(client: FlaskClient, url: str) -> str:
    found = TOKEN.search(client.get(url).get_data(as_text=True))
    assert found, url
    return found.group(1)


def set_up(client: FlaskClient, tables: int = TABLES, hands: int = HANDS) -> tuple[str, dict[int, str]]:
    """A progressive drive of 160 named players (four a table), 24 hands with an interval after 12."""
    form = {
        **SETUP_FIELDS,
        "csrf_token": token(client, "/drives/new"),
        "name": "County championship",
        "players": "\n".join(HALL_NAMES[: tables * 4]),
        "hands": str(hands),
        "interval_after": str(hands // 2),
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


def ms(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def median_ms(action: Callable[[], object], repeat: int = 200) -> float:
    action()
    return statistics.median(ms(action) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: a small drive")
    quick = parser.parse_args().quick
    tables, hands, repeat = (4, 4, 3) if quick else (TABLES, HANDS, 200)
    players = tables * 4
    rng = random.Random(20)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        organiser = app.test_client()
        url, paths = set_up(organiser, tables, hands)
        phones = {table: app.test_client() for table in paths}
        for _hand in range(1, hands):
            for table, path in paths.items():
                enter(phones[table], path, hand_form(phones[table], path, rng.randint(0, 13)))
                confirm(phones[table], path, confirm_form(phones[table], path))
        reader = app.test_client()
        board = f"{url}/leaderboard"

        trivial = median_ms(lambda: reader.get("/healthz").get_data(), repeat)
        # The caller's screen while hand 24 is played: every player's table and seat.
        caller = median_ms(lambda: reader.get(f"{url}/caller").get_data(), repeat)
        # Each table's phone has its page open (loaded before the hand is entered); the time
        # is its entry, then one read of the leaderboard.
        forms = {table: hand_form(phones[table], path, rng.randint(0, 13)) for table, path in paths.items()}
        entered = [
            ms(
                lambda table=table, path=path: (
                    enter(phones[table], path, forms[table]),
                    reader.get(board).get_data(),
                )
            )
            for table, path in paths.items()
        ]
        # The other pair's tap on the same phone (its page as shown after the entry is loaded
        # first, untimed, as the phone did on the redirect): with it, a hand costs the entry, the
        # confirmation and one read of the leaderboard.
        confirms = {table: confirm_form(phones[table], path) for table, path in paths.items()}
        confirmed = [
            ms(lambda table=table, path=path: confirm(phones[table], path, confirms[table]))
            for table, path in paths.items()
        ]
        with_confirmation = [first + second for first, second in zip(entered, confirmed, strict=True)]
        leaderboard = median_ms(lambda: reader.get(board).get_data(), repeat)
        corrections = []
        correction_path = f"{url}/hands/1/tables/1"
        for tricks in (3, 10, 4, 9, 5, 8):
            # Saved as the preview's "Save the correction" sends it.
            form = {**hand_form(organiser, correction_path, tricks), "apply": "yes"}
            corrections.append(ms(lambda form=form: enter(organiser, correction_path, form)))
        compressed = len(reader.get(board, headers={"Accept-Encoding": "gzip"}).get_data())
        raw = len(reader.get(board).get_data())

        print(f"Whist drive: {tables} tables, {players} players, {hands} hands (test client, SQLite)")
        print(f"trivial endpoint: {trivial:.2f} ms")
        print(f"a hand entered + leaderboard, {tables} tables: {statistics.median(entered):.2f} ms")
        print(f"  (slowest of the {tables} tables' entries of hand {hands}: {max(entered):.2f} ms)")
        print(
            f"a hand entered + confirmed by the other pair + leaderboard, {tables} tables: "
            f"{statistics.median(with_confirmation):.2f} ms"
        )
        print(f"  (the confirmation alone: {statistics.median(confirmed):.2f} ms)")
        print(f"leaderboard page, {players} players, unchanged drive: {leaderboard:.2f} ms")
        print(f"caller's screen, {players} players: {caller:.2f} ms")
        print(f"a correction of hand 1 (every later hand re-scored): {statistics.median(corrections):.2f} ms")
        print(
            f"leaderboard page, {players} players, gzip: {compressed / 1024:.1f} KB ({raw / 1024:.1f} KB raw)"
        )


if __name__ == "__main__":
    main()

"""A club of 200 members, 5,000 games and 100 drives: what its pages and ratings cost the server.

    .venv/bin/python benchmarks/club.py [--games 5000] [--drives 100] [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: 40 games, 2 drives,
2 requests a figure, the same code path.)

Fills a club with 20 tables of mixed variants (the games of benchmarks/stats.py: random but legal
play, imported as a table file is: replayed by the engine, summaries kept), each table's roster
twelve of the 200 members (neighbouring tables share players, so members play across tables),
and 100 finished drives of 20 members (four hands, each on an evening of its own), all in one season
with a league (points per place, the best ten, three evenings to qualify). Then prints, beside the
trivial endpoint in the same run, the server time (test client, SQLite) of the ladder page, a
member's page, the records page, the league's table and the club night with the most games after a
first warm request; the pages right after a change to
the club (a season added: everything read and rated again) and right after a game finished at one
of its tables (that game read and rated on top of what the worker kept); recomputing every
rating of the season from scratch; what reading the club's outcomes costs (cold, with the drives'
standings kept, kept for the fingerprint) and the fingerprint itself; and what a game of a club's
table adds to recording its last deal, beside a game of a table outside any club, with the finish
screen that follows.
Targets: pages ≤ 100 ms (the league's table and a club night's page too), the first page after a
change ≤ 300 ms, ratings ≤ 2 s, the last deal ≤ 20 % on top. ``--quick`` runs the same code on 200
games and 4 drives, each page timed 5 times (a smoke run, under 10 s).

Prints figures only; asserts nothing about time.
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
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import insert

sys.path.insert(0, str(Path(__file__).parent))
from stats import MIX, TEMPLATES_PER_KIND, server_ms, start_game, template

from scorekeeper import create_app, database
from scorekeeper.clubs import access, holdings, nights, outcomes, seasons
from scorekeeper.clubs import ratings as club_ratings
from scorekeeper.drives import store as drives
from scorekeeper.drives.models import DriveHandRecord
from scorekeeper.games import store
from scorekeeper.groups.access import create_group
from scorekeeper.groups.importing import store_table
from scorekeeper.rules.club import LeagueRule, rate, records_set_by
from scorekeeper.rules.drive import HandEntry
from scorekeeper.web.tables.exchange import read_table

DEVICE = "benchmark-device"
MEMBERS = [f"Member {number:03d}" for number in range(200)]
TABLES = 20
ROSTER = 12
SEASON_START = datetime(2026, 1, 1, 19, tzinfo=UTC)
REPEAT = 30


def table_document(
    number: int, games: int, templates: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """Table ``number``'s file: ``games`` finished games among its twelve members, over the season."""
    roster = [MEMBERS[(number * 10 + index) % len(MEMBERS)] for index in range(ROSTER)]
    documents = []
    for index in range(games):
        chosen = templates[(number + index * TABLES) % len(templates)]
        seats = rng.sample(range(ROSTER), chosen["players"])
        played = SEASON_START + timedelta(minutes=60 * (number + index * TABLES))
        documents.append(
            {
                "format": "scorekeeper/game",
                "format_version": 1,
                "variant": chosen["variant"],
                "options": chosen["options"],
                "players": [roster[seat] for seat in seats],
                "first_dealer": chosen["first_dealer"],
                "deals": chosen["deals"],
                "seats": seats,
                "created_at": played.isoformat(),
                "updated_at": (played + timedelta(hours=1)).isoformat(),
            }
        )
    return {
        "format": "scorekeeper/table",
        "format_version": 1,
        "name": f"Table {number + 1}",
        "players": [{"name": name} for name in roster],
        "games": documents,
    }


def finished_drive(number: int, rng: random.Random) -> str:
    """A finished drive of 20 members, four hands, played on an evening of the season of its own
    (every other day from the season's start); its hands written in one statement."""
    record, drive, _key = drives.create_drive(f"Drive {number + 1}", rng.sample(MEMBERS, 20), hands=4)
    rows = []
    for hand in range(1, 5):
        for table in range(1, 6):
            entry = HandEntry(hand=hand, table=table, tricks=rng.randint(0, 13))
            drive = drive.enter(entry)
            played = SEASON_START + timedelta(days=2 * number, hours=1, minutes=10 * hand)
            rows.append(
                {"drive_id": record.id, "hand": hand, "table_number": table, "tricks": entry.tricks,
                 "pair": entry.pair.value, "recorded_at": played}
            )  # fmt: skip
    assert drive.state.finished
    with database.transaction() as writing:
        writing.execute(insert(DriveHandRecord.__table__), rows)
    return record.id


def fill(app: Flask, client: FlaskClient, games: int, drive_count: int) -> str:
    """The club, kept by the phone ``client`` stands for; its id."""
    started = time.perf_counter()
    rng = random.Random(32)
    templates = [
        template(rng, variant, options, players)
        for variant, options, players in MIX
        for _ in range(TEMPLATES_PER_KIND)
    ]
    with app.test_request_context():
        club = access.create_club("Thursday Whist Club", holder=DEVICE)
        for number in range(TABLES):
            document = table_document(number, games // TABLES, templates, rng)
            holdings.add_table(club.id, store_table(read_table(document), holder=DEVICE).id)
        for number in range(drive_count):
            holdings.add_drive(club.id, finished_drive(number, rng))
        drives.DRIVES.clear()  # the replays kept at set-up, before their hands were written
        season = seasons.add_season(club.id, "2026", date(2026, 1, 1), date(2026, 12, 31))
        league = LeagueRule(kind="placings", points=(3, 2, 1), best=10, qualify=3)
        seasons.set_league(club.id, season.id, league)
        found = len(outcomes.outcomes(club.id))
    with client.session_transaction() as session:
        session["device"] = DEVICE
    print(
        f"filled: {len(MEMBERS)} members, {games:,} games at {TABLES} tables, {drive_count} drives "
        f"({found:,} outcomes) in {time.perf_counter() - started:.1f} s"
    )
    return club.id


def busiest_evening(app: Flask, club_id: str) -> str:
    """The club night with the most games and drives."""
    with app.test_request_context():
        evenings = nights.evenings(club_id, None)
        found = max(evenings, key=lambda evening: (evening.games + evening.drives, evening.day))
    return found.day.isoformat()


def pages(app: Flask, client: FlaskClient, club_id: str) -> None:
    ladder = client.get(f"/clubs/{club_id}/ladder").get_data(as_text=True)
    member = re.search(rf'href="/clubs/{club_id}/members/(\d+)', ladder)
    assert member, "no member on the ladder"
    evening = busiest_evening(app, club_id)
    rows = [
        ("trivial endpoint (/healthz)", "/healthz"),
        ("ladder page, the season, overall", f"/clubs/{club_id}/ladder"),
        ("ladder page, the season, Oh Hell family", f"/clubs/{club_id}/ladder?ladder=oh_hell"),
        ("a member's page (history and rating chart)", f"/clubs/{club_id}/members/{member.group(1)}"),
        ("records page", f"/clubs/{club_id}/records"),
        ("season results page", f"/clubs/{club_id}/seasons/1/results"),
        ("the season's league table", f"/clubs/{club_id}/league"),
        (f"the busiest club night ({evening})", f"/clubs/{club_id}/nights/{evening}"),
    ]
    print(f"server time per request after a first warm one ({REPEAT} requests each; mean, p95):")
    for label, url in rows:
        mean, p95 = server_ms(client, url, REPEAT)
        print(f"{label}: {mean:.1f} ms (p95 {p95:.1f} ms)")


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``action``, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def outcomes_cost(app: Flask, club_id: str) -> None:
    """The club's outcomes read cold (nothing kept in the worker: every drive replayed), with the
    drives' standings kept (what a change to one game costs), and kept whole; its fingerprint; and
    the records the latest game set (the two parts of a club game's first finish screen)."""

    def cold() -> object:
        outcomes.KEPT.clear()
        outcomes.GAMES_READ.clear()
        outcomes.DRIVE_RESULTS.clear()
        drives.DRIVES.clear()
        return outcomes.outcomes(club_id)

    def drives_kept() -> object:
        outcomes.KEPT.clear()
        outcomes.GAMES_READ.clear()
        return outcomes.outcomes(club_id)

    def whole() -> object:
        return outcomes.outcomes(club_id)

    def fingerprint() -> object:
        return outcomes.club_fingerprint(club_id)

    with app.test_request_context():
        found = outcomes.outcomes(club_id)
        games = [outcome for outcome in found if outcome.kind == "game"]

        def records_set() -> object:
            return records_set_by(found, games[-1].key)

        figures = (
            ("the club's outcomes, cold (every drive replayed; best of 3)", best_of(3, cold), 0),
            ("the club's outcomes, the drives' standings kept (best of 5)", best_of(5, drives_kept), 0),
            ("the club's outcomes, kept for its fingerprint (best of 20)", best_of(20, whole), 2),
            ("the club's fingerprint (best of 50)", best_of(50, fingerprint), 2),
            ("the records the latest game set (records_set_by; best of 5)", best_of(5, records_set), 0),
        )
    for label, value, places in figures:
        print(f"{label}: {value:.{places}f} ms")


def after_a_change(app: Flask, client: FlaskClient, club_id: str) -> None:
    """The first request after the club changed (a new fingerprint: nothing kept for it)."""
    with app.test_request_context():
        member = outcomes.outcomes(club_id)[0].placings[0].member
    evening = busiest_evening(app, club_id)
    for label, url in (
        ("ladder page", f"/clubs/{club_id}/ladder"),
        ("records page", f"/clubs/{club_id}/records"),
        ("a member's page", f"/clubs/{club_id}/members/{member}"),
        ("the league's table", f"/clubs/{club_id}/league"),
        ("a club night's page", f"/clubs/{club_id}/nights/{evening}"),
    ):
        with app.test_request_context():
            seasons.add_season(club_id, "Change", date(2020, 1, 1), date(2020, 1, 2))  # a new fingerprint
        club_ratings.LAST_RATED.clear()  # as after a merge: every rating worked out again
        start = time.perf_counter()
        assert client.get(url).status_code == 200
        print(f"{label}, first request after a change (outcomes read and rated afresh): "
              f"{(time.perf_counter() - start) * 1000:.0f} ms")  # fmt: skip


def after_a_game(app: Flask, client: FlaskClient, club_id: str) -> None:
    """The first request after a game at one of the club's tables finished: a new fingerprint, the
    new game read and rated on top of what this worker had (its players already members)."""
    with app.test_request_context():
        inside = holdings.tables_of(club_id)[0]
    made = template(random.Random(11), "oh-hell", {}, 4)

    def finish_a_game() -> None:
        game_id = start_game(client, made, inside.id)
        with app.test_request_context():
            record, game = store.load_game(game_id)
            for number, data in enumerate(made["deals"], start=1):
                game = store.record_deal(record, game, number, data)

    finish_a_game()  # its players join the club: every game is read again once for their links
    ladder = client.get(f"/clubs/{club_id}/ladder?season=all").get_data(as_text=True)
    member = re.search(rf'href="/clubs/{club_id}/members/(\d+)', ladder)
    assert member, "no member on the ladder"
    for label, url in (
        ("ladder page, all time", f"/clubs/{club_id}/ladder?season=all"),
        ("records page, all time", f"/clubs/{club_id}/records?season=all"),
        ("a member's page, all time", f"/clubs/{club_id}/members/{member.group(1)}?season=all"),
        ("members list, all time", f"/clubs/{club_id}/members"),
    ):
        timings = []
        for _ in range(5):
            assert client.get(url).status_code == 200  # kept for the club as it is
            finish_a_game()
            start = time.perf_counter()
            assert client.get(url).status_code == 200
            timings.append((time.perf_counter() - start) * 1000)
        median = statistics.median(timings)
        print(f"{label}, first request after a game finished (median of 5): {median:.0f} ms")


def ratings(app: Flask, club_id: str) -> None:
    """Every rating of the season worked out from scratch, from the club's outcomes."""
    with app.test_request_context():
        found = outcomes.outcomes(club_id)
        season = seasons.current_season(club_id, date(2026, 6, 1))
        assert season is not None
        timings = []
        for _ in range(3):
            start = time.perf_counter()
            rated = rate(found, season=season.season)
            timings.append(time.perf_counter() - start)
        every = []
        for _ in range(3):
            start = time.perf_counter()
            for ladder in (None, "oh_hell", "romanian", "whist", "drive"):
                rate(found, ladder=ladder, season=season.season)
            every.append(time.perf_counter() - start)
        start = time.perf_counter()
        outcomes.KEPT.clear()
        outcomes.GAMES_READ.clear()
        outcomes.DRIVE_RESULTS.clear()
        drives.DRIVES.clear()
        outcomes.outcomes(club_id)
        cold = time.perf_counter() - start
    print(f"recompute every rating of the season, overall ({len(found):,} outcomes, {len(rated)} members): "
          f"{min(timings):.2f} s")  # fmt: skip
    print(f"recompute every rating of the season, overall and each of the four ladders: {min(every):.2f} s")
    print(f"the club's outcomes read from scratch (every drive replayed): {cold:.2f} s")


def last_deal_cost(app: Flask, client: FlaskClient, club_id: str) -> None:
    """Recording the last deal of a game at a club's table, beside a game at a table in no club,
    through the deal page; then the finish screen each shows (the club's records looked up)."""
    with app.test_request_context():
        outside = create_group("Outside", holder=DEVICE)
        inside = holdings.tables_of(club_id)[0]
    made = template(random.Random(7), "oh-hell", {}, 4)
    deals, last = made["deals"], len(made["deals"])
    games = {"club": start_game(client, made, inside.id), "no club": start_game(client, made, outside.id)}
    with app.test_request_context():
        for game_id in games.values():
            record, game = store.load_game(game_id)
            for number, data in enumerate(deals[:-1], start=1):
                game = store.record_deal(record, game, number, data)
    fields = {f"bid-{seat}": bid for seat, bid in enumerate(deals[-1]["bids"])}
    fields.update({f"tricks-{seat}": took for seat, took in enumerate(deals[-1]["tricks"])})
    if "trump" in deals[-1]:
        fields["trump"] = deals[-1]["trump"]
    posts: dict[str, list[float]] = {kind: [] for kind in games}
    sheets: dict[str, list[float]] = {kind: [] for kind in games}
    for _ in range(REPEAT):
        for kind, game_id in games.items():
            entry = client.get(f"/games/{game_id}/deals/{last}").get_data(as_text=True)
            token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', entry)
            assert token
            start = time.perf_counter()
            response = client.post(
                f"/games/{game_id}/deals/{last}",
                data={"csrf_token": token.group(1), "phase": "tricks", **fields},
            )
            posts[kind].append((time.perf_counter() - start) * 1000)
            assert response.status_code == 302, response.status_code
            start = time.perf_counter()
            assert client.get(f"/games/{game_id}").status_code == 200
            sheets[kind].append((time.perf_counter() - start) * 1000)
            with app.test_request_context():
                record, game = store.load_game(game_id)
                store.undo_last(record, game)
    post = {kind: statistics.median(values) for kind, values in posts.items()}
    sheet = {kind: statistics.median(values) for kind, values in sheets.items()}
    print(f"recording the last deal through the deal page, Oh Hell for four (medians of {REPEAT}):")
    print(f"a game of a table in no club: {post['no club']:.2f} ms")
    print(f"a game of a club's table: {post['club']:.2f} ms")
    extra = 100 * (post["club"] - post["no club"]) / post["no club"]
    print(f"a club's game on top of recording its last deal: {extra:.0f} %")
    first_view = "its finish screen, the first view after the last deal"
    print(f"{first_view}, a table in no club: {sheet['no club']:.1f} ms")
    print(f"{first_view}, a club's table (records set looked up, "
          f"the club's outcomes read afresh): {sheet['club']:.1f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5_000)
    parser.add_argument("--drives", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: a tiny club")
    options = parser.parse_args()
    global REPEAT
    if options.quick:
        options.games, options.drives, REPEAT = 40, 2, 2
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        client = app.test_client()
        club_id = fill(app, client, options.games, options.drives)
        pages(app, client, club_id)
        ratings(app, club_id)
        outcomes_cost(app, club_id)
        after_a_change(app, client, club_id)
        after_a_game(app, client, club_id)
        last_deal_cost(app, client, club_id)


if __name__ == "__main__":
    main()

"""Statistics of a table with 10,000 finished games, and what a game's summary costs.

    .venv/bin/python benchmarks/stats.py [--games 10000]

Fills a table with finished games of mixed variants (bid-exactly games of
four families, Classic Whist with and without the rubber, German Whist),
played out with random but legal bids and tricks and imported as a table
file would be: every game replayed by the engine, its summary kept. Then
prints the server time (test client, SQLite, no network) of the table's
pages beside the trivial endpoint (/healthz) in the same run: the mean of
repeated requests, and the 95th percentile. The target is at most 100 ms
for the statistics of 10,000 games.

Then the cost of a finished game's summary beside recording the game's last
deal: through the store (the engine's replay and the write), and through the
deal page as a phone posts it. The target is at most 20 % on top.

Prints figures only; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, database
from scorekeeper.games import store
from scorekeeper.groups import summaries
from scorekeeper.groups.importing import store_table
from scorekeeper.rules import Game
from scorekeeper.rules.state import DealFacts
from scorekeeper.web.tables.exchange import read_table

ROSTER = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
# (variant, options, players): the mix of games the table plays.
MIX: list[tuple[str, dict[str, Any], int]] = [
    ("oh-hell", {}, 4),
    ("oh-hell", {}, 5),
    ("contract-whist", {}, 4),
    ("nomination-whist", {}, 4),
    ("romanian-whist", {}, 4),
    ("romanian-whist", {}, 6),
    ("custom-oh-hell", {"shape": "down-up", "start_cards": 7}, 3),
    ("classic-whist", {}, 4),
    ("classic-whist", {"rubber": True}, 4),
    ("german-whist", {}, 2),
]
TEMPLATES_PER_KIND = 12
REPEAT = 40


def exact_deal(rng: random.Random, facts: DealFacts, players: int) -> dict[str, Any]:
    """Random legal bids and tricks: most bids made, the hook kept."""
    active = [seat for seat in range(players) if seat not in facts.sitting_out]
    tricks: list[int | None] = [None] * players
    left = facts.cards
    for seat in active[:-1]:
        tricks[seat] = taken = rng.randint(0, left)
        left -= taken
    tricks[active[-1]] = left
    bids: list[int | None] = [None] * players
    for seat in active:
        took = tricks[seat] or 0
        bids[seat] = took if rng.random() < 0.6 else rng.randint(0, facts.cards)
    if facts.hook and sum(bid or 0 for bid in bids) == facts.cards:
        last = facts.last_bidder
        bids[last] = (bids[last] or 0) + 1 if (bids[last] or 0) < facts.cards else (bids[last] or 0) - 1
    entry: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if facts.trump is None and facts.trump_turned:
        entry["trump"] = rng.choice("SHDC")
    return entry


def trick_deal(rng: random.Random, facts: DealFacts, players: int) -> dict[str, Any]:
    """One side's tricks (partnership and two-hand games)."""
    return {"tricks": rng.randint(2, 11) if players == 4 else rng.randint(3, 10)}


def template(rng: random.Random, variant: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """A finished game of ``variant`` with random play: its table and every deal's inputs."""
    names = ROSTER[:players]
    game = Game.start(variant, names, first_dealer=rng.randrange(players), options=options)
    engine = game.table.variant.engine
    make: Callable[[random.Random, DealFacts, int], dict[str, Any]] = (
        exact_deal if engine.input_kind == "exact_bids" else trick_deal
    )
    deals = []
    while (facts := game.state.current) is not None:
        data = make(rng, facts, players)
        game = game.record(engine.read_entry(facts.number, data))
        deals.append(engine.write_entry(game.entries[-1]))
    return {
        "variant": variant,
        "options": dict(game.table.options),
        "first_dealer": game.table.first_dealer,
        "deals": deals,
        "players": players,
    }


def table_file(games: int, seed: int = 16) -> dict[str, Any]:
    """A table file of ``games`` finished games over three years, seated from a roster of twelve."""
    rng = random.Random(seed)
    templates = [
        template(rng, variant, options, players)
        for variant, options, players in MIX
        for _ in range(TEMPLATES_PER_KIND)
    ]
    start = datetime(2023, 1, 1, 19, tzinfo=UTC)
    documents = []
    for number in range(games):
        chosen = templates[number % len(templates)]
        seats = rng.sample(range(len(ROSTER)), chosen["players"])
        played = start + timedelta(minutes=150 * number)
        documents.append(
            {
                "format": "scorekeeper/game",
                "format_version": 1,
                "variant": chosen["variant"],
                "options": chosen["options"],
                "players": [ROSTER[seat] for seat in seats],
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
        "name": "Thursday whist",
        "players": [{"name": name} for name in ROSTER],
        "games": documents,
    }


def server_ms(client: FlaskClient, url: str, repeat: int = REPEAT) -> tuple[float, float]:
    """Mean and 95th percentile milliseconds of a GET, after one request to warm up."""
    assert client.get(url).status_code == 200, url
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.get(url)
        response.get_data()
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    times.sort()
    return statistics.fmean(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def fill(app: Flask, client: FlaskClient, games: int) -> str:
    """The table, imported by the phone ``client`` stands for; its id."""
    started = time.perf_counter()
    document = table_file(games)
    made = time.perf_counter()
    with app.test_request_context():
        device = "benchmark-device"
        group = store_table(read_table(document), holder=device)
    with client.session_transaction() as session:
        session["device"] = device
    print(
        f"filled: {games:,} games made in {made - started:.1f} s, imported (replayed, kept) in "
        f"{time.perf_counter() - made:.1f} s"
    )
    return group.id


def pages(client: FlaskClient, group_id: str, games: int) -> None:
    stats_page = client.get(f"/tables/{group_id}/stats").get_data(as_text=True)
    player = re.search(rf'href="/tables/{group_id}/players/(\d+)', stats_page)
    assert player, "no player on the statistics page"
    rows = [
        ("trivial endpoint (/healthz)", "/healthz"),
        (f"statistics page, {games:,} games", f"/tables/{group_id}/stats"),
        (
            f"statistics page of one variant (Oh Hell), {games:,} games",
            f"/tables/{group_id}/stats?variant=oh-hell",
        ),
        (f"one player's page, {games:,} games", f"/tables/{group_id}/players/{player.group(1)}"),
        (
            f"one player's page of one variant, {games:,} games",
            f"/tables/{group_id}/players/{player.group(1)}?variant=romanian-whist",
        ),
        (f"history page, {games:,} games", f"/tables/{group_id}/games"),
        (f"table page, {games:,} games", f"/tables/{group_id}"),
    ]
    print(f"server time per request ({REPEAT} requests each; mean, p95), test client on SQLite:")
    for label, url in rows:
        mean, p95 = server_ms(client, url)
        print(f"{label}: {mean:.1f} ms (p95 {p95:.1f} ms)")


def start_game(client: FlaskClient, made: dict[str, Any], group_id: str | None) -> str:
    """A game of Oh Hell for four through the new-game form, at the table or on its own."""
    query = f"?table={group_id}" if group_id else ""
    page = client.get(f"/games/new/oh-hell{query}").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert token
    form = {"csrf_token": token.group(1), "first_dealer": str(made["first_dealer"]), "table": group_id or ""}
    form.update({f"players-{seat}": name for seat, name in enumerate(ROSTER[:4])})
    started = client.post(f"/games/new/oh-hell{query}", data=form).headers["Location"]  # deal 1's screen
    return started.split("/games/", 1)[1].split("/", 1)[0]


def summary_cost(app: Flask, client: FlaskClient, group_id: str) -> None:
    """Recording a game's last deal at a table (which keeps the game's summary in the same
    transaction) beside the same deal of the same game played on its own, through the store and
    through the deal page; and the summary alone, as a page of the table builds it when missing."""
    made = template(random.Random(7), "oh-hell", {}, 4)
    deals, last = made["deals"], len(made["deals"])
    games = {"table": start_game(client, made, group_id), "own": start_game(client, made, None)}
    with app.test_request_context():
        for game_id in games.values():
            record, game = store.load_game(game_id)
            for number, data in enumerate(deals[:-1], start=1):
                game = store.record_deal(record, game, number, data)
    fields = {f"bid-{seat}": bid for seat, bid in enumerate(deals[-1]["bids"])}
    fields.update({f"tricks-{seat}": took for seat, took in enumerate(deals[-1]["tricks"])})
    if "trump" in deals[-1]:
        fields["trump"] = deals[-1]["trump"]
    timings: dict[str, list[float]] = {
        key: [] for key in ("store table", "store own", "page table", "page own")
    }
    alone: list[float] = []
    for _ in range(REPEAT):
        for kind, game_id in games.items():
            with app.test_request_context():
                record, game = store.load_game(game_id)
                start = time.perf_counter()
                finished = store.record_deal(record, game, last, deals[-1])
                timings[f"store {kind}"].append((time.perf_counter() - start) * 1000)
                assert finished.state.finished
                if kind == "table":
                    # As if the deal had kept no summary: build it as a view of the table would.
                    with database.transaction() as connection:
                        connection.execute(summaries._FORGET, {"game": game_id})
                    start = time.perf_counter()
                    summaries.keep_summaries([record])
                    alone.append((time.perf_counter() - start) * 1000)
                store.undo_last(record, finished)
            entry = client.get(f"/games/{game_id}/deals/{last}").get_data(as_text=True)
            token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', entry)
            assert token
            start = time.perf_counter()
            response = client.post(
                f"/games/{game_id}/deals/{last}",
                data={"csrf_token": token.group(1), "phase": "tricks", **fields},
            )
            timings[f"page {kind}"].append((time.perf_counter() - start) * 1000)
            assert response.status_code == 302, response.status_code
            with app.test_request_context():
                record, game = store.load_game(game_id)
                store.undo_last(record, game)
    median = {key: statistics.median(values) for key, values in timings.items()}
    print(f"a finished game's summary, Oh Hell for four, {last} deals (medians of {REPEAT}):")
    for way in ("store", "page"):
        own, table = median[f"{way} own"], median[f"{way} table"]
        how = (
            "through the store (the engine's replay and the write)"
            if way == "store"
            else "through the deal page"
        )
        print(f"recording the last deal {how}, a game on its own: {own:.2f} ms")
        print(f"recording the last deal {how}, a table's game, with its summary: {table:.2f} ms")
        print(f"summary on top of recording the last deal {how}: {100 * (table - own) / own:.0f} %")
    print(f"the summary alone, built and kept by a page of the table: {statistics.median(alone):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        client = app.test_client()
        group_id = fill(app, client, games)
        pages(client, group_id, games)
        summary_cost(app, client, group_id)


if __name__ == "__main__":
    main()

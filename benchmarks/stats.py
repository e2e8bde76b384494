"""Statistics of a table with 10,000 finished games, and what a game's summary costs.

    .venv/bin/python benchmarks/stats.py [--games 10000] [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: 30 games and 3 requests
a figure, the same code path.)

Fills a table the way a real one comes to have 10,000 games: one game after
another started at the table with players of its roster (store.create_game
with the table's seating) and played deal by deal through the store
(store.record_deal: the engine's check and replay, the write, and the game's
summary kept with its last deal), on a clock that moves on 2.5 hours a game,
so the games spread over three years of evenings. The games are of mixed
variants (bid-exactly games of four families, Classic Whist with and without
the rubber, German Whist), played out with random but legal bids and tricks.
(A table file cannot bring them: the product refuses a file of more than
2,000 games.) Filling takes several minutes. Then prints the server time
(test client, SQLite, no network) of the table's pages beside the trivial
endpoint (/healthz) in the same run: the mean of repeated requests, and the
95th percentile. The target is at most 100 ms for the statistics of 10,000
games.

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
from unittest import mock

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, database
from scorekeeper.games import store
from scorekeeper.groups import summaries
from scorekeeper.groups.access import create_group
from scorekeeper.groups.roster import add_player, seating_for_players
from scorekeeper.rules import Game
from scorekeeper.rules.state import DealFacts

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


def templates_of_the_mix(rng: random.Random) -> list[dict[str, Any]]:
    """TEMPLATES_PER_KIND finished games of each kind of MIX, played out with random legal play."""
    return [
        template(rng, variant, options, players)
        for variant, options, players in MIX
        for _ in range(TEMPLATES_PER_KIND)
    ]


class EveningClock:
    """The store's clock for the fill: each game starts 2.5 hours after the one before (three years
    of evenings for 10,000 games), and each deal is recorded a minute after the last."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now

    def next_game(self, number: int) -> None:
        self.now = FIRST_EVENING + timedelta(minutes=150 * number)


FIRST_EVENING = datetime(2023, 1, 1, 19, tzinfo=UTC)


def play_games(group_id: str, player_ids: list[int], games: int, *, device: str, seed: int = 16) -> int:
    """Play ``games`` finished games at the table, one after another as its phone would: each
    started with players of the roster in their seats, then every deal recorded through the store.
    Call it in a request context; returns the deals recorded."""
    rng = random.Random(seed)
    templates = templates_of_the_mix(rng)
    clock = EveningClock(FIRST_EVENING)
    recorded = 0
    with mock.patch.object(store, "utcnow", clock):
        for number in range(games):
            clock.next_game(number)
            chosen = templates[number % len(templates)]
            seats = rng.sample(range(len(player_ids)), chosen["players"])
            seating = seating_for_players(group_id, [player_ids[seat] for seat in seats])
            record, game, _key = store.create_game(
                chosen["variant"],
                seating.names,
                first_dealer=chosen["first_dealer"],
                options=chosen["options"],
                holder=device,
                seating=seating,
            )
            for deal, data in enumerate(chosen["deals"], start=1):
                game = store.record_deal(record, game, deal, data)
            assert game.state.finished, chosen["variant"]
            recorded += len(chosen["deals"])
    return recorded


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
    """The table, started and kept by the phone ``client`` stands for, with ``games`` games played at
    it; its id."""
    started = time.perf_counter()
    device = "benchmark-device"
    with app.test_request_context():
        group = create_group("Thursday whist", holder=device, created_at=FIRST_EVENING - timedelta(days=1))
        player_ids = [add_player(group.id, name).id for name in ROSTER]
        deals = play_games(group.id, player_ids, games, device=device)
    with client.session_transaction() as session:
        session["device"] = device
    seconds = time.perf_counter() - started
    print(
        f"filled: {games:,} games ({deals:,} deals) played at the table through the store "
        f"in {seconds:.1f} s ({1000 * seconds / deals:.2f} ms a deal)"
    )
    return group.id


def pages(client: FlaskClient, group_id: str, games: int, repeat: int = REPEAT) -> None:
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
    print(f"server time per request ({repeat} requests each; mean, p95), test client on SQLite:")
    for label, url in rows:
        mean, p95 = server_ms(client, url, repeat)
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


def summary_cost(app: Flask, client: FlaskClient, group_id: str, repeat: int = REPEAT) -> None:
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
    for _ in range(repeat):
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
    print(f"a finished game's summary, Oh Hell for four, {last} deals (medians of {repeat}):")
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
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: 30 games")
    arguments = parser.parse_args()
    games, repeat = (30, 3) if arguments.quick else (arguments.games, REPEAT)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        client = app.test_client()
        group_id = fill(app, client, games)
        pages(client, group_id, games, repeat)
        summary_cost(app, client, group_id, repeat)


if __name__ == "__main__":
    main()

"""Load on a real server: gunicorn (2 workers) on 127.0.0.1, many clients at once.

    .venv/bin/python benchmarks/load.py [--seconds 20] [--readers 6] [--writers 6]

First a baseline: the trivial /healthz endpoint hammered by the same number of
clients. Then the mixed run: readers fetch score sheets of different games while
writers record deals of their own games through the JSON API. Afterwards every
game is read back and the deals the server acknowledged are counted against the
deals it holds: any difference is a lost deal. Prints figures; asserts nothing.
Traffic goes to 127.0.0.1 only, and every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


@dataclass
class Tally:
    """Latencies and errors of one kind of request."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float, ok: bool) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.errors += 0 if ok else 1

    def line(self, label: str, elapsed: float) -> str:
        ordered = sorted(self.latencies) or [0.0]
        p50 = ordered[len(ordered) // 2] * 1000
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
        rate = len(self.latencies) / elapsed
        return f"{label:28} {rate:9.1f} req/s   p50 {p50:6.1f} ms   p99 {p99:6.1f} ms   errors {self.errors}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, folder: str, database: str | None = None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "SCOREKEEPER_INSTANCE": folder}
    if database:
        env["SQLALCHEMY_DATABASE_URI"] = database
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--workers",
        "2",
        "--worker-class",
        "gthread",
        "--threads",
        "4",
        "--bind",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        "scorekeeper:create_app()",
    ]
    log = open(Path(folder) / "gunicorn.log", "wb")  # noqa: SIM115  (closed with the folder)
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("gunicorn did not start")


def request(
    conn: http.client.HTTPConnection,
    method: str,
    path: str,
    body: object = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
    conn.request(method, path, body=data, headers=sent)
    response = conn.getresponse()
    return response.status, response.read()


def new_game(conn: http.client.HTTPConnection) -> tuple[str, str, dict[str, object]]:
    status, body = request(conn, "POST", "/api/v1/games", {"variant": "oh-hell", "players": PLAYERS})
    assert status == 201, (status, body[:200])
    state = json.loads(body)
    return state["id"], state["edit_token"], state


def legal_deal(next_deal: dict[str, object]) -> dict[str, object]:
    """The first bidder bids and takes everything; the last bidder bids 1, so the hook never bites."""
    order = next_deal["bidding_order"]
    cards = next_deal["cards"]
    assert isinstance(order, list) and isinstance(cards, int)
    bids = [0] * len(PLAYERS)
    tricks = [0] * len(PLAYERS)
    bids[order[0]] = tricks[order[0]] = cards
    bids[order[-1]] = 1
    return {"bids": bids, "tricks": tricks}


def writer(port: int, until: float, tally: Tally, acknowledged: dict[str, int], games: list[str]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    game_id, token, state = new_game(conn)
    games.append(game_id)
    while time.monotonic() < until:
        if state["next"] is None:
            game_id, token, state = new_game(conn)
            games.append(game_id)
        number = state["next"]["number"]  # type: ignore[index]
        start = time.perf_counter()
        status, body = request(
            conn,
            "PUT",
            f"/api/v1/games/{game_id}/deals/{number}",
            legal_deal(state["next"]),  # type: ignore[arg-type]
            {"Authorization": f"Bearer {token}", "If-Match": str(state["version"])},
        )
        tally.add(time.perf_counter() - start, status == 200)
        if status == 200:
            state = json.loads(body)
            acknowledged[game_id] = acknowledged.get(game_id, 0) + 1
    conn.close()


def reader(port: int, until: float, tally: Tally, games: list[str]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.monotonic() < until:
        if not games:
            time.sleep(0.01)
            continue
        start = time.perf_counter()
        status, _ = request(conn, "GET", f"/games/{random.choice(games)}")
        tally.add(time.perf_counter() - start, status == 200)
    conn.close()


def trivial(port: int, until: float, tally: Tally) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.monotonic() < until:
        start = time.perf_counter()
        status, _ = request(conn, "GET", "/healthz")
        tally.add(time.perf_counter() - start, status == 200)
    conn.close()


def run(threads: list[threading.Thread]) -> None:
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--readers", type=int, default=6)
    parser.add_argument("--writers", type=int, default=6)
    parser.add_argument("--database", help="a database URL (default: SQLite in a temporary folder)")
    args = parser.parse_args()
    clients = args.readers + args.writers
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, folder, args.database)
        try:
            baseline = Tally()
            until = time.monotonic() + args.seconds
            run([threading.Thread(target=trivial, args=(port, until, baseline)) for _ in range(clients)])

            writes, reads = Tally(), Tally()
            acknowledged: dict[str, int] = {}
            games: list[str] = []
            until = time.monotonic() + args.seconds
            run(
                [
                    threading.Thread(target=writer, args=(port, until, writes, acknowledged, games))
                    for _ in range(args.writers)
                ]
                + [
                    threading.Thread(target=reader, args=(port, until, reads, games))
                    for _ in range(args.readers)
                ]
            )

            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            stored = {
                game: len(json.loads(request(conn, "GET", f"/api/v1/games/{game}")[1])["deals"])
                for game in acknowledged
            }
            lost = sum(acknowledged[game] - stored[game] for game in acknowledged)
            server_errors = (Path(folder) / "gunicorn.log").read_text(errors="replace").count("Exception on")
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    database = "PostgreSQL" if args.database else "SQLite (WAL)"
    print(
        f"gunicorn, 2 workers x 4 threads, {database}; {clients} clients; {args.seconds:.0f} s per run; "
        "2 cores shared with the clients"
    )
    print(baseline.line("trivial GET /healthz", args.seconds))
    print(writes.line("record a deal (API PUT)", args.seconds))
    print(reads.line("read a score sheet (GET)", args.seconds))
    share = len(writes.latencies) / max(1, len(baseline.latencies)) * args.writers / clients
    per_client = (len(writes.latencies) / max(1, args.writers)) / max(1e-9, len(baseline.latencies) / clients)
    print(f"deal recording per client vs trivial per client: {per_client:.2f}  (whole-run share {share:.2f})")
    median = statistics.median(writes.latencies + reads.latencies) * 1000
    print(
        f"deals acknowledged {sum(acknowledged.values())}, stored {sum(stored.values())}, lost {lost}, "
        f"games {len(acknowledged)}, server exceptions logged {server_errors}, "
        f"median latency all {median:.1f} ms"
    )


if __name__ == "__main__":
    main()

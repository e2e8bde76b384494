"""Load on a real server: gunicorn (2 workers) on 127.0.0.1, many clients at once.

    .venv/bin/python benchmarks/load.py [--seconds 20] [--readers 6] [--writers 6]
                                        [--threads 2] [--slices 10] [--database URL] [--quick]

(after the README's set-up, ``./bin/test``, which installs the test extras and gunicorn; ``--quick``
is the smoke run ``bin/test`` makes: 1 s of 2 readers and 2 writers in one slice, the same code
path, and it fails when a deal is lost or the server logs an exception.)

1. The mixed run: for --seconds, readers fetch score sheets of different games,
   writers record deals of their own games through the JSON API, and as many
   clients again call the trivial /healthz endpoint, all at once on the same
   server. Prints each kind's requests per second, p50/p99 latency and errors.
2. The cost of a deal against the trivial endpoint, with the same clients
   (readers + writers of them) doing only one kind of request: only /healthz,
   then only recording deals, in alternating slices that add up to --seconds
   each, so that a slow spell of the machine falls on both alike. Also prints
   the CPU time the server's processes spent per request of each kind (the
   gunicorn workers, and PostgreSQL's backends when they run on this machine):
   unlike throughput, it hardly moves when other programs share the cores.

The writers' games are started before each timed run: what is timed is the
recording of deals, not the starting of games.

Afterwards every game is read back and the deals the server acknowledged are
counted against the deals it holds: any difference is a lost deal. Prints
figures; asserts nothing. Traffic goes to 127.0.0.1 only, and every loop is
bounded in time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import signal
import socket
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


def start_server(
    port: int, folder: str, database: str | None = None, threads: int = 2
) -> subprocess.Popen[bytes]:
    # Every client here is one address asking far more than any table: the request limits
    # (which would answer 429) are for the internet, not for measuring the server.
    env = {**os.environ, "SCOREKEEPER_INSTANCE": folder, "RATELIMIT_ENABLED": "0"}
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
        str(threads),
        "--bind",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        "scorekeeper:create_app()",
    ]
    log = open(Path(folder) / "gunicorn.log", "wb")  # noqa: SIM115  (closed with the folder)
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    # Until /healthz answers, or gunicorn gives up: a busy machine can take a minute to start it.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            break
        try:
            status, _ = request(http.client.HTTPConnection("127.0.0.1", port, timeout=2), "GET", "/healthz")
            if status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.kill()
    log = (Path(folder) / "gunicorn.log").read_text(errors="replace")
    raise SystemExit(f"gunicorn did not start:\n{log}")


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


NewGame = tuple[str, str, dict[str, object]]


def prepare_games(port: int, count: int, ready: queue.SimpleQueue[NewGame]) -> None:
    """Start ``count`` games before a timed run, so that writers spend it recording deals."""

    def start_some(share: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        for _ in range(share):
            ready.put(new_game(conn))
        conn.close()

    run([threading.Thread(target=start_some, args=(count // 4 + 1,)) for _ in range(4)])


def writer(
    port: int,
    until: float,
    tally: Tally,
    acknowledged: dict[str, int],
    games: list[str],
    ready: queue.SimpleQueue[NewGame],
) -> None:
    """Record deals until ``until``: each game to its end, then the next prepared game."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def next_game() -> NewGame:
        try:
            game = ready.get_nowait()
        except queue.Empty:  # more deals than foreseen: start one now
            game = new_game(conn)
        games.append(game[0])
        return game

    game_id, token, state = next_game()
    while time.monotonic() < until:
        if state["next"] is None:
            game_id, token, state = next_game()
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


class ServerCpu:
    """CPU seconds spent by the server's processes: gunicorn's workers, and the database's
    backends serving them when they run on this machine (read from /proc)."""

    def __init__(self, server: subprocess.Popen[bytes], database: str | None) -> None:
        self._server = server
        self._database = database

    def seconds(self) -> float:
        return sum(_cpu_seconds(pid) for pid in self._workers() + self._backends())

    def _workers(self) -> list[int]:
        children = Path(f"/proc/{self._server.pid}/task/{self._server.pid}/children")
        return [int(pid) for pid in children.read_text().split()] if children.exists() else []

    def _backends(self) -> list[int]:
        if not self._database:
            return []
        import sqlalchemy  # only with --database, where the app's driver is installed

        engine = sqlalchemy.create_engine(self._database, poolclass=sqlalchemy.pool.NullPool)
        query = sqlalchemy.text(
            "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' "
            "AND datname = current_database() AND pid <> pg_backend_pid()"
        )
        with engine.connect() as connection:
            pids = [int(pid) for pid in connection.execute(query).scalars()]
        engine.dispose()
        return pids


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--readers", type=int, default=6)
    parser.add_argument("--writers", type=int, default=6)
    parser.add_argument("--database", help="a database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker")
    parser.add_argument("--slices", type=int, default=10, help="alternating slices of the second part")
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: one second")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.readers, args.writers, args.slices = 1.0, 2, 2, 1
    clients = args.readers + args.writers
    acknowledged: dict[str, int] = {}
    games: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, folder, args.database, args.threads)
        try:
            # Warm both workers up (imports, first replays) before anything is timed.
            run(
                [
                    threading.Thread(
                        target=trivial, args=(port, time.monotonic() + min(2, args.seconds), Tally())
                    )
                    for _ in range(4)
                ]
            )

            ready: queue.SimpleQueue[NewGame] = queue.SimpleQueue()
            # About 19 deals a game; 150 deals a second per writer is more than they reach.
            prepare_games(port, int(args.writers * 150 * args.seconds / 19), ready)
            mixed_trivial, writes, reads = Tally(), Tally(), Tally()
            until = time.monotonic() + args.seconds
            run(
                [
                    threading.Thread(target=writer, args=(port, until, writes, acknowledged, games, ready))
                    for _ in range(args.writers)
                ]
                + [
                    threading.Thread(target=reader, args=(port, until, reads, games))
                    for _ in range(args.readers)
                ]
                + [
                    threading.Thread(target=trivial, args=(port, until, mixed_trivial))
                    for _ in range(clients)
                ]
            )

            alone_trivial, alone_writes = Tally(), Tally()
            cpu, trivial_cpu, writes_cpu = ServerCpu(server, args.database), 0.0, 0.0
            slices = args.slices
            for _ in range(slices):
                until = time.monotonic() + args.seconds / slices
                before = cpu.seconds()
                run(
                    [
                        threading.Thread(target=trivial, args=(port, until, alone_trivial))
                        for _ in range(clients)
                    ]
                )
                trivial_cpu += cpu.seconds() - before
                prepare_games(port, int(clients * 150 * args.seconds / slices / 19) - ready.qsize(), ready)
                until = time.monotonic() + args.seconds / slices
                before = cpu.seconds()
                run(
                    [
                        threading.Thread(
                            target=writer, args=(port, until, alone_writes, acknowledged, games, ready)
                        )
                        for _ in range(clients)
                    ]
                )
                writes_cpu += cpu.seconds() - before

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
    print(f"gunicorn, 2 workers x {args.threads} threads, {database}, on the 2 cores the clients also use")
    print(
        f"1. Mixed run, {args.seconds:.0f} s: {args.readers} sheet readers, {args.writers} deal writers "
        f"and {clients} trivial clients at once"
    )
    print("   " + mixed_trivial.line("trivial GET /healthz", args.seconds))
    print("   " + writes.line("record a deal (API PUT)", args.seconds))
    print("   " + reads.line("read a score sheet (GET)", args.seconds))
    per_writer = len(writes.latencies) / max(1, args.writers)
    per_trivial = len(mixed_trivial.latencies) / max(1, clients)
    print(
        "   deals recorded per writer / trivial requests per trivial client: "
        f"{per_writer / max(1e-9, per_trivial):.2f}"
    )
    print(
        f"2. One kind of request at a time, {clients} clients, "
        f"{args.seconds:.0f} s each in {args.slices} alternating slices"
    )
    print("   " + alone_trivial.line("trivial GET /healthz", args.seconds))
    print("   " + alone_writes.line("record a deal (API PUT)", args.seconds))
    ratio = len(alone_writes.latencies) / max(1, len(alone_trivial.latencies))
    print(f"   deals recorded / trivial requests: {ratio:.2f}")
    per_trivial_ms = trivial_cpu * 1000 / max(1, len(alone_trivial.latencies))
    per_deal_ms = writes_cpu * 1000 / max(1, len(alone_writes.latencies))
    print(
        f"   server CPU per request (gunicorn workers{' + database backends' if args.database else ''}): "
        f"trivial {per_trivial_ms:.3f} ms, recorded deal {per_deal_ms:.3f} ms "
        f"= {per_trivial_ms / max(1e-9, per_deal_ms):.2f} of a deal's cost per trivial request"
    )
    every_write = sorted(writes.latencies + alone_writes.latencies)
    p99 = every_write[min(len(every_write) - 1, int(len(every_write) * 0.99))] * 1000 if every_write else 0.0
    errors = mixed_trivial.errors + writes.errors + reads.errors + alone_trivial.errors + alone_writes.errors
    print(
        f"Deals acknowledged {sum(acknowledged.values())}, stored {sum(stored.values())}, lost {lost}; "
        f"games {len(acknowledged)}; request errors {errors}; server exceptions logged {server_errors}"
    )
    met = ratio >= 1 / 3 and p99 < 50 and errors == 0 and server_errors == 0 and lost == 0
    print(
        f"Target (recording keeps >= 1/3 of the trivial throughput, p99 < 50 ms, no errors, nothing lost): "
        f"throughput {ratio:.2f}, p99 of every recorded deal {p99:.1f} ms -> {'met' if met else 'missed'}"
    )
    if args.quick and (lost or server_errors):
        raise SystemExit(f"the smoke run lost {lost} deals and logged {server_errors} server exceptions")


if __name__ == "__main__":
    main()

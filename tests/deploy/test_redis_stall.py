"""The request limits when Redis stalls (issue 41, item 3): with Redis stopped (SIGSTOP) every
limited request waited 5 s, two of them answered 500, and /healthz took 5.01 s; once Redis answered
again, 35 requests in a row past a limit all passed.

Here gunicorn (two workers) counts game creations in a real Redis, five an hour from one address.
Redis is stopped: every request is answered in well under a second, never 500, each worker counting
in its own memory (so past five creations in a worker, 429); /healthz answers at once and says Redis
is away. Redis is continued: once /healthz says so, Redis's counts apply again (every creation 429).
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import time
from pathlib import Path

from .conftest import Gunicorn, RedisServer, get

LIMIT = 5
GAME = {"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"]}
WORKERS = 2


def create_game(port: int) -> tuple[int, float]:
    """One game started on a fresh connection: its status and how long it took (seconds)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(
            "POST", "/api/v1/games", body=json.dumps(GAME), headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    finally:
        connection.close()


def workers_saying(log: Path, words: str) -> set[str]:
    """The worker processes (pids) whose own log lines say ``words``."""
    said = re.compile(r"\] \[(\d+)\] \[WARNING\] " + re.escape(words))
    lines = log.read_text(errors="replace").splitlines()
    return {found.group(1) for found in map(said.search, lines) if found}


def health(port: int) -> tuple[int, str, float]:
    started = time.monotonic()
    status, body = get(port, "/healthz")
    return status, body.decode(), time.monotonic() - started


def test_a_stalled_redis_costs_no_request_a_second_and_its_counts_apply_when_it_is_back(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    settings = {
        "RATELIMIT_STORAGE_URI": redis_server.url,
        "RATELIMIT_CREATE": f"{LIMIT} per hour",
        "SCOREKEEPER_AUTO_MIGRATE": "1",
        "SCOREKEEPER_WORKERS": str(WORKERS),
    }
    app = Gunicorn(tmp_path, f"sqlite:///{tmp_path / 'games.sqlite'}", settings=settings)
    try:
        assert [create_game(app.port)[0] for _ in range(LIMIT + 1)] == [201] * LIMIT + [429]

        redis_server.process.send_signal(signal.SIGSTOP)
        stalled = [create_game(app.port) for _ in range(WORKERS * LIMIT + 4)]
        statuses = [status for status, _ in stalled]
        assert set(statuses) <= {201, 429}, statuses  # never a 500
        assert max(seconds for _, seconds in stalled) < 1, stalled
        # Each worker counts in its own memory: at most five creations each, then 429.
        assert statuses.count(201) <= WORKERS * LIMIT and 429 in statuses
        for _ in range(4):  # fresh connections: each worker says so
            status, body, seconds = health(app.port)
            assert (status, seconds < 1) == (200, True), (status, body, seconds)
            assert body.startswith("ok\nredis: away"), body

        away = workers_saying(app.log, "Redis does not answer")
        assert away, app.log.read_text(errors="replace")[-4000:]  # the operator's journal says so

        redis_server.process.send_signal(signal.SIGCONT)
        deadline = time.monotonic() + 30
        answered = 0
        # A worker sees Redis answer (and says so) when a request of its own next asks: health checks
        # on fresh connections until every worker that said Redis was away has said it is back, and
        # the last four answers, from whichever workers took them, say nothing of Redis.
        while answered < 4 or away - workers_saying(app.log, "Redis answers again"):
            status, body, _ = health(app.port)
            answered = answered + 1 if body == "ok" else 0
            assert time.monotonic() < deadline, (body, away, app.log.read_text(errors="replace")[-4000:])
        assert [create_game(app.port)[0] for _ in range(10)] == [429] * 10  # Redis's count, as it stood
    finally:
        redis_server.process.send_signal(signal.SIGCONT)
        app.stop()

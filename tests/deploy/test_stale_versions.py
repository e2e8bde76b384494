"""The database's version decides, across workers: gunicorn with several workers on SQLite (and, in
test_two_servers.py, two app servers on PostgreSQL), a game moved on through one worker, and changes
from every version it has had sent to the others. Each worker keeps replays of the versions it read
and wrote; none may answer from one the database has moved past: every stale change is 409 with the
version stored now, none 404, none written. A property over random interleavings (Hypothesis, a small
budget; the same sequences as tests/web/test_stale_versions.py, built by tests/web/stale_versions.py).

Each kept-alive connection stays with the worker that accepted it (gthread), so a handful of them
reach every worker; a connection the worker closed while idle is opened again (then perhaps to
another worker, which the property holds for just the same).
"""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..web.stale_versions import MOVES, StaleGame
from .conftest import Gunicorn, migrate

WORKERS = 2
CONNECTIONS = 4
EXAMPLES = 3
# Far more changes to one game a minute than a table makes (and a game per example, more when
# Hypothesis shrinks a failure): the request limits would answer 429 first.
UNLIMITED = {"RATELIMIT_CREATE": "10000 per minute", "RATELIMIT_WRITE": "100000 per minute"}
STEPS = st.lists(
    st.tuples(st.sampled_from(MOVES), st.integers(1, 9), st.integers(0, CONNECTIONS - 1), st.integers(1, 40)),
    min_size=2,
    max_size=5,
)


class KeptAlive:
    """One kept-alive connection to a server: the worker that accepted it answers every request on it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection: http.client.HTTPConnection | None = None

    def send(
        self, method: str, path: str, body: dict[str, Any] | None, headers: dict[str, str]
    ) -> tuple[int, Any, dict[str, str]]:
        sent = dict(headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.connection.request(method, path, body=data, headers=sent)
                response = self.connection.getresponse()
                answer = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()  # closed by the worker while idle: nothing was read from it
                if attempt:
                    raise
                continue
            if response.will_close:
                self.close()
            return response.status, json.loads(answer) if answer else None, dict(response.getheaders())
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def stale_everywhere(ports: list[int], examples: int = EXAMPLES) -> int:
    """Run the property over connections to ``ports`` (one kept-alive connection per port listed);
    how many stale changes were sent."""
    connections = [KeptAlive(port) for port in ports]
    sent = 0

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(steps=STEPS)
    def interleavings(steps: list[tuple[str, int, int, int]]) -> None:
        nonlocal sent
        game = StaleGame(connections[0].send)
        for kind, points, mover, back in steps:
            for connection in connections:  # every worker reads (and keeps) the version as it is
                assert connection.send("GET", f"/api/v1/games/{game.id}", None, {})[0] == 200
            game.move(kind, points, connections[mover % len(connections)].send)
            versions = sorted(game.states)[:-1]
            if not versions:
                continue
            stale = versions[-1 - back % len(versions)]
            for connection in connections:
                sent += game.check_stale(stale, connection.send)
            sent += game.check_stale(versions[-1], connections[(mover + 1) % len(connections)].send)

    try:
        interleavings()
    finally:
        for connection in connections:
            connection.close()
    return sent


def test_no_worker_answers_a_stale_change_from_what_it_kept(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite'}"
    migrate(database, tmp_path)
    workers = {"SCOREKEEPER_WORKERS": str(WORKERS), "SCOREKEEPER_THREADS": "1"}
    server = Gunicorn(tmp_path, database, settings={**workers, **UNLIMITED})
    try:
        assert stale_everywhere([server.port] * CONNECTIONS) > 0
    finally:
        server.stop()
    log = server.log.read_text(errors="replace")
    assert '" 404 ' not in log and "Traceback" not in log

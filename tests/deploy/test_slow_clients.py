"""Slow clients cannot stall the documented deployment: nginx reads each request whole, under
time limits, before gunicorn's few threads see it.

Against gunicorn alone (2 workers x 2 threads), four sockets that send half a header
hold every thread, and /healthz waits for as long as they stay open.
"""

from __future__ import annotations

import contextlib
import socket
import ssl
import time
from collections.abc import Iterator
from pathlib import Path

from .conftest import Gunicorn, Nginx, get, migrate

HALF_HEADERS = 8  # twice gunicorn's threads
SLOW_BODIES = 4
SILENT = 4
SOON = 5.0
"""Seconds within which /healthz must answer while the slow clients hang: an idle machine answers in
milliseconds, and a stalled server would not answer before the clients let go (12 s and more); the
margin between is for a machine busy with other work, where an answer took up to 1.6 s."""


def slow_socket(port: int) -> ssl.SSLSocket:
    """A TLS connection to nginx, as a phone on a bad line would open it."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    raw = socket.create_connection(("127.0.0.1", port), timeout=5)
    return context.wrap_socket(raw, server_hostname="localhost")


@contextlib.contextmanager
def slow_clients(port: int) -> Iterator[tuple[list[ssl.SSLSocket], list[ssl.SSLSocket], list[ssl.SSLSocket]]]:
    """Open sockets that send half a header, sockets that send a body a byte at a time,
    and sockets that send nothing; yields them, and closes them all afterwards."""
    half, bodies, silent = [], [], []
    try:
        for _ in range(HALF_HEADERS):
            client = slow_socket(port)
            client.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow")
            half.append(client)
        for _ in range(SLOW_BODIES):
            client = slow_socket(port)
            client.sendall(
                b"POST /api/v1/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                b"Content-Length: 4000\r\n\r\n{"
            )
            bodies.append(client)
        for _ in range(SILENT):
            silent.append(slow_socket(port))
        yield half, bodies, silent
    finally:
        for client in half + bodies + silent:
            client.close()


def closed_by_server(client: ssl.SSLSocket) -> bool:
    """True when the server has answered or closed the connection."""
    client.settimeout(0.5)
    try:
        return client.recv(4096) is not None
    except TimeoutError:
        return False
    except OSError:
        return True


def test_health_answers_soon_while_slow_clients_hang(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite'}"
    migrate(database, tmp_path)
    app = Gunicorn(tmp_path, database)
    try:
        proxy = Nginx(tmp_path, [app.port])
        try:
            with slow_clients(proxy.port) as (half, bodies, _silent):
                answered: list[float] = []
                started = time.monotonic()
                # 12 s: past nginx's 10 s limit for a request's header and between reads of a body.
                while time.monotonic() - started < 12:
                    for client in bodies:
                        client.sendall(b" ")  # a byte a second: never too slow for the limit
                    asked = time.monotonic()
                    status, body = get(proxy.port, "/healthz", tls=True, timeout=SOON)
                    answered.append(time.monotonic() - asked)
                    assert (status, body) == (200, b"ok")
                    time.sleep(0.5)
                assert max(answered) < SOON, answered
                # nginx gave up on the half-sent headers after its 10 s (and the silent sockets too).
                assert all(closed_by_server(client) for client in half)
        finally:
            proxy.stop()
    finally:
        app.stop()

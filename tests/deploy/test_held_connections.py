"""Connections held open by one address leave the documented deployment answering everyone else.

nginx reuses a connection that is merely idle for another client when it runs out, but not one
that has begun its TLS handshake and stalled: 1,100 of those from one address made /healthz calls
fail (connection reset) with nginx's default room for connections. With the README's settings
(worker_connections and worker_rlimit_nofile in nginx.conf; the per-address limit of
scorekeeper-http.conf and scorekeeper-proxy.conf for requests under way) every call is answered
while they stay open, and nginx drops each stalled one after client_header_timeout.
"""

from __future__ import annotations

import resource
import socket
from pathlib import Path

from .conftest import Gunicorn, Nginx, get, migrate

HELD = 1_100
CALLS = 25


def stalled(port: int) -> socket.socket:
    """A connection that begins its TLS handshake (the first bytes of a ClientHello) and stalls:
    nginx cannot reuse it for another client, as it can a connection merely idle."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
    connection.sendall(b"\x16\x03\x01")
    return connection


def test_healthz_answers_while_one_address_holds_1100_stalled_connections(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < HELD + 200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, HELD + 400), hard))
    database = f"sqlite:///{tmp_path / 'held.sqlite'}"
    migrate(database, tmp_path)
    app = Gunicorn(tmp_path, database)
    proxy = Nginx(tmp_path, [app.port])
    held: list[socket.socket] = []
    try:
        for _ in range(HELD):
            held.append(stalled(proxy.port))
        answers = [get(proxy.port, "/healthz", tls=True) for _ in range(CALLS)]
    finally:
        for connection in held:
            connection.close()
        proxy.stop()
        app.stop()
    assert [status for status, _ in answers] == [200] * CALLS
    assert {body for _, body in answers} == {b"ok"}

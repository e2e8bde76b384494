"""The request limits across two app servers of two workers each: with the README's Redis in
RATELIMIT_STORAGE_URI every worker counts in one place, so one address starts no more games a
minute than the limit allows, whichever server and worker each request reaches.

Counted in each worker's memory instead (``memory://``), four workers let through four times the
limit: 101 of 200 creations where the limit was 30 a minute.
"""

from __future__ import annotations

import http.client
import json
from pathlib import Path

from .conftest import Gunicorn

CREATIONS = 120
LIMIT_A_MINUTE = 30
GAME = {"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"]}


def create_game(port: int) -> int:
    """One game started on a fresh connection (so gunicorn hands it to either of its workers)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(
            "POST", "/api/v1/games", body=json.dumps(GAME), headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_one_limit_across_both_servers_and_all_their_workers(tmp_path: Path, redis_url: str) -> None:
    database = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    settings = {
        "RATELIMIT_STORAGE_URI": redis_url,
        "RATELIMIT_CREATE": f"{LIMIT_A_MINUTE} per minute",
        "SCOREKEEPER_AUTO_MIGRATE": "1",
        "SCOREKEEPER_WORKERS": "2",
    }
    first = Gunicorn(tmp_path, database, name="first", settings=settings)
    second = Gunicorn(tmp_path, database, name="second", settings=settings)
    try:
        statuses = [create_game(server.port) for _ in range(CREATIONS // 2) for server in (first, second)]
    finally:
        first.stop()
        second.stop()
    assert statuses.count(201) == LIMIT_A_MINUTE
    assert statuses.count(429) == CREATIONS - LIMIT_A_MINUTE

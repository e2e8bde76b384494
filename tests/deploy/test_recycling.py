"""gunicorn replaces its workers after a number of requests (deploy/gunicorn.conf.py), and a
table entering deals meanwhile sees no error and loses nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import Gunicorn, migrate
from .test_two_servers import PLAYERS, call, deal, state

GAMES = 6  # six games of 19 deals: far more requests than 2 workers x 20


def new_game(port: int) -> tuple[dict[str, Any], dict[str, str]]:
    status, body, _ = call(port, "POST", "/api/v1/games", {"variant": "oh-hell", "players": PLAYERS})
    assert status == 201
    created = json.loads(body)
    return created, {"Authorization": f"Bearer {created['edit_token']}"}


def test_workers_are_recycled_without_a_lost_deal(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite'}"
    migrate(database, tmp_path)
    app = Gunicorn(tmp_path, database, settings={"SCOREKEEPER_MAX_REQUESTS": "20"})
    acknowledged: dict[str, int] = {}
    try:
        for _ in range(GAMES):
            game, auth = new_game(app.port)
            while game["next"] is not None:
                path = f"/api/v1/games/{game['id']}/deals/{game['next']['number']}"
                status, body, _ = call(app.port, "PUT", path, deal(game["next"], 0), auth)
                assert status == 200, body
                acknowledged[game["id"]] = acknowledged.get(game["id"], 0) + 1
                game = json.loads(body)
                assert call(app.port, "GET", f"/games/{game['id']}")[0] == 200
        stored = {game_id: len(state(app.port, game_id)["deals"]) for game_id in acknowledged}
    finally:
        app.stop()
    assert stored == acknowledged and sum(stored.values()) == GAMES * 19
    log = app.log.read_text(errors="replace")
    assert log.count("Booting worker") > GAMES, log[-2000:]
    assert "Traceback" not in log and "Exception" not in log

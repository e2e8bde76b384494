"""A table's file round-trips every game, table events included (issue 31, item 11): a table whose
game had a table event exported, but its file did not import again ("The file's deals must be deals:
events go under events"). Random games of every family, with the events the engine allows, are put
in a table's file, imported, exported, imported on another server and exported again: the games,
their deals and their events come back the same."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings

from scorekeeper.rules import Game, write_event
from scorekeeper.rules.events import is_event

from .budget import examples
from .conftest import app_in, csrf_token, error_text
from .test_corrections_after_events import FAMILIES, played_games

CODES = tuple(code for codes in FAMILIES.values() for code in codes)


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, Flask]]:
    """Two servers, without request limits: the property moves many tables between them."""
    first = app_in(tmp_path_factory.mktemp("first"), RATELIMIT_ENABLED=False)
    second = app_in(tmp_path_factory.mktemp("second"), RATELIMIT_ENABLED=False)
    yield next(first), next(second)
    # The rest of each app_in: its connections closed and its database removed. (Left to the garbage
    # collector, PostgreSQL's connections were closed by no one.)
    for made in (first, second):
        next(made, None)


def table_file(game: Game) -> dict[str, Any]:
    """A table's file holding ``game``, its roster the game's starting players."""
    table, deals, events = game.table, [], []
    engine = table.variant.engine
    for item in game.log:
        if is_event(item):
            events.append({"after_deal": len(deals), **write_event(item)})  # type: ignore[arg-type]
        else:
            deals.append(engine.write_entry(item))
    exported = {
        "format": "scorekeeper/game",
        "format_version": 2,
        "variant": table.variant.code,
        "options": dict(table.options),
        "players": list(table.players),
        "first_dealer": table.first_dealer,
        "deals": deals,
        "events": events,
        "seats": list(range(len(table.players))),
    }
    return {
        "format": "scorekeeper/table",
        "format_version": 1,
        "name": "Round trip",
        "players": [{"name": name} for name in table.players],
        "games": [exported],
    }


def moved(server: Flask, document: dict[str, Any]) -> dict[str, Any]:
    """Import the table's file on ``server`` and export it again, as two phones would."""
    phone = server.test_client()
    page = phone.get("/tables/import")
    body = {"csrf_token": csrf_token(page), "file": (io.BytesIO(json.dumps(document).encode()), "table.json")}
    answer = phone.post("/tables/import", data=body, content_type="multipart/form-data")
    assert answer.status_code == 302, error_text(answer)
    group_id = answer.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    exported = phone.get(f"/tables/{group_id}/export.json")
    assert exported.status_code == 200
    return dict(json.loads(exported.get_data()))


def games_of(document: dict[str, Any]) -> list[tuple[Any, ...]]:
    """What must survive a move: each game's table, deals and events."""
    return [
        (game["variant"], game["players"], game["options"], game["deals"], game.get("events", []))
        for game in document["games"]
    ]


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=played_games(CODES))
def test_a_tables_file_round_trips_every_game_with_its_events(
    servers: tuple[Flask, Flask], game: Game
) -> None:
    first, second = servers
    there = moved(first, table_file(game))
    back = moved(second, there)
    assert games_of(back) == games_of(there)
    assert [len(game["deals"]) for game in there["games"]] == [len(game.entries)]
    assert len(there["games"][0].get("events", [])) == len(game.events)


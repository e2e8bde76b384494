"""A whole table moves to another server as a file and loses nothing; a bad file stores nothing."""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord
from scorekeeper.groups import stats
from scorekeeper.groups.models import GroupPlayerRecord, GroupRecord

from .conftest import Driver, csrf_token, error_text
from .databases import database_config
from .tables_driver import SHORT, TablePhone
from .test_table_stats import GAME_A, GAME_B


@pytest.fixture
def other_server(tmp_path: Path) -> Any:
    """A second app with a database of its own: the server the table moves to."""
    config, drop = database_config(tmp_path / "other")
    (tmp_path / "other").mkdir(exist_ok=True)
    app = create_app({"TESTING": True, **config}, instance_path=str(tmp_path / "other" / "instance"))
    yield app
    with app.app_context():
        db.engine.dispose()
    drop()


def played_table(driver: Driver) -> tuple[TablePhone, str]:
    """A table with two finished games, one in progress, one abandoned, and a classic whist rubber."""
    phone = TablePhone(driver)
    group_id = phone.create("Thursday whist")
    phone.add_player(group_id, "Dee")
    first = phone.start_game(group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options=SHORT)
    phone.play_exact(first, GAME_A)
    second = phone.start_game(group_id, "custom-oh-hell", ["Cy", "Ann", "Bob"], first_dealer=2, options=SHORT)
    phone.play_exact(second, GAME_B)
    playing = phone.start_game(group_id, "custom-oh-hell", ["Bob", "Cy", "Ann"], options=SHORT)
    phone.play_exact(playing, [((2, 0, 0), (2, 0, 0))])
    abandoned = phone.start_game(group_id, "custom-oh-hell", ["Ann", "Cy", "Bob"], options=SHORT)
    page = phone.client.get(f"/games/{abandoned}/abandon")
    phone.client.post(f"/games/{abandoned}/abandon", data={"csrf_token": csrf_token(page)})
    rubber = phone.start_game(
        group_id, "classic-whist", ["Ann", "Bob", "Cy", "Dee"], options={"rubber": True}
    )
    phone.play_whist(rubber, [11, 2, 11])
    return phone, group_id


def games_listed(page: str) -> str:
    """The list of games of a history page, without the ids each server gives them."""
    found = re.search(r'<ul class="games game-history">.*?</ul>', page, re.S)
    assert found
    return re.sub(r"[0-9a-f]{32}", "ID", found.group())


def upload(client: FlaskClient, body: bytes, name: str = "table.json") -> Any:
    page = client.get("/tables/import")
    data = {"csrf_token": csrf_token(page), "file": (io.BytesIO(body), name)}
    return client.post("/tables/import", data=data, content_type="multipart/form-data")


def figures(app: Flask, group_id: str) -> list[tuple[Any, ...]]:
    """Every player's record by name, for comparing two servers."""
    with app.test_request_context():
        names = {row.id: row.name for row in db.session.scalars(select(GroupPlayerRecord))}
        return sorted(
            (
                names[record.player_id or 0],
                record.games,
                record.wins,
                record.position_total,
                record.score_total,
                record.bidding,
            )
            for record in stats.players(group_id)
        )


def test_a_table_moves_to_another_server_and_loses_nothing(
    app: Flask, driver: Driver, other_server: Flask
) -> None:
    phone, group_id = played_table(driver)
    exported = phone.client.get(f"/tables/{group_id}/export.json")
    assert exported.status_code == 200
    assert exported.headers["Content-Disposition"] == 'attachment; filename="thursday-whist.json"'
    document = json.loads(exported.get_data())
    assert document["format"] == "scorekeeper/table" and len(document["games"]) == 5
    assert [player["name"] for player in document["players"]] == ["Dee", "Ann", "Bob", "Cy"]
    history = phone.text(f"/tables/{group_id}/games")

    there = other_server.test_client()
    imported = upload(there, exported.get_data())
    assert imported.status_code == 302, error_text(imported)
    new_id = imported.headers["Location"].rsplit("/", 1)[1]
    assert new_id != group_id
    assert "Thursday whist is here, with 5 games, kept on this phone." in there.get(
        imported.headers["Location"]
    ).get_data(as_text=True)
    # The same file comes out again: names, roster, every game's inputs, seats, dates, abandoned or not.
    again = json.loads(there.get(f"/tables/{new_id}/export.json").get_data())
    assert again == document
    # The same history (game ids aside) and the same statistics.
    there_history = there.get(f"/tables/{new_id}/games").get_data(as_text=True)
    assert games_listed(there_history) == games_listed(history) and games_listed(history).count("<li>") == 5
    there.get(f"/tables/{new_id}/stats")
    phone.text(f"/tables/{group_id}/stats")
    assert figures(other_server, new_id) == figures(app, group_id)
    # The importing phone keeps the table and every game: it can play on.
    playing = document["games"][2]
    assert len(playing["deals"]) == 1
    with other_server.app_context():
        game_ids = db.session.scalars(
            select(GameRecord.id).where(GameRecord.group_id == new_id).order_by(GameRecord.created_at)
        ).all()
    other = TablePhone(Driver(other_server, there))
    other.play_exact(game_ids[2], [((0, 2, 0), (0, 2, 0))], first=2)


def test_every_deal_of_every_game_as_csv(driver: Driver) -> None:
    phone, group_id = played_table(driver)
    response = phone.client.get(f"/tables/{group_id}/export.csv")
    assert response.headers["Content-Disposition"] == 'attachment; filename="thursday-whist-deals.csv"'
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == [
        "game",
        "date",
        "variant",
        "deal",
        "cards",
        "dealer",
        "trump",
        "player",
        "bid",
        "tricks",
        "points",
        "total",
        "note",
    ]
    assert {len(row) for row in rows} == {13}  # a game without table events leaves "note" empty
    # 3 + 3 + 1 exact deals for three players; 3 whist deals for two partnerships.
    assert len(rows) == 1 + 3 * 3 + 3 * 3 + 1 * 3 + 3 * 2
    first = [row for row in rows[1:] if row[3] == "1"][:3]
    assert [(row[2], row[7], row[8], row[9], row[10]) for row in first] == [
        ("Custom Oh Hell", "Ann", "1", "1", "11"),
        ("Custom Oh Hell", "Bob", "1", "0", "0"),
        ("Custom Oh Hell", "Cy", "0", "1", "1"),
    ]
    assert [row[7] for row in rows if row[2] == "Classic Whist"][:2] == ["Ann & Cy", "Bob & Dee"]


def test_a_compressed_file_imports_too_past_the_ordinary_size_limit(
    driver: Driver, other_server: Flask
) -> None:
    phone, group_id = played_table(driver)
    document = json.loads(phone.client.get(f"/tables/{group_id}/export.json").get_data())
    document["games"] *= 60  # 300 games: more than the 256 KB any other form may send
    body = json.dumps(document, indent=2).encode()
    assert len(body) > 300 * 1024
    there = other_server.test_client()
    assert upload(there, body).status_code == 302
    assert upload(there, gzip.compress(body), "table.json.gz").status_code == 302
    with other_server.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameRecord)) == 600


@pytest.mark.parametrize(
    ("change", "status", "reason"),
    [
        (
            lambda doc: doc.update(format="scorekeeper/game"),
            422,
            "This is not a table exported from Scorekeeper",
        ),
        (lambda doc: doc.update(name=""), 422, "Give the table a name"),
        (
            lambda doc: doc["players"].append({"name": "ANN"}),
            422,
            "The file's roster has two players called Ann",
        ),
        (
            lambda doc: doc["games"][0]["deals"][0].update(tricks=[2, 0, 1]),
            422,
            "Game 1 (Custom Oh Hell): Deal 1:",
        ),
        (
            lambda doc: doc["games"][1].update(seats=[1, 1, 2]),
            422,
            "Game 2 (Custom Oh Hell): a player sits in two seats",
        ),
        (
            lambda doc: doc["games"][1].update(seats=[1, 2, 9]),
            422,
            "each seat must name one of the table's players",
        ),
        (
            lambda doc: doc["games"][0].update(players=["Ann", "Bob", "Eve"]),
            422,
            "seat 3 names 'Eve', not Cy",
        ),
        (
            lambda doc: doc["games"][0].update(created_at="last Tuesday"),
            422,
            "its start is not a date and time",
        ),
        (lambda doc: doc["games"][0].update(variant="snap"), 422, "There is no variant called 'snap'"),
        (
            lambda doc: doc.update(games=[{}] * 2_001),
            422,
            "A table file holds at most 2,000 games, not 2,001",
        ),
        (
            # Counted while the file is read, before anything of it is built.
            lambda doc: doc["games"][0].update(deals=[{}] * 40_001),
            422,
            "A table file holds at most 40,000 deals and table events in all: this one holds more",
        ),
    ],
)
def test_a_file_with_anything_wrong_is_refused_whole_and_nothing_stored(
    driver: Driver, other_server: Flask, change: Any, status: int, reason: str
) -> None:
    phone, group_id = played_table(driver)
    document = json.loads(phone.client.get(f"/tables/{group_id}/export.json").get_data())
    change(document)
    refused = upload(other_server.test_client(), json.dumps(document).encode())
    assert refused.status_code == status
    assert reason in error_text(refused)
    with other_server.app_context():
        for model in (GroupRecord, GroupPlayerRecord, GameRecord):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0


def test_a_file_that_is_not_json_is_a_bad_request(other_server: Flask) -> None:
    client = other_server.test_client()
    assert upload(client, b"name,games\nThursday,3\n").status_code == 400
    assert upload(client, gzip.compress(b"x")[:-4], "table.json.gz").status_code == 400
    refused = upload(client, b"")
    assert refused.status_code == 422 and "Choose the table's file" in error_text(refused)


def test_a_tables_file_is_kept_per_version_and_counted_with_the_printing(driver: Driver) -> None:
    """A 26 MB export cost 6-8 s of CPU for anyone with the table's id, as often as they liked: it is
    kept per version of the table (a phone that has it gets 304) and counts with the PDFs."""
    phone, group_id = played_table(driver)
    first = phone.client.get(f"/tables/{group_id}/export.json")
    assert first.status_code == 200 and first.headers["ETag"]
    seen = {"If-None-Match": first.headers["ETag"]}
    again = phone.client.get(f"/tables/{group_id}/export.json", headers=seen)
    assert again.status_code == 304
    phone.add_player(group_id, "Zed")
    changed = phone.client.get(f"/tables/{group_id}/export.json", headers=seen)
    assert changed.status_code == 200 and "Zed" in changed.get_data(as_text=True)
    driver.app.config["RATELIMIT_PDF"] = "1 per minute"
    assert phone.client.get(f"/tables/{group_id}/export.json").status_code == 200
    assert phone.client.get(f"/tables/{group_id}/export.json").status_code == 429

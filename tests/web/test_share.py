"""Following a game from other phones, and a game as a file: export, import, CSV."""

from __future__ import annotations

import csv
import io
import json
import re

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord

from .conftest import Driver, csrf_token, error_text
from .test_games_exact import PEGGY_TABLE, play, romanian


def test_the_sheet_offers_a_live_link_and_its_qr_code(driver: Driver) -> None:
    game_id = romanian(driver)
    sheet = driver.sheet(game_id)
    assert f"http://localhost/games/{game_id}/live" in sheet
    assert re.search(r'<svg[^>]*class="qr"', sheet) and "QR code of the live score" in sheet


def test_the_live_view_changes_nothing_and_answers_304_until_the_game_changes(
    app: Flask, driver: Driver
) -> None:
    game_id = romanian(driver)
    viewer = app.test_client()
    first = viewer.get(f"/games/{game_id}/live")
    page = first.get_data(as_text=True)
    assert first.status_code == 200 and "Deal 1 of 21" in page
    assert "<form" not in page and "/deals/" not in page and "/undo" not in page and "abandon" not in page
    etag = first.headers["ETag"]
    same = viewer.get(f"/games/{game_id}/live?fragment=1", headers={"If-None-Match": etag})
    assert same.status_code == 304
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    changed = viewer.get(f"/games/{game_id}/live?fragment=1", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    fragment = changed.get_data(as_text=True)
    assert "<html" not in fragment and "Deal 2 of 21" in fragment and 'class="tot">6<' in fragment


def test_export_then_import_replays_the_same_sheet(driver: Driver) -> None:
    game_id = romanian(driver, promotions=True)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    play(driver, game_id, 2, (0, 0, 0), (0, 1, 0))
    exported = driver.client.get(f"/games/{game_id}/export.json")
    assert exported.headers["Content-Disposition"].startswith('attachment; filename="romanian-whist-')
    assert exported.headers["Content-Disposition"].endswith('-peter-peggy-john.json"')
    data = json.loads(exported.get_data())
    assert data["deals"] == [
        {"bids": [1, 1, 0], "tricks": [1, 0, 0]},
        {"bids": [0, 0, 0], "tricks": [0, 1, 0]},
    ]
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(exported.get_data()), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    copy = response.headers["Location"].rsplit("/", 1)[1]
    assert copy != game_id
    strip = re.compile(
        r'/games/[0-9a-f]{32}|name="csrf_token" value="[^"]+"|name="version" value="\d+"|'
        r'<svg.*?</svg>|<p><a href="http[^"]+">http[^<]+</a></p>|<p class="share-link">.*?</p>|'
        r'data-(?:copy|share)="[^"]+"|data-(?:version|game)="[^"]*"|Deal \d saved\.|'
        r'(?:aria-label|title)="(?:Undo|Redo)[^"]*"|'
        r'<script type="application/json" id="offline-plan">.*?</script>',  # this game's id, version, token
        re.S,
    )
    assert strip.sub("", driver.sheet(copy)) == strip.sub("", driver.sheet(game_id))


def test_an_import_that_breaks_the_rules_is_refused_with_the_reason(app: Flask, driver: Driver) -> None:
    game = {
        "format": "scorekeeper/game",
        "format_version": 1,
        "variant": "romanian-whist",
        "players": PEGGY_TABLE,
        "first_dealer": 1,
        "options": {},
        "deals": [{"bids": [1, 1, 0], "tricks": [1, 0, 0]}, {"bids": [0, 0, 1]}],
    }
    page = driver.client.get("/games/import")
    for body, message, status in [
        (json.dumps(game), "Deal 2: John deals and may not bid 1", 422),
        ("not json", "That file is not JSON exported from Scorekeeper", 400),
        (json.dumps({"hello": 1}), "This is not a game exported from Scorekeeper", 422),
        (json.dumps({**game, "players": ["A", "A", "B"]}), "Two players are called A", 422),
    ]:
        response = driver.client.post(
            "/games/import",
            data={"csrf_token": csrf_token(page), "file": (io.BytesIO(body.encode()), "game.json")},
            content_type="multipart/form-data",
        )
        assert response.status_code == status and message in error_text(response)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(GameRecord)) == 0


def test_csv_has_a_row_per_deal_per_player(driver: Driver) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    response = driver.client.get(f"/games/{game_id}/export.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(row["player"], row["bid"], row["tricks"], row["points"], row["total"]) for row in rows] == [
        ("Peter", "1", "1", "6", "6"),
        ("Peggy", "1", "0", "-1", "-1"),
        ("John", "0", "0", "5", "5"),
    ]
    assert rows[0]["dealer"] == "Peggy" and rows[0]["cards"] == "1"

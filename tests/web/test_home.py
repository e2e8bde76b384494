"""The home page lists every variant the engine declares, by family."""

from __future__ import annotations

import html
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.rules import VARIANTS, families

from .conftest import Driver, csrf_token, error_text


def test_every_variant_is_listed_with_its_family_and_players(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = html.unescape(response.get_data(as_text=True))
    for family in families():
        assert f">{family}</h2>" in page
    for variant in VARIANTS:
        assert variant.name in page and variant.summary in page
    assert "3–7 players" in page and "4–8 players" in page


def test_the_page_is_small_and_needs_no_third_party(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert "http://" not in page and "https://" not in page
    assert len(page.encode()) < 60_000


def test_the_secret_key_is_generated_once_into_the_instance_folder(app: Flask) -> None:
    key_file = Path(app.instance_path) / "secret_key"
    assert key_file.exists() and len(key_file.read_text().strip()) == 64
    assert app.config["SECRET_KEY"] == key_file.read_text().strip()
    again = create_app({"TESTING": True}, instance_path=app.instance_path)
    with again.app_context():
        db.engine.dispose()  # its own SQLite database, migrated at start: closed with the test
    assert again.config["SECRET_KEY"] == app.config["SECRET_KEY"]
    assert key_file.stat().st_mode & 0o077 == 0


def test_an_empty_new_game_form_asks_for_the_names_whoever_deals_first(driver: Driver) -> None:
    page = driver.client.get("/games/new/oh-hell")
    for choice in ("draw", "0"):
        refused = driver.client.post(
            "/games/new/oh-hell", data={"csrf_token": csrf_token(page), "first_dealer": choice}
        )
        assert refused.status_code == 422
        assert error_text(refused) == "Enter the players' names, 3 to 7 of them"


def test_the_filter_finds_games_by_words_and_table_size(client: FlaskClient) -> None:
    page = html.unescape(client.get("/?q=whist&players=5").get_data(as_text=True))
    names = re.findall(r'class="variant-name">([^<]+)<', page)
    assert "Contract Whist" in names and "Nomination Whist" in names and "Oneonta Whist" in names
    assert "Classic Whist" not in names and "German Whist" not in names and "Oh Hell" not in names
    empty = client.get("/?q=poker").get_data(as_text=True)
    assert "No game fits" in empty and 'class="variant"' not in empty


def test_games_in_progress_on_this_phone_are_offered_first(driver: Driver) -> None:
    assert "Carry on" not in driver.client.get("/").get_data(as_text=True)
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    page = driver.client.get("/").get_data(as_text=True)
    assert page.index("Carry on") < page.index("Start a game")
    assert f'href="/games/{game_id}/deals/1"' in page and "Resume · Deal 1 of 19" in page
    stranger = driver.app.test_client()
    assert "Carry on" not in stranger.get("/").get_data(as_text=True)

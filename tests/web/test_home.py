"""The home page lists every variant the engine declares, by family."""

from __future__ import annotations

import html
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.rules import VARIANTS, families


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
    assert again.config["SECRET_KEY"] == app.config["SECRET_KEY"]
    assert key_file.stat().st_mode & 0o077 == 0

"""Paper in, scores out, through the pages: a blank sheet printed by the app, filled, photographed,
uploaded; the confirm screen asks about what it doubts; the deals recorded are a game like one typed
in. Nothing is recorded before the table confirms, and a refused or unreadable page stores nothing.
"""

from __future__ import annotations

import io
import re
from typing import Any

import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.paper import photo
from scorekeeper.paper.model import CLASSIFIER
from scorekeeper.rules import Table, get_variant
from scorekeeper.rules.paper import page_of
from tests.paper import corpus
from tests.web.conftest import Driver, csrf_token, error_text
from tests.web.drive_pages import Organiser


@pytest.fixture(autouse=True, scope="module")
def trained_classifier() -> None:
    """The digit classifier, loaded (or trained once, if bin/setup has not) before the first upload."""
    CLASSIFIER.model()


READING = re.compile(r"/paper/readings/([\w-]+)$")
CHOSEN = re.compile(r'name="v-([\d.]+\w+)" value="(\d*)" checked')
OPENED = re.compile(r'<details class="paper-value[^"]*" open>.*?name="v-([\d.]+\w+)"', re.S)


def printed_sheet(client: FlaskClient, query: str, code: str = "oh-hell") -> tuple[list[Any], Any]:
    """The blank sheet's pages (of the game ``code``) as pictures, and what the first page's code says."""
    pdf = client.get(f"/sheets/blank/{code}/sheet.pdf?{query}")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    pictures = corpus.page_pictures(pdf.data)
    return pictures, photo.straighten(pictures[0]).identity


def upload(client: FlaskClient, jpeg: bytes, game: str | None = None) -> Any:
    page = client.get("/paper" if game is None else f"/games/{game}/paper")
    assert page.status_code == 200
    data: dict[str, Any] = {"csrf_token": csrf_token(page), "photo": (io.BytesIO(jpeg), "sheet.jpg")}
    if game is not None:
        data["game"] = game
    return client.post("/paper/photos", data=data, content_type="multipart/form-data")


def confirm_form(page_text: str) -> dict[str, str]:
    """Every value as the confirm screen proposes it."""
    return {f"v-{key}": value for key, value in CHOSEN.findall(page_text)}


def test_a_filled_blank_sheet_becomes_the_game_typed_by_hand(
    app: Flask, client: FlaskClient, driver: Driver
) -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    query = "players-0=Ann&players-1=Bob&players-2=Cy&players-3=Dee&first_dealer=1"
    pictures, identity = printed_sheet(client, query)
    assert identity.players == tuple(names) and identity.first == 1
    table = Table.create(get_variant("oh-hell"), names, first_dealer=0)
    rng = np.random.default_rng(44)
    entries = corpus.legal_entries(table, 5, rng)  # five deals played, the rest of the sheet empty
    page = page_of(table, identity)
    hand = corpus.hands()[0]
    filled = corpus.fill(pictures[0], page.fields, corpus.values_of(entries), hand, rng)
    photographed = corpus.photograph(filled, rng)
    response = upload(client, photographed)
    assert response.status_code == 303, error_text(response)
    reading = READING.search(response.headers["Location"])
    assert reading
    shown = client.get(response.headers["Location"])
    assert shown.status_code == 200
    text = shown.get_data(as_text=True)
    assert "Check what was read" in text and text.count("data:image/png;base64,") == len(page.fields)
    # Nothing is recorded before the table confirms.
    with app.app_context():
        assert not store_games(app)
    form = confirm_form(text)
    truth = corpus.values_of(entries)
    for key in [key for key in form if key.removeprefix("v-") in truth]:
        form[key] = str(truth[key.removeprefix("v-")])  # the table fixes whatever was misread
    recorded = client.post(response.headers["Location"], data={"csrf_token": csrf_token(shown), **form})
    assert recorded.status_code == 303, error_text(recorded)
    game_id = re.search(r"/games/([0-9a-f]{32})", recorded.headers["Location"]).group(1)  # type: ignore[union-attr]
    by_hand = driver.start("oh-hell", names, first_dealer=0)
    for number, entry in enumerate(entries, start=1):
        bids = {f"bid-{seat}": value for seat, value in enumerate(entry["bids"])}
        tricks = {f"tricks-{seat}": value for seat, value in enumerate(entry["tricks"])}
        assert driver.post_deal(by_hand, number, {"phase": "bids", **bids}).status_code == 302
        assert driver.post_deal(by_hand, number, {"phase": "tricks", **bids, **tricks}).status_code == 302
    assert driver.stored(game_id) == driver.stored(by_hand) == entries
    # The same photo taken to a whist drive's page is sent back to its game's page.
    organiser = Organiser(app, client)
    assert (
        organiser.set_up(
            ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"], hands="2", interval_after=""
        ).status_code
        == 303
    )
    drive_page = client.get(f"{organiser.url}/paper")
    data = {"csrf_token": csrf_token(drive_page), "photo": (io.BytesIO(photographed), "sheet.jpg")}
    refused = client.post(f"{organiser.url}/paper/photos", data=data, content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "This is a game's score sheet, not a table card" in error_text(refused)


def store_games(app: Flask) -> list[str]:
    from scorekeeper.extensions import db
    from scorekeeper.games.models import GameRecord

    return list(db.session.scalars(db.select(GameRecord.id)))


def test_a_photo_without_a_sheet_is_refused_and_keeps_nothing(client: FlaskClient) -> None:
    rng = np.random.default_rng(1)
    blank = np.full((1400, 1000), 235, np.uint8)
    response = upload(client, corpus.photograph(blank, rng))
    assert response.status_code == 422
    assert "corner squares" in error_text(response)
    response = upload(client, b"not a picture at all")
    assert response.status_code == 422 and "not a photo" in error_text(response)


def test_a_dark_square_on_the_desk_is_not_taken_for_a_corner_mark(client: FlaskClient) -> None:
    pictures, _identity = printed_sheet(client, "count=4&first_dealer=1")
    image = photo.decode(corpus.photograph(pictures[0], np.random.default_rng(5)))
    marks = np.array(photo.straighten(image).marks_found)
    centre = marks.mean(axis=0)
    side = round(float(np.linalg.norm(marks[1] - marks[0])) * 0.035)
    height, width = image.shape
    # A solid dark square (a phone, a coaster) on the desk just beyond one of the marks, further
    # towards the photo's corner than the mark itself.
    for corner in marks:
        x, y = (corner + (corner - centre) * 0.2).round().astype(int)
        if side <= x < width - 2 * side and side <= y < height - 2 * side:
            break
    else:
        pytest.skip("the page fills the photo: no desk beyond any corner")
    with_square = image.copy()
    with_square[y : y + side, x : x + side] = 15
    again = photo.straighten(with_square)
    assert np.allclose(np.array(again.marks_found), marks, atol=3)

"""A drive from paper: the table cards printed by the app (24 hands), filled in at each table,
photographed at the end of the evening and read from the drive's page. Each card is confirmed beside
the photo; a hand goes in once every table's card has the hand before it, so the first card waits
for the second, and then the drive holds every hand as the tables wrote them. A card whose pairs'
tricks do not make 13 is refused and stores nothing.
"""

from __future__ import annotations

import io
import re
from typing import Any

import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.paper import photo
from scorekeeper.paper.model import CLASSIFIER
from scorekeeper.rules.paper import paper_size
from scorekeeper.rules.paper.drives import card_page
from scorekeeper.rules.paper.sheet import SheetPage
from tests.paper import corpus
from tests.web.conftest import csrf_token, error_text

from .drive_pages import Organiser, text_of

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
HANDS = 24
CHOSEN = re.compile(r'name="v-([\d.]+\w+)" value="(\d*)" checked')


@pytest.fixture(autouse=True, scope="module")
def trained_classifier() -> None:
    """The digit classifier, loaded (or trained once, if bin/setup has not) before the first upload."""
    CLASSIFIER.model()


def printed_cards(client: FlaskClient, organiser: Organiser) -> list[tuple[Any, SheetPage, int]]:
    """Each table card's page as a picture, its layout and its table, as the QR code says."""
    pdf = client.get(f"{organiser.url}/table-cards.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    cards = []
    for picture in corpus.page_pictures(pdf.data):
        identity = photo.straighten(picture).identity
        assert identity.drive == organiser.drive_id and identity.table is not None
        size = paper_size(identity.paper, identity.orientation)
        page = card_page(
            size, number=identity.page, first=identity.first, last=identity.last, top=identity.top
        )
        cards.append((picture, page, identity.table))
    return cards


def upload(client: FlaskClient, organiser: Organiser, jpeg: bytes) -> TestResponse:
    page = client.get(f"{organiser.url}/paper")
    assert page.status_code == 200
    data = {"csrf_token": csrf_token(page), "photo": (io.BytesIO(jpeg), "card.jpg")}
    return client.post(f"{organiser.url}/paper/photos", data=data, content_type="multipart/form-data")


def card_values(tricks: dict[int, int]) -> dict[str, int | None]:
    """What a table writes: each hand's N–S and E–W tricks."""
    values: dict[str, int | None] = {}
    for hand, north_south in tricks.items():
        values[f"{hand}.0.tricks"] = north_south
        values[f"{hand}.1.tricks"] = 13 - north_south
    return values


def confirm(
    client: FlaskClient, answer: TestResponse, truth: dict[str, int | None], says: str = ""
) -> TestResponse:
    """Open the confirm screen (which ``says`` that), fix whatever was misread (a tap each), and confirm."""
    assert answer.status_code == 303, error_text(answer)
    shown = client.get(answer.headers["Location"])
    assert shown.status_code == 200
    assert says in text_of(shown)
    form = {f"v-{key}": value for key, value in CHOSEN.findall(shown.get_data(as_text=True))}
    for key, value in truth.items():
        form[f"v-{key}"] = "" if value is None else str(value)
    return client.post(answer.headers["Location"], data={"csrf_token": csrf_token(shown), **form})


def test_the_table_cards_photographed_become_the_drives_hands(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    assert organiser.set_up(NAMES).status_code == 303
    assert "Read the table cards from photos" in text_of(client.get(organiser.url))
    cards = printed_cards(client, organiser)
    assert sorted(table for _, _, table in cards) == [1, 2]
    rng = np.random.default_rng(44)
    written = {table: {hand: int(rng.integers(0, 14)) for hand in range(1, HANDS + 1)} for table in (1, 2)}
    hands = corpus.hands()
    for index, (picture, page, table) in enumerate(sorted(cards, key=lambda card: card[2])):
        truth = card_values(written[table])
        filled = corpus.fill(picture, page.fields, truth, hands[index % len(hands)], rng)
        answer = upload(client, organiser, corpus.photograph(filled, rng))
        if table == 1:
            # A card whose pairs' tricks do not make 13 is refused, and nothing is kept.
            # Hand 2 waits for table 2's card of hand 1.
            wrong = {**truth, "3.1.tricks": (14 - written[1][3]) % 14}
            refused = confirm(client, answer, wrong, says="Kept: entered once hand 1 is in at every table")
            assert refused.status_code == 422
            north_south, east_west = written[1][3], wrong["3.1.tricks"]
            said = (
                f"Hand 3: N–S {north_south} and E–W {east_west} make {north_south + east_west} tricks, not 13"
            )
            assert said in text_of(refused)
            assert organiser.stored_hands() == []
        done = confirm(client, answer, truth)
        assert done.status_code == 303, text_of(done)
        after = text_of(client.get(done.headers["Location"]))
        if table == 1:
            # Hand 1 goes in; the rest waits for table 2's card of the hand before.
            assert organiser.stored_hands() == [(1, 1, written[1][1], "NS")]
            assert "23 more wait for the other tables' cards" in after
            assert "waiting for the other tables' cards: table 1" in after
        else:
            assert "47 hands entered from the table cards" in after
    assert organiser.stored_hands() == sorted(
        (hand, table, tricks, "NS") for table, by_hand in written.items() for hand, tricks in by_hand.items()
    )


def test_a_drive_card_read_as_a_game_sheet_says_where_to_read_it(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    assert organiser.set_up(NAMES, hands="2", interval_after="").status_code == 303
    picture, _page, _table = printed_cards(client, organiser)[0]
    jpeg = corpus.photograph(picture, np.random.default_rng(4))
    page = client.get("/paper")
    data = {"csrf_token": csrf_token(page), "photo": (io.BytesIO(jpeg), "card.jpg")}
    answer = client.post("/paper/photos", data=data, content_type="multipart/form-data")
    assert answer.status_code == 422
    assert "whist drive's table card" in error_text(answer)
    # And the drive's page says "card" where the game's says "sheet".
    for photographed, says in (
        (b"", "Choose a photo of the table card first"),
        (b"not a photo", "take a photo of the table card"),
    ):
        answer = upload(client, organiser, photographed)
        assert answer.status_code == 422 and says in error_text(answer)

"""Paper in, scores out, on the phone: a blank sheet printed by the app, filled in (rendered in a
handwriting font), photographed (synthetically), uploaded through the page the sheet's QR code
opens, the flagged values fixed with a tap, confirmed — and the game is the one typed in by hand.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

import numpy as np
import pytest
from playwright.sync_api import expect

from scorekeeper.paper import photo
from scorekeeper.paper.model import CLASSIFIER
from scorekeeper.rules import Game, Table, get_variant
from scorekeeper.rules.paper import page_of
from tests.paper import corpus

from .conftest import Phone, check_accessibility

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
DEALS = 3


@pytest.mark.browser
def test_a_photographed_sheet_becomes_the_game_typed_by_hand(phone: Phone, tmp_path: Path) -> None:
    CLASSIFIER.model()  # loaded (or trained once) before the upload, as the app does when it starts
    page = phone.page
    # Print a blank sheet for four named players, Ann dealing first.
    query = urlencode(
        [*((f"players-{seat}", name) for seat, name in enumerate(PLAYERS)), ("first_dealer", "1")]
    )
    pdf = page.request.get(f"/sheets/blank/oh-hell/sheet.pdf?{query}")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    picture = corpus.page_pictures(pdf.body())[0]
    identity = photo.straighten(picture).identity
    # Fill three deals of a game the engine accepts, and photograph the page.
    table = Table.create(get_variant("oh-hell"), PLAYERS, first_dealer=0)
    rng = np.random.default_rng(2026)
    entries = corpus.legal_entries(table, DEALS, rng)
    truth = corpus.values_of(entries)
    sheet = page_of(table, identity)
    # The table slipped on deal 2: Ann's tricks are one out, and the tricks no longer add up.
    slipped = "2.0.tricks"
    took = truth[slipped]
    assert took is not None
    written = {**truth, slipped: took + 1 if took < 2 else took - 1}
    filled = corpus.fill(picture, sheet.fields, written, corpus.hands()[1], rng)
    shot = tmp_path / "sheet.jpg"
    shot.write_bytes(corpus.photograph(filled, rng))

    # The sheet's QR code opens the page that reads it; the phone takes the photo there.
    page.goto(f"/paper?{urlencode(identity.query())}")
    expect(page.locator("h1")).to_have_text("Read a paper sheet")
    check_accessibility(page, "the page that reads a sheet")
    page.set_input_files("input[type=file][name=photo]", str(shot))
    page.click("button.primary")
    expect(page.locator("h1")).to_have_text("Check what was read")
    # The engine refuses deal 2 as read: its trick counts open beside the photo, the reason above.
    expect(page.locator("#deal-2 ~ [role=alert]")).to_be_visible()
    expect(page.locator(f"details.refused:has(input[name='v-{slipped}'])")).to_have_attribute("open", "")
    phone.shoot_both("paper-confirm")
    check_accessibility(page, "the confirm screen")

    # Fix every value the screen shows wrong: what it opened, and (tapping it open) anything else.
    for key, value in truth.items():
        choice = page.locator(f"input[name='v-{key}'][value='{'' if value is None else value}']")
        if choice.is_checked():
            continue
        fold = page.locator(f"details:has(input[name='v-{key}'])")
        if fold.get_attribute("open") is None:
            fold.locator("summary").click()
        choice.locator("xpath=..").click()
        expect(choice).to_be_checked()
    page.click("button.primary:has-text('Record')")
    page.wait_for_url(lambda url: "/paper/" not in url)
    game_url = page.url.split("/deals/", 1)[0]
    page.goto(game_url)
    from_paper = phone.standings()

    # The same three deals typed in by hand.
    phone.start_game("oh-hell", PLAYERS, first_dealer=0)
    phone.open_next_deal(1)
    game = Game(table)
    for number, entry in enumerate(entries, start=1):
        facts = game.state.current
        assert facts is not None
        order = list(facts.bidding_order)
        phone.play_deal(
            {seat: entry["bids"][seat] for seat in order},
            {seat: entry["tricks"][seat] for seat in order},
            number=number,
        )
        game = game.record(table.variant.engine.read_entry(number, entry))
    phone.open_sheet()
    assert phone.standings() == from_paper
    assert from_paper == dict(zip(PLAYERS, game.state.totals, strict=True))  # the engine's own count

"""A real evening of Romanian Whist on a phone: a player arrives, another leaves, a deal is misdealt
and a revoke is found. Each is two taps from the deal screen through the pages (the way of a browser
without the deal screen's script; the sheet over the deal screen is test_events_in_place.py's), says
what it will change before it is recorded, and shows in its place on the sheet and in the PDF."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import DEAL_URL, Phone

PLAYERS = ["Peter", "Peggy", "John", "Ann"]
PETER, PEGGY, JOHN, ANN = range(4)
MARY = 4  # the newcomer takes the next seat number


def play_neutral(phone: Phone, number: int) -> None:
    """On the deal's screen: everyone bids 0, the first to bid takes every trick, and save."""
    page = phone.page
    seats = [
        int(seat)
        for seat in page.locator(".rows .line[data-seat]").evaluate_all(
            "(rows) => rows.map((row) => row.dataset.seat)"
        )
    ]
    phone.tap_bids({seat: 0 for seat in seats})
    phone.save_bids()
    first = seats[0]
    cards = max(
        int(value)
        for value in page.locator(f"input[name='tricks-{first}']").evaluate_all(
            "(inputs) => inputs.map((input) => input.value)"
        )
    )
    if not phone.tricks_input(first, cards).is_checked():
        phone.tap(phone.tricks_chip(first, cards))
    phone.expect_tricks({seat: (cards if seat == first else 0) for seat in seats})
    phone.save_tricks(number)


def open_event(phone: Phone, kind: str) -> None:
    """From the deal screen, two taps: the table's events, then the event — through the pages, as a
    browser without the deal screen's script goes (its link left to the page rather than the sheet it
    opens over the deal; the sheet's own way is test_events_in_place.py's)."""
    taps = phone.taps
    phone.page.locator("a.events-link").evaluate("(link) => link.removeAttribute('data-sheet')")
    phone.tap("a.events-link")
    expect(phone.page.locator("h1")).to_have_text("Table events")
    phone.tap(phone.page.locator(f"a.event-kind[href$='/events/new/{kind}']"))
    assert phone.taps - taps == 2


def confirm(phone: Phone, says: str) -> None:
    """Read what the event will change, and say yes: back on the deal screen, which says what was done."""
    page = phone.page
    expect(page.locator(".preview-text")).to_contain_text(says)
    expect(page.locator(".go-on")).to_have_text("Go on?")
    phone.tap("button[value=record]", in_reach=False)
    expect(page).to_have_url(DEAL_URL)
    expect(page.locator(".flash")).to_contain_text(says.split("; ")[0])  # the deals re-planned were shown


@pytest.mark.browser
def test_an_evening_with_an_arrival_a_departure_a_misdeal_and_a_revoke(phone: Phone, tmp_path: Path) -> None:
    page = phone.page
    phone.start_game("romanian-whist", PLAYERS, first_dealer=PETER)
    phone.open_next_deal(1)
    play_neutral(phone, 1)

    # Mary arrives after deal 1, between John and Ann, on the lowest total.
    open_event(phone, "arrival")
    phone.shoot_both("arrival-form")
    page.fill("input[name=name]", "Mary")
    phone.tap("label.choice:has(input[name=left_of][value='2'])", in_reach=False)
    phone.tap("label.choice:has(input[name=start][value=lowest])", in_reach=False)
    phone.tap("button[value=check]", in_reach=False)
    expect(page.locator(".preview-text")).to_contain_text("become 5-player deals")
    phone.shoot_both("arrival-confirm")
    confirm(phone, "Mary joins after deal 1 at the left of John, starting on ")
    expect(page.locator(".strip-name", has_text="Mary")).to_have_count(1)
    expect(page.locator(f".line[data-seat='{MARY}']")).to_have_count(1)  # Mary bids in deal 2
    phone.shoot_both("deal-2-with-mary")
    play_neutral(phone, 2)

    # Deal 3 is misdealt: the same dealer deals it again.
    dealer = page.locator(".facts-line summary").inner_text().split(" deals ")[0]
    open_event(phone, "misdeal")
    confirm(phone, f"{dealer} misdealt deal 3 and deals it again")
    expect(page.locator(".facts-line summary")).to_contain_text(f"{dealer} deals")
    play_neutral(phone, 3)

    # A revoke is found after deal 3: Peggy revoked.
    open_event(phone, "revoke")
    phone.tap(page.locator("label.name-chip", has_text="Peggy"), in_reach=False)
    phone.tap("button[value=check]", in_reach=False)
    phone.shoot_both("revoke-confirm")
    confirm(phone, "Peggy revoked in deal 3: −10 (house rule); the rest of the deal stands")

    # John leaves after deal 3: the deals to come are re-planned for four.
    open_event(phone, "departure")
    phone.tap(page.locator("label.name-chip", has_text="John"), in_reach=False)
    phone.tap("button[value=check]", in_reach=False)
    expect(page.locator(".preview-text")).to_contain_text("become 4-player deals")
    confirm(phone, "John leaves after deal 3 with ")
    expect(page.locator(".strip-sides li.left")).to_contain_text("John")
    expect(page.locator(f".line[data-seat='{JOHN}']")).to_have_count(0)
    play_neutral(phone, 4)

    # The sheet shows every event in its place; the events page lists them to correct.
    phone.open_sheet()
    texts = page.locator(".event-row .event-note a").all_inner_texts()
    assert [text.split(" ")[0] for text in texts] == ["Mary", dealer, "Peggy", "John"]
    expect(page.locator(".sheet-view thead th", has_text="Mary")).to_have_count(1)
    expect(page.locator("#deal-1 td.away")).to_have_count(1)  # Mary's column starts at deal 2
    expect(page.locator("#deal-4 td.away", has_text="left")).to_have_count(1)
    page.locator("#event-1").scroll_into_view_if_needed()
    phone.shoot_both("sheet-with-events")
    page.click("a.events-link")
    expect(page.locator(".event-history li")).to_have_count(4)
    phone.shoot_both("events-page")

    # The PDF holds every event, in the engine's words.
    game_id = re.search(r"/games/([0-9a-f]{32})", page.url)
    assert game_id is not None
    pdf = page.request.get(f"/games/{game_id.group(1)}/sheet.pdf")
    assert pdf.ok
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf.body())
    words = " ".join(
        subprocess.run(
            ["pdftotext", str(path), "-"], check=True, capture_output=True, text=True
        ).stdout.split()
    )
    for text in texts:
        assert " ".join(text.split()) in words, text
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(path), str(tmp_path / "pdf")], check=True)
    print(f"screenshots and the PDF's pages: {tmp_path}")

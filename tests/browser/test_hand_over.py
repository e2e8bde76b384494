"""Changing scorer mid-game: the scorer shows a QR code, a second phone opens its link, taps
once and keeps score; the code never reaches the server in an address."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, Request, expect

from .conftest import DEAL_URL, PHONE_MODEL, SHEET_URL, TIMEOUT_MS, Phone

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)


@pytest.mark.browser
def test_the_scorer_hands_the_game_to_another_phone_by_its_link(
    phone: Phone, browser: Browser, playwright: Playwright, live_server: str, tmp_path: Path
) -> None:
    game_url = phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.page.click("details.share summary")
    phone.page.click("text=Hand over the scoring…")
    expect(phone.page.locator("h1")).to_have_text("Hand the scoring to another phone?")
    print(f"screenshot: {phone.shoot('hand-over-asks-first')}")
    phone.page.click("button.primary")
    expect(phone.page.locator(".handover-qr svg")).to_be_visible()
    print(f"screenshot: {phone.shoot('hand-over-code')}")
    link = phone.page.locator("a.handover-link").get_attribute("href")
    code = phone.page.locator(".handover-code").inner_text().replace("-", "")
    assert link is not None and link.endswith(f"/join#{code}")

    # The other phone: its own browser context, so its own cookies, as if it scanned the QR code.
    profile = dict(playwright.devices[PHONE_MODEL])
    profile.pop("default_browser_type", None)
    context = browser.new_context(**profile, base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    other = Phone(context.new_page(), tmp_path)
    sent: list[str] = []

    def note(request: Request) -> None:
        sent.append(request.url + " " + (request.post_data or ""))

    other.page.on("request", note)
    other.page.goto(game_url)
    expect(other.page.locator("section.current a.button.primary")).to_have_count(0)  # follows only

    other.page.goto(link)
    expect(other.page.locator("h1")).to_have_text("Keep score on this phone?")
    expect(other.page.locator("#code")).to_have_value(code)
    assert "#" not in other.page.url  # the script took the code out of the address bar
    print(f"screenshot: {other.shoot('join-filled-in')}")
    other.page.click("button.primary")
    expect(other.page).to_have_url(SHEET_URL)
    expect(other.page.locator(".flash")).to_have_text("This phone can now enter and correct deals.")
    other.open_next_deal(1)
    other.play_deal({BOB: 3, CY: 2, DEE: 4, ANN: 2}, {BOB: 3, CY: 2, DEE: 3, ANN: 2}, number=1)
    print(f"screenshot: {other.shoot('new-scorer-saved-deal-1')}")

    # The code went to the server once, in the body of the join form's POST, never in an address.
    carrying = [entry.split(" ", 1) for entry in sent if code in entry]
    assert len(carrying) == 1
    address, body = carrying[0]
    assert address.endswith("/join") and f"code={code}" in body

    # The first phone keeps its right too.
    phone.page.goto(game_url)
    phone.open_next_deal(2)
    expect(phone.page).to_have_url(DEAL_URL)
    context.close()

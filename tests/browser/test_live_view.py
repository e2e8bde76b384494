"""A second phone follows the game on its live link: it updates by itself and cannot change anything."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, Playwright, Response, expect

from .conftest import PHONE_MODEL, TIMEOUT_MS, Phone, printed

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)
LIVE_URL = re.compile(r"^http://127\.0\.0\.1:\d+/games/[0-9a-f]{32}/live$")

# Oh Hell, common scoring, 10 cards, Ann deals: Bob bids first and Ann last.
BIDS = {BOB: 3, CY: 2, DEE: 4, ANN: 2}
TRICKS = {BOB: 3, CY: 2, DEE: 4, ANN: 1}
TOTALS = {BOB: 13, CY: 12, DEE: 14, ANN: 1}  # 1 a trick and 10 more for an exact bid


@pytest.fixture
def spectator(browser: Browser, playwright: Playwright, live_server: str) -> Iterator[Page]:
    """Another phone at the table (its own browser context, so not the device that started the game).

    Fails the test on a script error in its page or a server error (5xx) it receives.
    """
    profile = dict(playwright.devices[PHONE_MODEL])
    profile.pop("default_browser_type", None)
    context = browser.new_context(**profile, base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error on {page.url}: {error}"))

    def note_server_error(response: Response) -> None:
        if response.status >= 500:
            problems.append(f"server error {response.status} on {response.url}")

    page.on("response", note_server_error)
    yield page
    context.close()
    assert not problems, problems


def live_link(phone: Phone) -> str:
    """Open "Share the score" on the sheet and read the live link it offers."""
    share = phone.page.locator("details.share")
    share.locator("summary").click()
    link = share.locator("a", has_text="/live")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href is not None
    expect(link).to_have_text(href)
    return href


def expect_read_only(page: Page) -> None:
    """Nothing on the live page enters, corrects or removes a deal (it may only show totals alone, and keep
    the screen on)."""
    expect(page.locator("form")).to_have_count(0)
    controls = "input:not(#compact):not([data-wake-lock]), select, textarea, button"
    expect(page.locator(controls)).to_have_count(0)
    expect(page.locator("a[href*='/deals/'], a[href$='/undo'], a[href$='/abandon']")).to_have_count(0)
    expect(page.locator("a[aria-label^='Correct']")).to_have_count(0)


def live_cell(page: Page, number: int, seat: int) -> Locator:
    """A seat's cell in a deal's row of the live sheet."""
    return page.locator(f"#deal-{number} td").nth(seat)


@pytest.mark.browser
def test_the_live_link_follows_a_deal_entered_on_the_first_phone_by_itself(
    phone: Phone, spectator: Page
) -> None:
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    address = live_link(phone)
    assert LIVE_URL.match(address), address
    phone.shoot("live-link-offered")

    spectator.goto(address)
    expect(spectator.locator("h1")).to_have_text(re.compile(r"^Oh Hell\s+live$"))
    expect(spectator.locator("section.current h2")).to_have_text("Deal 1 of 19")
    expect(spectator.locator("#deal-1")).to_have_count(0)
    expect(spectator.locator(".standings li strong")).to_have_text(["0", "0", "0", "0"])
    expect_read_only(spectator)
    spectator.evaluate("window.stillTheFirstLoad = true")

    # The bids saved on the first phone appear on the second by themselves.
    phone.open_next_deal(1)
    phone.tap_bids(BIDS)
    phone.save_bids()
    for seat, bid in BIDS.items():
        expect(live_cell(spectator, 1, seat)).to_have_text(str(bid))
    expect(live_cell(spectator, 1, ANN)).to_have_class("open")

    # Then the tricks: the scored row, the standings and the next deal, still without a reload.
    phone.tap_tricks(TRICKS)
    phone.expect_tricks(TRICKS)
    phone.save_tricks(1)
    for seat, total in TOTALS.items():
        expect(live_cell(spectator, 1, seat).locator(".tot")).to_have_text(printed(total))
    expect(spectator.locator("section.current h2")).to_have_text("Deal 2 of 19")
    standings = dict(
        zip(
            spectator.locator(".standings li span").all_text_contents(),
            spectator.locator(".standings li strong").all_text_contents(),
            strict=True,
        )
    )
    assert standings == {PLAYERS[seat]: str(total) for seat, total in TOTALS.items()}
    # Swapped in by the page's script: no reload (that would have dropped the marker).
    assert spectator.evaluate("window.stillTheFirstLoad === true")
    assert spectator.url == address
    expect(spectator.locator("#deal-1 th")).to_have_text(re.compile(r"^\s*1\b"))
    expect_read_only(spectator)
    # Knowing the game's address is not enough: the deal screen refuses a phone without the edit key.
    deal_screen = spectator.request.get(address.removesuffix("/live") + "/deals/2")
    assert deal_screen.status == 403
    spectator.screenshot(path=phone.shots / "live-after-deal-1.png", full_page=True)

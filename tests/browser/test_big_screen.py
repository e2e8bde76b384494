"""The big screen on a television: reached from a phone's ☰ by its link, it follows the deal entered on
the phone by itself, and at 1920×1080 and 1280×720 fits 4 and 7 players and two partnerships on one
screen with every name at least 40 px tall, dark, axe clean."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Browser, Page, expect

from .conftest import Phone, check_accessibility, printed

SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
PLAYERS = ["Annabelle", "Bartholomew", "Cy", "Delphine"]
ANN, BOB, CY, DEE = range(4)
SEVEN = ["Annabelle", "Bartholomew", "Cy", "Delphine", "Evangeline", "Fitzgerald", "Gwendolyn"]
# Oh Hell, 10 cards, Annabelle deals: Bartholomew bids first and Annabelle last (the hook: not 1).
BIDS = {BOB: 3, CY: 2, DEE: 4, ANN: 2}
TRICKS = {BOB: 3, CY: 2, DEE: 4, ANN: 1}
TOTALS = {DEE: 14, BOB: 13, CY: 12, ANN: 1}  # from the highest, as the big screen orders them


@pytest.fixture
def television(browser: Browser, live_server: str) -> Iterator[Page]:
    """A television's browser at 1920×1080 (a dark room: it asks for nothing), failing on a script error."""
    context = browser.new_context(viewport=SIZES[0], base_url=live_server)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error on {page.url}: {error}"))
    yield page
    context.close()
    assert not problems, problems


def fits(page: Page, where: str) -> None:
    """Nothing scrolls, every name is shown whole and at least 40 px tall, and the page is axe clean."""
    for size in SIZES:
        page.set_viewport_size(size)
        measured: dict[str, Any] = page.evaluate(
            """() => {
                const root = document.scrollingElement;
                const names = Array.from(document.querySelectorAll('.big-name'));
                return {
                    scrolls: root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1,
                    smallest: Math.min(...names.map((name) => parseFloat(getComputedStyle(name).fontSize))),
                    cut: names.filter((name) => name.scrollWidth > name.clientWidth + 1)
                        .map((name) => name.textContent),
                    below: names.filter((name) => name.getBoundingClientRect().bottom > innerHeight).length,
                    background: getComputedStyle(document.body).backgroundColor,
                };
            }"""
        )
        page.screenshot(path=f"/tmp/i43/big-{where.replace(' ', '-')}-{size['width']}.png")
        label = f"{where} at {size['width']}×{size['height']}"
        assert not measured["scrolls"], f"{label}: the page scrolls"
        assert measured["smallest"] >= 40, f"{label}: a name is {measured['smallest']} px"
        assert not measured["cut"] and not measured["below"], f"{label}: names cut or off screen {measured}"
        channels = [int(value) for value in re.findall(r"\d+", measured["background"])[:3]]
        assert max(channels) < 60, f"{label}: not dark ({measured['background']})"
    check_accessibility(page, where)


def started(request: APIRequestContext, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    answer = request.post("/api/v1/games", data=body)
    assert answer.status == 201, answer.text()
    state = answer.json()
    return state["id"], {"Authorization": f"Bearer {state['edit_token']}"}


@pytest.mark.browser
def test_the_big_screen_follows_the_phone_and_fits_every_table_on_a_television(
    phone: Phone, television: Page
) -> None:
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.page.locator("details.menu summary").click()
    phone.tap(phone.page.get_by_role("link", name="Big screen"))
    link = phone.page.locator(".share-link a")
    expect(link).to_have_text(re.compile(r"/games/[0-9a-f]{32}/screen$"))
    expect(phone.page.locator(".qr-box svg")).to_be_visible()
    address = link.get_attribute("href")
    assert address is not None

    television.goto(address)
    expect(television.locator(".big-title")).to_have_text("Deal 1 of 19")
    television.evaluate("window.stillTheFirstLoad = true")
    fits(television, "four players before deal 1")

    # The bids saved on the phone appear on the television by themselves, then the scored deal.
    phone.page.get_by_role("link", name="Back to the score sheet").click()
    phone.open_next_deal(1)
    phone.tap_bids(BIDS)
    phone.save_bids()
    expect(television.locator(".big-bid")).to_have_text([str(BIDS[seat]) for seat in range(4)])
    phone.tap_tricks(TRICKS)
    phone.expect_tricks(TRICKS)
    phone.save_tricks(1)
    expect(television.locator(".big-title")).to_have_text("Deal 2 of 19")
    expect(television.locator(".big-name")).to_have_text([PLAYERS[seat] for seat in TOTALS])
    expect(television.locator(".big-total")).to_have_text([printed(total) for total in TOTALS.values()])
    expect(television.locator(".big-chance")).to_have_count(4)
    assert television.evaluate("window.stillTheFirstLoad === true")  # swapped in, never reloaded
    fits(television, "four players after deal 1")
    phone.open_sheet()
    expect(phone.page.locator(".standings .chance")).to_have_count(4)  # each one's chance, beside the totals
    phone.page.screenshot(path="/tmp/i43/phone-sheet-chances.png", full_page=True)

    # Seven players a few deals in, and two partnerships: still one screen.
    request = television.request
    game_id, auth = started(request, {"variant": "oh-hell", "players": SEVEN})
    for number in (1, 2):
        state = request.get(f"/api/v1/games/{game_id}").json()
        cards = state["next"]["cards"]
        order = state["next"]["bidding_order"]
        bids, tricks = [0] * 7, [0] * 7
        bids[order[0]] = tricks[order[0]] = cards  # the first to bid takes every trick
        bids[order[-1]] = 1  # and the dealer, bidding last, misses (the hook forbids 0)
        answer = request.put(
            f"/api/v1/games/{game_id}/deals/{number}", data={"bids": bids, "tricks": tricks}, headers=auth
        )
        assert answer.status == 200, answer.text()
    television.goto(f"/games/{game_id}/screen")
    expect(television.locator(".big-name")).to_have_count(7)
    fits(television, "seven players")
    game_id, auth = started(request, {"variant": "classic-whist", "players": PLAYERS})
    assert request.put(f"/api/v1/games/{game_id}/deals/1", data={"tricks": 8}, headers=auth).status == 200
    television.goto(f"/games/{game_id}/screen")
    expect(television.locator(".big-name")).to_have_count(2)
    fits(television, "partnerships")


@pytest.mark.browser
def test_secret_totals_stay_off_the_television_until_the_end_reveals_them_last_place_first(
    phone: Phone, television: Page
) -> None:
    page = phone.page
    phone.open_new_game("classic-whist")
    phone.type_names(PLAYERS)
    phone.choose_first_dealer(ANN)
    page.get_by_label("Secret totals").check()
    page.click("button.primary")
    phone.expect_first_deal()
    found = re.search(r"/games/([0-9a-f]{32})/", page.url)
    assert found is not None
    game_id = found.group(1)
    phone.tap("label.chip:has(input[name=tricks][value='8'])")
    phone.save_tricks(1)
    expect(page.locator(".strip-score strong")).to_have_count(0)  # the scorer's screen: no total either
    television.goto(f"/games/{game_id}/screen")
    expect(television.locator(".big-secret")).to_have_text("The totals are secret until the end.")
    expect(television.locator(".big-total, .big-chance, .chart")).to_have_count(0)
    expect(television.locator(".big-points")).to_have_text(["+2", "0"])  # each deal's points, in seat order
    phone.open_sheet()
    expect(page.locator(".standings strong, .tot")).to_have_count(0)
    phone.open_next_deal(2)
    phone.tap("label.chip:has(input[name=tricks][value='8'])")
    phone.save_tricks(2)
    # The last deal's Save: the scorer's own screen ends the game in place, the places one at each tap of
    # "Next place" from last to first, and only then who won, play again and the whole sheet.
    phone.tap("label.chip:has(input[name=tricks][value='8'])")
    assert phone.save().status == 200
    listed = page.locator("#screen .reveal [data-reveal-item]")
    expect(listed).to_have_count(2)
    expect(listed.nth(0)).to_be_visible()
    expect(listed.nth(0).locator(".reveal-name")).to_have_text("Bartholomew & Delphine")
    expect(listed.nth(1)).to_be_hidden()
    expect(page.locator("#screen .stack")).to_be_hidden()  # nor play again, before the last place
    page.screenshot(path="/tmp/i43/deal-screen-reveal-first.png")
    phone.tap(page.get_by_role("button", name="Next place"))
    expect(listed.nth(1)).to_be_visible()
    expect(listed.nth(1).locator(".reveal-name")).to_have_text("Annabelle & Cy")
    expect(listed.nth(1).locator(".reveal-total")).to_have_text("6")
    expect(page.get_by_role("button", name="Next place")).to_be_hidden()
    expect(page.locator("#screen a.button", has_text="See the whole sheet")).to_be_visible()
    page.screenshot(path="/tmp/i43/deal-screen-reveal-last.png")
    check_accessibility(page, "the reveal on the deal screen")
    # The television followed to the end and names the places one by one, the winners last.
    places = television.locator("[data-reveal-item]")
    expect(places).to_have_count(2)
    expect(places.nth(0)).to_be_visible()
    expect(places.nth(0).locator(".reveal-name")).to_have_text("Bartholomew & Delphine")
    expect(places.nth(1)).to_be_visible()
    expect(places.nth(1).locator(".reveal-name")).to_have_text("Annabelle & Cy")
    fits_reveal = television.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
    assert fits_reveal
    television.screenshot(path="/tmp/i43/big-reveal.png")
    check_accessibility(television, "the reveal on the big screen")
    # On the sheet, one place at each tap of "Next place" too.
    phone.open_sheet()
    listed = page.locator(".reveal [data-reveal-item]")
    expect(listed.nth(0)).to_be_visible()
    expect(listed.nth(1)).to_be_hidden()
    # Nor who won, nor any total in the sheet, the standings or the chart below, before the last place.
    kept = page.locator(".podium, .sheet-view, .standings, .chart")
    expect(kept).to_have_count(5)  # the two charts: the running totals and the chances of winning
    for hidden in kept.all():
        expect(hidden).to_be_hidden()
    phone.tap(page.get_by_role("button", name="Next place"))
    expect(listed.nth(1)).to_be_visible()
    expect(listed.nth(1).locator(".reveal-total")).to_have_text("6")
    expect(page.get_by_role("button", name="Next place")).to_be_hidden()
    expect(page.locator(".podium")).to_be_visible()  # the result, once the winners are named
    expect(page.locator(".sheet-view .tot").last).to_have_text("0")  # and the whole sheet
    page.screenshot(path="/tmp/i43/phone-reveal.png", full_page=True)
    check_accessibility(page, "the reveal on a phone")

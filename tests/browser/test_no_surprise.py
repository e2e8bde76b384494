"""The table's evening without a surprise (issue 38), at 390 px, in English and in German: a correction says
what it moves before it is saved (a latecomer's start), a misdeal found after the bids is three taps in
place, the events that wait for the deal say why once, another phone keeps score from ☰ in two taps
without a page load, play again is one tap in place; and the small things — names in the standings whole at
five, the facts' last two together, the bar on one line in German, Oneonta's bids in reach at four."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import APIRequestContext, Browser, Page, Playwright, expect

from scorekeeper.rules import Arrival, Game
from scorekeeper.rules.knock_on import knock_ons

from .conftest import (
    HYPHEN_MINUS_FOUND,
    PHONE_MODEL,
    REACHABLE,
    TIMEOUT_MS,
    VIEWPORT,
    Phone,
    check_accessibility,
)
from .test_longer_words import real_server  # noqa: F401  (every committed catalogue, served)

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
SHEET = "[data-table-sheet]"
MENU_ITEM = "details[data-menu] a[href$='/another-phone']"
NAMES = ["Anastasia", "Bogdan", "Cristiana", "Dana"]
UNCUT = """(nodes) => nodes.filter((node) => node.scrollWidth > node.clientWidth + 1
  || getComputedStyle(node).textOverflow === "ellipsis").map((node) => node.textContent)"""


def post(request: APIRequestContext, url: str, fields: dict[str, Any]) -> str:
    """A page's form sent as the phone would (its cookies, a CSRF token); where it led."""
    found = TOKEN.search(request.get(url).text())
    assert found, url
    answer = request.post(url, form={"csrf_token": found.group(1), **fields})
    assert answer.ok, (url, answer.status, answer.text()[:300])
    return answer.url


def evening(page: Page) -> tuple[str, Game]:
    """A table's Oh Hell for four, three deals played through their forms (every bid 0, the first bidder
    takes every trick), then Elena joins at the left of Dana on the lowest total; the game and its
    engine copy."""
    request = page.context.request
    table = post(request, "/tables/new", {"name": "Thursday whist"}).rsplit("/", 1)[1]
    fields = {"first_dealer": "0", "table": table} | {f"players-{n}": name for n, name in enumerate(NAMES)}
    game_id = post(request, "/games/new/oh-hell", fields).split("/games/", 1)[1].split("/", 1)[0]
    game = Game.start("oh-hell", NAMES)
    engine = game.table.variant.engine
    for number in (1, 2, 3):
        facts = game.state.current
        assert facts is not None
        bids = [0, 0, 0, 0]
        tricks = [0, 0, 0, 0]
        tricks[facts.bidding_order[0]] = facts.cards
        form = {f"bid-{seat}": "0" for seat in range(4)} | {
            f"tricks-{s}": str(t) for s, t in enumerate(tricks)
        }
        post(request, f"/games/{game_id}/deals/{number}", {"phase": "tricks", **form})
        game = game.record(engine.read_entry(number, {"bids": bids, "tricks": tricks}))
    arrival = {"step": "record", "name": "Elena", "left_of": "3", "start": "lowest"}
    post(request, f"/games/{game_id}/events/new/arrival", arrival)
    return game_id, game.add(Arrival(name="Elena", left_of=3, start="lowest"))


def start_moving_bid(game: Game) -> tuple[int, int]:
    """A bid of deal 2, one away from the one entered, whose correction moves Elena's start."""
    engine = game.table.variant.engine
    data = engine.write_entry(game.entries[1])
    for seat in game.state.deals[1].facts.bidding_order:
        bids = list(data["bids"])  # type: ignore[call-overload]
        bids[seat] += 1
        try:
            after = game.record(engine.read_entry(2, {**data, "bids": bids}))
        except Exception:  # the hook forbids it
            continue
        if any(text.code == "knock_start" for text in knock_ons(game, after)):
            return seat, bids[seat]
    raise AssertionError("no bid of deal 2 moves Elena's start")


def sheet_tap(phone: Phone, target: str) -> None:
    """A tap that shows something new in the sheet over the deal."""
    shown = phone.page.evaluate("() => window.Scorekeeper.sheetLoads || 0")
    phone.tap(target)
    phone.page.wait_for_function("(shown) => window.Scorekeeper.sheetLoads > shown", arg=shown)


def closes_on_deal(phone: Phone, target: str) -> None:
    """The tap that records: the sheet closes and the deal screen comes back in place."""
    swaps = phone.page.evaluate("() => window.Scorekeeper.swaps")
    phone.tap(target)
    phone.page.wait_for_function(
        "(swaps) => window.Scorekeeper.swaps > swaps && !document.querySelector('[data-table-sheet]').open",
        arg=swaps,
    )


def bids_saved(phone: Phone) -> None:
    """Every bid of the deal due tapped at 0 but the first (1), saved: the deal is under way."""
    rows = phone.page.locator(".rows .line[data-seat]")
    for index in range(rows.count()):
        seat = rows.nth(index).get_attribute("data-seat")
        phone.tap(phone.bid_chip(int(seat or 0), 1 if index == 0 else 0))
    phone.save_bids()


def test_the_evening_without_a_surprise(phone: Phone) -> None:
    page = phone.page
    game_id, game = evening(page)
    page.goto(f"/games/{game_id}/deals/4")
    page.wait_for_load_state("load")
    loads = phone.loads

    # Five sides in the standings: every name whole; the facts' last two never apart.
    assert page.locator(".strip-name").evaluate_all(UNCUT) == []
    expect(page.locator(".strip-name")).to_have_text([*NAMES, "Elena"])
    assert page.locator(".facts-text .fact").last.evaluate("(node) => node.getClientRects().length") == 1

    # A correction of deal 2 that moves Elena's start says so beside Save before it is saved.
    seat, bid = start_moving_bid(game)
    sheet_tap(phone, "a.correct-link")
    sheet_tap(phone, ".table-sheet a.past-deal[href$='/deals/2']")
    phone.tap(page.locator(f".table-sheet label.chip:has(input[name='bid-{seat}'][value='{bid}'])"))
    preview = page.locator(".table-sheet .knock-on-lines")
    expect(preview).to_contain_text("Elena's start:")
    expect(page.locator(".table-sheet button[data-primary]")).to_be_in_viewport()
    phone.shoot("correction-preview")
    closes_on_deal(phone, ".table-sheet button[data-primary]")
    expect(page.locator("#screen [data-status]")).to_contain_text("Deal 2 corrected: Elena's start:")

    # The misdeal found after the bids: ⚑, Misdeal (its preview names the bids dropped), Yes — 3 taps.
    bids_saved(phone)
    taps = phone.taps
    sheet_tap(phone, "a.events-link")
    expect(page.locator(".table-sheet .wait-reason")).to_have_count(1)
    expect(page.locator(".table-sheet .wait-reason")).to_contain_text("Deal 4 is under way")
    expect(page.locator(".table-sheet .event-kind.off .kind-hint")).to_have_count(0)
    check_accessibility(page, "the table's events while deal 4 is under way")
    sheet_tap(phone, ".table-sheet a.event-kind[href*='/events/new/misdeal']")
    expect(page.locator(".table-sheet .preview-under-way")).to_contain_text(
        "Deal 4 is not scored: what was entered of it is dropped (Elena 1,"
    )
    closes_on_deal(phone, ".table-sheet [data-record]")
    assert phone.taps - taps == 3
    expect(page.locator("button[data-primary]")).to_have_text("Save the bids")

    # Another phone keeps score: ☰, then the table's link and QR in the sheet; back, no page load.
    taps = phone.taps
    phone.tap("details[data-menu] > summary")
    sheet_tap(phone, MENU_ITEM)
    assert phone.taps - taps == 2
    expect(page.locator(".table-sheet .another-qr svg")).to_be_visible()
    expect(page.locator(".table-sheet a.handover-link")).to_contain_text(f"join?game={game_id}#")
    phone.shoot("another-phone")
    check_accessibility(page, "another phone keeps score")
    phone.tap(".table-sheet .another-back button")
    expect(page.locator(SHEET)).not_to_have_attribute("open", "")
    # The same from the table's events: ⚑, then Another phone keeps score, in the sheet.
    sheet_tap(phone, "a.events-link")
    sheet_tap(phone, ".table-sheet a.another-link")
    expect(page.locator(".table-sheet .another-qr svg")).to_be_visible()
    phone.tap(".table-sheet .another-back button")
    expect(page.locator(SHEET)).not_to_have_attribute("open", "")

    # Stopping early, then play again in one tap, in place.
    sheet_tap(phone, "a.events-link")
    sheet_tap(phone, ".table-sheet a.event-kind[href*='/events/new/stop']")
    closes_on_deal(phone, ".table-sheet [data-record]")
    again = page.locator("button[data-again]")
    expect(again).to_contain_text("deals first")
    phone.tap(again)
    phone.expect_first_deal()
    assert phone.loads == loads, "something loaded a page: every step is in place"


def test_oneontas_bids_at_four_are_in_reach_with_whole_names(phone: Phone) -> None:
    page = phone.page
    request = page.context.request
    fields = {"first_dealer": "0"} | {f"players-{n}": name for n, name in enumerate(NAMES)}
    game_id = post(request, "/games/new/oneonta", fields).split("/games/", 1)[1].split("/", 1)[0]
    page.goto(f"/games/{game_id}/deals/1")
    page.wait_for_load_state("load")
    assert page.locator(".bidder .who .name").evaluate_all(UNCUT) == []
    for value in ("7", "N7"):
        chip = page.locator(f"label.chip:has(input[name='bid-1'][value='{value}'])")
        assert chip.evaluate(REACHABLE), f"bid {value} is hidden"
    phone.shoot("oneonta-four")


def test_the_watch_finds_a_hyphen_minus_before_a_number(phone: Phone) -> None:
    phone.page.set_content("<p>Bob 7 → -3</p><p>2026-12-03 · 10-1-10 · −4</p>")
    phone.page.evaluate("() => new Promise((done) => setTimeout(done, 0))")  # its report has come
    found = list(HYPHEN_MINUS_FOUND)
    HYPHEN_MINUS_FOUND.clear()
    assert found and all("-3" in line for line in found), found


def test_in_german_the_bar_is_one_line_and_the_evening_in_place(
    browser: Browser,
    playwright: Playwright,
    real_server: str,  # noqa: F811  (the fixture imported above)
    tmp_path: Any,
) -> None:
    profile = dict(playwright.devices[PHONE_MODEL])
    profile.pop("default_browser_type", None)
    profile.update(viewport=VIEWPORT, screen=VIEWPORT)
    context = browser.new_context(
        **profile, base_url=real_server, extra_http_headers={"Accept-Language": "de"}
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        phone = Phone(context.new_page(), tmp_path)
        page = phone.page
        game_id, _ = evening(page)
        page.goto(f"/games/{game_id}/deals/4")
        page.wait_for_load_state("load")
        loads = phone.loads
        expect(page.locator("html")).to_have_attribute("lang", "de")
        bar = page.locator("header.bar").bounding_box()
        assert bar is not None and bar["height"] < 50, f"the bar wraps: {bar}"
        assert page.locator(".strip-name").evaluate_all(UNCUT) == []
        assert page.locator(".facts-text .fact").last.evaluate("(node) => node.getClientRects().length") == 1
        bids_saved_de(phone)
        sheet_tap(phone, "a.events-link")
        expect(page.locator(".table-sheet .wait-reason")).to_have_count(1)
        sheet_tap(phone, ".table-sheet a.event-kind[href*='/events/new/misdeal']")
        closes_on_deal(phone, ".table-sheet [data-record]")
        phone.tap("details[data-menu] > summary")
        sheet_tap(phone, MENU_ITEM)
        expect(page.locator(".table-sheet .another-qr svg")).to_be_visible()
        phone.shoot("another-phone-de")
        phone.tap(".table-sheet .another-back button")
        assert phone.loads == loads
    finally:
        context.close()


def bids_saved_de(phone: Phone) -> None:
    """As ``bids_saved``, on a page read in German (its Save says "Ansagen speichern")."""
    rows = phone.page.locator(".rows .line[data-seat]")
    for index in range(rows.count()):
        seat = rows.nth(index).get_attribute("data-seat")
        phone.tap(phone.bid_chip(int(seat or 0), 1 if index == 0 else 0))
    assert phone.save().status == 200
    expect(phone.page.locator("button[data-primary]")).not_to_have_text("Ansagen speichern")

"""A whist drive in the browser: the organiser sets it up, a table's phone (390×844) enters its
hand, and the caller's screen (1920×1080) follows without reloading until "Move now"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from ..web.drive_pages import HALL_NAMES
from .conftest import TIMEOUT_MS, Phone, check_accessibility

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
SHOTS = "/tmp/drive-shots"


@pytest.fixture
def big_screen(browser: Browser, live_server: str) -> Iterator[Page]:
    """A projector's browser at 1920×1080, for the caller's screen."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def set_up_drive(phone: Phone) -> dict[int, str]:
    """The organiser fills in the set-up form; returns the tables' links from the drive's page."""
    page = phone.page
    page.goto("/")
    page.get_by_role("link", name="Run a whist drive").click()
    expect(page.locator("h1")).to_have_text("A new whist drive")
    check_accessibility(page, "the drive's set-up form")
    page.get_by_label("Name of the drive").fill("St Mary's autumn drive")
    page.get_by_label("Their names, one a line").fill("\n".join(NAMES))
    page.get_by_label("Number of hands").fill("4")
    page.get_by_label("Interval after hand").fill("2")
    page.screenshot(path=f"{SHOTS}/drive-new.png", full_page=True)
    page.get_by_role("button", name="Set up the drive").click()
    expect(page.locator("h1")).to_have_text("St Mary's autumn drive")
    expect(page.locator(".lead")).to_contain_text("Progressive whist drive · 9 players at 2 tables")
    check_accessibility(page, "the organiser's page")
    page.screenshot(path=f"{SHOTS}/drive-organiser.png", full_page=True)
    page.locator(".table-links summary").click()
    links = page.locator(".table-links a")
    return {
        int(re.sub(r"\D", "", links.nth(index).inner_text())): str(links.nth(index).get_attribute("href"))
        for index in range(links.count())
    }


def test_a_table_phone_enters_its_hand_and_the_caller_calls_move(phone: Phone, big_screen: Page) -> None:
    tables = set_up_drive(phone)
    big_screen.goto(phone.page.url + "/caller")
    expect(big_screen.locator(".caller-hand")).to_contain_text("Hand 1 of 4")
    expect(big_screen.locator(".caller-trump")).to_have_text("♥ Hearts")
    expect(big_screen.locator(".caller-waiting")).to_have_text("Not in yet: 1, 2")
    check_accessibility(big_screen, "the caller's screen")
    big_screen.evaluate("window.sameLoad = true")

    page = phone.page
    page.goto(tables[1])
    expect(page.locator("h1")).to_contain_text("Table 1 Hand 1 · ♥ Hearts")
    expect(page.locator(".table-seats")).to_contain_text("Ann")
    page.screenshot(path=f"{SHOTS}/drive-table-first.png")
    check_accessibility(page, "table 1's phone")
    phone.tap(page.get_by_role("button", name="Enter hand 1"))
    expect(page.get_by_role("alert")).to_have_text("Tap the pair whose tricks you are entering")
    phone.tap(page.locator(".pair-choice").filter(has_text="Ann & Bob"))
    phone.tap(page.get_by_role("button", name="Enter hand 1"))
    expect(page.get_by_role("alert")).to_have_text("Tap the number of tricks the pair took")
    phone.tap(page.locator(".trick-chips .chip").filter(has_text=re.compile(r"^8$")))
    expect(page.locator("[data-result-summary]")).to_have_text("Ann & Bob 8 — Cat & Dan 5")
    page.screenshot(path=f"{SHOTS}/drive-table-phone.png")
    phone.tap(page.get_by_role("button", name="Enter hand 1"))
    expect(page.locator(".entered-tricks")).to_contain_text("Ann & Bob 8 — Cat & Dan 5 not confirmed yet")
    expect(page.locator(".flash")).to_contain_text("Table 1, hand 1: Ann & Bob 8 — Cat & Dan 5 — saved")
    page.screenshot(path=f"{SHOTS}/drive-table-entered.png")
    phone.tap(page.get_by_role("button", name="Cat: confirm"))
    expect(page.locator(".entered-tricks")).to_contain_text("confirmed by Cat")
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=f"{SHOTS}/drive-table-entered-dark.png")
    page.emulate_media(color_scheme="light")

    expect(big_screen.locator(".caller-waiting")).to_have_text("Not in yet: 2")
    page.goto(tables[2])
    phone.tap(page.locator(".pair-choice").filter(has_text="Eve & Fay"))
    phone.tap(page.locator(".trick-chips .chip").filter(has_text=re.compile(r"^6$")))
    phone.tap(page.get_by_role("button", name="Enter hand 1"))
    expect(page.locator(".flash")).to_contain_text("Table 2, hand 1: Eve & Fay 6 — Gus & Hal 7 — saved")
    # The last table confirmed completes the hand: its phone goes straight on to hand 2's seating there.
    phone.tap(page.get_by_role("button", name="Gus: confirm"))
    expect(page.locator(".move-now")).to_contain_text("Hand 1 is in at every table: move now.")
    check_accessibility(page, "table 2's phone at 'move now'")
    page.screenshot(path=f"{SHOTS}/drive-table-move-now.png")

    expect(big_screen.locator(".caller-call")).to_have_text("Move now")
    expect(big_screen.locator(".caller-hand")).to_contain_text("Hand 2 of 4")
    expect(big_screen.locator(".caller-places li")).to_have_count(len(NAMES))
    expect(big_screen.locator(".caller-places")).to_contain_text("sits out")
    assert big_screen.evaluate("window.sameLoad") is True  # followed in place, not reloaded
    check_accessibility(big_screen, "the caller's screen at 'move now'")
    big_screen.screenshot(path=f"{SHOTS}/drive-caller-move.png")
    big_screen.emulate_media(color_scheme="dark")
    big_screen.screenshot(path=f"{SHOTS}/drive-caller-move-dark.png")

    # The table's phone now shows hand 2's seating there.
    page.goto(tables[1])
    expect(page.locator(".table-hand")).to_contain_text("Hand 2")
    expect(page.get_by_role("button", name="Enter hand 2")).to_be_visible()


def test_a_player_finds_where_to_go_and_the_leaderboard(phone: Phone) -> None:
    tables = set_up_drive(phone)
    page = phone.page
    drive_url = page.url
    for table, tricks in ((1, "9"), (2, "4")):
        page.goto(tables[table])
        phone.tap(page.locator(".pair-choice").first)
        phone.tap(page.locator(".trick-chips .chip").filter(has_text=re.compile(f"^{tricks}$")))
        phone.tap(page.get_by_role("button", name="Enter hand 1"))
        expect(page.locator(".flash")).to_contain_text(f"Table {table}, hand 1:")
        phone.tap(page.locator(".confirm-button").first)  # one of the other pair confirms
        expect(page.locator(".flash")).to_contain_text("confirmed: ")
    page.goto(drive_url + "/players")
    check_accessibility(page, "the players' list")
    page.get_by_role("link", name="Ivy").click()
    expect(page.locator(".you-where")).to_contain_text("You go to table")
    expect(page.locator(".you-where")).to_contain_text("your partner is")
    check_accessibility(page, "a player's phone")
    page.screenshot(path=f"{SHOTS}/drive-player.png", full_page=True)
    page.goto(drive_url + "/leaderboard")
    expect(page.locator(".board tbody tr")).to_have_count(len(NAMES))
    check_accessibility(page, "the leaderboard")
    page.screenshot(path=f"{SHOTS}/drive-leaderboard.png", full_page=True)


HIDDEN = re.compile(r'<input type="hidden" name="(hand|seats|was|csrf_token)" value="([^"]*)"')


@pytest.mark.browser
def test_the_caller_s_screen_holds_a_hall_of_160_at_the_interval(
    big_screen: Page, browser: Browser, live_server: str
) -> None:
    """40 tables play the first half; at the interval the prize and every player's next table and
    seat fit the projector's 1920×1080 without scrolling."""
    page = big_screen
    page.goto("/drives/new")
    page.get_by_label("Name of the drive").fill("County championship")
    page.get_by_label("Their names, one a line").fill("\n".join(HALL_NAMES))
    page.get_by_label("Number of hands").fill("24")
    page.get_by_label("Interval after hand").fill("12")
    page.get_by_role("button", name="Set up the drive").click()
    expect(page.locator(".lead")).to_contain_text("160 players at 40 tables")
    drive_url = page.url
    tables = page.locator(".table-links a").evaluate_all("(links) => links.map((link) => link.href)")
    assert len(tables) == 40
    # The tables' phones (not the projector) enter the first half: the form a table's page sends.
    phones = browser.new_context(base_url=live_server)
    for hand in range(1, 13):
        for table, link in enumerate(tables):
            form = dict(HIDDEN.findall(phones.request.get(link).text()))
            answer = phones.request.post(
                link, form={**form, "pair": "NS", "tricks": str((hand + table) % 14)}, max_redirects=0
            )
            assert answer.status == 303, (hand, table, answer.text()[:300])
            shown = phones.request.get(link).text()  # one of East–West confirms on the same phone
            confirmer = re.search(r'<input type="hidden" name="player" value="(\d+)">', shown)
            assert confirmer, (hand, table)
            form = dict(HIDDEN.findall(shown))
            answer = phones.request.post(
                f"{link}/confirm", form={**form, "player": confirmer.group(1)}, max_redirects=0
            )
            assert answer.status == 303, (hand, table, answer.text()[:300])
    phones.close()
    page.goto(drive_url + "/caller")
    expect(page.locator(".caller-call")).to_have_text("Interval")
    expect(page.locator(".caller-prizes .prize")).not_to_have_count(0)
    expect(page.locator(".caller-places li")).to_have_count(160)
    page.screenshot(path=f"{SHOTS}/caller-interval-160.png")
    assert page.evaluate("() => document.documentElement.scrollHeight") <= 1080


def test_the_organiser_link_runs_the_drive_from_another_phone_without_the_key_in_any_address(
    phone: Phone, big_screen: Page
) -> None:
    """The organiser link carries its key after "#": the other phone's browser never sends it (no
    request line or access log holds it); the page posts it and the phone runs the drive."""
    set_up_drive(phone)
    link = str(phone.page.locator(".secret-link a").get_attribute("href"))
    assert "#key=" in link and "?key=" not in link
    sent: list[str] = []
    big_screen.on("request", lambda request: sent.append(request.url))
    big_screen.goto(link)
    expect(big_screen.get_by_role("heading", name="Run it from another phone")).to_be_visible()
    key = link.split("#key=", 1)[1]
    assert sent and not any(key in url for url in sent)
    assert "#" not in big_screen.url

"""A club secretary's first month, on a phone (390×844): the club set up from the home page with its two
tables and a season, the drive the phone runs added, the ladder from the first evening, a league, a
visitor marked as a guest, a friendly game, a merge made by mistake and undone, a club night's page
shared, the club renamed and a table taken out after a page that asks; a finished game leads to the
ladder in one tap, and its options become the club's house rules. Every new page is checked with
axe (light and dark, 44 px targets) and read in a 40 % longer language without anything cut off;
benchmarks/club_taps.py prints the same journey's taps.

The tables come from table files and the drive is set up and played through its forms by requests of
the same phone (not counted): the journey's taps are the secretary's own."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ..web.drive_pages import SETUP_FIELDS
from .conftest import Phone, check_accessibility
from .test_longer_words import CUT_OFF

CLUB_URL = re.compile(r"/clubs/[0-9a-f]{32}(#\w+)?$")
TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
HIDDEN = re.compile(r'<input type="hidden" name="(hand|seats|was)" value="([^"]*)"')
SHORT = {"shape": "fixed", "start_cards": 2, "deals": 3, "hook": False, "trump": "none"}
LONGER = "de"  # the live server's German catalogue is the pseudo-locale's: every message 40 % longer


def token(page: Page, path: str) -> str:
    found = TOKEN.search(page.request.get(path).text())
    assert found, path
    return found.group(1)


def table_file(name: str, roster: list[str], games: list[tuple[list[int], int]]) -> bytes:
    """A table's file: each game its seats (indices into ``roster``) and who takes every trick."""
    now = datetime.now(UTC)
    started = now.replace(hour=12, minute=0, second=0, microsecond=0)  # today's games, on one evening
    documents = []
    for number, (seats, taker) in enumerate(games):
        deals = [
            {"bids": [0] * len(seats), "tricks": [2 if seat == taker else 0 for seat in range(len(seats))]}
        ] * 3
        moment = started + timedelta(minutes=20 * number)
        documents.append(
            {"format": "scorekeeper/game", "format_version": 1, "variant": "custom-oh-hell", "options": SHORT,
             "players": [roster[seat] for seat in seats], "first_dealer": 0, "deals": deals, "seats": seats,
             "created_at": moment.isoformat(), "updated_at": (moment + timedelta(minutes=15)).isoformat()}
        )  # fmt: skip
    document = {"format": "scorekeeper/table", "format_version": 1, "name": name,
                "players": [{"name": player} for player in roster], "games": documents}  # fmt: skip
    return json.dumps(document).encode()


def a_table(page: Page, name: str, roster: list[str], games: list[tuple[list[int], int]]) -> None:
    """The table imported from its file: this phone keeps it."""
    answer = page.request.post(
        "/tables/import",
        multipart={
            "csrf_token": token(page, "/tables/import"),
            "file": {
                "name": "table.json",
                "mimeType": "application/json",
                "buffer": table_file(name, roster, games),
            },
        },
    )
    assert answer.ok, answer.status


def a_drive(page: Page, names: list[str]) -> None:
    """A drive of one table and two hands set up on this phone (it runs it), every hand typed in."""
    fields = {**SETUP_FIELDS, "players": "\n".join(names), "hands": "2", "interval_after": ""}
    answer = page.request.post("/drives/new", form={**fields, "csrf_token": token(page, "/drives/new")})
    assert answer.ok, answer.status
    drive = answer.url.rstrip("/").rsplit("/", 1)[-1]
    for hand in (1, 2):
        path = f"/drives/{drive}/hands/{hand}/tables/1"
        form = page.request.get(path).text()
        hidden = dict(HIDDEN.findall(form))
        found = TOKEN.search(form)
        assert found
        sent = page.request.post(
            path, form={**hidden, "pair": "NS", "tricks": "8", "csrf_token": found.group(1)}
        )
        assert sent.ok, sent.status


def fits(page: Page, where: str) -> None:
    """Nothing scrolls sideways or is cut off."""
    problems: list[Any] = page.evaluate(CUT_OFF)
    assert problems == [], (where, problems)


@pytest.mark.browser
def test_a_secretary_s_first_month(phone: Phone, live_server: str) -> None:
    page = phone.page
    page.goto("/")
    a_table(page, "Thursday", ["Ann", "Bob", "Cy", "Dee"], [([0, 1, 2], 1), ([1, 2, 3], 0)])
    a_table(page, "Friday", ["Ann", "Eve", "Fay", "Gus"], [([0, 1, 2, 3], 2)])
    a_drive(page, ["Gus", "Hal", "Ivy", "Jon"])

    # The club, its two tables and a season: from the home page, counted.
    page.goto("/")
    phone.taps = 0
    phone.tap("a[href$='/clubs/new']")
    phone.tap("#name")
    page.keyboard.type("Thursday Whist Club")
    phone.tap("button.primary")
    expect(page).to_have_url(CLUB_URL)
    for name in ("Friday", "Thursday"):  # the table this phone took last is offered first
        expect(page.locator("#add-table option").first).to_have_text(name)
        phone.tap("text=Add the table", in_reach=False)  # the club's page is a long one
        expect(page.locator(".flash")).to_have_text(f"{name} is the club's now: its players are members.")
    phone.tap("#season-name", in_reach=False)
    page.keyboard.type("Winter")
    phone.tap("text=Add the season", in_reach=False)
    expect(page.locator(".flash")).to_have_text("The season Winter is set.")
    assert phone.taps <= 12, phone.taps
    phone.tap("text=Add the drive", in_reach=False)
    expect(page.locator(".flash")).to_have_text("Church hall is the club's now: its players are members.")
    check_accessibility(page, "the club's page")
    club = page.url.split("#")[0]

    # The ladder from the first evening: everyone, the newcomers marked, nothing cut off.
    page.click("nav .tabs >> text=Ladder")
    rows = page.locator(".ladder tbody tr")
    expect(rows).to_have_count(10)
    expect(page.locator(".ladder tbody")).to_contain_text("provisional")
    assert (
        "−" not in page.locator(".ladder").inner_text()
        and "-" not in page.locator(".ladder td.num").all_inner_texts()
    )
    fits(page, "the ladder")
    check_accessibility(page, "the ladder")
    phone.shoot_both("ladder")

    # A league for the season, beside the rating.
    page.click("nav .tabs >> text=League")
    page.check("input[name=league][value=placings]")
    page.click("text=Set the league")
    expect(page.locator(".flash")).to_have_text("Winter's league is set.")
    expect(page.locator(".league tbody tr")).to_have_count(10)
    fits(page, "the league")
    check_accessibility(page, "the league")
    phone.shoot_both("league")

    # A visitor: Gus played once at Friday's table and in the drive.
    page.click("nav .tabs >> text=Members")
    page.click(".club-members a:text('Gus')")
    page.click("text=Gus is a guest")
    expect(page.locator(".flash")).to_have_text("Gus is a guest: on no ladder, league or record.")
    page.goto(f"{club}/ladder")
    expect(rows).to_have_count(9)

    # A friendly game, on the evening's page; then the evening shared.
    page.click("nav .tabs >> text=Nights")
    check_accessibility(page, "the club's nights")
    page.click(".club-nights a")
    expect(page.locator(".night-game")).to_have_count(3)
    check_accessibility(page, "a club night")
    phone.shoot_both("night")
    page.locator(".night-game").first.locator("text=A friendly: off the ladder").click()
    expect(page.locator(".flash")).to_have_text("Friendly: it counts on no ladder, league or record.")
    expect(page.locator(".night-game .tag")).to_have_count(1)
    page.click("summary:text('Share this page')")
    expect(page.locator(".club-share .qr-box svg")).to_be_visible()
    evening = page.url.split("#")[0]
    picture = page.request.get(f"{evening}.png")
    assert picture.ok and picture.headers["content-type"] == "image/png"
    (phone.shots / "night-picture.png").write_bytes(picture.body())
    copy = page.locator("button[data-copy]")
    if copy.is_visible():
        copy.click()
        expect(page.locator("[data-copied]")).not_to_have_text("")

    # A merge made by mistake (Cy and Eve never sat together), and undone; Bob and Cy sat together.
    page.goto(f"{club}/members")
    page.click(".club-members a:text('Cy')")
    page.select_option("#other", label="Bob")
    page.click("text=Merge: one member")
    expect(page.locator("#merge-error")).to_contain_text("Cy and Bob sat at the same 2 games, among them")
    check_accessibility(page, "a member's page with a refused merge")
    page.select_option("#other", label="Eve")
    page.click("text=Merge: one member")
    expect(page.locator(".flash")).to_have_text("Eve and Cy are one member now: Cy.")
    page.click("summary:text('One of these is someone else')")
    page.select_option("#played", label="Eve, table Friday")
    page.fill("#new-name", "Eve")
    page.click("text=Move this name")
    expect(page.locator(".flash")).to_have_text("Eve of Friday is Eve now.")
    expect(page.locator(".played-as li")).to_have_count(1)
    page.goto(f"{club}/members")
    expect(page.locator(".club-members .hint")).to_have_count(0)  # no stray name left on anyone
    check_accessibility(page, "the members")

    # From a finished game of the club to its ladder: one tap.
    page.goto("/games")
    page.locator(".game-link.done, .game-link").first.click()
    page.goto(page.url.split("/deals/")[0])
    taps = phone.taps
    phone.tap(".club-here a:text('Ladder')")
    expect(page.locator("h2.ladder-heading")).to_have_text("Overall · Winter")
    assert phone.taps == taps + 1

    # That game's options saved as the club's house rules, offered first at its tables.
    results = page.locator("p.actions a.button").get_attribute("href")  # the season's results page
    page.go_back()
    game = page.url.split("#")[0]
    page.goto(f"{game}/rules")
    page.click("text=Save this game's options as house rules…")
    page.fill("#rules-name", "Thursday short")
    check_accessibility(page, "saving house rules")
    page.click("text=Save the house rules")
    expect(page.locator(".flash")).to_have_text("Thursday short: saved as house rules, with a link to share.")
    expect(page.locator(".house-options")).to_contain_text("Number of deals (fixed shape)")
    check_accessibility(page, "house rules")
    phone.shoot("house-rules")
    house_rules = page.url
    page.goto(f"{game}/rules")
    expect(page.locator(".house-rules-used")).to_contain_text(
        "This game plays the house rules Thursday short"
    )

    # The club, its ladder, league, members (their Drives column), a member's page, records and
    # nights, the season's results, the night and the house rules in a language 40 % longer: nothing
    # cut off.
    assert results
    page.context.add_cookies([{"name": "language", "value": LONGER, "url": live_server}])
    page.goto(f"{club}/ladder")
    member = page.locator("table.ladder tbody a").first.get_attribute("href")
    assert member
    club_pages = (club, f"{club}/ladder", f"{club}/league", f"{club}/members", member, f"{club}/records")
    for path in (*club_pages, f"{club}/nights", results, evening, house_rules):
        page.goto(path)
        fits(page, path)
    phone.shoot("results-longer-words")
    page.context.add_cookies([{"name": "language", "value": "en", "url": live_server}])

    # The club renamed; a table taken out after a page that asks.
    page.goto(club)
    page.click("summary:text('Rename the club')")
    page.fill("#club-name", "Thursday & Friday Club")
    page.click("#club-name ~ button")
    expect(page.locator("h1")).to_have_text("Thursday & Friday Club")
    page.click("summary:text('Take a table out of the club')")
    page.click("text=Take Friday out…")
    expect(page.locator("h1")).to_have_text("Take Friday out of the club?")
    check_accessibility(page, "the page that asks before a table leaves")
    page.click("button.danger")
    expect(page.locator(".flash")).to_have_text(
        "Friday is no longer the club's: its games are kept at the table."
    )
    expect(page.locator("#tables + ul.games li")).to_have_count(1)

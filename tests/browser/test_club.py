"""A club at phone size: start it, give it a table with a game, set a season and its time zone, read
the ladder, a member's rating chart and the season's public results page (axe in light and dark,
44 px targets); what its organiser changes is in test_club_month.py, the secretary's first month.
Every page is also shot whole, light and dark, in the test's tmp dir."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from .conftest import Phone, check_accessibility
from .test_table import a_table, play_short_game, short_game_options

CLUB_URL = re.compile(r"/clubs/[0-9a-f]{32}$")


def a_table_with_a_game(phone: Phone) -> None:
    """Thursday whist, Ann, Bob and Cy, one short game of Custom Oh Hell (Ann 33, Bob 30, Cy 21)."""
    page = phone.page
    a_table(page, "Thursday whist", ("Ann", "Bob", "Cy"))
    page.select_option("#variant", "custom-oh-hell")
    page.click("button[name=seats][value=new]")
    for name in ("Ann", "Bob", "Cy"):
        page.click(f"[data-seat-name='{name}']")
    phone.choose_first_dealer(0)
    short_game_options(phone)
    page.click("button.primary")
    play_short_game(
        phone,
        [
            ({1: 1, 2: 0, 0: 1}, {1: 0, 2: 1, 0: 1}),
            ({2: 0, 0: 0, 1: 2}, {2: 0, 0: 0, 1: 2}),
            ({0: 2, 1: 0, 2: 0}, {0: 2, 1: 0, 2: 0}),
        ],
    )


def shoot_whole(phone: Phone, name: str) -> None:
    """The whole page, light and dark, beside the journey's screenshots."""
    for scheme in ("light", "dark"):
        phone.page.emulate_media(color_scheme=scheme)
        phone.page.screenshot(path=phone.shots / f"whole-{name}-{scheme}.png", full_page=True)
    phone.page.emulate_media(color_scheme="light")


def a_club_with_the_table(phone: Phone) -> None:
    """The Thursday Whist Club, kept by this phone, holding the table of ``a_table_with_a_game``."""
    page = phone.page
    page.goto("/clubs/new")
    page.fill("#name", "Thursday Whist Club")
    page.click("button.primary")
    expect(page).to_have_url(CLUB_URL)
    page.select_option("#add-table", label="Thursday whist")
    page.click("text=Add the table")
    expect(page.locator(".flash")).to_have_text("Thursday whist is the club's now: its players are members.")


@pytest.mark.browser
def test_a_club_its_ladder_a_members_chart_and_the_seasons_results(phone: Phone) -> None:
    page = phone.page
    a_table_with_a_game(phone)

    page.goto("/")
    page.click("text=Start a club")
    expect(page.locator("h1")).to_have_text("Start a club")
    check_accessibility(page, "the new club form")
    page.fill("#name", "Thursday Whist Club")
    page.click("button.primary")
    expect(page).to_have_url(CLUB_URL)
    expect(page.locator(".flash")).to_contain_text("Thursday Whist Club is kept on this phone.")

    page.select_option("#add-table", label="Thursday whist")
    page.click("text=Add the table")
    expect(page.locator(".flash")).to_have_text("Thursday whist is the club's now: its players are members.")
    today = date.today()
    page.fill("#season-name", "Autumn")
    page.fill("#starts-on", str(today - timedelta(days=20)))
    page.fill("#ends-on", str(today + timedelta(days=20)))
    page.click("text=Add the season")
    expect(page.locator(".flash")).to_have_text("The season Autumn is set.")
    expect(page.locator(".club-seasons li")).to_have_count(1)
    # The seasons count their days in the club's time zone (the phone's at the start): a choice.
    page.click("text=Change the time zone")
    page.select_option("#club-zone", "Atlantic/St_Helena")  # the longest name of a zone in English
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing sideways
    page.locator("#club-zone").scroll_into_view_if_needed()
    phone.shoot("club-time-zone")
    page.select_option("#club-zone", "Europe/London")
    page.click("#club-zone ~ button")
    expect(page.locator(".flash")).to_have_text("The club's time zone is now United Kingdom Time.")
    expect(page.locator(".club-zone")).to_have_text("Time zone: United Kingdom Time")
    check_accessibility(page, "the club's page")
    page.evaluate("window.scrollTo(0, 0)")
    phone.shoot_both("club")
    shoot_whole(phone, "club")

    page.click("nav .tabs >> text=Ladder")
    expect(page.locator("h2.ladder-heading")).to_have_text("Overall · Autumn")
    expect(page.locator(".ladder tbody tr")).to_have_count(3)  # everyone, from the first game
    expect(page.locator(".ladder tbody")).to_contain_text("provisional · 2 more games or drives")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    check_accessibility(page, "the ladder")
    phone.shoot_both("ladder")
    shoot_whole(phone, "ladder")

    page.click(".ladder a:text('Ann')")
    expect(page.locator("h1")).to_have_text("Ann")
    chart = page.locator("figure.chart svg[role=img]")
    expect(chart).to_be_visible()
    expect(chart.locator("title")).to_have_text("Rating")
    expect(page.locator(".club-history li")).to_have_count(1)
    check_accessibility(page, "a member's page")
    phone.shoot_both("member")
    shoot_whole(phone, "member")

    page.click(".crumbs a >> text=Thursday Whist Club")
    page.click(".club-seasons a.button")
    expect(page.locator("h1")).to_have_text("Thursday Whist Club")
    expect(page.locator('meta[property="og:image"]')).to_have_attribute(
        "content", re.compile(r"/results\.png$")
    )
    expect(page.locator("main")).to_contain_text("Highest Custom Oh Hell score")
    check_accessibility(page, "the season's results")
    phone.shoot_both("season-results")
    shoot_whole(phone, "season-results")
    picture = page.request.get(page.locator('meta[property="og:image"]').get_attribute("content") or "")
    assert picture.ok and picture.headers["content-type"] == "image/png"
    (phone.shots / "season-results-picture.png").write_bytes(picture.body())

    page.goto(page.url.split("/seasons/")[0] + "/records")
    expect(page.locator(".club-records li").first).to_be_visible()
    check_accessibility(page, "the records")
    phone.shoot_both("records")
    shoot_whole(phone, "records")
    page.click("nav .tabs >> text=Members")
    expect(page.locator(".roster li")).to_have_count(3)
    check_accessibility(page, "the members")
    shoot_whole(phone, "members")

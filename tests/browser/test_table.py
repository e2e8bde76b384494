"""A table at phone size: start it, play two short games with "play again", read its statistics and charts."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from playwright.sync_api import Page, expect

from .conftest import SHEET_URL, Phone

TABLE_URL = re.compile(r"/tables/[0-9a-f]{32}$")


def a_table(page: Page, name: str, players: Sequence[str]) -> str:
    """A new table called ``name`` with ``players`` on its roster, made through its pages; its address."""
    page.goto("/tables/new")
    page.fill("#name", name)
    page.click("button.primary")
    expect(page).to_have_url(TABLE_URL)
    address = page.url
    for player in players:
        page.fill("#new-player", player)
        page.click("form.inline-form button")
        expect(page.locator(".flash")).to_have_text(f"{player} joined the table.")
    return address


def short_game_options(phone: Phone) -> None:
    """Custom Oh Hell, three deals of two cards, no trump, no hook."""
    page = phone.page
    phone.open_options()
    page.select_option("#option_shape", "fixed")
    page.select_option("#option_start_cards", "2")
    page.select_option("#option_deals", "3")
    page.select_option("#option_trump", "none")
    page.uncheck("#option_hook")


def play_short_game(phone: Phone, deals: list[tuple[dict[int, int], dict[int, int]]]) -> None:
    """From deal 1's screen, where a game starts, enter each deal's bids and tricks on the one screen;
    the last deal's Save goes back to the finished game's sheet."""
    phone.expect_first_deal()
    for number, (bids, tricks) in enumerate(deals, start=1):
        if number < len(deals):
            phone.play_deal(bids, tricks, number=number)
            continue
        phone.tap_bids(bids)
        phone.save_bids()
        for seat, value in tricks.items():
            if not phone.tricks_input(seat, value).is_checked():
                phone.tap(phone.tricks_chip(seat, value))
        phone.tap("button[data-primary]", in_reach=True)  # the game is over: the page goes to the sheet
        expect(phone.page).to_have_url(SHEET_URL)


@pytest.mark.browser
def test_a_table_two_games_with_play_again_then_its_statistics_and_charts(phone: Phone) -> None:
    page = phone.page
    page.goto("/")
    page.click("text=Start a table")
    page.fill("#name", "Thursday whist")
    page.click("button.primary")
    expect(page).to_have_url(TABLE_URL)
    table_url = page.url
    expect(page.locator("h1")).to_have_text("Thursday whist")
    for name in ("Ann", "Bob", "Cy"):
        page.fill("#new-player", name)
        page.click("form.inline-form button")
        expect(page.locator(".flash")).to_have_text(f"{name} joined the table.")
    phone.shoot("table-with-players")

    page.select_option("#variant", "custom-oh-hell")
    page.click("button[name=seats][value=new]")
    expect(page.locator("h1")).to_have_text("New game of Custom Oh Hell")
    expect(page.locator("#table-choice")).to_have_value(table_url.rsplit("/", 1)[1])
    # The roster's players are a tap away: each tap fills the next empty seat.
    for name in ("Ann", "Bob", "Cy"):
        page.click(f"[data-seat-name='{name}']")
    assert phone.seat_names(3) == ["Ann", "Bob", "Cy"]
    expect(page.locator("#players-0")).to_have_attribute("list", re.compile(r"^roster-"))
    phone.choose_first_dealer(0)
    short_game_options(phone)
    phone.shoot("new-game-at-the-table")
    page.click("button.primary")

    # Ann deals; Ann 11 + 10 + 12 = 33, Bob 0 + 12 + 10 = 22, Cy 1 + 10 + 10 = 21.
    play_short_game(
        phone,
        [
            ({1: 1, 2: 0, 0: 1}, {1: 0, 2: 1, 0: 1}),
            ({2: 0, 0: 0, 1: 2}, {2: 0, 0: 0, 1: 2}),
            ({0: 2, 1: 0, 2: 0}, {0: 2, 1: 0, 2: 0}),
        ],
    )
    podium = page.locator(".podium li")
    expect(podium).to_have_count(3)
    expect(podium.nth(0)).to_contain_text("Ann")
    expect(podium.nth(0)).to_contain_text("33")
    expect(page.locator(".finish-facts")).to_contain_text("Biggest swing: Bob +12 in deal 2")
    expect(page.locator(".finish-facts")).to_contain_text("Ann: 3 of 3")
    # The chances of winning over the game, and the running totals.
    expect(page.locator("figure.chart svg[role=img]")).to_have_count(2)
    expect(page.locator("figure.chart svg[aria-labelledby^='totals']")).to_be_visible()
    expect(page.locator("figure.chart svg[aria-labelledby^='chances']")).to_be_visible()
    phone.shoot("finish-screen")

    # Play again: one tap on the finish screen, the next game's deal 1 shown in place (no page load).
    loads = phone.loads
    phone.tap(page.locator("button[data-again]", has_text="Play again, same players: Bob deals first"))
    phone.expect_first_deal()
    assert phone.loads == loads
    expect(page.locator(".flash")).to_have_text("A new game: Bob deals first.")
    # Bob deals; every bid made. Ann 10 + 12 + 10 = 32, Bob 11 + 10 + 12 = 33, Cy 11 + 10 + 10 = 31.
    play_short_game(
        phone,
        [
            ({2: 1, 0: 0, 1: 1}, {2: 1, 0: 0, 1: 1}),
            ({0: 2, 1: 0, 2: 0}, {0: 2, 1: 0, 2: 0}),
            ({1: 2, 2: 0, 0: 0}, {1: 2, 2: 0, 0: 0}),
        ],
    )
    expect(page.locator(".podium li").nth(0)).to_contain_text("Bob")

    page.click("text=Thursday whist: statistics")
    expect(page.locator("main")).to_contain_text("From 2 finished games.")
    bars = page.locator("figure.chart svg[role=img]")
    expect(bars).to_be_visible()
    expect(bars.locator("desc")).to_have_text(
        "Share of games won. Ann: 50% · 1 of 2; Bob: 50% · 1 of 2; Cy: 0% · 0 of 2."
    )
    phone.shoot("statistics")
    expect(page.locator("form[data-auto] [data-auto-hide]").first).to_be_hidden()  # no "Show" to tap
    page.select_option("select[name=variant]", "custom-oh-hell")  # the statistics follow, in place
    expect(page).to_have_url(re.compile(r"variant=custom-oh-hell"))
    expect(page.locator("#scores-heading")).to_be_visible()
    phone.shoot("statistics-one-game")

    page.click("table.figures a:text('Ann')")
    expect(page.locator("h1")).to_have_text("Ann")
    charts = page.locator("figure.chart")
    expect(charts).to_have_count(2)
    expect(charts.nth(0).locator("desc")).to_have_text("Share of games won so far: 50% after 2 games.")
    page.click("text=The numbers behind the chart >> nth=1")
    expect(charts.nth(1).locator("table")).to_contain_text("33")
    phone.shoot("player")

    page.click(".crumbs a >> text=Thursday whist")
    expect(page).to_have_url(table_url)
    expect(page.locator(".game-history li")).to_have_count(2)
    page.click("nav .tabs >> text=Games")
    expect(page.locator("main")).to_contain_text("2 games")
    phone.shoot("history")

"""How many taps, keys, scrolls and page loads it takes to start a game, up to deal 1's screen.

    .venv/bin/python benchmarks/taps_start.py [--quick]

(after the README's set-up, ``./bin/test``, which installs the test extras (Playwright) and Debian's
Chromium; ``--quick`` is the smoke run ``bin/test`` makes: the first and the last way of starting,
the same code path.)

Counted the way benchmarks/taps.py counts (its Scorer), on Debian's Chromium as a phone held upright
(390×844 CSS pixels, touch): a tap is one tap on the screen (a tap into a name field too, to bring
up the keyboard, even where the page put the cursor there already); a key is one key of the phone's
keyboard (each letter of a name, and Enter to go on to the next seat); a scroll is any change of
scroll position the app did not make itself (before each tap the button must be on the screen,
uncovered, or the benchmark counts a scroll and brings it into view); a page load is a full load of
a document (a form answered with a redirect loads one page: the one it ends on). Each start prints
one line, then what was tapped:

    start from a table, 4 players: 1 taps, 0 keys, 0 scrolls, 1 page loads
      the table's page, its last game played by Ann, Bob, Cy and Dee: Same players and seats as ...

The starts: from the new-game form just opened (the names typed, Start the game); from a table's
page whose last game the same four played (one tap); from a table's page with its roster's chips
(Choose the players, Seat everyone, Start the game); and a new table with a new 4-player game, from
the home page. The game is Oh Hell, the first the home page and the table's page offer. Targets
(issue 27): from a table ≤ 3 taps; a new table and game ≤ 8 taps plus the names' keys; the first
dealer is left to the draw, as the form offers. Starting may load deal 1's page once.

"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass

from playwright.sync_api import Browser, Page, sync_playwright
from taps import (  # beside this script
    CHROMIUM,
    NAMES,
    REACHABLE,
    SETTLE_MS,
    STRANGE_SCROLLS,
    VIEWPORT,
    WATCH_SCROLLS,
    Scorer,
    live_server,
)

GAME = "oh-hell"
PLAYERS = NAMES[:4]
TABLE_NAME = "Friday"
FIRST_DEAL = re.compile(r"/games/[0-9a-f]{32}/deals/1$")
TABLE_PAGE = re.compile(r"/tables/[0-9a-f]{32}$")
NEW_GAME_FORM = re.compile(r"/games/new/[a-z-]+(\?.*)?$")


class Starter(Scorer):
    """The scorer's thumb and keyboard, from page to page: taps, keys, scrolls, page loads."""

    def __init__(self, page: Page) -> None:
        super().__init__(page)
        self.keys = 0

    def _in_reach(self, selector: str) -> None:
        """The button, brought into view (and a scroll counted) where a thumb cannot reach it."""
        node = self.page.locator(selector)
        node.wait_for(state="visible")
        if not node.evaluate(REACHABLE):
            self.count.scrolls += 1
            node.evaluate(
                "(node) => { window.__benchScrolls.push(performance.now());"
                " node.scrollIntoView({ block: 'center', inline: 'center' }); }"
            )
            self.page.wait_for_timeout(SETTLE_MS)

    def tap_to(self, selector: str, lands: re.Pattern[str]) -> None:
        """A tap that opens another page (its address matching ``lands``); the scrolls nobody asked for
        on the page left behind are counted first, as they go with it."""
        self.count.scrolls += self.page.evaluate(STRANGE_SCROLLS)
        self._in_reach(selector)
        # The navigation the tap starts, awaited itself: a page that opens the same address again (a
        # club's form posting back to the club's page) already matches ``lands`` before it leaves.
        with self.page.expect_navigation(url=lands, wait_until="load"):
            self.page.locator(selector).tap()
        self.count.taps += 1

    def type_names(self, field: str, names: list[str]) -> None:
        """A tap on the first name's field, then each name typed, Enter between them."""
        self.tap(field)
        for place, name in enumerate(names):
            self.page.keyboard.type(name)
            self.keys += len(name)
            if place < len(names) - 1:
                self.page.keyboard.press("Enter")
                self.keys += 1

    def cost(self) -> str:
        count = self.count
        return f"{count.taps} taps, {self.keys} keys, {count.scrolls} scrolls, {count.loads} page loads"


@dataclass(frozen=True)
class Start:
    """One way to start: what it is called, and how it goes from its first page to deal 1."""

    label: str
    setup: Callable[[Page], None]
    start: Callable[[Starter], str]


def typed(names: list[str]) -> str:
    return " ⏎ ".join(names)


def open_form(page: Page) -> None:
    page.goto(f"/games/new/{GAME}")


def from_the_form(starter: Starter) -> str:
    starter.type_names("#players-0", PLAYERS)
    starter.tap_to("button.primary", FIRST_DEAL)
    return (
        f"the new-game form: tapped seat 1, typed {typed(PLAYERS)}; who deals first left to the draw; "
        "Start the game → deal 1's screen"
    )


def a_table_played_at(page: Page) -> None:
    """A table this phone keeps, whose last game the four played (set up through its pages, not counted)."""
    page.goto("/tables/new")
    page.fill("#name", TABLE_NAME)
    page.click("button.primary")
    page.wait_for_url(TABLE_PAGE)
    table = page.url
    page.click("button[name=seats][value=new]")
    page.wait_for_url(NEW_GAME_FORM)
    for slot, name in enumerate(PLAYERS):
        page.fill(f"#players-{slot}", name)
    page.click("label:has(input[name=first_dealer][value='0'])")
    page.click("button.primary")
    page.wait_for_url(FIRST_DEAL)
    page.goto(table)


def from_a_table(starter: Starter) -> str:
    starter.tap_to("button[name=seats][value=last]", FIRST_DEAL)
    dealer = starter.page.locator(".flash").first.text_content() or ""
    return (
        f"the table's page, its last game played by {', '.join(PLAYERS)}, the game offered the same: "
        f'Same players and seats as last time → deal 1\'s screen ("{dealer.strip()}")'
    )


def from_the_roster(starter: Starter) -> str:
    starter.tap_to("button[name=seats][value=new]", NEW_GAME_FORM)
    starter.tap("[data-seat-all]")
    starter.tap_to("button.primary", FIRST_DEAL)
    return (
        f"the table's page, its roster {', '.join(PLAYERS)}: Choose the players · Seat everyone · "
        "Start the game → deal 1's screen"
    )


def the_home_page(page: Page) -> None:
    page.goto("/")


def new_table_and_game(starter: Starter) -> str:
    starter.tap_to(".tables-home a[href$='/tables/new']", re.compile(r"/tables/new$"))
    starter.type_names("#name", [TABLE_NAME])
    starter.tap_to("button.primary", TABLE_PAGE)
    starter.tap_to("button[name=seats][value=new]", NEW_GAME_FORM)
    starter.type_names("#players-0", PLAYERS)
    starter.tap_to("button.primary", FIRST_DEAL)
    return (
        f"the home page: Start a table · tapped its name, typed {TABLE_NAME} · Start the table · "
        f"Choose the players (Oh Hell, offered first) · tapped seat 1, typed {typed(PLAYERS)} · "
        "Start the game → deal 1's screen"
    )


STARTS = [
    Start("start from the new-game form, 4 players", open_form, from_the_form),
    Start("start from a table, 4 players", a_table_played_at, from_a_table),
    Start("start from a table's roster, 4 players", a_table_played_at, from_the_roster),
    Start("new table and 4-player game", the_home_page, new_table_and_game),
]


def start_lines(browser: Browser, base: str, starts: list[Start] | None = None) -> None:
    """One line a way to start a game (``starts``, or every one), each on a fresh phone, then what was
    tapped and typed."""
    print("Taps, keys, scrolls and full page loads to start a game, up to deal 1's screen, on")
    print("Chromium at 390x844 (a phone held upright). Targets: from a table at most 3 taps; a new")
    print("table and a 4-player game at most 8 taps plus the names' keys; no scroll.")
    for start in STARTS if starts is None else starts:
        context = browser.new_context(
            viewport=VIEWPORT, device_scale_factor=3, is_mobile=True, has_touch=True, base_url=base
        )
        context.add_init_script(WATCH_SCROLLS)
        page = context.new_page()
        start.setup(page)
        page.wait_for_load_state("load")
        starter = Starter(page)
        story = start.start(starter)
        starter.finish()
        print(f"{start.label}: {starter.cost()}")
        print(f"  {story}")
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: two starts")
    quick = parser.parse_args().quick
    with live_server() as base, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        start_lines(browser, base, [STARTS[0], STARTS[-1]] if quick else None)
        browser.close()


if __name__ == "__main__":
    main()

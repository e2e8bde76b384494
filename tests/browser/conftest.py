"""The real app on a live server, Debian's Chromium in a phone viewport, and a phone that
taps through the pages as a player at the table would.

One server and one browser serve the whole session; each test gets a fresh browser
context (its own cookies, so its own device) with a page the size of a Pixel 7.
A failed test leaves a full-page screenshot in its pytest tmp dir, next to the
screenshots of the journey's steps; nothing is written into the repository.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, Playwright, Response, expect, sync_playwright
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.extensions import db

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE_MODEL = "Pixel 7"
TIMEOUT_MS = 10_000

SHEET_URL = re.compile(r"/games/[0-9a-f]{32}(#deal-\d+)?$")
DEAL_URL = re.compile(r"/games/[0-9a-f]{32}/deals/\d+(\?.*)?$")

CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember whether the test body failed, so the phone fixture knows to take a screenshot."""
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app with a fresh SQLite database, served on a free local port; yields its address."""
    folder = tmp_path_factory.mktemp("live_server")
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'browser.sqlite'}", "SECRET_KEY": "browser-tests"},
        instance_path=str(folder / "instance"),
    )
    request_log = logging.getLogger("werkzeug")
    old_level = request_log.level
    request_log.setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        with app.app_context():
            db.engine.dispose()
        request_log.setLevel(old_level)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver for the whole session."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, launched once. Missing, it fails the tests: CI installs it."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package to run the browser tests")
    expect.set_options(timeout=TIMEOUT_MS)
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


class Phone:
    """The one phone lying on the card table: starts games, taps bids and tricks, reads the sheet."""

    def __init__(self, page: Page, shots: Path) -> None:
        self.page = page
        self.shots = shots
        self.shot_count = 0

    # --- the new-game form ------------------------------------------------------------

    def open_new_game(self, code: str) -> None:
        """The new-game form of a variant."""
        self.page.goto(f"/games/new/{code}")
        expect(self.page.locator("h1")).to_contain_text("New game of")

    def type_names(self, names: Sequence[str]) -> None:
        """Type the players' names into the seats, clockwise from seat 1."""
        for slot, name in enumerate(names):
            self.page.fill(f"#players-{slot}", name)

    def seat_names(self, count: int) -> list[str]:
        """What the first ``count`` name fields hold now."""
        return [self.page.input_value(f"#players-{slot}") for slot in range(count)]

    def choose_first_dealer(self, choice: int | str) -> None:
        """Tap "Draw at random" ("draw") or the seat (its slot index) who deals first."""
        self.page.click(f"label:has(input[name=first_dealer][value='{choice}'])")

    def start_game(
        self,
        code: str,
        players: Sequence[str],
        *,
        first_dealer: int | str,
        options: Mapping[str, str] | None = None,
    ) -> str:
        """Fill in the new-game form and start the game; returns the sheet's address."""
        self.open_new_game(code)
        self.type_names(players)
        self.choose_first_dealer(first_dealer)
        for name, value in (options or {}).items():
            self.page.select_option(f"#option_{name}", value)
        self.page.click("button.primary")
        expect(self.page).to_have_url(SHEET_URL)
        return self.page.url

    # --- the deal screen --------------------------------------------------------------

    def open_next_deal(self, number: int) -> None:
        """From the sheet, tap the button that opens the deal due next."""
        self.page.click("section.current a.button.primary")
        expect(self.page).to_have_url(DEAL_URL)
        expect(self.page.locator("h1")).to_contain_text(f"Deal {number}")

    def bid_chip(self, seat: int, value: int) -> Locator:
        """The chip to tap for ``seat`` bidding ``value``."""
        return self.page.locator(f"label.chip:has(input[name='bid-{seat}'][value='{value}'])")

    def tricks_chip(self, seat: int, value: int) -> Locator:
        """The chip to tap for ``seat`` having taken ``value`` tricks."""
        return self.page.locator(f"label.chip:has(input[name='tricks-{seat}'][value='{value}'])")

    def bid_input(self, seat: int, value: int) -> Locator:
        """The radio input behind a bid chip (to read whether it is selected)."""
        return self.page.locator(f"input[name='bid-{seat}'][value='{value}']")

    def tricks_input(self, seat: int, value: int) -> Locator:
        """The radio input behind a tricks chip."""
        return self.page.locator(f"input[name='tricks-{seat}'][value='{value}']")

    def tap_trump(self, suit: str) -> None:
        """Tap the turned card's suit ("S", "H", "D" or "C")."""
        self.page.click(f"label.chip:has(input[name=trump][value='{suit}'])")

    def tap_bids(self, bids: Mapping[int, int]) -> None:
        """Tap each seat's bid, in the mapping's order (the bidding order)."""
        for seat, value in bids.items():
            self.bid_chip(seat, value).click()

    def tap_tricks(self, tricks: Mapping[int, int]) -> None:
        """Tap each seat's tricks taken."""
        for seat, value in tricks.items():
            self.tricks_chip(seat, value).click()

    def save(self) -> Response:
        """Tap the primary button of the form; returns the server's answer to the post."""
        with self.page.expect_response(
            lambda response: response.request.method == "POST" and not response.url.endswith("/check")
        ) as answer:
            self.page.click("button.primary")
        return answer.value

    def save_bids(self) -> None:
        """Save the bids and land on the same deal's tricks."""
        expect(self.page.locator("button.primary")).to_have_text("Save the bids")
        assert self.save().status == 302
        expect(self.page.locator("button.primary")).to_have_text("Save the tricks")

    def save_tricks(self, number: int) -> None:
        """Save the tricks (or a correction) and land on the sheet, at the deal's row."""
        assert self.save().status == 302
        expect(self.page).to_have_url(SHEET_URL)
        expect(self.page.locator(".flash")).to_have_text(f"Deal {number} saved.")

    def play_deal(self, number: int, bids: Mapping[int, int], tricks: Mapping[int, int]) -> None:
        """From the sheet: open the deal due, tap the bids, save, tap the tricks, save."""
        self.open_next_deal(number)
        self.tap_bids(bids)
        self.save_bids()
        self.tap_tricks(tricks)
        self.save_tricks(number)

    # --- the sheet --------------------------------------------------------------------

    def cell(self, number: int, seat: int) -> Locator:
        """A seat's cell in a deal's row of the sheet."""
        return self.page.locator(f"#deal-{number} td").nth(seat)

    def expect_row(self, number: int, totals: Sequence[int | None]) -> None:
        """A deal's row shows these running totals per seat; None is a dead hand ("—")."""
        expect(self.page.locator(f"#deal-{number} td")).to_have_count(len(totals))
        for seat, total in enumerate(totals):
            cell = self.cell(number, seat)
            if total is None:
                expect(cell).to_have_text("—")
                expect(cell).to_have_class("out")
            else:
                expect(cell.locator(".tot")).to_have_text(str(total))

    def standings(self) -> dict[str, int]:
        """The standings under the sheet: each side's name and total."""
        names = self.page.locator(".standings li span").all_text_contents()
        totals = self.page.locator(".standings li strong").all_text_contents()
        return {name.strip(): int(total) for name, total in zip(names, totals, strict=True)}

    def shoot(self, name: str) -> Path:
        """A full-page screenshot of the journey's step, in the test's tmp dir."""
        self.shot_count += 1
        path = self.shots / f"{self.shot_count:02d}-{name}.png"
        self.page.screenshot(path=path, full_page=True)
        return path


@pytest.fixture
def phone(
    browser: Browser, playwright: Playwright, live_server: str, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Phone]:
    """A fresh phone (browser context) in a Pixel 7 viewport, pointed at the live server.

    Fails the test on a script error in the page or a server error (5xx), and saves
    a full-page screenshot under the test's tmp dir when the test fails.
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
    yield Phone(page, tmp_path)
    if request.node.stash.get(CALL_FAILED, False):
        failure = tmp_path / "failure.png"
        page.screenshot(path=failure, full_page=True)
        print(f"screenshot of the failure: {failure}")
    context.close()
    assert not problems, problems

"""The real app on a live server, Debian's Chromium in a phone viewport, and a phone that
taps through the pages as a player at the table would.

One server and one browser serve the whole session; each test gets a fresh browser
context (its own cookies, so its own device): a Pixel 7 held upright at 390×844.
A failed test leaves a full-page screenshot in its pytest tmp dir, next to the
screenshots of the journey's steps; nothing is written into the repository.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Playwright,
    Response,
    expect,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.web import language

from .. import pseudo_locale

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
VIEWPORT = {"width": 390, "height": 844}
"""The phone held upright that the screens are made for: one deal fits it without scrolling."""
TIMEOUT_MS = 30_000
"""How long a test waits for what the page should come to say (an element, a text, a URL) before it
fails. Each wait ends as soon as the page says it, so this costs a passing test nothing; it is long
because the suite must pass on a machine kept busy by other work (bin/test runs the browser tests
once under such a load), where a page that polls every few seconds can take several polls."""

# Whether a button can be tapped where it is: on the screen, inside every box that clips it, on top.
REACH_MS = 5_000
"""How long a tap may wait for its target to be in reach (uncovered, on screen) before it counts a scroll."""
REACHABLE = """(node) => {
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
  for (let up = node.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll|hidden)/.test(style.overflowX + style.overflowY)) {
      const clip = up.getBoundingClientRect();
      if (box.left < clip.left - 1 || box.right > clip.right + 1) return false;
      if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1) return false;
    }
  }
  const top = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  return top !== null && (node === top || node.contains(top));
}"""

AXE = Axe()
SMALL_TARGETS = """() => {
  const small = [];
  const targets = "button, select, summary, input[type=text], input[type=search], a.button, label.chip span, "
    + "label.switch, .choice, .bar a, a.back, .crumbs a, .deal-col a, .grid .pts a";
  document.querySelectorAll(targets).forEach((node) => {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;  // not shown
    if (box.width < 43.5 || box.height < 43.5) {
      small.push(`${node.outerHTML.slice(0, 90)} ${box.width}x${box.height}`);
    }
  });
  return small;
}"""


# One minus sign (U+2212) wherever a number can be negative: every page a browser test opens is watched, as
# it loads and as it changes in place (a swapped screen, a sheet, a chart drawn by a script), for a
# hyphen-minus standing for a minus before a digit — in its text, SVG text included, and in the labels a
# screen reader reads. Dates, sequences ("10-1-10") and codes put a letter or digit before the hyphen.
HYPHEN_MINUS_WATCH = r"""(() => {
  if (window.__minusWatched) return;
  window.__minusWatched = true;
  const NUMBER = /(^|[\s(\[{:=→←+\/|·,;])-\d/;
  const LABELS = ["aria-label", "title", "alt", "aria-valuetext"];
  const AWAY = "script, style, textarea, noscript, template, pre, code";
  function look(text) {
    if (!text || text.indexOf("-") < 0) return;
    const found = text.match(NUMBER);
    if (found) {
      try { window.__hyphenMinus(text.slice(Math.max(0, found.index - 40), found.index + 40).trim()); }
      catch (error) { /* the page is going */ }
    }
  }
  function scan(node) {
    if (document.contentType !== "text/html") return;
    if (node.nodeType === 3) {
      if (!(node.parentElement && node.parentElement.closest(AWAY))) look(node.data);
      return;
    }
    if (node.nodeType !== 1 || node.closest(AWAY)) return;
    const away = (item) => item.nodeType === 1 && item.matches(AWAY);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (item) => (away(item) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let item = node; item; item = walker.nextNode()) {
      if (item.nodeType === 3) look(item.data);
      else LABELS.forEach((name) => look(item.getAttribute(name)));
    }
  }
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "childList") record.addedNodes.forEach(scan);
      else if (record.type === "characterData") scan(record.target);
      else look(record.target.getAttribute(record.attributeName));
    }
  }).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: LABELS,
  });
})();"""
HYPHEN_MINUS_FOUND: list[str] = []


def watch_minus_signs(context: BrowserContext) -> BrowserContext:
    """Report every hyphen-minus before a digit that a page of ``context`` shows (``HYPHEN_MINUS_WATCH``)."""

    def found(source: dict[str, Any], text: str) -> None:
        HYPHEN_MINUS_FOUND.append(f"{source['page'].url}: “{text}”")

    context.expose_binding("__hyphenMinus", found)
    context.add_init_script(HYPHEN_MINUS_WATCH)
    return context


# (bounded: a page the test left without a connection may never answer; the close follows anyway)
UNREGISTER_WORKERS = """() => navigator.serviceWorker ? Promise.race([
  navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((one) => one.unregister()))),
  new Promise((resolve) => setTimeout(resolve, 5000)),
]) : null"""


def leave_quietly(context: BrowserContext) -> None:
    """Each page of ``context`` unregisters the app's service worker and leaves for a blank page before
    the context is closed: Chromium now and then never finishes disposing of a context whose service
    worker is still serving a page (the close hung a test run for 20 minutes), and a worker with no page
    left to serve is stopped at once."""
    for page in list(context.pages):
        try:
            if page.url.startswith("http"):
                page.evaluate(UNREGISTER_WORKERS)
            page.goto("about:blank", timeout=TIMEOUT_MS)
            page.close()
        except PlaywrightError:
            continue  # a page already gone, or one the test left offline: the context's close still follows


class WatchedBrowser:
    """The session's Chromium, every context of it watched for a hyphen-minus (``watch_minus_signs``)."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> BrowserContext:
        context = watch_minus_signs(self._browser.new_context(**options))
        close = context.close

        def close_quietly(**arguments: Any) -> None:
            leave_quietly(context)
            close(**arguments)

        context.close = close_quietly  # type: ignore[method-assign]
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def one_minus_sign() -> Iterator[None]:
    """Fail a browser test whose pages wrote a negative number with a hyphen-minus instead of U+2212 (−)."""
    HYPHEN_MINUS_FOUND.clear()
    yield
    found = list(dict.fromkeys(HYPHEN_MINUS_FOUND))
    HYPHEN_MINUS_FOUND.clear()
    assert not found, "a negative number written with a hyphen-minus, not −:\n" + "\n".join(found[:12])


def check_accessibility(page: Page, where: str = "") -> None:
    """Fail unless the page as it stands has no accessibility violation that axe-core finds, in light and
    in dark mode (contrast included), and every button, chip, switch and menu is at least 44 px a side.

    Call it on any page a test opens: ``check_accessibility(phone.page, "the sheet")``.
    """
    problems: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        results = AXE.run(page)
        for violation in results.response["violations"]:
            for node in violation["nodes"][:3]:
                problems.append(
                    f"{scheme}: {violation['id']} ({violation['impact']}) at {node['target']}: "
                    f"{node.get('failureSummary', '')[:160]}"
                )
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    problems += [f"tap target under 44 px: {found}" for found in page.evaluate(SMALL_TARGETS)]
    assert not problems, f"{where or page.url}:\n" + "\n".join(problems)


def printed(total: int) -> str:
    """A total as the page prints it: "12", "0", "−12" (the real minus sign)."""
    return str(total).replace("-", "\u2212")


def number(shown: str) -> int:
    """A total as the page prints it, its minus sign the real one ("−12")."""
    return int(shown.strip().replace("\u2212", "-"))


SHEET_URL = re.compile(r"/games/[0-9a-f]{32}(#deal-\d+)?$")
DEAL_URL = re.compile(r"/games/[0-9a-f]{32}/deals/\d+(\?.*)?$")
FIRST_DEAL_URL = re.compile(r"/games/[0-9a-f]{32}/deals/1$")
"""Where a game opens once started: deal 1's screen."""

CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember whether the test body failed, so the phone fixture knows to take a screenshot."""
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


# When Chromium drops a connection while the development server still streams a static file
# (a navigation, the service worker's cache filling), werkzeug leaves the file to the garbage
# collector; the ResourceWarning that raises is the test server's, not the app's. (The
# message's colon is written ".": pytest splits a filter on colons.)
STATIC_FILE_LEFT_OPEN = (
    r"ignore:Exception ignored in. <_io\.FileIO name='[^']*/static/"
    r":pytest.PytestUnraisableExceptionWarning"
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Let every browser test pass over a static file the live server's thread left open."""
    for item in items:
        if item.get_closest_marker("browser") is not None or "tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.filterwarnings(STATIC_FILE_LEFT_OPEN))


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app with a fresh SQLite database, served on a free local port; yields its address."""
    folder = tmp_path_factory.mktemp("live_server")
    # A catalogue for each of the app's languages (the pseudo-locale's messages under each code),
    # so the picker offers them all, as it will once they are translated.
    translations = folder / "translations"
    for code in language.LANGUAGES:
        if code != language.DEFAULT_LANGUAGE:
            pseudo_locale.build(translations, code)
    yield from serve_app(folder, translations, "browser")


def serve_app(folder: Path, translations: Path, name: str) -> Iterator[str]:
    """The real app with a fresh SQLite database in ``folder`` and the catalogues in
    ``translations``, served on a free local port; yields its address, stops it afterwards."""
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / (name + '.sqlite')}",
            "SECRET_KEY": f"{name}-tests",
            "BABEL_TRANSLATION_DIRECTORIES": str(translations),
        },
        instance_path=str(folder / "instance"),
    )
    request_log = logging.getLogger("werkzeug")
    old_level = request_log.level
    request_log.setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name=f"{name}-server", daemon=True)
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
    yield cast(Browser, WatchedBrowser(chromium))
    chromium.close()


class Phone:
    """The one phone lying on the card table: starts games, taps bids and tricks, reads the sheet.

    Every tap goes through ``tap``, which counts it and checks that the button is where a
    thumb reaches it without scrolling (on the screen, not hidden in its row, not covered).
    """

    def __init__(self, page: Page, shots: Path) -> None:
        self.page = page
        self.shots = shots
        self.shot_count = 0
        self.taps = 0
        self.loads = 0
        page.on("load", lambda _page: self._loaded())

    def _loaded(self) -> None:
        self.loads += 1

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

    def open_options(self) -> None:
        """Unfold the new-game form's options (folded under the summary of their choices)."""
        fold = self.page.locator("details[data-options]")
        if fold.get_attribute("open") is None:
            fold.locator("summary").click()
        expect(fold).to_have_attribute("open", "")

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
        """Fill in the new-game form and start the game, which opens on deal 1's screen; then go to the
        sheet, where the tests begin, and return its address."""
        self.open_new_game(code)
        self.type_names(players)
        self.choose_first_dealer(first_dealer)
        if options:
            self.open_options()
        for name, value in (options or {}).items():
            self.page.select_option(f"#option_{name}", value)
        self.page.click("button.primary")
        sheet_url = self.expect_first_deal()
        self.open_sheet()
        return sheet_url

    def expect_first_deal(self, word: str | None = None) -> str:
        """A game just started shows deal 1's screen (its title "Deal 1", "Hand 1", … or ``word`` 1);
        returns the game's sheet address."""
        expect(self.page).to_have_url(FIRST_DEAL_URL)
        title = re.escape(word) if word else r"\w+"
        expect(self.page.locator("h1")).to_contain_text(re.compile(title + r" 1\b"))
        self.page.wait_for_load_state("load")
        return self.page.url.split("/deals/", 1)[0]

    # --- the deal screen --------------------------------------------------------------

    def open_next_deal(self, number: int, word: str = "Deal") -> None:
        """From the sheet, tap the button that opens the deal due next."""
        self.page.click("section.current a.button.primary")
        expect(self.page).to_have_url(DEAL_URL)
        expect(self.page.locator("h1")).to_contain_text(f"{word} {number}")
        self.page.wait_for_load_state("load")

    def open_sheet(self) -> None:
        """From a deal's screen, back to the score sheet."""
        self.page.click("a.back")
        expect(self.page).to_have_url(SHEET_URL)
        # The address changes when the sheet starts to arrive, not when it is all there: a busy
        # machine can leave the standings under the grid unread for a while after it.
        self.page.wait_for_load_state("domcontentloaded")

    def tap(self, target: str | Locator, *, in_reach: bool = True) -> None:
        """One tap of the thumb, on a button it reaches without scrolling (unless on a longer page)."""
        node = self.page.locator(target) if isinstance(target, str) else target
        node.wait_for(state="visible")
        if in_reach:
            # Waited for, not read once: on a loaded machine a message sliding away may still cover it.
            try:
                self.page.wait_for_function(REACHABLE, arg=node.element_handle(), timeout=REACH_MS)
            except PlaywrightTimeoutError:
                raise AssertionError(f"a scroll is needed to reach {target}") from None
        node.click()
        self.taps += 1
        self.settle()

    def settle(self) -> None:
        """Wait for the live check the last tap set off (the struck bids, the filled-in tricks).

        A tap that leads to another page (the last deal's Save goes to the sheet) may destroy the
        page's scripts while they are asked: then there is nothing left to wait for but the load."""
        try:
            self.page.evaluate("() => Promise.resolve(window.Scorekeeper && window.Scorekeeper.pending)")
        except PlaywrightError as error:
            if "context was destroyed" not in str(error):
                raise
            self.page.wait_for_load_state("load")

    def bid_chip(self, seat: int, value: int | str) -> Locator:
        """The chip to tap for ``seat`` bidding ``value``."""
        return self.page.locator(f"label.chip:has(input[name='bid-{seat}'][value='{value}'])")

    def tricks_chip(self, seat: int, value: int) -> Locator:
        """The chip to tap for ``seat`` having taken ``value`` tricks."""
        return self.page.locator(f"label.chip:has(input[name='tricks-{seat}'][value='{value}'])")

    def bid_input(self, seat: int, value: int | str) -> Locator:
        """The radio input behind a bid chip (to read whether it is selected)."""
        return self.page.locator(f"input[name='bid-{seat}'][value='{value}']")

    def tricks_input(self, seat: int, value: int) -> Locator:
        """The radio input behind a tricks chip."""
        return self.page.locator(f"input[name='tricks-{seat}'][value='{value}']")

    def tap_trump(self, suit: str) -> None:
        """Tap the turned card's suit ("S", "H", "D" or "C")."""
        self.tap(f"label.chip:has(input[name=trump][value='{suit}'])")

    def tap_bids(self, bids: Mapping[int, int | str]) -> None:
        """Tap each seat's bid, in the mapping's order."""
        for seat, value in bids.items():
            self.tap(self.bid_chip(seat, value))

    def tap_tricks(self, tricks: Mapping[int, int]) -> None:
        """Tap each seat's tricks taken."""
        for seat, value in tricks.items():
            self.tap(self.tricks_chip(seat, value))

    def expect_tricks(self, tricks: Mapping[int, int]) -> None:
        """Every seat's tricks are selected (tapped or filled in)."""
        for seat, value in tricks.items():
            expect(self.tricks_input(seat, value)).to_be_checked()

    def save(self) -> Response:
        """Tap the screen's Save; returns the server's answer to the post, once the page shows it."""
        swaps = self.page.evaluate("() => window.Scorekeeper ? window.Scorekeeper.swaps : null")
        button = "button[data-primary]" if swaps is not None else "button.primary"
        with self.page.expect_response(
            lambda response: response.request.method == "POST" and not response.url.endswith("/check")
        ) as answer:
            self.tap(button, in_reach=swaps is not None)
        response = answer.value
        if response.ok and swaps is not None:
            self.page.wait_for_function(
                "(swaps) => !window.Scorekeeper || window.Scorekeeper.swaps > swaps", arg=swaps
            )
        return response

    def save_bids(self) -> None:
        """Save the bids and see the same deal's tricks, in place."""
        expect(self.page.locator("button[data-primary]")).to_have_text("Save the bids")
        assert self.save().status == 200
        expect(self.page.locator("button[data-primary]")).to_have_text("Save the tricks")

    def save_tricks(self, number: int, word: str = "Deal") -> None:
        """Save the tricks and see the next deal's screen, in place, with the standings after this one."""
        assert self.save().status == 200
        expect(self.page.locator("h1")).to_contain_text(f"{word} {number + 1}")
        expect(self.page.locator(".strip-caption")).to_have_text(f"{word} {number} saved.")

    def play_deal(self, bids: Mapping[int, int | str], tricks: Mapping[int, int], number: int) -> None:
        """On the deal's screen: tap the bids, save, tap the tricks, save."""
        self.tap_bids(bids)
        self.save_bids()
        for seat, value in tricks.items():
            if not self.tricks_input(seat, value).is_checked():
                self.tap(self.tricks_chip(seat, value))
        self.expect_tricks(tricks)
        self.save_tricks(number)

    def undo(self) -> None:
        """Tap Undo at the top of the game."""
        self.tap("button[data-undo]")

    def redo(self) -> None:
        """Tap Redo at the top of the game."""
        self.tap("button[data-redo]")

    def strip(self) -> dict[str, int]:
        """The standings at the top of the deal screen: each side's name and total."""
        wait_until_read(self.page)
        names = self.page.locator(".strip-name").all_text_contents()
        totals = self.page.locator(".strip-score strong").all_text_contents()
        return {name.strip(): number(total) for name, total in zip(names, totals, strict=True)}

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
                expect(cell.locator(".tot")).to_have_text(printed(total))

    def standings(self) -> dict[str, int]:
        """The standings under the sheet: each side's name and total."""
        wait_until_read(self.page)
        # Both read in one go: the sheet may be putting in its new standings meanwhile.
        names, totals = self.page.evaluate(
            """() => ["span", "strong"].map((tag) =>
                 [...document.querySelectorAll(`.standings li ${tag}`)].map((node) => node.textContent))"""
        )
        return {name.strip(): number(total) for name, total in zip(names, totals, strict=True)}

    def shoot(self, name: str, *, dark: bool = False) -> Path:
        """A screenshot of the phone's screen at this step (light, or dark), in the test's tmp dir."""
        self.shot_count += 1
        path = self.shots / f"{self.shot_count:02d}-{name}{'-dark' if dark else ''}.png"
        if dark:
            self.page.emulate_media(color_scheme="dark")
        self.page.screenshot(path=path)
        if dark:
            self.page.emulate_media(color_scheme="light")
        return path

    def shoot_both(self, name: str) -> tuple[Path, Path]:
        """The screen in light and in dark mode."""
        return self.shoot(name), self.shoot(name, dark=True)


def wait_until_read(page: Page) -> None:
    """Wait until the page now shown has been read to its end.

    Its address changes when it starts to arrive, and a page read before its end may be only half
    there (a CI run on a loaded machine read the sheet's grid, but not yet the standings under it,
    and found no standings at all)."""
    page.wait_for_function("() => document.readyState !== 'loading'")


def wait_until_events_kept(page: Page, game_url: str) -> None:
    """Wait until the phone keeps the forms of the table's events for the game as the page shows it.

    offline_events.js keeps them in the background once the page is up. (The deal's page may still
    be on its way, or half read: a plan not there yet, or cut short, is not the plan.)"""
    page.wait_for_function(
        "(key) => { try { return JSON.parse(localStorage.getItem(key) || '{}').version"
        " === JSON.parse(document.getElementById('offline-plan').textContent).version; }"
        " catch (error) { return false; } }",
        arg=f"offline-events-{game_url.rsplit('/', 1)[1]}",
    )


def phone_context(browser: Browser, playwright: Playwright, base_url: str, **options: Any) -> BrowserContext:
    """A browser context of the phone the tests hold (a Pixel 7 at 390×844) pointed at ``base_url``;
    ``options`` add to it (a time zone, a locale)."""
    profile = dict(playwright.devices[PHONE_MODEL])
    profile.pop("default_browser_type", None)
    profile.update(viewport=VIEWPORT, screen=VIEWPORT)
    context = browser.new_context(**profile, base_url=base_url, **options)
    context.set_default_timeout(TIMEOUT_MS)
    return context


def handed_over_phone(
    phone: Phone, browser: Browser, playwright: Playwright, live_server: str, tmp: Path, game_url: str
) -> Phone:
    """Phone B: its own browser, given a share of the scoring of ``game_url`` by ``phone``'s hand-over
    link; on the game's sheet."""
    phone.page.goto(f"{game_url}/hand-over")
    phone.page.click("button.primary")
    link = phone.page.locator("a.handover-link").get_attribute("href")
    assert link is not None
    other = Phone(phone_context(browser, playwright, live_server).new_page(), tmp)
    other.page.goto(link)
    other.page.click("button.primary")
    expect(other.page).to_have_url(SHEET_URL)
    return other


@pytest.fixture
def phone(
    browser: Browser, playwright: Playwright, live_server: str, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Phone]:
    """A fresh phone (browser context): a Pixel 7 at 390×844, pointed at the live server.

    Fails the test on a script error in the page or a server error (5xx), and saves
    a full-page screenshot under the test's tmp dir when the test fails.
    """
    context = phone_context(browser, playwright, live_server)
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

"""Words 40 % longer on a phone: the main pages read in the pseudo-locale (every message accented,
bracketed and about 40 % longer) at 390×844 cut nothing off.

The live server files the pseudo-locale's catalogue under each of the app's languages (see
``conftest.live_server``), so a reader who picked German reads it. On each page: the document does not
scroll sideways (a wide table may scroll inside its own box), no element that hides its overflow
(``overflow: hidden``/``clip``, an ellipsis, a fixed height) holds more text than it shows, and no
button's or chip's label spills out of it. Screenshots of every page go to /tmp/longer-words/.

The same pages are then read in the real German catalogue, on a server of their own: German's long
compounds ("Ereignisse am Tisch", "aufgedeckt") break lines where the pseudo-locale's padded words
do not, so they are checked as German players will read them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from playwright.sync_api import APIRequestContext, Browser, Page, Playwright

from ..catalogue_check import TRANSLATED_LANGUAGES, catalogue_path
from ..web.drive_pages import SETUP_FIELDS
from .conftest import PHONE_MODEL, TIMEOUT_MS, VIEWPORT, Phone, serve_app

LONGER = "de"
"""A language whose catalogue on the live server is the pseudo-locale's."""
SHOTS = Path("/tmp/longer-words")
TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
TABLE_LINK = re.compile(r'href="https?://[^/"]+(/drives/[0-9a-f]+/tables/\d+/[0-9a-f]+)"')

CUT_OFF = """() => {
  const problems = [];
  const classes = (node) => typeof node.className === "string" ? node.className.trim().split(/\\s+/) : [];
  const name = (node) => [node.tagName.toLowerCase() + (node.id ? "#" + node.id : ""), ...classes(node)]
    .filter(Boolean).join(".");
  const said = (node) => (node.innerText || node.value || "").trim().replace(/\\s+/g, " ").slice(0, 70);
  const root = document.documentElement;
  const scrolls = (node) => {
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  if (root.scrollWidth > root.clientWidth + 1) {
    const wide = [...document.body.querySelectorAll("*")].filter((node) => {
      const box = node.getBoundingClientRect();
      // Its text may spill out of it, unless it is a box that scrolls its own content.
      const ownScroll = /(auto|scroll)/.test(getComputedStyle(node).overflowX);
      const reach = ownScroll ? box.right : Math.max(box.right, box.left + node.scrollWidth);
      return box.width > 2 && reach > root.clientWidth + 1 && !scrolls(node);
    });
    const innermost = wide.filter((node) => !wide.some((other) => other !== node && node.contains(other)));
    problems.push(`the page scrolls sideways (${root.scrollWidth} px): `
      + innermost.slice(0, 6).map((node) => `${name(node)} "${said(node)}"`).join("; "));
  }
  for (const node of document.body.querySelectorAll("*")) {
    if (node.matches("input, select, textarea, option, svg, svg *, img, canvas, iframe")) continue;
    const style = getComputedStyle(node);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const box = node.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) continue;  // visually hidden, for screen readers only
    // A teaser cut to its first lines on purpose (the list of games): it ends in "…", in English too.
    if (style.webkitLineClamp && style.webkitLineClamp !== "none") continue;
    const hides = /(hidden|clip)/.test(style.overflowX + " " + style.overflowY);
    const ellipsis = style.textOverflow === "ellipsis";
    const wider = node.scrollWidth > node.clientWidth + 1;
    const taller = node.scrollHeight > node.clientHeight + 1;
    if ((hides || ellipsis) && (wider || (taller && /(hidden|clip)/.test(style.overflowY)))) {
      problems.push(`cut off: ${name(node)} "${said(node)}" (${node.scrollWidth}x${node.scrollHeight} `
        + `in ${node.clientWidth}x${node.clientHeight})`);
    } else if (node.matches("button, a.button, .chip, .choice, summary") && wider && !hides) {
      problems.push(`label spills out: ${name(node)} "${said(node)}" `
        + `(${node.scrollWidth} in ${node.clientWidth})`);
    }
  }
  return problems;
}"""

# A word split over two lines without a hyphen: the test's Chromium has no hyphenation dictionaries, so
# a word broken by ``overflow-wrap`` shows here as it would on a phone that cannot hyphenate. Links that
# show an address or a key (words with digits) may break anywhere.
SPLIT_WORDS = """() => {
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, svg")) continue;
    const style = getComputedStyle(parent);
    if (style.wordBreak === "break-all" || style.visibility === "hidden") continue;
    for (const match of node.data.matchAll(/[\\p{L}\\p{N}]{2,}/gu)) {
      if (/\\d/.test(match[0])) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0)
        .map((box) => Math.round(box.bottom)));
      if (lines.size > 1) {
        const where = [parent.tagName.toLowerCase(), ...parent.classList].join(".");
        split.push(`word split over two lines: "${match[0]}" in ${where}`);
      }
    }
  }
  return split;
}"""


def token(request: APIRequestContext, url: str) -> str:
    found = TOKEN.search(request.get(url).text())
    assert found, f"no form on {url}"
    return found.group(1)


def post(request: APIRequestContext, url: str, fields: dict[str, Any], form_url: str | None = None) -> str:
    """Send a page's form as the phone would (its cookies, a CSRF token); returns where it led."""
    answer = request.post(url, form={"csrf_token": token(request, form_url or url), **fields})
    assert answer.ok, (url, answer.status, answer.text()[:300])
    return answer.url


def new_game(request: APIRequestContext, variant: str, players: list[str], **fields: Any) -> str:
    led = post(
        request,
        f"/games/new/{variant}",
        {"first_dealer": "0", **fields} | {f"players-{slot}": name for slot, name in enumerate(players)},
    )
    return led.split("/games/", 1)[1].split("/", 1)[0]  # a game starts on deal 1's screen


def play(request: APIRequestContext, game_id: str, deals: int) -> None:
    """Deals through their forms: the first seat bids every card and takes them all, the next bids one."""
    for number in range(1, deals + 1):
        url = f"/games/{game_id}/deals/{number}"
        text = request.get(url).text()
        seats = sorted(set(re.findall(r'name="bid-(\d+)"', text)))
        cards = max(int(value) for value in re.findall(rf'name="bid-{seats[0]}" value="(\d+)"', text))
        bids = {f"bid-{seat}": 0 for seat in seats} | {f"bid-{seats[0]}": cards, f"bid-{seats[1]}": 1}
        took = {f"tricks-{seat}": 0 for seat in seats} | {f"tricks-{seats[0]}": cards}
        post(request, url, {"phase": "bids", **bids})
        post(request, url, {"phase": "tricks", **bids, **took})


def set_up(phone: Phone) -> dict[str, str]:
    """Games, a table and a drive, made through their forms; returns the pages to read, by name."""
    request = phone.page.context.request
    oh_hell = new_game(request, "oh-hell", ["Ann", "Bob", "Cat", "Dan"])
    play(request, oh_hell, 2)
    romanian = new_game(request, "romanian-whist", ["Peter", "Peggy", "John"])
    play(request, romanian, 3)
    table = post(request, "/tables/new", {"name": "Thursday whist"}).rsplit("/", 1)[1]
    at_table = new_game(request, "oh-hell", ["Ann", "Bob", "Cat"], table=table)
    play(request, at_table, 2)
    drive = post(
        request,
        "/drives/new",
        {
            **SETUP_FIELDS,
            "players": "\n".join(f"Guest{letter}" for letter in "ABCDEFGH"),
            "hands": "4",
            "interval_after": "2",
        },
    )
    table_phone = TABLE_LINK.search(request.get(drive).text())
    assert table_phone, "the drive's page links no table"
    return {
        "home": "/",
        "new-game": "/games/new/oh-hell",
        "new-game-romanian": "/games/new/romanian-whist",
        "deal-oh-hell": f"/games/{oh_hell}/deals/3",
        "deal-romanian": f"/games/{romanian}/deals/4",
        "sheet-oh-hell": f"/games/{oh_hell}",
        "sheet-romanian": f"/games/{romanian}",
        "explain": f"/games/{oh_hell}/deals/1/explain",
        "live": f"/games/{oh_hell}/live",
        "events": f"/games/{romanian}/events",
        "revoke": f"/games/{romanian}/events/new/revoke",
        "rules": f"/games/{romanian}/rules",
        "blank-sheet": "/sheets/blank/oh-hell",
        "table-stats": f"/tables/{table}/stats",
        "drive-table-phone": table_phone.group(1),
    }


def read(page: Page, name: str, path: str, language: str, *, whole_words: bool = False) -> list[str]:
    """Open a page, screenshot it (the screen and the whole page), and say what it cuts off (and, with
    ``whole_words``, which words it splits over two lines)."""
    answer = page.goto(path)
    assert answer is not None and answer.ok, (path, answer and answer.status)
    assert page.locator("html").get_attribute("lang") == language, path
    page.wait_for_load_state("load")
    page.screenshot(path=SHOTS / f"{language}-{name}.png")
    page.screenshot(path=SHOTS / f"{language}-{name}-full.png", full_page=True)
    problems = page.evaluate(CUT_OFF) + (page.evaluate(SPLIT_WORDS) if whole_words else [])
    return [f"{name}: {problem}" for problem in problems]


@pytest.mark.browser
def test_longer_words_cut_nothing_off_on_a_phone(phone: Phone, live_server: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    pages = set_up(phone)
    english = [problem for name, path in pages.items() for problem in read(phone.page, name, path, "en")]
    assert english == [], "\n".join(english)
    phone.page.context.add_cookies([{"name": "language", "value": LONGER, "url": live_server}])
    problems = [problem for name, path in pages.items() for problem in read(phone.page, name, path, LONGER)]
    assert problems == [], "\n".join(problems)


REAL = "de"
"""The language read in its own committed catalogue: German, the longest words of the seven."""


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app with every committed catalogue compiled, as bin/setup does, on a free port."""
    folder = tmp_path_factory.mktemp("real_server")
    for code in TRANSLATED_LANGUAGES:
        source = catalogue_path(code)
        target = folder / "translations" / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        with source.open("rb") as po, (target / "messages.mo").open("wb") as mo:
            write_mo(mo, read_po(po, locale=code))
    yield from serve_app(folder, folder / "translations", "real")


@pytest.mark.browser
def test_real_german_cuts_nothing_off_on_a_phone(
    browser: Browser, playwright: Playwright, real_server: str, tmp_path: Path
) -> None:
    SHOTS.mkdir(exist_ok=True)
    profile = dict(playwright.devices[PHONE_MODEL])
    profile.pop("default_browser_type", None)
    profile.update(viewport=VIEWPORT, screen=VIEWPORT)
    # A German phone: the browser asks for German, as a player's would; no cookie, no picker.
    context = browser.new_context(
        **profile, base_url=real_server, extra_http_headers={"Accept-Language": REAL}
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        phone = Phone(context.new_page(), tmp_path)
        pages = set_up(phone)
        problems = [
            problem
            for name, path in pages.items()
            for problem in read(phone.page, f"real-{name}", path, REAL, whole_words=True)
        ]
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


NARROW = {"width": 360, "height": 780}
"""The narrowest phone still common: the top bar must keep to one line there too."""
ONE_LINE = """() => [".brand", "a.bar-link", ".menu-button > [aria-hidden]"].map((selector) => {
  const node = document.querySelector("header.bar " + selector);
  const text = document.createRange();
  text.selectNodeContents(node);
  const boxes = [...text.getClientRects()].filter((box) => box.width > 0);
  const lines = new Set(boxes.map((box) => Math.round(box.top)));
  const box = node.getBoundingClientRect();
  return [selector, lines.size, Math.round(box.right), Math.round(box.top + box.height / 2)];
})"""


@pytest.mark.browser
def test_the_top_bar_keeps_to_one_line_at_360_px_in_every_language(
    browser: Browser, real_server: str
) -> None:
    """The brand, "Your games" and the menu side by side on one line at 360 px, in English and each
    catalogue ("Deine Partien", "Le tue partite", "Os seus jogos" once wrapped at 390): a bar two lines
    tall pushes every page down."""
    SHOTS.mkdir(exist_ok=True)
    problems = []
    for code in ("en", *TRANSLATED_LANGUAGES):
        context = browser.new_context(
            viewport=NARROW, base_url=real_server, extra_http_headers={"Accept-Language": code}
        )
        try:
            page = context.new_page()
            page.goto("/")
            assert page.locator("html").get_attribute("lang") == code
            page.locator("header.bar").screenshot(path=SHOTS / f"top-bar-360-{code}.png")  # to look at
            measured = page.evaluate(ONE_LINE)
            for selector, lines, right, _ in measured:
                if lines != 1 or right > NARROW["width"]:
                    problems.append(f"{code}: {selector} takes {lines} lines and ends at {right} px")
            middles = {middle for *_, middle in measured}
            if max(middles) - min(middles) > 4:  # side by side: their middles on one line
                problems.append(f"{code}: the bar's items stand at heights {sorted(middles)}")
        finally:
            context.close()
    assert problems == [], "\n".join(problems)

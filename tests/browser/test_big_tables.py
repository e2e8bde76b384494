"""Seven and eight at the table (issue 45): the largest deal of the biggest tables on one phone screen.

Romanian Whist for seven with 56 cards (bids 0 to 8, seven bidders) on a 390×844 phone and a 360×740
one, Up and Down the River for eight (bids 0 to 6, and the trump row) on the first, Oh Hell for seven
(bids 0 to 7, and the trump row) on the second, each on its largest deal with the standings above it:
every player's chips, the trump row, the facts, the standings and Save are on the screen without a
scroll, each chip at least 40 px square; in English, in German and Italian (their committed catalogues:
the longest words), in dark mode, and in German with the browser's text size at 125 % (on either phone: the
longer words cover English at 125 %). Then, in German at 125 %, the bids are tapped where they are, saved,
and the tricks screen is held to the same. (Romanian Whist for
seven with the dead hand, six columns of nine, is a smaller case of the same screen.) The same deal
drawn offline, and a correction of an earlier deal, fit the small phone too.

Oneonta Whist for seven (bids 1 to 7 and nulls 1 to 7, the turned card) is bid in turn: the bidder due is
open, every bid and null in reach, the others folded to their bid; each bid tapped opens the next bidder, so
the whole bidding takes a tap a bidder, nulls too, without a scroll; a tap on a folded bidder opens it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from playwright.sync_api import APIRequestContext, Browser, BrowserContext, Page, Playwright, expect

from ..catalogue_check import catalogue_path
from .conftest import AXE, PHONE_MODEL, REACHABLE, TIMEOUT_MS, Phone, serve_app
from .test_longer_words import new_game, play, post

NAMES = ["Anastasia", "Bogdan", "Cristina", "Dumitru", "Elena", "Florin", "Gheorghe", "Horia"]
LARGER_TEXT = {"standard": 20, "fixed": 16}
"""The browser's text size at 125 % (its setting of the default font size, 16 px → 20 px, as Chromium's
"Font size" and Android's text scaling set it): the page's type follows it only where its sizes are in
rem or %, so this finds a size set in px."""


# What a player needs on the screen for the deal: each box wholly inside the viewport, the page unscrolled.
ON_SCREEN = """() => {
  const wanted = ["button[data-primary]", ".facts-line summary", ".strip-sides", ".trump-line", ".save-bar"];
  const off = [];
  for (const selector of wanted) {
    const node = document.querySelector(selector);
    if (!node) continue;
    const box = node.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) off.push(selector);
  }
  if (scrollY !== 0) off.push(`the page scrolled to ${scrollY}`);
  return off;
}"""
SMALL_CHIPS = """() => [...document.querySelectorAll(".rows label.chip span")]
  .map((span) => span.getBoundingClientRect())
  .filter((box) => box.width + box.height > 0 && (box.width < 40 || box.height < 40))  // the shown ones
  .map((box) => `${box.width}x${box.height}`)"""


@dataclass(frozen=True)
class BigTable:
    code: str
    players: int
    options: dict[str, str]
    deals_before: int
    """Deals played (through their forms) before the largest one with the standings above it."""
    cards: int
    viewports: tuple[tuple[int, int], ...] = field(default=((390, 844),))
    in_turn: bool = False
    """Bid in turn (Oneonta): the bidder due open, the others folded to their bid."""
    axe_at: tuple[int, int] = (390, 844)
    """The size axe looks at (the same page at another size has the same words and colours)."""


TABLES = [
    BigTable(
        "romanian-whist",
        7,
        {"option_sequence": "8-1-8", "option_seven_player_deck": "56"},
        1,
        8,
        ((390, 844), (360, 740)),
    ),
    BigTable("oh-hell", 7, {}, 12, 7, ((360, 740),)),
    BigTable("up-and-down-the-river", 8, {}, 10, 6),
    # At 360×740 only: the tighter fit of the two, and the longest case of the run at each size.
    BigTable("oneonta", 7, {}, 1, 7, ((360, 740),), in_turn=True, axe_at=(360, 740)),
]
IN_TURN_BIDS = ["2", "1", "N1", "1", "1", "1", "N1"]
"""Oneonta's bids in bidding order: one short of the seven tricks, two of them nulls."""
CASES = [(table, viewport) for table in TABLES for viewport in table.viewports]
READINGS = [("en", False, "light"), ("de", False, "light"), ("it", False, "dark"), ("de", True, "dark")]
"""The language, the larger text, the colour scheme of each look at the screen."""


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app with the committed German and Italian catalogues compiled, on a free port."""
    folder = tmp_path_factory.mktemp("big_tables_server")
    for language in ("de", "it"):
        target = folder / "translations" / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        with catalogue_path(language).open("rb") as po, (target / "messages.mo").open("wb") as mo:
            write_mo(mo, read_po(po, locale=language))
    yield from serve_app(folder, folder / "translations", "big-tables")


@pytest.fixture
def context_for() -> Iterator[list[BrowserContext]]:
    """Browser contexts the test opens (a phone each), closed after it."""
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def open_phone(
    browser: Browser, playwright: Playwright, base_url: str, size: tuple[int, int]
) -> BrowserContext:
    profile = dict(playwright.devices[PHONE_MODEL])
    profile.pop("default_browser_type", None)
    viewport = {"width": size[0], "height": size[1]}
    profile.update(viewport=viewport, screen=viewport)
    context = browser.new_context(**profile, base_url=base_url)
    context.set_default_timeout(TIMEOUT_MS)
    return context


def everything_in_reach(page: Page, kind: str, cards: int, where: str, within: str = ":root") -> None:
    """Every chip of every player from 0 to ``cards`` reachable without a scroll, 40 px square or more,
    and Save, the facts, the standings (and the trump row) on the screen. ``within``: the chips of that
    box (the sheet over the deal screen, with the deal's own chips under it)."""
    chips = page.evaluate(
        f"""([kind, cards, within]) => {{
          const reachable = {REACHABLE};
          const root = document.querySelector(within);
          const seats = [...new Set([...root.querySelectorAll(`.rows input[name^="${{kind}}-"]`)]
            .map((input) => input.name.split("-")[1]))];
          const out = [];
          for (const seat of seats) {{
            for (let value = 0; value <= cards; value += 1) {{
              const input = root.querySelector(`input[name="${{kind}}-${{seat}}"][value="${{value}}"]`);
              if (!input || !reachable(input.closest("label.chip"))) out.push(`seat ${{seat}}: ${{value}}`);
            }}
          }}
          return [seats.length, out];
        }}""",
        [kind, cards, within],
    )
    assert chips[0] >= 7, where
    assert chips[1] == [], f"{where}: a scroll is needed for the {kind} {chips[1]}"
    assert page.evaluate(SMALL_CHIPS) == [], where
    assert page.evaluate(ON_SCREEN) == [], where


def play_in_turn(request: APIRequestContext, game_id: str, deals: int) -> None:
    """Oneonta's deals through their forms: the first seat bids 7 and takes every trick, the others a null."""
    for number in range(1, deals + 1):
        url = f"/games/{game_id}/deals/{number}"
        seats = sorted(set(re.findall(r'name="bid-(\d+)"', request.get(url).text())))
        bids = {f"bid-{seat}": "N1" for seat in seats} | {f"bid-{seats[0]}": "7"}
        took = {f"tricks-{seat}": 0 for seat in seats} | {f"tricks-{seats[0]}": 7}
        post(request, url, {"phase": "bids", "trump": "H", **bids})
        post(request, url, {"phase": "tricks", "trump": "H", **bids, **took})


def bidding_in_reach(page: Page, where: str, due: int | None) -> None:
    """Oneonta bid in turn: the bidder ``due`` (None: nobody) open, with every bid and null it may make
    reachable without a scroll; every other bidder folded to a line reachable too; each 40 px or more."""
    found = page.evaluate(
        f"""() => {{
          const reachable = {REACHABLE};
          const big = (node) => {{
            const box = node.getBoundingClientRect();
            return box.width >= 40 && box.height >= 40;
          }};
          const open = [...document.querySelectorAll(".rows .bidder.open")]
            .map((line) => Number(line.dataset.seat));
          const out = [];
          document.querySelectorAll(".rows .bidder").forEach((line) => {{
            const targets = line.classList.contains("open")
              ? [...line.querySelectorAll("label.chip")] : [line.querySelector("[data-fold]")];
            targets.forEach((node) => {{
              const span = node.querySelector("span");
              if (!reachable(node) || !big(span)) {{
                out.push(`seat ${{line.dataset.seat}}: ${{node.textContent.trim()}}`);
              }}
            }});
          }});
          return [open, document.querySelectorAll(".rows .bidder.open label.chip").length, out];
        }}"""
    )
    assert found[0] == ([] if due is None else [due]), f"{where}: open {found[0]}"
    assert due is None or found[1] >= 14, f"{where}: {found[1]} chips open"  # 1 to 7, nulls 1 to 7
    assert found[2] == [], f"{where}: a scroll is needed for {found[2]}"
    assert page.evaluate(ON_SCREEN) == [], where


def axe_clean(page: Page, where: str, schemes: tuple[str, ...] = ("light", "dark")) -> None:
    problems = []
    for scheme in schemes:
        page.emulate_media(color_scheme=scheme)
        for violation in AXE.run(page).response["violations"]:
            problems += [
                f"{where} {scheme}: {violation['id']} at {node['target']}" for node in violation["nodes"][:3]
            ]
    assert problems == [], "\n".join(problems)


@pytest.mark.browser
@pytest.mark.parametrize(
    ("table", "size"),
    CASES,
    ids=[f"{table.code}-{table.players}-{size[0]}x{size[1]}" for table, size in CASES],
)
def test_the_largest_deal_of_a_big_table_fits_one_screen(
    browser: Browser,
    playwright: Playwright,
    real_server: str,
    context_for: list[BrowserContext],
    tmp_path: Path,
    table: BigTable,
    size: tuple[int, int],
) -> None:
    context = open_phone(browser, playwright, real_server, size)
    context_for.append(context)
    game = new_game(context.request, table.code, NAMES[: table.players], **table.options)
    (play_in_turn if table.in_turn else play)(context.request, game, table.deals_before)
    deal = f"/games/{game}/deals/{table.deals_before + 1}"
    page = context.new_page()
    for language, larger, scheme in READINGS:
        if larger:  # the last reading: every page from here on
            context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": LARGER_TEXT})
        context.add_cookies([{"name": "language", "value": language, "url": real_server}])
        page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        page.goto(deal)
        page.wait_for_load_state("load")
        where = f"{language}{' 125 %' if larger else ''} {scheme}"
        if larger:  # the page's own type at 125 % of its usual 18 px: the setting reached it
            assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "22.5px", where
        page.screenshot(path=tmp_path / f"bids-{language}-{int(larger)}-{scheme}.png")
        if table.in_turn:
            first = page.locator(".rows .bidder").first.get_attribute("data-seat")
            bidding_in_reach(page, where, int(first or 0))
        else:
            everything_in_reach(page, "bid", table.cards, where)
    page.close()

    # The bids tapped where they are (one less than the cards, never hooked), saved in place; then the tricks:
    # in German with the text at 125 %, where the tricks' screen is at its tightest.
    context.add_cookies([{"name": "language", "value": "de", "url": real_server}])
    phone = Phone(context.new_page(), tmp_path)
    page = phone.page
    context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": LARGER_TEXT})
    page.goto(deal)
    page.wait_for_load_state("load")
    axe = size == table.axe_at
    if axe:
        axe_clean(page, "the bids")
    order = [
        int(seat)
        for seat in page.locator(".rows .line[data-seat]").evaluate_all(
            "(lines) => lines.map((line) => line.dataset.seat)"
        )
    ]
    share, extra = divmod(table.cards - 1, len(order))
    bids: dict[int, int | str] = {
        seat: share + (1 if place < extra else 0) for place, seat in enumerate(order)
    }
    if table.in_turn:
        bids = dict(zip(order, IN_TURN_BIDS, strict=True))
        phone.tap_trump("H")
        for place, (seat, bid) in enumerate(bids.items()):  # a tap a bidder, each opening the next
            bidding_in_reach(page, f"the bid of seat {seat}", seat)
            phone.tap(phone.bid_chip(seat, bid))
            expect(page.locator(f".bidder[data-seat='{seat}'] .fold-bid")).to_have_text(bid)
            if place == 3:
                phone.shoot_both("bidding")
        bidding_in_reach(page, "every bid made", None)
        # A folded bidder opens at a tap, to change the bid: a null staking 2 instead of 2, then 2 again.
        first = order[0]
        for bid in ("N2", "2"):
            phone.tap(page.locator(f".bidder[data-seat='{first}'] [data-fold]"))
            bidding_in_reach(page, "the first bidder opened again", first)
            phone.tap(phone.bid_chip(first, bid))
            expect(page.locator(f".bidder[data-seat='{first}'] .fold-bid")).to_have_text(bid)
        bidding_in_reach(page, "every bid made", None)
    else:
        phone.tap_bids(bids)
    phone.shoot("bids")
    assert phone.save().status == 200
    expect(page.locator("input[name='phase']")).to_have_value("tricks")
    everything_in_reach(page, "tricks", table.cards, "the tricks")
    wanted = {seat: 0 if str(bid).startswith("N") else int(bid) for seat, bid in bids.items()}
    first = order[0]
    phone.tap(phone.tricks_chip(first, wanted[first] + 1))
    phone.expect_tricks({seat: bid for seat, bid in wanted.items() if seat != first})
    expect(page.locator("button[data-primary]")).to_be_enabled()
    phone.shoot_both("tricks")
    if axe:
        axe_clean(page, "the tricks", ("light",))


@pytest.mark.browser
def test_the_screen_drawn_offline_at_a_big_table_fits_one_screen_too(
    browser: Browser,
    playwright: Playwright,
    real_server: str,
    context_for: list[BrowserContext],
) -> None:
    """The connection goes at Romanian Whist for seven's largest deal on the small phone: the screen the
    phone draws itself (static/offline_screen.js) takes the online screen's columns, the short names
    over them, and every chip, the standings and Save stay in reach; with the text at 125 % too."""
    table = TABLES[0]
    context = open_phone(browser, playwright, real_server, (360, 740))
    context_for.append(context)
    game = new_game(context.request, table.code, NAMES[: table.players], **table.options)
    play(context.request, game, table.deals_before)
    for larger in (False, True):
        where = "offline 125 %" if larger else "offline"
        page = context.new_page()
        if larger:
            context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": LARGER_TEXT})
        page.goto(f"/games/{game}/deals/{table.deals_before + 1}")
        # The worker controls the page and the offline part is loaded (600 ms after the page is up).
        page.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null"
            " && window.Scorekeeper.offlinePlay !== undefined"
        )
        context.set_offline(True)
        expect(page.locator("h1 .offline-tag")).to_be_visible()
        expect(page.locator("form[data-offline].rows-columns.players-7")).to_be_visible()
        expect(page.locator("form[data-offline] .who .name [aria-hidden]").first).to_have_text("Cri")
        expect(page.locator(".strip-name [aria-hidden]").first).to_have_text("Ana")
        everything_in_reach(page, "bid", table.cards, where)
        context.set_offline(False)
        page.close()


@pytest.mark.browser
def test_correcting_a_deal_at_a_big_table_fits_one_screen(
    browser: Browser,
    playwright: Playwright,
    real_server: str,
    context_for: list[BrowserContext],
) -> None:
    """Correcting Romanian Whist for seven's deal 1 (eight cards: bids and tricks, seven columns of nine
    each) on the small phone, at the usual text size and at 125 %: one set of columns at a time, the tricks
    first, the bids a tap on the switch away, each set with the standings and Save in reach."""
    table = TABLES[0]
    context = open_phone(browser, playwright, real_server, (360, 740))
    context_for.append(context)
    game = new_game(context.request, table.code, NAMES[: table.players], **table.options)
    play(context.request, game, table.deals_before)
    for larger in (False, True):
        where = "the correction at 125 %" if larger else "the correction"
        page = context.new_page()
        if larger:
            context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": LARGER_TEXT})
        page.goto(f"/games/{game}/deals/1")
        page.wait_for_load_state("load")
        expect(page.locator("button[data-primary]")).to_have_text("Save the correction")
        everything_in_reach(page, "tricks", table.cards, where)
        expect(page.locator(".rows[data-part='bids']")).to_be_hidden()
        page.locator(".part-switch label.chip", has_text="Bids").click()
        expect(page.locator(".rows[data-part='tricks']")).to_be_hidden()
        everything_in_reach(page, "bid", table.cards, where)
        if not larger:
            axe_clean(page, where)

        # The same correction in the sheet over the deal in progress (the standings' "Correct", deal 1).
        page.goto(f"/games/{game}/deals/{table.deals_before + 1}")
        page.locator(".strip-top .correct-link").click()
        page.locator("dialog[open] a.past-deal").last.click()
        sheet = page.locator("dialog[open] form .part-switch")
        expect(sheet).to_be_visible()
        everything_in_reach(page, "tricks", table.cards, f"{where} in the sheet", "dialog[open]")
        sheet.locator("label.chip", has_text="Bids").click()
        everything_in_reach(page, "bid", table.cards, f"{where} in the sheet", "dialog[open]")
        page.close()

"""How many taps, scrolls and page loads one deal takes at the table, per family.

    .venv/bin/python benchmarks/taps.py [--quick]

(after the README's set-up, ``./bin/test``, which installs the test extras (Playwright) and Debian's
Chromium; ``--quick`` is the smoke run ``bin/test`` makes: one table of each way of entering a deal,
one event and one correction, the same code path.)

Drives Debian's Chromium as a phone held upright (390×844 CSS pixels, touch) through the
first deal of a game of each family, from the deal's screen to the next deal's screen, the
way the scorer at the table does it. Each family prints one line, then the deal it tapped:

    oh-hell, 4 players: 7 taps, 0 scrolls, 0 page loads
      deal 1, 10 cards, Ann deals: bids Bob 3, Cy 2, Dee 2, Ann 2 (Save) · tricks: tapped Bob 4; ...

A tap is one tap on the screen. A scroll is any change of scroll position the app did not
make itself: before each tap the button must be on the screen, uncovered and not hidden in its
row, or the benchmark counts a scroll and brings it into view as a player would; any other
scroll of the page or of a row that the app did not make also counts. A page load is a full
load of a document. Bids are the likeliest kind under the hook — they add up to one less than
the tricks — and the first bidder takes one trick more than bid (a realistic miss: with the
hook the bids never add up, so "everyone made their bid" cannot apply). The optional turned
card is left out where the rules do not need it.

Then each table event, and a correction of an earlier deal, from the deal's screen back to the
deal's screen (taps_events.py), one line each:

    misdeal, oh-hell, 4 players: 3 taps, 0 scrolls, 0 page loads
    adjustment, oh-hell, 4 players: 4 taps + 1 key, 0 scrolls, 0 page loads
    correct deal 2, romanian-whist, 5 players: 4 taps, 0 scrolls, 0 page loads

A key is one key typed on the phone's keyboard (a name's letters, an adjustment's digits), into
the field the sheet put the cursor in.

Then the table's evening without a surprise (taps_evening.py): a correction that moves a latecomer's
start, said before it is saved; a misdeal after the bids; another phone to keep score; play again.

The evening's lines alone: .venv/bin/python benchmarks/taps.py --evening
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.rules import Game
from scorekeeper.rules.state import DealFacts

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 390, "height": 844}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
SETTLE_MS = 600
"""A scroll this soon after the app scrolled (or the benchmark brought a button into view) is theirs."""

# Scroll events of the page and of every element, as they happen (the app notes its own scrolls).
WATCH_SCROLLS = """
window.__scrolls = [];
window.__benchScrolls = [];
document.addEventListener("scroll", (event) => {
  const node = event.target === document ? "page" : (event.target.className || event.target.tagName);
  window.__scrolls.push({ node: String(node), at: performance.now() });
}, true);
"""

# Whether a button can be tapped where it is: on the screen, inside every box that clips it, on top.
REACHABLE = """(node) => {
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
  for (let up = node.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll|hidden)/.test(style.overflowX + style.overflowY)) {
      const clip = up.getBoundingClientRect();
      const outside = box.left < clip.left - 1 || box.right > clip.right + 1
        || box.top < clip.top - 1 || box.bottom > clip.bottom + 1;
      if (outside) return false;
    }
  }
  const top = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  return top !== null && (node === top || node.contains(top));
}"""

STRANGE_SCROLLS = f"""() => {{
  const made = [...((window.Scorekeeper && window.Scorekeeper.appScrolls) || []), ...window.__benchScrolls];
  const theirs = (at) => made.some((when) => at - when >= 0 && at - when < {SETTLE_MS});
  let count = 0;
  const last = new Map();
  for (const event of window.__scrolls) {{
    if (theirs(event.at)) continue;
    if (!last.has(event.node) || event.at - last.get(event.node) > 300) count += 1;
    last.set(event.node, event.at);
  }}
  return count;
}}"""


@dataclass
class Count:
    """What one deal cost the scorer."""

    taps: int = 0
    scrolls: int = 0
    loads: int = 0
    keys: int = 0
    story: list[str] = field(default_factory=list)

    def cost(self) -> str:
        """ "7 taps, 0 scrolls, 0 page loads" (with the keys typed, where any were)."""
        keys = f" + {self.keys} key{'s' if self.keys != 1 else ''}" if self.keys else ""
        taps = f"{self.taps} tap{'s' if self.taps != 1 else ''}"
        return f"{taps}{keys}, {self.scrolls} scrolls, {self.loads} page loads"


class Scorer:
    """The scorer's thumb on the phone: taps what the deal needs and counts what it costs."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = Count()
        page.on("load", lambda _page: self._loaded())
        # The count starts on the deal's screen: the new-game form's own scrolls (a big table's Start is
        # below the fold, and the page that follows opens at its top) are the setup's, not the deal's.
        page.evaluate("() => { window.__scrolls = []; }")

    def _loaded(self) -> None:
        self.count.loads += 1

    def tap(self, selector: str) -> None:
        """One tap; a scroll first if the button is not where a thumb can reach it."""
        node = self.page.locator(selector)
        node.wait_for(state="visible")
        if not node.evaluate(REACHABLE):
            self.count.scrolls += 1
            node.evaluate(
                "(node) => { window.__benchScrolls.push(performance.now());"
                " node.scrollIntoView({ block: 'center', inline: 'center' }); }"
            )
            self.page.wait_for_timeout(SETTLE_MS)
        node.tap()
        self.count.taps += 1
        self.page.evaluate("() => Promise.resolve(window.Scorekeeper && window.Scorekeeper.pending)")

    def save(self, expect_heading: str) -> None:
        """Tap the screen's Save and wait for the screen the server answers with."""
        swaps = self.page.evaluate("() => window.Scorekeeper.swaps")
        self.tap("button[data-primary]")
        self.page.wait_for_function(
            "([swaps, heading]) => window.Scorekeeper && window.Scorekeeper.swaps > swaps"
            " && document.querySelector('h1').textContent.includes(heading)",
            arg=[swaps, expect_heading],
        )

    def finish(self) -> Count:
        """The count, with every scroll nobody asked for."""
        self.page.wait_for_timeout(SETTLE_MS)
        self.count.scrolls += self.page.evaluate(STRANGE_SCROLLS)
        return self.count


def bid_chip(seat: int, value: object) -> str:
    return f"label.chip:has(input[name='bid-{seat}'][value='{value}'])"


def tricks_chip(seat: int, value: int) -> str:
    return f"label.chip:has(input[name='tricks-{seat}'][value='{value}'])"


def card_count(cards: int) -> str:
    return f"{cards} card{'s' if cards != 1 else ''}"


def likeliest_bids(facts: DealFacts) -> dict[int, int]:
    """Bids adding up to one less than the tricks, shared out in bidding order: never hooked."""
    order = facts.bidding_order
    share, extra = divmod(facts.cards - 1, len(order))
    return {seat: share + (1 if place < extra else 0) for place, seat in enumerate(order)}


def play_exact(scorer: Scorer, game: Game, names: list[str]) -> None:
    """A bid-exactly deal: the bids in bidding order, Save; the first bidder's tricks, Save."""
    facts = game.state.current
    assert facts is not None
    bids = likeliest_bids(facts)
    for seat, bid in bids.items():
        scorer.tap(bid_chip(seat, bid))
    scorer.save("Deal 1")
    first = facts.bidding_order[0]
    took = {seat: bid for seat, bid in bids.items()}
    took[first] += 1
    scorer.tap(tricks_chip(first, took[first]))
    for seat, value in took.items():  # the rest are filled in by the page
        scorer.page.locator(f"input[name='tricks-{seat}'][value='{value}']:checked").wait_for(
            state="attached"
        )
    scorer.save("Deal 2")
    said = ", ".join(f"{names[seat]} {bid}" for seat, bid in bids.items())
    filled = ", ".join(f"{names[seat]} {value}" for seat, value in took.items() if seat != first)
    scorer.count.story.append(
        f"deal 1, {card_count(facts.cards)}, {names[facts.dealer]} deals: bids {said} (Save) · "
        f"tricks: tapped {names[first]} {took[first]} (bid {bids[first]}), filled in {filled} (Save)"
    )


def play_oneonta(scorer: Scorer, game: Game, names: list[str]) -> None:
    """Oneonta: the turned card, bids (one a null), Save; one player's tricks, Save."""
    facts = game.state.current
    assert facts is not None
    order = facts.bidding_order
    # Tricks bid one short of the cards, one of them a null: the second bidder takes one more.
    chips = ["2", "1", "N1", *["1"] * (len(order) - 4), "3" if len(order) == 4 else "N1"][: len(order)]
    scorer.tap("label.chip:has(input[name=trump][value=H])")
    for seat, chip in zip(order, chips, strict=True):  # at a big table each bid opens the next bidder
        scorer.tap(bid_chip(seat, chip))
    scorer.save("Deal 1")
    wanted = {seat: 0 if chip.startswith("N") else int(chip) for seat, chip in zip(order, chips, strict=True)}
    over = order[1]
    took = dict(wanted)
    took[over] += facts.cards - sum(wanted.values())
    scorer.tap(tricks_chip(over, took[over]))
    for seat, value in took.items():
        scorer.page.locator(f"input[name='tricks-{seat}'][value='{value}']:checked").wait_for(
            state="attached"
        )
    scorer.save("Deal 2")
    said = ", ".join(f"{names[seat]} {chip}" for seat, chip in zip(order, chips, strict=True))
    filled = ", ".join(f"{names[seat]} {value}" for seat, value in took.items() if seat != over)
    scorer.count.story.append(
        f"deal 1, {card_count(facts.cards)}, {names[facts.dealer]} deals: turned card ♥, bids {said} "
        f"(N1: a null staking 1) "
        f"(Save) · tricks: tapped {names[over]} {took[over]} "
        f"(bid {chips[1]}), filled in {filled} (Save)"
    )


def play_side(scorer: Scorer, game: Game, names: list[str]) -> None:
    """Classic or German Whist: the tricks of the side shown first, Save."""
    scorer.tap("label.chip:has(input[name=tricks][value='8'])")
    heading = f"{game.table.variant.deal_word.title} 2"
    scorer.save(heading)
    side = scorer.page.locator("label.chip:has(input[name=side]) span").first.text_content() or names[0]
    word = game.table.variant.deal_word.singular
    scorer.count.story.append(f"{word} 1: {side} took 8 tricks, the other side's follow (Save)")


def play_bid_whist(scorer: Scorer, game: Game, names: list[str]) -> None:
    """Bid Whist: four calls, the declaration, the bidders' tricks, Save."""
    calls = ["pass", "4 uptown", "pass", "pass"]
    for position, call in enumerate(calls):
        scorer.tap(f"label.chip:has(input[name='call-{position}'][value='{call}'])")
    scorer.tap("label.chip:has(input[name=declaration][value=S])")
    scorer.tap("label.chip:has(input[name=tricks][value='9'])")
    scorer.save("Hand 2")
    facts = game.state.current
    assert facts is not None
    said = ", ".join(f"{names[seat]} {call}" for seat, call in zip(facts.bidding_order, calls, strict=True))
    scorer.count.story.append(
        f"hand 1, {names[facts.dealer]} deals: calls {said}; Cy declares ♠; Ann & Cy take 9 tricks "
        "in play, 10 books with the kitty: made (Save)"
    )


@dataclass(frozen=True)
class Table:
    code: str
    size: int
    play: Callable[[Scorer, Game, list[str]], None]
    options: tuple[tuple[str, str], ...] = ()


TABLES = [
    Table("oh-hell", 4, play_exact),
    Table("nomination-whist", 4, play_exact),
    Table("romanian-whist", 4, play_exact),
    Table("oneonta", 4, play_oneonta),
    Table("classic-whist", 4, play_side),
    Table("bid-whist", 4, play_bid_whist),
    Table("german-whist", 2, play_side),
    # The biggest tables each family allows: nothing may need a scroll.
    Table("romanian-whist", 7, play_exact, (("sequence", "8-1-8"),)),
    Table("romanian-whist", 7, play_exact, (("sequence", "8-1-8"), ("seven_player_deck", "56"))),
    Table("oh-hell", 7, play_exact),
    Table("nomination-whist", 6, play_exact),
    Table("oneonta", 7, play_oneonta),
    Table("up-and-down-the-river", 8, play_exact),
]


@contextmanager
def live_server() -> Iterator[str]:
    """The app on a fresh SQLite database, served on a free local port."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'taps.sqlite'}", "SECRET_KEY": "taps"},
            instance_path=folder,
        )
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()
            thread.join(timeout=10)


def start_game(page: Page, table: Table, names: list[str]) -> None:
    """The new-game form (setup, not counted), then the first deal's screen."""
    page.goto(f"/games/new/{table.code}")
    for slot, name in enumerate(names):
        page.fill(f"#players-{slot}", name)
    page.click("label:has(input[name=first_dealer][value='0'])")
    fold = page.locator("details[data-options]:not([open]) > summary")
    if table.options and fold.count():  # the options folded under their summary: unfolded first
        fold.click()
    for option, value in table.options:
        page.select_option(f"#option_{option}", value)
    page.click("button.primary")
    page.wait_for_url(lambda url: "/games/new/" not in url)
    page.wait_for_load_state()
    if "/deals/" not in page.url:  # a game that opens on its sheet: its first deal from there
        page.click("section.current a.button.primary")
        page.wait_for_load_state()


def new_phone(browser: Browser, base: str) -> BrowserContext:
    """A phone held upright, its scrolls watched from the first page on."""
    context = browser.new_context(
        viewport=VIEWPORT, device_scale_factor=3, is_mobile=True, has_touch=True, base_url=base
    )
    context.add_init_script(WATCH_SCROLLS)
    return context


def deal_lines(browser: Browser, base: str, tables: list[Table] = TABLES) -> None:
    """One line a family (and its biggest tables): the first deal, from its screen to the next deal's."""
    print("Taps, scrolls and full page loads for one deal, from its screen to the next deal's,")
    print("on Chromium at 390x844 (a phone held upright). Targets: an Oh Hell-family deal for 4")
    print("in at most 7 taps, Oneonta at most 8; no scroll and no page load in any family.")
    for table in tables:
        names = NAMES[: table.size]
        context = new_phone(browser, base)
        page = context.new_page()
        start_game(page, table, names)
        game = Game.start(table.code, names, first_dealer=0, options=dict(table.options))
        scorer = Scorer(page)
        table.play(scorer, game, names)
        count = scorer.finish()
        chosen = ", ".join(f"{name} {value}" for name, value in table.options)
        options = f" ({chosen})" if chosen else ""
        print(f"{table.code}, {table.size} players{options}: {count.cost()}")
        for line in count.story:
            print(f"  {line}")
        context.close()


def sections(quick: bool = False) -> list[Callable[[Browser, str], None]]:
    """What the benchmark measures, in the order it prints: the deals, then the table events and the
    corrections (taps_events.py), then the evening's surprises no more (taps_evening.py). A section is a
    function of the browser and the server's address. ``quick``: one table of each way of playing a
    deal, the first event, the shorter correction and the evening's lines."""
    from taps_evening import evening_lines  # beside this script
    from taps_events import CORRECTIONS, EVENTS, correction_lines, event_lines

    if not quick:
        return [deal_lines, event_lines, correction_lines, evening_lines]
    one_a_way: dict[object, Table] = {}
    for table in TABLES:
        one_a_way.setdefault(table.play, table)
    return [
        partial(deal_lines, tables=list(one_a_way.values())),
        partial(event_lines, cases=EVENTS[:1]),
        partial(correction_lines, cases=CORRECTIONS[-1:]),
        evening_lines,
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: a few deals")
    parser.add_argument("--evening", action="store_true", help="the evening's lines alone (taps_evening.py)")
    arguments = parser.parse_args()
    chosen = sections(arguments.quick)
    if arguments.evening:
        chosen = chosen[-1:]
    with live_server() as base, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for section in chosen:
            section(browser, base)
            print()
        browser.close()


if __name__ == "__main__":
    main()

"""Taps, scrolls and page loads of each table event and of a correction, from the deal's screen back
to the deal's screen (run by taps.py, which says what a tap, a scroll and a page load are).

Each event starts on deal 2's screen of a fresh game whose deal 1 was played (set up through the
server's forms, not counted): a tap on "Table events" or on a player's name opens the sheet over the
deal, a tap on the event shows its form with what it would change, "Yes, record it" records it and
the deal's screen comes back in place. A name is typed into the field the sheet put the cursor in
(its letters count as keys); a name on the table's roster is a tap. A correction opens the deals
scored from the standings ("Correct"), one deal, changes one bid and saves: the deal in progress
comes back by itself with the totals re-scored.

Targets: misdeal, sit-out, departure and stopping early ≤ 3 taps; revoke ≤ 4; an adjustment ≤ 4
taps and its digits; an arrival ≤ 4 taps and the name's keys (no keys from the roster); a correction
≤ 4 taps; no scroll and no page load anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Browser, Page
from taps import Count, Scorer, likeliest_bids, new_phone

from scorekeeper.rules import Game

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
GAME_ID = re.compile(r"/games/([0-9a-f]{32})")
TABLE_ID = re.compile(r"/tables/([0-9a-f]{32})")
ON_THE_ROSTER = "Fay"
"""A player of the table who is not in the game."""


class SheetScorer(Scorer):
    """The scorer's thumb, with the sheet over the deal screen: taps that open something in it, keys
    typed, and the yes that brings the deal screen back."""

    def sheet_tap(self, selector: str) -> None:
        """A tap that shows something new in the sheet (its content, or what an event would change)."""
        loads = self.page.evaluate("() => window.Scorekeeper.sheetLoads || 0")
        self.tap(selector)
        self.page.wait_for_function("(loads) => window.Scorekeeper.sheetLoads > loads", arg=loads)

    def type(self, text: str) -> None:
        """Keys typed into the field that has the cursor."""
        self.page.keyboard.type(text)
        self.count.keys += len(text)

    def back_on_deal(self, selector: str) -> str:
        """The tap that records (or saves), then the deal screen in place, the sheet closed; returns
        what the screen says was done."""
        swaps = self.page.evaluate("() => window.Scorekeeper.swaps")
        self.tap(selector)
        self.page.wait_for_function(
            "(swaps) => window.Scorekeeper.swaps > swaps"
            " && !document.querySelector('[data-table-sheet]').open",
            arg=swaps,
        )
        return self.page.locator("[data-status]").inner_text()

    def preview(self) -> str:
        """What the sheet says the event would change."""
        return " ".join(self.page.locator(".table-sheet .preview-text").inner_text().split())


@dataclass
class Setting:
    """A game set up for the count: its id, its players and the engine's copy of it."""

    game_id: str
    names: list[str]
    game: Game
    notes: list[str] = field(default_factory=list)


# --- setting up through the server's forms (not counted) -----------------------------------------------


def token(page: Page, url: str) -> str:
    found = TOKEN.search(page.request.get(url).text())
    assert found, f"no form token on {url}"
    return found.group(1)


def create_table(page: Page, names: list[str]) -> str:
    """A table whose roster holds ``names``; returns its id."""
    answer = page.request.post(
        "/tables/new",
        form={"csrf_token": token(page, "/tables/new"), "name": "Thursday whist"},
        max_redirects=0,
    )
    found = TABLE_ID.search(answer.headers["location"])
    assert found, answer.headers
    for name in names:
        form = {"csrf_token": token(page, f"/tables/{found.group(1)}"), "name": name}
        page.request.post(f"/tables/{found.group(1)}/players", form=form, max_redirects=0)
    return found.group(1)


def start(page: Page, code: str, names: list[str], options: dict[str, str], table: str | None = None) -> str:
    """A game started through the new-game form, Ann dealing first; returns its id."""
    form = {"csrf_token": token(page, f"/games/new/{code}"), "first_dealer": "0"}
    form.update({f"players-{slot}": name for slot, name in enumerate(names)})
    form.update({f"option_{name}": value for name, value in options.items()})
    if table:
        form["table"] = table
    answer = page.request.post(f"/games/new/{code}", form=form, max_redirects=0)
    found = GAME_ID.search(answer.headers["location"])
    assert found, answer.headers
    return found.group(1)


def play(page: Page, setting: Setting) -> None:
    """The deal due, through its form: the likeliest bids, the first bidder one trick over."""
    game = setting.game
    facts = game.state.current
    assert facts is not None
    bids = likeliest_bids(facts)
    took = dict(bids)
    took[facts.bidding_order[0]] += 1
    url = f"/games/{setting.game_id}/deals/{facts.number}"
    form = {"csrf_token": token(page, url), "phase": "tricks"}
    form.update({f"bid-{seat}": str(bid) for seat, bid in bids.items()})
    form.update({f"tricks-{seat}": str(value) for seat, value in took.items()})
    answer = page.request.post(url, form=form, max_redirects=0)
    assert answer.status == 302, answer.text()[:300]
    size = len(game.state.players)
    entry = {
        "bids": [bids.get(seat) for seat in range(size)],
        "tricks": [took.get(seat) for seat in range(size)],
    }
    setting.game = game.record(game.table.variant.engine.read_entry(facts.number, entry))


def set_up(
    page: Page,
    code: str,
    size: int,
    deals: int,
    *,
    options: dict[str, str] | None = None,
    table: bool = False,
) -> Setting:
    """A game of ``size`` played to deal ``deals + 1``'s screen, its scrolls not counted yet."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Gus", "Hal"][:size]
    page.goto("/")
    group = create_table(page, [*names, ON_THE_ROSTER]) if table else None
    options = options or {}
    game_id = start(page, code, names, options, group)
    setting = Setting(
        game_id=game_id, names=names, game=Game.start(code, names, first_dealer=0, options=options)
    )
    for _ in range(deals):
        play(page, setting)
    page.goto(f"/games/{game_id}/deals/{deals + 1}")
    page.wait_for_load_state("load")
    page.evaluate("() => { window.__scrolls = []; window.__benchScrolls = []; }")
    return setting


# --- the events -----------------------------------------------------------------------------------------


def row(seat: int) -> str:
    """A player's name on the deal's bid rows: it opens their own events."""
    return f".rows .line[data-seat='{seat}'] a.who-menu"


def kind(name: str) -> str:
    """An event's target in the sheet."""
    return f".table-sheet a.event-kind[href*='/events/new/{name}']"


YES = ".table-sheet [data-record]"


def misdeal(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap("a.events-link")
    scorer.sheet_tap(kind("misdeal"))
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(f"⚑ Table events · Misdeal (“{said}”) · Yes, record it")


def revoke(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap(row(2))
    scorer.sheet_tap(kind("revoke"))
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(f"{setting.names[2]}'s name · Revoke (“{said}”) · Yes, record it")


def sit_out(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap(row(3))
    scorer.sheet_tap(kind("sit_out"))
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(f"{setting.names[3]}'s name · Sit-out (“{said}”) · Yes, record it")


def departure(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap(row(3))
    scorer.sheet_tap(kind("departure"))
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(f"{setting.names[3]}'s name · Departure (“{said}”) · Yes, record it")


def stop(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap("a.events-link")
    scorer.sheet_tap(kind("stop"))
    said = scorer.preview()
    scorer.back_on_deal(YES)
    title = scorer.page.locator("h1").inner_text()
    setting.notes.append(
        f"⚑ Table events · Stop early (“{said}”) · Yes, record it → “{title}”, the final standings"
    )


def adjustment(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap(row(0))
    scorer.sheet_tap(kind("adjustment"))
    scorer.type("5")
    scorer.sheet_tap(".table-sheet [data-reason-text]:first-of-type")
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(
        f"{setting.names[0]}'s name · Adjustment · 5 typed · a reason tapped (“{said}”) · Yes"
    )


def arrival(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap("a.events-link")
    scorer.sheet_tap(kind("arrival"))
    scorer.type("Eve")
    scorer.sheet_tap(".table-sheet [data-check]")
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(f"⚑ Table events · Arrival · “Eve” typed · Next (“{said}”) · Yes, record it")


def arrival_from_roster(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap("a.events-link")
    scorer.sheet_tap(kind("arrival"))
    scorer.sheet_tap(f".table-sheet [data-newcomer-name='{ON_THE_ROSTER}']")
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(
        f"⚑ Table events · Arrival · {ON_THE_ROSTER} on the roster (“{said}”) · Yes, record it"
    )


def substitute(scorer: SheetScorer, setting: Setting) -> None:
    scorer.sheet_tap(row(3))
    scorer.sheet_tap(kind("substitute"))
    scorer.type("Sue")
    scorer.sheet_tap(".table-sheet [data-check]")
    said = scorer.preview()
    scorer.back_on_deal(YES)
    setting.notes.append(f"{setting.names[3]}'s name · Substitute · “Sue” typed · Next (“{said}”) · Yes")


@dataclass(frozen=True)
class Case:
    """One line: what is counted, on which game."""

    label: str
    code: str
    size: int
    steps: Callable[[SheetScorer, Setting], None]
    deals: int = 1
    options: tuple[tuple[str, str], ...] = ()
    table: bool = False


EVENTS = [
    Case("misdeal", "oh-hell", 4, misdeal),
    Case("revoke", "oh-hell", 4, revoke),
    Case("sit-out", "oh-hell", 4, sit_out),
    Case("departure", "oh-hell", 4, departure),
    Case("stop", "oh-hell", 4, stop),
    Case("adjustment", "oh-hell", 4, adjustment),
    Case("arrival, a new name", "oh-hell", 4, arrival),
    Case("arrival from the roster", "oh-hell", 4, arrival_from_roster, table=True),
    Case("substitute", "oh-hell", 4, substitute),
    Case("revoke", "romanian-whist", 5, revoke),
    Case("arrival from the roster", "romanian-whist", 6, arrival_from_roster, table=True),
]


# --- corrections ------------------------------------------------------------------------------------------


def correction(number: int) -> Callable[[SheetScorer, Setting], None]:
    """Correct deal ``number``: one bid a trick lower (the second bidder's), saved; back on the deal."""

    def steps(scorer: SheetScorer, setting: Setting) -> None:
        deal = setting.game.state.deals[number - 1]
        seat = deal.facts.bidding_order[1]
        bid = deal.bids[seat]  # type: ignore[attr-defined]
        before = scorer.page.locator(".strip-score strong").all_inner_texts()
        scorer.sheet_tap("a.correct-link")
        scorer.sheet_tap(f".table-sheet a.past-deal[href$='/deals/{number}']")
        scorer.tap(f".table-sheet label.chip:has(input[name='bid-{seat}'][value='{bid - 1}'])")
        said = scorer.back_on_deal(".table-sheet button[data-primary]")
        after = scorer.page.locator(".strip-score strong").all_inner_texts()
        heading = scorer.page.locator("h1").inner_text()
        setting.notes.append(
            f"Correct · deal {number} · {setting.names[seat]} bid {bid - 1}, not {bid} · "
            f"Save the correction → “{said}”, back on “{heading}”, "
            f"totals {' '.join(before)} → {' '.join(after)}"
        )

    return steps


CORRECTIONS = [
    Case("correct deal 2", "romanian-whist", 5, correction(2), deals=3, options=(("sequence", "8-1-8"),)),
    Case("correct deal 1", "oh-hell", 4, correction(1), deals=2),
]


# --- the lines --------------------------------------------------------------------------------------------


def measure(browser: Browser, base: str, case: Case) -> None:
    context = new_phone(browser, base)
    page = context.new_page()
    setting = set_up(page, case.code, case.size, case.deals, options=dict(case.options), table=case.table)
    scorer = SheetScorer(page)
    case.steps(scorer, setting)
    count: Count = scorer.finish()
    print(f"{case.label}, {case.code}, {case.size} players: {count.cost()}")
    for note in setting.notes:
        print(f"  {note}")
    context.close()


def event_lines(browser: Browser, base: str, cases: list[Case] = EVENTS) -> None:
    """One line an event, from the deal's screen back to it."""
    print("Each table event from the deal's screen back to it (after deal 1). Targets: misdeal, sit-out,")
    print("departure, stop ≤ 3 taps; revoke ≤ 4; adjustment ≤ 4 and the digits; arrival ≤ 4 and the name's")
    print("keys (none from the roster); no scroll and no page load.")
    for case in cases:
        measure(browser, base, case)


def correction_lines(browser: Browser, base: str, cases: list[Case] = CORRECTIONS) -> None:
    """One line a correction: an earlier deal opened over the deal in progress, one bid changed, saved."""
    print("Correcting one bid of an earlier deal, from the deal in progress back to it. Target: ≤ 4 taps,")
    print("no scroll and no page load.")
    for case in cases:
        measure(browser, base, case)

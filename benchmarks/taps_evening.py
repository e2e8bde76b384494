"""Taps, scrolls and page loads of the table's evening without a surprise (issue 38), run by taps.py, which
says what a tap, a scroll and a page load are. One line each:

    correction moving an arrival's start, oh-hell, 5 players: 4 taps, 0 scrolls, 0 page loads
      Correct · deal 2 · Cy bid 1, not 2 · (“Elena's start: 28 → 27; …” beside Save) · Save the correction
    misdeal after the bids, oh-hell, 4 players: 3 taps, 0 scrolls, 0 page loads
    second phone from the deal screen, oh-hell, 4 players: 2 taps, 0 scrolls, 0 page loads
    play again from the finish screen, custom-oh-hell, 3 players: 1 tap, 0 scrolls, 0 page loads

Each starts on a screen set up through the server's forms (not counted): a correction on deal 5's screen of
a game where Elena joined after deal 3 on the lowest total; a misdeal on deal 2's screen with its bids
saved; the second phone on deal 2's screen of a game at a table; play again on the finish screen (the
game's sheet) of a game just finished.

Targets: a misdeal after the bids ≤ 3 taps; the second phone ≤ 2 taps; play again 1 tap; the correction's
preview on the screen before Save; no scroll and no page load anywhere.

Run: .venv/bin/python benchmarks/taps.py (these lines alone: .venv/bin/python benchmarks/taps.py --evening)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from playwright.sync_api import Browser, Page
from taps import Count, new_phone
from taps_events import Setting, SheetScorer, kind, play, set_up, token

from scorekeeper.rules import Arrival, Game
from scorekeeper.rules.knock_on import knock_ons

ELENA = "Elena"


def correction_moving_a_start(scorer: SheetScorer, setting: Setting) -> None:
    """Correct one bid of deal 2 so that the lowest total when Elena joined moves: her start follows."""
    game = setting.game
    number, seat, bid = _bid_that_moves_the_start(game, 2)
    was = game.state.deals[number - 1].bids[seat]  # type: ignore[attr-defined]
    scorer.sheet_tap("a.correct-link")
    scorer.sheet_tap(f".table-sheet a.past-deal[href$='/deals/{number}']")
    scorer.tap(f".table-sheet label.chip:has(input[name='bid-{seat}'][value='{bid}'])")
    preview = scorer.page.locator(".table-sheet .knock-on-lines")
    preview.wait_for(state="visible")
    shown = "; ".join(preview.locator("li").all_inner_texts())
    said = scorer.back_on_deal(".table-sheet button[data-primary]")
    names = game.state.players
    setting.notes.append(
        f"Correct · deal {number} · {names[seat]} bid {bid}, not {was} · (“{shown}” beside Save) · "
        f"Save the correction → “{said}”"
    )


def _bid_that_moves_the_start(game: Game, number: int) -> tuple[int, int, int]:
    """A bid of deal ``number`` one away from the one entered whose correction moves Elena's start."""
    engine = game.table.variant.engine
    data = engine.write_entry(game.entries[number - 1])
    facts = game.state.deals[number - 1].facts
    for seat in facts.bidding_order:
        for step in (-1, 1):
            bids = list(data["bids"])  # type: ignore[call-overload]
            bids[seat] += step
            if not 0 <= bids[seat] <= facts.cards:
                continue
            try:
                after = game.record(engine.read_entry(number, {**data, "bids": bids}))
            except Exception:  # the hook forbids it: the next
                continue
            if any(text.code == "knock_start" for text in knock_ons(game, after)):
                return number, seat, bids[seat]
    raise AssertionError("no single bid of deal 2 moves the start")


def misdeal_after_the_bids(scorer: SheetScorer, setting: Setting) -> None:
    """Deal 2's bids saved, the misdeal found at the first lead: ⚑, Misdeal, Yes."""
    scorer.sheet_tap("a.events-link")
    scorer.sheet_tap(kind("misdeal"))
    said = " ".join(scorer.page.locator(".table-sheet .preview").inner_text().split())
    scorer.back_on_deal(".table-sheet [data-record]")
    heading = scorer.page.locator("button[data-primary]").inner_text()
    setting.notes.append(f"⚑ Table events · Misdeal (“{said}”) · Yes, record it → back on “{heading}”")


def second_phone(scorer: SheetScorer, setting: Setting) -> None:
    """☰, Another phone keeps score: the table's link and QR code in the sheet over the deal."""
    scorer.tap("details[data-menu] > summary")
    scorer.sheet_tap("details[data-menu] a[href$='/another-phone']")
    scorer.page.locator(".table-sheet .another-qr svg").wait_for(state="visible")
    link = scorer.page.locator(".table-sheet a.handover-link").inner_text()
    loads = scorer.count.loads
    scorer.page.locator(".table-sheet .another-back button").click()  # back to the deal: not counted
    scorer.page.wait_for_function("() => !document.querySelector('[data-table-sheet]').open")
    assert scorer.count.loads == loads, "back to the deal loaded a page"
    setting.notes.append(
        f"☰ · Another phone keeps score → the table's link and QR ({link[:48]}…) · "
        "then Back to the game, the deal as it was, no page load"
    )


def play_again(scorer: SheetScorer, setting: Setting) -> None:
    """The finish screen's Play again: deal 1 of the next game, in place."""
    button = scorer.page.locator("button[data-again]")
    label = button.inner_text()
    scorer.tap("button[data-again]")
    scorer.page.wait_for_function(
        "() => /\\/deals\\/1$/.test(location.pathname) && document.querySelector('#screen h1')"
    )
    heading = scorer.page.locator("h1").inner_text()
    setting.notes.append(f"“{label}” → “{heading}” of the next game, in place")


# --- set-ups (not counted) -------------------------------------------------------------------------------


def with_elena(page: Page, setting: Setting) -> None:
    """Elena joins after the deals played, on the lowest total; the screen of the deal due."""
    url = f"/games/{setting.game_id}/events/new/arrival"
    form = {"csrf_token": token(page, url), "step": "record", "name": ELENA, "left_of": "3"}
    form["start"] = "lowest"
    answer = page.request.post(url, form=form, max_redirects=0)
    assert answer.status in (302, 303), answer.text()[:300]
    setting.game = setting.game.add(Arrival(name=ELENA, left_of=3, start="lowest"))
    play(page, setting)


def with_bids(page: Page, setting: Setting) -> None:
    """The deal due's bids saved: the deal under way."""
    facts = setting.game.state.current
    assert facts is not None
    url = f"/games/{setting.game_id}/deals/{facts.number}"
    form = {"csrf_token": token(page, url), "phase": "bids"}
    form.update({f"bid-{seat}": "0" for seat in facts.bidding_order})
    form[f"bid-{facts.bidding_order[0]}"] = "1"
    assert page.request.post(url, form=form, max_redirects=0).status == 302


def to_the_end(page: Page, setting: Setting) -> None:
    """The game played to its end; its finish screen (the sheet)."""
    while setting.game.state.current is not None:
        play(page, setting)


@dataclass(frozen=True)
class Evening:
    """One line: what is counted, on which game, after which set-up."""

    label: str
    code: str
    size: int
    deals: int
    steps: Callable[[SheetScorer, Setting], None]
    before: Callable[[Page, Setting], None]
    table: bool = False
    options: tuple[tuple[str, str], ...] = ()
    finish: bool = False


EVENING = [
    Evening("correction moving an arrival's start", "oh-hell", 4, 3, correction_moving_a_start, with_elena),
    Evening("misdeal after the bids", "oh-hell", 4, 1, misdeal_after_the_bids, with_bids),
    Evening("second phone from the deal screen", "oh-hell", 4, 1, second_phone, lambda page, s: None, True),
    Evening(
        "play again from the finish screen",
        "custom-oh-hell",
        3,
        0,
        play_again,
        to_the_end,
        True,
        (("shape", "fixed"), ("start_cards", "2"), ("deals", "2")),
        finish=True,
    ),
]


def evening_lines(browser: Browser, base: str) -> None:
    """One line a surprise the table no longer meets: each from its screen, in place."""
    print("The table's evening without a surprise, from the screen where it happens. Targets: a correction's")
    print("preview on the screen before Save; a misdeal after the bids ≤ 3 taps; the second phone ≤ 2 taps;")
    print("play again 1 tap; no scroll and no page load.")
    for case in EVENING:
        context = new_phone(browser, base)
        page = context.new_page()
        setting = set_up(
            page, case.code, case.size, case.deals, options=dict(case.options), table=case.table
        )
        case.before(page, setting)
        due = setting.game.state.current
        screen = "" if case.finish or due is None else f"/deals/{due.number}"
        page.goto(f"/games/{setting.game_id}{screen}")
        page.wait_for_load_state("load")
        page.evaluate("() => { window.__scrolls = []; window.__benchScrolls = []; }")
        scorer = SheetScorer(page)
        case.steps(scorer, setting)
        count: Count = scorer.finish()
        print(f"{case.label}, {case.code}, {len(setting.game.state.players)} players: {count.cost()}")
        for note in setting.notes:
            print(f"  {note}")
        context.close()

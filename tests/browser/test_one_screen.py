"""One deal of every family on one phone screen (390×844): entered in the number of taps that
benchmarks/taps.py measures, without a scroll or a page load; then undone and redone in place,
and a save that loses a race to another phone showing that phone's deal in place."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import Game

from .conftest import Phone

NAMES = ["Ann", "Bob", "Cy", "Dee"]
CHANGED = (
    "This game changed on another phone: here is the new score, enter your change again. "
    "Nothing was overwritten."
)
# The choices tapped on a screen; and whether a screen shows them (chosen, or kept in hidden fields).
ENTERED = """() => [...document.querySelectorAll("#screen input[type=radio]:checked")]
  .map((input) => [input.name, input.value])"""
SHOWS = """(pairs) => pairs.every(([name, value]) =>
  [...document.querySelectorAll(`#screen input[name="${name}"]`)]
    .some((input) => input.value === value && (input.type === "hidden" || input.checked)))"""


def likeliest_bids(game: Game) -> dict[int, int]:
    """Bids adding up to one less than the cards, shared out in bidding order (never hooked)."""
    facts = game.state.current
    assert facts is not None
    share, extra = divmod(facts.cards - 1, len(facts.bidding_order))
    return {seat: share + (1 if place < extra else 0) for place, seat in enumerate(facts.bidding_order)}


def play_exact(phone: Phone, game: Game) -> None:
    """The bids, Save; the first bidder took one trick more than bid: the rest are filled in; Save."""
    facts = game.state.current
    assert facts is not None
    bids = likeliest_bids(game)
    phone.tap_bids(bids)
    phone.save_bids()
    first = facts.bidding_order[0]
    phone.tap(phone.tricks_chip(first, bids[first] + 1))
    phone.expect_tricks({seat: bid for seat, bid in bids.items() if seat != first})
    phone.save_tricks(1)


def race_exact(phone: Phone) -> None:
    """Deal 2's bids: everyone bids 0 (never the number of cards, so the hook allows it)."""
    bids = {seat: 0 for seat in range(4)}
    phone.tap_bids(bids)


def play_oneonta(phone: Phone, game: Game) -> None:
    """Hearts turned; Bob 2, Cy 1, Dee a null staking 1, Ann 3; Save; Cy took 2; Save."""
    phone.tap_trump("H")
    phone.tap_bids({1: "2", 2: "1", 3: "N1", 0: "3"})
    phone.save_bids()
    phone.tap(phone.tricks_chip(2, 2))
    phone.expect_tricks({1: 2, 3: 0, 0: 3})
    phone.save_tricks(1)


def race_oneonta(phone: Phone) -> None:
    phone.tap_trump("S")
    phone.tap_bids({2: "1", 3: "1", 0: "1", 1: "1"})


def play_side(phone: Phone, game: Game) -> None:
    """The first side took 8 tricks; Save."""
    phone.tap("label.chip:has(input[name=tricks][value='8'])")
    phone.save_tricks(1, word=game.table.variant.deal_word.title)


def race_side(phone: Phone) -> None:
    phone.tap("label.chip:has(input[name=tricks][value='6'])")


def play_bid_whist(phone: Phone, game: Game) -> None:
    """Bob passes, Cy bids 4 uptown, Dee and Ann pass; Cy names spades; Ann & Cy take 9 in play; Save."""
    for position, call in enumerate(["pass", "4 uptown", "pass", "pass"]):
        phone.tap(f"label.chip:has(input[name='call-{position}'][value='{call}'])")
    phone.tap("label.chip:has(input[name=declaration][value=S])")
    phone.tap("label.chip:has(input[name=tricks][value='9'])")
    phone.save_tricks(1, word="Hand")


def race_bid_whist(phone: Phone) -> None:
    phone.tap("label.chip:has(input[name='call-0'][value='3 downtown'])")


@dataclass(frozen=True)
class Family:
    code: str
    players: int
    taps: int
    """What benchmarks/taps.py prints for the family's first deal."""
    play: Callable[[Phone, Game], None]
    race: Callable[[Phone], None]
    after_undo: str
    """The primary button on deal 1's screen once its last change is undone."""


FAMILIES = [
    Family("oh-hell", 4, 7, play_exact, race_exact, "Save the tricks"),
    Family("nomination-whist", 4, 7, play_exact, race_exact, "Save the tricks"),
    Family("romanian-whist", 4, 7, play_exact, race_exact, "Save the tricks"),
    Family("oneonta", 4, 8, play_oneonta, race_oneonta, "Save the tricks"),
    Family("classic-whist", 4, 2, play_side, race_side, "Save the deal"),
    Family("bid-whist", 4, 7, play_bid_whist, race_bid_whist, "Save Bob's call"),
    Family("german-whist", 2, 2, play_side, race_side, "Save the hand"),
]


@pytest.mark.browser
@pytest.mark.parametrize("family", FAMILIES, ids=[family.code for family in FAMILIES])
def test_a_deal_on_one_screen_then_undo_redo_and_a_lost_race(phone: Phone, family: Family) -> None:
    page = phone.page
    names = NAMES[: family.players]
    game = Game.start(family.code, names, first_dealer=0)
    word = game.table.variant.deal_word.title
    game_url = phone.start_game(family.code, names, first_dealer=0)
    phone.open_next_deal(1, word=word)
    phone.shoot_both("deal-1")
    taps, loads = phone.taps, phone.loads

    family.play(phone, game)
    assert phone.taps - taps == family.taps, "the taps benchmarks/taps.py counts for this family"
    assert phone.loads == loads, "no page loaded"
    expect(page.locator("h1")).to_contain_text(f"{word} 2")
    expect(page.locator(".strip-sides li")).to_have_count(len(game.state.totals))
    phone.shoot_both("deal-2-with-the-standings")

    # Undo the last change (deal 1's result), in place; redo brings it back.
    expect(page.locator("button[data-redo]")).to_be_disabled()
    phone.undo()
    expect(page.locator("h1")).to_contain_text(f"{word} 1")
    expect(page.locator("button[data-primary]")).to_have_text(family.after_undo)
    expect(page.locator("[data-status], .strip-caption").first).to_contain_text(f"{word} 1")
    expect(page.locator("button[data-redo]")).to_be_enabled()
    phone.shoot("after-undo")
    phone.redo()
    expect(page.locator("h1")).to_contain_text(f"{word} 2")
    expect(page.locator(".strip-caption")).to_have_text(f"{word} 1 entered again.")
    assert phone.loads == loads, "undo and redo loaded no page"

    # Another phone with the edit link saves deal 2 first; this phone's save is refused and shows it.
    # Both tap their deal before either saves: this phone's taps stay under the player's thumb when
    # the other's save shows up (static/follow.js), and its own save then loses the race.
    other = Phone(page.context.new_page(), phone.shots)
    other.page.goto(game_url)
    other.open_next_deal(2, word=word)
    family.race(other)
    entered = other.page.evaluate(ENTERED)
    family.race(phone)
    assert other.save().status == 200
    answer = phone.save()
    assert answer.status == 409
    expect(page.locator("#entry-error")).to_have_text(CHANGED)
    expect(page.locator("h1")).to_contain_text(f"{word} 2")
    assert page.evaluate(SHOWS, entered), f"this phone shows what the other saved: {entered}"
    assert phone.loads == loads, "the other phone's deal is shown in place"
    phone.shoot_both("lost-the-race")
    other.page.close()

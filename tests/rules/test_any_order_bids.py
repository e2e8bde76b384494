"""Bids entered in any order, judged as a set by the bidding order; tricks the entered ones imply."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import (
    ExactEntry,
    Game,
    HookViolation,
    InvalidBid,
    legal_bids,
    next_bidder,
    verify_bids,
)
from scorekeeper.rules.bidding import count_tricks, implied_tricks
from scorekeeper.rules.state import DealFacts
from scorekeeper.rules.text import Text

from .said import refused
from .strategies import NAMES

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)


def oh_hell() -> Game:
    """Oh Hell for four, Ann deals first: 10 cards, Bob bids first and Ann last (with the hook)."""
    return Game.start("oh-hell", PLAYERS, first_dealer=ANN)


def facts_of(cards: int, players: int, *, hook: bool = True, dealer: int = 0) -> DealFacts:
    order = tuple((dealer + step) % players for step in range(1, players + 1))
    return DealFacts(
        number=1,
        cards=cards,
        dealer=dealer,
        sitting_out=(),
        bidding_order=order,
        leader=order[0],
        trump=None,
        trump_turned=True,
        hook=hook,
        reminders=(),
    )


def test_the_last_bidder_may_be_entered_first() -> None:
    game = oh_hell().record(ExactEntry(number=1, bids=(2, None, None, 1)))
    deal = game.state.deals[0]
    assert deal.bids == (2, None, None, 1)  # type: ignore[attr-defined]
    assert next_bidder(deal.facts, (2, None, None, 1)) == BOB


def test_bids_with_gaps_are_an_open_deal_that_the_rest_completes() -> None:
    game = oh_hell().record(ExactEntry(number=1, bids=(None, 3, None, 4)))
    game = game.record(ExactEntry(number=1, bids=(2, 3, 2, 4)))
    assert game.state.deals[0].bids == (2, 3, 2, 4)  # type: ignore[attr-defined]
    with refused(Exception, "bids_before_tricks", number=1):
        oh_hell().record(ExactEntry(number=1, bids=(None, 3, 2, 4), tricks=(1, 3, 2, 4)))


@pytest.mark.parametrize(
    "partial",
    [(1, None, None, None), (1, 3, None, None), (1, None, 2, None), (1, 3, 2, None), (1, None, None, 4)],
)
def test_the_complete_set_is_refused_by_the_hook_whatever_came_first(partial: tuple[int | None, ...]) -> None:
    # Bob 3, Cy 2, Dee 4 and Ann 1 add up to the 10 cards: Ann deals and bids last.
    game = oh_hell().record(ExactEntry(number=1, bids=partial))
    with pytest.raises(HookViolation) as refused:
        game.record(ExactEntry(number=1, bids=(1, 3, 2, 4)))
    assert refused.value.text == Text("hook", player="Ann", dealer=True, forbidden=1, cards=10)
    assert refused.value.field == "bids"
    assert refused.value.seat == ANN


def test_the_last_bidders_forbidden_bid_is_struck_once_the_others_are_in_in_any_order() -> None:
    facts = oh_hell().state.current
    assert facts is not None
    # Dee and Bob are in, Cy not yet: nothing is forbidden to anyone.
    for seat in range(4):
        bids = (None, 3, None, 4)
        assert all(choice.allowed for choice in legal_bids(facts, bids, PLAYERS, seat))
    # Cy's bid comes in last: now Ann may not bid 1.
    struck = [choice for choice in legal_bids(facts, (None, 3, 2, 4), PLAYERS, ANN) if not choice.allowed]
    assert [choice.value for choice in struck] == [1]
    # Ann bid first; the others catch up: only Ann's bid is ever struck, and only hers is named.
    assert all(choice.allowed for choice in legal_bids(facts, (1, 3, None, 4), PLAYERS, CY))
    assert [c.value for c in legal_bids(facts, (1, 3, 2, 4), PLAYERS, ANN) if not c.allowed] == [1]


def test_a_bid_out_of_range_is_refused_wherever_it_stands() -> None:
    with refused(InvalidBid, "bid_above_cards", player="Dee", bid=11, cards=10):
        oh_hell().record(ExactEntry(number=1, bids=(None, None, None, 11)))


@given(st.data(), st.integers(1, 10), st.integers(3, 7), st.booleans())
def test_the_verdict_on_a_set_of_bids_does_not_depend_on_the_order_they_came_in(
    data: Any, cards: int, players: int, hook: bool
) -> None:
    facts = facts_of(cards, players, hook=hook, dealer=data.draw(st.integers(0, players - 1)))
    names = NAMES[:players]
    bids = [data.draw(st.integers(0, cards)) for _ in range(players)]
    entry_order = data.draw(st.permutations(range(players)))
    complete_refused = hook and sum(bids) == cards
    entered: list[int | None] = [None] * players
    for count, seat in enumerate(entry_order, start=1):
        entered[seat] = bids[seat]
        if count < players:
            # A partial set in range is always accepted, whoever is still to come.
            assert verify_bids(facts, entered, names) == tuple(entered)
    if complete_refused:
        last = facts.last_bidder
        with pytest.raises(HookViolation) as caught:
            verify_bids(facts, entered, names)
        assert caught.value.code == "hook"
        assert (caught.value.params["player"], caught.value.params["forbidden"]) == (names[last], bids[last])
    else:
        assert verify_bids(facts, entered, names) == tuple(bids)
    # The screen strikes exactly what the referee refuses: the last bidder's completing bid.
    others = [bids[seat] for seat in facts.bidding_order if seat != facts.last_bidder]
    choices = legal_bids(facts, tuple(entered), names, facts.last_bidder)
    struck = {choice.value for choice in choices if not choice.allowed}
    completing = cards - sum(others)
    assert struck == ({completing} if hook and 0 <= completing <= cards else set())


@pytest.mark.parametrize(
    ("bids", "tricks", "implied"),
    [
        # One player left: they took the tricks nobody else did.
        ((2, 1, 1, 0), (2, 1, None, 1), (None, None, 1, None)),
        # Dee bid 0 and took 1; the others bid the 4 tricks left between them: they made their bids.
        ((2, 1, 1, 0), (None, None, None, 1), (2, 1, 1, None)),
        # Ann took 1: the others' bids (2) and her 1 leave 2 tricks unaccounted for — nothing follows.
        ((2, 1, 1, 0), (1, None, None, None), (None, None, None, None)),
        # Nothing entered and the bids add up to the cards: everyone made their bid.
        ((2, 1, 1, 1), (None, None, None, None), (2, 1, 1, 1)),
        # Nothing entered under the hook: the bids never add up, so nothing follows.
        ((2, 1, 1, 0), (None, None, None, None), (None, None, None, None)),
        # Everything entered: nothing to imply.
        ((2, 1, 1, 0), (2, 1, 1, 1), (None, None, None, None)),
        # No trick left, whatever the others bid: they took none (not only when they all bid 0).
        ((2, 1, 1, 0), (3, None, 2, None), (None, 0, None, 0)),
        # More tricks entered than played: the others still took none; the total is what is wrong.
        ((2, 1, 1, 0), (3, None, 3, None), (None, 0, None, 0)),
    ],
)
def test_the_tricks_the_entered_ones_imply(
    bids: tuple[int, ...], tricks: tuple[int | None, ...], implied: tuple[int | None, ...]
) -> None:
    assert implied_tricks(facts_of(5, 4), bids, tricks) == implied


def test_with_a_dummy_the_rest_of_the_tricks_are_the_dummys() -> None:
    facts = facts_of(7, 2)
    # One player left is not decided: the dummy may have taken any of the rest.
    assert implied_tricks(facts, (3, 2), (3, None), rest_to_dummy=True) == (None, 2)
    assert implied_tricks(facts, (5, 4), (None, None), rest_to_dummy=True) == (None, None)
    assert implied_tricks(facts, (3, 2), (None, None), rest_to_dummy=True) == (3, 2)
    # The first player took all seven: the other and the dummy took none.
    assert implied_tricks(facts, (3, 2), (7, None), rest_to_dummy=True) == (None, 0)


@pytest.mark.parametrize(
    ("tricks", "entered", "complete", "wrong"),
    [
        ((None, None, None, None), 0, False, False),
        ((2, None, 1, None), 3, False, False),
        # More than the five cards entered, even before everyone is: wrong at once.
        ((3, None, 3, None), 6, False, True),
        # Everyone entered and a trick nobody took: wrong.
        ((2, 1, 1, 0), 4, True, True),
        ((2, 1, 1, 1), 5, True, False),
    ],
)
def test_the_count_of_the_tricks_entered_against_those_played(
    tricks: tuple[int | None, ...], entered: int, complete: bool, wrong: bool
) -> None:
    count = count_tricks(facts_of(5, 4), tricks)
    assert (count.entered, count.played, count.complete, count.wrong) == (entered, 5, complete, wrong)
    assert count.left == 5 - entered


def test_with_a_dummy_tricks_short_of_the_cards_are_the_dummys() -> None:
    facts = facts_of(7, 2)
    assert not count_tricks(facts, (3, 2), rest_to_dummy=True).wrong
    assert count_tricks(facts, (3, 2)).wrong
    assert count_tricks(facts, (5, 4), rest_to_dummy=True).wrong


@given(st.data(), st.integers(1, 10), st.integers(2, 7))
def test_implied_tricks_always_complete_a_deal_that_adds_up(data: Any, cards: int, players: int) -> None:
    facts = facts_of(cards, players)
    bids = [data.draw(st.integers(0, cards)) for _ in range(players)]
    tricks: list[int | None] = [data.draw(st.none() | st.integers(0, cards)) for _ in range(players)]
    implied = implied_tricks(facts, bids, tricks)
    for seat, value in enumerate(implied):
        if value is not None:
            assert tricks[seat] is None
    filled = [took if took is not None else implied[seat] for seat, took in enumerate(tricks)]
    entered = sum(took for took in tricks if took is not None)
    if any(value is not None for value in implied):
        # Whatever is implied completes the deal: it adds up to the cards, or the ones entered already
        # took more than the cards and the others none.
        assert None not in filled
        if entered <= cards:
            assert sum(v for v in filled if v is not None) == cards
        else:
            assert all(value in (None, 0) for value in implied)
    elif entered >= cards:
        # Once no trick is left, nobody not entered is left to enter.
        assert None not in tricks

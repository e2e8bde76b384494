"""Properties every bid-exactly game must have, checked on random legal play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    ExactDeal,
    ExactEntry,
    Game,
    HookViolation,
    InvalidTricks,
    get_variant,
    legal_bids,
    verify_bids,
    verify_tricks,
)
from scorekeeper.rules.state import DealFacts

from .strategies import NAMES, exact_games, split


def _facts(cards: int, players: int, *, hook: bool = True) -> DealFacts:
    return DealFacts(
        number=1,
        cards=cards,
        dealer=0,
        sitting_out=(),
        bidding_order=tuple((step % players) for step in range(1, players + 1)),
        leader=1,
        trump=None,
        trump_turned=True,
        hook=hook,
        reminders=(),
    )


@given(st.data(), st.integers(1, 13), st.integers(3, 7))
def test_the_hook_forbids_exactly_the_completing_bid(data: Any, cards: int, players: int) -> None:
    facts = _facts(cards, players)
    bids: list[int | None] = [None] * players
    for seat in facts.bidding_order[:-1]:
        bids[seat] = data.draw(st.integers(0, cards))
    earlier = sum(bid for bid in bids if bid is not None)
    completing = cards - earlier
    choices = legal_bids(facts, tuple(bids), NAMES[:players], facts.last_bidder)
    forbidden = {choice.value for choice in choices if not choice.allowed}
    assert forbidden == ({completing} if 0 <= completing <= cards else set())
    for choice in choices:
        bids[facts.last_bidder] = choice.value
        if choice.allowed:
            verify_bids(facts, bids, NAMES[:players])
        else:
            with pytest.raises(HookViolation) as caught:
                verify_bids(facts, bids, NAMES[:players])
            assert choice.reason == caught.value.text
            assert caught.value.params["forbidden"] == choice.value


@given(st.data(), st.integers(1, 13), st.integers(3, 7))
def test_without_the_hook_every_bid_is_allowed(data: Any, cards: int, players: int) -> None:
    facts = _facts(cards, players, hook=False)
    bids: list[int | None] = [data.draw(st.integers(0, cards)) for _ in range(players)]
    bids[facts.last_bidder] = None
    assert all(c.allowed for c in legal_bids(facts, tuple(bids), NAMES[:players], facts.last_bidder))


@given(st.data(), st.integers(1, 13), st.integers(3, 7))
def test_valid_tricks_always_total_the_cards(data: Any, cards: int, players: int) -> None:
    facts = _facts(cards, players)
    tricks = split(data.draw, cards, players)
    assert sum(t for t in verify_tricks(facts, tricks, NAMES[:players]) if t is not None) == cards
    seat = data.draw(st.integers(0, players - 1))
    wrong = list(tricks)
    wrong[seat] += data.draw(st.sampled_from([-1, 1]))
    with pytest.raises(InvalidTricks):
        verify_tricks(facts, wrong, NAMES[:players])


@settings(max_examples=60, deadline=None)
@given(exact_games())
def test_replay_is_deterministic(game: Game) -> None:
    again = Game(game.table, tuple(game.entries))
    assert again.state == game.state
    engine = game.table.variant.engine
    rebuilt = tuple(engine.read_entry(e.number, engine.write_entry(e)) for e in game.entries)
    assert rebuilt == game.entries


@settings(max_examples=60, deadline=None)
@given(exact_games())
def test_totals_are_the_running_sum_of_points(game: Game) -> None:
    state = game.state
    running = [0] * game.table.size
    for deal in state.deals:
        assert isinstance(deal, ExactDeal) and deal.points is not None and deal.totals is not None
        for seat, points in enumerate(deal.points):
            running[seat] += points or 0
        assert list(deal.totals) == running
    if not state.finished or game.table.variant.engine.winner_bonus(game.table) == 0:
        assert list(state.totals) == running


@settings(max_examples=40, deadline=None)
@given(exact_games())
def test_a_correction_rescores_only_what_it_changes(game: Game) -> None:
    if not game.entries:
        return
    first = game.entries[0]
    assert isinstance(first, ExactEntry)
    corrected = game.record(first)
    assert corrected.state == game.state
    assert game.undo().entries == game.entries[:-1]


# Deal counts from RULES.md for every allowed number of players.
DEAL_COUNTS = {
    "oh-hell": {3: 19, 4: 19, 5: 19, 6: 15, 7: 13},
    "oh-well": {n: None for n in range(3, 8)},
    "contract-whist": {n: 13 for n in range(3, 8)},
    "up-and-down-the-river": {4: 19, 5: 19, 6: 15, 7: 13, 8: 11},
    "oh-pshaw": {3: 15, 4: 13, 5: 10, 6: 8, 7: 7},
    "british-oh-hell": {3: 17, 4: 13, 5: 10, 6: 8, 7: 7},
    "nomination-whist": {3: 19, 4: 19, 5: 19, 6: 15},
    "romanian-whist": {n: 3 * n + 12 for n in range(3, 8)},
}


@pytest.mark.parametrize(
    ("code", "players", "expected"),
    [(code, n, count) for code, counts in DEAL_COUNTS.items() for n, count in counts.items()],
)
def test_deal_counts_match_the_rules(code: str, players: int, expected: int | None) -> None:
    variant = get_variant(code)
    assert set(DEAL_COUNTS[code]) == set(range(variant.min_players, variant.max_players + 1))
    game = Game.start(code, list(NAMES[:players]))
    assert game.state.deal_count == expected


@pytest.mark.parametrize("sequence", ["1-8-1", "8-1-8"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_romanian_blocks_have_one_deal_per_player(sequence: str, players: int) -> None:
    game = Game.start("romanian-whist", list(NAMES[:players]), options={"sequence": sequence})
    engine = game.table.variant.engine
    cards = [facts.cards for facts in engine.plan(game.table)]
    assert cards.count(1) == 2 * players if sequence == "1-8-1" else players
    assert cards.count(8) == players if sequence == "1-8-1" else 2 * players
    assert sorted(set(cards)) == list(range(1, 9))

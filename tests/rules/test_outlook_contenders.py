"""Who can still win, held to brute force over every ending of small games of each family.

The outlook (``rules.outlook.contenders``) reads only what each family declares of the deals left;
``brute_endings`` plays every one of those endings through the engine itself. They must agree
for every player at every point of the game.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Game, RuleViolation
from scorekeeper.rules.events import Adjustment, Arrival, Departure, SitOut, Substitute
from scorekeeper.rules.outlook import contenders
from scorekeeper.rules.state import DealFacts

from .brute_endings import exact_entries, winners_somewhere
from .strategies import split

BUDGET = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outlook(game: Game) -> tuple[bool, ...]:
    race = game.table.variant.engine.race(game.table, game.state)
    assert race is not None
    return contenders(race)


def random_exact(draw: Any, game: Game) -> Game:
    """One more deal, any the rules allow: random bids (kept when they pass the hook) and tricks."""
    facts = game.state.current
    assert facts is not None
    order = facts.bidding_order
    engine = game.table.variant.engine
    while True:
        bids = draw(st.lists(st.integers(0, facts.cards), min_size=len(order), max_size=len(order)))
        tricks = (
            bids if sum(bids) == facts.cards and draw(st.booleans()) else split(draw, facts.cards, len(order))
        )
        size = len(game.state.totals)
        row_b: list[int | None] = [None] * size
        row_t: list[int | None] = [None] * size
        for seat, bid, took in zip(order, bids, tricks, strict=True):
            row_b[seat], row_t[seat] = bid, took
        try:
            return game.record(engine.read_entry(len(game.entries) + 1, {"bids": row_b, "tricks": row_t}))
        except RuleViolation:
            continue


@st.composite
def custom_games(draw: Any) -> Game:
    """A short Custom Oh Hell game of any scoring, one or two deals left: the bid-exactly family's every rule
    (trick points, exact bonus, a miss's tricks, penalty or nothing, the hook or none) in a game
    small enough to try every ending of."""
    options: dict[str, Any] = {
        "shape": "fixed",
        "start_cards": draw(st.integers(1, 2)),
        "deals": draw(st.integers(1, 3)),
        "hook": draw(st.booleans()),
        "trick_points": draw(st.sampled_from([0, 1, 2])),
        "exact_bonus": draw(st.sampled_from([0, 3, 10])),
        "on_miss": draw(st.sampled_from(["tricks", "penalty", "nothing"])),
    }
    if options["on_miss"] == "penalty":
        options["penalty_per_trick"] = draw(st.integers(1, 3))
    players = draw(st.integers(3, 4))
    game = Game.start("custom-oh-hell", ["Ann", "Bob", "Cy", "Dee"][:players], options=options)
    # At most two deals left: every ending of three deals of four players takes the brute force
    # half a minute, and two deals already race over more than one deal.
    for _ in range(draw(st.integers(max(0, options["deals"] - 2), options["deals"] - 1))):
        game = random_exact(draw, game)
    return game


@BUDGET
@given(custom_games())
def test_bid_exactly_games_agree_with_every_ending(game: Game) -> None:
    assert outlook(game) == winners_somewhere(game, exact_entries)


@st.composite
def romanian_ends(draw: Any) -> Game:
    """A 3-player Romanian game (1-8-1) played to its last one-card deals, zero finish or not."""
    options = {"zero_finish": draw(st.booleans()), "progressive_scoring": draw(st.booleans())}
    game = Game.start("romanian-whist", ["Ann", "Bob", "Cy"], options=options)
    left = draw(st.integers(1, 3))
    while len(game.entries) < 21 - left:
        game = random_exact(draw, game)
    return game


@BUDGET
@given(romanian_ends())
def test_romanian_zero_finish_agrees_with_every_ending(game: Game) -> None:
    assert outlook(game) == winners_somewhere(game, exact_entries)


def test_a_player_too_far_behind_is_out_and_the_leader_is_not() -> None:
    """Oh Hell, 3 players, the last deal (10 cards): 21 points is the most a deal gives."""
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy"])
    engine = game.table.variant.engine
    for number in range(1, 19):
        cards = game.state.current.cards  # type: ignore[union-attr]
        # Ann makes every bid taking every trick; Bob and Cy bid one and take none.
        data = {"bids": [cards, 1, 1], "tricks": [cards, 0, 0]}
        game = game.record(engine.read_entry(number, data))
    assert game.state.totals[0] > 21
    assert outlook(game) == (True, False, False)


def test_a_long_game_with_a_leaver_and_a_sitter_out_is_answered() -> None:
    """Oh Hell, five at the table after an arrival, 18 deals left: Eve left on 0 and Dee sits the next
    deal out. Eve's leads over four rivals, each deal offering over a hundred results best for her, made
    a set of endings too large to walk (the score sheet hung); she cannot catch anyone who scores, and
    everyone still playing can still win."""
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"], first_dealer=0)
    engine = game.table.variant.engine
    game = game.record(engine.read_entry(1, {"bids": [2, 3, 2, 2], "tricks": [2, 4, 2, 2]}))
    for event in (
        Adjustment(side=0, points=5, reason="late"),
        Arrival(name="Eve", left_of=3),
        SitOut(seat=3),
        Substitute(seat=1, name="Sue"),
        Departure(seat=4),
    ):
        game = game.add(event)
    assert game.state.totals == (17, 4, 12, 12, 0)
    assert outlook(game) == (True, True, True, True, False)


def german_entries(game: Game, facts: DealFacts) -> Iterator[dict[str, Any]]:
    """Every count of the first player's counted tricks."""
    whole = 26 if game.table.options.flag("count_all_tricks") else 13
    for tricks in range(whole + 1):
        yield {"tricks": tricks}


@settings(max_examples=5, deadline=None)
@given(
    st.sampled_from(["difference", "trick_points", "hands"]),
    st.booleans(),
    st.lists(st.integers(0, 13), max_size=3),
)
def test_german_whist_agrees_with_every_ending(scoring: str, all_tricks: bool, hands: list[int]) -> None:
    options: dict[str, Any] = {"scoring": scoring, "count_all_tricks": all_tricks}
    if scoring == "difference":
        options["hand_count"] = 4
    elif scoring == "hands":
        options["hands_to_win"] = 2
    else:
        options["target"] = 20
    game = Game.start("german-whist", ["Ann", "Bob"], options=options)
    engine = game.table.variant.engine
    for tricks in hands:
        if game.state.finished:
            break
        game = game.record(engine.read_entry(len(game.entries) + 1, {"tricks": tricks}))
    # A game to a score has no last hand: its endings are tried within three more hands.
    found = winners_somewhere(game, german_entries, most_deals=None if scoring == "difference" else 3)
    assert outlook(game) == found


def whist_entries(game: Game, facts: DealFacts) -> Iterator[dict[str, Any]]:
    """Every count of North–South's tricks."""
    for tricks in range(14):
        yield {"tricks": tricks}


def bid_whist_entries(game: Game, facts: DealFacts) -> Iterator[dict[str, Any]]:
    """Either side's contract at each level, made or set by any number of tricks."""
    for level, opener, tricks in itertools.product(range(3, 8), (True, False), range(13)):
        call = f"{level} uptown"
        auction = [call, "pass", "pass", "pass"] if opener else ["pass", "pass", "pass", call]
        yield {"auction": auction, "declaration": "S", "tricks": tricks}


@settings(max_examples=4, deadline=None)
@given(st.lists(st.integers(0, 13), max_size=4))
def test_games_to_a_target_agree_with_endings_a_few_deals_on(deals: list[int]) -> None:
    """Classic Whist to 5 and Bid Whist to 7: whoever is at the table can still win while the game
    goes on, and some ending within a few deals shows it."""
    whist = Game.start("classic-whist", ["Ann", "Bob", "Cy", "Dee"])
    engine = whist.table.variant.engine
    for tricks in deals:
        if whist.state.finished:
            break
        whist = whist.record(engine.read_entry(len(whist.entries) + 1, {"tricks": tricks}))
    assert outlook(whist) == winners_somewhere(whist, whist_entries, most_deals=3, shared=False)
    bid = Game.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    assert outlook(bid) == winners_somewhere(bid, bid_whist_entries, most_deals=2)


def oneonta_entries(game: Game, facts: DealFacts) -> Iterator[dict[str, Any]]:
    """Every bid of each player (positive, null, doubled) and every split of the tricks."""
    cards = facts.cards
    bids: list[Any] = [*range(1, cards + 1), *({"kind": "null", "value": v} for v in range(1, cards + 1))]
    bids.append({"kind": "positive", "value": cards, "doubled": True})
    order = facts.bidding_order
    for chosen in itertools.product(bids, repeat=len(order)):
        for first in range(cards + 1):
            row_b: list[Any] = [None] * len(game.state.totals)
            row_t: list[int | None] = [None] * len(game.state.totals)
            for seat, bid, took in zip(order, chosen, (first, cards - first), strict=True):
                row_b[seat], row_t[seat] = bid, took
            yield {"bids": row_b, "tricks": row_t}


def test_oneonta_competitive_last_hand_agrees_with_every_ending() -> None:
    """Two players, the last hand: every bid, double and split of the tricks. Each hand of Oneonta
    scores alone, so every entry is scored by the engine on a new game whose first hand has the same
    cards and bidding order (a short log to replay), and each distinct result on the game itself."""
    game = Game.start("oneonta", ["Ann", "Bob"], options={"doubling": True})
    engine = game.table.variant.engine
    while game.state.deal_count is not None and len(game.entries) < game.state.deal_count - 1:
        facts = game.state.current
        assert facts is not None
        # The first bidder bids every trick and takes them; the other bids null 1 and takes none.
        first = facts.bidding_order[0]
        bids: list[Any] = [None, None]
        tricks: list[int | None] = [None, None]
        bids[first], tricks[first] = facts.cards, facts.cards
        bids[1 - first], tricks[1 - first] = {"kind": "null", "value": 1}, 0
        game = game.record(engine.read_entry(len(game.entries) + 1, {"bids": bids, "tricks": tricks}))
    facts = game.state.current
    assert facts is not None
    fresh = Game.start("oneonta", ["Ann", "Bob"], options={"doubling": True}, first_dealer=facts.dealer)
    assert outlook(game) == winners_somewhere(game, oneonta_entries, scored_on=fresh)

"""Explain the numbers, in English: the words made from each family's explanation read as before.

The engine gives an explanation as a text (codes and numbers, tests/rules/test_explain.py); these
tests word it as a player reads it on the sheet and the rules pages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.rules import VARIANTS, Game, Table
from scorekeeper.rules.explain import explain, worked_examples
from scorekeeper.words import english, signed


def play(code: str, players: Sequence[str], deals: Sequence[Mapping[str, Any]], **options: Any) -> Game:
    """A game with these deals recorded through the engine's own entry reader."""
    game = Game.start(code, players, options=options)
    engine = game.table.variant.engine
    for number, data in enumerate(deals, start=1):
        game = game.record(engine.read_entry(number, data))
    return game


def said(game: Game, number: int, side: int) -> str:
    """The explanation of ``side``'s points in deal ``number``, in the game's English."""
    return english(explain(game.table, game.state.deals[number - 1], side), game.table.variant.deal_word)


def ends_on_points(text: str, points: int) -> bool:
    """The sentence's last number is the deal's points."""
    numbers = re.findall(r"[+−]?\d+", text)
    return int(numbers[-1].replace("−", "-")) == points


# --- the bid-exactly games ----------------------------------------------------------------------

ROMANIAN = play("romanian-whist", ["Ann", "Bob", "Cy"], [{"bids": [0, 1, 1], "tricks": [0, 1, 0]}])


def test_romanian_exact_and_missed() -> None:
    assert said(ROMANIAN, 1, 1) == "bid 1, took 1: 5 + 1 = +6"
    assert said(ROMANIAN, 1, 2) == "bid 1, took 0: missed by 1: −1"
    assert said(ROMANIAN, 1, 0) == "bid 0, took 0: 5 + 0 = +5"


def test_romanian_progressive_both_ways() -> None:
    deals = [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}]
    game = play(
        "romanian-whist", ["Ann", "Bob", "Cy"], deals, progressive_scoring=True, progressive_penalty=True
    )
    assert said(game, 1, 0) == "bid 0, took 1: missed by 1: −1"
    big = play(
        "romanian-whist",
        ["Ann", "Bob", "Cy"],
        [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}] * 3 + [{"bids": [2, 0, 1], "tricks": [0, 0, 2]}],
        progressive_scoring=True,
        progressive_penalty=True,
    )
    assert said(big, 4, 0) == "bid 2, took 0: missed by 2: −(1 + 2) = −3"
    assert said(big, 4, 1) == "bid 0, took 0: 5 + 0 = +5"


def test_romanian_streak_award_is_shown_apart() -> None:
    deals: list[dict[str, Any]] = [{"bids": [1, 0, 1], "tricks": [1, 0, 0]}] * 3
    deals += [{"bids": [1, 0, 0], "tricks": [1, 0, cards - 1]} for cards in (2, 3, 4, 5)]
    game = play("romanian-whist", ["Ann", "Bob", "Cy"], deals, promotions=True)
    deal = game.state.deals[6]
    assert deal.awards is not None and deal.awards[0] == 10
    text = said(game, 7, 0)
    assert text == "bid 1, took 1: 5 + 1 = +6; a streak of 4 exact deals in a row: +10; +16 in all"
    assert said(game, 7, 2).endswith("a streak of 4 missed deals in a row: −10; −14 in all")


def test_oh_hell_scorings() -> None:
    deals = [{"bids": [3, 2, 3], "tricks": [3, 4, 3]}]
    common = play("oh-hell", ["Ann", "Bob", "Cy"], deals)
    assert said(common, 1, 0) == "bid 3, took 3: 3 for the tricks + 10 for the exact bid = +13"
    assert said(common, 1, 1) == "bid 2, took 4: 4 for the tricks, no bonus (missed by 2) = +4"
    simple = play("oh-hell", ["Ann", "Bob", "Cy"], deals, scoring="simple")
    assert said(simple, 1, 0) == "bid 3, took 3: exact, 10 + 3 = +13"
    assert said(simple, 1, 1) == "bid 2, took 4: missed by 2, and only an exact bid scores: 0"
    zero = play(
        "oh-hell", ["Ann", "Bob", "Cy"], [{"bids": [0, 6, 3], "tricks": [0, 7, 3]}], scoring="zero_bonus"
    )
    assert said(zero, 1, 0) == "bid 0, took 0: a made bid of none scores 5 + 10 cards in the deal = +15"


def test_british_bonus_only_and_pshaw_zero_value() -> None:
    british = play("british-oh-hell", ["Ann", "Bob", "Cy"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    assert said(british, 1, 0) == "bid 1, took 1: exact, the bonus alone = +10"
    pshaw = play(
        "oh-pshaw", ["Ann", "Bob", "Cy"], [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}], zero_bid_value="5"
    )
    assert said(pshaw, 1, 1) == "bid 0, took 0: a made bid of none scores +5"
    assert said(pshaw, 1, 0) == "bid 0, took 1: missed by 1, and only an exact bid scores: 0"


def test_custom_penalty() -> None:
    game = play(
        "custom-oh-hell", ["Ann", "Bob", "Cy"], [{"bids": [5, 0, 3], "tricks": [2, 1, 7]}], on_miss="penalty"
    )
    assert said(game, 1, 0).startswith("bid 5, took 2: missed by 3: 3 × −")


def test_the_dead_hand_scores_nothing() -> None:
    seven = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    game = play(
        "romanian-whist", seven, [{"bids": [None, 0, 0, 0, 0, 0, 0], "tricks": [None, 1, 0, 0, 0, 0, 0]}]
    )
    assert said(game, 1, 0) == "Sat this deal out (the dead hand): no score"


# --- Oneonta ------------------------------------------------------------------------------------------


def oneonta_bid(value: int, kind: str = "positive", doubled: bool = False) -> dict[str, Any]:
    return {"kind": kind, "value": value, "doubled": doubled}


def test_oneonta_positive_null_over_and_short() -> None:
    bids = [3, oneonta_bid(2, "null"), 2]
    game = play("oneonta", ["Ann", "Bob", "Cy"], [{"bids": bids, "tricks": [2, 1, 4]}])
    assert said(game, 1, 0) == "bid 3, took 2: short by 1, so minus the bid: −3"
    assert said(game, 1, 1) == "bid null 2, took 1: the null fails, losing its stake: −2"
    assert said(game, 1, 2) == "bid 2, took 4: 2 − 2 over = 0"
    made = play(
        "oneonta", ["Ann", "Bob", "Cy"], [{"bids": [3, oneonta_bid(2, "null"), 4], "tricks": [3, 0, 4]}]
    )
    assert said(made, 1, 0) == "bid 3, took 3: exact, the bid = +3"
    assert said(made, 1, 1) == "bid null 2, took 0: the null is made: +2"


def test_oneonta_doubling_and_edd_allard() -> None:
    doubled = play(
        "oneonta",
        ["Ann", "Bob", "Cy"],
        [{"bids": [oneonta_bid(7, doubled=True), 1, 1], "tricks": [6, 1, 0]}],
        doubling=True,
    )
    assert said(doubled, 1, 0) == "bid 7 doubled, took 6: a double failed scores −14 whatever the cards"
    edd = play("oneonta-edd-allard", ["Ann"], [{"bids": [{"kind": "null"}], "tricks": [2]}])
    assert said(edd, 1, 0) == "bid null, took 2: the null fails: −(10 + 2) = −12"
    alternative = play("oneonta-solitaire", ["Ann"], [{"bids": [5], "tricks": [7]}], alternative_scoring=True)
    assert said(alternative, 1, 0) == "bid 5, took 7: 2 over, and overtricks score 0 (alternative scoring): 0"


def test_oneonta_team_adds_up_or_takes_the_lowest() -> None:
    deal = {"bids": [3, oneonta_bid(2, "null"), 4], "tricks": [3, 0, 4]}
    game = play("oneonta-cooperative", ["Ann", "Bob", "Cy"], [deal])
    text = said(game, 1, 0)
    assert text.startswith("Bob: bid null 2, took 0") or "Ann: bid 3, took 3: exact, the bid = +3" in text
    assert text.endswith("the team scores their sum: +3 + +2 + +4 = +9") or text.endswith("= +9")
    lowest = play("oneonta-cooperative", ["Ann", "Bob", "Cy"], [deal], lowest_player_scoring=True)
    assert said(lowest, 1, 0).endswith("the team scores the lowest of them: +2")


# --- the partnership and two-hand games ------------------------------------------------------------


def test_classic_whist_tricks_then_honours() -> None:
    game = play(
        "classic-whist", ["Ann", "Bob", "Cy", "Dee"], [{"tricks": 9, "honours": 1}], honours=True, play_to="9"
    )
    assert said(game, 1, 0) == "took 9: 9 − 6 = +3; 1 trump honour: it does not score; +3 for the deal"
    assert (
        said(game, 1, 1)
        == "took 4, no more than 6: no trick points; 3 trump honours dealt to them: +2; +2 for the deal"
    )


def test_bid_whist_made_set_doubled_and_defended() -> None:
    made = play(
        "bid-whist",
        ["Ann", "Bob", "Cy", "Dee"],
        [{"auction": ["pass", "4 downtown", "pass", "pass"], "declaration": "S", "tricks": 10}],
    )
    assert (
        said(made, 1, 0)
        == "bid 4 downtown, needing 10 books; took 10 + 1 for the kitty = 11: made, 11 − 6 = +5"
    )
    assert said(made, 1, 1) == "defended 4 downtown: the defenders do not score: 0"
    hands = [{"auction": ["pass", "4 NT", "pass", "pass"], "declaration": "uptown", "tricks": 8}]
    doubled = play("bid-whist", ["Ann", "Bob", "Cy", "Dee"], hands, double_nt=True, defensive_scoring=True)
    assert said(doubled, 1, 0).endswith("set, minus the bid: −4, doubled for no trump: −8")
    assert said(doubled, 1, 1) == "defended, took 4, no more than 6: 0"
    defended = play(
        "bid-whist",
        ["Ann", "Bob", "Cy", "Dee"],
        [{"auction": ["3 uptown", "pass", "pass", "pass"], "declaration": "H", "tricks": 4}],
        defensive_scoring=True,
    )
    assert said(defended, 1, 0) == "defended, took 8: 8 − 6 = +2"


def test_german_whist_each_scoring() -> None:
    trick_points = play("german-whist", ["Ann", "Bob"], [{"tricks": 8}])
    assert said(trick_points, 1, 0) == "8 counted tricks, a point each: +8"
    difference = play("german-whist", ["Ann", "Bob"], [{"tricks": 8}], scoring="difference", stake=2)
    assert said(difference, 1, 0) == "won the hand 8–5: (8 − 5) × 2 a trick = +6"
    assert said(difference, 1, 1) == "lost the hand 5–8: 0"
    drawn = play("german-whist", ["Ann", "Bob"], [{"tricks": 13}], scoring="hands", count_all_tricks=True)
    assert said(drawn, 1, 0) == "a drawn hand, 13–13: 0"


# --- every variant -------------------------------------------------------------------------------------


def test_an_open_deal_is_not_scored_yet() -> None:
    game = play("oh-hell", ["Ann", "Bob", "Cy"], [{"bids": [3, 2, 3]}])
    assert said(game, 1, 0) == "Not scored yet: the deal is still being played"


GAMES = [ROMANIAN, play("classic-whist", ["A", "B", "C", "D"], [{"tricks": 8}])]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.table.variant.code)
def test_every_explanation_ends_on_the_points(game: Game) -> None:
    for deal in game.state.deals:
        assert deal.points is not None
        for side, points in enumerate(deal.points):
            if points is not None:
                assert ends_on_points(english(explain(game.table, deal, side)), points)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.code)
def test_every_variant_has_worked_examples_that_end_on_their_points(variant: Any) -> None:
    players = [f"P{seat}" for seat in range(max(variant.min_players, min(4, variant.max_players)))]
    table = Table.create(variant, players)
    examples = worked_examples(table)
    assert len(examples) >= 2
    for example in examples:
        points = english(example.points, variant.deal_word)
        explanation = english(example.explanation, variant.deal_word)
        first_points = points.split()[-1] if points.startswith("bidders") else points.split()[0]
        assert first_points.replace(",", "") in explanation
    assert signed(-3) == "−3" and signed(0) == "0" and signed(4) == "+4"

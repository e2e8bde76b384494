"""Custom Oh Hell: every option changes what it says it changes."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import ExactEntry, Game, InvalidOption, RuleViolation, Trump
from scorekeeper.rules.text import Text

from .said import refused

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _cards(**options: Any) -> list[int]:
    game = Game.start("custom-oh-hell", PLAYERS, options=options)
    return [facts.cards for facts in game.table.variant.engine.plan(game.table)]


def test_the_default_is_ten_down_to_one_and_back() -> None:
    assert _cards() == [*range(10, 0, -1), *range(2, 11)]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"shape": "up-down", "start_cards": 1, "turn_cards": 4, "end_cards": 2}, [1, 2, 3, 4, 3, 2]),
        ({"shape": "up", "start_cards": 2, "end_cards": 5}, [2, 3, 4, 5]),
        ({"shape": "down", "start_cards": 5, "end_cards": 3}, [5, 4, 3]),
        ({"shape": "fixed", "start_cards": 13, "deals": 4}, [13, 13, 13, 13]),
        ({"shape": "down-up", "start_cards": 3, "turn_cards": 2, "end_cards": 4}, [3, 2, 3, 4]),
        (
            {"shape": "up-down", "start_cards": 1, "turn_cards": 3, "end_cards": 1, "repeat_ends": True},
            [1, 1, 1, 1, 2, 3, 3, 3, 3, 2, 1, 1, 1, 1],
        ),
    ],
)
def test_deal_shapes(options: dict[str, Any], expected: list[int]) -> None:
    assert _cards(**options) == expected


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"shape": "up", "start_cards": 6, "end_cards": 2},
            Text("custom_shape", shape="up", start=6, turn=1, end=2),
        ),
        (
            {"shape": "down", "start_cards": 2, "end_cards": 6},
            Text("custom_shape", shape="down", start=2, turn=1, end=6),
        ),
        (
            {"shape": "down-up", "start_cards": 5, "turn_cards": 7, "end_cards": 9},
            Text("custom_shape", shape="down-up", start=5, turn=7, end=9),
        ),
        (
            {"shape": "up-down", "start_cards": 5, "turn_cards": 3, "end_cards": 1},
            Text("custom_shape", shape="up-down", start=5, turn=3, end=1),
        ),
        (
            {"start_cards": 14},
            Text(
                "option_out_of_range",
                option="start_cards",
                label="Cards in the first deal",
                low=1,
                high=13,
                players=4,
                value=14,
            ),
        ),
        (
            {"shape": "zigzag"},
            Text(
                "option_not_a_choice",
                option="shape",
                label="Deal shape",
                choices=("down-up", "up-down", "up", "down", "fixed"),
                value="'zigzag'",
            ),
        ),
        ({"hook": "maybe"}, Text("option_not_on_off", option="hook", label="Hook", value="'maybe'")),
        ({"colour": "red"}, Text("option_unknown", variant="Custom Oh Hell", option="'colour'")),
    ],
)
def test_impossible_options_are_refused(options: dict[str, Any], message: Text) -> None:
    with pytest.raises(InvalidOption) as refused:
        Game.start("custom-oh-hell", PLAYERS, options=options)
    assert refused.value.text == message


def test_the_hook_from_n_cards_spares_the_small_deals() -> None:
    game = Game.start("custom-oh-hell", PLAYERS, options={"hook_from": 3})
    hooks = {facts.cards: facts.hook for facts in game.table.variant.engine.plan(game.table)}
    assert hooks[1] is False and hooks[2] is False and hooks[3] is True and hooks[10] is True


def test_the_hook_can_be_switched_off() -> None:
    game = Game.start("custom-oh-hell", PLAYERS, options={"hook": False})
    game = game.record(ExactEntry(number=1, bids=(1, 3, 2, 4)))
    assert game.state.deals[0].facts.hook is False


def test_the_hook_refuses_the_dealer_by_name() -> None:
    game = Game.start("custom-oh-hell", PLAYERS)
    with refused(RuleViolation, "hook", player="Ann", dealer=True, forbidden=1, cards=10):
        game.record(ExactEntry(number=1, bids=(1, 3, 2, 4)))


def test_trump_by_rotation_and_none() -> None:
    game = Game.start("custom-oh-hell", PLAYERS, options={"trump": "rotation", "trump_rotation": "H C D S"})
    plan = game.table.variant.engine.plan(game.table)
    assert [facts.trump for facts in plan[:5]] == [
        Trump.HEARTS,
        Trump.CLUBS,
        Trump.DIAMONDS,
        Trump.SPADES,
        Trump.HEARTS,
    ]
    game = Game.start("custom-oh-hell", PLAYERS, options={"trump": "none"})
    assert {facts.trump for facts in game.table.variant.engine.plan(game.table)} == {Trump.NO_TRUMP}


def test_a_turned_card_leaves_no_trump_when_every_card_is_dealt() -> None:
    game = Game.start("custom-oh-hell", PLAYERS, options={"shape": "fixed", "start_cards": 13, "deals": 2})
    facts = game.state.current
    assert facts is not None and facts.trump is Trump.NO_TRUMP and not facts.trump_turned


@pytest.mark.parametrize(
    ("options", "bid", "took", "points"),
    [
        ({}, 3, 3, 13),
        ({}, 3, 5, 5),
        ({"trick_points": 2, "exact_bonus": 5}, 3, 3, 11),
        ({"on_miss": "nothing"}, 3, 5, 0),
        ({"on_miss": "penalty", "penalty_per_trick": 2}, 3, 6, -6),
        ({"trick_points": 0, "exact_bonus": 10}, 2, 2, 10),
    ],
)
def test_scoring_options(options: dict[str, Any], bid: int, took: int, points: int) -> None:
    game = Game.start(
        "custom-oh-hell", PLAYERS, options={"shape": "fixed", "start_cards": 10, "deals": 1, **options}
    )
    rest = 10 - took
    game = game.record(ExactEntry(number=1, bids=(0, bid, 0, 0), tricks=(rest, took, 0, 0)))
    deal = game.state.deals[0]
    assert deal.points is not None and deal.points[1] == points
    assert game.state.finished and game.state.current is None


def test_two_players_may_play_a_custom_game() -> None:
    game = Game.start("custom-oh-hell", ["Ann", "Bob"], options={"start_cards": 26, "end_cards": 26})
    assert game.state.deal_count == 51
    assert game.state.current is not None and game.state.current.trump is Trump.NO_TRUMP

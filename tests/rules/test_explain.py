"""Explain the numbers: every family says how a deal's points were computed, as a text carrying them.

The explanation is a code and its numbers (the web layer words it: tests/words/test_explain_words.py);
here, that every family's explanation and worked example carries the points the engine scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.rules import VARIANTS, Game, Table
from scorekeeper.rules.explain import explain, points_text, worked_examples
from scorekeeper.rules.text import Text


def play(code: str, players: Sequence[str], deals: Sequence[Mapping[str, Any]], **options: Any) -> Game:
    """A game with these deals recorded through the engine's own entry reader."""
    game = Game.start(code, players, options=options)
    engine = game.table.variant.engine
    for number, data in enumerate(deals, start=1):
        game = game.record(engine.read_entry(number, data))
    return game


GAMES = [
    play("romanian-whist", ["Ann", "Bob", "Cy"], [{"bids": [0, 1, 1], "tricks": [0, 1, 0]}]),
    play("oh-hell", ["Ann", "Bob", "Cy", "Dee"], [{"bids": [3, 2, 0, 0], "tricks": [3, 7, 0, 0]}]),
    play("classic-whist", ["A", "B", "C", "D"], [{"tricks": 8}]),
    play("german-whist", ["Ann", "Bob"], [{"tricks": 8}], scoring="difference", stake=2),
    play(
        "bid-whist",
        ["Ann", "Bob", "Cy", "Dee"],
        [{"auction": ["3 uptown", "pass", "pass", "pass"], "declaration": "H", "tricks": 4}],
        defensive_scoring=True,
    ),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.table.variant.code)
def test_every_explanation_carries_the_points_it_explains(game: Game) -> None:
    for deal in game.state.deals:
        assert deal.points is not None
        for side, points in enumerate(deal.points):
            if points is not None:
                said = explain(game.table, deal, side)
                assert isinstance(said, Text) and said.code.startswith("explain_")
                assert said.params["points"] == points


def test_the_romanian_explanations_name_bid_took_and_points() -> None:
    game = GAMES[0]
    deal = game.state.deals[0]
    assert [explain(game.table, deal, side) for side in range(3)] == [
        Text("explain_romanian_exact", bid=0, took=0, points=5),
        Text("explain_romanian_exact", bid=1, took=1, points=6),
        Text("explain_missed_by", off=1, bid=1, took=0, points=-1),
    ]


def test_an_open_deal_is_not_scored_yet() -> None:
    game = play("oh-hell", ["Ann", "Bob", "Cy"], [{"bids": [3, 2, 3]}])
    assert explain(game.table, game.state.deals[0], 0) == Text("explain_not_scored")


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.code)
def test_every_variant_has_worked_examples_that_carry_their_points(variant: Any) -> None:
    players = [f"P{seat}" for seat in range(max(variant.min_players, min(4, variant.max_players)))]
    examples = worked_examples(Table.create(variant, players))
    assert len(examples) >= 2
    for example in examples:
        if example.points.code == "points":
            assert example.points == points_text(example.explanation.params["points"])  # type: ignore[arg-type]
        else:  # a partnership's or a pair's two figures, each explained with its own points
            assert example.points.code in ("example_bid_whist_points", "example_german_points")

"""The deals ahead after table events (rules/foresee_events.py): as many as the game has left, each
with the facts the engine finds when the deals before it are really played, and its rules declared."""

from __future__ import annotations

from typing import Any, cast

import pytest

from scorekeeper.rules import Arrival, Game, Misdeal
from scorekeeper.rules.constraints import refusal
from scorekeeper.rules.events import SitOut
from scorekeeper.rules.foresee_events import foresee_game, stand_in
from scorekeeper.rules.game import NumberedEntry

AHEAD = 36


def _played_one(code: str, players: list[str]) -> Game:
    """The game with its first deal played (stand-in values, kept by the engine)."""
    game = Game.start(code, players)
    engine = game.table.variant.engine
    first = engine.foresee(game.table, game.state, 1).deals[0]
    values = stand_in(first, game.state.players)
    assert values is not None
    return game.record(cast(NumberedEntry, engine.read_entry(1, values)))


@pytest.mark.parametrize(
    ("code", "players", "event"),
    [
        ("oh-hell", ["Ann", "Bob", "Cy", "Dee"], Arrival(name="Eve", left_of=1)),
        ("oh-hell", ["Ann", "Bob", "Cy", "Dee"], SitOut(seat=2)),
        ("romanian-whist", ["Ann", "Bob", "Cy"], Arrival(name="Dee", left_of=0)),
        ("nomination-whist", ["Ann", "Bob", "Cy", "Dee"], Misdeal()),
        ("classic-whist", ["Ann", "Bob", "Cat", "Dan"], Misdeal()),
        ("german-whist", ["Ann", "Bob"], Misdeal()),
    ],
)
def test_after_an_event_the_deals_ahead_are_those_the_engine_deals_when_they_are_played(
    code: str, players: list[str], event: Any
) -> None:
    game = _played_one(code, players).add(event)
    foresight = foresee_game(game, AHEAD)
    assert len(foresight.deals) > 1
    engine = game.table.variant.engine
    played = game
    for turn, ahead in enumerate(foresight.deals):
        assert ahead.facts == played.state.current  # as the engine deals it, once those before are in
        # Played with other values than the foresight's own stand-ins: the facts do not depend on them.
        values = stand_in(ahead, played.state.players, turn=turn + 1)
        assert values is not None
        for phase in ahead.phases:
            assert refusal(phase.rules, values, played.state.players) is None
        played = played.record(cast(NumberedEntry, engine.read_entry(ahead.facts.number, values)))
    deal_count = engine.deal_count(game.table)
    if deal_count is not None and not foresight.ends_on_score:
        assert played.state.current is None  # every deal the game has left, no more


def test_a_sit_out_is_foreseen_for_the_next_deal_only() -> None:
    game = _played_one("oh-hell", ["Ann", "Bob", "Cy", "Dee"]).add(SitOut(seat=2))
    deals = foresee_game(game, AHEAD).deals
    assert deals[0].facts.sitting_out == (2,) and deals[1].facts.sitting_out == ()
    assert 2 not in deals[0].facts.bidding_order and 2 in deals[1].facts.bidding_order


def test_after_an_arrival_the_deals_ahead_deal_the_newcomer_in() -> None:
    game = _played_one("oh-hell", ["Ann", "Bob", "Cy", "Dee"]).add(Arrival(name="Eve", left_of=1))
    deals = foresee_game(game, AHEAD).deals
    assert all(len(deal.facts.bidding_order) == 5 for deal in deals)
    assert any(deal.facts.dealer == 4 for deal in deals)


def test_without_events_the_family_foresees_as_before() -> None:
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy"])
    engine = game.table.variant.engine
    assert foresee_game(game, AHEAD) == engine.foresee(game.table, game.state, AHEAD)
    assert len(foresee_game(game, 3).deals) == 3

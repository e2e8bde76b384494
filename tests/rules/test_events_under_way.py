"""Events while a deal is under way (RULES.md §9, settled December 2026), against the long way round.

A misdeal found after the bids, stopping early with a deal half entered and a substitute taking over
mid-deal are each checked against what the table did before they were allowed: undo what was entered
of the deal, record the event, and (for the substitute) enter it again. Every other event is refused
with the one reason that the deal is under way. Random games of each family that enters a deal in
two steps (bids or calls first), with table events, from ``test_events_properties``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.rules import (
    Game,
    Misdeal,
    RuleViolation,
    Stop,
    Substitute,
    possible_events,
    preview,
    waiting_for_the_deal,
)
from scorekeeper.words import english

from .test_events_properties import FAMILIES, NEWCOMERS, SETTINGS, _deal, games_with_events

TWO_STEP = {"exact": "bids", "oneonta": "bids", "bid": "auction"}
"""The families whose deal is entered in two steps, and the input the first step records."""


def _half_entered(draw: Any, family: str) -> tuple[Game, Game]:
    """A game between deals, and the same game with the next deal's first step entered."""
    game = draw(games_with_events(FAMILIES[family], steps=12))
    facts = game.state.current
    assume(facts is not None)
    assert facts is not None
    entry = _deal(draw, game, facts)
    first = {key: value for key, value in entry.items() if key in (TWO_STEP[family], "trump")}
    engine = game.table.variant.engine
    return game, game.record(engine.read_entry(facts.number, first))


@pytest.mark.parametrize("family", sorted(TWO_STEP))
@SETTINGS
@given(data=st.data())
def test_a_misdeal_or_a_stop_drops_the_deal_as_undoing_it_first_would(
    family: str, data: st.DataObject
) -> None:
    between, under_way = _half_entered(data.draw, family)
    deal = under_way.deal_under_way()
    assert deal is not None and between.deal_under_way() is None
    for event in (Misdeal(), Stop()):
        try:
            expected = between.add(event)
        except RuleViolation as refused:  # the long way refuses it (a stop before any deal): so does this
            with pytest.raises(RuleViolation, match=refused.code):
                under_way.add(event)
            continue
        after = under_way.add(event)
        assert after.log == expected.log
        assert after.state == expected.state
        said = preview(under_way, event).under_way
        assert said is not None and said.code == "event_drops_entries"
        names = under_way.state.players
        assert [entry.params["player"] for entry in said.params["entries"]] == [  # type: ignore[union-attr]
            names[seat] for seat, _ in deal.entered()
        ]
        # Undo puts back what the event replaced: the deal as it was entered.
        position = len(under_way.log)
        assert after.with_tail(position, under_way.log_data()[position - 1 :]).log == under_way.log


@pytest.mark.parametrize("family", sorted(TWO_STEP))
@SETTINGS
@given(data=st.data())
def test_a_substitute_takes_over_the_deal_under_way_keeping_its_entries(
    family: str, data: st.DataObject
) -> None:
    between, under_way = _half_entered(data.draw, family)
    seats = next(choice.seats for choice in possible_events(under_way) if choice.kind == "substitute")
    assume(seats)
    held = {name for seat in (between.state.life.seats if between.state.life else ()) for name in seat.names}
    name = next(name for name in NEWCOMERS if name not in held)
    seat = data.draw(st.sampled_from(seats))
    event = Substitute(seat=seat, name=name)
    engine = between.table.variant.engine
    first = under_way.entries[-1]
    expected = between.add(event).record(first)  # type: ignore[arg-type]
    after = under_way.add(event)
    assert after.log == expected.log
    assert after.state == expected.state
    assert after.state.players[seat] == name
    assert after.deal_under_way() is not None and after.entries[-1] == first
    said = preview(under_way, event).under_way
    assert said is not None and english(said).startswith(f"Deal {first.number} is under way: {name} plays")
    assert engine.write_entry(after.entries[-1]) == engine.write_entry(first)


@pytest.mark.parametrize("family", sorted(TWO_STEP))
@SETTINGS
@given(data=st.data())
def test_every_other_event_waits_for_the_deal_said_once(family: str, data: st.DataObject) -> None:
    _, under_way = _half_entered(data.draw, family)
    choices = possible_events(under_way)
    waiting = [
        choice.kind
        for choice in choices
        if not choice.allowed and choice.reason is not None and choice.reason.code == "event_deal_under_way"
    ]
    assert {choice.kind for choice in choices if choice.allowed} <= {"misdeal", "substitute", "stop"}
    for kind in ("revoke", "arrival", "departure", "sit_out", "adjustment"):
        choice = next(choice for choice in choices if choice.kind == kind)
        assert not choice.allowed
    reason = waiting_for_the_deal(under_way, choices)
    assert reason is not None and reason.params["kinds"] == tuple(waiting)
    assert waiting_for_the_deal(Game(under_way.table, under_way.log[:-1]), choices) is None

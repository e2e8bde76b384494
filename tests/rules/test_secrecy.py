"""Secret totals: the switch replays like any table event, and the reveal names the places from last
to first, the winners last — held to a game played with the switch flipped at random."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    Game,
    RuleViolation,
    Secrecy,
    Text,
    discreet,
    get_variant,
    read_event,
    reveal_order,
    secrecy_switch,
    told_event,
    veil,
)
from scorekeeper.rules.events import write_event

from .strategies import EXACT_VARIANTS, NAMES, legal_entry


@st.composite
def secret_games(draw: Any) -> tuple[Game, list[bool]]:
    """A bid-exactly game played deal by deal, the switch flipped between deals now and then; with the
    secret as it stood after each deal, as the table switched it."""
    code = draw(st.sampled_from(EXACT_VARIANTS))
    variant = get_variant(code)
    size = draw(st.integers(variant.min_players, variant.max_players))
    game = Game.start(code, list(NAMES[:size]))
    secret = False
    after: list[bool] = []
    deals = draw(st.integers(1, 30))
    while game.state.current is not None and len(game.entries) < deals:
        if draw(st.booleans()):
            switch = secrecy_switch(game)
            assert switch.allowed and switch.secret is not secret
            game = game.add(Secrecy(secret=switch.secret))
            secret = switch.secret
        game = game.record(legal_entry(draw, game, game.state.current))
        after.append(secret)
    return game, after


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(secret_games())
def test_the_totals_are_hidden_exactly_while_the_switch_is_on_and_the_game_goes_on(
    drawn: tuple[Game, list[bool]],
) -> None:
    game, after = drawn
    seen = veil(game)
    secret = after[-1] if after else False
    assert seen.hidden == (secret and not game.state.finished)
    # Revealed by the end: the reveal is due, and names every unit once, the winners last.
    assert seen.revealing == (secret and game.state.finished)
    if seen.revealing:
        order = seen.order
        assert sorted(order) == list(range(len(game.state.totals)))
        winners = set(game.state.winners)
        assert set(order[len(order) - len(winners) :]) == winners
        others = [game.state.totals[seat] for seat in order[: len(order) - len(winners)]]
        assert others == sorted(others)
    # Every deal is scored as it would be without the switch: secrecy changes no score.
    plain = Game(game.table, tuple(item for item in game.log if not isinstance(item, Secrecy)))
    assert plain.state.totals == game.state.totals
    assert plain.state.winners == game.state.winners


def test_the_table_reveals_when_it_asks_and_may_keep_them_secret_again() -> None:
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]).add(Secrecy(secret=True))
    assert veil(game).hidden and secrecy_switch(game).secret is False
    facts = game.state.current
    assert facts is not None
    # The first to bid bids every card and takes them; the last misses (the hook), the others are exact.
    entry = {"bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 0]}
    first, last = facts.bidding_order[0], facts.bidding_order[-1]
    entry["bids"][first] = entry["tricks"][first] = facts.cards
    entry["bids"][last] = 1
    game = game.record(game.table.variant.engine.read_entry(1, entry))  # type: ignore[arg-type]
    assert veil(game).hidden
    revealed = game.add(Secrecy(secret=False))
    seen = veil(revealed)
    assert not seen.hidden and seen.revealing
    assert seen.order[-1] == first and seen.order == reveal_order(revealed.state)
    again = revealed.add(Secrecy(secret=True))
    assert veil(again).hidden and not veil(again).revealing


def test_a_switch_to_where_it_stands_is_refused() -> None:
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy"])
    with pytest.raises(RuleViolation) as refused:
        game.add(Secrecy(secret=False))
    assert refused.value.text.code == "event_secrecy_already"
    secret = game.add(Secrecy(secret=True))
    with pytest.raises(RuleViolation):
        secret.add(Secrecy(secret=True))


def test_the_switch_reads_back_as_it_was_written() -> None:
    for secret in (True, False):
        assert read_event(write_event(Secrecy(secret=secret))) == Secrecy(secret=secret)
    with pytest.raises(RuleViolation) as refused:
        read_event({"event": "secrecy", "secret": "yes"})
    assert refused.value.text.code == "event_secrecy_not_switch"


def test_what_the_events_and_a_correction_say_keeps_the_totals_secret() -> None:
    """A leaver's total, a start taken from the lowest total and a correction's knock-ons on the totals
    are not said while the totals are secret; what is said stays (who left, when, the start's rule)."""
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]).add(Secrecy(secret=True))
    for _ in range(2):
        current = game.state.current
        assert current is not None
        bids = [0] * 4
        tricks = [0] * 4
        tricks[current.bidding_order[0]] = current.cards
        entry = game.table.variant.engine.read_entry(current.number, {"bids": bids, "tricks": tricks})
        game = game.record(entry)
    game = game.add(read_event({"event": "arrival", "name": "Eve", "left_of": 3, "start": "lowest"}))
    game = game.add(read_event({"event": "departure", "seat": 1}))
    life = game.state.life
    assert life is not None and veil(game).hidden
    arrival, departure = (told_event(game, event) for event in life.events[1:])
    assert arrival.params["start"] is None and arrival.params["rule"] == "lowest"
    assert life.events[1].text.params["start"] == min(game.state.totals[:4])  # the whole text has it
    assert departure.params["total"] is None and life.events[2].text.params["total"] is not None
    assert discreet(Text("knock_total", who="Ann", before=3, after=4)) is None
    assert discreet(Text("knock_goes_on")) == Text("knock_goes_on")
    assert discreet(Text("note_play_on", names=("Ann", "Bob"), total=40)) is None
    # Revealed, everything is said again.
    shown = game.add(Secrecy(secret=False))
    assert told_event(shown, life.events[2]) == life.events[2].text

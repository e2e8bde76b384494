"""Properties of any game played with table events, checked on random legal logs of every family.

A game is played by drawing, step after step, either a legal deal or one of the
table events the engine says are possible now (``possible_events``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    Adjustment,
    Arrival,
    Departure,
    ExactBidEngine,
    Game,
    Revoke,
    RuleViolation,
    SitOut,
    Stop,
    Substitute,
    TableEvent,
    get_variant,
    legal_bids,
    possible_events,
    read_event,
    revoke_penalties,
)
from scorekeeper.rules.events import Misdeal
from scorekeeper.rules.state import DealFacts
from scorekeeper.words import english

from .fillers_oneonta import fill_oneonta
from .strategies import NAMES, split

FAMILIES = {
    "exact": (
        "oh-hell",
        "oh-well",
        "contract-whist",
        "up-and-down-the-river",
        "oh-pshaw",
        "british-oh-hell",
        "nomination-whist",
        "romanian-whist",
        "custom-oh-hell",
    ),
    "oneonta": ("oneonta", "oneonta-cooperative", "oneonta-beat-the-game", "oneonta-solitaire"),
    "classic": ("classic-whist",),
    "bid": ("bid-whist",),
    "german": ("german-whist",),
}
NEWCOMERS = ("Ike", "Jo", "Kim", "Lou", "Mo", "Ned", "Ola", "Pat")


def _deal(draw: Any, game: Game, facts: DealFacts) -> dict[str, Any]:
    """A legal deal entry of the game's family, as data."""
    kind = game.table.variant.engine.input_kind
    players = game.state.players
    if kind == "exact_bids":
        bids: list[int | None] = [None] * len(players)
        for seat in facts.bidding_order:
            allowed = [c.value for c in legal_bids(facts, tuple(bids), players, seat) if c.allowed]
            bids[seat] = draw(st.sampled_from(allowed))
        tricks: list[int | None] = [None] * len(players)
        shares = split(draw, facts.cards, len(facts.bidding_order))
        for seat, share in zip(facts.bidding_order, shares, strict=True):
            tricks[seat] = share
        return {"bids": bids, "tricks": tricks}
    if kind == "oneonta_bids":
        return fill_oneonta(facts)
    if kind == "bid_whist_auction":
        return {
            "auction": ["pass", "pass", "pass", "4 uptown"],
            "declaration": "S",
            "tricks": draw(st.integers(5, 10)),
        }
    return {"tricks": draw(st.integers(4, 9))}


def _event(draw: Any, game: Game) -> TableEvent | None:
    """One of the table events the engine allows now, for a seat or side it allows; None if none is."""
    choices = {choice.kind: choice for choice in possible_events(game) if choice.allowed}
    kinds = sorted(choices)
    if not kinds:
        return None
    kind = draw(st.sampled_from(kinds))
    choice = choices[kind]
    held = {name for seat in (game.state.life.seats if game.state.life else ()) for name in seat.names}
    fresh = [name for name in NEWCOMERS if name not in held]
    if kind == "misdeal":
        return Misdeal()
    if kind == "stop":
        return Stop() if draw(st.integers(0, 4)) == 0 else None
    if kind == "revoke":
        penalties = revoke_penalties(game.table)
        penalty = draw(st.sampled_from([None, *penalties])) if penalties else None
        return Revoke(seats=(draw(st.sampled_from(choice.seats)),), penalty=penalty)
    if kind == "adjustment":
        side = draw(st.sampled_from(choice.sides))
        points = draw(st.integers(-20, 20).filter(bool))
        return Adjustment(side=side, points=points, reason="house points")
    if kind in ("departure", "sit_out"):
        seat = draw(st.sampled_from(choice.seats))
        return Departure(seat=seat) if kind == "departure" else SitOut(seat=seat)
    if kind == "substitute":
        return Substitute(seat=draw(st.sampled_from(choice.seats)), name=fresh[0])
    start = draw(st.sampled_from([0, "lowest", "average", 7, -3]))
    return Arrival(name=fresh[0], left_of=draw(st.sampled_from(choice.seats)), start=start)


@st.composite
def games_with_events(draw: Any, variants: tuple[str, ...], steps: int = 24) -> Game:
    """A game of one of ``variants``, played for a random number of steps: legal deals and events."""
    code = draw(st.sampled_from(variants))
    variant = get_variant(code)
    size = draw(st.integers(variant.min_players, min(variant.max_players, 6)))
    options: dict[str, object] = {"revoke": draw(st.sampled_from(["penalty", "redeal"]))}
    if variant.engine.input_kind not in ("exact_bids", "oneonta_bids", "two_hand_tricks"):
        options = {}
    game = Game.start(code, list(NAMES[:size]), first_dealer=draw(st.integers(0, size - 1)), options=options)
    for _ in range(draw(st.integers(0, steps))):
        facts = game.state.current
        if draw(st.integers(0, 2)) == 0 or facts is None:
            event = _event(draw, game)
            if event is not None:
                game = game.add(event)
            continue
        engine = game.table.variant.engine
        game = game.record(engine.read_entry(facts.number, _deal(draw, game, facts)))
    return game


SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EACH_FAMILY = pytest.mark.parametrize("family", sorted(FAMILIES))


@EACH_FAMILY
@SETTINGS
@given(data=st.data())
def test_any_log_replays_to_the_same_state_every_time(family: str, data: st.DataObject) -> None:
    game = data.draw(games_with_events(FAMILIES[family]))
    assert Game(game.table, game.log).state == game.state
    again = Game.from_data(game.table, game.log_data())
    assert again.log == game.log
    assert again.state == game.state


@EACH_FAMILY
@SETTINGS
@given(data=st.data())
def test_totals_are_the_deal_points_plus_starts_and_adjustments(family: str, data: st.DataObject) -> None:
    game = data.draw(games_with_events(FAMILIES[family]))
    state = game.state
    expected = [0] * len(state.totals)
    if state.life is not None:
        for seat in state.life.seats:
            if seat.joined_after is not None and state.teams is None:
                expected[seat.seat] += seat.start
        for event in state.life.events:
            if isinstance(event.event, Adjustment):
                expected[event.event.side] += event.event.points
    for deal in state.deals:
        if deal.points is None:
            continue
        for side, points in enumerate(deal.points):
            expected[side] += points or 0
    assert list(state.totals) == expected
    for deal in state.deals:
        marks = state.marks(deal.number)
        if marks is not None and marks.revoke is not None and marks.revoke.penalty is not None:
            assert deal.points is not None
            for seat in marks.revoke.seats:
                assert marks.revoke.penalty[seat] > 0


@EACH_FAMILY
@SETTINGS
@given(data=st.data())
def test_no_event_changes_a_deal_before_it(family: str, data: st.DataObject) -> None:
    game = data.draw(games_with_events(FAMILIES[family]))
    for position, item in enumerate(game.log):
        if not isinstance(item, (Misdeal, Revoke, Arrival, Departure, Substitute, SitOut, Adjustment, Stop)):
            continue
        before = Game(game.table, game.log[:position]).state.deals
        after = Game(game.table, game.log[: position + 1]).state.deals
        # A revoke is about the deal just recorded: that one it may change, never an earlier one.
        kept = len(before) - (1 if isinstance(item, Revoke) else 0)
        assert after[:kept] == before[:kept]
        assert len(after) == len(before)


EVENT_DATA = st.fixed_dictionaries(
    {
        "event": st.sampled_from(
            [
                "misdeal",
                "revoke",
                "arrival",
                "departure",
                "substitute",
                "sit_out",
                "adjustment",
                "stop",
                "party",
            ]
        )
    },
    optional={
        "seat": st.integers(-3, 9),
        "seats": st.lists(st.integers(-3, 9), max_size=3),
        "side": st.integers(-2, 9),
        "left_of": st.integers(-2, 9),
        "name": st.sampled_from(["Ike", "Ann", "", "x" * 40, "Jo"]),
        "start": st.sampled_from([0, 5, "lowest", "average", "most", None]),
        "points": st.integers(-20000, 20000),
        "reason": st.sampled_from(["late", "", None]),
        "penalty": st.sampled_from(["tricks", "points", "cards", None]),
    },
)


@pytest.mark.parametrize("family", sorted(FAMILIES))
@SETTINGS
@given(data=st.data())
def test_any_event_data_is_recorded_or_refused_in_words(family: str, data: st.DataObject) -> None:
    game = data.draw(games_with_events(FAMILIES[family], steps=8))
    raw = data.draw(EVENT_DATA)
    try:
        updated = game.add(read_event(raw))
    except RuleViolation as refused:
        assert english(refused)  # a code the words know, with the params they need
        return
    assert updated.log[:-1] == game.log


CAPPED = (
    "oh-hell",
    "contract-whist",
    "up-and-down-the-river",
    "oh-pshaw",
    "british-oh-hell",
    "nomination-whist",
)


@SETTINGS
@given(data=st.data())
def test_every_deal_is_the_sequence_s_own_capped_for_the_players_then_seated(data: st.DataObject) -> None:
    """RULES.md §9: the deals to come are derived afresh from the variant's own sequence for the players
    seated, never from the plan an earlier event left: each deal is the sequence's deal at its place,
    played at no more than the largest hand the players at the table then may hold."""
    game = data.draw(games_with_events((*CAPPED, "custom-oh-hell"), steps=40))
    state, table = game.state, game.table
    engine = table.variant.engine
    assert isinstance(engine, ExactBidEngine)
    sequence = engine.planned(table)
    voided = 0
    for deal in state.deals:
        number = deal.number
        if state.life is None:
            at_table = table.size
        else:
            at_table = sum(
                1
                for seat in state.life.seats
                if (seat.joined_after is None or seat.joined_after < number)
                and (seat.left_after is None or seat.left_after >= number)
            )
        seated = replace(table, players=tuple(NAMES[:at_table]))
        assert deal.facts.cards == min(sequence[number - voided - 1], engine.largest(seated))
        marks = state.marks(number)
        voided += marks is not None and marks.void

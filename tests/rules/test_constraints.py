"""The declared deal rules (constraints.py) say what the engine says, on every entry a page can make.

A page without a connection checks entries against the constraints the engine
sent with it. For every family that foresees its deals, these properties
replay random entries drawn from the declared choices through both the engine
and the generic checker: the same entries are refused, with the same sentence
and field; and the facts foreseen for a later deal are the facts the engine
finds when the game gets there.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Arrival, Game, Misdeal, RuleViolation, get_variant
from scorekeeper.rules.constraints import TOTAL, Constraint, DealAhead, EntryPhase, Refusal, refusal
from scorekeeper.rules.foresee_events import foresee_game
from scorekeeper.rules.text import Text
from scorekeeper.rules.variants._oneonta_ahead import bid_token
from scorekeeper.rules.variants._oneonta_bids import write_bid
from scorekeeper.rules.variants._oneonta_state import OneontaEntry
from scorekeeper.rules.variants.bid_whist import BidWhistEngine
from scorekeeper.rules.variants.oneonta import OneontaEngine

from .strategies import EXACT_VARIANTS, NAMES, split

FORESEEING = (*EXACT_VARIANTS, "classic-whist", "german-whist")
OPTIONS: dict[str, list[dict[str, object]]] = {
    "classic-whist": [{}, {"honours": True}, {"honours": True, "rubber": True}],
    "german-whist": [{}, {"count_all_tricks": True}, {"scoring": "difference", "hand_count": 3}],
    "custom-oh-hell": [{}, {"hook": False}, {"trump": "none"}],
}
AHEAD = 4


@st.composite
def phase_values(
    draw: Any, phase: EntryPhase, size: int, known: dict[str, object], *, whole: bool
) -> dict[str, object]:
    """What a page could send for this phase: each field from its declared choices, or left out.

    ``whole``: every seat has a value, required values are there, and totals that must add up do.
    """
    values = dict(known)
    totals = {rule.field: rule.total for rule in phase.rules if rule.kind == "total_is"}
    required = {rule.field for rule in phase.rules if rule.kind == "entered"}
    for rule in phase.rules:
        if rule.kind != "one_of" or rule.field not in phase.fields:
            continue
        some = st.sampled_from(rule.choices)
        maybe = st.one_of(st.none(), some)
        if rule.seats:
            items: list[object] = [None] * size
            shares = (
                split(draw, totals[rule.field], len(rule.seats)) if whole and rule.field in totals else None
            )
            for index, seat in enumerate(rule.seats):
                items[seat] = shares[index] if shares is not None else draw(some if whole else maybe)
            values[rule.field] = items
        elif (picked := draw(some if whole and rule.field in required else maybe)) is not None:
            values[rule.field] = picked
    return values


def valid_values(phase: EntryPhase, size: int, known: dict[str, object]) -> Any:
    """A whole entry of the phase that the checker accepts."""
    return phase_values(phase, size, known, whole=True).filter(
        lambda values: refusal(phase.rules, values, NAMES) is None
    )


def _engine_verdict(game: Game, number: int, values: dict[str, object]) -> Refusal | None:
    try:
        game.verify(game.table.variant.engine.read_entry(number, values))
    except RuleViolation as refused:
        return Refusal(text=refused.text, field=refused.field or "", seat=refused.seat)
    return None


def _agree(game: Game, deal: DealAhead, phase: EntryPhase, values: dict[str, object]) -> None:
    ours = refusal(phase.rules, values, game.table.players)
    theirs = _engine_verdict(game, deal.facts.number, values)
    assert (ours is None) == (theirs is None), (values, ours, theirs)
    if ours is not None and theirs is not None:
        assert (ours.text, ours.field) == (theirs.text, theirs.field)
        if theirs.seat is not None:
            assert ours.seat == theirs.seat


def _play(data: Any, game: Game, deal: DealAhead) -> Game:
    """Record a whole entry of the deal, drawn phase after phase."""
    values: dict[str, object] = {}
    for phase in deal.phases:
        values = data.draw(valid_values(phase, game.table.size, values))
    return game.record(game.table.variant.engine.read_entry(deal.facts.number, values))


@st.composite
def foreseen_games(draw: Any) -> Game:
    code = draw(st.sampled_from(FORESEEING))
    variant = get_variant(code)
    size = draw(st.integers(variant.min_players, variant.max_players))
    options = draw(st.sampled_from(OPTIONS.get(code, [{}])))
    return Game.start(code, list(NAMES[:size]), first_dealer=draw(st.integers(0, size - 1)), options=options)


@settings(max_examples=150, deadline=None)
@given(game=foreseen_games(), data=st.data())
def test_the_checker_and_the_engine_agree_on_every_entry_a_page_can_make(game: Game, data: Any) -> None:
    engine = game.table.variant.engine
    for _ in range(data.draw(st.integers(0, 6))):  # somewhere into the game
        ahead = engine.foresee(game.table, game.state, 1).deals
        if not ahead:
            break
        game = _play(data, game, ahead[0])
    foresight = engine.foresee(game.table, game.state, AHEAD)
    assert foresight.unknown is None
    assert len(foresight.deals) <= AHEAD
    for deal in foresight.deals:
        if game.state.current is None:
            assert foresight.ends_on_score  # only a game played to a score ends before its deals run out
            break
        assert game.state.current == deal.facts  # the facts foreseen are the facts the engine finds
        known: dict[str, object] = {}
        for phase in deal.phases:
            for _ in range(4):
                whole = data.draw(st.booleans())
                _agree(game, deal, phase, data.draw(phase_values(phase, game.table.size, known, whole=whole)))
            known = data.draw(valid_values(phase, game.table.size, known))
        game = game.record(engine.read_entry(deal.facts.number, known))


def test_the_hook_refuses_the_last_bidder_and_names_the_value() -> None:
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy"], first_dealer=0)
    deal = game.table.variant.engine.foresee(game.table, game.state, 1).deals[0]
    bids = deal.phases[0]
    found = refusal(bids.rules, {"bids": [4, 5, 1]}, game.table.players)  # ten cards: Ann deals, bids last
    assert found == Refusal(
        text=Text("hook", player="Ann", dealer=True, forbidden=4, cards=10), field="bids", seat=0
    )
    assert refusal(bids.rules, {"bids": [None, 5, 1]}, game.table.players) is None  # not all in yet
    assert refusal(bids.rules, {"bids": [3, 5, 1]}, game.table.players) is None


def test_a_side_s_missing_honours_name_the_side_whose_count_it_is() -> None:
    game = Game.start("classic-whist", ["Ann", "Bob", "Cat", "Dan"], options={"honours": True})
    phase = game.table.variant.engine.foresee(game.table, game.state, 1).deals[0].phases[0]
    found = refusal(phase.rules, {"tricks": 7, "side": 1}, game.table.players)
    assert found is not None
    assert found.text == Text("honours_missing", team=("Bob", "Dan"))


def test_constraints_travel_as_plain_data() -> None:
    said = Text("tricks_total", total=TOTAL, cards=3)
    rule = Constraint(kind="total_is", field="tricks", seats=(1, 2, 0), total=3, message=said)
    assert rule.as_data(repr) == {
        "kind": "total_is",
        "field": "tricks",
        "seats": [1, 2, 0],
        "total": 3,
        "message": repr(said),  # worded by the web layer: "The tricks add up to {total}, but 3 were …"
    }
    assert refusal((rule,), {"tricks": [1, 1, 2]}, NAMES) == Refusal(
        text=Text("tricks_total", total=4, cards=3), field="tricks"
    )


UNCHECKED = ("oneonta", "oneonta-cooperative", "oneonta-beat-the-game", "oneonta-solitaire", "bid-whist")


def _some_entry(draw: Any, game: Game, deal: DealAhead) -> dict[str, object]:
    """A whole entry the engine accepts, drawn from what it allows in turn (not the stand-in)."""
    engine = game.table.variant.engine
    facts, players = game.state.current, game.state.players
    assert facts is not None
    if isinstance(engine, BidWhistEngine):
        calls: list[Any] = []
        for _ in facts.bidding_order:
            allowed = [
                c.call for c in engine.legal_calls(game.table, facts, calls, players=players) if c.allowed
            ]
            calls.append(draw(st.sampled_from(allowed)))
        bid = next(call for call in reversed(calls) if not call.is_pass)
        declaration = draw(st.sampled_from(engine.declarations(bid)))
        return {
            "auction": [c.text for c in calls],
            "declaration": str(declaration.value),
            "tricks": draw(st.integers(0, 12)),
        }
    assert isinstance(engine, OneontaEngine)
    bids: list[Any] = [None] * len(players)
    for seat in facts.bidding_order:
        allowed = [
            c.bid for c in engine.legal_bids(game.table, facts, bids, seat, players=players) if c.allowed
        ]
        bids[seat] = draw(st.sampled_from(allowed))
    tricks: list[int | None] = [None] * len(players)
    shares = split(draw, facts.cards, len(facts.bidding_order))
    for seat, share in zip(facts.bidding_order, shares, strict=True):
        tricks[seat] = share
    return {"bids": [write_bid(bid) for bid in bids], "tricks": tricks}


def _bids_of(game: Game, deal: DealAhead, entry: dict[str, object]) -> list[Any]:
    read = game.table.variant.engine.read_entry(deal.facts.number, entry)
    assert isinstance(read, OneontaEntry)
    return list(read.bids)


@settings(max_examples=40, deadline=None)
@given(code=st.sampled_from(UNCHECKED), data=st.data())
def test_families_judged_in_turn_foresee_their_deals_unchecked_and_exactly(code: str, data: Any) -> None:
    """Oneonta's bids and Bid Whist's auction are judged in turn: their deals are foreseen (the facts
    the engine then finds, whatever is played), marked not checked; where the page's checker refuses
    (the tricks' total), the engine refuses the same."""
    variant = get_variant(code)
    size = data.draw(st.integers(variant.min_players, min(variant.max_players, 5)))
    game = Game.start(code, list(NAMES[:size]), first_dealer=data.draw(st.integers(0, size - 1)))
    foresight = foresee_game(game, 36)
    assert foresight.unknown is None and foresight.deals
    for deal in foresight.deals:
        if game.state.current is None:
            assert foresight.ends_on_score
            break
        assert not deal.checked and deal.as_data(repr)["checked"] is False
        found = game.state.current
        assert (found.number, found.cards, found.dealer, found.sitting_out) == (
            deal.facts.number,
            deal.facts.cards,
            deal.facts.dealer,
            deal.facts.sitting_out,
        )
        assert set(found.bidding_order) == set(deal.facts.bidding_order)
        entry = _some_entry(data.draw, game, deal)
        on_page = dict(entry)  # the page holds each Oneonta bid as its token ("3", "N2", "7D")
        if "bids" in entry:
            on_page["bids"] = [bid and bid_token(bid) for bid in _bids_of(game, deal, entry)]
        for phase in deal.phases:
            ours = refusal(phase.rules, on_page, game.state.players)
            if ours is not None:
                theirs = _engine_verdict(game, deal.facts.number, entry)
                assert theirs is not None and (ours.text, ours.field) == (theirs.text, theirs.field)
        try:
            game = game.record(variant.engine.read_entry(deal.facts.number, entry))
        except RuleViolation:
            break  # tricks drawn at random may not add up: the engine's refusal, checked above


@pytest.mark.parametrize(
    ("code", "players", "event"),
    [
        ("oh-hell", ["Ann", "Bob", "Cy", "Dee"], Arrival(name="Eve", left_of=1)),
        ("classic-whist", ["Ann", "Bob", "Cat", "Dan"], Misdeal()),
        ("german-whist", ["Ann", "Bob"], Misdeal()),
    ],
)
def test_after_a_table_event_only_the_deal_due_is_foreseen(code: str, players: list[str], event: Any) -> None:
    """The deals after an event follow from the seating it made (an arrival re-plans the deals,
    a misdeal in Classic Whist passes the deal): the page holds the deal due, as the engine found it."""
    game = Game.start(code, players).add(event)
    foresight = game.table.variant.engine.foresee(game.table, game.state, AHEAD)
    assert [deal.facts for deal in foresight.deals] == [game.state.current]
    plain = Game.start(code, players)
    assert len(plain.table.variant.engine.foresee(plain.table, plain.state, AHEAD).deals) > 1

"""Properties of Oneonta Whist that hold for every table and every legal (or refused) entry."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Game, InvalidBid, RuleViolation
from scorekeeper.rules.variants.oneonta import (
    OneontaBid,
    OneontaDeal,
    OneontaEngine,
    OneontaEntry,
    OneontaFacts,
    OneontaGameState,
    null,
    positive,
)

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
PLAYERS = {
    "oneonta-solitaire": (1, 1),
    "oneonta-edd-allard": (1, 1),
    "oneonta": (2, 7),
    "oneonta-cooperative": (2, 7),
    "oneonta-beat-the-game": (2, 6),
}


def engine_of(game: Game) -> OneontaEngine:
    engine = game.table.variant.engine
    assert isinstance(engine, OneontaEngine)
    return engine


def oneonta_state(game: Game) -> OneontaGameState:
    state = game.state
    assert isinstance(state, OneontaGameState)
    return state


def split(draw: Any, total: int, parts: int) -> list[int]:
    """A random way of sharing ``total`` tricks among ``parts`` players."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


def legal_entry(draw: Any, game: Game, facts: OneontaFacts) -> OneontaEntry:
    """Bids in bidding order, each one the engine offers as allowed, then tricks that fit."""
    engine = engine_of(game)
    bids: list[OneontaBid | None] = [None] * game.table.size
    for seat in facts.bidding_order:
        choices = [c.bid for c in engine.legal_bids(game.table, facts, tuple(bids), seat) if c.allowed]
        bids[seat] = draw(st.sampled_from(choices))
    tricks: list[int | None] = [None] * game.table.size
    players = len(facts.bidding_order)
    # With a dummy, one more share goes to it; otherwise the players take every trick.
    shares = split(draw, facts.cards, players + (1 if facts.dummy else 0))
    for seat, share in zip(facts.bidding_order, shares, strict=False):
        tricks[seat] = share
    return OneontaEntry(number=facts.number, bids=tuple(bids), tricks=tuple(tricks))


@st.composite
def tables(draw: Any, variant: str | None = None) -> Game:
    """A new game of some Oneonta form, size, first dealer and options."""
    code = variant or draw(st.sampled_from(sorted(PLAYERS)))
    low, high = PLAYERS[code]
    size = draw(st.integers(low, high))
    options: dict[str, object] = {"doubling": draw(st.booleans())}
    if code in ("oneonta-cooperative", "oneonta-beat-the-game"):
        options["hands"] = draw(st.integers(1, 4))
        options["lowest_player_scoring"] = draw(st.booleans())
    if code == "oneonta-solitaire":
        options["deals"] = draw(st.integers(1, 4))
        options["alternative_scoring"] = draw(st.booleans())
    return Game.start(code, NAMES[:size], first_dealer=draw(st.integers(0, size - 1)), options=options)


@st.composite
def played_games(draw: Any, variant: str | None = None, most: int = 12) -> Game:
    """A game played for a random number of legal deals."""
    game = draw(tables(variant))
    for _ in range(draw(st.integers(0, most))):
        facts = game.state.current
        if facts is None:
            break
        assert isinstance(facts, OneontaFacts)
        game = game.record(legal_entry(draw, game, facts))
    return game


def any_bid(cards: int) -> st.SearchStrategy[OneontaBid]:
    return st.one_of(
        st.integers(0, cards + 1).map(positive),
        st.integers(0, cards + 1).map(null),
    )


@settings(max_examples=60, deadline=None)
@given(game=played_games("oneonta-cooperative"))
def test_cooperative_bids_always_total_the_cards(game: Game) -> None:
    for deal in game.state.deals:
        assert isinstance(deal, OneontaDeal)
        assert deal.bid_total == deal.facts.cards


@settings(max_examples=80, deadline=None)
@given(game=tables("oneonta-cooperative"), data=st.data())
def test_cooperative_accepts_only_bids_that_total_the_cards(game: Game, data: st.DataObject) -> None:
    facts = game.state.current
    assert facts is not None
    bids = data.draw(st.lists(any_bid(facts.cards), min_size=game.table.size, max_size=game.table.size))
    try:
        state = game.record(OneontaEntry(number=1, bids=tuple(bids))).state
    except InvalidBid:
        return
    deal = state.deals[0]
    assert isinstance(deal, OneontaDeal)
    assert deal.bid_total == facts.cards


@settings(max_examples=60, deadline=None)
@given(game=played_games("oneonta-beat-the-game"))
def test_beat_the_game_bids_and_tricks_never_exceed_the_cards(game: Game) -> None:
    for deal in game.state.deals:
        assert isinstance(deal, OneontaDeal)
        assert deal.bid_total <= deal.facts.cards
        if deal.dummy_tricks is not None:
            assert 0 <= deal.dummy_tricks <= deal.facts.cards


@settings(max_examples=80, deadline=None)
@given(game=tables("oneonta-beat-the-game"), data=st.data())
def test_beat_the_game_refuses_every_bid_list_over_the_cards(game: Game, data: st.DataObject) -> None:
    facts = game.state.current
    assert facts is not None
    bids = data.draw(st.lists(any_bid(facts.cards), min_size=game.table.size, max_size=game.table.size))
    try:
        game.record(OneontaEntry(number=1, bids=tuple(bids)))
    except InvalidBid:
        return
    assert sum(bid.tricks_bid for bid in bids) <= facts.cards


@settings(max_examples=60, deadline=None)
@given(game=tables(), data=st.data())
def test_legal_bids_agree_with_the_referee(game: Game, data: st.DataObject) -> None:
    facts = game.state.current
    assert isinstance(facts, OneontaFacts)
    engine = engine_of(game)
    bids: list[OneontaBid | None] = [None] * game.table.size
    for seat in facts.bidding_order:
        for choice in engine.legal_bids(game.table, facts, tuple(bids), seat):
            trial = list(bids)
            trial[seat] = choice.bid
            try:
                engine.verify_bids(game.table, facts, trial)
            except RuleViolation as refusal:
                assert not choice.allowed and refusal.text == choice.reason
            else:
                assert choice.allowed and choice.reason is None
        allowed = [c.bid for c in engine.legal_bids(game.table, facts, tuple(bids), seat) if c.allowed]
        bids[seat] = data.draw(st.sampled_from(allowed))


@st.composite
def tied_games(draw: Any) -> tuple[Game, tuple[int, ...]]:
    """A competitive game played to its last regular hand with ``tied`` players level at the top.

    Every hand each tied player scores −1 (the first bids null 1 and takes every
    trick, the others bid 1 and take none) and everyone else −2 (a bid of 2, no trick).
    """
    size = draw(st.integers(2, 7))
    tied = tuple(sorted(draw(st.sets(st.integers(0, size - 1), min_size=2, max_size=size))))
    game = Game.start("oneonta", NAMES[:size], first_dealer=draw(st.integers(0, size - 1)))
    for _ in range(game.state.deal_count or 0):
        facts = game.state.current
        assert facts is not None
        bids = tuple(
            null(1) if seat == tied[0] else positive(1) if seat in tied else positive(2)
            for seat in range(size)
        )
        tricks = tuple(facts.cards if seat == tied[0] else 0 for seat in range(size))
        game = game.record(OneontaEntry(number=facts.number, bids=bids, tricks=tricks))
    return game, tied


@settings(max_examples=60, deadline=None)
@given(start=tied_games(), data=st.data())
def test_tie_break_hands_only_involve_the_tied_players(
    start: tuple[Game, tuple[int, ...]], data: st.DataObject
) -> None:
    game, tied = start
    state = oneonta_state(game)
    assert state.status == "in_progress" and state.playing == tied
    in_play = set(state.playing)
    frozen = {seat: state.seat_totals[seat] for seat in state.dropped}
    for _ in range(data.draw(st.integers(1, 6))):
        facts = game.state.current
        if facts is None:
            break
        assert isinstance(facts, OneontaFacts) and facts.tie_break
        assert set(facts.bidding_order) <= in_play
        assert set(facts.sitting_out) == set(range(game.table.size)) - set(facts.bidding_order)
        game = game.record(legal_entry(data.draw, game, facts))
        state = oneonta_state(game)
        for seat, total in frozen.items():
            assert state.seat_totals[seat] == total
        assert set(state.playing) <= in_play
        in_play = set(state.playing)
        frozen = {seat: state.seat_totals[seat] for seat in state.dropped}
    if state.finished:
        assert len(state.winners) == 1 and state.winners[0] in tied


@settings(max_examples=60, deadline=None)
@given(game=played_games())
def test_replay_is_deterministic_and_totals_are_the_sum_of_points(game: Game) -> None:
    engine = engine_of(game)
    first = engine.replay(game.table, game.entries)
    assert first == engine.replay(game.table, game.entries)
    rebuilt = [engine.read_entry(entry.number, engine.write_entry(entry)) for entry in game.entries]
    assert engine.replay(game.table, rebuilt) == first
    complete = [deal for deal in first.deals if deal.complete]
    sums = [0] * len(first.totals)
    for deal in complete:
        assert deal.points is not None
        for index, value in enumerate(deal.points):
            sums[index] += value or 0
    assert tuple(sums) == first.totals

"""Bid Whist: the auction and its refusals, a whole game, entries as data, and properties of any game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Game, InvalidTricks, OutOfTurn, RuleViolation, get_variant
from scorekeeper.rules.cards import Trump
from scorekeeper.rules.text import Text
from scorekeeper.rules.variants._bid_whist_auction import (
    PASS,
    AuctionRules,
    BidType,
    Call,
    Direction,
    InvalidCall,
    InvalidDeclaration,
    declaration_choices,
    high_bid,
    next_caller,
    read_call,
    verify_auction,
)
from scorekeeper.rules.variants.bid_whist import (
    BidWhistDeal,
    BidWhistEngine,
    BidWhistEntry,
    hand_points,
    legal_calls,
)
from scorekeeper.words import english
from tests.rules import replaying

from .said import refused

PLAYERS = ["Ann", "Bob", "Cat", "Dee"]
ENGINE = get_variant("bid-whist").engine


def call(text: str) -> Call:
    return read_call(text)


def play(options: dict[str, object], hands: list[dict[str, object]]) -> Game:
    return replaying.play("bid-whist", PLAYERS, options, hands)


def hands_of(game: Game) -> list[BidWhistDeal]:
    return replaying.deals_as(game, BidWhistDeal)


def test_a_whole_game_to_seven_with_a_forced_dealer_and_doubled_no_trump() -> None:
    game = play(
        {"double_nt": True},
        [
            # Ann deals; everyone passes to her and she must bid.
            {"auction": ["pass", "pass", "pass", "3 uptown"], "declaration": "H", "tricks": 9},
            # Bob deals; Ann outbids Cat's 3 downtown and is set.
            {"auction": ["3 downtown", "pass", "4 uptown", "pass"], "declaration": "S", "tricks": 8},
            # Cat deals; Dee's 3 uptown stands and makes an overtrick.
            {"auction": ["3 uptown", "pass", "pass", "pass"], "declaration": "D", "tricks": 10},
            # Dee deals; Cat's 5 no trump, played downtown, makes exactly and scores double.
            {"auction": ["pass", "4 downtown", "5 NT", "pass"], "declaration": "downtown", "tricks": 10},
        ],
    )
    hands = hands_of(game)
    assert [hand.bidder for hand in hands] == [0, 0, 3, 2]
    assert [hand.forced for hand in hands] == [True, False, False, False]
    assert [hand.points for hand in hands] == [(4, 0), (-4, 0), (0, 5), (10, 0)]
    assert [hand.totals for hand in hands] == [(4, 0), (0, 0), (0, 5), (10, 5)]
    assert [hand.made for hand in hands] == [True, False, True, True]
    assert hands[-1].trump is Trump.NO_TRUMP and hands[-1].direction is Direction.DOWNTOWN
    state = game.state
    assert state.status == "finished"
    assert state.winners == (0, 2)
    assert state.totals == (10, 5)
    assert state.teams == ((0, 2), (1, 3))
    assert state.notes == (
        Text(
            "note_bid_whist_won",
            reasons=(Text("bid_whist_reached", team=("Ann", "Cat"), total=10),),
            team=("Ann", "Cat"),
            score=10,
            other=5,
        ),
    )
    assert state.current is None
    with refused(OutOfTurn, "game_over_no_deal", number=5):
        game.record(BidWhistEntry(number=5, auction=(PASS,)))


def test_the_auction_is_recorded_before_the_tricks() -> None:
    game = play({}, [{"auction": ["pass", "4 uptown"]}])
    hand = hands_of(game)[0]
    assert hand.points is None and hand.bidder is None and not hand.complete
    assert game.state.current == hand.facts
    assert next_caller(hand.facts, hand.auction) == 3
    game = game.record(ENGINE.read_entry(1, {"auction": ["pass", "4 uptown", "pass", "pass"]}))
    hand = hands_of(game)[0]
    assert (hand.bidder, hand.contract, hand.trump, hand.direction) == (2, 10, None, Direction.UPTOWN)
    with refused(OutOfTurn, "deal_finish_first", previous=1, number=2):
        game.record(BidWhistEntry(number=2, auction=()))
    auction = ["pass", "4 uptown", "pass", "pass"]
    game = game.record(ENGINE.read_entry(1, {"auction": auction, "declaration": "C"}))
    assert hands_of(game)[0].trump is Trump.CLUBS and game.state.totals == (0, 0)
    game = game.record(ENGINE.read_entry(1, {"auction": auction, "declaration": "C", "tricks": 9}))
    assert game.state.totals == (4, 0)
    assert game.state.current is not None and game.state.current.number == 2


def test_tricks_before_the_auction_is_over_are_refused() -> None:
    with refused(InvalidCall, "auction_not_over", player="Dee"):
        play({}, [{"auction": ["pass", "4 uptown"], "tricks": 9}])


def test_legal_calls_after_a_downtown_bid() -> None:
    game = Game.start("bid-whist", PLAYERS)
    facts = game.state.current
    assert facts is not None
    choices = {choice.call.text: choice for choice in legal_calls(game.table, facts, [call("3 downtown")])}
    assert choices["pass"].allowed
    assert not choices["3 uptown"].allowed
    assert choices["3 uptown"].reason == Text(
        "auction_not_higher",
        call=Text("call", level=3, kind="uptown"),
        high=Text("call", level=3, kind="downtown"),
        ranks_level=False,
    )
    assert not choices["3 downtown"].allowed
    assert choices["3 NT"].allowed and choices["4 uptown"].allowed and choices["7 NT"].allowed
    assert len(choices) == 1 + 5 * 3


def test_legal_calls_for_the_dealer_after_three_passes() -> None:
    game = Game.start("bid-whist", PLAYERS, first_dealer=3, options={"min_bid": 4})
    facts = game.state.current
    assert facts is not None
    choices = legal_calls(game.table, facts, [PASS, PASS, PASS])
    assert choices[0].call == PASS and not choices[0].allowed
    assert choices[0].reason == Text("auction_dealer_forced", player="Dee", lowest=4)
    assert all(choice.allowed for choice in choices[1:])
    assert legal_calls(game.table, facts, [PASS, PASS, PASS, call("4 NT")]) == ()
    assert isinstance(ENGINE, BidWhistEngine)
    assert ENGINE.legal_calls(game.table, facts, [PASS, PASS, PASS]) == choices


def test_downtown_ranks_with_uptown_without_low_beats_high() -> None:
    game = Game.start("bid-whist", PLAYERS, options={"low_beats_high": False})
    facts = game.state.current
    assert facts is not None
    choices = {choice.call.text: choice for choice in legal_calls(game.table, facts, [call("3 downtown")])}
    assert not choices["3 uptown"].allowed
    assert choices["3 uptown"].reason == Text(
        "auction_not_higher",
        call=Text("call", level=3, kind="uptown"),
        high=Text("call", level=3, kind="downtown"),
        ranks_level=True,
    )
    assert choices["3 NT"].allowed


@pytest.mark.parametrize(
    ("level", "kind", "tricks", "options", "expected"),
    [
        (4, BidType.DOWNTOWN, 10, {}, (5, 0)),
        (4, BidType.DOWNTOWN, 8, {}, (-4, 0)),
        (4, BidType.DOWNTOWN, 9, {}, (4, 0)),
        (5, BidType.NO_TRUMP, 11, {"double_nt": True}, (12, 0)),
        (4, BidType.NO_TRUMP, 8, {"double_nt": True}, (-8, 0)),
        (3, BidType.UPTOWN, 4, {"defensive_scoring": True}, (-3, 2)),
        (3, BidType.UPTOWN, 0, {"defensive_scoring": True, "double_nt": True}, (-3, 6)),
        (7, BidType.UPTOWN, 12, {}, (7, 0)),
    ],
)
def test_hand_points(
    level: int, kind: BidType, tricks: int, options: dict[str, object], expected: tuple[int, int]
) -> None:
    table = Game.start("bid-whist", PLAYERS, options=options).table
    assert hand_points(Call(level=level, kind=kind), tricks, table.options) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("pass", PASS),
        (" PASS ", PASS),
        ("4 downtown", Call(level=4, kind=BidType.DOWNTOWN)),
        ("4↓", Call(level=4, kind=BidType.DOWNTOWN)),
        ("5 no trump", Call(level=5, kind=BidType.NO_TRUMP)),
        ("3nt", Call(level=3, kind=BidType.NO_TRUMP)),
        ({"level": 6, "type": "uptown"}, Call(level=6, kind=BidType.UPTOWN)),
    ],
)
def test_calls_read_from_data(raw: object, expected: Call) -> None:
    assert read_call(raw) == expected


@pytest.mark.parametrize(
    "raw", ["", "four uptown", "4 sideways", 4, None, {"level": 4}, {"level": "4", "type": "NT"}]
)
def test_calls_of_the_wrong_shape_are_refused(raw: object) -> None:
    with refused(InvalidCall, "call_unreadable", value=repr(raw)):
        read_call(raw)


@pytest.mark.parametrize(
    ("data", "error", "text"),
    [
        ({}, InvalidCall, Text("auction_not_list")),
        ({"auction": "pass"}, InvalidCall, Text("auction_not_list")),
        (
            {"auction": ["pass"], "tricks": "9"},
            InvalidTricks,
            Text("entry_count_not_whole", what="tricks", value="'9'"),
        ),
        (
            {"auction": ["pass"], "declaration": "sideways"},
            InvalidDeclaration,
            Text("declaration_unreadable", value="'sideways'"),
        ),
        (
            {"auction": ["pass"], "declaration": "NT"},
            InvalidDeclaration,
            Text("declaration_unreadable", value="'NT'"),
        ),
        (
            {"auction": ["pass"], "bids": []},
            RuleViolation,
            Text(
                "entry_unknown_key",
                variant="Bid Whist",
                keys=("auction", "declaration", "tricks"),
                key="'bids'",
            ),
        ),
    ],
)
def test_read_entry_refuses_wrong_shapes(
    data: dict[str, object], error: type[RuleViolation], text: Text
) -> None:
    with refused(error, text):
        ENGINE.read_entry(1, data)


def test_entries_round_trip_through_data() -> None:
    for data in (
        {"auction": ["pass", "4 downtown"]},
        {"auction": ["pass", "4 downtown", "5 NT", "pass"], "declaration": "uptown", "tricks": 10},
        {"auction": ["pass", "pass", "pass", "3 uptown"], "declaration": "H"},
    ):
        entry = ENGINE.read_entry(2, data)
        assert ENGINE.write_entry(entry) == data
        assert ENGINE.read_entry(2, ENGINE.write_entry(entry)) == entry


def test_declarations_offered() -> None:
    assert isinstance(ENGINE, BidWhistEngine)
    assert ENGINE.declarations(call("4 NT")) == (Direction.UPTOWN, Direction.DOWNTOWN)
    assert declaration_choices(call("4 uptown")) == (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS)


def test_the_deck_follows_the_jokers() -> None:
    for jokers in (0, 1, 2):
        table = Game.start("bid-whist", PLAYERS, options={"jokers": jokers}).table
        assert ENGINE.describe_deck(table) == Text("deck_bid_whist", jokers=jokers)
    assert ENGINE.input_kind == "bid_whist_auction"


@st.composite
def auctions(draw: st.DrawFn) -> tuple[Game, list[Call], list[str]]:
    """A legal auction, drawn call by call from what legal_calls allows, with the refusals seen."""
    options = {"min_bid": draw(st.integers(1, 4)), "low_beats_high": draw(st.booleans())}
    game = Game.start("bid-whist", PLAYERS, first_dealer=draw(st.integers(0, 3)), options=options)
    facts = game.state.current
    assert facts is not None
    calls: list[Call] = []
    refused: list[str] = []
    for _ in range(4):
        choices = legal_calls(game.table, facts, calls)
        allowed = [choice.call for choice in choices if choice.allowed]
        refused.extend(choice.reason or "" for choice in choices if not choice.allowed)
        calls.append(draw(st.sampled_from(allowed)))
    return game, calls, refused


@settings(max_examples=200, deadline=None)
@given(drawn=auctions())
def test_an_auctions_winning_call_beats_every_earlier_call(drawn: tuple[Game, list[Call], list[str]]) -> None:
    game, calls, refused = drawn
    facts = game.state.current
    assert facts is not None
    rules = AuctionRules(
        min_bid=game.table.options.number("min_bid"), low_beats_high=game.table.options.flag("low_beats_high")
    )
    result = verify_auction(facts, calls, game.table.players, rules)
    assert result is not None
    assert result.bid == high_bid(calls)
    position = facts.bidding_order.index(result.bidder)
    assert calls[position] == result.bid
    for earlier in calls[:position]:
        assert earlier.is_pass or rules.rank(result.bid) > rules.rank(earlier)
    assert all(later.is_pass for later in calls[position + 1 :])
    assert all(reason for reason in refused)


@settings(max_examples=100, deadline=None)
@given(
    hands=st.lists(
        st.tuples(st.integers(0, 4), st.integers(3, 7), st.integers(0, 12)), min_size=1, max_size=25
    ),
    defensive=st.booleans(),
    double_nt=st.booleans(),
    play_to=st.sampled_from(["5", "7", "9"]),
)
def test_any_game_has_one_winning_side_and_running_totals(
    hands: list[tuple[int, int, int]], defensive: bool, double_nt: bool, play_to: str
) -> None:
    options = {"defensive_scoring": defensive, "double_nt": double_nt, "play_to": play_to}
    game = Game.start("bid-whist", PLAYERS, options=options)
    kinds = ["uptown", "downtown", "NT"]
    for caller, level, tricks in hands:
        if game.state.finished:
            break
        # One player bids, the others pass; caller 3 is the dealer, forced or not.
        kind = kinds[(level + tricks) % 3]
        auction = ["pass"] * 4
        auction[min(caller, 3)] = f"{level} {kind}"
        declaration = "downtown" if kind == "NT" else "S"
        data = {"auction": auction, "declaration": declaration, "tricks": tricks}
        game = game.record(ENGINE.read_entry(len(game.entries) + 1, data))
    state = game.state
    running = [0, 0]
    for hand in hands_of(game):
        assert hand.points is not None
        running = [running[0] + hand.points[0], running[1] + hand.points[1]]
        assert hand.totals == tuple(running)
    assert state.totals == tuple(running)
    target = int(play_to)
    if state.finished:
        assert state.winners in ((0, 2), (1, 3))
        winner = state.winners[0] % 2
        assert state.totals[winner] > state.totals[1 - winner]
        assert any(abs(total) >= target for total in state.totals)
    else:
        assert all(abs(total) < target for total in state.totals)


def whole_game() -> Game:
    """A game played to its end: the dealer's side alternates +3, +3, −3, −3 and round again, then
    7 no trump ends it. (benchmarks/replay.py times its replay.)"""
    return play(
        {},
        [
            {"auction": ["pass"] * 3 + ["3 uptown"], "declaration": "S", "tricks": 8 if number % 4 < 2 else 2}
            for number in range(8)
        ]
        + [{"auction": ["7 NT", "pass", "pass", "pass"], "declaration": "uptown", "tricks": 12}],
    )


def test_replaying_a_whole_game_from_its_entries_gives_the_game_as_recorded() -> None:
    # What a replay costs is benchmarks/replay.py's to print: a time limit here would fail on a busy machine.
    game = whole_game()
    assert game.state.finished
    assert ENGINE.replay(game.table, game.entries) == game.state


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 15)
    | st.sampled_from(["pass", "4 NT", "3 uptown", "S", "up", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["level", "type"]), inner),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(
    data=st.dictionaries(
        st.sampled_from(["auction", "declaration", "tricks", "bids"]), json_values, max_size=4
    )
)
def test_any_data_is_read_and_recorded_or_refused_with_a_reason(data: dict[str, object]) -> None:
    game = Game.start("bid-whist", PLAYERS)
    try:
        game.record(ENGINE.read_entry(1, data))
    except RuleViolation as refusal:
        assert english(refusal)  # a code the words know, with the params they need

"""German Whist: the three scorings, the rising target, drawn games, entries as data, properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Game, InvalidTricks, RuleViolation, get_variant
from scorekeeper.rules.text import Text
from scorekeeper.rules.variants.german import GermanDeal, GermanEntry, counted_tricks, raised_target
from tests.rules import replaying

from .said import refused

PLAYERS = ["Ann", "Bob"]
ENGINE = get_variant("german-whist").engine


def play(options: dict[str, object], tricks: list[int]) -> Game:
    return replaying.play("german-whist", PLAYERS, options, [{"tricks": count} for count in tricks])


def hands_of(game: Game) -> list[GermanDeal]:
    return replaying.deals_as(game, GermanDeal)


def test_the_dealer_alternates_and_the_non_dealer_leads() -> None:
    game = play({}, [7, 7, 7])
    assert [(hand.facts.dealer, hand.facts.leader) for hand in hands_of(game)] == [(0, 1), (1, 0), (0, 1)]


@pytest.mark.parametrize(
    ("target", "totals", "raised"),
    [(50, (49, 60), 50), (50, (50, 51), 60), (50, (61, 63), 70), (60, (61, 56), 60), (50, (50, 50), 60)],
)
def test_the_target_rises_while_both_have_reached_it(
    target: int, totals: tuple[int, int], raised: int
) -> None:
    assert raised_target(target, totals) == raised


def test_the_target_can_rise_twice_in_one_hand() -> None:
    # All 26 tricks count: two drawn hands take both players from 13 past 15 and past 25 at once.
    game = play({"target": 15, "count_all_tricks": True}, [13, 13])
    hands = hands_of(game)
    assert [hand.totals for hand in hands] == [(13, 13), (26, 26)]
    assert [hand.target for hand in hands] == [15, 35]
    assert game.state.notes == (
        Text("note_german_target_raised", target=35),
        Text("note_german_first_to", target=35),
    )
    game = game.record(GermanEntry(number=3, tricks=26))
    assert game.state.totals == (52, 26)
    assert game.state.winners == (0,)


def test_a_drawn_game_under_difference_scoring() -> None:
    game = play({"scoring": "difference", "hand_count": 4, "count_all_tricks": True}, [13, 15, 11, 13])
    state = game.state
    assert state.totals == (4, 4)
    assert state.status == "finished"
    assert state.winners == (0, 1)
    assert state.notes == (Text("note_draw", sides=("Ann", "Bob"), total=4),)
    assert state.deal_count == 4
    assert [hand.hand_winner for hand in hands_of(game)] == [None, 0, 1, None]


def test_hands_scoring_ends_on_the_agreed_number_of_hands_won() -> None:
    game = play({"scoring": "hands", "hands_to_win": 3}, [7, 6, 7, 2, 13])
    assert game.state.totals == (3, 2)
    assert game.state.winners == (0,)
    assert game.state.notes == (Text("note_player_wins", player="Ann", score=3, other=2),)


@pytest.mark.parametrize(
    ("data", "error", "text"),
    [
        ({}, InvalidTricks, Text("player_tricks_missing")),
        ({"tricks": 7.0}, InvalidTricks, Text("entry_count_not_whole", what="tricks", value="7.0")),
        ({"tricks": 7, "side": -1}, RuleViolation, Text("side_out_of_range", highest=1, value="-1")),
        ({"tricks": 7, "trump": "JK"}, RuleViolation, Text("trump_not_a_suit", value="'JK'")),
        (
            {"tricks": 7, "honours": 3},
            RuleViolation,
            Text(
                "entry_unknown_key", variant="German Whist", keys=("tricks", "side", "trump"), key="'honours'"
            ),
        ),
    ],
)
def test_read_entry_refuses_wrong_shapes(data: dict[str, object], error: type[Exception], text: str) -> None:
    with refused(error, text):
        ENGINE.read_entry(1, data)


def test_entries_round_trip_through_data() -> None:
    for data in ({"tricks": 8}, {"tricks": 20, "side": 1, "trump": "D"}):
        entry = ENGINE.read_entry(3, data)
        assert ENGINE.write_entry(entry) == data
        assert ENGINE.read_entry(3, ENGINE.write_entry(entry)) == entry
    assert ENGINE.input_kind == "two_hand_tricks"


def test_counted_tricks() -> None:
    assert counted_tricks(False) == 13
    assert counted_tricks(True) == 26


@settings(max_examples=150, deadline=None)
@given(
    counts=st.lists(st.integers(0, 26), min_size=1, max_size=40),
    scoring=st.sampled_from(["trick_points", "difference", "hands"]),
    count_all=st.booleans(),
)
def test_any_game_has_one_winner_or_a_difference_draw(
    counts: list[int], scoring: str, count_all: bool
) -> None:
    options = {
        "scoring": scoring,
        "count_all_tricks": count_all,
        "target": 30,
        "hand_count": 6,
        "hands_to_win": 4,
    }
    game = Game.start("german-whist", PLAYERS, options=options)
    whole = counted_tricks(count_all)
    for count in counts:
        if game.state.finished:
            break
        game = game.record(GermanEntry(number=len(game.entries) + 1, tricks=count % (whole + 1)))
    state = game.state
    running = [0, 0]
    for hand in hands_of(game):
        assert hand.points is not None
        assert sum(hand.tricks) == whole
        running = [running[0] + hand.points[0], running[1] + hand.points[1]]
        assert hand.totals == tuple(running)
    assert state.totals == tuple(running)
    if not state.finished:
        assert state.winners == ()
        return
    if len(state.winners) == 2:
        assert scoring == "difference" and state.totals[0] == state.totals[1]
        assert state.notes[-1].code == "note_draw"
    else:
        (winner,) = state.winners
        assert state.totals[winner] > state.totals[1 - winner]
    if scoring == "trick_points":
        last = hands_of(game)[-1]
        assert last.target is not None
        assert state.totals[state.winners[0]] >= last.target > state.totals[1 - state.winners[0]]


def whole_game() -> Game:
    """A game of German Whist played to its end. (benchmarks/replay.py times its replay.)"""
    return play({}, [7, 6] * 3 + [13])


def test_replaying_a_whole_game_from_its_entries_gives_the_game_as_recorded() -> None:
    # What a replay costs is benchmarks/replay.py's to print: a time limit here would fail on a busy machine.
    game = whole_game()
    assert game.state.finished
    assert ENGINE.replay(game.table, game.entries) == game.state

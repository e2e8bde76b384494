"""Classic Whist: a whole game with honours, the rubber, entries as data, and properties of any game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Game, InvalidTricks, RuleViolation, get_variant
from scorekeeper.rules.text import Text
from scorekeeper.rules.variants.whist import (
    InvalidHonours,
    WhistDeal,
    WhistEntry,
    game_points_for,
    honour_points,
)
from tests.rules import replaying

from .said import refused

PLAYERS = ["Ann", "Bob", "Cat", "Dee"]
ENGINE = get_variant("classic-whist").engine


def play(options: dict[str, object], deals: list[dict[str, object]]) -> Game:
    return replaying.play("classic-whist", PLAYERS, options, deals)


def whist_deals(game: Game) -> list[WhistDeal]:
    return replaying.deals_as(game, WhistDeal)


def test_a_whole_game_with_honours_to_seven() -> None:
    deals = [
        {"tricks": 8, "honours": 3},  # N–S +2 on tricks, +2 on honours → 4–0
        {"tricks": 4, "honours": 0},  # E–W +3 on tricks, +4 on honours → 4–7 ends it
    ]
    game = play({"honours": True, "play_to": 7}, deals)
    state = game.state
    assert [deal.totals for deal in whist_deals(game)] == [(4, 0), (4, 7)]
    assert [deal.awards for deal in whist_deals(game)] == [(2, 0), (0, 4)]
    assert whist_deals(game)[-1].game_winner == 1
    assert state.status == "finished"
    assert state.winners == (1, 3)
    assert state.totals == (4, 7)
    assert state.current is None


def test_a_longer_game_with_honours_to_seven_deal_by_deal() -> None:
    deals = [
        {"tricks": 7, "honours": 2},  # 1–0
        {"tricks": 5, "honours": 1},  # E–W 8 tricks +2, 3 honours +2 → 1–4
        {"tricks": 9, "honours": 4, "trump": "H"},  # +3 and +4 → 8–4: the tricks do not reach 7, honours do
    ]
    game = play({"honours": True, "play_to": 7}, deals)
    played = whist_deals(game)
    assert [deal.points for deal in played] == [(1, 0), (0, 4), (7, 0)]
    assert [deal.totals for deal in played] == [(1, 0), (1, 4), (8, 4)]
    assert [deal.facts.dealer for deal in played] == [0, 1, 2]
    assert played[-1].trump is not None and played[-1].trump.value == "H"
    assert played[-1].honours_note is None
    assert game.state.winners == (0, 2)
    assert game.state.notes == (Text("note_team_wins", team=("Ann", "Cat"), high=8, low=4),)


def test_tricks_reaching_the_target_come_before_honours() -> None:
    # N–S on 4 take 8 (+2 → 6 ≥ 5); E–W hold four honours that would have taken them to 5 too.
    game = play({"honours": True}, [{"tricks": 10, "honours": 2}, {"tricks": 8, "honours": 0}])
    last = whist_deals(game)[-1]
    assert last.totals == (6, 0)
    assert last.awards == (0, 0)
    assert game.state.winners == (0, 2)


@pytest.mark.parametrize(("losers", "points"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_game_points(losers: int, points: int) -> None:
    assert game_points_for(losers) == points


@pytest.mark.parametrize(("held", "points"), [(0, 0), (1, 0), (2, 0), (3, 2), (4, 4)])
def test_honour_points(held: int, points: int) -> None:
    assert honour_points(held) == points


def test_the_rubber_keeps_dealing_round_the_table_across_games() -> None:
    game = play({"rubber": True}, [{"tricks": 13}, {"tricks": 0}, {"tricks": 13}])
    played = whist_deals(game)
    assert [deal.facts.dealer for deal in played] == [0, 1, 2]
    assert [deal.game_number for deal in played] == [1, 2, 3]
    assert [deal.games_won for deal in played] == [(1, 0), (1, 1), (2, 1)]
    assert game.state.totals == (3 + 3 + 2, 3)
    assert game.state.settlement == (5, -5)


def test_correcting_an_early_deal_rescores_the_rest() -> None:
    game = play({}, [{"tricks": 8}, {"tricks": 8}])
    assert game.state.totals == (4, 0)
    corrected = game.record(WhistEntry(number=1, tricks=4))
    assert corrected.state.totals == (2, 3)
    assert corrected.undo().state.totals == (0, 3)
    finished = corrected.record(WhistEntry(number=3, tricks=2))
    assert finished.state.totals == (2, 8)
    assert finished.state.winners == (1, 3)


def test_a_correction_that_would_end_the_game_earlier_is_refused() -> None:
    game = play({}, [{"tricks": 8}, {"tricks": 8}])
    with refused(RuleViolation, "game_over_no_deal", number=2):
        game.record(WhistEntry(number=1, tricks=0))


@pytest.mark.parametrize(
    ("data", "error", "text"),
    [
        ({}, InvalidTricks, Text("side_tricks_missing")),
        ({"tricks": "8"}, InvalidTricks, Text("entry_count_not_whole", what="tricks", value="'8'")),
        ({"tricks": True}, InvalidTricks, Text("entry_count_not_whole", what="tricks", value="True")),
        (
            {"tricks": 8, "honours": 2.5},
            InvalidHonours,
            Text("entry_count_not_whole", what="honours", value="2.5"),
        ),
        ({"tricks": 8, "side": 2}, RuleViolation, Text("side_out_of_range", highest=1, value="2")),
        ({"tricks": 8, "trump": "NT"}, RuleViolation, Text("trump_not_a_suit", value="'NT'")),
        ({"tricks": 8, "trump": 3}, RuleViolation, Text("trump_not_a_suit", value="3")),
        (
            {"tricks": 8, "bids": [1]},
            RuleViolation,
            Text(
                "entry_unknown_key",
                variant="Classic Whist",
                keys=("tricks", "honours", "side", "trump"),
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
    for data in ({"tricks": 8}, {"tricks": 3, "honours": 4, "side": 1, "trump": "C"}):
        entry = ENGINE.read_entry(5, data)
        assert ENGINE.write_entry(entry) == data
        assert ENGINE.read_entry(5, ENGINE.write_entry(entry)) == entry


def test_the_engine_declares_its_kind_and_length() -> None:
    game = Game.start("classic-whist", PLAYERS)
    assert ENGINE.input_kind == "partnership_tricks"
    assert ENGINE.deal_count(game.table) is None
    assert game.state.deal_count is None
    assert game.state.teams == ((0, 2), (1, 3))
    assert ENGINE.describe_deck(game.table) == Text("deck_full")
    assert game.state.current is not None and game.state.current.trump_turned


deal_inputs = st.tuples(st.integers(0, 13), st.integers(0, 4), st.integers(0, 1))


@settings(max_examples=150, deadline=None)
@given(
    inputs=st.lists(deal_inputs, min_size=1, max_size=30),
    play_to=st.sampled_from(["5", "7", "9"]),
    honours=st.booleans(),
    blocked=st.booleans(),
)
def test_any_game_has_one_winning_side_and_running_totals(
    inputs: list[tuple[int, int, int]], play_to: str, honours: bool, blocked: bool
) -> None:
    options = {"play_to": play_to, "honours": honours, "honours_blocked_one_short": blocked}
    game = Game.start("classic-whist", PLAYERS, options=options)
    for tricks, held, side in inputs:
        if game.state.finished:
            break
        entry = WhistEntry(
            number=len(game.entries) + 1, tricks=tricks, honours=held if honours else None, side=side
        )
        game = game.record(entry)
    state = game.state
    running = [0, 0]
    for deal in whist_deals(game):
        assert deal.points is not None and deal.totals is not None
        running = [running[0] + deal.points[0], running[1] + deal.points[1]]
        assert deal.totals == tuple(running)
        assert sum(deal.tricks) == 13
        trick_side = 0 if deal.tricks[0] > 6 else 1
        assert deal.points[trick_side] >= deal.tricks[trick_side] - 6 >= 1
    assert state.totals == tuple(running)
    if state.finished:
        assert state.winners in ((0, 2), (1, 3))
        winner = state.winners[0] % 2
        assert state.totals[winner] >= int(play_to) > state.totals[1 - winner]
    else:
        assert state.winners == ()
        assert max(state.totals) < int(play_to)


@settings(max_examples=100, deadline=None)
@given(inputs=st.lists(st.tuples(st.integers(0, 13), st.integers(0, 4)), min_size=1, max_size=60))
def test_any_rubber_ends_with_two_games_to_one_side(inputs: list[tuple[int, int]]) -> None:
    game = Game.start("classic-whist", PLAYERS, options={"rubber": True, "honours": True})
    for tricks, held in inputs:
        if game.state.finished:
            break
        game = game.record(WhistEntry(number=len(game.entries) + 1, tricks=tricks, honours=held))
    state = game.state
    played = whist_deals(game)
    if not played or not state.finished:
        assert state.settlement is None
        return
    games = played[-1].games_won
    assert games is not None and sorted(games) in ([0, 2], [1, 2])
    assert state.settlement is not None and sum(state.settlement) == 0
    winner = state.winners[0] % 2
    assert games[winner] == 2
    assert state.settlement[winner] == state.totals[winner] - state.totals[1 - winner] > 0


def whole_game() -> Game:
    """A game of Classic Whist with honours, to 9, played to its end. (benchmarks/replay.py times its
    replay.)"""
    deals: list[dict[str, object]] = [{"tricks": 7, "honours": 2}] * 8 + [{"tricks": 13, "honours": 2}]
    return play({"honours": True, "play_to": 9}, deals)


def test_replaying_a_whole_game_from_its_entries_gives_the_game_as_recorded() -> None:
    # What a replay costs is benchmarks/replay.py's to print: a time limit here would fail on a busy machine.
    game = whole_game()
    assert game.state.finished
    assert ENGINE.replay(game.table, game.entries) == game.state

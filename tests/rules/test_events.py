"""Table events in the log: recording, correcting and undoing them, the engine's questions about
them (verify, preview, what is possible now), and how seats keep their numbers."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    Adjustment,
    Arrival,
    Departure,
    Game,
    InvalidEvent,
    Misdeal,
    OutOfTurn,
    Revoke,
    RuleViolation,
    SitOut,
    Stop,
    Substitute,
    get_variant,
    possible_events,
    preview,
    read_event,
    table_laws,
    verify_adjustment,
    verify_arrival,
    verify_departure,
    verify_misdeal,
    verify_revoke,
    verify_sit_out,
    verify_stop,
    verify_substitute,
    write_event,
)
from scorekeeper.rules.explain import explain
from scorekeeper.rules.replan import by_blocks, capped
from scorekeeper.rules.schedules import walk
from scorekeeper.rules.text import Text

from .said import refused
from .test_examples import _fill

ROMANIAN = ["Peter", "Peggy", "John", "Mary", "Paul", "Ruth"]


def _oh_hell(deals: int = 0) -> Game:
    return _fill(Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]), deals)


# --- the log ---------------------------------------------------------------------------------


def test_deals_and_events_keep_their_own_numbers_in_one_log() -> None:
    game = _oh_hell(2).add(Adjustment(side=0, points=3, reason="bonus"))
    game = _fill(game, 1).add(Misdeal())
    assert len(game.log) == 5 and len(game.entries) == 3 and len(game.events) == 2
    assert [game.deal_position(n) for n in (1, 2, 3)] == [1, 2, 4]
    assert [game.event_position(n) for n in (1, 2)] == [3, 5]
    with refused(OutOfTurn, "no_such_event", number=3, recorded=2):
        game.event_position(3)
    assert game.last_is_event()


def test_correcting_a_deal_before_an_event_rescores_everything_after_it() -> None:
    game = _oh_hell(1).add(Adjustment(side=1, points=5, reason="bonus"))
    game = _fill(game, 1)
    # Deal 1 corrected: Bob bid 0 and took 10 (10); now Bob bids 10 and takes them (20).
    corrected = game.record(
        game.table.variant.engine.read_entry(1, {"bids": [1, 10, 0, 0], "tricks": [0, 10, 0, 0]})
    )
    assert corrected.log[1] == game.log[1] and len(corrected.log) == 3
    # Bob: 20 + 5 (the adjustment) + 10 (deal 2, exact on 0) = 35.
    assert corrected.state.totals[1] == 35 and game.state.totals[1] == 25


def test_an_event_is_corrected_where_it_stands() -> None:
    game = _fill(_oh_hell(1).add(Adjustment(side=1, points=5, reason="bonus")), 1)
    corrected = game.correct_event(1, Adjustment(side=2, points=-5, reason="late"))
    assert corrected.event_position(1) == 2
    assert corrected.state.totals == (20, 20, 14, 20)
    with refused(InvalidEvent, "event_name_taken", name="Cy"):
        game.correct_event(1, Arrival(name="Cy", left_of=0))


def test_a_correction_the_later_log_cannot_follow_is_refused() -> None:
    # Cy sits deal 2 out, then Dee and Eve leave. Corrected into Cy leaving after deal 1, deal 2
    # still stands, but Eve's departure would then leave two: refused, and nothing changes.
    game = _fill(Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee", "Eve"]), 1).add(SitOut(seat=2))
    game = _fill(game, 1).add(Departure(seat=3)).add(Departure(seat=4))
    with refused(InvalidEvent, "event_leave_too_few", name="Eve", variant="Oh Hell", least=3, left=2):
        game.correct_event(1, Departure(seat=2))
    assert game.events[0] == SitOut(seat=2)


def test_undo_removes_the_last_item_whatever_its_kind() -> None:
    game = _oh_hell(1).add(Misdeal())
    assert game.undo().log == game.log[:1]
    assert game.undo().undo().log == ()
    with refused(OutOfTurn, "nothing_to_undo"):
        Game.start("oh-hell", ["Ann", "Bob", "Cy"]).undo()


def test_the_game_before_a_deal_has_the_events_before_its_entry() -> None:
    game = _fill(_oh_hell(1).add(Misdeal()), 1)
    assert game.before_deal(2).log == game.log[:2]
    assert game.before_deal(2).state.current == game.state.deals[1].facts
    assert game.before_deal(5) is game


def test_a_log_reads_back_from_its_data() -> None:
    game = _fill(_oh_hell(2).add(Arrival(name="Eve", left_of=1, start="average")).add(SitOut(seat=4)), 1)
    data = game.log_data()
    assert data[2] == {"event": "arrival", "name": "Eve", "left_of": 1, "start": "average"}
    assert Game.from_data(game.table, data).log == game.log


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"event": "party"},
            Text(
                "event_unknown_kind",
                kinds=(
                    "misdeal",
                    "revoke",
                    "arrival",
                    "departure",
                    "substitute",
                    "sit_out",
                    "adjustment",
                    "stop",
                    "secrecy",
                ),
                value="'party'",
            ),
        ),
        ({"event": "misdeal", "seat": 1}, Text("event_unknown_key", kind="misdeal", keys=(), key="'seat'")),
        ({"event": "revoke", "seats": []}, Text("event_revoke_seats", value="[]")),
        ({"event": "revoke", "seats": [1, 1]}, Text("event_revoke_seats_twice")),
        ({"event": "arrival", "name": " ", "left_of": 0}, Text("event_name_missing")),
        (
            {"event": "arrival", "name": "Eve", "left_of": "Ann"},
            Text("event_seat_not_number", what="left_of", value="'Ann'"),
        ),
        (
            {"event": "arrival", "name": "Eve", "left_of": 0, "start": "highest"},
            Text("event_start_total", most=10000, value="'highest'"),
        ),
        ({"event": "departure", "seat": True}, Text("event_seat_not_number", what="seat", value="True")),
        (
            {"event": "adjustment", "side": 0, "points": 0, "reason": "x"},
            Text("event_adjustment_points", most=10000, value="0"),
        ),
        (
            {"event": "adjustment", "side": 0, "points": 5, "reason": "  "},
            Text("event_adjustment_reason_missing"),
        ),
        (
            {"event": "adjustment", "side": 0, "points": 10**9, "reason": "x"},
            Text("event_adjustment_points", most=10000, value="1000000000"),
        ),
    ],
)
def test_events_of_the_wrong_shape_are_refused_in_words(data: dict[str, object], message: str) -> None:
    with refused(InvalidEvent, message):
        read_event(data)


def test_every_event_writes_the_data_it_reads() -> None:
    events = [
        Misdeal(),
        Revoke(seats=(1, 3)),
        Arrival(name="Eve", left_of=2, start=-3),
        Departure(seat=1),
        Substitute(seat=0, name="Sue"),
        SitOut(seat=2),
        Adjustment(side=1, points=-4, reason="late"),
        Stop(),
    ]
    assert [read_event(write_event(event)) for event in events] == events


# --- verify, ask, do ------------------------------------------------------------------------


def test_each_verify_raises_what_recording_would() -> None:
    game = Game.start("classic-whist", ["Ann", "Bob", "Cy", "Dee"])
    verify_misdeal(game)
    verify_substitute(game, 1, "Sue")
    verify_adjustment(game, 1, 2, "bonus")
    with refused(
        InvalidEvent,
        "event_join_fixed_table",
        name="Eve",
        variant="Classic Whist",
        why=Text("fixed_four_partnerships"),
    ):
        verify_arrival(game, "Eve", 0)
    with refused(InvalidEvent, "event_leave_before_first", name="Bob"):
        verify_departure(game, 1)
    with refused(InvalidEvent, "event_sit_out_not_allowed", name="Bob", variant="Classic Whist"):
        verify_sit_out(game, 1)
    with refused(InvalidEvent, "event_revoke_where"):
        verify_revoke(game, [0])
    with refused(InvalidEvent, "event_stop_before_play"):
        verify_stop(game)
    assert game.log == ()


def test_a_preview_says_what_the_event_changes_without_recording_it() -> None:
    # Romanian Whist for six: 1-8-1 is six 1s, 2…7, six 8s, 7…2, six 1s (30 deals). In the neutral
    # deals the first bidder takes every trick on a bid of 0: Peggy did so in deal 6 (−1) and was
    # exact on 0 in the other eight (+5 each): 39. With five, the blocks to come have five deals:
    # 5, 6, 7, five 8s, 7…2, five 1s: 19 deals, 10 to 28.
    game = _fill(Game.start("romanian-whist", ROMANIAN, first_dealer=1), 9)
    seen = preview(game, Departure(seat=1))
    assert seen.event.text == Text(
        "event_departure",
        name="Peggy",
        number=9,
        total=39,
        plan=Text("plan_change", first=10, last=28, players=5, cards=(5, 6, 7), more=True),
    )
    plan = seen.event.plan
    assert plan is not None and plan.first_deal == 10
    assert (plan.players_before, plan.players_after) == (6, 5)
    assert plan.before == (5, 6, 7, 8, 8, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1)
    assert plan.after == (5, 6, 7, 8, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1)
    assert seen.state.deal_count == 28 and game.state.deal_count == 30
    assert game.events == ()


def test_the_events_possible_now_say_for_whom_or_why_not() -> None:
    game = _fill(Game.start("classic-whist", ["Ann", "Bob", "Cy", "Dee"]), 1)
    choices = {choice.kind: choice for choice in possible_events(game)}
    assert choices["revoke"].allowed and choices["revoke"].seats == (1, 2, 3, 0)
    assert choices["adjustment"].allowed and choices["adjustment"].sides == (0, 1)
    assert choices["substitute"].allowed and choices["substitute"].seats == (0, 1, 2, 3)
    assert choices["misdeal"].allowed and choices["stop"].allowed
    for kind in ("arrival", "departure", "sit_out"):
        assert not choices[kind].allowed
        reason = choices[kind].reason
        assert reason is not None and reason.params["variant"] == "Classic Whist"
    three = _fill(Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]), 1).add(Departure(seat=3))
    sit_out = {choice.kind: choice for choice in possible_events(three)}["sit_out"]
    assert not sit_out.allowed and sit_out.reason == Text(
        "event_sit_out_too_few", name="Ann", number=2, least=3, variant="Oh Hell", playing=2
    )


# --- seats -------------------------------------------------------------------------------------


def test_an_arrival_takes_the_next_seat_number_and_earlier_deals_keep_their_lists() -> None:
    game = _fill(_oh_hell(2).add(Arrival(name="Eve", left_of=0)), 1)
    first, third = game.state.deals[0], game.state.deals[2]
    assert len(first.points or ()) == 4 and len(third.points or ()) == 5
    # Bob dealt deal 2, so Cy deals deal 3; Eve sits between Ann and Bob.
    assert third.facts.bidding_order == (3, 0, 4, 1, 2)
    assert game.state.players == ("Ann", "Bob", "Cy", "Dee", "Eve")
    assert game.table.players == ("Ann", "Bob", "Cy", "Dee")


def test_a_player_may_come_back_to_their_own_seat() -> None:
    game = _oh_hell(1).add(Substitute(seat=1, name="Sue"))
    back = _fill(game, 1).add(Substitute(seat=1, name="Bob"))
    assert back.state.life is not None and back.state.life.seats[1].names == ("Bob", "Sue", "Bob")
    assert back.state.life.names_at(2) == ("Ann", "Sue", "Cy", "Dee")
    with refused(InvalidEvent, "event_name_holds_seat", name="Sue"):
        game.add(Substitute(seat=1, name="Sue"))


def test_a_departed_seat_keeps_its_total_and_takes_no_adjustment() -> None:
    game = _oh_hell(1).add(Departure(seat=0))
    with refused(InvalidEvent, "event_side_left", who="Ann", number=1):
        game.add(Adjustment(side=0, points=5, reason="x"))
    with refused(InvalidEvent, "event_player_left", name="Ann", number=1):
        game.add(Substitute(seat=0, name="Sue"))


def test_events_wait_for_the_deal_under_way() -> None:
    game = _oh_hell(0).record(
        Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]).table.variant.engine.read_entry(
            1, {"bids": [0, 0, 0, 0]}
        )
    )
    with refused(InvalidEvent, "event_deal_under_way", number=1, kind="adjustment"):
        game.add(Adjustment(side=0, points=1, reason="x"))


# --- re-planning ----------------------------------------------------------------------------


def test_blocks_are_completed_to_the_new_number_of_players() -> None:
    three = walk((1, 8, 1), repeats=3)
    # Two of three 1s played, a fourth player: four 1s, then the blocks of four.
    assert by_blocks((1, 8, 1), 4, three[:2]) == walk((1, 8, 1), repeats=4)
    # All three 1s played, then a fourth: one more 1.
    assert by_blocks((1, 8, 1), 4, three[:3])[:5] == (1, 1, 1, 1, 2)
    # Into the ramp: the ramp goes on, the later blocks take four.
    ramp_then_fours = (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1)
    assert by_blocks((1, 8, 1), 4, three[:5]) == ramp_then_fours
    # A block begun past the new number ends where it is.
    four = walk((1, 8, 1), repeats=4)
    assert by_blocks((1, 8, 1), 3, four[:4])[:5] == (1, 1, 1, 1, 2)


def test_capped_plans_keep_their_deals() -> None:
    assert capped((10, 9, 8, 7), 1, 8) == (10, 8, 8, 7)


def test_custom_games_with_repeated_ends_replan_by_blocks() -> None:
    options = {"shape": "up", "start_cards": 1, "end_cards": 3, "repeat_ends": True}
    game = _fill(Game.start("custom-oh-hell", ["Ann", "Bob", "Cy"], options=options), 2)
    # 1 1 1 2 3 3 3 for three; two 1s played, a fourth player: two more 1s, then 2, then four 3s.
    game = game.add(Arrival(name="Dee", left_of=0))
    assert game.state.deal_count == 2 + 2 + 1 + 4


def test_a_refusal_names_the_variant_rule_and_changes_nothing() -> None:
    game = _oh_hell(1)
    with pytest.raises(RuleViolation) as refused:
        game.add(Departure(seat=9))
    assert refused.value.field == "seat"


def test_the_explanation_of_a_deal_counts_its_revoke() -> None:
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"])
    entry = game.table.variant.engine.read_entry(1, {"bids": [1, 3, 3, 2], "tricks": [2, 3, 3, 2]})
    game = game.record(entry).add(Revoke(seats=(2,)))
    deal, marks = game.state.deals[0], game.state.marks(1)
    revoke = None if marks is None else marks.revoke
    exact = Text("explain_tricks_and_bonus", per_trick=1, bonus=10, bid=3, took=3, points=13)
    assert explain(game.table, deal, 2, revoke) == Text(
        "explain_revoke_penalty", words=exact, penalty=10, points=3
    )
    assert explain(game.table, deal, 1, revoke) == exact
    redealt = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"], options={"revoke": "redeal"})
    redealt = redealt.record(entry).add(Revoke(seats=(2,)))
    marks = redealt.state.marks(1)
    assert marks is not None and marks.void
    assert explain(redealt.table, redealt.state.deals[0], 0, marks.revoke) == Text(
        "explain_revoke_dealt_again", revoke=Text("revoke_house_redeal", who=("Cy",), number=1)
    )
    sat_out = _fill(_oh_hell(1).add(SitOut(seat=2)), 1)
    assert explain(sat_out.table, sat_out.state.deals[1], 2) == Text("explain_sat_out", dead_hand=False)
    arrived = _fill(_oh_hell(1).add(Arrival(name="Eve", left_of=0)), 1)
    assert explain(arrived.table, arrived.state.deals[0], 4) == Text("explain_not_joined")
    assert explain(arrived.table, arrived.state.deals[1], 4) == Text(
        "explain_tricks_and_bonus", per_trick=1, bonus=10, bid=0, took=0, points=10
    )


@pytest.mark.parametrize(
    ("variant", "options", "misdeal", "revoke", "sit_out"),
    [
        (
            "classic-whist",
            {},
            Text("law_misdeal_passes"),
            Text("law_whist_revoke_choice", play_to=5, points=3),
            Text("law_no_sit_out"),
        ),
        (
            "classic-whist",
            {"misdeal_loses_deal": False},
            Text("law_misdeal_redealt"),
            Text("law_whist_revoke_choice", play_to=5, points=3),
            Text("law_no_sit_out"),
        ),
        (
            "bid-whist",
            {"renege_penalty": "all_books"},
            Text("law_misdeal_redealt"),
            Text("law_renege", every_book=True),
            Text("law_no_sit_out"),
        ),
        (
            "oh-hell",
            {},
            Text("law_misdeal_redealt"),
            Text("law_house_revoke_penalty", points=10),
            Text("law_sit_out", least=3),
        ),
        (
            "german-whist",
            {"revoke": "redeal"},
            Text("law_misdeal_redealt"),
            Text("law_house_revoke_redeal"),
            Text("law_no_sit_out"),
        ),
    ],
)
def test_the_laws_of_table_events_in_words(
    variant: str, options: dict[str, object], misdeal: Text, revoke: Text, sit_out: Text
) -> None:
    players = ["Ann", "Bob", "Cy", "Dee"][: get_variant(variant).max_players]
    lines = table_laws(Game.start(variant, players, options=options).table)
    assert (lines[0], lines[1], lines[3]) == (misdeal, revoke, sit_out)

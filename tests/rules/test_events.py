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
    with pytest.raises(OutOfTurn, match="There is no event 3"):
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
    with pytest.raises(InvalidEvent, match="Cy already has a seat"):
        game.correct_event(1, Arrival(name="Cy", left_of=0))


def test_a_correction_the_later_log_cannot_follow_is_refused() -> None:
    # Cy sits deal 2 out, then Dee and Eve leave. Corrected into Cy leaving after deal 1, deal 2
    # still stands, but Eve's departure would then leave two: refused, and nothing changes.
    game = _fill(Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee", "Eve"]), 1).add(SitOut(seat=2))
    game = _fill(game, 1).add(Departure(seat=3)).add(Departure(seat=4))
    with pytest.raises(InvalidEvent, match="Eve cannot leave: Oh Hell needs at least 3 players"):
        game.correct_event(1, Departure(seat=2))
    assert game.events[0] == SitOut(seat=2)


def test_undo_removes_the_last_item_whatever_its_kind() -> None:
    game = _oh_hell(1).add(Misdeal())
    assert game.undo().log == game.log[:1]
    assert game.undo().undo().log == ()
    with pytest.raises(OutOfTurn, match="nothing has been recorded"):
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
        ({"event": "party"}, "An event is one of misdeal, revoke"),
        ({"event": "misdeal", "seat": 1}, "A misdeal event has nothing more, not 'seat'"),
        ({"event": "revoke", "seats": []}, "The seats that revoked are a list of seat numbers"),
        ({"event": "revoke", "seats": [1, 1]}, "Name each player who revoked once"),
        ({"event": "arrival", "name": " ", "left_of": 0}, "The player needs a name"),
        ({"event": "arrival", "name": "Eve", "left_of": "Ann"}, "Give the seat the newcomer sits at"),
        ({"event": "arrival", "name": "Eve", "left_of": 0, "start": "highest"}, "The starting total is"),
        ({"event": "departure", "seat": True}, "Give the seat as a seat number"),
        ({"event": "adjustment", "side": 0, "points": 0, "reason": "x"}, "not 0"),
        ({"event": "adjustment", "side": 0, "points": 5, "reason": "  "}, "Say why the points change"),
        ({"event": "adjustment", "side": 0, "points": 10**9, "reason": "x"}, "from -10000 to 10000"),
    ],
)
def test_events_of_the_wrong_shape_are_refused_in_words(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidEvent, match=message):
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
    with pytest.raises(InvalidEvent, match="Eve cannot join: Classic Whist is played by exactly four"):
        verify_arrival(game, "Eve", 0)
    with pytest.raises(InvalidEvent, match="Bob cannot leave before the first deal"):
        verify_departure(game, 1)
    with pytest.raises(InvalidEvent, match="Bob cannot sit out"):
        verify_sit_out(game, 1)
    with pytest.raises(InvalidEvent, match="right after the deal"):
        verify_revoke(game, [0])
    with pytest.raises(InvalidEvent, match="Nothing has been played yet"):
        verify_stop(game)
    assert game.log == ()


def test_a_preview_says_what_the_event_changes_without_recording_it() -> None:
    # Romanian Whist for six: 1-8-1 is six 1s, 2…7, six 8s, 7…2, six 1s (30 deals). In the neutral
    # deals the first bidder takes every trick on a bid of 0: Peggy did so in deal 6 (−1) and was
    # exact on 0 in the other eight (+5 each): 39. With five, the blocks to come have five deals:
    # 5, 6, 7, five 8s, 7…2, five 1s: 19 deals, 10 to 28.
    game = _fill(Game.start("romanian-whist", ROMANIAN, first_dealer=1), 9)
    seen = preview(game, Departure(seat=1))
    assert seen.event.text == (
        "Peggy leaves after deal 9 with 39; deals 10–28 become 5-player deals: 5, 6, 7, … cards"
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
        assert "Classic Whist" in (choices[kind].reason or "")
    three = _fill(Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]), 1).add(Departure(seat=3))
    sit_out = {choice.kind: choice for choice in possible_events(three)}["sit_out"]
    assert not sit_out.allowed and "at least 3 players must play" in (sit_out.reason or "")


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
    with pytest.raises(InvalidEvent, match="Sue already holds this seat"):
        game.add(Substitute(seat=1, name="Sue"))


def test_a_departed_seat_keeps_its_total_and_takes_no_adjustment() -> None:
    game = _oh_hell(1).add(Departure(seat=0))
    with pytest.raises(InvalidEvent, match="Ann left after deal 1: their total is final"):
        game.add(Adjustment(side=0, points=5, reason="x"))
    with pytest.raises(InvalidEvent, match="Ann left after deal 1"):
        game.add(Substitute(seat=0, name="Sue"))


def test_events_wait_for_the_deal_under_way() -> None:
    game = _oh_hell(0).record(
        Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]).table.variant.engine.read_entry(
            1, {"bids": [0, 0, 0, 0]}
        )
    )
    with pytest.raises(InvalidEvent, match="Deal 1 is under way: finish it"):
        game.add(Adjustment(side=0, points=1, reason="x"))


# --- re-planning ----------------------------------------------------------------------------


def test_blocks_are_completed_to_the_new_number_of_players() -> None:
    three = walk((1, 8, 1), repeats=3)
    # Two of three 1s played, a fourth player: four 1s, then the blocks of four.
    assert by_blocks((1, 8, 1), 4, three, 2) == walk((1, 8, 1), repeats=4)
    # All three 1s played, then a fourth: one more 1.
    assert by_blocks((1, 8, 1), 4, three, 3)[:5] == (1, 1, 1, 1, 2)
    # Into the ramp: the ramp goes on, the later blocks take four.
    ramp_then_fours = (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1)
    assert by_blocks((1, 8, 1), 4, three, 5) == ramp_then_fours
    # A block begun past the new number ends where it is.
    four = walk((1, 8, 1), repeats=4)
    assert by_blocks((1, 8, 1), 3, four, 4)[:5] == (1, 1, 1, 1, 2)


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
    assert explain(game.table, deal, 2, revoke) == (
        "bid 3, took 3: 3 for the tricks + 10 for the exact bid = +13; −10 for the revoke: +3 in all"
    )
    assert (
        explain(game.table, deal, 1, revoke) == "bid 3, took 3: 3 for the tricks + 10 for the exact bid = +13"
    )
    redealt = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"], options={"revoke": "redeal"})
    redealt = redealt.record(entry).add(Revoke(seats=(2,)))
    marks = redealt.state.marks(1)
    assert marks is not None and marks.void
    assert explain(redealt.table, redealt.state.deals[0], 0, marks.revoke) == (
        "Cy revoked in deal 1: the deal is dealt again (house rule): nothing is scored"
    )
    sat_out = _fill(_oh_hell(1).add(SitOut(seat=2)), 1)
    assert explain(sat_out.table, sat_out.state.deals[1], 2) == "Sat this deal out: no score"
    arrived = _fill(_oh_hell(1).add(Arrival(name="Eve", left_of=0)), 1)
    assert explain(arrived.table, arrived.state.deals[0], 4) == "Not at the table yet: joined after this deal"
    assert explain(arrived.table, arrived.state.deals[1], 4).startswith("bid 0, took 0")


@pytest.mark.parametrize(
    ("variant", "options", "misdeal", "revoke", "sit_out"),
    [
        ("classic-whist", {}, "A misdeal loses the deal", "three tricks go from the revoking side", "Nobody"),
        (
            "classic-whist",
            {"misdeal_loses_deal": False},
            "the same dealer deals again",
            "cannot reach 5",
            "Nobody",
        ),
        (
            "bid-whist",
            {"renege_penalty": "all_books"},
            "the same dealer",
            "every book the reneging side",
            "Nobody",
        ),
        (
            "oh-hell",
            {},
            "the same dealer",
            "loses 10 points and the rest of the deal stands",
            "sit one deal out",
        ),
        (
            "german-whist",
            {"revoke": "redeal"},
            "the same dealer",
            "the hand is dealt again (a house rule",  # German Whist's players say hand
            "Nobody",
        ),
    ],
)
def test_the_laws_of_table_events_in_words(
    variant: str, options: dict[str, object], misdeal: str, revoke: str, sit_out: str
) -> None:
    players = ["Ann", "Bob", "Cy", "Dee"][: get_variant(variant).max_players]
    lines = table_laws(Game.start(variant, players, options=options).table)
    assert misdeal in lines[0] and revoke in lines[1] and sit_out in lines[3]

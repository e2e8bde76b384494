"""Whist-drive movement: hand-made seating plans for 3, 4 and 7 tables, then properties of any drive."""

from __future__ import annotations

import pytest

from scorekeeper.rules.drive import (
    Drive,
    DriveFormat,
    HandEntry,
    LosersMove,
    MoveKind,
    Pair,
    Seat,
    UpDirection,
    WinnersMove,
    sitting_out_in,
)
from tests.rules.drive_plans import PLANS, Plan


def play(plan: Plan) -> Drive:
    drive = Drive.start(
        plan.label,
        plan.players,
        format=plan.format,
        hands=len(plan.seatings) + 1,
        up_direction=plan.up_direction,
    )
    for hand, results in enumerate(plan.results, start=1):
        for table, tricks in enumerate(results, start=1):
            drive = drive.enter(HandEntry(hand=hand, table=table, tricks=tricks))
    return drive


def seating_of(drive: Drive, hand: int) -> tuple[tuple[int, ...], ...]:
    """The hand's tables as (N, E, S, W) player numbers from 1, as the plans write them."""
    return tuple(tuple(player + 1 for player in table.players) for table in drive.state.hand(hand).tables)


@pytest.mark.parametrize("plan", PLANS, ids=lambda plan: plan.label)
def test_the_seating_matches_the_plan_made_by_hand(plan: Plan) -> None:
    drive = play(plan)
    for hand, expected in enumerate(plan.seatings, start=1):
        assert seating_of(drive, hand) == expected, f"hand {hand}"
    for hand, expected_out in enumerate(plan.sitting_out, start=1):
        assert tuple(player + 1 for player in drive.state.hand(hand).sitting_out) == expected_out


def test_the_plans_cover_every_format_at_three_four_and_seven_tables() -> None:
    covered = {(plan.format, len(plan.seatings[0])) for plan in PLANS}
    assert covered >= {(fmt.value, tables) for fmt in DriveFormat for tables in (3, 4, 7)}


def test_a_placement_names_table_seat_partner_and_opponents() -> None:
    from tests.rules.drive_plans import PROGRESSIVE_3

    state = play(PROGRESSIVE_3).state
    # Hand 2, table 1 is (1, 9, 6, 2): player 6 sits South, partners 1 and faces 9 and 2.
    place = state.placement(5, 2)
    assert (place.table, place.seat, place.partner) == (1, Seat.SOUTH, 0)
    assert set(place.opponents) == {8, 1}
    assert place.move is MoveKind.DOWN  # lost at table 2 from South, moved down
    assert state.placement(0, 2).move is MoveKind.STAY  # won at table 1 from North
    assert state.placement(1, 2).move is MoveKind.CHANGE_SEAT  # won from South, crossed to West
    assert state.placement(8, 2).move is MoveKind.UP  # lost at table 3 from North, up to table 1
    assert state.placement(0, 1).move is None


def test_sitting_out_moves_are_named() -> None:
    from tests.rules.drive_plans import PROGRESSIVE_3_WITH_TWO_OUT

    state = play(PROGRESSIVE_3_WITH_TWO_OUT).state
    out = state.placement(0, 2)
    assert out.sitting_out and out.table is None and out.seat is None and out.partner is None
    assert out.move is MoveKind.SIT_OUT
    assert state.placement(12, 2).move is MoveKind.RETURN
    assert state.placement(12, 2).table == 1
    # Player 8 won at table 2 from South in hand 2 and, after the re-seating of hand 3, is South again.
    assert state.placement(7, 3).move is MoveKind.STAY
    assert state.rule.incomplete_table == 4
    assert state.rule.sit_outs_per_hand == 2


def test_move_now_shows_every_players_next_table_and_seat() -> None:
    from tests.rules.drive_plans import SEMI_PARTNER_3

    drive = Drive.start("Move", 12, format="semi_partner", hands=3)
    assert not drive.state.move_now
    assert drive.state.waiting_tables == (1, 2, 3)
    for table, tricks in enumerate(SEMI_PARTNER_3.results[0], start=1):
        assert not drive.state.move_now
        drive = drive.enter(HandEntry(hand=1, table=table, tricks=tricks))
    state = drive.state
    assert state.move_now and state.hand_in_play == 2 and state.waiting_tables == (1, 2, 3)
    nexts = {place.player + 1: (place.table, place.seat) for place in state.next_placements()}
    assert nexts[9] == (1, Seat.EAST)
    assert nexts[6] == (1, Seat.WEST)
    assert nexts[3] == (2, Seat.NORTH)
    drive = drive.enter(HandEntry(hand=2, table=2, tricks=7))
    assert not drive.state.move_now
    assert drive.state.waiting_tables == (1, 3)
    assert drive.legal_hand(2) is None and drive.legal_hand(1) == 2


def test_the_movement_rule_is_data_for_each_format() -> None:
    progressive = Drive.start("P", 18).state.rule
    assert progressive.winners is WinnersMove.STAY_AND_SPLIT
    assert progressive.losers is LosersMove.SPLIT
    assert progressive.up_seats == (Seat.NORTH, Seat.EAST)
    assert progressive.down_seats == (Seat.SOUTH, Seat.WEST)
    assert progressive.up_direction is UpDirection.HIGHER
    assert (progressive.tables, progressive.sit_outs_per_hand, progressive.incomplete_table) == (4, 2, 5)
    assert progressive.sit_out_by_pairs is False
    semi = Drive.start("S", 16, format="semi_partner").state.rule
    assert (semi.winners, semi.losers, semi.incomplete_table) == (WinnersMove.STAY, LosersMove.SPLIT, None)
    partner = Drive.start("F", 16, format="partner", up_direction="lower").state.rule
    assert (partner.winners, partner.losers) == (WinnersMove.STAY, LosersMove.TOGETHER_UP)
    assert partner.up_direction is UpDirection.LOWER and partner.sit_out_by_pairs
    assert len({progressive.summary, semi.summary, partner.summary}) == 3


def test_one_table_still_moves_the_losers_round_to_itself() -> None:
    drive = Drive.start("Kitchen", ["Ann", "Bob", "Cat", "Dee"], hands=2)
    drive = drive.enter(HandEntry(hand=1, table=1, tricks=4, pair=Pair.EAST_WEST))
    # N–S (Ann, Bob) took 9: Ann stays North, Bob crosses to West; Cat (East) moves up to
    # table 1's free East seat, Dee (West) down to its free South seat.
    assert drive.state.hand(2).tables[0].players == (0, 2, 3, 1)


def test_the_sit_out_rotation_goes_through_the_entry_order_within_each_role() -> None:
    # Seven players: one table; of the ladies (entries 0, 2, 4, 6) two sit out each hand, of the
    # gents (1, 3, 5) one. Each role's turn goes round its own players.
    assert [sitting_out_in(hand, 7) for hand in (1, 2, 3, 4)] == [(4, 5, 6), (0, 1, 2), (3, 4, 6), (0, 2, 5)]
    assert [sitting_out_in(hand, 10) for hand in (1, 2, 3, 4, 5, 6)] == [
        (8, 9),
        (0, 1),
        (2, 3),
        (4, 5),
        (6, 7),
        (8, 9),
    ]
    assert sitting_out_in(5, 16) == ()

"""The organiser's paper side of a drive in the engine: a tally card typed in, where someone actually
sat, and the pieces that meet them (a card's absent rows, a late player's total in the outlook, a set-up
refused before any name is built)."""

from __future__ import annotations

import time

import pytest

from scorekeeper.rules.drive import (
    CardRefused,
    Drive,
    DriveSetup,
    HandEntry,
    HandNotOpen,
    InvalidDriveSetup,
    Pair,
    PrizeRule,
    RosterRefused,
    Seat,
    SeatRefused,
    StartFrom,
    UnknownTable,
)
from scorekeeper.rules.drive.outlook import outlook, shows_outlook
from scorekeeper.rules.drive.standings import PRIZE_ORDER

from .said import refused

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def nine(hands: int = 3) -> Drive:
    """Two tables and Ivy sitting out: table 1 Ann N, Cat E, Bob S, Dan W; table 2 Eve, Gus, Fay, Hal."""
    return Drive.start("Hall", NAMES, hands=hands)


def play(drive: Drive, hand: int, tricks: int = 8) -> Drive:
    for table in range(1, drive.state.layout.tables + 1):
        drive = drive.enter(HandEntry(hand=hand, table=table, tricks=tricks))
    return drive


# --- a tally card typed in ------------------------------------------------------------------


def test_a_card_enters_each_hand_for_the_table_the_player_sat_at_for_their_pair() -> None:
    drive = nine().enter_card(2, {1: 5})  # Cat sat East at table 1: East–West took 5
    (entry,) = drive.entries
    assert (entry.hand, entry.table, entry.tricks, entry.pair) == (1, 1, 5, Pair.EAST_WEST)
    assert not entry.needs_confirmation  # the organiser's entry stands at once
    assert drive.state.scores[0][0] == 8 and drive.state.scores[2][0] == 5


def test_a_card_that_agrees_changes_nothing_and_one_that_differs_is_refused() -> None:
    drive = nine().enter_card(0, {1: 8})
    assert drive.enter_card(1, {1: 8}).entries == drive.entries  # Bob, Ann's partner, agrees
    assert drive.enter_card(3, {1: 5}).entries == drive.entries  # Dan, an opponent, agrees too
    with refused(CardRefused, "drive_card_differs", hand=1, table=1, player="Cat", card=6, entered=5):
        drive.enter_card(2, {1: 6})
    assert drive.entered(1, 1) == drive.entries[0]  # never overwritten


def test_a_card_goes_hand_by_hand_and_stops_where_the_seating_is_not_known() -> None:
    drive = nine().enter(HandEntry(hand=1, table=2, tricks=7))
    # Bob's hand 1 completes the hand, so his hand 2 is known and entered in the same card.
    typed = drive.enter_card(1, {1: 8, 2: 9})
    assert typed.state.hands_complete == 1 and len(typed.entries) == 3
    with pytest.raises(HandNotOpen):
        nine().enter_card(1, {1: 8, 2: 9})  # table 2's hand 1 is not in: hand 2 is not seated
    with refused(CardRefused, "drive_card_sat_out", hand=1, player="Ivy", tricks=7):
        nine().enter_card(8, {1: 6})
    assert nine().enter_card(8, {1: 7}).entries == ()  # a sit-out is scored by the drive itself
    with refused(CardRefused, "drive_card_unknown_player", value="99"):
        nine().enter_card(99, {1: 7})


def test_a_card_refuses_a_hand_the_player_was_not_there_for() -> None:
    drive = play(nine(), 1).arrive("Mia")
    with refused(CardRefused, "drive_card_absent", hand=1, player="Mia"):
        drive.enter_card(9, {1: 7})


# --- where someone actually sat --------------------------------------------------------------


def test_two_players_who_swapped_seats_keep_the_tricks_they_took() -> None:
    drive = nine().record_seat(1, 0, 1, Seat.EAST)  # Ann sat East, where Cat was called
    assert drive.state.hand(1).table(1).players == (2, 0, 1, 3)
    drive = play(drive, 1, 8)
    assert drive.state.scores[2][0] == 8 and drive.state.scores[0][0] == 5  # Cat N–S, Ann E–W
    # The movement starts from where they sat: Cat won in North and stays at table 1 (called East,
    # a loser, she would have moved up to table 2).
    assert drive.state.placement(2, 2).table == 1
    assert play(nine(), 1, 8).state.placement(2, 2).table == 2


def test_a_seat_is_recorded_only_while_the_room_has_not_moved_on() -> None:
    drive = play(nine(), 1)
    assert drive.record_seat(1, 0, 2, Seat.NORTH).state.hand(1).table(2).players[0] == 0
    moved_on = drive.enter(HandEntry(hand=2, table=1, tricks=7))
    with refused(SeatRefused, "drive_seat_moved_on", hand=1, next=2, tables=(1,)):
        moved_on.record_seat(1, 0, 2, Seat.NORTH)
    with refused(SeatRefused, "drive_seat_not_at_a_table", hand=1, player="Ivy"):
        drive.record_seat(1, 8, 1, Seat.NORTH)
    with refused(SeatRefused, "drive_seat_already", hand=1, table=1, player="Ann", seat="N"):
        drive.record_seat(1, 0, 1, Seat.NORTH)
    with pytest.raises(HandNotOpen):
        nine().record_seat(2, 0, 1, Seat.NORTH)


# --- the pieces that meet them ---------------------------------------------------------------


def test_a_late_players_card_has_no_row_scored_before_they_came_and_a_running_total_after() -> None:
    drive = play(nine(), 1).arrive("Mia", start=StartFrom.LOWEST)
    drive = play(drive, 2)
    first, second = drive.state.card(9)[:2]
    assert first.absent and first.tricks is None and first.running_total is None
    lowest = drive.state.carried[9]
    assert second.running_total == lowest + (second.tricks or 0)


def test_who_can_still_win_counts_a_late_players_starting_total() -> None:
    drive = play(play(Drive.start("Hall", 8, hands=3), 1, 7), 2, 7)
    for name in ("Mia", "Ned", "Olive", "Pat"):
        drive = drive.arrive(name, start=StartFrom.LOWEST)
    state = drive.state
    assert shows_outlook(state) and state.carried[8:] == (12, 12, 12, 12)
    highest = next(item for item in outlook(state) if item.prize.rule is PrizeRule.HIGHEST_TOTAL)
    # 12 carried and 13 to come reach the leader's 14; without the 12 they could not.
    assert {8, 9, 10, 11} <= set(highest.contenders)


def test_the_order_one_prize_each_gives_prizes_in_is_public_and_covers_every_rule() -> None:
    assert set(PRIZE_ORDER) == set(PrizeRule)


def test_a_huge_player_count_is_refused_before_any_name_is_built() -> None:
    started = time.process_time()  # this process's CPU: other work on the machine does not count
    with refused(InvalidDriveSetup, "drive_too_many_players", most=400, count=10**12):
        DriveSetup.create("Hall", 10**12)
    with refused(InvalidDriveSetup, "drive_too_many_players", most=400, count=10**9):
        DriveSetup.create("Hall", range(10**9))  # type: ignore[arg-type]
    assert time.process_time() - started < 0.5


# --- a table removed between hands ----------------------------------------------------------


def test_remove_table_n_removes_table_n_and_its_players_sit_out() -> None:
    drive = play(Drive.start("Hall", 12, hands=4), 1)
    called = drive.state.hand(2)
    fewer = drive.remove_table(2)
    hand = fewer.state.hand(2)
    assert hand.table_numbers == (1, 3) and fewer.state.layout.numbers == (1, 3)
    assert set(hand.sitting_out) == set(called.table(2).players) and not hand.absent
    # Nobody else moves: tables 1 and 3 keep the players the movement told them.
    assert hand.table(1).players == called.table(1).players
    assert hand.table(3).players == called.table(3).players
    assert all(fewer.state.scores[player][0] is not None for player in called.table(2).players)
    with pytest.raises(UnknownTable):
        drive.remove_table(4)
    with pytest.raises(UnknownTable):
        fewer.remove_table(2)  # gone already
    with refused(RosterRefused, "drive_roster_last_table", table=1, hand=2):
        play(Drive.start("Hall", 4, hands=2), 1).remove_table(1)
    # Table 3 plays on under its own number; the four waiting sit out in turn, two ladies and two
    # gents a hand.
    later = fewer
    for table in (1, 3):
        later = later.enter(HandEntry(hand=2, table=table, tricks=8))
    assert later.state.hand(3).table_numbers == (1, 3) and len(later.state.hand(3).sitting_out) == 4
    with pytest.raises(UnknownTable):
        later.enter(HandEntry(hand=3, table=2, tricks=8))

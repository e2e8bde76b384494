"""Entering, correcting and withdrawing a table's hand, and every refusal naming the table and numbers."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.drive import (
    ConfirmationRefused,
    CorrectionRefused,
    Drive,
    DriveViolation,
    HandAlreadyEntered,
    HandEntry,
    HandNotOpen,
    InvalidHandTricks,
    NothingToCorrect,
    Pair,
    UnknownTable,
    legal_tricks,
)
from scorekeeper.rules.text import Text

from .said import refused


def three_tables(hands: int = 4) -> Drive:
    return Drive.start("Corrections", 12, hands=hands)


def enter_hand(drive: Drive, hand: int, tricks: tuple[int, ...]) -> Drive:
    for table, count in enumerate(tricks, start=1):
        drive = drive.enter(HandEntry(hand=hand, table=table, tricks=count))
    return drive


def seatings(drive: Drive) -> list[list[tuple[int, int, int, int]]]:
    return [[table.players for table in hand.tables] for hand in drive.state.hands]


# --- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [14, -1, 99])
def test_tricks_outside_0_to_13_are_refused_naming_table_hand_and_number(tricks: int) -> None:
    with pytest.raises(InvalidHandTricks) as refused:
        three_tables().enter(HandEntry(hand=1, table=2, tricks=tricks))
    assert refused.value.text == Text(
        "drive_tricks_range", hand=1, table=2, pair="NS", tricks=tricks, most=13
    )
    assert (refused.value.field, refused.value.table, refused.value.hand) == ("tricks", 2, 1)


@pytest.mark.parametrize("tricks", [True, "7", 6.5, None])
def test_tricks_that_are_not_a_whole_number_are_refused(tricks: object) -> None:
    with refused(InvalidHandTricks, "drive_tricks_not_whole", hand=1, table=1, value=repr(tricks)):
        three_tables().enter(HandEntry(hand=1, table=1, tricks=tricks))  # type: ignore[arg-type]


def test_the_other_pairs_tricks_are_named_when_entered_for_east_west() -> None:
    with refused(InvalidHandTricks, "drive_tricks_range", hand=1, table=3, pair="EW", tricks=15, most=13):
        three_tables().enter(HandEntry(hand=1, table=3, tricks=15, pair=Pair.EAST_WEST))


@pytest.mark.parametrize("table", [0, 4, -1])
def test_a_table_the_drive_does_not_have_is_refused(table: int) -> None:
    with pytest.raises(UnknownTable) as refused:
        three_tables().enter(HandEntry(hand=1, table=table, tricks=7))
    assert refused.value.text == Text("drive_no_such_table", value=str(table), tables=(1, 2, 3))
    assert refused.value.field == "table"


def test_a_hand_entered_twice_at_a_table_is_refused_with_what_was_entered() -> None:
    drive = three_tables().enter(HandEntry(hand=1, table=2, tricks=8))
    with pytest.raises(HandAlreadyEntered) as refused:
        drive.enter(HandEntry(hand=1, table=2, tricks=5))
    assert refused.value.text == Text("drive_hand_entered", hand=1, table=2, north_south=8, east_west=5)
    assert (refused.value.hand, refused.value.table) == (1, 2)
    assert drive.entered(1, 2) == HandEntry(hand=1, table=2, tricks=8)


def test_stored_entries_with_a_hand_entered_twice_are_refused_on_replay() -> None:
    twice = (HandEntry(hand=1, table=1, tricks=8), HandEntry(hand=1, table=1, tricks=9))
    with pytest.raises(HandAlreadyEntered):
        _ = Drive(three_tables().setup, twice).state


def test_a_hand_beyond_the_one_in_play_is_refused_naming_the_tables_still_playing() -> None:
    drive = three_tables().enter(HandEntry(hand=1, table=2, tricks=8))
    with pytest.raises(HandNotOpen) as refused:
        drive.enter(HandEntry(hand=2, table=2, tricks=6))
    assert refused.value.text == Text("drive_later_hand", hand=2, table=2, playing=1, tables=(1, 3))
    assert (refused.value.hand, refused.value.table, refused.value.field) == (2, 2, "hand")


@pytest.mark.parametrize("hand", [0, 5])
def test_a_hand_the_drive_does_not_have_is_refused(hand: int) -> None:
    with refused(HandNotOpen, "drive_hand_out_of_range", table=1, hands=4, value=str(hand)):
        three_tables().enter(HandEntry(hand=hand, table=1, tricks=7))


def test_asking_for_a_hand_whose_seating_is_not_known_is_refused() -> None:
    state = three_tables().enter(HandEntry(hand=1, table=3, tricks=8)).state
    with refused(HandNotOpen, "drive_hand_not_open", hand=2, playing=1, tables=(1, 2)):
        state.hand(2)
    with refused(HandNotOpen, "drive_no_such_hand", hand=9, hands=4):
        state.placement(0, 9)


def test_a_new_entry_cannot_say_how_the_players_moved() -> None:
    with pytest.raises(DriveViolation) as refused:
        three_tables().enter(HandEntry(hand=1, table=1, tricks=8, moved_as=Pair.EAST_WEST))
    assert refused.value.field == "moved_as"


def test_every_refusal_is_a_rule_violation_and_leaves_the_drive_as_it_was() -> None:
    drive = three_tables().enter(HandEntry(hand=1, table=1, tricks=8))
    for bad in (
        HandEntry(hand=1, table=1, tricks=3),
        HandEntry(hand=1, table=2, tricks=20),
        HandEntry(hand=2, table=1, tricks=3),
    ):
        with pytest.raises(RuleViolation):
            drive.verify_entry(bad)
    assert drive.entries == (HandEntry(hand=1, table=1, tricks=8),)
    assert drive.state.waiting_tables == (2, 3)


def test_the_screen_offers_0_to_13_tricks() -> None:
    assert list(legal_tricks()) == list(range(14))


# --- corrections --------------------------------------------------------------------------


def test_a_correction_that_keeps_the_winner_rescores_and_keeps_every_seat() -> None:
    drive = enter_hand(enter_hand(three_tables(), 1, (9, 4, 6)), 2, (5, 7, 10))
    corrected = drive.correct(HandEntry(hand=1, table=1, tricks=12))  # N–S still win
    assert seatings(corrected) == seatings(drive)
    north = drive.state.hand(1).tables[0].players[0]
    east = drive.state.hand(1).tables[0].players[1]
    assert corrected.state.overall.totals[north] == drive.state.overall.totals[north] + 3
    assert corrected.state.overall.totals[east] == drive.state.overall.totals[east] - 3
    assert corrected.entered(1, 1) == HandEntry(hand=1, table=1, tricks=12, corrected=True)


def test_a_correction_before_every_table_is_in_redraws_the_movement() -> None:
    drive = enter_hand(three_tables(), 1, (9, 4))  # table 3 still playing: nobody has moved
    corrected = drive.correct(HandEntry(hand=1, table=1, tricks=4))  # now E–W win at table 1
    assert corrected.entered(1, 1) == HandEntry(hand=1, table=1, tricks=4, corrected=True)
    assert not drive.movement_called(1) and corrected.state.hand(1).tables[0].corrected
    corrected = corrected.enter(HandEntry(hand=1, table=3, tricks=6))
    assert corrected.state.hand(1).tables[0].moved_as is None
    # Table 1's E–W (3 and 4) now stay; its N–S (1 and 2) move on.
    table_one = corrected.state.hand(2).tables[0].players
    assert 2 in table_one and 0 not in table_one


def test_once_the_movement_is_called_a_correction_changes_scores_only() -> None:
    """ "Move now" is on the caller's screen as soon as every table is in: the room moves, and a
    correction never re-seats it, whether or not anyone has entered the next hand yet."""
    drive = enter_hand(three_tables(), 1, (9, 4, 6))
    assert drive.movement_called(1) and drive.state.move_now
    corrected = drive.correct(HandEntry(hand=1, table=1, tricks=3))  # the slip gave N–S the hand
    assert seatings(corrected) == seatings(drive)
    assert corrected.entered(1, 1) == HandEntry(
        hand=1, table=1, tricks=3, moved_as=Pair.NORTH_SOUTH, corrected=True
    )
    table = corrected.state.hand(1).tables[0]
    assert (table.tricks, table.winner, table.moved_as) == ((3, 10), Pair.EAST_WEST, Pair.NORTH_SOUTH)
    assert table.corrected and corrected.state.hand(1).corrected_tables == (1,)
    north, east = table.players[0], table.players[1]
    assert corrected.state.overall.totals[north] == drive.state.overall.totals[north] - 6
    assert corrected.state.overall.totals[east] == drive.state.overall.totals[east] + 6
    # Correcting it back to a N–S win clears the note: the movement matches the tricks again.
    back = corrected.correct(HandEntry(hand=1, table=1, tricks=7))
    assert back.entered(1, 1) == HandEntry(hand=1, table=1, tricks=7, corrected=True)
    assert back.state.hand(1).tables[0].moved_as is None
    assert seatings(back) == seatings(drive)


def test_a_correction_after_later_hands_keeps_every_seat_of_every_hand() -> None:
    drive = enter_hand(enter_hand(three_tables(), 1, (9, 4, 6)), 2, (5, 7, 10))
    drive = drive.enter(HandEntry(hand=3, table=2, tricks=8))
    for table, tricks in ((1, 3), (2, 12), (3, 13)):
        drive_after = drive.correct(HandEntry(hand=1, table=table, tricks=tricks))
        assert seatings(drive_after) == seatings(drive)


def test_the_correction_preview_says_what_changes_per_player_and_that_nobody_moves() -> None:
    drive = enter_hand(three_tables(), 1, (8, 4, 6))
    effect = drive.correction_effect(HandEntry(hand=1, table=1, tricks=5))
    north, east, south, west = drive.state.hand(1).tables[0].players
    assert effect.changes == ((north, -3), (east, 3), (south, -3), (west, 3))
    assert effect.movement_called and effect.winner_changes
    assert drive.entered(1, 1) == HandEntry(hand=1, table=1, tricks=8)  # a preview changes nothing
    same = drive.correction_effect(HandEntry(hand=1, table=1, tricks=8))
    assert same.changes == () and not same.winner_changes
    before = enter_hand(three_tables(), 1, (8,)).correction_effect(HandEntry(hand=1, table=1, tricks=9))
    assert not before.movement_called and not before.winner_changes
    with refused(InvalidHandTricks, "drive_tricks_range", hand=1, table=1, pair="NS", tricks=14, most=13):
        drive.correction_effect(HandEntry(hand=1, table=1, tricks=14))


# --- the other pair confirms --------------------------------------------------------------


def test_a_tables_own_result_waits_for_the_other_pair_before_the_movement_is_called() -> None:
    drive = enter_hand(three_tables(), 1, (9, 4))
    drive = drive.enter(HandEntry(hand=1, table=3, tricks=8, pair=Pair.EAST_WEST, needs_confirmation=True))
    state = drive.state
    assert state.hand_in_play == 1 and not state.hand(1).complete and not drive.movement_called(1)
    assert state.waiting_tables == () and state.unconfirmed_tables == (3,) and state.tables_not_in == (3,)
    line = state.table_hand(1, 3)
    north, east, south, _west = line.players
    assert line.tricks == (5, 8) and not line.confirmed and line.confirming_pair is Pair.NORTH_SOUTH
    assert drive.legal_confirmers(1, 3) == (north, south)
    assert state.overall.totals[east] == 8  # the tricks count on the leaderboard already
    with refused(ConfirmationRefused, "drive_confirm_other_pair", hand=1, table=3, player="Player 11",
                 players=("Player 9", "Player 10")):  # fmt: skip
        drive.confirm(1, 3, east)
    with pytest.raises(HandNotOpen):
        drive.enter(HandEntry(hand=2, table=1, tricks=7))
    confirmed = drive.confirm(1, 3, south)
    assert confirmed.state.hand_in_play == 2 and confirmed.state.move_now
    assert confirmed.state.table_hand(1, 3).confirmed_by == south
    assert confirmed.legal_confirmers(1, 3) == ()
    with refused(ConfirmationRefused, "drive_already_confirmed", hand=1, table=3):
        confirmed.confirm(1, 3, north)
    with refused(ConfirmationRefused, "drive_nothing_to_confirm", hand=2, table=1):
        confirmed.confirm(2, 1, north)


def test_a_result_entered_again_before_it_is_confirmed_waits_again_and_is_no_correction() -> None:
    drive = three_tables().enter(HandEntry(hand=1, table=1, tricks=8, needs_confirmation=True))
    again = drive.correct(HandEntry(hand=1, table=1, tricks=8, pair=Pair.EAST_WEST, needs_confirmation=True))
    line = again.state.table_hand(1, 1)
    assert line.tricks == (5, 8) and not line.confirmed and not line.corrected
    assert line.confirming_pair is Pair.NORTH_SOUTH
    # The organiser may type anything: their entry stands without a confirmation.
    typed = again.correct(HandEntry(hand=1, table=1, tricks=6))
    assert typed.state.table_hand(1, 1).confirmed and typed.state.unconfirmed_tables == ()


def test_a_confirmation_cannot_come_with_a_new_entry_or_from_a_stranger() -> None:
    with refused(ConfirmationRefused, "drive_confirm_after_entry", hand=1, table=1):
        three_tables().enter(HandEntry(hand=1, table=1, tricks=8, needs_confirmation=True, confirmed_by=2))
    stored = HandEntry(hand=1, table=1, tricks=8, needs_confirmation=True, confirmed_by=0)  # N–S confirming
    with refused(ConfirmationRefused, "drive_confirm_other_pair", hand=1, table=1, player="Player 1",
                 players=("Player 3", "Player 4")):  # fmt: skip
        _ = Drive(three_tables().setup, (stored,)).state
    with refused(ConfirmationRefused, "drive_confirmer_unknown", hand=1, table=1, value="99"):
        three_tables().enter(HandEntry(hand=1, table=1, tricks=8, needs_confirmation=True)).confirm(1, 1, 99)


def test_correcting_a_hand_never_entered_is_refused() -> None:
    with refused(NothingToCorrect, "drive_nothing_to_correct", hand=1, table=3):
        three_tables().correct(HandEntry(hand=1, table=3, tricks=7))


def test_a_correction_is_checked_like_an_entry() -> None:
    drive = three_tables().enter(HandEntry(hand=1, table=1, tricks=7))
    with refused(InvalidHandTricks, "drive_tricks_range", hand=1, table=1, pair="NS", tricks=14, most=13):
        drive.verify_correction(HandEntry(hand=1, table=1, tricks=14))


def test_a_hand_can_be_withdrawn_until_a_later_hand_is_entered() -> None:
    drive = enter_hand(three_tables(), 1, (9, 4, 6))
    withdrawn = drive.withdraw(1, 2)
    assert withdrawn.entered(1, 2) is None and withdrawn.state.waiting_tables == (2,)
    later = drive.enter(HandEntry(hand=2, table=1, tricks=7)).enter(HandEntry(hand=2, table=3, tricks=7))
    with pytest.raises(CorrectionRefused) as refused:
        later.withdraw(1, 2)
    assert refused.value.text == Text("drive_withdraw_refused", hand=1, table=2, next=2, tables=(1, 3))
    with pytest.raises(NothingToCorrect):
        drive.withdraw(2, 1)


def test_a_tables_line_for_a_hand_and_the_end_of_the_drive() -> None:
    drive = enter_hand(three_tables(hands=1), 1, (9, 4, 6))
    state = drive.state
    line = state.table_hand(1, 2)
    assert (line.table, line.players, line.tricks, line.winner) == (2, (4, 6, 5, 7), (4, 9), Pair.EAST_WEST)
    assert line.pair_players(Pair.EAST_WEST) == (6, 7)
    with pytest.raises(UnknownTable):
        state.table_hand(1, 4)
    assert state.finished and state.current is None and state.hands_complete == 1
    assert state.waiting_tables == () and not state.move_now and state.next_placements() == ()
    assert drive.legal_hand(1) is None
    with pytest.raises(HandNotOpen):
        drive.enter(HandEntry(hand=2, table=1, tricks=7))

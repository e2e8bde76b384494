"""Late arrivals, early leavers and the tables that follow them; the sit-out turn stays fair."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.drive import (
    Drive,
    HandEntry,
    InvalidDriveSetup,
    MoveKind,
    Role,
    RosterRefused,
    Seat,
    StartFrom,
    UnknownTable,
)

from .said import refused


def play(drive: Drive, hand: int, tricks: int = 8) -> Drive:
    for table in range(1, drive.state.layout.tables + 1):
        drive = drive.enter(HandEntry(hand=hand, table=table, tricks=tricks))
    return drive


def seatings(drive: Drive, hand: int) -> tuple[tuple[int, int, int, int], ...]:
    return tuple(table.players for table in drive.state.hand(hand).tables)


def test_a_late_player_takes_a_sit_out_seat_and_the_called_tables_stay() -> None:
    drive = play(Drive.start("Hall", 12, hands=4), 1)
    called = seatings(drive, 2)
    assert drive.open_hand() == 2  # "move now": nobody has entered hand 2 yet
    later = drive.arrive("Mia")
    mia = 12
    assert later.setup.players[mia] == "Mia"
    assert seatings(later, 2) == called
    hand = later.state.hand(2)
    assert hand.sitting_out == (mia,) and hand.placement(mia).sitting_out
    assert later.state.hand(1).placement(mia).absent and not later.state.hand(1).placement(mia).sitting_out
    later = play(later, 2)
    assert later.state.scores[mia][:2] == (None, 7)
    assert later.state.card(mia)[0].absent and later.state.card(mia)[1].sat_out


def test_four_waiting_make_a_new_table_after_the_others() -> None:
    drive = play(Drive.start("Hall", 9, hands=4), 1)  # two tables, one sits out
    called = seatings(drive, 2)
    for name in ("Mia", "Ned", "Olive"):
        drive = drive.arrive(name)
    assert drive.state.layout.tables == 3 and drive.state.hand(2).sitting_out == ()
    new_table = set(seatings(drive, 2)[2])
    assert {9, 10, 11} < new_table  # the three newcomers and one of the old tables' players
    # Nobody sits out now: the one called to sit out keeps their seat, so at most one seat changes.
    for before, after in zip(called, seatings(drive, 2)[:2], strict=True):
        assert sum(1 for first, second in zip(before, after, strict=True) if first != second) <= 1
    assert {drive.state.hand(2).placement(player).move for player in (9, 10, 11)} == {MoveKind.JOIN}


def test_a_player_leaving_frees_a_seat_that_the_sitter_out_takes() -> None:
    drive = play(Drive.start("Hall", 9, hands=4), 1)
    sitter = drive.state.hand(2).sitting_out[0]
    leaver = drive.state.hand(2).tables[0].players[0]
    after = drive.leave(leaver)
    assert after.state.hand(2).sitting_out == ()
    assert sitter in after.state.hand(2).tables[0].players
    assert after.state.hand(2).placement(leaver).absent
    assert after.state.overall.totals[leaver] == drive.state.overall.totals[leaver]  # scores stay


def test_a_departure_from_a_full_hall_makes_sit_out_seats_and_the_last_table_goes() -> None:
    drive = play(Drive.start("Hall", 12, hands=4), 1)
    after = drive.leave(0)
    hand = after.state.hand(2)
    assert after.state.layout.tables == 2 and len(hand.sitting_out) == 3
    assert 0 in hand.absent and 0 not in hand.sitting_out
    with pytest.raises(RosterRefused):
        after.leave(0)


def test_a_late_player_may_start_from_the_lowest_total() -> None:
    drive = play(play(Drive.start("Hall", 12, hands=4), 1, 9), 2, 3)
    lowest = min(drive.state.overall.totals)
    later = drive.arrive("Mia", start=StartFrom.LOWEST)
    assert later.state.overall.totals[12] == lowest
    assert later.arrive("Ned").state.overall.totals[13] == 0


def test_changes_wait_for_the_next_hand_once_a_table_has_entered_and_end_with_the_drive() -> None:
    drive = Drive.start("Hall", 12, hands=2).enter(HandEntry(hand=1, table=1, tricks=7))
    assert drive.open_hand() == 2
    later = drive.arrive("Mia")
    for table in (2, 3):
        later = later.enter(HandEntry(hand=1, table=table, tricks=7))
    assert later.state.hand(2).sitting_out == (12,)
    started = later.enter(HandEntry(hand=2, table=1, tricks=7))
    with refused(RosterRefused, "drive_roster_too_late", hands=2):
        started.arrive("Ned")
    with refused(RosterRefused, "drive_roster_pair_needed"):
        Drive.start("Pairs", 12, format="partner").arrive("Ned")
    with pytest.raises(InvalidDriveSetup):
        play(Drive.start("Hall", 12, hands=3), 1).arrive("Player 3")  # a name already in the drive


def test_too_few_players_left_is_refused() -> None:
    drive = play(Drive.start("Hall", 4, hands=3), 1)
    with refused(InvalidDriveSetup, "drive_roster_too_few", hand=2, count=3):
        drive.leave(1)


def changing_drive(draw: Any, *, check: bool = False) -> Drive:
    """A drive of 4 to 30 players whose roster changes at any time (at "move now" or while a hand is
    being entered), played to the end; with ``check``, each change is checked as it is recorded
    (:func:`check_nobody_told_moves`)."""
    drive = Drive.start(
        "Any",
        draw(st.integers(4, 30)),
        format=draw(st.sampled_from(("progressive", "semi_partner"))),
        hands=draw(st.integers(2, 8)),
        winners_move=draw(st.booleans()),
    )
    for hand in range(1, drive.setup.hands + 1):
        tables = drive.state.hand(hand).table_numbers
        entered_first = draw(st.integers(0, len(tables)))
        for table in tables[:entered_first]:
            drive = drive.enter(HandEntry(hand=hand, table=table, tricks=draw(st.integers(0, 13))))
        if hand < drive.setup.hands:
            drive = change_roster(draw, drive, check=check)
        for table in drive.state.hand(hand).table_numbers[entered_first:]:
            drive = drive.enter(HandEntry(hand=hand, table=table, tricks=draw(st.integers(0, 13))))
    return drive


def change_roster(draw: Any, drive: Drive, *, check: bool) -> Drive:
    """Up to three arrivals, departures or tables removed, as an organiser would record them."""
    for _ in range(draw(st.integers(0, 3))):
        hand = drive.open_hand()
        here = [
            p
            for p in range(drive.setup.player_count)
            if hand > 1 and drive.present(p, hand) and drive.present(p, hand - 1)
        ]
        kind = draw(st.sampled_from(("arrive", "leave", "table")))
        needed: set[int] = set()
        try:
            if kind == "arrive" or len(here) <= 6:
                role = draw(st.sampled_from((None, Role.LADY, Role.GENT)))
                changed = drive.arrive(f"Late {drive.setup.player_count}", role=role)
            elif kind == "leave":
                leaver = draw(st.sampled_from(here))
                changed, needed = drive.leave(leaver), {leaver}
            else:
                changed = drive.remove_table(draw(st.sampled_from(drive.state.table_numbers)))
        except (RosterRefused, InvalidDriveSetup, UnknownTable):
            continue  # the roles left cannot make a table, or the last table: refused, nothing changed
        if check:
            check_nobody_told_moves(drive, changed, needed)
        drive = changed
    return drive


def check_nobody_told_moves(before: Drive, after: Drive, needed: set[int]) -> None:
    """Every seating already told (every hand whose seating is known) is the same after the change,
    but for the players it needs: the leaver, a waiting player who takes a seat (a leaver's, or at a
    new table), the players of a table that stopped, who sit out."""
    for number in range(1, len(before.state.hands) + 1):
        old, new = before.state.hand(number), after.state.hand(number)
        stopped = {p for t in old.table_numbers if not new.has_table(t) for p in old.table(t).players}
        new_tables = {t for t in new.table_numbers if not old.has_table(t)}
        for player in range(before.setup.player_count):
            was, now = old.placement(player), new.placement(player)
            if (was.table, was.seat, was.sitting_out) == (now.table, now.seat, now.sitting_out):
                continue
            if player in needed:
                continue
            if was.sitting_out and now.table is not None:
                if now.table in new_tables:
                    continue  # those waiting make a new table
                previous = old.table(now.table).player_at(now.seat) if old.has_table(now.table) else None
                if previous in needed:
                    continue  # a sitter-out of the leaver's role takes the leaver's seat
            if player in stopped and now.sitting_out:
                continue  # their table stopped: the leaver's (nobody of that role waiting), or removed
            raise AssertionError(f"hand {number}: player {player} moved from {was} to {now}")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_whoever_is_there_plays_or_sits_out_once_in_their_role(data: Any) -> None:
    """Whatever the arrivals, departures and tables removed, and whenever they are recorded: every
    player there plays in a seat of their role or sits out (scoring the sit-out tricks), and nobody
    who is not there is seated or scored."""
    drive = changing_drive(data.draw)
    state = drive.state
    assert state.finished
    # Built entry by entry, each replayed from the hand in play on: the same as a replay from hand 1.
    assert Drive(drive.setup, drive.entries, drive.roster, drive.seatings).state == state
    roles = state.roles
    for hand in state.hands:
        here = [p for p in range(drive.setup.player_count) if drive.present(p, hand.number)]
        seated = [player for table in hand.tables for player in table.players]
        assert sorted(seated + list(hand.sitting_out)) == here
        assert sorted(hand.absent) == sorted(set(range(drive.setup.player_count)) - set(here))
        for table in hand.tables:
            for seat in Seat:
                assert roles[table.player_at(seat)] is seat.role, "a player keeps their role all evening"
        for player in hand.sitting_out:
            assert state.scores[player][hand.number - 1] == drive.setup.sit_out_tricks
        for player in hand.absent:
            assert state.scores[player][hand.number - 1] is None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_roster_change_moves_nobody_already_told_a_seat_unless_it_needs_their_seat(data: Any) -> None:
    """Each arrival, departure and table removal, recorded at "move now" (the hand just called) or
    while a hand is being entered (from the next hand): every seating already told stays, but for
    the players the change needs (see :func:`check_nobody_told_moves`)."""
    changing_drive(data.draw, check=True)


def test_a_player_arriving_before_the_first_hand_plays_it() -> None:
    drive = Drive.start("Hall", 11, hands=3)
    assert drive.open_hand() == 1
    full = drive.arrive("Mia")
    assert full.state.layout.tables == 3 and full.state.hand(1).sitting_out == ()
    assert 11 in seatings(full, 1)[2]
    with refused(RosterRefused, "drive_roster_leave_before_start"):
        drive.leave(0)

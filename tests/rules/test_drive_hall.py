"""RULES.md §10, "settled for the hall": who takes the prizes, in which order, a late player's start,
the roles all evening and the partner drive's late and leaving pairs."""

from __future__ import annotations

import pytest

from scorekeeper.rules.drive import (
    PRIZE_ORDER,
    Drive,
    HandEntry,
    InvalidDriveSetup,
    MoveKind,
    Pair,
    PrizeRule,
    PrizeSpec,
    Role,
    RosterRefused,
    Seat,
    StartFrom,
)

from .said import refused

LADIES = PrizeSpec(rule=PrizeRule.LADIES_HIGHEST, name="Ladies")
GENTS = PrizeSpec(rule=PrizeRule.GENTS_HIGHEST, name="Gents")


def play(drive: Drive, hand: int, tricks: dict[int, int] | None = None) -> Drive:
    """Every table of ``hand`` enters its N–S tricks (8 where ``tricks`` says nothing)."""
    for table in drive.state.hand(hand).table_numbers:
        drive = drive.enter(HandEntry(hand=hand, table=table, tricks=(tricks or {}).get(table, 8)))
    return drive


def prize(drive: Drive, rule: PrizeRule) -> tuple[int, ...]:
    return next(result.winners for result in drive.state.prizes if result.prize.rule is rule)


def test_a_player_who_left_takes_no_prize_and_stays_on_the_board_marked() -> None:
    drive = play(Drive.start("Hall", 8, hands=3), 1, {1: 0, 2: 13})  # table 1 N–S took nothing
    lowest = min(range(8), key=lambda player: drive.state.overall.totals[player])
    drive = drive.leave(lowest)
    for hand in (2, 3):
        drive = play(drive, hand)
    state = drive.state
    assert lowest not in prize(drive, PrizeRule.LOWEST_TOTAL)  # the booby: among those at the last hand
    assert lowest not in state.eligible.evening  # type: ignore[union-attr]
    line = next(line for line in state.standings if line.player == lowest)
    assert line.left_after == 1 and line.total == 0
    assert all(line.left_after is None for line in state.standings if line.player != lowest)


def test_the_booby_goes_to_the_lowest_of_those_present_at_the_last_hand() -> None:
    drive = Drive.start("Hall", 9, hands=3)
    drive = play(drive, 1, {1: 2, 2: 13})
    low = [player for player in range(9) if drive.state.overall.totals[player] == 2]
    drive = drive.leave(low[0])
    for hand in (2, 3):
        drive = play(drive, hand, {1: 7, 2: 7})
    booby = prize(drive, PrizeRule.LOWEST_TOTAL)
    here = drive.state.eligible.evening  # type: ignore[union-attr]
    assert set(booby) <= here and low[0] not in booby
    assert drive.state.overall.totals[booby[0]] == min(drive.state.overall.totals[p] for p in here)


def test_a_late_player_starts_from_the_lowest_total_of_those_who_played_every_hand() -> None:
    drive = play(play(Drive.start("Hall", 12, hands=6), 1, {1: 9, 2: 4, 3: 6}), 2, {1: 3, 2: 10, 3: 7})
    everyone = drive.state.overall.totals
    first = drive.arrive("Mia", start=StartFrom.LOWEST, role=Role.LADY)
    assert first.state.carried[12] == min(everyone)
    # Ned comes from 0 and is then the lowest of all; Olive's start is still taken from those who
    # have played every hand, never from another late player's total.
    later = play(play(drive.arrive("Ned", role=Role.GENT), 3), 4)
    olive = later.arrive("Olive", start=StartFrom.LOWEST, role=Role.LADY)
    assert olive.state.carried[13] == min(later.state.overall.totals[:12])
    assert min(later.state.overall.totals) < olive.state.carried[13]


def test_with_one_prize_each_the_first_half_is_decided_at_the_interval_and_never_changes_hands() -> None:
    drive = Drive.start("Hall", 8, hands=4, interval_after=2, one_prize_each=True, prizes=(LADIES, GENTS))
    drive = play(play(drive, 1, {1: 13, 2: 0}), 2, {1: 10, 2: 3})
    at_interval = prize(drive, PrizeRule.BEST_FIRST_HALF)
    first_half = drive.state.halves[0].totals  # type: ignore[index]
    assert {first_half[p] for p in at_interval} == {max(first_half)}
    # The leading total at the interval is the best first half: it goes there first, for good.
    later = drive
    for hand, results in ((3, {1: 0, 2: 13}), (4, {1: 1, 2: 12})):
        later = play(later, hand, results)
        assert prize(later, PrizeRule.BEST_FIRST_HALF) == at_interval
    winners = [p for result in later.state.prizes for p in result.winners]
    assert len(winners) == len(set(winners))
    assert not set(at_interval) & set(prize(later, PrizeRule.HIGHEST_TOTAL))


def test_the_prizes_are_decided_in_the_stated_order() -> None:
    assert sorted(PRIZE_ORDER, key=PRIZE_ORDER.__getitem__) == [
        PrizeRule.BEST_FIRST_HALF,
        PrizeRule.HIGHEST_TOTAL,
        PrizeRule.PLACE,
        PrizeRule.LADIES_HIGHEST,
        PrizeRule.GENTS_HIGHEST,
        PrizeRule.BEST_SECOND_HALF,
        PrizeRule.MOST_HANDS_WON,
        PrizeRule.LOWEST_TOTAL,
        PrizeRule.CHOSEN,
    ]


def test_a_late_player_chooses_a_role_and_the_ladies_prize_counts_the_role_played() -> None:
    drive = play(Drive.start("Hall", 12, hands=5, prizes=(LADIES, GENTS)), 1)
    # Mia and Ned come as gents, Olive and Pat as ladies: the four make table 4.
    for name, role in (("Mia", Role.GENT), ("Ned", Role.GENT), ("Olive", Role.LADY), ("Pat", Role.LADY)):
        drive = drive.arrive(name, role=role)
    hand = drive.state.hand(2)
    assert hand.table_numbers == (1, 2, 3, 4)
    assert {hand.table(4).player_at(seat) for seat in (Seat.SOUTH, Seat.WEST)} == {12, 13}
    for number in range(2, 6):
        drive = play(drive, number, {1: 13, 2: 0, 3: 7, 4: 12})
    state = drive.state
    assert state.roles[12] is Role.GENT and state.roles[14] is Role.LADY
    for hand in state.hands:
        for table in hand.tables:
            for seat in Seat:
                assert state.roles[table.player_at(seat)] is seat.role
    ladies = prize(drive, PrizeRule.LADIES_HIGHEST)
    assert all(state.roles[p] is Role.LADY for p in ladies)
    best_lady = max(state.overall.totals[p] for p in range(16) if state.roles[p] is Role.LADY)
    assert {state.overall.totals[p] for p in ladies} == {best_lady}


def test_the_suggested_role_is_the_one_that_makes_a_table_sooner() -> None:
    drive = play(Drive.start("Hall", 13, hands=3), 1)  # one lady sits out each hand
    assert drive.suggested_role() is Role.GENT
    assert drive.arrive("Mia").state.roles[13] is Role.GENT


def test_a_departure_at_move_now_takes_a_sitter_out_of_the_same_role_or_stops_that_table() -> None:
    drive = play(Drive.start("Hall", 13, hands=3), 1)
    called = drive.state.hand(2)
    sitter = called.sitting_out[0]
    lady = called.table(2).player_at(Seat.NORTH)
    after = drive.leave(lady)
    hand = after.state.hand(2)
    assert hand.table(2).player_at(Seat.NORTH) == sitter and hand.placement(sitter).move is MoveKind.RETURN
    for table in (1, 3):
        assert hand.table(table).players == called.table(table).players
    gent = called.table(3).player_at(Seat.SOUTH)  # no gent waits: table 3 stops, its players sit out
    stopped = after.leave(gent).state.hand(2)
    assert stopped.table_numbers == (1, 2) and set(stopped.sitting_out) == set(called.table(3).players) - {
        gent
    }


def test_a_partner_drive_takes_a_late_pair_and_a_leaving_pair() -> None:
    drive = play(Drive.start("Pairs", 10, format="partner", hands=4), 1)  # a pair sits out
    called = drive.state.hand(2)
    waiting = called.sitting_out
    assert len(waiting) == 2
    with refused(RosterRefused, "drive_roster_pair_needed"):
        drive.arrive("Solo")
    # A late pair with the pair sitting out make a new table.
    joined = drive.arrive_pair("Mia", "Ned")
    hand = joined.state.hand(2)
    assert hand.table_numbers == (1, 2, 3) and set(hand.table(3).players) == {*waiting, 10, 11}
    assert (
        hand.table(1).players == called.table(1).players and hand.table(2).players == called.table(2).players
    )
    assert hand.placement(10).partner == 11
    # A pair leaves: the pair sitting out takes its places; without one, their opponents sit out.
    leaving = called.table(1).player_at(Seat.NORTH)
    partner = called.table(1).player_at(Seat.SOUTH)
    gone = drive.leave(leaving)
    assert not gone.present(partner, 2)
    assert {gone.state.hand(2).table(1).player_at(seat) for seat in (Seat.NORTH, Seat.SOUTH)} == set(waiting)
    full = play(Drive.start("Pairs", 12, format="partner", hands=3), 1)
    opponents = full.state.hand(2).table(2).pair_players(Pair.EAST_WEST)
    stopped = full.leave(full.state.hand(2).table(2).player_at(Seat.NORTH)).state.hand(2)
    assert stopped.table_numbers == (1, 3) and set(stopped.sitting_out) == set(opponents)


def test_a_substitute_takes_over_the_leavers_place_role_and_partner() -> None:
    drive = play(Drive.start("Pairs", 8, format="partner", hands=3), 1)
    called = drive.state.hand(2)
    leaver = called.table(1).player_at(Seat.EAST)
    partner = called.table(1).player_at(Seat.WEST)
    subbed = drive.leave(leaver, substitute="Zed")
    hand = subbed.state.hand(2)
    assert hand.table(1).player_at(Seat.EAST) == 8 and hand.placement(8).partner == partner
    assert subbed.state.roles[8] is Role.LADY and subbed.state.overall.totals[8] == 0
    assert [hand.table(t).players for t in hand.table_numbers if t != 1] == [called.table(2).players]
    assert (
        not subbed.present(leaver, 2)
        and subbed.state.overall.totals[leaver] == drive.state.overall.totals[leaver]
    )


def test_a_departure_that_leaves_no_table_of_two_ladies_and_two_gents_is_refused() -> None:
    drive = play(Drive.start("Hall", 5, hands=3), 1)  # ladies 0, 2, 4; gents 1, 3
    with refused(InvalidDriveSetup, "drive_roster_no_table", hand=2, count=4):
        drive.leave(1)
    with pytest.raises(RosterRefused):
        drive.remove_table(1)


def test_a_correction_that_gives_the_first_half_prize_to_another_says_so_before_it_is_saved() -> None:
    drive = play(play(Drive.start("Hall", 8, hands=4, interval_after=2), 1, {1: 13, 2: 7}), 2, {1: 7, 2: 7})
    given = prize(drive, PrizeRule.BEST_FIRST_HALF)
    effect = drive.correction_effect(HandEntry(hand=1, table=1, tricks=0))
    [(_spec, before, after)] = [item for item in effect.prizes if item[0].rule is PrizeRule.BEST_FIRST_HALF]
    assert before == given and after != given and effect.movement_called
    later = play(drive, 3)
    assert prize(later, PrizeRule.BEST_FIRST_HALF) == given  # later hands never take it back
    assert not later.correction_effect(HandEntry(hand=3, table=1, tricks=0)).prizes

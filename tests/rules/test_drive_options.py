"""The drive's local customs: the winners move instead of the losers, one prize each, and the
ladies' and gents' prizes (RULES.md §10)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.drive import (
    Drive,
    HandEntry,
    InvalidDriveOption,
    MoveKind,
    Pair,
    PrizeRule,
    PrizeSpec,
    Role,
    entry_role,
)

from .said import refused
from .test_drive_scoring import EXTRA_PRIZES, NAMES, small_drive


def seatings(drive: Drive) -> list[tuple[tuple[int, int, int, int], ...]]:
    return [tuple(table.players for table in hand.tables) for hand in drive.state.hands]


def test_where_the_winners_move_the_losers_stay_and_the_winners_go_up_and_down() -> None:
    """Three tables, progressive, hand 1 N–S 9 at table 1, 4 at table 2, 6 at table 3 (entries 1 to 12).

    The losers stay: T1 E–W 3 and 4 (4 crosses W → S), T2 N–S 5 and 6 (6 crosses S → W), T3 N–S 9
    and 10 (10 crosses S → W). The winners move: T1 N–S 1 up to T2, 2 down to T3; T2 E–W 7 up to
    T3, 8 down to T1; T3 E–W 11 up to T1, 12 down to T2. Up-movers take the free N/E seat, down-movers
    the free S/W seat.
    """
    drive = Drive.start("Customs", 12, hands=2, winners_move=True)
    for table, tricks in enumerate((9, 4, 6), start=1):
        drive = drive.enter(HandEntry(hand=1, table=table, tricks=tricks))
    # Entry numbers from 1, as the plans are written: subtract one for the engine's indices.
    expected = ((11, 3, 4, 8), (5, 1, 12, 6), (9, 7, 2, 10))
    assert seatings(drive)[1] == tuple(tuple(player - 1 for player in table) for table in expected)
    hand = drive.state.hand(2)
    assert hand.placement(0).move is MoveKind.UP and hand.placement(1).move is MoveKind.DOWN
    assert hand.placement(2).move is MoveKind.STAY and hand.placement(3).move is MoveKind.CHANGE_SEAT
    assert drive.state.rule.winners_move


def test_losers_move_unless_the_option_says_otherwise_and_it_is_yes_or_no() -> None:
    assert not Drive.start("Usual", 12).setup.winners_move
    assert not Drive.start("Usual", 12).setup.one_prize_each
    with refused(InvalidDriveOption, "drive_option_yes_no", option="winners_move", value="'yes'"):
        Drive.start("Customs", 12, winners_move="yes")


def test_ladies_and_gents_play_north_east_and_south_west_by_entry_order() -> None:
    drive = Drive.start("Roles", 12)
    first = drive.state.hand(1)
    for player in range(8):
        place = first.placement(player)
        assert place.seat is not None
        assert (entry_role(player) is Role.LADY) == place.seat.moves_up  # North or East
        assert drive.state.roles[player] is place.seat.role


def test_the_ladies_and_gents_prizes_go_to_the_highest_of_each() -> None:
    prizes = (
        PrizeSpec(rule=PrizeRule.LADIES_HIGHEST, name="Ladies"),
        PrizeSpec(rule=PrizeRule.GENTS_HIGHEST, name="Gents"),
    )
    drive = small_drive().with_prizes(prizes)
    won = {result.prize.name: result for result in drive.state.prizes if result.prize.name}
    # Ladies (entries 1, 3, 5): Ann 32, Eve 25, Cat 23. Gents (2, 4): Bob 35, Dan 17.
    assert ([NAMES[player] for player in won["Ladies"].winners], won["Ladies"].score) == (["Ann"], 32)
    assert ([NAMES[player] for player in won["Gents"].winners], won["Gents"].score) == (["Bob"], 35)


def test_with_one_prize_each_a_player_wins_only_the_highest_of_their_prizes() -> None:
    drive = small_drive()
    setup = drive.setup
    one_each = Drive(
        Drive.start(
            setup.name,
            list(setup.players),
            hands=4,
            interval_after=2,
            prizes=EXTRA_PRIZES,
            one_prize_each=True,
        ).setup,
        drive.entries,
    )
    won = {
        result.prize.name or result.prize.rule.value: [NAMES[player] for player in result.winners]
        for result in one_each.state.prizes
    }
    # The first half is decided first, at the interval (Bob 17, Ann 15, Cat 14): Bob's, for good.
    # Then in the stated order: the highest total to Ann 32 (Bob 35 has his prize), the runner-up to
    # the best left at or below second place, Eve 25; the second half (Bob 18, Ann 17, Eve 14, Cat 9,
    # Dan 8) to Cat; most hands won to Dan, the only one left; nobody is left for the booby. The
    # raffle is the organiser's own choice.
    assert won == {
        "highest_total": ["Ann"],
        "lowest_total": [],
        "best_first_half": ["Bob"],
        "best_second_half": ["Cat"],
        "Runner-up": ["Eve"],
        "Most hands won": ["Dan"],
        "Raffle": ["Eve"],
    }
    booby = next(result for result in one_each.state.prizes if result.prize.rule is PrizeRule.LOWEST_TOTAL)
    assert booby.score is None and not booby.tied


@pytest.mark.parametrize("winners_move", [False, True])
def test_a_correction_after_the_movement_is_called_keeps_the_seats_whoever_moves(winners_move: bool) -> None:
    drive = Drive.start("Customs", 12, hands=3, winners_move=winners_move)
    for table, tricks in enumerate((9, 4, 6), start=1):
        drive = drive.enter(HandEntry(hand=1, table=table, tricks=tricks))
    corrected = drive.correct(HandEntry(hand=1, table=2, tricks=5, pair=Pair.EAST_WEST))  # N–S win now
    assert seatings(corrected) == seatings(drive)

"""Whist-drive scoring: a small drive added up by hand, the leaderboard's ties and the prizes."""

from __future__ import annotations

from scorekeeper.rules.drive import (
    Drive,
    HandEntry,
    Pair,
    PrizeResult,
    PrizeRule,
    PrizeSpec,
    Seat,
    Tally,
    TieBreak,
)
from scorekeeper.rules.drive.standings import leaderboard

ANN, BOB, CAT, DAN, EVE = range(5)
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
EXTRA_PRIZES = (
    PrizeSpec(rule=PrizeRule.PLACE, name="Runner-up", place=2),
    PrizeSpec(rule=PrizeRule.MOST_HANDS_WON, name="Most hands won"),
    PrizeSpec(rule=PrizeRule.CHOSEN, name="Raffle", player=EVE),
)


def small_drive(hands_entered: int = 4) -> Drive:
    """Five players at one table, progressive, 4 hands in two halves, 7 tricks for sitting out.

    Ann, Cat and Eve play lady (entries 1, 3, 5), Bob and Dan gent: one lady sits out each hand, in
    turn Eve (hand 1), Ann, Cat, Eve (hand 4); the gents never do.
    Hand 1: N Ann, E Cat, S Bob, W Dan. N–S take 8: Ann 8, Bob 8, Cat 5, Dan 5, Eve 7 (out).
      Ann stays N, Bob crosses to W, Cat (E, lost) up to E, Dan (W, lost) down to S; Ann sits out
      hand 2 and Eve takes her seat.
    Hand 2: N Eve, E Cat, S Dan, W Bob. N–S take 4: Eve 4, Dan 4, Cat 9, Bob 9, Ann 7 (out).
      Cat stays E, Bob crosses to S, Eve (N) up to N, Dan (S) down to W; Cat sits out and Ann
      takes her seat (East).
    Hand 3: N Eve, E Ann, S Bob, W Dan. N–S take 7: Eve 7, Bob 7, Ann 6, Dan 6, Cat 7 (out).
      Eve stays N, Bob crosses to W, Ann up to E, Dan down to S; Eve sits out, Cat takes North.
    Hand 4: N Cat, E Ann, S Dan, W Bob. E–W take 11: Ann 11, Bob 11, Cat 2, Dan 2, Eve 7 (out).
    """
    drive = Drive.start(
        "Church hall", NAMES, hands=4, interval_after=2, sit_out_tricks=7, prizes=EXTRA_PRIZES
    )
    entries = [
        HandEntry(hand=1, table=1, tricks=8),
        HandEntry(hand=2, table=1, tricks=9, pair=Pair.EAST_WEST),
        HandEntry(hand=3, table=1, tricks=7),
        HandEntry(hand=4, table=1, tricks=11, pair=Pair.EAST_WEST),
    ]
    for entry in entries[:hands_entered]:
        drive = drive.enter(entry)
    return drive


def test_the_seatings_of_the_small_drive() -> None:
    state = small_drive().state
    assert [table.players for hand in state.hands for table in hand.tables] == [
        (ANN, CAT, BOB, DAN),
        (EVE, CAT, DAN, BOB),
        (EVE, ANN, BOB, DAN),
        (CAT, ANN, DAN, BOB),
    ]
    assert [hand.sitting_out for hand in state.hands] == [(EVE,), (ANN,), (CAT,), (EVE,)]
    # Everyone plays their first seat's role all evening.
    for hand in state.hands:
        for table in hand.tables:
            for seat in Seat:
                assert state.roles[table.player_at(seat)] is seat.role


def test_each_players_score_is_the_tricks_their_pair_took() -> None:
    state = small_drive().state
    assert state.finished
    assert state.scores == (
        (8, 7, 6, 11),  # Ann: 8 + 7 (out) + 6 + 11 = 32
        (8, 9, 7, 11),  # Bob: 8 + 9 + 7 + 11 = 35
        (5, 9, 7, 2),  # Cat: 5 + 9 + 7 (out) + 2 = 23
        (5, 4, 6, 2),  # Dan: 5 + 4 + 6 + 2 = 17
        (7, 4, 7, 7),  # Eve: 7 (out) + 4 + 7 + 7 (out) = 25
    )
    assert state.overall.totals == (32, 35, 23, 17, 25)
    # Hands won (7 or more, a 7-trick sit-out included): Ann 3, Bob 4, Cat 2, Dan 0, Eve 3.
    assert state.overall.hands_won == (3, 4, 2, 0, 3)
    assert state.halves is not None
    assert state.halves[0].totals == (15, 17, 14, 9, 11)  # hands 1–2
    assert state.halves[1].totals == (17, 18, 9, 8, 14)  # hands 3–4


def test_the_leaderboard_of_the_small_drive() -> None:
    standings = small_drive().state.standings
    assert [(NAMES[line.player], line.rank, line.total, line.tied) for line in standings] == [
        ("Bob", 1, 35, False),
        ("Ann", 2, 32, False),
        ("Eve", 3, 25, False),
        ("Cat", 4, 23, False),
        ("Dan", 5, 17, False),
    ]


def winners(prize: PrizeResult) -> list[str]:
    return [NAMES[player] for player in prize.winners]


def test_the_prizes_of_the_small_drive() -> None:
    prizes = {prize.prize.name or prize.prize.rule.value: prize for prize in small_drive().state.prizes}
    assert list(prizes) == [
        "highest_total",
        "lowest_total",
        "best_first_half",
        "best_second_half",
        "Runner-up",
        "Most hands won",
        "Raffle",
    ]
    assert (winners(prizes["highest_total"]), prizes["highest_total"].score) == (["Bob"], 35)
    assert (winners(prizes["lowest_total"]), prizes["lowest_total"].score) == (["Dan"], 17)
    assert (winners(prizes["best_first_half"]), prizes["best_first_half"].score) == (["Bob"], 17)
    # Second half: Bob 18, Ann 17, Eve 14 (her sit-out of hand 4 counts 7).
    second = prizes["best_second_half"]
    assert (winners(second), second.score, second.tied) == (["Bob"], 18, False)
    assert (winners(prizes["Runner-up"]), prizes["Runner-up"].score) == (["Ann"], 32)
    assert (winners(prizes["Most hands won"]), prizes["Most hands won"].score) == (["Bob"], 4)
    assert winners(prizes["Raffle"]) == ["Eve"] and prizes["Raffle"].score is None
    assert all(prize.decided for prize in prizes.values())


def test_prizes_are_decided_when_their_hands_are_complete() -> None:
    state = small_drive(hands_entered=2).state
    decided = {prize.prize.rule: prize.decided for prize in state.prizes}
    assert decided[PrizeRule.BEST_FIRST_HALF] is True
    assert decided[PrizeRule.HIGHEST_TOTAL] is False
    assert decided[PrizeRule.BEST_SECOND_HALF] is False
    assert decided[PrizeRule.CHOSEN] is True
    assert state.at_interval and state.move_now
    assert not small_drive(hands_entered=1).state.at_interval


def test_the_tally_card_runs_hand_by_hand() -> None:
    card = small_drive(hands_entered=3).state.card(ANN)
    rows = [
        (row.hand, row.trump.value, row.table, row.seat, row.partner, row.tricks, row.running_total)
        for row in card
    ]
    assert rows == [
        (1, "H", 1, Seat.NORTH, BOB, 8, 8),
        (2, "C", None, None, None, 7, 15),
        (3, "D", 1, Seat.EAST, DAN, 6, 21),
        (4, "S", 1, Seat.EAST, BOB, None, None),
    ]
    assert [row.sat_out for row in card] == [False, True, False, False]


def test_a_sit_out_counts_once_the_hand_is_complete_everywhere() -> None:
    drive = Drive.start("Hall", 9, hands=2)  # two tables, one sitting out
    drive = drive.enter(HandEntry(hand=1, table=1, tricks=10))
    sitter = drive.state.hand(1).sitting_out[0]
    assert drive.state.scores[sitter][0] is None
    drive = drive.enter(HandEntry(hand=1, table=2, tricks=3))
    assert drive.state.scores[sitter][0] == 7


def test_six_tricks_for_sitting_out_is_not_a_hand_won() -> None:
    drive = Drive.start("Hall", 5, hands=1, sit_out_tricks=6).enter(HandEntry(hand=1, table=1, tricks=7))
    assert drive.state.scores[4] == (6,)
    assert drive.state.overall.hands_won[4] == 0


def test_ties_are_broken_by_hands_won_or_shown_as_shared() -> None:
    # Four players: totals 50, 50, 50, 40; hands won 6, 5, 6, 3.
    tally = Tally(totals=(50, 50, 50, 40), hands_won=(6, 5, 6, 3), hands_scored=(8, 8, 8, 8))
    broken = leaderboard(tally, TieBreak.MOST_HANDS_WON)
    assert [(line.player, line.rank, line.tied) for line in broken] == [
        (0, 1, True),  # 50 and 6 won, level with player 2
        (2, 1, True),
        (1, 3, False),  # 50 but only 5 won
        (3, 4, False),
    ]
    shared = leaderboard(tally, TieBreak.SHARED)
    assert [(line.player, line.rank, line.tied) for line in shared] == [
        (0, 1, True),
        (1, 1, True),
        (2, 1, True),
        (3, 4, False),
    ]


def test_a_place_prize_behind_a_tie_goes_to_the_tied_players() -> None:
    drive = Drive.start(
        "Cut",
        4,
        hands=1,
        tie_break="shared",
        prizes=[PrizeSpec(rule=PrizeRule.PLACE, name="Second", place=2)],
    ).enter(HandEntry(hand=1, table=1, tricks=9))
    prizes = {prize.prize.rule: prize for prize in drive.state.prizes}
    # Players 1 and 2 (N–S) took 9 each: level first, so they cut for first and second.
    assert prizes[PrizeRule.HIGHEST_TOTAL].winners == (0, 1)
    assert prizes[PrizeRule.PLACE].winners == (0, 1) and prizes[PrizeRule.PLACE].tied
    assert prizes[PrizeRule.LOWEST_TOTAL].winners == (2, 3)


def test_trumps_rotate_in_the_chosen_order() -> None:
    drive = Drive.start("Trumps", 4, hands=6, trumps=["S", "NT", "D"])
    assert [drive.setup.trump_for(hand).value for hand in range(1, 7)] == ["S", "NT", "D", "S", "NT", "D"]
    default = Drive.start("Default", 4)
    assert [default.setup.trump_for(hand).value for hand in range(1, 6)] == ["H", "C", "D", "S", "H"]

"""Who can still take each prize: from the interval on, with 13 tricks a hand at most still to come."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.drive import Drive, HandEntry, Pair, PrizeRule, PrizeSpec
from scorekeeper.rules.drive.outlook import PrizeOutlook, outlook, outlook_from, shows_outlook

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
RUNNER_UP = PrizeSpec(rule=PrizeRule.PLACE, name="Runner-up", place=2)
MOST_WON = PrizeSpec(rule=PrizeRule.MOST_HANDS_WON, name="Most hands won")
LADIES = PrizeSpec(rule=PrizeRule.LADIES_HIGHEST, name="Ladies")
GENTS = PrizeSpec(rule=PrizeRule.GENTS_HIGHEST, name="Gents")
THIRD = PrizeSpec(rule=PrizeRule.PLACE, name="Third", place=3)


def drive(results: list[tuple[int, int]], *, hands: int = 4, interval: int | None = 2) -> Drive:
    """Eight players at two tables; ``results`` are (table 1, table 2) N–S tricks, hand by hand."""
    start = Drive.start("Hall", NAMES, hands=hands, interval_after=interval, prizes=(RUNNER_UP, MOST_WON))
    entries = tuple(
        HandEntry(hand=hand, table=table, tricks=tricks)
        for hand, pair in enumerate(results, start=1)
        for table, tricks in enumerate(pair, start=1)
    )
    return Drive(start.setup, entries)


def by_rule(drive: Drive, rule: PrizeRule) -> PrizeOutlook:
    return next(item for item in outlook(drive.state) if item.prize.rule is rule)


def test_the_outlook_shows_from_the_interval_or_half_way_until_the_end() -> None:
    assert outlook_from(drive([]).state) == 2
    assert not shows_outlook(drive([(13, 13)]).state)
    assert shows_outlook(drive([(13, 13), (13, 13)]).state)
    assert outlook_from(drive([], hands=5, interval=None).state) == 2
    assert not shows_outlook(drive([(7, 7)] * 4).state)  # over: the prizes are won


def test_at_the_interval_everyone_within_26_tricks_of_the_leader_can_still_win() -> None:
    state = drive([(13, 13), (13, 13)]).state
    totals = state.overall.totals
    leader = max(totals)
    highest = by_rule(drive([(13, 13), (13, 13)]), PrizeRule.HIGHEST_TOTAL)
    assert set(highest.contenders) == {p for p, total in enumerate(totals) if total + 26 >= leader}
    assert highest.hands_left == 2 and not highest.decided
    assert highest.contenders[0] == totals.index(leader)  # best placed first


def test_one_hand_left_a_lead_of_more_than_13_clinches_the_top_prize_and_the_booby() -> None:
    # Table 1's N–S and table 2's N–S take every trick for three hands: the movement spreads it out,
    # but after three hands some player is more than 13 clear, and one more than 13 adrift.
    played = drive([(13, 13), (13, 13), (13, 0)])
    state = played.state
    totals = state.overall.totals
    highest = by_rule(played, PrizeRule.HIGHEST_TOTAL)
    expected = {p for p, total in enumerate(totals) if total + 13 >= max(totals)}
    assert set(highest.contenders) == expected
    booby = by_rule(played, PrizeRule.LOWEST_TOTAL)
    assert set(booby.contenders) == {p for p, total in enumerate(totals) if total <= min(totals) + 13}
    assert booby.contenders[0] == totals.index(min(totals))  # the lowest first for the booby


def test_a_decided_prize_names_its_winners_only() -> None:
    played = drive([(13, 13), (9, 4)])
    first_half = by_rule(played, PrizeRule.BEST_FIRST_HALF)
    result = next(item for item in played.state.prizes if item.prize.rule is PrizeRule.BEST_FIRST_HALF)
    assert first_half.decided and first_half.contenders == result.winners and first_half.hands_left == 0
    second_half = by_rule(played, PrizeRule.BEST_SECOND_HALF)
    assert len(second_half.contenders) == 8  # nothing scored in the second half yet: anyone


def test_a_clinched_prize_has_one_contender() -> None:
    # Twelve hands: table 1's N–S always 13, table 2's N–S always 0; then with one hand left the
    # leader is far ahead of everyone who could catch them.
    results = [(13, 0)] * 11
    played = drive(results, hands=12, interval=6)
    highest = by_rule(played, PrizeRule.HIGHEST_TOTAL)
    totals = played.state.overall.totals
    top = sorted(totals, reverse=True)
    if top[0] - top[1] > 13:
        assert highest.clinched and len(highest.contenders) == 1
    else:
        assert not highest.clinched


def test_most_hands_won_counts_one_a_hand() -> None:
    played = drive([(13, 13), (13, 13), (13, 13)])
    most = by_rule(played, PrizeRule.MOST_HANDS_WON)
    won = played.state.overall.hands_won
    assert set(most.contenders) == {p for p, count in enumerate(won) if count + 1 >= max(won)}


@st.composite
def half_played(draw: Any) -> tuple[Drive, Drive]:
    """A drive of 4 to 24 players played to the end, and the same drive stopped part-way."""
    players = draw(st.integers(4, 24))
    hands = draw(st.integers(2, 8))
    start = Drive.start(
        "Any",
        players,
        hands=hands,
        interval_after=draw(st.integers(1, hands - 1)),
        prizes=draw(
            st.sampled_from([(RUNNER_UP,), (RUNNER_UP, THIRD, MOST_WON), (LADIES, GENTS, RUNNER_UP)])
        ),
        one_prize_each=draw(st.booleans()),
    )
    tables = start.state.layout.tables
    entries = [
        HandEntry(hand=hand, table=table, tricks=draw(st.integers(0, 13)), pair=draw(st.sampled_from(Pair)))
        for hand in range(1, hands + 1)
        for table in range(1, tables + 1)
    ]
    stop = draw(st.integers(0, len(entries)))
    return Drive(start.setup, tuple(entries)), Drive(start.setup, tuple(entries[:stop]))


@settings(max_examples=200, deadline=None)
@given(half_played())
def test_whoever_wins_in_the_end_was_never_ruled_out(drives: tuple[Drive, Drive]) -> None:
    """The bounds may keep a player who cannot make it, never drop one who does: whatever the prizes
    (places, ladies' and gents'), with one prize each or not."""
    final, part_way = drives
    for won, still in zip(final.state.prizes, outlook(part_way.state), strict=True):
        assert won.prize == still.prize
        assert set(won.winners) <= set(still.contenders), (won, still)

"""Setting up a whist drive: defaults, tables from the number of players, and every refusal."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import InvalidOption, InvalidSetup, Trump
from scorekeeper.rules.drive import (
    Drive,
    DriveFormat,
    DriveSetup,
    InvalidDriveOption,
    InvalidDriveSetup,
    InvalidPrize,
    PrizeRule,
    PrizeSpec,
    TieBreak,
    UpDirection,
    layout_for,
)


def test_the_defaults_are_a_progressive_drive_of_24_hands() -> None:
    setup = DriveSetup.create("  Spring   drive ", 16)
    assert setup.name == "Spring drive"
    assert setup.players[:2] == ("Player 1", "Player 2") and setup.player_count == 16
    assert setup.format is DriveFormat.PROGRESSIVE
    assert setup.hands == 24 and setup.interval_after is None
    assert setup.trumps == (Trump.HEARTS, Trump.CLUBS, Trump.DIAMONDS, Trump.SPADES)
    assert setup.sit_out_tricks == 7
    assert setup.tie_break is TieBreak.MOST_HANDS_WON
    assert setup.up_direction is UpDirection.HIGHER
    assert setup.prizes == ()
    assert [setup.half_of(hand) for hand in (1, 24)] == [1, 1]


def test_options_are_read_from_form_values() -> None:
    setup = DriveSetup.create(
        "Club",
        ["Ann", " Bob ", "Cat", "Dee", "Eve", "Fay"],
        format="Partner",
        hands=12,
        interval_after=6,
        trumps=["spades", "♥"],
        sit_out_tricks=6,
        tie_break="shared",
        up_direction="lower",
    )
    assert setup.players[1] == "Bob"
    assert setup.format is DriveFormat.PARTNER
    assert setup.trumps == (Trump.SPADES, Trump.HEARTS)
    assert (setup.half_of(6), setup.half_of(7)) == (1, 2)
    assert (setup.tie_break, setup.up_direction, setup.sit_out_tricks) == (
        TieBreak.SHARED,
        UpDirection.LOWER,
        6,
    )


@pytest.mark.parametrize(
    ("players", "tables", "sitting_out"),
    [(4, 1, 0), (5, 1, 1), (7, 1, 3), (8, 2, 0), (30, 7, 2), (160, 40, 0), (163, 40, 3)],
)
def test_tables_come_from_the_number_of_players(players: int, tables: int, sitting_out: int) -> None:
    layout = layout_for(players)
    assert (layout.tables, layout.sitting_out) == (tables, sitting_out)
    assert layout.incomplete_table == (tables + 1 if sitting_out else None)
    state = Drive.start("Hall", players).state
    assert len(state.hand(1).tables) == tables and len(state.hand(1).sitting_out) == sitting_out


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (3, "A whist drive needs at least 4 players to fill one table, not 3"),
        (["Ann", "Bob"], "A whist drive needs at least 4 players to fill one table, not 2"),
        (401, "A drive has at most 400 players, not 401"),
        (["Ann", "Bob", "ann", "Dee"], "Two players are called ann: give each a different name"),
        (["Ann", " ", "Cat", "Dee"], "Player 2 needs a name"),
        (["Ann", "B" * 31, "Cat", "Dee"], "is too long: a name has at most 30 letters"),
        ("Ann Bob Cat Dee", "The players are a list of names or a number of players"),
    ],
)
def test_players_that_cannot_make_a_drive_are_refused(players: Any, message: str) -> None:
    with pytest.raises(InvalidDriveSetup, match=message) as refused:
        DriveSetup.create("Hall", players)
    assert isinstance(refused.value, InvalidSetup) and refused.value.field == "players"


def test_a_partner_drive_needs_an_even_number_of_players() -> None:
    with pytest.raises(InvalidDriveSetup, match="fixed pairs: 13 players cannot all have a partner"):
        DriveSetup.create("Hall", 13, format="partner")
    assert DriveSetup.create("Hall", 14, format="partner").player_count == 14


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"hands": 0}, "hands", "A drive has 1 to 48 hands, not 0"),
        ({"hands": 49}, "hands", "A drive has 1 to 48 hands, not 49"),
        ({"hands": "24"}, "hands", "The number of hands must be a whole number"),
        (
            {"hands": 24, "interval_after": 24},
            "interval_after",
            "after one of hands 1 to 23, not after hand 24",
        ),
        ({"interval_after": 0}, "interval_after", "not after hand 0"),
        ({"trumps": []}, "trumps", "needs at least one suit"),
        ({"trumps": ["H", "hearts"]}, "trumps", "Hearts comes twice"),
        ({"trumps": ["JK"]}, "trumps", "a suit or no trump"),
        ({"trumps": ["X"]}, "trumps", "'X' is not a suit or no trump"),
        ({"sit_out_tricks": 5}, "sit_out_tricks", "scores 6 or 7 tricks, not 5"),
        ({"format": "swiss"}, "format", "progressive, semi_partner, partner, not 'swiss'"),
        ({"tie_break": "coin"}, "tie_break", "most_hands_won, shared"),
        ({"up_direction": "sideways"}, "up_direction", "higher, lower"),
    ],
)
def test_options_outside_their_choices_are_refused(options: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises((InvalidDriveSetup, InvalidDriveOption), match=message) as refused:
        DriveSetup.create("Hall", 8, **options)
    assert refused.value.field == field


def test_the_drive_needs_a_name() -> None:
    with pytest.raises(InvalidDriveSetup, match="The drive needs a name") as refused:
        DriveSetup.create("  ", 8)
    assert refused.value.field == "name"


@pytest.mark.parametrize(
    ("prize", "message"),
    [
        (PrizeSpec(rule=PrizeRule.PLACE, name="Second"), "Second: the place is from 1 to 8, not None"),
        (PrizeSpec(rule=PrizeRule.PLACE, name="Ninth", place=9), "the place is from 1 to 8, not 9"),
        (PrizeSpec(rule=PrizeRule.CHOSEN, name="Raffle", player=8), "Raffle: choose one of the drive's 8"),
        (
            PrizeSpec(rule=PrizeRule.BEST_FIRST_HALF, name="Early"),
            "Early: a prize for a half needs an interval",
        ),
        (
            PrizeSpec(rule=PrizeRule.HIGHEST_TOTAL, name="Top", place=1),
            "only a prize for a place has a place",
        ),
        (PrizeSpec(rule=PrizeRule.LOWEST_TOTAL, name="Spoon", player=1), "only a prize the organiser awards"),
        (PrizeSpec(rule=PrizeRule.HIGHEST_TOTAL), "A prize the organiser adds needs a name"),
        (PrizeSpec(rule="luckiest", name="Luck"), "A prize is one of highest_total"),  # type: ignore[arg-type]
    ],
)
def test_prizes_that_cannot_be_awarded_are_refused(prize: PrizeSpec, message: str) -> None:
    with pytest.raises(InvalidPrize, match=message) as refused:
        DriveSetup.create("Hall", 8, prizes=[prize])
    assert isinstance(refused.value, InvalidOption) and refused.value.field == "prizes"


def test_two_prizes_with_one_name_are_refused_and_prizes_can_be_changed_later() -> None:
    prize = PrizeSpec(rule=PrizeRule.CHOSEN, name="Raffle", player=0)
    with pytest.raises(InvalidPrize, match="Two prizes are called raffle"):
        DriveSetup.create(
            "Hall", 8, prizes=[prize, PrizeSpec(rule=PrizeRule.CHOSEN, name=" raffle", player=2)]
        )
    drive = Drive.start("Hall", 8, prizes=[prize])
    changed = drive.with_prizes([PrizeSpec(rule=PrizeRule.PLACE, name="Third", place=3)])
    assert [p.prize.name for p in changed.state.prizes] == [None, None, "Third"]
    assert changed.setup.players == drive.setup.players

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
from scorekeeper.rules.text import Text

from .said import refused


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
        (3, Text("drive_too_few_players", least=4, count=3)),
        (["Ann", "Bob"], Text("drive_too_few_players", least=4, count=2)),
        (401, Text("drive_too_many_players", most=400, count=401)),
        (["Ann", "Bob", "ann", "Dee"], Text("name_twice", name="ann")),
        (["Ann", " ", "Cat", "Dee"], Text("name_missing", position=2)),
        (
            ["Ann", "B" * 31, "Cat", "Dee"],
            Text("name_too_long", start="BBBBBBBBBBBBBBBBBBBBBBBBBBBBBB", most=30),
        ),
        ("Ann Bob Cat Dee", Text("drive_players_shape")),
    ],
)
def test_players_that_cannot_make_a_drive_are_refused(players: Any, message: str) -> None:
    with refused(InvalidDriveSetup, message) as caught:
        DriveSetup.create("Hall", players)
    assert isinstance(caught.value, InvalidSetup) and caught.value.field == "players"


def test_a_partner_drive_needs_an_even_number_of_players() -> None:
    with refused(InvalidDriveSetup, "drive_partner_odd", players=13):
        DriveSetup.create("Hall", 13, format="partner")
    assert DriveSetup.create("Hall", 14, format="partner").player_count == 14


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"hands": 0}, "hands", Text("drive_hands_range", most=48, value=0)),
        ({"hands": 49}, "hands", Text("drive_hands_range", most=48, value=49)),
        ({"hands": "24"}, "hands", Text("drive_not_whole", what="hands", value="'24'")),
        (
            {"hands": 24, "interval_after": 24},
            "interval_after",
            Text("drive_interval_range", last=23, value=24),
        ),
        ({"interval_after": 0}, "interval_after", Text("drive_interval_range", last=23, value=0)),
        ({"trumps": []}, "trumps", Text("drive_trumps_empty")),
        ({"trumps": ["H", "hearts"]}, "trumps", Text("drive_trump_twice", trump="H")),
        ({"trumps": ["JK"]}, "trumps", Text("drive_trump_joker")),
        ({"trumps": ["X"]}, "trumps", Text("drive_trump_unreadable", value="'X'")),
        ({"sit_out_tricks": 5}, "sit_out_tricks", Text("drive_sit_out_tricks", choices=(6, 7), value="5")),
        (
            {"format": "swiss"},
            "format",
            Text(
                "drive_option_choice",
                option="format",
                choices=("progressive", "semi_partner", "partner"),
                value="'swiss'",
            ),
        ),
        (
            {"tie_break": "coin"},
            "tie_break",
            Text(
                "drive_option_choice",
                option="tie_break",
                choices=("most_hands_won", "shared"),
                value="'coin'",
            ),
        ),
        (
            {"up_direction": "sideways"},
            "up_direction",
            Text(
                "drive_option_choice", option="up_direction", choices=("higher", "lower"), value="'sideways'"
            ),
        ),
    ],
)
def test_options_outside_their_choices_are_refused(options: dict[str, Any], field: str, message: str) -> None:
    with refused((InvalidDriveSetup, InvalidDriveOption), message) as caught:
        DriveSetup.create("Hall", 8, **options)
    assert caught.value.field == field


def test_the_drive_needs_a_name() -> None:
    with refused(InvalidDriveSetup, "drive_name_missing") as caught:
        DriveSetup.create("  ", 8)
    assert caught.value.field == "name"


@pytest.mark.parametrize(
    ("prize", "message"),
    [
        (
            PrizeSpec(rule=PrizeRule.PLACE, name="Second"),
            Text("drive_prize_place_range", prize="Second", players=8, value="None"),
        ),
        (
            PrizeSpec(rule=PrizeRule.PLACE, name="Ninth", place=9),
            Text("drive_prize_place_range", prize="Ninth", players=8, value="9"),
        ),
        (
            PrizeSpec(rule=PrizeRule.CHOSEN, name="Raffle", player=8),
            Text("drive_prize_choose_player", prize="Raffle", players=8),
        ),
        (
            PrizeSpec(rule=PrizeRule.BEST_FIRST_HALF, name="Early"),
            Text("drive_prize_half_needs_interval", prize="Early"),
        ),
        (
            PrizeSpec(rule=PrizeRule.HIGHEST_TOTAL, name="Top", place=1),
            Text("drive_prize_place_unwanted", prize="Top"),
        ),
        (
            PrizeSpec(rule=PrizeRule.LOWEST_TOTAL, name="Spoon", player=1),
            Text("drive_prize_player_unwanted", prize="Spoon"),
        ),
        (PrizeSpec(rule=PrizeRule.HIGHEST_TOTAL), Text("drive_prize_name_missing")),
        (
            PrizeSpec(rule="luckiest", name="Luck"),
            Text(
                "drive_prize_rule",
                rules=(
                    "highest_total",
                    "lowest_total",
                    "best_first_half",
                    "best_second_half",
                    "place",
                    "most_hands_won",
                    "chosen",
                    "ladies_highest",
                    "gents_highest",
                ),
                value="'luckiest'",
            ),
        ),  # type: ignore[arg-type]
    ],
)
def test_prizes_that_cannot_be_awarded_are_refused(prize: PrizeSpec, message: str) -> None:
    with refused(InvalidPrize, message) as caught:
        DriveSetup.create("Hall", 8, prizes=[prize])
    assert isinstance(caught.value, InvalidOption) and caught.value.field == "prizes"


def test_two_prizes_with_one_name_are_refused_and_prizes_can_be_changed_later() -> None:
    prize = PrizeSpec(rule=PrizeRule.CHOSEN, name="Raffle", player=0)
    with refused(InvalidPrize, "drive_prize_name_twice", prize="raffle"):
        DriveSetup.create(
            "Hall", 8, prizes=[prize, PrizeSpec(rule=PrizeRule.CHOSEN, name=" raffle", player=2)]
        )
    drive = Drive.start("Hall", 8, prizes=[prize])
    changed = drive.with_prizes([PrizeSpec(rule=PrizeRule.PLACE, name="Third", place=3)])
    assert [p.prize.name for p in changed.state.prizes] == [None, None, "Third"]
    assert changed.setup.players == drive.setup.players

"""House rules in the engine (rules/club/house.py): only the options set away from the defaults are
kept, so they fit a table of any size; a game plays them when its options are what they give."""

from __future__ import annotations

import pytest

from scorekeeper.rules import InvalidOption, Table, get_variant
from scorekeeper.rules.club.house import house_options, uses_house_rules, verify_house_options

RIVER = get_variant("up-and-down-the-river")  # its first deal's cards depend on the table's size


def table(size: int, **options: object) -> Table:
    return Table.create(RIVER, [f"P{seat}" for seat in range(size)], options=options)


def test_only_the_options_set_away_from_the_defaults_are_kept() -> None:
    assert house_options(table(4)) == {}
    assert house_options(table(6, revoke_penalty=5, simultaneous_bids=True)) == {
        "simultaneous_bids": True,
        "revoke_penalty": 5,
    }


def test_a_game_of_any_size_plays_the_house_rules_its_options_are() -> None:
    rules = house_options(table(4, revoke_penalty=5))
    assert uses_house_rules(table(8, revoke_penalty=5), RIVER.code, rules)  # start cards: 8's default
    assert not uses_house_rules(table(8, revoke_penalty=5, start_cards=5), RIVER.code, rules)
    assert not uses_house_rules(table(5, revoke_penalty=6), RIVER.code, rules)
    assert not uses_house_rules(table(5, revoke_penalty=5), "oh-hell", rules)
    assert not uses_house_rules(table(5), RIVER.code, {"no_such_option": 1})


def test_house_rules_are_checked_as_a_game_s_options_at_some_table_size() -> None:
    assert verify_house_options(RIVER, {"start_cards": "12", "simultaneous_bids": "on"}) == {
        "start_cards": 12,
        "simultaneous_bids": True,
    }  # twelve cards suit four players, not eight
    for wrong in ({"start_cards": 13}, {"no_such_option": 1}, {"revoke": "fine"}):
        with pytest.raises(InvalidOption):
            verify_house_options(RIVER, wrong)

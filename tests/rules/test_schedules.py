"""Deal sequences, down to their smallest shapes: where start, turn and end coincide.

Every sequence is built by ``schedules.walk``; these check it directly and
through every variant that chooses its sizes (Up and Down the River's start,
Custom Oh Hell's shape, start, turn, end and repeated ends).
"""

from __future__ import annotations

from itertools import groupby, pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import ExactEntry, Game, get_variant
from scorekeeper.rules.schedules import walk

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def planned(code: str, players: int, **options: Any) -> list[int]:
    """The cards of every deal the game will have, as its engine plans them."""
    game = Game.start(code, list(NAMES[:players]), options=options)
    cards = [facts.cards for facts in game.table.variant.engine.plan(game.table)]
    assert game.state.deal_count == len(cards)
    return cards


def runs(cards: list[int]) -> list[tuple[int, int]]:
    """(size, how many deals in a row) along a sequence."""
    return [(size, len(list(group))) for size, group in groupby(cards)]


def merged(waypoints: tuple[int, ...]) -> list[int]:
    """The waypoints with any that repeat the one before left out."""
    return [size for size, _ in groupby(waypoints)]


# --- the worked examples (RULES.md §1.4; issue 14) -----------------------------------

EXAMPLES: list[tuple[str, int, dict[str, Any], list[int]]] = [
    ("up-and-down-the-river", 4, {"start_cards": 1}, [1]),
    ("up-and-down-the-river", 4, {"start_cards": 2}, [2, 1, 2]),
    ("up-and-down-the-river", 8, {"start_cards": 3}, [3, 2, 1, 2, 3]),
    ("custom-oh-hell", 4, {"shape": "up", "start_cards": 3, "end_cards": 3}, [3]),
    ("custom-oh-hell", 4, {"shape": "down", "start_cards": 3, "end_cards": 3}, [3]),
    ("custom-oh-hell", 4, {"shape": "down-up", "start_cards": 1, "turn_cards": 1, "end_cards": 1}, [1]),
    ("custom-oh-hell", 4, {"shape": "up-down", "start_cards": 2, "turn_cards": 2, "end_cards": 1}, [2, 1]),
    (
        "custom-oh-hell",
        4,
        {"shape": "up-down", "start_cards": 2, "turn_cards": 4, "end_cards": 3},
        [2, 3, 4, 3],
    ),
    ("custom-oh-hell", 4, {"shape": "down-up", "start_cards": 3, "turn_cards": 1, "end_cards": 1}, [3, 2, 1]),
    ("custom-oh-hell", 4, {"shape": "down-up", "start_cards": 2, "turn_cards": 2, "end_cards": 4}, [2, 3, 4]),
    (
        "custom-oh-hell",
        3,
        {"shape": "down-up", "start_cards": 2, "turn_cards": 2, "end_cards": 3, "repeat_ends": True},
        [2, 2, 2, 3, 3, 3],
    ),
    (
        "custom-oh-hell",
        2,
        {"shape": "up-down", "start_cards": 1, "turn_cards": 1, "end_cards": 1, "repeat_ends": True},
        [1, 1],
    ),
]


@pytest.mark.parametrize(("code", "players", "options", "expected"), EXAMPLES)
def test_coinciding_sizes_are_dealt_once(
    code: str, players: int, options: dict[str, Any], expected: list[int]
) -> None:
    assert planned(code, players, **options) == expected


def test_up_and_down_from_one_card_is_over_after_its_one_deal() -> None:
    game = Game.start("up-and-down-the-river", list(NAMES[:4]), options={"start_cards": 1})
    assert game.state.deal_count == 1
    facts = game.state.current
    assert facts is not None and facts.cards == 1
    tricks = [0, 0, 0, 0]
    tricks[facts.bidding_order[0]] = 1
    game = game.record(ExactEntry(number=1, bids=(1, 1, 0, 1), tricks=tuple(tricks)))
    assert game.state.finished and game.state.current is None


# --- properties ----------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    waypoints=st.lists(st.integers(1, 13), min_size=1, max_size=5).map(tuple),
    repeats=st.integers(1, 8),
)
def test_a_walk_deals_each_waypoint_repeats_times_and_steps_one_card(
    waypoints: tuple[int, ...], repeats: int
) -> None:
    cards = walk(waypoints, repeats=repeats)
    stops = merged(waypoints)
    assert cards[0] == waypoints[0] and cards[-1] == waypoints[-1]
    assert all(abs(after - before) <= 1 for before, after in pairwise(cards))
    between = sum(abs(stop - start) - 1 for start, stop in pairwise(stops))
    assert len(cards) == repeats * len(stops) + between
    # Each waypoint is one run of ``repeats`` deals; each size passed on the way, one deal.
    assert [count for _, count in runs(list(cards))] == [
        count for start, stop in pairwise([None, *stops]) for count in _run_lengths(start, stop, repeats)
    ]


def _run_lengths(start: int | None, stop: int, repeats: int) -> list[int]:
    steps = 0 if start is None else abs(stop - start) - 1
    return [1] * steps + [repeats]


def custom_tables() -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
    """A table size and any shape Custom Oh Hell allows, start, turn and end often equal."""

    @st.composite
    def build(draw: Any) -> tuple[int, dict[str, Any]]:
        players = draw(st.integers(2, 8))
        most = 52 // players
        size = st.integers(1, min(most, 4)) | st.integers(1, most)
        shape = draw(st.sampled_from(("down-up", "up-down", "up", "down")))
        start, end = draw(size), draw(size)
        if shape == "down-up":
            turn = draw(st.integers(1, min(start, end)))
        elif shape == "up-down":
            turn = draw(st.integers(max(start, end), most))
        else:
            turn = 1
            start, end = (
                (min(start, end), max(start, end)) if shape == "up" else (max(start, end), min(start, end))
            )
        repeat_ends = draw(st.booleans())
        options = {"shape": shape, "start_cards": start, "turn_cards": turn, "end_cards": end}
        return players, {**options, "repeat_ends": repeat_ends}

    return build()


@settings(max_examples=200, deadline=None)
@given(custom_tables())
def test_custom_oh_hell_deals_its_turn_once_unless_the_ends_repeat(table: tuple[int, dict[str, Any]]) -> None:
    players, options = table
    cards = planned("custom-oh-hell", players, **options)
    start, turn, end = options["start_cards"], options["turn_cards"], options["end_cards"]
    turning = options["shape"] in ("down-up", "up-down")
    stops = merged((start, turn, end) if turning else (start, end))
    repeats = players if options["repeat_ends"] else 1
    assert cards[0] == start and cards[-1] == end
    between = sum(abs(stop - first) - 1 for first, stop in pairwise(stops))
    assert len(cards) == repeats * len(stops) + between
    if turning:
        assert [count for size, count in runs(cards) if size == turn] == [repeats]
    if not options["repeat_ends"]:
        assert all(before != after for before, after in pairwise(cards))  # no size twice in a row


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_up_and_down_the_river_is_two_s_minus_one_deals(data: st.DataObject) -> None:
    players = data.draw(st.integers(4, 8))
    _, most = get_variant("up-and-down-the-river").option("start_cards").bounds_for(players)
    assert most is not None
    start = data.draw(st.integers(1, most))
    cards = planned("up-and-down-the-river", players, start_cards=start)
    assert len(cards) == 2 * start - 1
    assert cards == [*range(start, 0, -1), *range(2, start + 1)]

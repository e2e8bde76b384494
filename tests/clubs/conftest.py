"""An app with its own database (SQLite, or PostgreSQL with SCOREKEEPER_TEST_DATABASE_URL), entered as
a request would be, and helpers that put tables' games and drives in it through the stores."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper.clubs import outcomes
from scorekeeper.drives import store as drives
from scorekeeper.games import store as games
from scorekeeper.groups.access import Group, create_group
from scorekeeper.groups.roster import seating_for_names
from scorekeeper.rules import Game
from scorekeeper.rules.drive import HandEntry
from tests.web.conftest import app_in

PHONE = "phone-of-the-organiser"
VARIANT = "custom-oh-hell"
# Five deals of two cards, no trump, no hook: a made bid scores its tricks + 10, a missed one its tricks.
FIVE_SHORT = {"shape": "fixed", "start_cards": 2, "deals": 5, "hook": False, "trump": "none"}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield from app_in(tmp_path)


@pytest.fixture(autouse=True)
def in_request(app: Flask) -> Iterator[Flask]:
    """Every test runs inside a request's context, as the stores are called from views, with
    nothing kept from another test's app."""
    outcomes.KEPT.clear()
    outcomes.DRIVE_RESULTS.clear()
    with app.test_request_context("/"):
        yield app


def table(name: str = "Thursday whist") -> Group:
    """A table the organiser's phone keeps."""
    return create_group(name, holder=PHONE)


def deals(seats: int, made: Sequence[int], count: int = 5) -> list[dict[str, Any]]:
    """``count`` deals in which every seat bids 0 and the two tricks go to the first seat not in
    ``made`` (2 points a deal): every other seat makes its bid (10 points a deal)."""
    taker = next(seat for seat in range(seats) if seat not in made)
    return [
        {"bids": [0] * seats, "tricks": [2 if seat == taker else 0 for seat in range(seats)]}
        for _ in range(count)
    ]


def play(group: Group, names: Sequence[str], made: Sequence[int] = (), *, count: int = 5) -> str:
    """A game at ``group`` (custom Oh Hell, five deals: finished when ``count`` is 5) of ``deals``.
    Returns the game's id."""
    return play_log(group, names, deals(len(names), made, count))


def play_log(group: Group, names: Sequence[str], log: Sequence[Mapping[str, Any]]) -> str:
    """A game at ``group`` with its log as data, checked by the engine first."""
    start = Game.start(VARIANT, list(names), options=FIVE_SHORT)
    game = Game.from_data(start.table, list(log))
    _ = game.state
    record, _game, _key = games.create_game(
        VARIANT,
        list(names),
        first_dealer=0,
        options=FIVE_SHORT,
        log=game.log_data(),
        holder=PHONE,
        seating=seating_for_names(group.id, names),
    )
    return record.id


def drive(names: Sequence[str], *, finish: bool = True, name: str = "Friday drive") -> str:
    """A drive of ``names`` (a multiple of four) of two hands; at every table North-South take 7
    tricks at odd tables and 8 at even ones. Unfinished: only the first hand is entered."""
    record, started, _key = drives.create_drive(name, list(names), hands=2)
    tables = len(started.state.hands[0].north_south)
    for hand in range(1, 3 if finish else 2):
        for number in range(1, tables + 1):
            entry = HandEntry(hand=hand, table=number, tricks=7 + (number + 1) % 2)
            drives.enter_hand(record.id, entry, drives.Seen(hand=hand, table=number))
    return record.id

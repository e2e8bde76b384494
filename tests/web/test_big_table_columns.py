"""Seven and eight players (issue 45): a column of chips each on the deal screen, under the name the
standings strip writes, the whole name kept for a screen reader."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.games.entry.exact import deal_layout
from scorekeeper.web.games.names import short_names

from .conftest import Driver

EIGHT = ["Anastasia", "Bogdan", "Cristina", "Dumitru", "Elena", "Florin", "Gheorghe", "Horia"]


@pytest.mark.parametrize(
    ("rows", "chips", "layout"),
    [
        (8, 7, "columns"),  # Up and Down the River for eight: bids 0 to 6
        (7, 9, "columns"),  # Romanian Whist for seven with 56 cards
        (7, 2, "columns"),
        (6, 9, "columns"),  # Romanian for seven with the dead hand, Nomination for six: two lines a row
        (6, 6, "wrap"),  # one line a row: rows fit
        (5, 9, "wrap"),
        (4, 11, "wrap"),
    ],
)
def test_the_layout_takes_columns_where_rows_would_not_fit(rows: int, chips: int, layout: str) -> None:
    assert deal_layout(rows, chips) == layout


def test_eight_players_read_their_short_names_over_their_columns(driver: Driver) -> None:
    game = driver.start("up-and-down-the-river", EIGHT)
    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert re.search(r'<form [^>]*class="entry named rows-columns [^"]*players-8"', page)
    shorts = short_names(EIGHT)
    for name, short in zip(EIGHT, shorts, strict=True):
        shown = (
            f'<span class="name" title="{name}"><span aria-hidden="true">{short}</span>'
            f'<span class="visually-hidden">{name}</span></span>'
        )
        assert shown in page if short != name else f'<span class="name">{name}</span>' in page, name
    # Each chip still says whose it is, in full.
    assert 'aria-label="Anastasia bids 6"' in page


def test_four_players_keep_their_rows_and_whole_names(driver: Driver) -> None:
    game = driver.start("oh-hell", EIGHT[:4])
    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert "rows-columns" not in page
    assert '<span class="name">Anastasia</span>' in page

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


def test_a_big_tables_correction_shows_one_set_of_columns_and_saves_both(driver: Driver) -> None:
    """Correcting a deal for eight: the switch between the bids' columns and the tricks' (the tricks
    first), which the server does not read; both sets are saved, and a refused bid opens on the bids."""
    game = driver.start("up-and-down-the-river", EIGHT)
    bids = {f"bid-{seat}": bid for seat, bid in enumerate([1, 1, 1, 1, 1, 0, 0, 0])}
    tricks = {f"tricks-{seat}": took for seat, took in enumerate([2, 1, 1, 1, 1, 0, 0, 0])}
    assert driver.post_deal(game, 1, {"phase": "bids", **bids}).status_code == 302
    assert driver.post_deal(game, 1, {"phase": "tricks", **bids, **tricks}).status_code == 302

    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert 'class="part-switch" role="radiogroup" aria-label="Bids or tricks"' in page
    assert '<input type="radio" name="part" value="tricks" checked>' in page
    assert '<input type="radio" name="part" value="bids">' in page

    # Six bid by the seven before the dealer: the hook refuses the dealer's 0, and the bids show.
    hooked = {**bids, "bid-5": 1}
    refused = driver.post_deal(game, 1, {"phase": "all", "part": "tricks", **hooked, **tricks})
    assert refused.status_code == 422
    shown = refused.get_data(as_text=True)
    assert '<input type="radio" name="part" value="bids" checked>' in shown
    assert driver.stored(game)[0]["bids"] == [1, 1, 1, 1, 1, 0, 0, 0]

    fixed = {**bids, "bid-4": 0}
    saved = driver.post_deal(game, 1, {"phase": "all", "part": "bids", **fixed, **tricks})
    assert saved.status_code == 302
    assert driver.stored(game)[0] == {"bids": [1, 1, 1, 1, 0, 0, 0, 0], "tricks": [2, 1, 1, 1, 1, 0, 0, 0]}


def test_a_small_tables_correction_keeps_both_sets_of_rows(driver: Driver) -> None:
    game = driver.start("oh-hell", EIGHT[:4])
    bids = {f"bid-{seat}": 0 for seat in range(4)}
    tricks = {f"tricks-{seat}": 0 for seat in range(4)} | {"tricks-1": 10}  # ten cards
    assert driver.post_deal(game, 1, {"phase": "bids", **bids}).status_code == 302
    assert driver.post_deal(game, 1, {"phase": "tricks", **bids, **tricks}).status_code == 302
    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert "Save the correction" in page and "part-switch" not in page

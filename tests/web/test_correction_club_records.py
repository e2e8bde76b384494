"""A correction of a club game's deal says the club records it makes the game set, or no longer set,
before it is saved (issue 38 item 1, RULES.md §9): worded as the finish screen words them, beside Save
with the page's script and on the page that asks without it; nothing stored before the yes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from .conftest import Driver
from .events_driver import text_of
from .test_clubs import HIGH, LOW, ClubPhone
from .test_corrections_after_events import open_form

PLAYERS = ["Ann", "Bob", "Cy"]
RECORD_33 = "highest Custom Oh Hell score (33)"
# Deal 1 of the second game corrected: Ann took 2 on her bid of 1 and Cy none on his (Ann 24, Bob 30,
# Cy 22): 30 only equals the first game's best, so the second game no longer sets the record.
LOWER = {"tricks-0": "2", "tricks-2": "0"}
# Deal 1 bid and made 2 by Ann, 0 by Cy (Ann 34, Bob 30, Cy 32): the record it sets rises to 34.
HIGHER = {"bid-0": "2", "bid-2": "0", "tricks-0": "2", "tricks-2": "0"}


@pytest.fixture
def phone(driver: Driver) -> ClubPhone:
    return ClubPhone(driver)


def club_evening(phone: ClubPhone, *, in_club: bool = True) -> str:
    """A table (a club's, when ``in_club``) plays two games: the first's best is Bob's 30, the second's
    33 beats it. The second game's id."""
    group_id = phone.tables.create("Thursday")
    if in_club:
        club_id = phone.create()
        assert phone.post(club_id, "/tables", {"table": group_id}).status_code == 302
    phone.game(group_id, LOW, PLAYERS)
    return phone.game(group_id, HIGH, PLAYERS)


def deal_form(phone: ClubPhone, game: str, changed: dict[str, str]) -> MultiDict[str, str]:
    return open_form(phone.driver, game, 1).with_values(changed)


def checked(phone: ClubPhone, game: str, changed: dict[str, str]) -> str:
    """What the live check shows beside Save for deal 1 corrected with ``changed``."""
    answer: dict[str, Any] = phone.client.post(
        f"/games/{game}/deals/1/check", data=deal_form(phone, game, changed)
    ).get_json()
    return text_of(answer["correction"]["html"])


def asked(phone: ClubPhone, game: str, changed: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The page that asks first, without the script: its words and the fields its yes sends."""
    page = phone.client.post(f"/games/{game}/deals/1", data=deal_form(phone, game, changed))
    assert page.status_code == 200
    hidden = r'<input type="hidden" name="([^"]+)" value="([^"]*)"'
    fields = dict(re.findall(hidden, page.get_data(as_text=True)))
    return text_of(page), fields


def test_a_correction_that_loses_the_record_says_so_first_and_a_raise_sets_it(phone: ClubPhone) -> None:
    game = club_evening(phone)
    assert f"New club record: {RECORD_33}" in text_of(phone.driver.sheet(game))
    stored = phone.driver.stored(game)

    beside_save = checked(phone, game, LOWER)
    assert "Ann 33 → 24" in beside_save and f"No longer a club record: {RECORD_33}" in beside_save
    assert "New club record" not in beside_save
    said, yes = asked(phone, game, LOWER)
    assert "Correct deal 1?" in said and f"No longer a club record: {RECORD_33}" in said
    higher = checked(phone, game, HIGHER)  # still the record, at 34: said as the finish screen will
    assert "New club record: highest Custom Oh Hell score (34)" in higher and "No longer" not in higher
    assert phone.driver.stored(game) == stored  # nothing stored before the yes

    assert phone.client.post(f"/games/{game}/deals/1", data={**yes, "step": "record"}).status_code == 302
    assert "New club record" not in text_of(phone.driver.sheet(game))
    back = {"tricks-0": "1", "tricks-2": "1"}  # deal 1 as it was played: 33 beats 30 again
    assert f"New club record: {RECORD_33}" in checked(phone, game, back)
    said, _yes = asked(phone, game, back)
    assert f"New club record: {RECORD_33}" in said and "No longer" not in said


def test_a_game_of_no_club_s_table_says_no_club_record(phone: ClubPhone) -> None:
    game = club_evening(phone, in_club=False)
    beside_save = checked(phone, game, LOWER)
    assert "Ann 33 → 24" in beside_save and "club record" not in beside_save

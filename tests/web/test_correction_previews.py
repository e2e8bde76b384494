"""A correction says what it changes before it is saved (issue 38, RULES.md §9): a latecomer's start taken
from the lowest total follows a correction of an earlier deal and the screen says so first ("Elena's start:
28 → 27"), beside Save with the page's script, on a page that asks without it; a start agreed as a number
stays; the arrival's form says which is which."""

from __future__ import annotations

import re
from typing import Any

from werkzeug.datastructures import MultiDict

from .conftest import Driver
from .events_driver import form_page, record, state_of, text_of
from .test_corrections_after_events import EntryForm, open_form

PLAYERS = ["Ana", "Bogdan", "Cristi", "Dana"]
JSON = {"Accept": "application/json"}


def enter(driver: Driver, game: str, number: int, bids: list[int], tricks: list[int]) -> None:
    """A deal through its screen: the bids, saved; the tricks, saved."""
    fields = {f"bid-{seat}": bid for seat, bid in enumerate(bids)}
    assert driver.post_deal(game, number, {"phase": "bids", **fields}).status_code == 302
    took = {f"tricks-{seat}": value for seat, value in enumerate(tricks)}
    assert driver.post_deal(game, number, {"phase": "tricks", **fields, **took}).status_code == 302


def elena_evening(driver: Driver, start: str, points: str = "") -> str:
    """Three deals of Oh Hell, then Elena joins at the left of Dana starting on ``start``."""
    game = driver.start("oh-hell", PLAYERS)
    enter(driver, game, 1, [0, 0, 0, 0], [10, 0, 0, 0])
    enter(driver, game, 2, [0, 0, 0, 0], [0, 9, 0, 0])
    enter(driver, game, 3, [0, 0, 0, 0], [0, 0, 8, 0])
    record(driver, game, "arrival", {"name": "Elena", "left_of": "3", "start": start, "start_points": points})
    return game


def deal_form(driver: Driver, game: str, number: int, changed: dict[str, str]) -> MultiDict[str, str]:
    """Deal ``number``'s screen as a browser sends its form, with ``changed``."""
    return open_form(driver, game, number).with_values(changed)


def test_the_arrival_form_says_which_start_follows_a_correction(driver: Driver) -> None:
    game = driver.start("oh-hell", PLAYERS)
    enter(driver, game, 1, [0, 0, 0, 0], [10, 0, 0, 0])
    form = text_of(form_page(driver, game, "arrival"))
    assert "The lowest total (now 10)" in form and "The average, rounded down (now 10)" in form
    assert "A number agreed:" in form
    assert "correcting an earlier deal can change them. A number agreed stays that number." in form
    shown = record(driver, game, "arrival", {"name": "Elena", "left_of": "3", "start": "lowest"})
    assert "Elena's start follows the totals: correcting an earlier deal can change it." in shown


def test_a_correction_without_the_script_asks_first_naming_the_latecomer_s_start(driver: Driver) -> None:
    game = elena_evening(driver, "lowest")
    assert state_of(driver, game).totals[4] == 28
    stored = driver.stored(game)
    fields = deal_form(driver, game, 2, {"tricks-1": "0", "tricks-2": "9"})
    assert fields.get("seen") == ""  # the screen of a scored deal carries the token, empty until shown
    asked = driver.client.post(f"/games/{game}/deals/2", data=fields)
    assert asked.status_code == 200
    said = text_of(asked)
    assert "Correct deal 2?" in said and "Saving this changes:" in said
    for line in ("Elena's start: 28 → 27", "Bogdan 29 → 30", "Cristi 28 → 27", "Elena 28 → 27"):
        assert line in said
    assert driver.stored(game) == stored  # nothing stored before the yes
    back = dict(
        re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', asked.get_data(as_text=True))
    )
    changed = driver.client.post(f"/games/{game}/deals/2", data={**back, "step": "change"})
    assert changed.status_code == 200  # back to the deal, with the values sent
    assert EntryForm(changed.get_data(as_text=True)).value("tricks-2") == "9"
    assert driver.stored(game) == stored
    done = driver.client.post(f"/games/{game}/deals/2", data={**back, "step": "record"})
    assert done.status_code == 302
    assert state_of(driver, game).totals[4] == 27
    sheet = text_of(driver.client.get(done.headers["Location"]))
    assert "Deal 2 corrected: Elena's start: 28 → 27." in sheet


def test_with_the_script_the_preview_is_beside_save_before_it_is_tapped(driver: Driver) -> None:
    game = elena_evening(driver, "lowest")
    fields = deal_form(driver, game, 2, {"tricks-1": "0", "tricks-2": "9"})
    checked: dict[str, Any] = driver.client.post(f"/games/{game}/deals/2/check", data=fields).get_json()
    correction = checked["correction"]
    assert "Elena's start: 28 → 27" in text_of(correction["html"])
    headers = {**JSON, "If-Match": str(driver.version(game))}
    early = driver.client.post(
        f"/games/{game}/deals/2", data=fields, headers=headers
    )  # Save before the check
    assert early.status_code == 200 and early.get_json()["correction"]["seen"] == correction["seen"]
    fields["seen"] = correction["seen"]
    fields.add("back", "screen")
    saved = driver.client.post(f"/games/{game}/deals/2", data=fields, headers=headers)
    assert saved.status_code == 200
    assert saved.get_json()["message"] == "Deal 2 corrected: Elena's start: 28 → 27."
    assert state_of(driver, game).totals[4] == 27
    # Unchanged values: nothing to say, nothing beside Save.
    same = deal_form(driver, game, 1, {})
    assert driver.client.post(f"/games/{game}/deals/1/check", data=same).get_json()["correction"] is None


def test_a_start_agreed_as_a_number_stays_and_is_not_said(driver: Driver) -> None:
    game = elena_evening(driver, "number", "28")
    fields = deal_form(driver, game, 2, {"tricks-1": "0", "tricks-2": "9"})
    said = text_of(driver.client.post(f"/games/{game}/deals/2", data=fields))
    assert "Elena's start" not in said and "Bogdan 29 → 30" in said

"""Undo and redo at the top of the game work for table events as for deals: undo takes back this phone's
last event (or puts back what its correction changed), redo restores it; with nothing of this phone's
to go back on, undo takes back the last thing recorded, deal or event. Taking an event back from the
events page is the same undo."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from .conftest import Driver, hand_over
from .events_driver import play, record, text_of

OH_HELL = ["Ann", "Bob", "Cy", "Dee"]
ADJUST = {"side": "1", "sign": "+", "points": "4", "reason": "bonus"}


def labels(page: str) -> tuple[str, str]:
    """What the undo and redo buttons at the top of a page say."""
    undo = re.search(r'data-undo[^>]*aria-label="([^"]+)"', page)
    redo = re.search(r'data-redo[^>]*aria-label="([^"]+)"', page)
    assert undo and redo
    return undo.group(1), redo.group(1)


def step(driver: Driver, game: str, which: str, *, back: str | None = "sheet") -> str:
    """Tap undo or redo on the sheet; the page it leads to."""
    response = driver.post(
        f"/games/{game}/{which}", {"back": back} if back else {}, token_from=f"/games/{game}"
    )
    assert response.status_code == 302, response.status_code
    return driver.client.get(response.headers["Location"]).get_data(as_text=True)


def test_undo_takes_back_this_phones_event_and_redo_brings_it_back(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    record(driver, game, "adjustment", ADJUST)
    stored = driver.stored(game)
    assert labels(driver.sheet(game)) == ("Undo the adjustment", "Nothing to redo")
    page = step(driver, game, "undo")
    assert "Taken back: Bob +4 after deal 1: bonus." in text_of(page)
    assert driver.stored(game) == stored[:-1]
    assert labels(page) == ("Undo deal 1", "Redo the adjustment")
    page = step(driver, game, "redo")
    assert "Recorded again: Bob +4 after deal 1: bonus." in text_of(page)
    assert driver.stored(game) == stored
    assert labels(page)[0] == "Undo the adjustment"


def test_undo_of_a_correction_puts_the_event_back_as_it_was(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    record(driver, game, "adjustment", ADJUST)
    play(driver, game)
    record(driver, game, "adjustment", {**ADJUST, "points": "9"}, number=1)
    assert driver.stored(game)[1]["points"] == 9
    assert labels(driver.sheet(game))[0] == "Undo the correction of the adjustment"
    page = step(driver, game, "undo")
    assert "Back as it was: Bob +4 after deal 1: bonus." in text_of(page)
    assert driver.stored(game)[1]["points"] == 4 and len(driver.stored(game)) == 3
    assert labels(page)[1] == "Redo the correction of the adjustment"
    step(driver, game, "redo")
    assert driver.stored(game)[1]["points"] == 9


def test_undo_on_the_deal_screen_takes_back_an_event_another_phone_recorded(
    app: Flask, driver: Driver
) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    other = Driver(app, app.test_client())
    hand_over(driver.client, other.client, game)
    record(driver, game, "misdeal")
    # The other phone has no change of its own to go back on: undo takes back the last thing recorded.
    screen = other.client.get(f"/games/{game}/deals/2").get_data(as_text=True)
    assert labels(screen)[0] == "Undo the misdeal"
    page = step(other, game, "undo", back=None)
    assert "Taken back: Bob misdealt deal 2 and deals it again." in text_of(page)
    assert driver.stored(game)[-1] != {"event": "misdeal"} and len(driver.stored(game)) == 1


def test_undo_answers_the_page_script_in_place_for_an_event(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    record(driver, game, "sit_out", {"seat": "0"})
    page = driver.client.get(f"/games/{game}/deals/2")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True))
    assert token
    answer = driver.client.post(
        f"/games/{game}/undo",
        data={"csrf_token": token.group(1), "version": str(driver.version(game))},
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["message"] == "Taken back: Ann sits deal 2 out."
    assert "Redo the sit-out" in body["html"]


def test_nothing_to_undo_says_nothing_has_been_recorded(driver: Driver, client: FlaskClient) -> None:
    game = driver.start("oh-hell", OH_HELL)
    sheet = driver.sheet(game)
    assert labels(sheet) == ("Nothing to undo", "Nothing to redo")
    response = driver.post(f"/games/{game}/undo", token_from=f"/games/{game}")
    assert response.status_code == 303
    page = driver.client.get(response.headers["Location"]).get_data(as_text=True)
    assert "There is nothing to undo: nothing has been recorded" in page


def test_take_back_removes_the_last_event_only(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    record(driver, game, "adjustment", ADJUST)
    record(driver, game, "misdeal")
    events = driver.client.get(f"/games/{game}/events")
    body = events.get_data(as_text=True)
    assert body.count(">Take back</button>") == 1
    token = re.search(r'name="csrf_token" value="([^"]+)"', body)
    version = re.search(r'name="version" value="(\d+)"', body)
    assert token and version
    data = {"csrf_token": token.group(1), "version": version.group(1)}
    early = driver.client.post(f"/games/{game}/events/1/take-back", data=data)
    assert early.status_code == 303
    assert "Only the last thing recorded can be taken back" in text_of(
        driver.client.get(early.headers["Location"])
    )
    assert len(driver.stored(game)) == 3
    taken = driver.client.post(f"/games/{game}/events/2/take-back", data=data)
    assert taken.status_code == 302 and taken.headers["Location"].endswith(f"/games/{game}/deals/2")
    assert driver.stored(game)[-1]["event"] == "adjustment"
    screen = driver.client.get(taken.headers["Location"]).get_data(as_text=True)
    assert "Taken back: Bob misdealt deal 2 and deals it again." in text_of(screen)
    assert labels(screen)[1] == "Redo the misdeal"

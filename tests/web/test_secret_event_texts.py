"""Secret totals do not leak through what the table's events and corrections say: a latecomer's start
taken from the lowest total is said by its rule, a leaver's total is not said, a correction's knock-ons
on the totals, a start and the lead are not said — on the sheet, the deal screen, the live view and its
fragment, the big screen, the events page, the pages that ask "Go on?", the correction's preview and
the API — until the table reveals the totals, when all of it is said again."""

from __future__ import annotations

import re
from typing import Any

from .conftest import Driver, csrf_token
from .events_driver import form_page, record, state_of, text_of
from .test_correction_previews import PLAYERS, deal_form, enter
from .test_secret_totals import no_total_on

ARRIVAL = "Elena joins after deal 3 at the left of Dana, starting on the lowest total"


def switch(driver: Driver, game: str) -> None:
    """Turn the secret on or off from ☰, as the scorer does."""
    asked = driver.client.get(f"/games/{game}/secret")
    assert asked.status_code == 200
    done = driver.client.post(f"/games/{game}/secret", data={"csrf_token": csrf_token(asked)})
    assert done.status_code == 302, done.status_code


def leaks(said: str, totals: list[int]) -> list[str]:
    """What in ``said`` gives a total away: a start or a leaver's total as a number, a knock-on
    ("28 → 27"), or any of the true totals after "with", "on", "start" or a colon."""
    found = re.findall(r"starting on [−\d]|leaves after deal \d+ with|\d+ → [−\d]|In the lead|start: ", said)
    for total in totals:
        shown = str(total).replace("-", "−")
        found += re.findall(rf"(?:with|on|total of|:) {re.escape(shown)}\b", said)
    return found


def everything_said(driver: Driver, game: str) -> dict[str, str]:
    """Every page and document a phone or a screen reads of the game now, as text."""
    number = state_of(driver, game).current.number
    pages = no_total_on(driver.client, game, number)
    said = {name: text_of(page) for name, page in pages.items()}
    said["events page"] = text_of(driver.client.get(f"/games/{game}/events"))
    said["deal screen now"] = driver.client.get(f"/games/{game}/now?shown={number}").get_data(as_text=True)
    for event in (2, 3):  # the arrival's and the departure's own pages, to correct them
        page = driver.client.get(f"/games/{game}/events/{event}")
        assert page.status_code == 200 and "Recorded:" in text_of(page)
        said[f"event {event}"] = text_of(page)
    said["offline events"] = driver.client.get(f"/games/{game}/offline-events").get_data(as_text=True)
    state: dict[str, Any] = driver.client.get(f"/api/v1/games/{game}").get_json()
    said["API"] = " | ".join([event["text"] for event in state["events"]] + state["notes"])
    arrival = next(event for event in state["events"] if event["event"] == "arrival")
    assert "points" not in arrival  # the start taken from the lowest total is not given as a number
    assert all(seat["start"] is None for seat in state["seats"])
    return said


def test_a_secret_evening_with_an_arrival_a_departure_and_a_correction_tells_no_total(driver: Driver) -> None:
    game = driver.start("oh-hell", PLAYERS)
    switch(driver, game)  # secret from before the first deal, from ☰
    enter(driver, game, 1, [0, 0, 0, 0], [10, 0, 0, 0])
    enter(driver, game, 2, [0, 0, 0, 0], [0, 9, 0, 0])
    enter(driver, game, 3, [0, 0, 0, 0], [0, 0, 8, 0])
    form = text_of(form_page(driver, game, "arrival"))
    assert "The lowest total" in form and "(now" not in form  # today's lowest would tell it
    asked = record(driver, game, "arrival", {"name": "Elena", "left_of": "3", "start": "lowest"})
    assert ARRIVAL in asked and not leaks(asked, list(state_of(driver, game).totals))
    enter(driver, game, 4, [0, 0, 0, 0, 0], [7, 0, 0, 0, 0])
    asked = record(driver, game, "departure", {"seat": "1"})
    assert "Bogdan leaves after deal 4" in asked
    totals = list(state_of(driver, game).totals)
    assert not leaks(asked, totals)

    # A correction of deal 2 moves Elena's start, Bogdan's final total and others: none of it is said.
    fields = deal_form(driver, game, 2, {"tricks-1": "0", "tricks-2": "9"})
    checked = driver.client.post(f"/games/{game}/deals/2/check", data=fields).get_json()
    assert checked["correction"] is None
    saved = driver.client.post(f"/games/{game}/deals/2", data=fields)
    assert saved.status_code == 302  # nothing to confirm: what it changes is all in the secret totals
    moved = list(state_of(driver, game).totals)
    assert moved != totals
    message = text_of(driver.client.get(saved.headers["Location"]))
    assert "Deal 2 corrected." in message and "Elena's start" not in message

    said = everything_said(driver, game)
    for name, text in said.items():
        assert not leaks(text, moved + totals), (name, leaks(text, moved + totals))
    assert ARRIVAL in said["sheet"] and ARRIVAL in said["API"] and ARRIVAL in said["live fragment"]
    assert "Bogdan leaves after deal 4" in said["API"]

    # The reveal: every total is said again, the start and the leaver's total too.
    switch(driver, game)
    state = driver.client.get(f"/api/v1/games/{game}").get_json()
    texts = [event["text"] for event in state["events"]]
    arrival = "Elena joins after deal 3 at the left of Dana, starting on "
    assert any(text.startswith(arrival) and text != ARRIVAL for text in texts)
    assert any(re.match(r"Bogdan leaves after deal 4 with [−\d]", text) for text in texts)
    assert state["totals"] == moved

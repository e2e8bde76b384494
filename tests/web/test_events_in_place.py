"""Table events and corrections in the sheet over the deal screen: the same views answer the deal
screen's script with JSON — each page's content as a fragment for the sheet (``dialog``), what an event
would change beside its form (``preview``), and once recorded the deal screen to swap in place — with
the same token, edit right and version checks as the pages: 400 without the token, 403 for another
phone, 409 from a stale version (the deal screen as it is now comes with it), 422 with the engine's
reason and nothing stored."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from werkzeug.test import TestResponse

from scorekeeper.games.store import CHANGED_ELSEWHERE

from .conftest import Driver, csrf_token, hand_over
from .events_driver import play, record, state_of, text_of

OH_HELL = ["Ann", "Bob", "Cy", "Dee"]
ROMANIAN = ["Peter", "Peggy", "John"]
JSON = {"Accept": "application/json"}


def oh_hell(driver: Driver, deals: int = 1) -> str:
    """Oh Hell for four, Ann dealing, ``deals`` played: the deal screen is the next deal's."""
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game, deals)
    return game


def fragment(driver: Driver, url: str) -> dict[str, Any]:
    """What the sheet shows for ``url``: a 200 JSON answer with the fragment and its title."""
    answer = driver.client.get(url, headers=JSON)
    assert answer.status_code == 200 and answer.is_json, (url, answer.status_code)
    body = answer.get_json()
    assert "<html" not in body["dialog"] and 'id="sheet-title"' in body["dialog"]
    return body


def sheet_post(
    driver: Driver, game: str, url: str, fields: dict[str, Any], *, version: int | None = None
) -> TestResponse:
    """Post a form of the sheet as the deal screen's script does: JSON asked for, the deal screen's
    version as If-Match, the token of the deal screen's forms."""
    screen = driver.client.get(f"/games/{game}")  # the sheet's forms carry the token too
    headers = {**JSON, "If-Match": str(version if version is not None else driver.version(game))}
    return driver.client.post(url, data={"csrf_token": csrf_token(screen), **fields}, headers=headers)


def test_the_deal_screen_opens_the_sheet_from_its_links(driver: Driver) -> None:
    game = oh_hell(driver)
    screen = driver.client.get(f"/games/{game}/deals/2").get_data(as_text=True)
    assert re.search(r'<dialog class="table-sheet" data-table-sheet[^>]*>', screen)
    assert "static/table_sheet.js" in screen
    # The table's events, each player's own (from their name on their row), the deals to correct.
    assert f'class="events-link" data-sheet href="/games/{game}/events"' in screen
    for seat in range(4):
        assert f'class="who-menu" href="/games/{game}/events/for/{seat}" data-sheet' in screen
    assert f'href="/games/{game}/deals" data-sheet' in screen
    # An earlier deal's screen (a correction) names nobody's events.
    assert "who-menu" not in driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)


def test_the_table_s_events_come_as_a_fragment(driver: Driver) -> None:
    game = oh_hell(driver)
    body = fragment(driver, f"/games/{game}/events")
    assert body["title"] == "Table events"
    assert f'href="/games/{game}/events/new/misdeal"' in body["dialog"]
    assert "Recorded so far" in text_of(body["dialog"])
    assert f'href="/games/{game}/deals"' in body["dialog"]  # an earlier deal to correct, from the sheet too
    page = driver.client.get(f"/games/{game}/events")  # the page is as it was
    assert "<html" in page.get_data(as_text=True) and "Something happened at the table" in text_of(page)


def test_a_player_s_events_offer_what_the_engine_allows_for_them(driver: Driver) -> None:
    game = driver.start("romanian-whist", ROMANIAN, first_dealer=1)
    play(driver, game)
    body = fragment(driver, f"/games/{game}/events/for/1")
    assert body["title"] == "Peggy"
    html = body["dialog"]
    # Nothing left to type: the link opens on what it would change.
    assert f'href="/games/{game}/events/new/revoke?seats=1&amp;step=check"' in html
    # A name or points to type: the form, with the player chosen.
    assert f'href="/games/{game}/events/new/adjustment?side=1"' in html
    assert f'href="/games/{game}/events/new/substitute?seat=1"' in html
    # Three is the fewest Romanian Whist takes: Peggy may neither leave nor sit out, and it says why.
    text = text_of(html)
    assert "Not possible now" in text
    assert "Peggy cannot leave: Romanian Whist needs at least 3 players" in text
    assert "events/new/departure" not in html and "events/new/sit_out" not in html
    # Without the script it is a page, with the way back to the deal.
    page = driver.client.get(f"/games/{game}/events/for/1")
    assert page.status_code == 200 and "← Deal 2" in text_of(page)
    assert driver.client.get(f"/games/{game}/events/for/7").status_code == 404


def test_a_link_that_chose_the_player_opens_on_what_it_would_change(driver: Driver) -> None:
    game = oh_hell(driver)
    before = driver.stored(game)
    body = fragment(driver, f"/games/{game}/events/new/sit_out?seat=3&step=check")
    assert "Dee sits deal 2 out." in text_of(body["preview"])
    assert 'name="seat" value="3" checked' in body["dialog"]  # the form beside it, Dee chosen
    assert "Yes, record it" in body["dialog"] and "No, change it" not in body["dialog"]
    page = driver.client.get(f"/games/{game}/events/new/sit_out?seat=3&step=check")  # the page: a "Go on?"
    assert "Dee sits deal 2 out. Go on?" in text_of(page)
    assert driver.stored(game) == before  # asking stores nothing


def test_checking_answers_with_the_preview_and_stores_nothing(driver: Driver) -> None:
    game = oh_hell(driver)
    before = driver.stored(game)
    fields = {"step": "check", "side": "0", "sign": "+", "points": "5", "reason": "late to the table"}
    answer = sheet_post(driver, game, f"/games/{game}/events/new/adjustment", fields)
    assert answer.status_code == 200
    body = answer.get_json()
    assert text_of(body["preview"]).startswith("Ann +5 after deal 1: late to the table.")
    assert "Ann 10 → 15" in text_of(body["preview"]) and "Yes, record it" in body["preview"]
    assert body["preview"] in body["dialog"]
    assert driver.stored(game) == before


def test_recording_answers_with_the_deal_screen_to_swap_in_place(driver: Driver) -> None:
    game = oh_hell(driver)
    version = driver.version(game)
    answer = sheet_post(driver, game, f"/games/{game}/events/new/misdeal", {"step": "record"})
    assert answer.status_code == 200
    body = answer.get_json()
    assert "dialog" not in body
    assert body["message"] == "Recorded: Bob misdealt deal 2 and deals it again."
    assert body["version"] == version + 1 and body["url"] == f"/games/{game}/deals/2"
    assert "<html" not in body["html"] and "<h1>Deal 2 of 19</h1>" in body["html"]
    assert driver.stored(game)[-1] == {"event": "misdeal"}
    assert 'class="flash"' not in driver.sheet(game)  # the message went with the answer, not to a page


def test_a_refusal_answers_422_with_the_engine_s_reason_and_stores_nothing(driver: Driver) -> None:
    game = oh_hell(driver)
    before = driver.stored(game)
    fields = {"step": "check", "name": "Bob", "left_of": "0", "start": "0"}
    answer = sheet_post(driver, game, f"/games/{game}/events/new/arrival", fields)
    assert answer.status_code == 422
    body = answer.get_json()
    reason = "Bob already has a seat at this table: give the newcomer a different name"
    assert body["error"] == reason and body["field"] == "name"
    assert reason in text_of(body["dialog"]) and 'aria-invalid="true"' in body["dialog"]
    assert 'value="Bob"' in body["dialog"]  # the values stay
    recorded = sheet_post(driver, game, f"/games/{game}/events/new/arrival", {**fields, "step": "record"})
    assert recorded.status_code == 422 and recorded.get_json()["error"] == reason
    assert driver.stored(game) == before


def test_a_stale_phone_gets_409_with_the_game_as_it_is_now(app: Flask, driver: Driver) -> None:
    game = oh_hell(driver)
    stale = driver.version(game)
    other = Driver(app, app.test_client())
    hand_over(driver.client, other.client, game)
    record(other, game, "sit_out", {"seat": "0"})  # the other phone records first
    stored = driver.stored(game)
    for step in ("check", "record"):
        answer = sheet_post(driver, game, f"/games/{game}/events/new/misdeal", {"step": step}, version=stale)
        assert answer.status_code == 409
        body = answer.get_json()
        assert body["error"] == CHANGED_ELSEWHERE and body["version"] == driver.version(game)
        assert "<h1>Deal 2 of 19</h1>" in body["html"]  # the deal screen as it is now, to swap in behind
        assert "Ann" not in re.findall(r'class="name">([^<]+)<', body["html"])  # Ann sits deal 2 out now
        assert CHANGED_ELSEWHERE in text_of(body["dialog"])
        # What the misdeal would change now, with a yes made from the game as it is.
        assert "Bob misdealt deal 2 and deals it again." in text_of(body["preview"])
        assert f'name="version" value="{driver.version(game)}"' in body["preview"]
    assert driver.stored(game) == stored


def test_without_the_token_nothing_is_recorded(driver: Driver) -> None:
    game = oh_hell(driver)
    stored = driver.stored(game)
    answer = driver.client.post(
        f"/games/{game}/events/new/misdeal",
        data={"step": "record"},
        headers={**JSON, "If-Match": str(driver.version(game))},
    )
    assert answer.status_code == 400
    assert driver.stored(game) == stored


def test_another_phone_may_not_open_the_sheet_or_record(app: Flask, driver: Driver) -> None:
    game = oh_hell(driver)
    follower = app.test_client()
    for url in (f"/games/{game}/events", f"/games/{game}/events/for/0", f"/games/{game}/deals"):
        assert follower.get(url, headers=JSON).status_code == 403
    assert follower.get(f"/games/{game}/deals/1", headers=JSON).status_code == 403
    page = follower.get(f"/games/{game}/live")
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.get_data(as_text=True))
    data = {"step": "record", **({"csrf_token": token.group(1)} if token else {})}
    answer = follower.post(f"/games/{game}/events/new/misdeal", data=data, headers=JSON)
    assert answer.status_code in (400, 403)
    assert all(entry.get("event") is None for entry in driver.stored(game))


def test_stopping_answers_with_the_game_s_end_in_place(driver: Driver) -> None:
    game = oh_hell(driver)
    answer = sheet_post(driver, game, f"/games/{game}/events/new/stop", {"step": "record"})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["message"] == "Recorded: Stopped after deal 1 of 19: the standings then are final."
    assert body["title"] == "Ann, Bob, Cy and Dee share the win" and body["url"] == f"/games/{game}"
    html = body["html"]
    assert "<h1>Ann, Bob, Cy and Dee share the win</h1>" in html and 'class="strip"' in html
    assert f'href="/games/{game}"' in html and "data-undo" in html  # the sheet, and undo in place
    # Undo in place takes the stop back: the deal screen again.
    undone = sheet_post(driver, game, f"/games/{game}/undo", {})
    assert undone.status_code == 200 and "<h1>Deal 2 of 19</h1>" in undone.get_json()["html"]


def test_taking_an_event_back_in_the_sheet_answers_with_the_deal_screen(driver: Driver) -> None:
    game = oh_hell(driver)
    record(driver, game, "sit_out", {"seat": "0"})
    answer = sheet_post(driver, game, f"/games/{game}/events/1/take-back", {})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["message"] == "Taken back: Ann sits deal 2 out." and "<h1>Deal 2 of 19</h1>" in body["html"]
    assert all(entry.get("event") is None for entry in driver.stored(game))
    play(driver, game)
    record(driver, game, "sit_out", {"seat": "0"})
    play(driver, game)  # a deal after it: it can no longer be taken back
    refused = sheet_post(driver, game, f"/games/{game}/events/1/take-back", {})
    assert refused.status_code == 422 and "Only the last thing recorded" in refused.get_json()["error"]


def test_the_deals_to_correct_come_as_a_page_and_as_a_fragment(driver: Driver) -> None:
    game = oh_hell(driver, deals=2)
    body = fragment(driver, f"/games/{game}/deals")
    assert body["title"] == "Correct a deal"
    html = body["dialog"]
    assert html.index(f'href="/games/{game}/deals/2"') < html.index(f'href="/games/{game}/deals/1"')
    assert 'aria-label="Correct deal 1"' in html
    assert "Deal 1 Ann deals 10" in text_of(html)
    page = driver.client.get(f"/games/{game}/deals")
    assert (
        page.status_code == 200
        and "← Deal 3" in text_of(page)
        and "Correct deal 2" in page.get_data(as_text=True)
    )


def test_an_earlier_deal_comes_as_a_fragment_to_correct(driver: Driver) -> None:
    game = oh_hell(driver, deals=2)
    body = fragment(driver, f"/games/{game}/deals/1")
    assert body["title"] == "Correct deal 1"
    html = body["dialog"]
    assert "Save the correction" in html and "data-save" in html
    assert 'name="bid-1" value="0" aria-label="Bob bids 0" checked' in html
    assert "<h1>" not in html and "entry-error" not in html  # nothing the deal screen behind has too


def test_a_correction_from_the_sheet_answers_with_the_deal_in_progress(driver: Driver) -> None:
    game = oh_hell(driver, deals=2)
    totals = state_of(driver, game).totals
    fields = {"phase": "all", "back": "screen"}
    fields.update({f"bid-{seat}": 0 for seat in range(4)} | {"bid-2": 1})  # Cy bid 1, not 0
    fields.update({f"tricks-{seat}": 0 for seat in range(4)} | {"tricks-1": 10})
    answer = sheet_post(driver, game, f"/games/{game}/deals/1", fields)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["message"] == "Deal 1 corrected." and body["url"] == f"/games/{game}/deals/3"
    assert "<h1>Deal 3 of 19</h1>" in body["html"]
    assert state_of(driver, game).totals != totals
    # Refused: the reason, nothing stored.
    stored = driver.stored(game)
    wrong = {**fields, "tricks-1": 9}
    refused = sheet_post(driver, game, f"/games/{game}/deals/1", wrong)
    assert refused.status_code == 422 and "The tricks add up to 9" in refused.get_json()["error"]
    # Stale: the deal in progress as it is now, not the deal corrected.
    stale = sheet_post(driver, game, f"/games/{game}/deals/1", fields, version=driver.version(game) - 1)
    assert stale.status_code == 409 and "<h1>Deal 3 of 19</h1>" in stale.get_json()["html"]
    assert driver.stored(game) == stored

"""The deal screen saves in place: the same endpoints answer the page's script with JSON
(the next screen as an HTML fragment, a refusal with the seat at fault, the other phone's
deal on a race), and keep answering a browser without JavaScript with pages and redirects."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper.games.store import CHANGED_ELSEWHERE

from .conftest import Driver, csrf_token, error_text, hand_over
from .test_pdf import pdf_text

PEGGY_TABLE = ["Peter", "Peggy", "John"]
JSON = {"Accept": "application/json"}


def romanian(driver: Driver) -> str:
    """Romanian Whist for three, Peggy deals first: deal 1 has one card, John bids last."""
    return driver.start("romanian-whist", PEGGY_TABLE, first_dealer=1)


def fields(bids: tuple[int | None, ...], tricks: tuple[int | None, ...] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {f"bid-{seat}": "" if bid is None else bid for seat, bid in enumerate(bids)}
    if tricks is not None:
        data.update({f"tricks-{seat}": "" if took is None else took for seat, took in enumerate(tricks)})
    return data


def save(driver: Driver, game_id: str, number: int, data: dict[str, Any], version: int | None = None) -> Any:
    """Post the deal as the page's script does: JSON asked for, the version as If-Match."""
    page = driver.client.get(f"/games/{game_id}/deals/{number}")
    headers = {**JSON, "If-Match": str(version if version is not None else driver.version(game_id))}
    form = {"csrf_token": csrf_token(page), **data}
    return driver.client.post(f"/games/{game_id}/deals/{number}", data=form, headers=headers)


def test_saving_the_bids_answers_with_the_tricks_screen(driver: Driver) -> None:
    game_id = romanian(driver)
    answer = save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    assert answer.status_code == 200 and answer.is_json
    body = answer.get_json()
    assert body["version"] == 2 and body["message"] is None
    assert body["url"] == f"/games/{game_id}/deals/1" and body["title"] == "Deal 1 of 21"
    assert "<html" not in body["html"] and "Save the tricks" in body["html"]
    assert 'name="tricks-0"' in body["html"] and 'type="hidden" name="bid-0" value="1"' in body["html"]
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]


def test_saving_the_tricks_answers_with_the_next_deal_and_the_standings(driver: Driver) -> None:
    game_id = romanian(driver)
    save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    answer = save(driver, game_id, 1, {"phase": "tricks", **fields((1, 1, 0), (1, 0, 0))})
    body = answer.get_json()
    assert answer.status_code == 200 and body["message"] == "Deal 1 saved."
    assert body["url"] == f"/games/{game_id}/deals/2" and body["version"] == 3
    html = body["html"]
    assert "<h1>Deal 2 of 21</h1>" in html and "Save the bids" in html
    strip = re.search(r'<section class="strip".*?</section>', html, re.S)
    assert strip and "After deal 1" in strip.group(0)
    assert re.findall(r"<strong>(−?\d+)</strong>", strip.group(0)) == ["6", "−1", "5"]  # the minus sign
    # The message went with the answer: no page shows it again later.
    assert "Deal 1 saved." not in driver.sheet(game_id)


def test_a_refusal_names_the_seat_and_stores_nothing(driver: Driver) -> None:
    game_id = romanian(driver)
    answer = save(driver, game_id, 1, {"phase": "bids", **fields((1, 0, 0))})
    assert answer.status_code == 422
    assert answer.get_json() == {
        "error": "Peggy deals and may not bid 0: the bids would add up to 1, the number of cards",
        "field": "bids",
        "seat": 1,
    }
    assert driver.stored(game_id) == [] and driver.version(game_id) == 1


def test_bids_in_any_order_are_saved_and_completed_later(driver: Driver) -> None:
    game_id = romanian(driver)
    # Peggy deals and bids last; her bid comes in first, John's is still to come.
    answer = save(driver, game_id, 1, {"phase": "bids", **fields((None, 1, None))})
    assert answer.status_code == 200 and driver.stored(game_id) == [{"bids": [None, 1, None]}]
    assert "Save the bids" in answer.get_json()["html"]  # bids still missing: the bids stay open
    answer = save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 1))})
    assert answer.status_code == 200 and driver.stored(game_id) == [{"bids": [1, 1, 1]}]


def test_a_save_that_lost_the_race_shows_the_other_phones_deal(app: Flask, driver: Driver) -> None:
    game_id = romanian(driver)
    other = Driver(app, app.test_client())
    assert hand_over(driver.client, other.client, game_id).status_code == 302
    assert other.post_deal(game_id, 1, {"phase": "bids", **fields((0, 1, 1))}).status_code == 302
    # This phone still shows version 1, without the version field in the form: If-Match alone tells.
    answer = save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))}, version=1)
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["error"] == CHANGED_ELSEWHERE and body["field"] == "version" and body["version"] == 2
    assert 'type="hidden" name="bid-1" value="1"' in body["html"] and "Save the tricks" in body["html"]
    assert driver.stored(game_id) == [{"bids": [0, 1, 1]}]


def test_the_check_fills_in_the_tricks_the_tapped_ones_imply(driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"])  # 10 cards, Bob bids first
    save(driver, game_id, 1, {"phase": "bids", **fields((2, 3, 2, 2))})
    page = driver.client.get(f"/games/{game_id}/deals/1")
    url = f"/games/{game_id}/deals/1/check"
    base = {"csrf_token": csrf_token(page), "phase": "tricks", **fields((2, 3, 2, 2))}
    # Bob took 4 of his 3: the others' bids make the other 6 tricks, so they made them.
    verdict = driver.client.post(url, data={**base, "tricks-1": 4}).get_json()
    assert verdict["fill"] == {"0": 2, "2": 2, "3": 2} and verdict["error"] is None
    assert verdict["tricks_left"] == 0 and verdict["everyone"] == {}
    # Ann's filled-in 2 changed to 1: the filled-in seats are worked out again; Dee's is the last one.
    retap = {**base, "tricks-1": 4, "tricks-0": 1, "tricks-2": 2, "tricks-3": 2, "soft": ["2", "3"]}
    verdict = driver.client.post(url, data=retap).get_json()
    assert verdict["fill"] == {} and verdict["error"] is None  # 4 + 1 leaves 5 for two: nothing follows
    last = {**base, "tricks-1": 4, "tricks-0": 1, "tricks-2": 2}
    assert driver.client.post(url, data=last).get_json()["fill"] == {"3": 3}
    # An entry not finished yet is not a refusal; a finished wrong one is.
    assert driver.client.post(url, data={**base, "tricks-0": 5}).get_json()["error"] is None
    wrong = {**base, "tricks-0": 5, "tricks-1": 5, "tricks-2": 5, "tricks-3": 5}
    assert driver.client.post(url, data=wrong).get_json()["error"].startswith("The tricks add up to 20")
    assert driver.stored(game_id) == [{"bids": [2, 3, 2, 2]}]


def test_everyone_made_their_bid_is_offered_only_where_it_adds_up(driver: Driver) -> None:
    game_id = driver.start("oh-well", ["Ann", "Bob", "Cy"])  # no hook: the bids may add up
    facts_page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    cards = int(re.search(r"Cards each</dt><dd>(\d+)", facts_page).group(1))
    bids = (cards - 2, 1, 1)
    save(driver, game_id, 1, {"phase": "bids", **fields(bids)})
    page = driver.client.get(f"/games/{game_id}/deals/1")
    assert "Everyone made their bid" in page.get_data(as_text=True)
    # Without the script the button posts and the page comes back with the tricks filled in, unsaved.
    form = {"csrf_token": csrf_token(page), "phase": "tricks", **fields(bids), "fill": "everyone"}
    filled = driver.client.post(f"/games/{game_id}/deals/1", data=form)
    assert filled.status_code == 200
    html = filled.get_data(as_text=True)
    for seat, bid in enumerate(bids):
        assert re.search(rf'name="tricks-{seat}" value="{bid}"[^>]*checked', html)
    assert driver.stored(game_id) == [{"bids": list(bids)}]


def test_without_the_script_a_saved_deal_leads_to_the_next_deals_page(driver: Driver) -> None:
    game_id = romanian(driver)
    assert driver.post_deal(game_id, 1, {"phase": "bids", **fields((1, 1, 0))}).status_code == 302
    done = driver.post_deal(game_id, 1, {"phase": "tricks", **fields((1, 1, 0), (1, 0, 0))})
    assert done.status_code == 302 and done.headers["Location"].endswith(f"/games/{game_id}/deals/2")
    page = driver.client.get(f"/games/{game_id}/deals/2").get_data(as_text=True)
    assert "Deal 1 saved." in page and "<h1>Deal 2 of 21</h1>" in page and "After deal 1" in page


def test_a_correction_leads_back_to_the_sheet_at_its_row(driver: Driver) -> None:
    game_id = romanian(driver)
    save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    save(driver, game_id, 1, {"phase": "tricks", **fields((1, 1, 0), (1, 0, 0))})
    save(driver, game_id, 2, {"phase": "bids", **fields((0, 0, 0))})
    save(driver, game_id, 2, {"phase": "tricks", **fields((0, 0, 0), (0, 1, 0))})
    answer = save(driver, game_id, 1, {"phase": "all", **fields((1, 1, 0), (0, 1, 0))})
    body = answer.get_json()
    assert answer.status_code == 200 and body["message"] == "Deal 1 corrected."
    assert body["html"] is None and body["url"] == f"/games/{game_id}#deal-1"
    nojs = driver.post_deal(game_id, 1, {"phase": "all", **fields((1, 1, 0), (1, 0, 0))})
    assert nojs.status_code == 302 and nojs.headers["Location"].endswith(f"/games/{game_id}#deal-1")


def test_undo_and_redo_answer_with_the_screen_due(driver: Driver) -> None:
    game_id = romanian(driver)
    save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    save(driver, game_id, 1, {"phase": "tricks", **fields((1, 1, 0), (1, 0, 0))})
    page = driver.client.get(f"/games/{game_id}/deals/2")
    assert 'aria-label="Undo the last change to deal 1"' in page.get_data(as_text=True)
    token = {"csrf_token": csrf_token(page)}
    undone = driver.client.post(f"/games/{game_id}/undo", data=token, headers={**JSON, "If-Match": "3"})
    body = undone.get_json()
    assert undone.status_code == 200 and body["message"] == "Deal 1's tricks are taken back; its bids stay."
    assert body["url"] == f"/games/{game_id}/deals/1" and "Save the tricks" in body["html"]
    assert 'aria-label="Redo the change to deal 1"' in body["html"]
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]
    redone = driver.client.post(f"/games/{game_id}/redo", data=token, headers={**JSON, "If-Match": "4"})
    body = redone.get_json()
    assert redone.status_code == 200 and body["message"] == "Deal 1 entered again."
    assert "<h1>Deal 2 of 21</h1>" in body["html"]
    assert driver.stored(game_id) == [{"bids": [1, 1, 0], "tricks": [1, 0, 0]}]
    # A redo from a page older than the game is refused, and shows the game as it is.
    stale = driver.client.post(f"/games/{game_id}/redo", data=token, headers={**JSON, "If-Match": "4"})
    assert stale.status_code == 409 and stale.get_json()["error"] == CHANGED_ELSEWHERE


def test_the_last_deal_of_a_game_leads_to_the_sheet(driver: Driver) -> None:
    game_id = driver.start(
        "custom-oh-hell", ["Ann", "Bob", "Cy"], options={"shape": "fixed", "start_cards": 1, "deals": 1}
    )
    save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    answer = save(driver, game_id, 1, {"phase": "tricks", **fields((1, 1, 0), (1, 0, 0))})
    body = answer.get_json()
    assert body["message"] == "Deal 1 saved." and body["html"] is None and body["url"] == f"/games/{game_id}"


def test_bid_whist_says_hand_everywhere(driver: Driver) -> None:
    game_id = driver.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "<h1>Hand 1</h1>" in page and not re.search(r"\b[Dd]eal\b", re.sub(r"<[^>]+>", " ", page))
    calls = {"call-0": "pass", "call-1": "4 uptown", "call-2": "pass", "call-3": "pass"}
    saved = driver.post_deal(game_id, 1, {**calls, "declaration": "S", "tricks": 9})
    assert saved.status_code == 302, error_text(saved)
    after = driver.client.get(saved.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 saved." in after and "After hand 1" in after and "<h1>Hand 2</h1>" in after
    sheet = driver.sheet(game_id)
    assert '<th scope="col" class="deal-col">Hand</th>' in sheet and "Correct hand 1" in sheet
    assert not re.search(r"\b[Dd]eal\b", re.sub(r"<[^>]+>", " ", sheet))


def test_the_pdf_and_the_rules_page_say_hand_for_bid_whist(driver: Driver, tmp_path: Path) -> None:
    rules = driver.client.get("/rules/bid-whist").get_data(as_text=True)
    assert '<h2 id="deals">Hands</h2>' in rules
    game_id = driver.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    calls = {"call-0": "pass", "call-1": "4 uptown", "call-2": "pass", "call-3": "pass"}
    assert driver.post_deal(game_id, 1, {**calls, "declaration": "S", "tricks": 9}).status_code == 302
    text = pdf_text(driver.client.get(f"/games/{game_id}/sheet.pdf").get_data(), tmp_path)
    assert "Standings after 1 hand" in text and "Hand" in text
    assert not re.search(r"\b[Dd]eal\b", text)

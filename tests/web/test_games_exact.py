"""Playing the bid-exactly games through the pages: the HTTP contract, refusals store nothing."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from scorekeeper.extensions import db

from .conftest import Driver, csrf_token, error_text, hand_over
from .databases import POSTGRES_URL

PEGGY_TABLE = ["Peter", "Peggy", "John"]


def romanian(driver: Driver, **options: object) -> str:
    return driver.start("romanian-whist", PEGGY_TABLE, first_dealer=1, options=options)


def bids(*values: int | None) -> dict[str, object]:
    return {f"bid-{seat}": "" if value is None else value for seat, value in enumerate(values)}


def tricks(*values: int) -> dict[str, object]:
    return {f"tricks-{seat}": value for seat, value in enumerate(values)}


def play(driver: Driver, game_id: str, number: int, bid: tuple[int, ...], took: tuple[int, ...]) -> None:
    assert driver.post_deal(game_id, number, {"phase": "bids", **bids(*bid)}).status_code == 302
    response = driver.post_deal(game_id, number, {"phase": "tricks", **bids(*bid), **tricks(*took)})
    assert response.status_code == 302, error_text(response)


def totals_row(sheet: str, number: int) -> list[str]:
    row = re.search(rf'<tr id="deal-{number}">(.*?)</tr>', sheet, re.S)
    assert row, f"no row for deal {number}"
    # The sheet prints a negative total with a real minus sign ("−1"), read here as "-1".
    return [total.replace("−", "-") for total in re.findall(r'class="tot">([-−]?\d+)<', row.group(1))]


def test_the_seed_table_through_the_pages(driver: Driver) -> None:
    game_id = romanian(driver)
    deals = [((1, 1, 0), (1, 0, 0)), ((0, 0, 0), (0, 1, 0)), ((1, 0, 1), (0, 0, 1)), ((0, 2, 2), (0, 2, 0))]
    for number, (bid, took) in enumerate(deals, start=1):
        play(driver, game_id, number, bid, took)
    sheet = driver.sheet(game_id)
    assert totals_row(sheet, 1) == ["6", "-1", "5"]
    assert totals_row(sheet, 4) == ["15", "10", "14"]
    assert "Deal 5 of 21" in sheet
    assert "John deals and bids last: the bids may not add up to 3" in sheet


def test_the_deal_screen_says_what_the_rules_decide(driver: Driver) -> None:
    game_id = romanian(driver)
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "Deal 1 of 21" in page
    assert re.search(r"Dealer</dt><dd>Peggy", page)
    assert re.search(r"Cards each</dt><dd>1", page)
    assert "John → Peter → Peggy" in page
    assert "Peggy deals and bids last: the bids may not add up to 1" in page
    assert 'name="trump" value="H"' in page


def test_the_hook_refusal_is_422_keeps_the_values_and_stores_nothing(driver: Driver) -> None:
    game_id = romanian(driver)
    version = driver.version(game_id)
    response = driver.post_deal(game_id, 1, {"phase": "bids", "trump": "S", **bids(1, 0, 0)})
    assert response.status_code == 422
    assert (
        error_text(response)
        == "Peggy deals and may not bid 0: the bids would add up to 1, the number of cards"
    )
    page = response.get_data(as_text=True)
    assert re.search(r'name="bid-0" value="1"[^>]*checked', page)
    assert re.search(r'name="bid-2" value="0"[^>]*checked', page)
    assert re.search(r'name="trump" value="S" checked', page)
    assert re.search(r'class="chip struck" title="Peggy deals and may not bid 0', page)
    assert driver.stored(game_id) == []
    assert driver.version(game_id) == version


def test_wrong_tricks_are_refused_and_the_bids_stay(driver: Driver) -> None:
    game_id = romanian(driver)
    driver.post_deal(game_id, 1, {"phase": "bids", **bids(1, 1, 0)})
    response = driver.post_deal(game_id, 1, {"phase": "tricks", **bids(1, 1, 0), **tricks(1, 1, 0)})
    assert response.status_code == 422
    assert "The tricks add up to 2, but 1 was played" in error_text(response)
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]


def test_garbage_is_refused_with_words_not_a_crash(driver: Driver) -> None:
    game_id = romanian(driver)
    response = driver.post_deal(game_id, 1, {"phase": "bids", "bid-0": "lots", "bid-1": "1", "bid-2": "0"})
    assert response.status_code == 422
    assert "The bids are whole numbers, not 'lots'" in error_text(response)
    response = driver.post_deal(game_id, 1, {"phase": "bids", "trump": "X", **bids(1, 1, 0)})
    assert response.status_code == 422 and "The trump is S, H, D, C or NT" in error_text(response)
    assert driver.stored(game_id) == []


def test_a_correction_rescores_every_later_deal(driver: Driver) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    play(driver, game_id, 2, (0, 0, 0), (0, 1, 0))
    assert totals_row(driver.sheet(game_id), 2) == ["11", "-2", "10"]
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "Save the correction" in page
    response = driver.post_deal(game_id, 1, {"phase": "all", **bids(1, 1, 0), **tricks(0, 1, 0)})
    assert response.status_code == 302
    sheet = driver.sheet(game_id)
    assert totals_row(sheet, 1) == ["-1", "6", "5"]
    assert totals_row(sheet, 2) == ["4", "5", "10"]
    assert len(driver.stored(game_id)) == 2


def test_undo_takes_back_the_last_change_then_the_last_deal(driver: Driver) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    play(driver, game_id, 2, (0, 0, 0), (0, 1, 0))
    response = driver.post(f"/games/{game_id}/undo", token_from=f"/games/{game_id}")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/games/{game_id}/deals/2")
    assert driver.stored(game_id)[1] == {"bids": [0, 0, 0]}  # deal 2 is back to its bids
    response = driver.post(f"/games/{game_id}/undo", token_from=f"/games/{game_id}")
    assert response.status_code == 302
    assert len(driver.stored(game_id)) == 1
    assert "Deal 2 of 21" in driver.sheet(game_id)


def test_posts_without_a_csrf_token_are_refused(driver: Driver) -> None:
    game_id = romanian(driver)
    response = driver.client.post(f"/games/{game_id}/deals/1", data={"phase": "bids", **bids(1, 1, 0)})
    assert response.status_code == 400
    assert "Nothing was saved" in response.get_data(as_text=True)
    response = driver.client.post(f"/games/{game_id}/deals/1", data={"csrf_token": "forged", **bids(1, 1, 0)})
    assert response.status_code == 400
    assert driver.stored(game_id) == []


def test_only_the_phone_with_the_edit_key_may_change_the_game(app: Flask, driver: Driver) -> None:
    game_id = romanian(driver)
    other = Driver(app, app.test_client())
    assert other.client.get(f"/games/{game_id}").status_code == 200
    assert other.client.get(f"/games/{game_id}/deals/1").status_code == 403
    response = other.post(f"/games/{game_id}/deals/1", {"phase": "bids", **bids(1, 1, 0)})
    assert response.status_code == 403
    assert other.post(f"/games/{game_id}/undo").status_code == 403
    wrong = other.post(f"/games/{game_id}/join", {"code": "23456-23456"}, token_from=f"/games/{game_id}/join")
    assert wrong.status_code == 422 and "does not open this game" in error_text(wrong)
    assert driver.stored(game_id) == []
    assert "Enter deal 1" not in other.sheet(game_id)


def test_the_scorer_hands_the_game_to_another_phone(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["A", "B", "C"])
    other = Driver(app, app.test_client())
    assert other.client.get(f"/games/{game_id}/deals/1").status_code == 403
    assert hand_over(driver.client, other.client, game_id).status_code == 302
    assert other.client.get(f"/games/{game_id}/deals/1").status_code == 200
    assert driver.client.get(f"/games/{game_id}/deals/1").status_code == 200


def test_game_ids_are_unguessable(driver: Driver) -> None:
    game_id = romanian(driver)
    assert re.fullmatch(r"[0-9a-f]{32}", game_id)
    assert driver.client.get("/games/" + "0" * 32).status_code == 404


def test_abandon_asks_first_and_then_freezes_the_game(driver: Driver) -> None:
    game_id = romanian(driver)
    page = driver.client.get(f"/games/{game_id}/abandon")
    assert page.status_code == 200 and "Yes, abandon it" in page.get_data(as_text=True)
    assert "abandoned" not in driver.sheet(game_id)
    driver.post(f"/games/{game_id}/abandon", token_from=f"/games/{game_id}/abandon")
    assert "This game was abandoned." in driver.sheet(game_id)
    assert driver.client.get(f"/games/{game_id}/deals/1").status_code == 409
    assert "Abandoned" in driver.client.get("/games").get_data(as_text=True)


def test_a_finished_game_names_the_winner_and_offers_the_same_table_again(driver: Driver) -> None:
    game_id = driver.start(
        "custom-oh-hell", ["Ann", "Bob", "Cy"], options={"shape": "fixed", "start_cards": 2, "deals": 2}
    )
    play(driver, game_id, 1, (0, 2, 1), (0, 2, 0))
    play(driver, game_id, 2, (0, 0, 1), (0, 1, 1))
    sheet = driver.sheet(game_id)
    assert "Ann wins" in sheet and "Play again, same players: Bob deals first" in sheet
    assert "Change players or options" in sheet
    assert driver.client.get(f"/games/{game_id}/deals/3").status_code == 409
    again = driver.client.get(f"/games/{game_id}/again")
    form = driver.client.get(again.headers["Location"]).get_data(as_text=True)
    assert 'value="Ann"' in form and 'value="Cy"' in form
    assert re.search(r'<option selected value="fixed">|<option value="fixed" selected', form)


def test_your_games_lists_games_in_progress_first(driver: Driver) -> None:
    finished = driver.start(
        "custom-oh-hell", ["Ann", "Bob"], options={"shape": "fixed", "start_cards": 1, "deals": 1}
    )
    play(driver, finished, 1, (1, 1), (1, 0))
    playing = romanian(driver)
    page = driver.client.get("/games").get_data(as_text=True)
    assert page.index("In progress") < page.index(playing) < page.index("Finished") < page.index(finished)
    assert "Deal 1 of 21" in page and "Ann wins" in page


def test_a_fresh_phone_has_no_games(client: FlaskClient) -> None:
    assert "No games on this phone yet" in client.get("/games").get_data(as_text=True)


def test_the_new_game_form_is_built_from_the_declaration(client: FlaskClient) -> None:
    page = client.get("/games/new/romanian-whist").get_data(as_text=True)
    assert "Progressive scoring" in page and "0 finish" in page and "Promotion scheme" in page
    assert 'value="8-1-8"' in page and "Seat 7" in page and "Seat 8" not in page
    assert client.get("/games/new/bridge").status_code == 404


def test_duplicate_names_are_refused_and_the_names_kept(driver: Driver) -> None:
    page = driver.client.get("/games/new/oh-hell")
    form = {"csrf_token": csrf_token(page), "players-0": "Ann", "players-1": " ann ", "players-2": "Bob"}
    response = driver.client.post("/games/new/oh-hell", data=form)
    assert response.status_code == 422
    assert error_text(response) == "Two players are called ann: give each a different name"
    assert 'value=" ann "' in response.get_data(as_text=True)


def test_too_few_players_and_impossible_options_are_refused(driver: Driver) -> None:
    page = driver.client.get("/games/new/up-and-down-the-river")
    form = {"csrf_token": csrf_token(page), **{f"players-{i}": name for i, name in enumerate("ABCDEFGH")}}
    response = driver.client.post(
        "/games/new/up-and-down-the-river", data={**form, "option_start_cards": "9"}
    )
    assert response.status_code == 422
    assert "Cards in the first deal must be from 1 to 6 with 8 players, not 9" in error_text(response)
    response = driver.client.post(
        "/games/new/up-and-down-the-river",
        data={**form, "players-4": "", "players-5": "", "players-6": "", "players-7": "", "players-3": ""},
    )
    assert response.status_code == 422
    assert "Up and Down the River is played by 4 to 8 players, not 3" in error_text(response)


def test_the_default_that_depends_on_the_table_is_left_to_the_engine(driver: Driver) -> None:
    game_id = driver.start("up-and-down-the-river", list("ABCDEFGH"))
    assert "Deal 1 of 11" in driver.sheet(game_id)


def test_seats_move_up_and_down_without_javascript(driver: Driver) -> None:
    page = driver.client.get("/games/new/oh-hell")
    form = {
        "csrf_token": csrf_token(page),
        "players-0": "Ann",
        "players-1": "Bob",
        "players-2": "Cy",
        "move": "up-2",
    }
    response = driver.client.post("/games/new/oh-hell", data=form)
    assert response.status_code == 200
    names = re.findall(r'name="players-\d" value="([^"]*)"', response.get_data(as_text=True))
    assert names[:3] == ["Ann", "Cy", "Bob"]


def test_a_drawn_first_dealer_is_shown_as_a_draw(driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"], first_dealer="draw")
    assert re.search(r"(Ann|Bob|Cy) was drawn to deal first", driver.sheet(game_id))


def test_the_dead_hand_sits_out_on_the_sheet(driver: Driver) -> None:
    game_id = driver.start("romanian-whist", list("ABCDEFG"))
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert re.search(r"Sits out</dt><dd>A", page) and 'name="bid-0"' not in page
    fields = {"phase": "bids", **{f"bid-{seat}": 0 for seat in range(1, 7)}}
    assert driver.post_deal(game_id, 1, fields).status_code == 302
    fields = {**fields, "phase": "tricks", **{f"tricks-{seat}": 0 for seat in range(2, 7)}, "tricks-1": 1}
    assert driver.post_deal(game_id, 1, fields).status_code == 302
    sheet = driver.sheet(game_id)
    assert '<td class="out">—</td>' in sheet
    assert totals_row(sheet, 1) == ["-1", "5", "5", "5", "5", "5"]


def test_the_live_check_asks_the_engine(driver: Driver) -> None:
    game_id = romanian(driver)
    page = driver.client.get(f"/games/{game_id}/deals/1")
    data = {"csrf_token": csrf_token(page), "phase": "bids", **bids(1, None, 0)}
    verdict = driver.client.post(f"/games/{game_id}/deals/1/check", data=data).get_json()
    assert verdict["struck"] == [
        {
            "seat": 1,
            "value": 0,
            "reason": "Peggy deals and may not bid 0: the bids would add up to 1, the number of cards",
        }
    ]
    assert verdict["summary"] == "Bids 1 of 1 so far" and verdict["error"] is None
    verdict = driver.client.post(f"/games/{game_id}/deals/1/check", data={**data, "bid-1": "0"}).get_json()
    assert verdict["error"].startswith("Peggy deals and may not bid 0")
    assert driver.stored(game_id) == []


@pytest.mark.skipif(POSTGRES_URL is not None, reason="WAL is SQLite's journal; this run is on PostgreSQL")
def test_the_database_runs_in_wal_mode(app: Flask) -> None:
    with app.app_context():
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_a_change_from_a_stale_page_is_refused_and_nothing_overwritten(app: Flask, driver: Driver) -> None:
    game_id = romanian(driver)
    page = driver.client.get(f"/games/{game_id}/deals/1")
    token = csrf_token(page)
    version = re.search(r'name="version" value="(\d+)"', page.get_data(as_text=True)).group(1)
    other = Driver(app, app.test_client())
    hand_over(driver.client, other.client, game_id)
    assert other.post_deal(game_id, 1, {"phase": "bids", **bids(1, 1, 0)}).status_code == 302
    stale = driver.client.post(
        f"/games/{game_id}/deals/1",
        data={"csrf_token": token, "version": version, "phase": "bids", **bids(0, 1, 0)},
    )
    assert stale.status_code == 409
    assert "This game changed on another phone: here is the new score" in error_text(stale)
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]
    assert 'name="bid-0" value="1"' in stale.get_data(as_text=True)  # the other phone's bids, now due tricks
    undo = driver.client.post(f"/games/{game_id}/undo", data={"csrf_token": token, "version": version})
    assert undo.status_code == 303 and driver.stored(game_id) == [{"bids": [1, 1, 0]}]


def test_undo_takes_one_tap_and_redo_brings_it_back(driver: Driver) -> None:
    game_id = romanian(driver)
    assert driver.client.get(f"/games/{game_id}/undo").status_code == 405  # no page to confirm on
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    sheet = driver.sheet(game_id)
    assert 'aria-label="Undo the last change to deal 1"' in sheet and 'aria-label="Nothing to redo"' in sheet
    undone = driver.post(f"/games/{game_id}/undo", {"back": "sheet"}, token_from=f"/games/{game_id}")
    assert undone.status_code == 302 and undone.headers["Location"].endswith(f"/games/{game_id}")
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]  # back to the bids alone
    sheet = driver.sheet(game_id)
    assert "Deal 1&#39;s tricks are taken back; its bids stay." in sheet
    assert 'aria-label="Redo the change to deal 1"' in sheet
    redone = driver.post(f"/games/{game_id}/redo", token_from=f"/games/{game_id}")
    assert redone.status_code == 302 and redone.headers["Location"].endswith(f"/games/{game_id}/deals/2")
    assert driver.stored(game_id) == [{"bids": [1, 1, 0], "tricks": [1, 0, 0]}]
    # With nothing of this phone's to go back on, undo removes the last deal; redo enters it again.
    assert driver.post(f"/games/{game_id}/undo", token_from=f"/games/{game_id}").status_code == 302
    assert driver.post(f"/games/{game_id}/undo", token_from=f"/games/{game_id}").status_code == 302
    assert driver.stored(game_id) == []
    assert 'aria-label="Redo deal 1"' in driver.sheet(game_id)


def test_an_unchanged_sheet_is_not_replayed(
    app: Flask, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = romanian(driver)
    follower = Driver(app, app.test_client())  # a phone following the score: its page is kept
    first = follower.sheet(game_id)

    def no_replay(record: object) -> None:
        raise AssertionError("an unchanged game was replayed")

    monkeypatch.setattr("scorekeeper.games.store.game_of", no_replay)
    assert follower.sheet(game_id) == first
    monkeypatch.undo()
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    assert totals_row(follower.sheet(game_id), 1) == ["6", "-1", "5"]

"""What the server keeps of a page (a follower's sheet, the editing phone's grid, a drive's fragment) and
the ETags the live views poll with are per reader's language: a reader never gets a page kept for a
reader of another language, nor a 304 for a page shown in another language."""

from __future__ import annotations

from flask import Flask

from ...pseudo_locale import PSEUDO, pseudo
from ..conftest import Driver
from ..drive_pages import Organiser
from ..test_games_exact import play, romanian


def test_a_followers_sheet_is_kept_per_language(app: Flask, driver: Driver) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    english, translated = app.test_client(), app.test_client()
    translated.set_cookie("language", PSEUDO)
    for _ in range(2):  # the second reading of each is the kept page
        assert '<html lang="en"' in english.get(f"/games/{game_id}").get_data(as_text=True)
        page = translated.get(f"/games/{game_id}").get_data(as_text=True)
        assert f'<html lang="{PSEUDO}"' in page and pseudo("Score sheet") in page


def test_the_editing_phones_grid_is_kept_per_language(driver: Driver) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    english = driver.sheet(game_id)
    driver.client.set_cookie("language", PSEUDO)
    translated = driver.sheet(game_id)
    grid_word = pseudo("Correct %(singular)s %(number)s") % {"singular": pseudo("deal"), "number": 1}
    assert grid_word not in english and grid_word in translated


def test_the_live_view_answers_a_reader_of_another_language_in_full(app: Flask, driver: Driver) -> None:
    game_id = romanian(driver)
    viewer = app.test_client()
    first = viewer.get(f"/games/{game_id}/live")
    etag = first.headers["ETag"]
    assert f'data-etag="{etag.strip(chr(34))}"' in first.get_data(as_text=True)
    viewer.set_cookie("language", PSEUDO)
    again = viewer.get(f"/games/{game_id}/live?fragment=1", headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag
    page = viewer.get(f"/games/{game_id}/live").get_data(as_text=True)
    assert f'data-etag="{again.headers["ETag"].strip(chr(34))}"' in page


def test_a_drive_fragment_is_kept_per_language(app: Flask, driver: Driver) -> None:
    organiser = Organiser(app, driver.client)
    assert organiser.set_up([f"Guest{letter}" for letter in "ABCDEFGH"]).status_code == 303
    english, translated = app.test_client(), app.test_client()
    translated.set_cookie("language", PSEUDO)
    first = english.get(f"{organiser.url}/caller?fragment=1")
    assert first.status_code == 200
    answer = translated.get(
        f"{organiser.url}/caller?fragment=1", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert answer.status_code == 200 and answer.headers["ETag"] != first.headers["ETag"]
    assert first.get_data(as_text=True) != answer.get_data(as_text=True)
    assert "[" in answer.get_data(as_text=True)

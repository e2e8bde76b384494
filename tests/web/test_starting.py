"""Starting a game through the pages: it opens on deal 1's screen (from the new-game form, from a
table's page, from play again); the table's page starts the same seats in one post; the new-game
form folds its options under a summary of the choices in words."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.games.models import GameRecord

from .conftest import Driver, csrf_token, error_text, started_game_id
from .tables_driver import SHORT, TablePhone

FOUR = ["Ann", "Bob", "Cy", "Dee"]
SUMMARY = re.compile(r"data-options-now[^>]*>([^<]*)<", re.S)


@pytest.fixture
def phone(driver: Driver) -> TablePhone:
    return TablePhone(driver)


def game_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(GameRecord)) or 0


def summary_of(page: str) -> str:
    found = SUMMARY.search(page)
    assert found, "no summary of the options"
    return html.unescape(" ".join(found.group(1).split()))


def table_with_a_game(phone: TablePhone, players: list[str] = FOUR, first_dealer: int = 0) -> tuple[str, str]:
    """A table this phone keeps and its one game (Custom Oh Hell, short); returns their ids."""
    group_id = phone.create()
    game_id = phone.start_game(group_id, "custom-oh-hell", players, first_dealer=first_dealer, options=SHORT)
    return group_id, game_id


def start_here(phone: TablePhone, group_id: str, **fields: str) -> tuple[str, object]:
    """Post the table page's start form as its buttons do; returns the form's address and the answer."""
    page = phone.client.get(f"/tables/{group_id}")
    action = re.search(
        r'<form method="post" action="([^"]+)" class="start-form" data-soft>', page.get_data(as_text=True)
    )
    assert action, "the table's page has no start form that posts"
    return action.group(1), phone.client.post(
        action.group(1), data={"csrf_token": csrf_token(page), **fields}
    )


# --- the new-game form --------------------------------------------------------------------------


def test_a_started_game_opens_on_deal_1s_screen(driver: Driver) -> None:
    page = driver.client.get("/games/new/oh-hell")
    form = {"csrf_token": csrf_token(page), "first_dealer": "2"}
    form.update({f"players-{slot}": name for slot, name in enumerate(FOUR)})
    response = driver.client.post("/games/new/oh-hell", data=form)
    assert response.status_code == 302
    game_id = started_game_id(response)
    assert response.headers["Location"] == f"/games/{game_id}/deals/1"
    screen = driver.client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Deal 1 of 19" in screen and "Cy deals" in screen


def test_the_options_fold_under_what_they_are_in_words(driver: Driver) -> None:
    page = driver.client.get("/games/new/oh-hell").get_data(as_text=True)
    assert re.search(r"<details class=\"options-fold\" data-options>\s*<summary>", page)
    assert summary_of(page) == (
        "Scoring: Common (1 a trick, +10 if exact) · A revoke found after a deal: The revoker loses points"
        " · Revoke penalty: 10"
    )
    assert "<legend>Options</legend>" not in page  # the summary names them
    custom = driver.client.get("/games/new/custom-oh-hell").get_data(as_text=True)
    assert "Deal shape: Down-up · Cards in the first deal: As the rules give for the table" in summary_of(
        custom
    )
    assert "Hook: on · Hook from: 1 · Trump: Turn a card" in summary_of(custom)
    blank = driver.client.get("/sheets/blank/oh-hell").get_data(as_text=True)
    assert "data-options-now" not in blank  # the blank sheet's form keeps its options open


def test_a_refused_start_keeps_the_choices_and_opens_the_options_when_one_is_at_fault(driver: Driver) -> None:
    page = driver.client.get("/games/new/up-and-down-the-river")
    form = {"csrf_token": csrf_token(page), "first_dealer": "draw", "option_simultaneous_bids": "y"}
    form.update({f"players-{slot}": name for slot, name in enumerate(FOUR)})
    named_twice = driver.client.post("/games/new/up-and-down-the-river", data={**form, "players-3": "ann"})
    assert named_twice.status_code == 422
    refused = named_twice.get_data(as_text=True)
    assert "Bid all at once: on" in summary_of(refused)
    assert '<details class="options-fold" data-options>' in refused  # names at fault: options stay folded
    too_many = driver.client.post(
        "/games/new/up-and-down-the-river", data={**form, "option_start_cards": "14"}
    )
    assert too_many.status_code == 422
    assert "Cards in the first deal" in error_text(too_many)
    assert '<details class="options-fold" data-options open>' in too_many.get_data(as_text=True)
    assert "Cards in the first deal: 14" in summary_of(too_many.get_data(as_text=True))


def test_play_again_without_a_table_still_asks_with_the_form_then_opens_deal_1(driver: Driver) -> None:
    game_id = driver.start("custom-oh-hell", FOUR, options=SHORT)
    again = driver.client.get(f"/games/{game_id}/again")
    assert again.status_code == 302 and "/games/new/custom-oh-hell?" in again.headers["Location"]
    page = driver.client.get(again.headers["Location"]).get_data(as_text=True)
    assert "Deal shape: Fixed" in summary_of(page) and "Hook: off" in summary_of(page)


# --- a table's page ----------------------------------------------------------------------------


def test_a_new_tables_page_asks_for_its_first_games_players(phone: TablePhone) -> None:
    page = phone.client.get("/tables/new")
    made = phone.client.post("/tables/new", data={"csrf_token": csrf_token(page), "name": "Friday"})
    shown = html.unescape(phone.client.get(made.headers["Location"]).get_data(as_text=True))
    assert "Friday is kept on this phone. Start its first game: its players join the table." in shown
    start_form = r'<form method="get" action="/tables/[0-9a-f]{32}/start" class="start-form" data-soft>'
    assert re.search(start_form, shown)
    assert 'name="seats" value="new" class="primary">Choose the players' in shown


def test_one_post_from_the_tables_page_starts_the_same_seats_on_deal_1(app: Flask, phone: TablePhone) -> None:
    group_id, game_id = table_with_a_game(phone, ["Cy", "Ann", "Bob", "Dee"], first_dealer=1)
    page = html.unescape(phone.text(f"/tables/{group_id}"))
    assert "Last time: Cy, Ann, Bob, Dee" in page
    assert "Bob deals first: the deal moves on from Ann, who dealt first last game." in page
    assert f'action="/tables/{group_id}/again/{game_id}" class="start-form"' in page
    assert '<option value="custom-oh-hell" selected>' in page

    _action, started = start_here(phone, group_id, variant="custom-oh-hell", seats="last")
    assert started.status_code == 302
    new_id = started_game_id(started)
    screen = phone.text(started.headers["Location"])
    assert "A new game: Bob deals first." in screen and "Deal 1 of 3" in screen
    with app.app_context():
        old, new = store.load_game(game_id)[1], store.load_game(new_id)[1]
        assert new.table.players == ("Cy", "Ann", "Bob", "Dee") and new.table.first_dealer == 2
        assert new.table.options == old.table.options  # the same game: its options come too
        assert store.load_record(new_id).group_id == group_id


def test_another_game_from_the_tables_page_takes_its_own_defaults(app: Flask, phone: TablePhone) -> None:
    group_id, _game_id = table_with_a_game(phone)
    _action, started = start_here(phone, group_id, variant="oh-hell", seats="last")
    new_id = started_game_id(started)
    with app.app_context():
        new = store.load_game(new_id)[1]
    assert new.table.variant.code == "oh-hell" and new.table.players == tuple(FOUR)
    assert new.table.options["scoring"] == "common" and new.table.first_dealer == 1


def test_a_game_the_seats_do_not_fit_is_refused_on_the_tables_page(app: Flask, phone: TablePhone) -> None:
    group_id, _game_id = table_with_a_game(phone)
    before = game_count(app)
    _action, refused = start_here(phone, group_id, variant="german-whist", seats="last")
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "German Whist" in error_text(refused) and 'id="start-error"' in page
    assert '<option value="german-whist" selected>' in page  # the game chosen stays chosen
    assert 'aria-describedby="start-error"' in page
    assert game_count(app) == before


def test_the_tables_page_opens_the_form_with_these_seats_or_none(phone: TablePhone) -> None:
    group_id, game_id = table_with_a_game(phone, ["Cy", "Ann", "Bob"])
    _action, change = start_here(phone, group_id, variant="custom-oh-hell", seats="change")
    assert change.status_code == 303
    asked = urlsplit(change.headers["Location"])
    query = parse_qs(asked.query)
    assert asked.path == "/games/new/custom-oh-hell" and query["table"] == [group_id]
    assert [query[f"players-{slot}"][0] for slot in range(3)] == ["Cy", "Ann", "Bob"]
    assert query["option_deals"] == ["3"]  # the same game: the options too
    form = phone.text(change.headers["Location"])
    assert "Number of deals (fixed shape): 3" in summary_of(form)

    _action, other = start_here(phone, group_id, variant="oh-hell", seats="change")
    assert not any(key.startswith("option_") for key in parse_qs(urlsplit(other.headers["Location"]).query))
    _action, fresh = start_here(phone, group_id, variant="oh-hell", seats="new")
    assert fresh.status_code == 303
    assert parse_qs(urlsplit(fresh.headers["Location"]).query) == {"table": [group_id]}
    assert game_id in phone.text(f"/tables/{group_id}")  # nothing started


def test_only_a_keeper_starts_from_the_tables_page_and_with_a_token(app: Flask, phone: TablePhone) -> None:
    group_id, _game_id = table_with_a_game(phone)
    action, _started = start_here(phone, group_id, variant="oh-hell", seats="new")
    follower = app.test_client()
    token_page = follower.get("/games/new/oh-hell")
    refused = follower.post(action, data={"csrf_token": csrf_token(token_page), "variant": "oh-hell"})
    assert refused.status_code == 403
    assert 'class="start-form"' not in follower.get(f"/tables/{group_id}").get_data(as_text=True)
    before = game_count(app)
    assert phone.client.post(action, data={"variant": "oh-hell", "seats": "last"}).status_code == 400
    assert (
        phone.client.post(
            action,
            data={
                "variant": "bridge",
                "seats": "last",
                "csrf_token": csrf_token(phone.client.get(f"/tables/{group_id}")),
            },
        ).status_code
        == 404
    )
    assert game_count(app) == before


def test_starting_from_the_tables_page_counts_with_every_start(app: Flask, phone: TablePhone) -> None:
    app.config["RATELIMIT_CREATE"] = "3 per minute"
    group_id, _game_id = table_with_a_game(phone)  # the table and its game: two of the three
    _action, first = start_here(phone, group_id, variant="oh-hell", seats="last")
    assert first.status_code == 302
    _action, second = start_here(phone, group_id, variant="oh-hell", seats="last")
    assert second.status_code == 429


def test_seat_everyone_is_offered_when_the_roster_fits_the_game(phone: TablePhone) -> None:
    group_id = phone.create()
    for name in FOUR:
        assert phone.add_player(group_id, name).status_code == 302
    fits = phone.text(f"/games/new/oh-hell?table={group_id}")
    assert "data-seat-all>Seat everyone</button>" in fits
    too_many = phone.text(f"/games/new/german-whist?table={group_id}")
    assert "data-seat-all" not in too_many

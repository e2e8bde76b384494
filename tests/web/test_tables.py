"""Tables through the pages: their links, the phones that keep them, the roster, games at a table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.games.models import GameRecord, SeatRecord
from scorekeeper.groups.models import GroupPlayerRecord, GroupRecord

from ..tampered import tampered
from .conftest import Driver, csrf_token, error_text, started_game_id
from .tables_driver import SHORT, TablePhone, player_ids
from .test_pdf import pdf_text

ANN_BOB_CY = ["Ann", "Bob", "Cy"]


@pytest.fixture
def phone(driver: Driver) -> TablePhone:
    return TablePhone(driver)


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def roster_names(app: Flask, group_id: str) -> list[str]:
    with app.app_context():
        query = select(GroupPlayerRecord.name).where(GroupPlayerRecord.group_id == group_id)
        return sorted(db.session.scalars(query))


# --- links and the phones that keep a table ------------------------------------------------------


def test_a_table_started_on_a_phone_is_kept_there_and_listed_on_its_home_page(phone: TablePhone) -> None:
    group_id = phone.create("Thursday whist")
    page = phone.text(f"/tables/{group_id}")
    assert "<h1>Thursday whist</h1>" in page and "Start a game" in page and "New player's name" in page
    home = phone.text("/")
    assert f'href="/tables/{group_id}"' in home and "Thursday whist" in home


def test_a_table_is_not_there_without_its_link(phone: TablePhone, client: FlaskClient) -> None:
    group_id = phone.create()
    other = group_id[::-1]
    for url in (
        f"/tables/{other}",
        f"/tables/{other}/games",
        f"/tables/{other}/stats",
        f"/tables/{other}/players/1",
        f"/tables/{other}/versus",
        f"/tables/{other}/export.json",
        f"/tables/{other}/export.csv",
        f"/tables/{other}/join",
        "/tables/not-a-table",
        "/tables/",
    ):
        assert client.get(url).status_code == 404, url


def test_the_read_only_link_shows_everything_and_changes_nothing(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create()
    phone.add_player(group_id, "Ann")
    follower = app.test_client()
    page = follower.get(f"/tables/{group_id}").get_data(as_text=True)
    assert "read only" in page and "Ann" in page
    assert "Start a game" not in page and "New player's name" not in page and "/join#" not in page
    for url in (f"/tables/{group_id}/games", f"/tables/{group_id}/stats", f"/tables/{group_id}/export.json"):
        assert follower.get(url).status_code == 200, url
    token = csrf_token(follower.get("/tables/new"))
    refused = follower.post(f"/tables/{group_id}/players", data={"csrf_token": token, "name": "Eve"})
    assert refused.status_code == 403 and "keeps this table" in refused.get_data(as_text=True)
    assert follower.get(f"/tables/{group_id}/players/1/name").status_code == 403
    assert follower.get(f"/tables/{group_id}/start?variant=oh-hell").status_code == 403
    assert roster_names(app, group_id) == ["Ann"]


def test_the_tables_own_link_lets_another_phone_keep_it(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create()
    own = re.search(
        rf'href="(http://localhost/tables/{group_id}/join#[^"]+)"', phone.text(f"/tables/{group_id}")
    )
    assert own, "the keeping phone is shown the table's own link"
    key = own.group(1).split("#", 1)[1]
    second = app.test_client()
    join = second.get(f"/tables/{group_id}/join")
    assert join.status_code == 200 and key not in join.get_data(as_text=True)  # the key stays after "#"
    wrong = second.post(
        f"/tables/{group_id}/join", data={"csrf_token": csrf_token(join), "key": tampered(key, 2)}
    )
    assert wrong.status_code == 422 and "not this table's key" in error_text(wrong)
    assert second.get(f"/tables/{group_id}/start?variant=oh-hell").status_code == 403
    joined = second.post(f"/tables/{group_id}/join", data={"csrf_token": csrf_token(join), "key": key})
    assert joined.status_code == 302 and joined.headers["Location"] == f"/tables/{group_id}"
    assert "New player's name" in second.get(f"/tables/{group_id}").get_data(as_text=True)
    assert second.get(f"/tables/{group_id}/start?variant=oh-hell").status_code == 302


def test_a_table_needs_a_name(app: Flask, phone: TablePhone) -> None:
    page = phone.client.get("/tables/new")
    for name, reason in (("   ", "Give the table a name"), ("x" * 61, "at most 60 letters")):
        refused = phone.client.post("/tables/new", data={"csrf_token": csrf_token(page), "name": name})
        assert refused.status_code == 422 and reason in error_text(refused)
    assert count(app, GroupRecord) == 0


# --- the roster --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "Type the player's name"),
        ("   ", "Type the player's name"),
        ("A" * 31, "is too long: a name has at most 30 letters"),
        ("An\u200bn", "The name has a character that cannot be seen (U+200B)"),
        ("ann", "This table already has a player called Ann"),
        ("ＡＮＮ", "This table already has a player called Ann"),
    ],
)
def test_a_roster_name_that_is_empty_too_long_or_taken_is_refused_and_nothing_stored(
    app: Flask, phone: TablePhone, typed: str, reason: str
) -> None:
    group_id = phone.create()
    assert phone.add_player(group_id, "Ann").status_code == 302
    refused = phone.add_player(group_id, typed)
    assert refused.status_code == 422
    assert reason in error_text(refused)
    assert f'value="{typed.strip()[:30]}' in refused.get_data(as_text=True) or not typed.strip()
    assert roster_names(app, group_id) == ["Ann"]


def test_two_people_with_one_name_are_told_apart_by_the_names_the_table_gives_them(
    app: Flask, phone: TablePhone
) -> None:
    group_id = phone.create()
    for name in ("Ann B.", "Ann K.", "Bob"):
        assert phone.add_player(group_id, name).status_code == 302
    game_id = phone.start_game(group_id, "custom-oh-hell", ["ann k.", "Bob", "Ann B."], options=SHORT)
    sheet = phone.text(f"/games/{game_id}")
    assert "Ann K. · Bob · Ann B." in sheet  # the roster's spelling, each Ann her own player
    with app.app_context():
        seats = db.session.execute(
            select(SeatRecord.name, SeatRecord.player_id).where(SeatRecord.game_id == game_id)
        )
        by_name = dict(seats.all())
    ids = player_ids(phone.text(f"/tables/{group_id}"), group_id)
    assert by_name == {"Ann K.": ids["Ann K."], "Bob": ids["Bob"], "Ann B.": ids["Ann B."]}


def test_renaming_a_player_renames_them_in_every_game_at_once(
    app: Flask, phone: TablePhone, tmp_path: Path
) -> None:
    group_id = phone.create()
    first = phone.start_game(group_id, "custom-oh-hell", ANN_BOB_CY, options=SHORT)
    phone.play_exact(first, [((1, 1, 0), (1, 0, 1)), ((0, 2, 0), (0, 2, 0)), ((2, 0, 0), (2, 0, 0))])
    second = phone.start_game(group_id, "custom-oh-hell", ["Bob", "Ann", "Cy"], options=SHORT)
    on_its_own = phone.driver.start("custom-oh-hell", ANN_BOB_CY, options=SHORT)
    # Everything a worker keeps of the games is made now: replays, pages, the statistics' summaries.
    for url in (f"/games/{first}", f"/games/{second}", f"/api/v1/games/{first}", f"/tables/{group_id}/stats"):
        assert "Ann" in phone.text(url)
    versions = {game: phone.driver.version(game) for game in (first, second, on_its_own)}
    ann = player_ids(phone.text(f"/tables/{group_id}"), group_id)["Ann"]
    renamed = phone.rename(group_id, ann, "Annie")
    assert renamed.status_code == 302
    assert "Ann is now Annie, in 2 games." in phone.text(renamed.headers["Location"])
    for game in (first, second):
        assert phone.driver.version(game) == versions[game] + 1  # what was kept of the old version is unused
        sheet = phone.text(f"/games/{game}")
        title = re.search(r"<title>(.*?)</title>", sheet)
        lead = re.search(r'<p class="lead">(.*?)</p>', sheet)
        assert title and lead and "Annie" in title.group(1) and "Annie" in lead.group(1)
        assert not re.search(r"\bAnn\b", title.group(1) + lead.group(1))
        assert "Annie" in phone.client.get(f"/api/v1/games/{game}").get_json()["players"]
        assert "Annie" in phone.text(f"/games/{game}/export.json")
    assert "Annie" in phone.text(f"/games/{first}/export.csv")
    pdf = pdf_text(phone.client.get(f"/games/{first}/sheet.pdf").get_data(), tmp_path)
    assert "Annie, Bob, Cy" in pdf and "Annie 33" in pdf and "Ann," not in pdf
    stats = phone.text(f"/tables/{group_id}/stats")
    assert "Annie" in stats and not re.search(r"\bAnn\b", stats)
    assert phone.driver.version(on_its_own) == versions[on_its_own]
    assert "Ann ·" in phone.text(f"/games/{on_its_own}")  # a game on its own keeps its names
    with app.app_context():
        assert store.game_of(store.load_record(first)).table.players[0] == "Annie"


def test_a_rename_to_a_taken_or_empty_name_is_refused_and_changes_nothing(
    app: Flask, phone: TablePhone
) -> None:
    group_id = phone.create()
    game = phone.start_game(group_id, "custom-oh-hell", ANN_BOB_CY, options=SHORT)
    version = phone.driver.version(game)
    ids = player_ids(phone.text(f"/tables/{group_id}"), group_id)
    for typed, reason in (("bob", "already has a player called Bob"), (" ", "Type the player's name")):
        refused = phone.rename(group_id, ids["Ann"], typed)
        assert refused.status_code == 422 and reason in error_text(refused)
    assert roster_names(app, group_id) == ["Ann", "Bob", "Cy"]
    assert phone.driver.version(game) == version
    # The same name in other capitals is the same player: a rename to it is allowed.
    assert phone.rename(group_id, ids["Cy"], "CY").status_code == 302
    assert roster_names(app, group_id) == ["Ann", "Bob", "CY"]
    assert phone.client.get(f"/tables/{group_id}/players/999/name").status_code == 404


# --- games at a table -----------------------------------------------------------------------------


def test_names_typed_for_a_new_game_are_the_rosters_players_or_join_it(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create()
    phone.add_player(group_id, "Ann")
    form = phone.text(f"/games/new/custom-oh-hell?table={group_id}")
    assert f'<option value="{group_id}" selected>Thursday whist</option>' in form
    assert f'<datalist id="roster-{group_id}"><option value="Ann"></option></datalist>' in form
    game_id = phone.start_game(group_id, "custom-oh-hell", ["ANN", "Bob", "Cy"], options=SHORT)
    assert roster_names(app, group_id) == ["Ann", "Bob", "Cy"]
    with app.app_context():
        record = store.load_record(game_id)
        assert record.group_id == group_id
        assert store.game_of(record).table.players == ("Ann", "Bob", "Cy")


def test_a_refused_game_at_a_table_adds_nobody_to_the_roster(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create()
    refused = phone.post_new_game(group_id, "custom-oh-hell", ["Ann", "Bob", "bob"], options=SHORT)
    assert refused.status_code == 422 and "Two players are called bob" in error_text(refused)
    refused = phone.post_new_game(group_id, "custom-oh-hell", ["Ann"], options=SHORT)
    assert refused.status_code == 422 and "Custom Oh Hell is played by 2 to 8 players, not 1" in error_text(
        refused
    )
    assert roster_names(app, group_id) == [] and count(app, GameRecord) == 0


def test_only_a_phone_that_keeps_the_table_can_start_its_games(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create()
    other = TablePhone(Driver(app, app.test_client()))
    refused = other.post_new_game(group_id, "custom-oh-hell", ANN_BOB_CY, options=SHORT)
    assert refused.status_code == 422 and "This phone does not keep that table" in error_text(refused)
    assert count(app, GameRecord) == 0


def test_games_without_a_table_are_as_before(app: Flask, driver: Driver) -> None:
    game_id = driver.start("custom-oh-hell", ANN_BOB_CY, options=SHORT)
    with app.app_context():
        assert store.load_record(game_id).group_id is None
    sheet = driver.sheet(game_id)
    assert "Table" not in re.findall(r"<legend>([^<]+)</legend>", sheet)
    form = driver.client.get("/games/new/custom-oh-hell").get_data(as_text=True)
    assert 'id="table-choice"' not in form  # this phone keeps no table: nothing to choose


def test_same_players_and_seats_as_last_time(phone: TablePhone) -> None:
    group_id = phone.create()
    phone.start_game(group_id, "custom-oh-hell", ["Cy", "Ann", "Bob"], options=SHORT)
    start = phone.client.get(f"/tables/{group_id}/start?variant=custom-oh-hell&seats=last")
    assert start.status_code == 302
    form = phone.text(start.headers["Location"])
    values = [re.search(rf'id="players-{slot}"[^>]*value="([^"]*)"', form) for slot in range(3)]
    assert [found.group(1) if found else None for found in values] == ["Cy", "Ann", "Bob"]
    assert (
        re.search(r'id="option_deals"[^>]*>.*?<option selected value="3">', form, re.S)
        or 'value="3" selected' in form
    )
    fresh = phone.text(
        phone.client.get(f"/tables/{group_id}/start?variant=oh-hell&seats=new").headers["Location"]
    )
    assert 'id="players-0" name="players-0" value=""' in fresh


def test_play_again_seats_the_same_players_and_moves_the_deal_on(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create()
    game_id = phone.start_game(group_id, "custom-oh-hell", ANN_BOB_CY, first_dealer=2, options=SHORT)
    phone.play_exact(game_id, [((1, 1, 0), (1, 0, 1)), ((0, 2, 0), (0, 2, 0)), ((2, 0, 0), (2, 0, 0))])
    sheet = phone.text(f"/games/{game_id}")
    assert f'action="/tables/{group_id}/again/{game_id}" class="again-form"' in sheet
    assert "Play again, same players: Ann deals first" in sheet  # one tap: the finish screen starts it
    asked = phone.client.get(f"/tables/{group_id}/again/{game_id}")
    assert "Ann deals first" in asked.get_data(as_text=True)
    started = phone.client.post(f"/tables/{group_id}/again/{game_id}", data={"csrf_token": csrf_token(asked)})
    assert started.status_code == 302
    new_id = started_game_id(started)  # the new game opens on deal 1's screen
    with app.app_context():
        old, new = store.load_game(game_id)[1], store.load_game(new_id)[1]
        assert new.table.players == old.table.players and new.table.options == old.table.options
        assert new.table.first_dealer == 0  # Cy (seat 2) dealt first last time
        assert store.load_record(new_id).group_id == group_id
    assert phone.client.get(f"/tables/{group_id[::-1]}/again/{game_id}").status_code == 404
    follower = app.test_client()
    assert follower.get(f"/tables/{group_id}/again/{game_id}").status_code == 403


def test_the_finish_screen_shows_the_podium_bids_made_and_the_biggest_swing(phone: TablePhone) -> None:
    group_id = phone.create()
    game_id = phone.start_game(group_id, "custom-oh-hell", ANN_BOB_CY, options=SHORT)
    phone.play_exact(game_id, [((1, 1, 0), (1, 0, 1)), ((0, 2, 0), (0, 2, 0)), ((2, 0, 0), (2, 0, 0))])
    sheet = phone.text(f"/games/{game_id}")
    places = re.findall(
        r'<li class="place-(\d)"><span class="medal">\w+</span>\s*<span>(\w+)</span><strong>(\d+)', sheet
    )
    assert places == [("1", "Ann", "33"), ("2", "Bob", "22"), ("3", "Cy", "21")]
    assert "Ann: 3 of 3" in sheet and "Bob: 2 of 3" in sheet and "Cy: 2 of 3" in sheet
    # The most points in one deal: Bob's 12 in deal 2 and Ann's 12 in deal 3; the earlier counts.
    assert "Biggest swing: Bob +12 in deal 2" in sheet
    assert f'href="/games/{game_id}/sheet.pdf"' in sheet and f'href="/tables/{group_id}/stats"' in sheet
    assert 'class="chart"' in sheet and "Running totals after deal 3: Ann 33, Bob 22, Cy 21." in sheet


# --- limits ---------------------------------------------------------------------------------------


def test_starting_tables_adding_players_and_keys_tried_are_limited(app: Flask, phone: TablePhone) -> None:
    app.config.update(
        RATELIMIT_CREATE="2 per minute", RATELIMIT_WRITE="3 per minute", RATELIMIT_JOIN="2 per minute"
    )
    group_id = phone.create()
    phone.create("Friday whist")
    page = phone.client.get("/tables/new")
    refused = phone.client.post("/tables/new", data={"csrf_token": csrf_token(page), "name": "Saturday"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert count(app, GroupRecord) == 2
    assert [phone.add_player(group_id, name).status_code for name in ("Ann", "Bob", "Cy", "Dee")] == [
        302,
        302,
        302,
        429,
    ]
    assert roster_names(app, group_id) == ["Ann", "Bob", "Cy"]
    join = phone.client.get(f"/tables/{group_id}/join")
    tries = [
        phone.client.post(
            f"/tables/{group_id}/join", data={"csrf_token": csrf_token(join), "key": "x"}
        ).status_code
        for _ in range(3)
    ]
    assert tries == [422, 422, 429]


def test_a_phone_that_keeps_the_table_changes_its_games_without_a_hand_over(
    app: Flask, phone: TablePhone
) -> None:
    """The table's keep-right covers its games (issue 28): the second scorer, given the table, enters a
    deal of a game the first phone started; a phone that only follows still may not, and a game that is
    not the table's stays the first phone's alone."""
    group_id = phone.create()
    game_id = phone.start_game(group_id, "oh-hell", ["Ann", "Bob", "Cy"])
    alone = phone.driver.start("oh-hell", ["Ann", "Bob", "Cy"], first_dealer=0)  # not at the table
    page = phone.text(f"/tables/{group_id}")
    own = re.search(rf'href="http://localhost/tables/{group_id}/join#([^"]+)"', page)
    assert own
    second = app.test_client()
    join = second.get(f"/tables/{group_id}/join")
    key = own.group(1)
    joined = second.post(f"/tables/{group_id}/join", data={"csrf_token": csrf_token(join), "key": key})
    assert joined.status_code == 302

    deal = second.get(f"/games/{game_id}/deals/1")
    assert deal.status_code == 200 and "Save the bids" in deal.get_data(as_text=True)
    saved = second.post(
        f"/games/{game_id}/deals/1",
        data={"csrf_token": csrf_token(deal), "phase": "bids", "bid-1": "0", "bid-2": "0", "bid-0": "0"},
    )
    assert saved.status_code == 302, error_text(saved)
    assert phone.driver.stored(game_id) == [{"bids": [0, 0, 0]}]

    assert second.get(f"/games/{alone}/deals/1").status_code == 403
    follower = app.test_client()
    assert follower.get(f"/games/{game_id}/deals/1").status_code == 403

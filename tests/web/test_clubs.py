"""A club through its pages, as its organiser's phone goes: start it, give it a table and a drive the
phone keeps, see one person counted once on the ladder, merge two members, set seasons, read the
records (and the finish screen that announces one), and the refusals that store nothing."""

from __future__ import annotations

import html
import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.clubs.models import ClubRecord, ClubSeasonRecord, ClubTableRecord
from scorekeeper.extensions import db

from .conftest import Driver, app_in, csrf_token, error_text
from .drive_pages import Organiser, text_of
from .tables_driver import SHORT, TablePhone

CLUB_URL = re.compile(r"/clubs/([0-9a-f]{32})$")
# Three deals of two cards: every bid missed but Bob's (Ann 3, Bob 30, Cy 3) …
LOW = [([0, 0, 0], [1, 0, 1])] * 3
# … and every bid made (Ann 33, Bob 30, Cy 33): 33 beats the club's highest score of 30.
HIGH = [([1, 0, 1], [1, 0, 1])] * 3


class ClubPhone:
    """The organiser's phone: keeps tables, runs a drive, and keeps the club."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.client: FlaskClient = driver.client
        self.tables = TablePhone(driver)

    def create(self, name: str = "Thursday Whist Club") -> str:
        page = self.client.get("/clubs/new")
        answer = self.client.post("/clubs/new", data={"csrf_token": csrf_token(page), "name": name})
        assert answer.status_code == 302, error_text(answer)
        found = CLUB_URL.search(answer.headers["Location"])
        assert found, answer.headers["Location"]
        return found.group(1)

    def post(self, club_id: str, path: str, fields: dict[str, str], page: str = "") -> object:
        token = csrf_token(self.client.get(page or f"/clubs/{club_id}"))
        return self.client.post(f"/clubs/{club_id}{path}", data={"csrf_token": token, **fields})

    def game(self, group_id: str, deals: list[tuple[list[int], list[int]]], players: list[str]) -> str:
        game_id = self.tables.start_game(group_id, "custom-oh-hell", players, options=SHORT)
        self.tables.play_exact(game_id, deals)
        return game_id

    def table_with_games(
        self, name: str, players: list[str], games: list[list[tuple[list[int], list[int]]]]
    ) -> str:
        group_id = self.tables.create(name)
        for deals in games:
            self.game(group_id, deals, players)
        return group_id

    def text(self, url: str) -> str:
        page = self.client.get(url)
        assert page.status_code == 200, (url, page.status_code)
        return text_of(page)


def finished_drive(
    app: Flask, client: FlaskClient, names: list[str], tricks: tuple[int, int] = (8, 6)
) -> str:
    """A drive of eight, two hands, every hand entered and confirmed: finished."""
    organiser = Organiser(app, client)
    assert organiser.set_up(names, hands="2", interval_after="").status_code == 303
    for _hand in range(2):
        organiser.play_hand(app.test_client(), {1: tricks[0], 2: tricks[1]})
    return organiser.drive_id


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def member_ids(page: str, club_id: str) -> dict[str, int]:
    found = re.findall(rf'href="/clubs/{club_id}/members/(\d+)[^"]*">([^<]+)</a>', page)
    return {name: int(number) for number, name in found}


@pytest.fixture
def phone(driver: Driver) -> ClubPhone:
    return ClubPhone(driver)


DRIVE_NAMES = ["Ann", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def test_a_member_of_a_table_and_a_drive_counts_once_on_the_ladder(app: Flask, phone: ClubPhone) -> None:
    group_id = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [HIGH])
    drive_id = finished_drive(app, phone.client, DRIVE_NAMES)
    club_id = phone.create()
    assert phone.post(club_id, "/tables", {"table": group_id}).status_code == 302
    assert phone.post(club_id, "/drives", {"drive": drive_id}).status_code == 302
    club = phone.text(f"/clubs/{club_id}")
    assert "Thursday" in club and "Church hall" in club

    members = phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True)
    ids = member_ids(members, club_id)
    assert sorted(ids) == sorted({"Ann", "Bob", "Cy", *DRIVE_NAMES})  # Ann once
    listed = text_of_html(members)  # each with their figures over all time
    assert re.search(r"Ann rating [\d,]+, provisional · 1 game · 1 drive · last played \w", listed)
    assert re.search(r"Bob rating [\d,]+, provisional · 1 game · last played \w", listed)
    assert re.search(r"Dee rating [\d,]+, provisional · 1 drive · last played \w", listed)
    ladder = phone.text(f"/clubs/{club_id}/ladder?season=all")
    assert ladder.count("Ann") == 1
    assert "Ann provisional · 1 more game or drive" in ladder  # a game and a drive of the three
    assert "Bob provisional · 2 more games or drives" in ladder  # one game
    ann = phone.client.get(f"/clubs/{club_id}/members/{ids['Ann']}?season=all").get_data(as_text=True)
    assert '<svg viewBox="0 0 360 220" class="chart-svg" role="img"' in ann
    assert '<title id="rating-title">Rating</title>' in ann
    assert "Ann's rating after 2 games and drives" in text_of_html(ann)
    assert text_of_html(ann).count("Custom Oh Hell") >= 1 and "Whist drive" in ann
    drives_ladder = phone.text(f"/clubs/{club_id}/ladder?season=all&ladder=drive")
    assert "Bob" not in drives_ladder and "Ann" in drives_ladder


def text_of_html(page: str) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", page).split()))


def test_the_ladder_ranks_a_member_after_the_minimum_and_the_records_page(phone: ClubPhone) -> None:
    group_id = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [LOW, HIGH, HIGH, HIGH, HIGH])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    page = phone.client.get(f"/clubs/{club_id}/ladder?season=all&ladder=oh_hell").get_data(as_text=True)
    ranked = re.findall(
        r'<tr(?: class="first")?>\s*<td>(\d+)</td>\s*<th scope="row"><a [^>]*>(\w+)</a>', page
    )
    assert {name for _, name in ranked} == {"Ann", "Bob", "Cy"}
    assert "Not yet ranked" not in page
    records = phone.text(f"/clubs/{club_id}/records")
    assert "Highest Custom Oh Hell score 33" in records
    assert "Most games played 5 games" in records and "this season" not in records  # all time
    assert phone.client.get(f"/clubs/{club_id}/ladder?ladder=chess").status_code == 404
    assert phone.client.get(f"/clubs/{club_id}/ladder?season=999").status_code == 404


def test_a_game_that_beats_the_club_record_says_so_on_its_finish_screen(phone: ClubPhone) -> None:
    group_id = phone.tables.create("Thursday")
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    first = phone.game(group_id, LOW, ["Ann", "Bob", "Cy"])
    assert "New club record" not in phone.driver.sheet(first)  # the first game of its kind sets none
    second = phone.game(group_id, HIGH, ["Ann", "Bob", "Cy"])
    assert "New club record: highest Custom Oh Hell score (33)" in phone.driver.sheet(second)


def test_merging_two_members_from_the_member_page_keeps_both_games(phone: ClubPhone) -> None:
    one = phone.table_with_games("Thursday", ["Ann Baker", "Bob", "Cy"], [HIGH])
    two = phone.table_with_games("Friday", ["Ann B.", "Dee", "Eve"], [LOW])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": one})
    phone.post(club_id, "/tables", {"table": two})
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    keep, merged = ids["Ann Baker"], ids["Ann B."]
    page = f"/clubs/{club_id}/members/{keep}"
    refused = phone.post(club_id, f"/members/{keep}/merge", {"other": ""}, page=page)
    assert refused.status_code == 422  # type: ignore[attr-defined]
    answer = phone.post(club_id, f"/members/{keep}/merge", {"other": str(merged)}, page=page)
    assert answer.status_code == 302  # type: ignore[attr-defined]
    after = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    assert "Ann B." not in after and after["Ann Baker"] == keep
    text = phone.text(f"{page}?season=all")
    assert "Thursday" in text and "Friday" in text and "also Ann B." not in text
    assert phone.client.get(f"/clubs/{club_id}/members/{merged}").status_code == 404
    renamed = phone.post(club_id, f"/members/{keep}/name", {"name": "Annie Baker"}, page=page)
    assert renamed.status_code == 302  # type: ignore[attr-defined]
    assert "Annie Baker" in phone.text(f"/clubs/{club_id}/members")


def test_seasons_choose_the_ladder_and_a_refused_season_stores_nothing(app: Flask, phone: ClubPhone) -> None:
    group_id = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [HIGH])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    today = date.today()
    refused = phone.post(
        club_id,
        "/seasons",
        {"name": "Backwards", "starts_on": str(today), "ends_on": str(today - timedelta(days=9))},
    )
    assert refused.status_code == 422  # type: ignore[attr-defined]
    body = refused.get_data(as_text=True)  # type: ignore[attr-defined]
    assert 'value="Backwards"' in body and "last day comes before its first day" in error_text(refused)  # type: ignore[arg-type]
    assert count(app, ClubSeasonRecord) == 0
    past = {
        "name": "Last year",
        "starts_on": str(today - timedelta(days=400)),
        "ends_on": str(today - timedelta(days=300)),
    }
    assert phone.post(club_id, "/seasons", past).status_code == 302  # type: ignore[attr-defined]
    now = {
        "name": "This season",
        "starts_on": str(today - timedelta(days=10)),
        "ends_on": str(today + timedelta(days=10)),
    }
    assert phone.post(club_id, "/seasons", now).status_code == 302  # type: ignore[attr-defined]
    ladder = phone.text(f"/clubs/{club_id}/ladder")
    assert "Overall · This season" in ladder and "Ann" in ladder  # the season under way by default
    seasons = re.findall(
        rf"/clubs/{club_id}/seasons/(\d+)/results",
        phone.client.get(f"/clubs/{club_id}").get_data(as_text=True),
    )
    old = phone.text(f"/clubs/{club_id}/ladder?season={min(map(int, seasons))}")
    assert "No finished game or drive counts here yet." in old


def test_refusals_store_nothing_and_another_phone_only_reads(app: Flask, phone: ClubPhone) -> None:
    page = phone.client.get("/clubs/new")
    blank = phone.client.post("/clubs/new", data={"csrf_token": csrf_token(page), "name": "  "})
    assert blank.status_code == 422 and "Give the club a name" in error_text(blank)
    assert count(app, ClubRecord) == 0
    club_id = phone.create()
    wrong = phone.post(club_id, "/tables", {"table": "f" * 32})
    assert wrong.status_code == 422 and count(app, ClubTableRecord) == 0  # type: ignore[attr-defined]

    other = app.test_client()
    assert other.get(f"/clubs/{club_id}").status_code == 200
    token = csrf_token(other.get(f"/clubs/{club_id}/join"))
    assert other.post(f"/clubs/{club_id}/seasons", data={"csrf_token": token, "name": "X"}).status_code == 403
    assert other.post(f"/clubs/{club_id}/join", data={"csrf_token": token, "key": "nope"}).status_code == 422
    for missing in (
        "/clubs/" + "0" * 32,
        f"/clubs/{club_id}/members/999",
        f"/clubs/{club_id}/seasons/5/results",
        f"/clubs/{club_id}/drives/{'0' * 32}/results",
        f"/clubs/{club_id}/seasons/5/results.png",
    ):
        assert other.get(missing).status_code == 404, missing

    own = re.search(r"/join#([\w-]+)", phone.client.get(f"/clubs/{club_id}").get_data(as_text=True))
    assert own
    joined = other.post(f"/clubs/{club_id}/join", data={"csrf_token": token, "key": own.group(1)})
    assert joined.status_code == 302
    assert "Add the season" in other.get(f"/clubs/{club_id}").get_data(as_text=True)
    assert "Thursday Whist Club" in other.get("/").get_data(as_text=True)  # the home page lists it
    assert "Thursday Whist Club" in other.get("/games").get_data(as_text=True)


def test_starting_clubs_is_limited_as_starting_tables_is(tmp_path: Path) -> None:
    for limited in app_in(tmp_path, RATELIMIT_CREATE="2 per minute"):
        client = limited.test_client()
        token = csrf_token(client.get("/clubs/new"))
        answers = [
            client.post("/clubs/new", data={"csrf_token": token, "name": f"Club {number}"}).status_code
            for number in range(3)
        ]
        assert answers == [302, 302, 429]

"""What a club's organiser changes after the start, through its pages: the club's name; a table, a
drive or a season taken out (asked first, nothing played lost); and one name played somewhere
moved to another member or a new one. Another phone is refused; refusals store nothing."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from flask import Flask
from sqlalchemy import select

from scorekeeper.clubs.models import (
    ClubDriveRecord,
    ClubMemberRecord,
    ClubRecord,
    ClubSeasonRecord,
    ClubTableRecord,
)
from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord

from .conftest import Driver, csrf_token, error_text
from .drive_pages import text_of
from .test_clubs import DRIVE_NAMES, HIGH, LOW, ClubPhone, count, finished_drive, member_ids


def club_column(app: Flask, column: Any) -> Any:
    """What the one club stored holds in ``column``."""
    with app.app_context():
        return db.session.scalars(select(column)).one()


def club_name(app: Flask) -> str:
    name: str = club_column(app, ClubRecord.name)
    return name


def test_the_organiser_renames_the_club_and_a_refused_name_changes_nothing(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    club_id = phone.create("Thursday Whist Club")
    blank = phone.post(club_id, "/name", {"name": "   "})
    assert blank.status_code == 422  # type: ignore[attr-defined]
    assert "Give the club a name" in error_text(blank)  # type: ignore[arg-type]
    assert club_name(app) == "Thursday Whist Club"
    renamed = phone.post(club_id, "/name", {"name": "Thursday and Friday Whist Club"})
    assert renamed.status_code == 302  # type: ignore[attr-defined]
    assert "The club is called Thursday and Friday Whist Club now." in phone.text(f"/clubs/{club_id}")
    other = app.test_client()
    token = csrf_token(other.get(f"/clubs/{club_id}/join"))
    refused = other.post(f"/clubs/{club_id}/name", data={"csrf_token": token, "name": "Mine"})
    assert refused.status_code == 403 and club_name(app) == "Thursday and Friday Whist Club"


def club_zone(app: Flask) -> str | None:
    zone: str | None = club_column(app, ClubRecord.time_zone)
    return zone


def test_a_club_counts_in_the_zone_of_the_phone_that_started_it_and_the_organiser_changes_it(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    phone.client.set_cookie("tz", "America/New_York")  # as app.js keeps it
    club_id = phone.create("Thursday Whist Club")
    assert club_zone(app) == "America/New_York"
    assert "Time zone: United States (New York) Time" in phone.text(f"/clubs/{club_id}")
    unknown = phone.post(club_id, "/time-zone", {"time_zone": "Mars/Olympus_Mons"})
    assert unknown.status_code == 422  # type: ignore[attr-defined]
    assert "Choose a time zone from the list" in error_text(unknown)  # type: ignore[arg-type]
    assert club_zone(app) == "America/New_York"
    moved = phone.post(club_id, "/time-zone", {"time_zone": "Europe/London"})
    assert moved.status_code == 302  # type: ignore[attr-defined]
    page = phone.text(f"/clubs/{club_id}")
    assert "The club's time zone is now United Kingdom Time." in page
    assert club_zone(app) == "Europe/London"
    other = app.test_client()
    token = csrf_token(other.get(f"/clubs/{club_id}/join"))
    refused = other.post(f"/clubs/{club_id}/time-zone", data={"csrf_token": token, "time_zone": "UTC"})
    assert refused.status_code == 403 and club_zone(app) == "Europe/London"
    assert "Time zone: United Kingdom Time" in text_of(other.get(f"/clubs/{club_id}"))  # read by all


def test_a_table_taken_out_of_the_club_keeps_its_games_after_asking_first(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    group_id = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [HIGH])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    club = phone.client.get(f"/clubs/{club_id}").get_data(as_text=True)
    asking = f"/clubs/{club_id}/tables/remove?table={group_id}"
    assert asking in club.replace("&amp;", "&")
    page = phone.text(asking)
    assert "Take Thursday out of the club?" in page and "Nothing played is lost" in page

    other = app.test_client()
    assert other.get(asking).status_code == 403
    token = csrf_token(other.get(f"/clubs/{club_id}/join"))
    assert (
        other.post(
            f"/clubs/{club_id}/tables/remove", data={"csrf_token": token, "table": group_id}
        ).status_code
        == 403
    )
    assert phone.client.get(f"/clubs/{club_id}/tables/remove?table={'f' * 32}").status_code == 404
    wrong = phone.post(club_id, "/tables/remove", {"table": "f" * 32}, page=asking)
    assert wrong.status_code == 422  # type: ignore[attr-defined]
    assert "That table is not the club's" in error_text(wrong)  # type: ignore[arg-type]
    assert count(app, ClubTableRecord) == 1

    answer = phone.post(club_id, "/tables/remove", {"table": group_id}, page=asking)
    assert answer.status_code == 302  # type: ignore[attr-defined]
    assert count(app, ClubTableRecord) == 0 and count(app, GameRecord) == 1
    after = phone.text(f"/clubs/{club_id}")
    assert "Thursday is no longer the club's: its games are kept at the table." in after
    assert "No table yet." in after
    assert "No finished game or drive counts here yet." in phone.text(f"/clubs/{club_id}/ladder?season=all")
    members = phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True)
    assert {"Ann", "Bob", "Cy"} <= set(member_ids(members, club_id))  # the members stay
    assert "Thursday" in phone.text(f"/tables/{group_id}")  # the table itself is untouched


def test_a_drive_and_a_season_taken_out_of_the_club(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    drive_id = finished_drive(app, phone.client, DRIVE_NAMES)
    club_id = phone.create()
    phone.post(club_id, "/drives", {"drive": drive_id})
    today = date.today()
    season = {"name": "Autumn", "starts_on": str(today - timedelta(days=9)), "ends_on": str(today)}
    phone.post(club_id, "/seasons", season)
    with app.app_context():
        season_id = db.session.scalars(select(ClubSeasonRecord.id)).one()
    assert phone.client.get(f"/clubs/{club_id}/seasons/{season_id}/results").status_code == 200

    asking = f"/clubs/{club_id}/drives/remove?drive={drive_id}"
    assert "Take Church hall out of the club?" in phone.text(asking)
    answer = phone.post(club_id, "/drives/remove", {"drive": drive_id}, page=asking)
    assert answer.status_code == 302 and count(app, ClubDriveRecord) == 0  # type: ignore[attr-defined]
    assert "Church hall is no longer the club's" in phone.text(f"/clubs/{club_id}")
    assert phone.client.get(f"/drives/{drive_id}/caller").status_code == 200  # the drive is untouched

    asking = f"/clubs/{club_id}/seasons/remove?season={season_id}"
    assert "Remove the season Autumn?" in phone.text(asking)
    assert phone.client.get(f"/clubs/{club_id}/seasons/remove?season=999").status_code == 404
    wrong = phone.post(club_id, "/seasons/remove", {"season": "999"}, page=asking)
    assert wrong.status_code == 422 and count(app, ClubSeasonRecord) == 1  # type: ignore[attr-defined]
    answer = phone.post(club_id, "/seasons/remove", {"season": str(season_id)}, page=asking)
    assert answer.status_code == 302 and count(app, ClubSeasonRecord) == 0  # type: ignore[attr-defined]
    assert "The season Autumn is removed" in phone.text(f"/clubs/{club_id}")
    assert phone.client.get(f"/clubs/{club_id}/seasons/{season_id}/results").status_code == 404


def names_played(page: str) -> list[str]:
    found = re.findall(
        r'<li><span class="played-name">([^<]+)</span>\s*<span class="hint">([^<]+)</span>', page
    )
    return [f"{name} ({where})" for name, where in found]


def test_a_members_names_show_where_they_were_played_and_one_moves_to_another_member(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    one = phone.table_with_games("Thursday", ["Ann Baker", "Bob", "Cy"], [HIGH])
    two = phone.table_with_games("Friday", ["Ann B.", "Dee", "Eve"], [LOW])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": one})
    phone.post(club_id, "/tables", {"table": two})
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    page = f"/clubs/{club_id}/members/{ids['Ann Baker']}"
    phone.post(club_id, f"/members/{ids['Ann Baker']}/merge", {"other": str(ids["Ann B."])}, page=page)
    shown = phone.client.get(page).get_data(as_text=True)
    assert names_played(shown) == ["Ann B. (table Friday)", "Ann Baker (table Thursday)"]  # tables by name
    friday = re.search(r'<option value="(table:\d+)">Ann B\., table Friday</option>', shown)
    assert friday

    members_before = count(app, ClubMemberRecord)
    for fields, reason in (
        ({"played": "table:999999", "other": "new", "name": "Ann Bell"}, "Choose the name played"),
        ({"played": friday.group(1), "other": "new", "name": " "}, "Type the member's name"),
        ({"played": friday.group(1), "other": "new", "name": "Bob"}, "Another member is called Bob"),
        ({"played": friday.group(1), "other": str(ids["Ann Baker"])}, "Choose the other member"),
    ):
        refused = phone.post(club_id, f"/members/{ids['Ann Baker']}/names", fields, page=page)
        assert refused.status_code == 422, fields  # type: ignore[attr-defined]
        assert reason in error_text(refused), fields  # type: ignore[arg-type]
    assert count(app, ClubMemberRecord) == members_before
    unseen = {"played": friday.group(1), "other": "new", "name": "\x07"}
    kept = phone.post(club_id, f"/members/{ids['Ann Baker']}/names", unseen, page=page)
    body = kept.get_data(as_text=True)  # type: ignore[attr-defined]
    assert (
        f'<option value="{friday.group(1)}" selected>' in body
        and '<details class="share move-name" open>' in body
    )

    fields = {"played": friday.group(1), "other": "new", "name": "Ann Bell"}
    moved = phone.post(club_id, f"/members/{ids['Ann Baker']}/names", fields, page=page)
    assert moved.status_code == 302  # type: ignore[attr-defined]
    assert "Ann B. of Friday is Ann Bell now." in phone.text(page)
    after = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    bell = phone.client.get(f"/clubs/{club_id}/members/{after['Ann Bell']}?season=all").get_data(as_text=True)
    assert names_played(bell) == ["Ann B. (table Friday)"] and "Friday" in bell
    baker = phone.text(f"{page}?season=all")
    assert "Friday" not in baker and "Thursday" in baker

    # Ann Bell's only name goes back to Ann Baker: Ann Bell, left with no name played, is merged.
    bell_page = f"/clubs/{club_id}/members/{after['Ann Bell']}"
    back = phone.post(
        club_id,
        f"/members/{after['Ann Bell']}/names",
        {"played": friday.group(1), "other": str(ids["Ann Baker"])},
        page=bell_page,
    )
    assert back.status_code == 302  # type: ignore[attr-defined]
    assert back.headers["Location"].endswith(page)  # type: ignore[attr-defined]
    assert phone.client.get(bell_page).status_code == 404


def test_a_drive_players_name_moves_to_another_member(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    group_id = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [HIGH])
    drive_id = finished_drive(app, phone.client, DRIVE_NAMES)
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    phone.post(club_id, "/drives", {"drive": drive_id})
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    page = f"/clubs/{club_id}/members/{ids['Ann']}"
    shown = phone.client.get(page).get_data(as_text=True)
    assert names_played(shown) == ["Ann (table Thursday)", "Ann (drive Church hall)"]  # one Ann, by name
    drive = re.search(r'<option value="(drive:[0-9a-f]{32}:\d+)">Ann, drive Church hall</option>', shown)
    assert drive
    # The drive's Ann is another Ann: a member of her own.
    fields = {"played": drive.group(1), "other": "new", "name": "Ann Lee"}
    moved = phone.post(club_id, f"/members/{ids['Ann']}/names", fields, page=page)
    assert moved.status_code == 302  # type: ignore[attr-defined]
    after = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    lee = phone.text(f"/clubs/{club_id}/members/{after['Ann Lee']}?season=all")
    assert "Whist drive" in lee and "Custom Oh Hell" not in lee
    ann = phone.text(f"/clubs/{club_id}/members/{after['Ann']}?season=all")
    assert "Whist drive" not in ann and "Custom Oh Hell" in ann

"""The club where people are: a club table's page, a game under way ("Carry on" on the home page), a
finished club game and its live view name the club and lead to its ladder in one tap; a record is
announced where it was set; the members list suggests names that may be one person."""

from __future__ import annotations

import re

from flask import Flask

from .conftest import Driver
from .tables_driver import SHORT
from .test_clubs import HIGH, LOW, ClubPhone, finished_drive, member_ids, text_of_html

CLUB_LINE = re.compile(
    r'<nav class="club-here" aria-label="The club">\s*'
    r'<a class="club-here-name" href="(/clubs/\w+)">([^<]+)</a> ·\s*'
    r'<a href="(/clubs/\w+/ladder)">Ladder</a>'
)


def club_line(page: str) -> tuple[str, str, str] | None:
    found = CLUB_LINE.search(page)
    return None if found is None else (found.group(1), found.group(2), found.group(3))


def test_the_table_a_game_under_way_and_a_finished_game_name_the_club(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    group_id = phone.tables.create("Thursday")
    elsewhere = phone.tables.create("Kitchen")
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    expected = (f"/clubs/{club_id}", "Thursday Whist Club", f"/clubs/{club_id}/ladder")

    assert club_line(phone.client.get(f"/tables/{group_id}").get_data(as_text=True)) == expected
    assert club_line(phone.client.get(f"/tables/{elsewhere}").get_data(as_text=True)) is None

    under_way = phone.tables.start_game(group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options=SHORT)
    phone.tables.play_exact(under_way, [((0, 0, 0), (2, 0, 0))])
    home = phone.client.get("/").get_data(as_text=True)
    assert "Carry on" in home and club_line(home) == expected

    phone.game(group_id, LOW, ["Ann", "Bob", "Cy"])
    record = phone.game(group_id, HIGH, ["Ann", "Bob", "Cy"])  # the club's highest score
    finish = phone.driver.sheet(record)
    assert club_line(finish) == expected
    live = app.test_client().get(f"/games/{record}/live").get_data(as_text=True)  # a follower's phone
    assert club_line(live) == expected
    assert "New club record: highest Custom Oh Hell score (33)" in text_of_html(live)


def test_the_members_list_suggests_names_that_may_be_one_person(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    thursday = phone.table_with_games("Thursday", ["Cristian", "Bob", "Cy"], [HIGH])
    friday = phone.table_with_games("Friday", ["Cristi", "Bob B.", "Dee"], [LOW])
    drive_id = finished_drive(app, phone.client, ["Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"])
    club_id = phone.create()
    for path, field, value in (
        ("/tables", "table", thursday),
        ("/tables", "table", friday),
        ("/drives", "drive", drive_id),
    ):
        phone.post(club_id, path, {field: value})
    members_page = phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True)
    listed = text_of_html(members_page)
    assert "One person under two names?" in listed
    assert "Cristian and Cristi Merge into Cristian" in listed
    assert "Bob B. and Bob Merge into Bob B." in listed  # the longer name is the one kept
    assert "Cy and" not in listed  # Cy played twice, under one name
    assert "One person under two names?" not in app.test_client().get(f"/clubs/{club_id}/members").get_data(
        as_text=True
    )  # only the phones that keep the club are asked
    ids = member_ids(members_page, club_id)
    answer = phone.post(club_id, f"/members/{ids['Cristian']}/merge", {"other": str(ids["Cristi"])})
    assert answer.status_code == 302  # type: ignore[attr-defined]
    after = text_of_html(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True))
    assert "Cristian and Cristi" not in after and "Cristian also Cristi" in after

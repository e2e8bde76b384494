"""A club's edges through its pages: its evenings dated on the club's calendar whoever reads them, a
merge of two members who sat together refused naming the games (nothing stored), and a merge made by
mistake undone by moving the name back to its old name."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from flask import Flask
from sqlalchemy import update

from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord
from scorekeeper.groups.models import GameSummaryRecord

from .conftest import Driver, error_text
from .test_clubs import HIGH, LOW, ClubPhone, member_ids, text_of_html

# Half past nine on the last evening of November in New York: already December 1st in London.
LATE_IN_NEW_YORK = datetime(2025, 12, 1, 2, 30, tzinfo=UTC)


def test_a_club_s_pages_date_its_evenings_on_its_own_calendar_wherever_the_reader_is(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    phone.client.set_cookie("tz", "America/New_York")  # the secretary's phone starts the club
    group_id = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [HIGH])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    with app.app_context():
        db.session.execute(
            update(GameRecord).values(created_at=LATE_IN_NEW_YORK, version=GameRecord.version + 1)
        )
        db.session.execute(update(GameSummaryRecord).values(version=0))
        db.session.commit()
    phone.post(club_id, "/seasons", {"name": "November", "starts_on": "2025-11-01", "ends_on": "2025-11-30"})
    for reader in ("Europe/London", "Asia/Tokyo", ""):  # from London, Tokyo, a phone that has not said
        phone.client.set_cookie("tz", reader)
        ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
        member = phone.text(f"/clubs/{club_id}/members/{ids['Ann']}?season=all")
        assert "Nov 30, 2025" in member and "Dec 1, 2025" not in member, reader
        records = phone.text(f"/clubs/{club_id}/records")
        assert "Nov 30, 2025" in records, reader
        members = phone.text(f"/clubs/{club_id}/members")
        assert "last played Nov 30, 2025" in members, reader
        season = re.search(
            rf"/clubs/{club_id}/seasons/(\d+)/results",
            phone.client.get(f"/clubs/{club_id}").get_data(as_text=True),
        )
        assert season
        results = phone.text(season.group(0))
        assert "Nov 1, 2025 to Nov 30, 2025" in results and "Nov 30, 2025" in results.split("Records")[1]


def test_merging_two_members_who_sat_together_is_refused_naming_the_games(driver: Driver) -> None:
    phone = ClubPhone(driver)
    group_id = phone.table_with_games("Thursday", ["Ben", "Dan", "Cy"], [HIGH, LOW])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    page = f"/clubs/{club_id}/members/{ids['Ben']}"
    refused = phone.post(club_id, f"/members/{ids['Ben']}/merge", {"other": str(ids["Dan"])}, page=page)
    assert refused.status_code == 422  # type: ignore[attr-defined]
    said = error_text(refused)  # type: ignore[arg-type]
    assert said.startswith("Ben and Dan sat at the same 2 games, among them Custom Oh Hell at Thursday on ")
    assert said.endswith(": one person cannot sit twice, so they are two people")
    after = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    assert after == ids  # nothing merged


def test_a_merge_made_by_mistake_is_undone_by_moving_the_name_back_under_its_old_name(driver: Driver) -> None:
    phone = ClubPhone(driver)
    thursday = phone.table_with_games("Thursday", ["Ben", "Ann", "Cy"], [HIGH])
    friday = phone.table_with_games("Friday", ["Dan", "Eve", "Fay"], [LOW])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": thursday})
    phone.post(club_id, "/tables", {"table": friday})
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    ben = f"/clubs/{club_id}/members/{ids['Ben']}"
    assert (
        phone.post(club_id, f"/members/{ids['Ben']}/merge", {"other": str(ids["Dan"])}, page=ben).status_code
        == 302
    )  # type: ignore[attr-defined]
    page = phone.client.get(ben).get_data(as_text=True)
    played = re.search(r'<option value="(table:\d+)"[^>]*>Dan, table Friday</option>', page)
    assert played, page
    moved = phone.post(
        club_id,
        f"/members/{ids['Ben']}/names",
        {"played": played.group(1), "other": "new", "name": "Dan"},
        page=ben,
    )
    assert moved.status_code == 302, error_text(moved)  # type: ignore[attr-defined, arg-type]
    assert "Dan of Friday is Dan now." in text_of_html(phone.client.get(ben).get_data(as_text=True))
    after = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    assert sorted(after) == ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay"]
    assert "also" not in phone.text(f"/clubs/{club_id}/members")  # no stray name left on anyone

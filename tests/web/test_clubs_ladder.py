"""A ladder from the first evening: after Thursday's three games and Friday's one, everyone who played
is on the ladder, the season's public results page and its share text, provisional ratings marked
until the club's minimum (set on its page); the number shown starts at 1,000 and is never negative;
a member's page counts what it lists."""

from __future__ import annotations

import re
from datetime import date, timedelta

from flask import Flask

from scorekeeper.clubs.models import ClubRecord
from scorekeeper.extensions import db

from .conftest import Driver, error_text
from .test_clubs import HIGH, LOW, ClubPhone, member_ids, text_of_html
from .test_clubs_results import og_tags, png_of

ROW = re.compile(
    r'<tr(?: class="first")?( data-provisional)?>\s*<td>(\d+)</td>\s*<th scope="row"><a [^>]*>([^<]+)</a>'
    r'(?:<span class="of provisional">([^<]*)</span>)?</th>\s*<td class="num">([^<]+)</td>\s*'
    r'<td class="num">(\d+)</td>\s*<td class="num">(\d+)</td>'
)


def first_evenings(phone: ClubPhone) -> tuple[str, int]:
    """Thursday: Ann, Bob and Cy play three games; Friday: Ann, Dee and Eve one. A season under way."""
    thursday = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [HIGH, LOW, HIGH])
    friday = phone.table_with_games("Friday", ["Ann", "Dee", "Eve"], [LOW])
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": thursday})
    phone.post(club_id, "/tables", {"table": friday})
    today = date.today()
    season = {
        "name": "Spring",
        "starts_on": str(today - timedelta(days=9)),
        "ends_on": str(today + timedelta(days=9)),
    }
    phone.post(club_id, "/seasons", season)
    found = re.search(
        rf"/clubs/{club_id}/seasons/(\d+)/results",
        phone.client.get(f"/clubs/{club_id}").get_data(as_text=True),
    )
    assert found
    return club_id, int(found.group(1))


def rows_of(page: str) -> list[tuple[bool, int, str, str, str, int, int]]:
    return [
        (bool(provisional), int(place), name, note, points, int(played), int(won))
        for provisional, place, name, note, points, played, won in ROW.findall(page)
    ]


def test_after_the_first_evenings_everyone_who_played_is_on_the_ladder_and_the_results(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    club_id, season_id = first_evenings(phone)
    page = phone.client.get(f"/clubs/{club_id}/ladder").get_data(as_text=True)
    rows = rows_of(page)
    assert sorted(row[2] for row in rows) == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    assert [row[1] for row in rows] == sorted(row[1] for row in rows) and rows[0][1] == 1
    by_name = {row[2]: row for row in rows}
    assert by_name["Ann"][0] is False and by_name["Ann"][5] == 4  # 4 games: past the minimum of 3
    assert by_name["Cy"][0] is False and by_name["Cy"][5] == 3
    assert by_name["Dee"][:1] == (True,) and by_name["Dee"][3] == "provisional · 2 more games or drives"
    for row in rows:  # points a member understands: whole, grouped, never negative
        assert re.fullmatch(r"\d{1,3}(,\d{3})?", row[4]), row
    assert "−" not in page and not re.search(r">\s*-\d", page)
    assert "Everyone starts at 1,000 points." in text_of_html(page)
    assert "No member is ranked yet" not in page

    reader = app.test_client()  # the public results page, its share text and its picture
    results = reader.get(f"/clubs/{club_id}/seasons/{season_id}/results").get_data(as_text=True)
    podium = re.findall(r'<li class="place-(\d)">', results)
    assert podium == ["1", "2", "3"]
    description = og_tags(results)["description"]
    assert description.startswith("1. ") and " · 2. " in description and " · 3. " in description
    assert len(rows_of(results)) == 5
    picture = png_of(app, og_tags(results)["image"].split("localhost", 1)[1])
    assert picture.text["Description"].splitlines()[2].startswith("1. ")


def test_the_club_chooses_its_minimum_and_a_refused_one_changes_nothing(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, _season = first_evenings(phone)
    for typed in ("0", "abc", "51", ""):
        refused = phone.post(club_id, "/minimum", {"minimum": typed})
        assert refused.status_code == 422, typed  # type: ignore[attr-defined]
        assert error_text(refused) == "Give a whole number of games from 1 to 50"  # type: ignore[arg-type]
    with app.app_context():
        assert db.session.scalar(db.select(ClubRecord.minimum_games)) == 3
    answer = phone.post(club_id, "/minimum", {"minimum": "1"})
    assert answer.status_code == 302  # type: ignore[attr-defined]
    club = phone.text(f"/clubs/{club_id}")
    assert "A rating is provisional for a member's first 1 game or drive." in club
    assert "Ratings are provisional for 1 game or drive" in club
    assert not any(
        row[0] for row in rows_of(phone.client.get(f"/clubs/{club_id}/ladder").get_data(as_text=True))
    )
    phone.post(club_id, "/minimum", {"minimum": "5"})
    rows = rows_of(phone.client.get(f"/clubs/{club_id}/ladder").get_data(as_text=True))
    assert all(row[0] for row in rows)  # nobody has five yet
    assert {row[2]: row[3] for row in rows}["Ann"] == "provisional · 1 more game or drive"


def test_a_member_s_page_counts_what_it_lists_and_names_the_span_its_chart_covers(driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, _season = first_evenings(phone)
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    for query, heading in (("", "Rating over Spring"), ("?season=all", "Rating over all time")):
        page = phone.client.get(f"/clubs/{club_id}/members/{ids['Ann']}{query}").get_data(as_text=True)
        text = text_of_html(page)
        listed = len(re.findall(r'<li><a class="game-link', page))
        assert listed == 4
        assert f"Played {listed}" in text and heading in text
        assert re.search(r"Rating 1,\d{3}", text) and "provisional" not in text.split("Played")[0]
    drives_only = phone.text(f"/clubs/{club_id}/members/{ids['Ann']}?season=all&ladder=drive")
    assert "No finished game or drive counts here yet." in drives_only
    assert "No finished game or drive yet." in drives_only  # nothing listed either
    dee = phone.text(f"/clubs/{club_id}/members/{ids['Dee']}")
    assert re.search(r"Rating \d,?\d{3} provisional Played 1 Won 1", dee)  # she won her one game

"""A club's numbers out and its members' privacy in: the ladder, a league and a season as CSV; the club
read-only in the JSON API (and its OpenAPI document); ratings with full precision in its file; a
member shown by initials to everyone who does not keep the club."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

from flask import Flask

from scorekeeper.rules.club import rating_points

from .conftest import Driver
from .test_clubs import ClubPhone, member_ids, text_of_html
from .test_clubs_ladder import first_evenings
from .test_clubs_results import png_of


def csv_rows(app: Flask, url: str, client: object | None = None) -> list[dict[str, str]]:
    answer = (client or app.test_client()).get(url)  # type: ignore[attr-defined]
    assert answer.status_code == 200 and answer.mimetype == "text/csv", url
    assert answer.headers["Content-Disposition"].startswith('attachment; filename="thursday-whist-club-')
    return list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))


def test_the_ladder_a_league_and_a_season_as_csv_and_through_the_api(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, season_id = first_evenings(phone)
    league = {"league": "placings", "points": "3, 2, 1", "best": "", "qualify": ""}
    phone.post(club_id, f"/seasons/{season_id}/league", league, page=f"/clubs/{club_id}/league")

    ladder = csv_rows(app, f"/clubs/{club_id}/ladder.csv")
    assert list(ladder[0]) == [
        "place", "member", "rating", "provisional", "played", "games", "drives", "wins",
        "ordinal", "mu", "sigma",
    ]  # fmt: skip
    assert {row["member"] for row in ladder} == {"Ann", "Bob", "Cy", "Dee", "Eve"}
    for row in ladder:  # the full precision behind the points shown
        assert rating_points(float(row["ordinal"])) == int(row["rating"])
        assert float(row["ordinal"]) == float(row["mu"]) - 3 * float(row["sigma"])
    api = app.test_client().get(f"/api/v1/clubs/{club_id}/standings").get_json()
    assert api["season"] == season_id and api["ladder"] == "overall"
    assert [(row["name"], repr(row["ordinal"])) for row in api["rows"]] == [
        (row["member"], row["ordinal"]) for row in ladder
    ]
    assert [row["name"] for row in api["league"]] == [row["member"] for row in csv_rows(
        app, f"/clubs/{club_id}/seasons/{season_id}/league.csv"
    )]  # fmt: skip
    assert {record["kind"] for record in api["records"]} >= {"highest_score", "most_games_season"}
    season = csv_rows(app, f"/clubs/{club_id}/seasons/{season_id}/results.csv")
    assert len(season) == 4 * 3  # four games of three
    assert {row["member"] for row in season if row["won"] == "True"} >= {"Ann", "Bob", "Dee"}
    drives_only = app.test_client().get(f"/api/v1/clubs/{club_id}/standings?season=all&ladder=drive")
    assert drives_only.get_json()["rows"] == [] and drives_only.get_json()["league"] is None

    club = app.test_client().get(f"/api/v1/clubs/{club_id}").get_json()
    assert club["name"] == "Thursday Whist Club" and club["minimum_games"] == 3
    assert [table["name"] for table in club["tables"]] == ["Friday", "Thursday"]
    assert club["seasons"][0]["league"] == {
        "kind": "placings",
        "points": [3, 2, 1],
        "best": None,
        "qualify": 0,
    }
    assert club["nights"] == [{"day": date.today().isoformat(), "games": 4, "drives": 0}]
    night = app.test_client().get(f"/api/v1/clubs/{club_id}/nights/{date.today().isoformat()}").get_json()
    assert len(night["games"]) == 4 and night["games"][0]["players"][0]["place"] == 1

    for url, status in (
        (f"/api/v1/clubs/{'0' * 32}", 404),
        (f"/api/v1/clubs/{club_id}/standings?season=999", 404),
        (f"/api/v1/clubs/{club_id}/standings?ladder=chess", 422),
        (f"/api/v1/clubs/{club_id}/nights/2020-01-01", 404),
        (f"/api/v1/clubs/{club_id}/nights/not-a-day", 404),
    ):
        answer = app.test_client().get(url)
        assert answer.status_code == status and answer.get_json()["error"], url
    assert app.test_client().get(f"/clubs/{club_id}/seasons/999/league.csv").status_code == 404
    document = app.test_client().get("/api/v1/openapi.json").get_json()
    assert {"/clubs/{club_id}", "/clubs/{club_id}/standings", "/clubs/{club_id}/nights/{day}"} <= set(
        document["paths"]
    )


def test_a_member_shown_by_initials_is_so_to_everyone_who_does_not_keep_the_club(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    club_id, season_id = first_evenings(phone)
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    ann = f"/clubs/{club_id}/members/{ids['Ann']}"
    assert (
        phone.post(club_id, f"/members/{ids['Ann']}/initials", {"initials": "1"}, page=ann).status_code == 302
    )  # type: ignore[attr-defined]
    assert "Ann is shown as A. to everyone who does not keep the club." in phone.text(ann)
    assert "Ann" in phone.text(f"/clubs/{club_id}/ladder")  # the keeper's phone sees every name

    reader = app.test_client()
    today = date.today().isoformat()
    for url in (
        f"/clubs/{club_id}/ladder",
        f"/clubs/{club_id}/members",
        ann,
        f"/clubs/{club_id}/records",
        f"/clubs/{club_id}/seasons/{season_id}/results",
        f"/clubs/{club_id}/nights/{today}",
        f"/clubs/{club_id}/ladder.csv",
        f"/api/v1/clubs/{club_id}",
        f"/api/v1/clubs/{club_id}/standings",
        f"/api/v1/clubs/{club_id}/nights/{today}",
    ):
        answer = reader.get(url)
        assert answer.status_code == 200, url
        assert "Ann" not in answer.get_data(as_text=True), url
    assert "A." in text_of_html(reader.get(f"/clubs/{club_id}/ladder").get_data(as_text=True))
    picture = png_of(app, f"/clubs/{club_id}/nights/{today}.png")
    assert "Ann" not in picture.text["Description"] and "A. (33)" in picture.text["Description"]

    exported = json.loads(phone.client.get(f"/clubs/{club_id}/export.json").get_data(as_text=True))
    assert exported["marks"] == {"initials": [0]}
    assert exported["members"][0]["name"] == "Ann"  # the file is the club's own
    ratings = {line["member"]: line for line in exported["ratings"]}
    assert isinstance(ratings[0]["mu"], float) and ratings[0]["rating"] == rating_points(
        ratings[0]["ordinal"]
    )
    assert (
        phone.post(club_id, f"/members/{ids['Ann']}/initials", {"initials": "0"}, page=ann).status_code == 302
    )  # type: ignore[attr-defined]
    assert "Ann" in reader.get(f"/clubs/{club_id}/ladder").get_data(as_text=True)

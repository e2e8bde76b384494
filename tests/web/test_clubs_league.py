"""A season's league through the pages: set by a keeper beside the rating (refusals store nothing),
its table with those still to qualify, its records, a member's scores in it, the season's results
page, and the club's file that carries it."""

from __future__ import annotations

import json
import re

from flask import Flask

from .conftest import Driver, csrf_token, error_text
from .test_clubs import ClubPhone, member_ids, text_of_html
from .test_clubs_ladder import first_evenings

LEAGUE_ROW = re.compile(
    r'<tr(?: class="first")?>\s*<td>([\d–]+)</td>\s*<th scope="row"><a [^>]*>([^<]+)</a>'
    r'(?:<span class="of provisional">([^<]*)</span>)?</th>\s*<td class="num">([^<]+)</td>'
)


def league_rows(page: str) -> list[tuple[str, str, str, str]]:
    return LEAGUE_ROW.findall(page)


def test_a_keeper_sets_a_league_beside_the_rating_and_everyone_reads_it(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, season_id = first_evenings(phone)  # Thursday: HIGH, LOW, HIGH; Friday: LOW
    league = f"/clubs/{club_id}/league"
    assert "This season has no league: its ladder is its rating." in phone.text(league)
    page = f"{league}?season={season_id}"
    path = f"/seasons/{season_id}/league"

    refused = phone.post(club_id, path, {"league": "placings", "points": "3, x"}, page=page)
    assert refused.status_code == 422  # type: ignore[attr-defined]
    assert error_text(refused).startswith("Give the points for each place as whole numbers")  # type: ignore[arg-type]
    assert 'value="3, x"' in refused.get_data(as_text=True)  # type: ignore[attr-defined]
    assert "This season has no league" in text_of_html(refused.get_data(as_text=True))  # type: ignore[attr-defined]

    fields = {"league": "placings", "points": "5, 3, 1", "best": "", "qualify": ""}
    assert phone.post(club_id, path, fields, page=page).status_code == 302  # type: ignore[attr-defined]
    reader = app.test_client()  # anyone with the read link
    body = reader.get(league).get_data(as_text=True)
    assert "Points for each place at every game and drive, from first: 5, 3, 1." in text_of_html(body)
    # Ann: 1st (tied with Cy, 33), 2nd (tied with Cy, behind Bob), 1st (tied), then 2nd on Friday
    # (tied with Eve, behind Dee): 5 + 3 + 5 + 3. Cy: 5 + 3 + 5. Bob: 1 + 5 + 1.
    rows = {name: (place, points) for place, name, _note, points in league_rows(body)}
    assert rows == {
        "Ann": ("1", "16"),
        "Cy": ("2", "13"),
        "Bob": ("3", "7"),
        "Dee": ("4", "5"),
        "Eve": ("5", "3"),
    }
    assert "Most league points on one evening" in text_of_html(body)
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    bob = phone.text(f"/clubs/{club_id}/members/{ids['Bob']}")
    assert "League · Spring 3rd with 7 points" in bob
    assert len(re.findall(r"\b1 point\b", bob)) == 2 and "1 points" not in bob  # a count is worded as one

    fields = {"league": "placings", "points": "5, 3, 1", "best": "2", "qualify": "2"}
    assert phone.post(club_id, path, fields, page=page).status_code == 302  # type: ignore[attr-defined]
    body = reader.get(league).get_data(as_text=True)
    assert "Only the best 2 scores count. A member takes a place after 2 evenings." in text_of_html(body)
    rows_now = league_rows(body)
    assert all(place == "–" for place, *_ in rows_now)  # one evening so far, for everyone
    assert ("–", "Ann", "1 more evening to qualify", "10") in rows_now
    assert "2 of 4" in text_of_html(body)  # Ann's best two of her four scores

    ann = phone.text(f"/clubs/{club_id}/members/{ids['Ann']}")
    assert "League · Spring 10 points · 1 more evening to qualify" in ann
    assert ann.count("not counted") == 2
    results = phone.text(f"/clubs/{club_id}/seasons/{season_id}/results")
    assert "League Points for each place" in results and "1 more evening to qualify" in results

    exported = json.loads(phone.client.get(f"/clubs/{club_id}/export.json").get_data(as_text=True))
    assert exported["seasons"][0]["league"] == {
        "kind": "placings",
        "points": [5, 3, 1],
        "best": 2,
        "qualify": 2,
    }

    token = csrf_token(reader.get(f"/clubs/{club_id}/join"))
    answer = reader.post(f"/clubs/{club_id}{path}", data={"csrf_token": token, "league": ""})
    assert answer.status_code == 403  # a reader changes nothing
    assert phone.post(club_id, path, {"league": ""}, page=page).status_code == 302  # type: ignore[attr-defined]
    assert "This season has no league" in phone.text(league)
    assert phone.client.get(f"{league}?season=999").status_code == 404

"""A club night through the pages: the evenings listed, an evening's page across the club's tables and
its drive (who played, each game's winner and scores, the drive's prizes, the records set),
shareable (its link, QR, picture and preview) and reached in one tap from a club game's finish
screen and from the drive's last screens."""

from __future__ import annotations

import html
import re
from datetime import UTC, date, datetime

from flask import Flask
from sqlalchemy import update

from scorekeeper.clubs import access, holdings, nights
from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord
from scorekeeper.groups.models import GameSummaryRecord
from tests.clubs.conftest import PHONE, play, table

from .conftest import Driver
from .test_clubs import DRIVE_NAMES, HIGH, LOW, ClubPhone, finished_drive, text_of_html
from .test_clubs_results import og_tags, png_of


def a_club_night(app: Flask, phone: ClubPhone) -> tuple[str, str, str, str]:
    """Thursday: two finished games and one under way; a drive in the hall. The club's id, the
    second game's, the drive's and the evening's page."""
    group_id = phone.tables.create("Thursday")
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    phone.game(group_id, LOW, ["Ann", "Bob", "Cy"])  # Bob 30, Ann 3, Cy 3
    second = phone.game(group_id, HIGH, ["Ann", "Bob", "Cy"])  # Ann 33 and Cy 33: a new club record
    under_way = phone.tables.start_game(
        group_id,
        "custom-oh-hell",
        ["Ann", "Bob", "Dee"],
        options={"shape": "fixed", "start_cards": 2, "deals": 3, "hook": False, "trump": "none"},
    )
    phone.tables.play_exact(under_way, [((0, 0, 0), (2, 0, 0))])
    drive_id = finished_drive(app, phone.client, DRIVE_NAMES)
    phone.post(club_id, "/drives", {"drive": drive_id})
    return club_id, second, drive_id, f"/clubs/{club_id}/nights/{date.today().isoformat()}"


def test_an_evening_s_page_across_the_club_s_tables_and_drive(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, second, drive_id, evening = a_club_night(app, phone)
    listed = phone.text(f"/clubs/{club_id}/nights")
    assert "3 games · 1 drive" in listed
    reader = app.test_client()  # anyone with the link
    page = reader.get(evening)
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    text = text_of_html(body)
    assert "3 games" in text
    one_game = r'<li class="night-game"[^>]*>(.*?)</li>\s*(?=<li class="night-game"|</ul>)'
    games = re.findall(one_game, body, re.S)
    assert len(games) == 3
    first = text_of_html(games[0])
    assert first.startswith("Custom Oh Hell Thursday") and "1st Bob ★ 30" in first and "2nd Ann 3" in first
    assert "1st Ann ★ 33" in text_of_html(games[1]) and "1st Cy ★ 33" in text_of_html(games[1])
    assert "Playing: 1 of 3 deals" in text_of_html(games[2])
    assert "Church hall" in text and "Highest total" in text  # the drive, its prizes
    assert "New club record: highest Custom Oh Hell score (33)" in text
    tags = og_tags(body)
    assert (
        tags["description"]
        == "Custom Oh Hell at Thursday: Bob (30) · Custom Oh Hell at Thursday: Ann (33) and Cy (33)"
    )
    assert "<svg" in body.split('class="qr-box"')[1][:200]  # the QR of the evening's link
    assert f'data-copy="http://localhost{evening}"' in body
    picture = png_of(app, tags["image"].split("localhost", 1)[1])
    words = picture.text["Description"].splitlines()
    assert words[0] == "Thursday Whist Club" and words[2] == "Custom Oh Hell at Thursday: Bob (30)"
    assert words[-1] == "Club night"

    # One tap from where the group is: the finish screen of a club game, the drive's leaderboard.
    finish = html.unescape(phone.driver.sheet(second))
    assert f'href="{evening}"' in finish and f'href="/clubs/{club_id}/ladder"' in finish
    assert "Thursday Whist Club · Ladder · This evening at the club" in text_of_html(finish)
    board = reader.get(f"/drives/{drive_id}/leaderboard").get_data(as_text=True)
    assert f'href="{evening}"' in board
    results = reader.get(f"/clubs/{club_id}/drives/{drive_id}/results").get_data(as_text=True)
    assert f'href="{evening}"' in results and 'class="qr-box"' in results


def test_an_evening_with_nothing_played_or_a_day_that_is_no_day_is_not_found(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    club_id = phone.create()
    for day in ("2020-01-01", "2026-02-30", "yesterday", "2026-1-1"):
        assert phone.client.get(f"/clubs/{club_id}/nights/{day}").status_code == 404
        assert phone.client.get(f"/clubs/{club_id}/nights/{day}.png").status_code == 404
    assert "No evening yet" in phone.text(f"/clubs/{club_id}/nights")


def test_a_game_late_in_the_club_s_evening_is_on_that_evening(app: Flask) -> None:
    with app.test_request_context("/"):
        club = access.create_club("Club", holder=PHONE, time_zone="America/New_York")
        group = table()
        game_id = play(group, ["Ann", "Bob", "Cat"], made=[0])
        late = datetime(2025, 12, 1, 2, 30, tzinfo=UTC)  # half past nine on November 30th in New York
        db.session.execute(
            update(GameRecord)
            .where(GameRecord.id == game_id)
            .values(created_at=late, version=GameRecord.version + 1)
        )
        db.session.execute(update(GameSummaryRecord).values(version=0))
        db.session.commit()
        holdings.add_table(club.id, group.id)
        [evening] = nights.evenings(club.id, club.time_zone)
        assert (evening.day, evening.games, evening.drives) == (date(2025, 11, 30), 1, 0)
        [game] = nights.night(club.id, club.time_zone, date(2025, 11, 30)).games
        assert game.game_id == game_id and [player.name for player in game.winners] == ["Ann", "Cat"]
        assert nights.night(club.id, club.time_zone, date(2025, 12, 1)).games == []

"""A club's public results pages (a season's, a drive's) with their Open Graph image, and its file:
exported, then imported on another phone as the same club."""

from __future__ import annotations

import io
import re
from datetime import date, timedelta
from typing import Any

import pytest
from flask import Flask
from PIL import Image, ImageDraw

from scorekeeper.clubs.models import ClubRecord
from scorekeeper.web.clubs import image, results

from .conftest import Driver, csrf_token, error_text
from .test_clubs import DRIVE_NAMES, HIGH, LOW, ClubPhone, count, finished_drive, member_ids

OG = re.compile(r'<meta property="og:(\w+)" content="([^"]*)">')


def og_tags(page: str) -> dict[str, str]:
    return dict(OG.findall(page))


def club_with_a_season(app: Flask, phone: ClubPhone) -> tuple[str, str, int]:
    group_id = phone.table_with_games("Thursday", ["Ann", "Bob", "Cy"], [LOW, HIGH, HIGH, HIGH, HIGH])
    drive_id = finished_drive(app, phone.client, DRIVE_NAMES)
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    phone.post(club_id, "/drives", {"drive": drive_id})
    today = date.today()
    season = {
        "name": "Autumn",
        "starts_on": str(today - timedelta(days=30)),
        "ends_on": str(today + timedelta(days=30)),
    }
    assert phone.post(club_id, "/seasons", season).status_code == 302  # type: ignore[attr-defined]
    found = re.search(
        rf"/clubs/{club_id}/seasons/(\d+)/results",
        phone.client.get(f"/clubs/{club_id}").get_data(as_text=True),
    )
    assert found
    return club_id, drive_id, int(found.group(1))


def png_of(app: Flask, url: str) -> Image.Image:
    answer = app.test_client().get(url)
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    image = Image.open(io.BytesIO(answer.data))
    image.load()
    return image


def test_a_season_and_a_drive_have_public_results_with_their_pictures(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, drive_id, season_id = club_with_a_season(app, phone)
    reader = app.test_client()  # a stranger with the link
    page = reader.get(f"/clubs/{club_id}/seasons/{season_id}/results")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    tags = og_tags(body)
    assert tags["title"] == "Thursday Whist Club: Autumn results"
    assert tags["description"].startswith("1. ")
    assert tags["image"] == f"http://localhost/clubs/{club_id}/seasons/{season_id}/results.png"
    assert "Highest Custom Oh Hell score" in body and "Every member" in body
    image = png_of(app, tags["image"].removeprefix("http://localhost"))
    assert image.size == (1200, 630)
    description = image.text["Description"]  # type: ignore[attr-defined]
    assert description.splitlines()[0] == "Thursday Whist Club"
    assert "1. " in description and "Season results" in description
    assert re.search(r"^Highest Custom Oh Hell score: \d+ — \w", description, re.MULTILINE)  # with its holder

    drive = reader.get(f"/clubs/{club_id}/drives/{drive_id}/results")
    assert drive.status_code == 200
    tags = og_tags(drive.get_data(as_text=True))
    assert tags["title"] == "Thursday Whist Club: Church hall results"
    assert "Highest total" in drive.get_data(as_text=True)
    cards = re.findall(rf'href="/drives/{drive_id}/players/(\d+)">', drive.get_data(as_text=True))
    assert sorted(map(int, cards)) == list(range(8))  # each player's card, hand by hand
    assert reader.get(f"/drives/{drive_id}/players/{cards[0]}").status_code == 200
    image = png_of(app, tags["image"].removeprefix("http://localhost"))
    assert image.size == (1200, 630)
    assert image.text["Description"].startswith("Church hall\nThursday Whist Club\n")  # type: ignore[attr-defined]
    assert "print.css" in body  # printable: the app's print stylesheet, and the club's print rules


def test_a_drive_that_beats_the_best_drive_score_says_so_on_the_callers_screen(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    club_id = phone.create()
    first = finished_drive(app, phone.client, DRIVE_NAMES, tricks=(7, 7))
    phone.post(club_id, "/drives", {"drive": first})
    second = finished_drive(app, phone.client, DRIVE_NAMES, tricks=(13, 13))
    phone.post(club_id, "/drives", {"drive": second})
    assert "New club record" not in phone.client.get(f"/drives/{first}/caller").get_data(as_text=True)
    # Not before the prize-giving: the record would give the winner away.
    caller = phone.client.get(f"/drives/{second}/caller").get_data(as_text=True)
    assert "New club record" not in caller
    announce = f"/drives/{second}/leaderboard/announce"
    token = csrf_token(phone.client.get(f"/drives/{second}"))
    assert phone.client.post(announce, data={"all": "yes", "csrf_token": token}).status_code == 303
    caller = phone.client.get(f"/drives/{second}/caller").get_data(as_text=True)
    assert "New club record: best drive score (26)" in caller


def test_a_club_exported_and_imported_is_the_same_club(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, _drive_id, _season = club_with_a_season(app, phone)
    exported = phone.client.get(f"/clubs/{club_id}/export.json")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    assert "attachment" in exported.headers["Content-Disposition"]

    other = app.test_client()
    form = other.get("/clubs/import")
    refused = other.post(
        "/clubs/import", data={"csrf_token": csrf_token(form), "file": (io.BytesIO(b'{"x": 1}'), "c.json")}
    )
    assert refused.status_code == 422 and error_text(refused)
    assert count(app, ClubRecord) == 1  # the refused file stored nothing
    answer = other.post(
        "/clubs/import",
        data={"csrf_token": csrf_token(form), "file": (io.BytesIO(exported.data), "club.json")},
    )
    assert answer.status_code == 302, error_text(answer)
    copy_id = answer.headers["Location"].rsplit("/", 1)[1]
    assert copy_id != club_id
    names = sorted(member_ids(other.get(f"/clubs/{copy_id}/members").get_data(as_text=True), copy_id))
    assert names == sorted(
        member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    )
    original = phone.client.get(f"/clubs/{club_id}/ladder?season=all").get_data(as_text=True)
    copied = other.get(f"/clubs/{copy_id}/ladder?season=all").get_data(as_text=True)
    assert re.findall(r'class="num">([^<]+)<', original) == re.findall(r'class="num">([^<]+)<', copied)


def test_a_long_line_is_cut_by_bisection_and_a_tie_of_a_whole_club_is_counted(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record held by 200 members was one line of 200 names, cut a letter at a time: 24 s of CPU a
    picture. Three holders are named and the others counted; a long line is measured a few times."""
    holders = [(number, f"Member {number:03d}") for number in range(200)]
    with app.test_request_context("/"):
        line = results._record_line({"name": "highest score", "shown_value": "42", "holders": holders})
    assert line == "Highest score: 42 — Member 000, Member 001, Member 002 and 197 more"
    measured: list[str] = []
    textlength = ImageDraw.ImageDraw.textlength

    def counting(pen: ImageDraw.ImageDraw, text: str, *args: Any, **kwargs: Any) -> float:
        measured.append(text)
        return textlength(pen, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "textlength", counting)
    long = ", ".join(name for _member, name in holders)
    body = image.draw_png(image.Picture(title="Club", subtitle="2026", lines=[long], footer="Season results"))
    assert len(measured) < 20  # the title, subtitle and footer once each; the long line by bisection
    shown = [text for text in measured if text.endswith("…")]
    assert shown and len(shown[-1]) < 120 and Image.open(io.BytesIO(body)).size == (1200, 630)


def test_a_picture_drawn_counts_with_the_printing_a_kept_one_does_not(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, drive_id, season_id = club_with_a_season(app, phone)
    app.config["RATELIMIT_PDF"] = "2 per minute"
    reader = app.test_client()
    season = f"/clubs/{club_id}/seasons/{season_id}/results.png"
    assert [reader.get(season).status_code for _ in range(4)] == [200] * 4  # drawn once, then kept
    assert reader.get(f"/clubs/{club_id}/drives/{drive_id}/results.png").status_code == 200  # drawn: 2
    results.PICTURES.clear()
    assert reader.get(season).status_code == 429  # a third drawing in the minute

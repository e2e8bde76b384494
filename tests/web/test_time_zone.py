"""Dates on the reader's own calendar (web/language.py): the phone's zone comes in the ``tz``
cookie that app.js keeps; before it, or for a zone nobody knows, dates are in UTC."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from flask import Flask
from sqlalchemy import update

from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord
from scorekeeper.groups.models import GameSummaryRecord

from .conftest import Driver
from .tables_driver import SHORT, TablePhone

# Half past nine on Friday evening in New York: already Saturday in UTC.
LATE_IN_NEW_YORK = datetime(2026, 11, 28, 2, 30, tzinfo=UTC)


def late_game(app: Flask, driver: Driver) -> tuple[TablePhone, str]:
    """A table whose one game was started at LATE_IN_NEW_YORK (its first deal played)."""
    phone = TablePhone(driver)
    group_id = phone.create("Friday")
    game_id = phone.start_game(group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options=SHORT)
    phone.play_exact(game_id, [((0, 0, 0), (2, 0, 0))])
    with app.app_context():
        db.session.execute(
            update(GameRecord)
            .where(GameRecord.id == game_id)
            .values(created_at=LATE_IN_NEW_YORK, version=GameRecord.version + 1)
        )
        db.session.execute(update(GameSummaryRecord).values(version=0))  # rebuilt at the next view
        db.session.commit()
    return phone, group_id


def day_shown(phone: TablePhone, url: str) -> list[str]:
    page = phone.client.get(url).get_data(as_text=True)
    return re.findall(r"(Nov \d+, 2026)", page)


def test_a_game_late_in_the_evening_shows_on_that_evening_for_a_reader_in_its_zone(
    app: Flask, driver: Driver
) -> None:
    phone, group_id = late_game(app, driver)
    history = f"/tables/{group_id}/games"
    assert "Nov 28, 2026" in day_shown(phone, history)  # no zone yet: UTC
    phone.client.set_cookie("tz", "America/New_York")
    assert "Nov 27, 2026" in day_shown(phone, history) and "Nov 28, 2026" not in day_shown(phone, history)
    phone.client.set_cookie("tz", "Europe/Bucharest")
    assert "Nov 28, 2026" in day_shown(phone, history)
    phone.client.set_cookie("tz", "Mars/Olympus_Mons")  # a cookie is the reader's to write: ignored
    assert "Nov 28, 2026" in day_shown(phone, history)


def test_the_history_s_dates_are_days_of_the_reader_s_calendar(app: Flask, driver: Driver) -> None:
    phone, group_id = late_game(app, driver)
    friday = f"/tables/{group_id}/games?since=2026-11-27&until=2026-11-27"
    games = re.compile(r'<ul class="games game-history">.*?</ul>', re.S)
    phone.client.set_cookie("tz", "America/New_York")
    listed = games.search(phone.client.get(friday).get_data(as_text=True))
    assert listed and "Ann" in listed.group()
    phone.client.delete_cookie("tz")  # in UTC the game was played on Saturday
    assert not games.search(phone.client.get(friday).get_data(as_text=True))


def test_a_sheet_s_pdf_is_kept_per_reader_s_zone(app: Flask, driver: Driver) -> None:
    phone, group_id = late_game(app, driver)
    page = phone.client.get(f"/tables/{group_id}/games").get_data(as_text=True)
    game_id = re.search(r'href="/games/([0-9a-f]{32})"', page)
    assert game_id
    in_utc = phone.client.get(f"/games/{game_id.group(1)}/sheet.pdf")
    phone.client.set_cookie("tz", "America/New_York")
    in_new_york = phone.client.get(f"/games/{game_id.group(1)}/sheet.pdf")
    assert in_utc.status_code == in_new_york.status_code == 200
    assert in_utc.headers["ETag"] != in_new_york.headers["ETag"]  # each shows its own day

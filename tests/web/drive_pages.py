"""An organiser and the tables' phones going through a drive's pages, as people in a hall would.

CSRF stays on: each form's token is read from the page, like a browser.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.drives.models import DriveHandRecord, DriveRecord
from scorekeeper.extensions import db

from .conftest import csrf_token

# A hall's list of 160 different names (twenty first names, eight surnames): a large drive's pages,
# the leaderboard above all, are as large as the names make them.
HALL_FIRST_NAMES = (
    "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon",
    "Kay", "Len", "May", "Ned", "Olive", "Pat", "Quin", "Rose", "Sam", "Tess",
)  # fmt: skip
HALL_SURNAMES = ("Abbott", "Barker", "Carter", "Dawson", "Ellis", "Fletcher", "Graham", "Hughes")
HALL_NAMES = [f"{first} {last}" for last in HALL_SURNAMES for first in HALL_FIRST_NAMES]

SETUP_FIELDS: dict[str, str] = {
    "name": "Church hall",
    "players": "",
    "count": "",
    "format": "progressive",
    "hands": "24",
    "interval_after": "12",
    "trump1": "H",
    "trump2": "C",
    "trump3": "D",
    "trump4": "S",
    "trump5": "",
    "sit_out_tricks": "7",
    "tie_break": "most_hands_won",
    "up_direction": "higher",
}
TABLE_LINK = re.compile(r'href="https?://[^/"]+(/drives/[0-9a-f]+/tables/(\d+)/[0-9a-f]+)"')
HIDDEN = re.compile(r'<input type="hidden" name="(hand|seats|was)" value="([^"]*)"')
CONFIRMER = re.compile(r'<input type="hidden" name="player" value="(\d+)">')
PREVIEW = 'name="apply" value="yes"'


def text_of(page: TestResponse) -> str:
    """The page's words without markup, spaces squeezed."""
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", page.get_data(as_text=True), flags=re.S)
    body = re.sub(r"</?(strong|em|abbr)\b[^>]*>", "", body)  # inside a sentence: no space of their own
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


class Organiser:
    """The organiser's browser: sets up a drive and reads its table links from the drive's page."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client
        self.drive_id = ""
        self.tables: dict[int, str] = {}

    def set_up(self, players: Sequence[str] | int, **fields: str) -> TestResponse:
        """Fill in and send the set-up form; on success, read the table links."""
        form = self.client.get("/drives/new")
        data = {**SETUP_FIELDS, **fields, "csrf_token": csrf_token(form)}
        if isinstance(players, int):
            data["count"] = str(players)
        else:
            data["players"] = "\n".join(players)
        answer = self.client.post("/drives/new", data=data)
        if answer.status_code == 303:
            self.drive_id = answer.location.rstrip("/").rsplit("/", 1)[-1]
            page = self.client.get(f"/drives/{self.drive_id}")
            self.tables = {
                int(table): path for path, table in TABLE_LINK.findall(page.get_data(as_text=True))
            }
        return answer

    @property
    def url(self) -> str:
        return f"/drives/{self.drive_id}"

    def enter(
        self,
        phone: FlaskClient,
        table: int,
        tricks: int | str,
        *,
        pair: str = "NS",
        confirm: bool = True,
        **extra: str,
    ) -> TestResponse:
        """A table's phone opens its link and enters the hand's tricks for one pair; then (``confirm``)
        a player of the other pair confirms it on the same phone, as a table does."""
        answer = self.send(phone, self.tables[table], tricks, pair=pair, **extra)
        if confirm and answer.status_code == 303:
            confirmers = self.confirmers(phone, table)
            if confirmers:
                answer = self.confirm(phone, table, confirmers[0])
        return answer

    def confirmers(self, phone: FlaskClient, table: int) -> list[int]:
        """The players the table's page offers to confirm its result (the other pair)."""
        return [
            int(player) for player in CONFIRMER.findall(phone.get(self.tables[table]).get_data(as_text=True))
        ]

    def confirm(
        self, phone: FlaskClient, table: int, player: int, page: TestResponse | None = None
    ) -> TestResponse:
        """A player taps their name under the table's result (``page``: as loaded earlier)."""
        path = self.tables[table]
        page = page or phone.get(path)
        hidden = dict(HIDDEN.findall(page.get_data(as_text=True)))
        data = {**hidden, "player": str(player), "csrf_token": csrf_token(page)}
        return phone.post(f"{path}/confirm", data=data)

    def type_in(
        self, hand: int, table: int, tricks: int | str, *, pair: str = "NS", **extra: str
    ) -> TestResponse:
        """The organiser types a table's hand from its paper card."""
        return self.send(self.client, f"{self.url}/hands/{hand}/tables/{table}", tricks, pair=pair, **extra)

    def send(
        self, phone: FlaskClient, path: str, tricks: int | str, *, pair: str, **extra: str
    ) -> TestResponse:
        page = phone.get(path)
        assert page.status_code == 200, page.status_code
        return self.post(phone, path, page, tricks, pair=pair, **extra)

    def post(
        self, phone: FlaskClient, path: str, page: TestResponse, tricks: int | str, *, pair: str, **extra: str
    ) -> TestResponse:
        """Send the hand form of ``page`` (as loaded earlier) with these tricks.

        A correction is first shown as what it would change; it is accepted at once unless
        ``extra`` says ``preview="only"``.
        """
        preview_only = extra.pop("preview", "") == "only"
        hidden = dict(HIDDEN.findall(page.get_data(as_text=True)))
        data = {**hidden, "pair": pair, "tricks": str(tricks), "csrf_token": csrf_token(page), **extra}
        answer = phone.post(path, data=data)
        if answer.status_code == 200 and PREVIEW in answer.get_data(as_text=True) and not preview_only:
            answer = phone.post(path, data={**data, "apply": "yes", "csrf_token": csrf_token(answer)})
        return answer

    def play_hand(self, phone: FlaskClient, tricks: Mapping[int, int]) -> None:
        """Every table in ``tricks`` enters its N–S tricks for the hand in play."""
        for table, count in tricks.items():
            answer = self.enter(phone, table, count)
            assert answer.status_code == 303, text_of(answer)

    def stored_hands(self) -> list[tuple[int, int, int, str]]:
        """The rows the database holds for the drive: (hand, table, tricks, pair)."""
        with self.app.app_context():
            rows = db.session.query(DriveHandRecord).filter_by(drive_id=self.drive_id).all()
            return sorted((row.hand, row.table_number, row.tricks, row.pair) for row in rows)

    def version(self) -> int:
        with self.app.app_context():
            record = db.session.get(DriveRecord, self.drive_id)
            assert record is not None
            return int(record.version)

    def form_post(self, path: str, data: Mapping[str, Any]) -> TestResponse:
        """Post one of the organiser page's forms (prizes, names) with its token."""
        page = self.client.get(self.url)
        return self.client.post(path, data={**data, "csrf_token": csrf_token(page)})

"""Uploads read within bounds (issue 47, item 1): a gzip bomb, a file of more deals than any club
plays, and the shapes a parser meets, refused before anything of them is built; what a phone
really sends (gzipped in several members, with a byte-order mark) still imported. The full-sized
files of the probe, against the deployed stack with its CPU and memory measured, are in
tests/deploy/test_uploads.py."""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.clubs.models import ClubRecord
from scorekeeper.extensions import db
from scorekeeper.games.models import DealEntryRecord
from scorekeeper.groups.models import GroupRecord
from scorekeeper.rules import RuleViolation
from scorekeeper.web.games import Bounds, UnreadableFile, read_bounded

from .conftest import app_in, csrf_token, error_text

CLUB = {"format": "scorekeeper/club", "format_version": 1, "name": "Probe club"}


def club_of_deals(tables: int, deals: int) -> dict[str, Any]:
    """A club's file of ``tables`` tables, each one game of ``deals`` deals: as the probe's."""
    game = {
        "format": "scorekeeper/game",
        "format_version": 1,
        "variant": "custom-oh-hell",
        "options": {"shape": "fixed", "start_cards": 2, "deals": 5, "hook": False, "trump": "none"},
        "players": ["Ann", "Bob", "Cy"],
        "first_dealer": 0,
        "seats": [0, 1, 2],
        "deals": [{"bids": [0, 0, 0], "tricks": [2, 0, 0]}] * deals,
    }
    table = {
        "format": "scorekeeper/table",
        "format_version": 1,
        "name": "T",
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
        "games": [game],
    }
    return {**CLUB, "tables": [{"table": {**table, "name": f"T{n}"}} for n in range(tables)]}


@pytest.fixture
def app(tmp_path: Any) -> Iterator[Flask]:
    yield from app_in(tmp_path, RATELIMIT_ENABLED=False)


def send(client: FlaskClient, path: str, body: bytes, name: str = "club.json.gz") -> Any:
    form = client.get(path)
    data = {"csrf_token": csrf_token(form), "file": (io.BytesIO(body), name)}
    return client.post(path, data=data, content_type="multipart/form-data")


def stored(app: Flask) -> tuple[int, ...]:
    with app.app_context():
        return tuple(
            db.session.scalar(select(func.count()).select_from(model)) or 0
            for model in (ClubRecord, GroupRecord, DealEntryRecord)
        )


def test_a_gzip_bomb_is_refused_before_it_is_built(app: Flask, client: FlaskClient) -> None:
    # 30 MB of empty lists in 30 KB: once built, they took gigabytes.
    bomb = gzip.compress(json.dumps(CLUB).encode()[:-1] + b',"members":[' + b"[]," * 10_000_000 + b"[]]}", 9)
    assert len(bomb) < 40 * 1024
    answer = send(client, "/clubs/import", bomb)
    assert answer.status_code == 422
    assert error_text(answer) == "That file is too large to be a club"
    assert stored(app) == (0, 0, 0)


def test_one_budget_for_the_whole_club_file_whatever_its_tables(app: Flask, client: FlaskClient) -> None:
    # 40 tables of 1,000 deals each: every table within a table's own caps, the club past its budget.
    body = gzip.compress(json.dumps(club_of_deals(40, 1_000)).encode())
    answer = send(client, "/clubs/import", body)
    assert answer.status_code == 422
    assert error_text(answer) == (
        "A club's file holds at most 30,000 games, deals, table events, drives and hands in all: "
        "this one holds more"
    )
    assert stored(app) == (0, 0, 0)
    within = send(client, "/clubs/import", gzip.compress(json.dumps(club_of_deals(4, 1_000)).encode()))
    assert within.status_code == 422  # 1,000 deals of a five-deal game are too many for the game ...
    assert "Table 1 of the file" in error_text(within)  # ... which the replay says, past the budget


def test_what_phones_send_is_read(client: FlaskClient) -> None:
    document = json.dumps(club_of_deals(1, 3)).encode()
    two_members = gzip.compress(document[:40]) + gzip.compress(document[40:])  # `cat a.gz b.gz`
    answer = send(client, "/clubs/import", two_members)
    assert answer.status_code == 302, error_text(answer)
    assert send(client, "/clubs/import", b"\xef\xbb\xbf" + document, "club.json").status_code == 302


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (
            gzip.compress(b'{"format": "scorekeeper/club"}', mtime=0)[:-6],
            "That file is compressed but cannot be unpacked",
        ),
        (b"\x1f\x8b" + b"\x00" * 40, "That file is compressed but cannot be unpacked"),
        (b"[" * 17 + b"]" * 17, "nested more than 16 levels deep"),
        (
            b'{"format_version": 100000000000000000000000}',
            "A number in the JSON is larger than any game holds",
        ),
        (b'{"name": "Ann\xff"}', "That file is not JSON exported from Scorekeeper"),
        (b'{"name": "Ann"} trailing', "That file is not JSON exported from Scorekeeper"),
        (b'{"name": "\\ud800"}', "half of a surrogate pair"),
    ],
)
def test_what_no_parser_should_build_is_a_bad_request(client: FlaskClient, body: bytes, reason: str) -> None:
    answer = send(client, "/clubs/import", body)
    assert answer.status_code == 400
    assert reason in error_text(answer)


BOUNDS = Bounds(
    packed=1_000,
    unpacked=2_000,
    memory=100_000,
    counted=frozenset({"deals"}),
    most_items=3,
    missing="club_file_missing",
    too_large="club_file_too_large",
    too_many="club_file_too_many_items",
)


@pytest.mark.parametrize(
    ("body", "code", "changed"),
    [
        (b"", "club_file_missing", {}),
        (b" " * 1_001, "club_file_too_large", {}),  # as sent
        (gzip.compress(b" " * 2_001 + b"[]", mtime=0), "club_file_too_large", {}),  # unpacked
        (
            b'["' + b"x" * 100_000 + b'"]',
            "club_file_too_large",
            {"packed": 10**6, "unpacked": 10**6},
        ),  # built
        (b'{"a": {"deals": [1, 2, 3, 4]}}', "club_file_too_many_items", {}),
        (b'[{"deals": [1, 2]}, {"deals": [[3], {"deals": 4}]}]', "club_file_too_many_items", {}),
    ],
)
def test_each_bound_refuses_on_its_own(body: bytes, code: str, changed: dict[str, int]) -> None:
    with pytest.raises(RuleViolation) as refused:
        read_bounded(io.BytesIO(body), Bounds(**{**vars(BOUNDS), **changed}))
    assert refused.value.code == code
    assert not isinstance(refused.value, UnreadableFile)


def test_items_count_in_the_lists_named_wherever_they_stand() -> None:
    within = b'[{"deals": [1, {"deals": []}]}, {"other": [1, 2, 3, 4]}, {"deals": [[]]}]'
    assert read_bounded(io.BytesIO(within), BOUNDS) == json.loads(within)


@pytest.mark.parametrize(
    ("sent_to", "words"),
    [
        ("/clubs/import", "That file is larger than this page takes: 16 MB at most."),
        ("/tables/import?x=1", "That file is larger than this page takes: 16 MB at most."),
        ("/games/new/oh-hell", "That is more than this page takes at once."),
    ],
)
def test_nginx_refusing_a_body_says_why_in_the_apps_words(
    client: FlaskClient, sent_to: str, words: str
) -> None:
    """nginx's own 413 page (deploy/nginx: error_page 413) is this one, for the page the body went to."""
    answer = client.get("/errors/too-large", headers={"X-Original-URI": sent_to})
    assert answer.status_code == 413
    assert words in answer.get_data(as_text=True)
    api = client.get("/errors/too-large", headers={"X-Original-URI": "/api/v1/games"})
    assert api.status_code == 413 and api.get_json()["code"] == "http_413"

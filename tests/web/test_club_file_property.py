"""A club's file is read whole or refused whole, whatever it holds (issue 41, item 1): a drive hand
with ``"recorded_at": 9999`` or ``"confirmed_by": 999`` answered 500.

A real club's file (two tables, drives with a table's own confirmed hand, a late arrival, a seat
recorded where the player actually sat and an organiser's prize, members and seasons) is changed
where Hypothesis chooses — a value replaced by one of another type or out of range, a key removed or
added, a list item repeated or dropped — and imported through the page, as a phone sends it. The
answer is never a 500: a refusal (400, 413 or 422) stores nothing, and a club that is taken opens
on every page a phone reaches from it, the organiser's pages of its drives included, with no 500.
Beside the table file's own property (test_table_round_trip.py) and the game API's fuzz
(test_api_fuzz.py).
"""

from __future__ import annotations

import copy
import io
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorekeeper import database
from scorekeeper.clubs import access, exchange, holdings, members, seasons
from scorekeeper.clubs.models import ClubMemberRecord, ClubRecord, ClubSeasonRecord
from scorekeeper.drives import store as drives
from scorekeeper.drives.models import DriveHandRecord, DriveRecord
from scorekeeper.games.models import DealEntryRecord, GameRecord
from scorekeeper.groups.access import create_group
from scorekeeper.groups.models import GroupRecord
from scorekeeper.rules.drive import HandEntry, PrizeRule, PrizeSpec, Seat, StartFrom
from tests.clubs.conftest import play

from .budget import examples
from .conftest import app_in, csrf_token, error_text

PHONE = "phone-of-the-club"
STORED = (
    ClubRecord,
    ClubMemberRecord,
    ClubSeasonRecord,
    GroupRecord,
    GameRecord,
    DealEntryRecord,
    DriveRecord,
    DriveHandRecord,
)
# Values of every JSON type, and the ones that broke readers before: out of range, huge, wrong type.
HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-2, max_value=20),
    st.sampled_from([999, 9999, -1, 10**30, 2**63, 1.5, float(2**53)]),
    st.sampled_from(["", "x", "NS", "EW", "9999-12-31T23:59:59+14:00", "1999-01-01", "oh-hell", "A" * 300]),
    st.just([]),
    st.just({}),
    st.lists(st.integers(min_value=-1, max_value=14), max_size=3),
    st.just({"rule": "place", "place": 0}),
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One server for every example, without request limits: the property imports many files."""
    yield from app_in(tmp_path_factory.mktemp("clubs"), RATELIMIT_ENABLED=False)


@pytest.fixture(scope="module")
def club_file(server: Flask) -> dict[str, Any]:
    """The file of a club with something in every part a club's file holds."""
    with server.test_request_context("/"):
        club = access.create_club("Whist club", holder=PHONE)
        thursday, friday = create_group("Thursday", holder=PHONE), create_group("Friday", holder=PHONE)
        play(thursday, ["Ann", "Bob", "Cat"], made=[0])
        play(friday, ["Ann", "Dan", "Eve", "Fay"], made=[2], count=3)
        holdings.add_table(club.id, thursday.id)
        holdings.add_table(club.id, friday.id)
        holdings.add_drive(club.id, _a_drive_of_everything())
        members.add_member(club.id, "Newcomer")
        seasons.add_season(club.id, "2026", "2026-01-01", "2026-12-31")
        document = json.loads(json.dumps(exchange.export_club(club.id)))
    hands = document["drives"][0]["hands"]
    assert any(hand["confirmed_by"] is not None for hand in hands)
    assert document["drives"][0]["roster"] and document["drives"][0]["seatings"]
    return dict(document)


def _a_drive_of_everything() -> str:
    """Eight players, three hands: a hand entered by a table and confirmed by the other pair, a
    late arrival from hand 2, where a player actually sat, and an organiser's prize."""
    record, _drive, _key = drives.create_drive(
        "Friday drive", ["A", "B", "C", "D", "E", "F", "G", "H"], hands=3
    )
    drive_id = record.id
    drives.enter_hand(drive_id, HandEntry(hand=1, table=1, tricks=7), drives.Seen(hand=1, table=1))
    own = HandEntry(hand=1, table=2, tricks=8, needs_confirmation=True)
    _record, drive = drives.enter_hand(drive_id, own, drives.Seen(hand=1, table=2))
    confirmer = drive.legal_confirmers(1, 2)[0]
    drives.confirm_hand(drive_id, drives.Seen(hand=1, table=2, north_south=8), confirmer)
    drives.set_prizes(drive_id, [PrizeSpec(rule=PrizeRule.PLACE, name="Second place", place=2)])
    _record, drive = drives.load_drive(drive_id)
    planned = drive.state.placement(0, 2)
    drives.record_seat(drive_id, 2, 0, 2 if planned.table == 1 else 1, Seat.NORTH)
    drives.add_player(drive_id, "Iris", StartFrom.ZERO)
    return drive_id


def counts(server: Flask) -> tuple[int, ...]:
    with server.app_context():
        connection = database.connection()
        return tuple(
            connection.execute(select(func.count()).select_from(model)).scalar_one() for model in STORED
        )


def paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in the document (a key of an object or an index of a list), the document first."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*here, index))


REGIONS = (
    lambda place: place[:1] == ("drives",) and "hands" in place,
    lambda place: place[:1] == ("drives",) and "hands" not in place,
    lambda place: place[:1] == ("tables",),
    lambda place: place[0] not in ("drives", "tables"),
)


def changed(document: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """The document with one to three changes Hypothesis chooses."""
    document = copy.deepcopy(document)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3), label="changes")):
        # A part of the file first, each as likely: a drive's hands are as many paths as the rest.
        part = data.draw(st.sampled_from(REGIONS), label="part")
        places = [place for place in paths(document) if place and part(place)] or [("name",)]
        place = data.draw(st.sampled_from(places), label="place")
        *parent_path, last = place
        parent: Any = document
        for step in parent_path:
            parent = parent[step]
        kind = data.draw(
            st.sampled_from(["replace", "replace", "replace", "remove", "add", "repeat"]), label="kind"
        )
        if kind == "replace":
            parent[last] = data.draw(HOSTILE, label="value")
        elif kind == "remove":
            del parent[last]
        elif kind == "add" and isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["extra", "id", "version", "edit_key_hash"]))] = data.draw(
                HOSTILE
            )
        elif kind == "repeat" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
    return document


def imported(client: FlaskClient, document: dict[str, Any]) -> Any:
    form = client.get("/clubs/import")
    body = {"csrf_token": csrf_token(form), "file": (io.BytesIO(json.dumps(document).encode()), "club.json")}
    return client.post("/clubs/import", data=body, content_type="multipart/form-data")


def every_page_opens(client: FlaskClient, club_id: str) -> None:
    """The pages a phone reaches from the club it imported: none answers 500."""
    club_page = client.get(f"/clubs/{club_id}")
    assert club_page.status_code == 200
    text = club_page.get_data(as_text=True)
    urls = [f"/clubs/{club_id}/{page}" for page in ("ladder", "members", "records")]
    for drive_id in sorted(set(re.findall(r"/drives/([0-9a-f]{32})", text))):
        urls += [
            f"/drives/{drive_id}",
            f"/drives/{drive_id}/hands/1",
            f"/clubs/{club_id}/drives/{drive_id}/results",
        ]
    urls += [f"/tables/{group_id}" for group_id in sorted(set(re.findall(r"/tables/([0-9a-f]{32})", text)))]
    for season_id in sorted(set(re.findall(rf"/clubs/{club_id}/seasons/(\d+)/results", text))):
        urls.append(f"/clubs/{club_id}/seasons/{season_id}/results")
    for url in urls:
        answer = client.get(url)
        assert answer.status_code < 500, (url, answer.status_code)


def test_the_unchanged_file_imports_and_its_drives_are_the_importing_phones(
    server: Flask, club_file: dict[str, Any]
) -> None:
    client = server.test_client()
    answer = imported(client, club_file)
    assert answer.status_code == 302
    club_id = answer.headers["Location"].rsplit("/", 1)[1]
    every_page_opens(client, club_id)
    page = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    [drive_id] = set(re.findall(r"/drives/([0-9a-f]{32})", page))
    # The phone that imported the club runs its drive: the organiser's pages and the tables' links.
    assert client.get(f"/drives/{drive_id}/hands/1").status_code == 200
    assert client.get(f"/drives/{drive_id}/table-cards.pdf").status_code == 200
    organiser = client.get(f"/drives/{drive_id}").get_data(as_text=True)
    assert re.search(rf"/drives/{drive_id}/tables/1/[0-9a-f]+", organiser)
    # ... and nobody else does.
    assert server.test_client().get(f"/drives/{drive_id}/hands/1").status_code == 403


@pytest.mark.parametrize(
    ("place", "value"),
    [
        (("drives", 0, "hands", 0, "recorded_at"), 9999),
        (("drives", 0, "hands", 1, "confirmed_by"), 999),
        (("drives", 0, "hands", 1, "confirmed_by"), True),
        (("drives", 0, "hands", 0, "needs_confirmation"), "no"),
        (("drives", 0, "hands", 0, "pair"), None),
        (("drives", 0, "hands", 0, "tricks"), 2**40),
        (("drives", 0, "created_at"), "9999-12-31T23:59:59+14:00"),
        (("drives", 0, "roster", 0, "player"), 99),
        (("drives", 0, "seatings", 0, "seat"), "X"),
        (("drives", 0, "prizes", 0, "place"), "second"),
        (("drives", 0, "options", "colour"), "green"),
        (("drives", 0, "name"), 42),
    ],
)
def test_a_file_the_probe_broke_is_refused_and_stores_nothing(
    server: Flask, club_file: dict[str, Any], place: tuple[Any, ...], value: Any
) -> None:
    document = copy.deepcopy(club_file)
    *parent_path, last = place
    parent: Any = document
    for step in parent_path:
        parent = parent[step]
    parent[last] = value
    before = counts(server)
    answer = imported(server.test_client(), document)
    assert answer.status_code == 422
    assert error_text(answer).startswith("Drive 1 of the file: ")
    assert counts(server) == before


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_club_file_is_read_whole_or_refused_whole_never_a_500(
    server: Flask, club_file: dict[str, Any], data: st.DataObject
) -> None:
    document = changed(club_file, data)
    client = server.test_client()
    before = counts(server)
    answer = imported(client, document)
    assert answer.status_code in (302, 400, 413, 422), answer.status_code
    if answer.status_code != 302:
        assert counts(server) == before
        return
    every_page_opens(client, answer.headers["Location"].rsplit("/", 1)[1])

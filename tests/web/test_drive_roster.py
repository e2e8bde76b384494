"""Players arriving late and leaving early through the organiser's page; tables follow them."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.drives.models import DriveRecord
from scorekeeper.extensions import db

from .conftest import error_text
from .drive_pages import TABLE_LINK, Organiser, text_of

TWELVE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kay", "Len"]


def stored(app: Flask, drive_id: str) -> tuple[list[str], list[dict[str, object]]]:
    with app.app_context():
        record = db.session.get(DriveRecord, drive_id)
        assert record is not None
        return list(record.players), list(record.roster)


def test_a_late_player_sits_out_then_four_waiting_make_a_new_table(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    assert organiser.set_up(TWELVE, hands="4", interval_after="").status_code == 303
    organiser.play_hand(app.test_client(), {1: 8, 2: 6, 3: 9})
    caller_before = text_of(client.get(f"{organiser.url}/caller"))
    added = organiser.form_post(f"{organiser.url}/arrivals", {"name": "Mia", "start": "zero", "role": "lady"})
    assert added.status_code == 303
    page = client.get(organiser.url)
    assert "Mia joins from hand 2 as a lady: sits out." in text_of(page)
    assert "Mia joined from hand 2 as a lady" in text_of(page)
    caller = text_of(client.get(f"{organiser.url}/caller"))
    assert "Mia sits out" in caller
    assert "Ann" in caller_before and caller.count("table") >= caller_before.count("table")
    players, roster = stored(app, organiser.drive_id)
    assert players[-1] == "Mia"
    assert roster == [{"hand": 2, "player": 12, "kind": "arrive", "start": "zero", "role": "lady"}]
    # With no role chosen, each is offered the one that makes a table sooner: two ladies, two gents.
    for name in ("Ned", "Olive", "Pat"):
        assert organiser.form_post(f"{organiser.url}/arrivals", {"name": name}).status_code == 303
    page = client.get(organiser.url).get_data(as_text=True)
    assert sorted({int(table) for _, table in TABLE_LINK.findall(page)}) == [1, 2, 3, 4]
    assert "16 players at 4 tables" in text_of(client.get(organiser.url))


def test_a_refused_arrival_or_departure_says_why_and_stores_nothing(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    assert organiser.set_up(TWELVE, hands="4", interval_after="").status_code == 303
    organiser.play_hand(app.test_client(), {1: 8, 2: 6, 3: 9})
    for path, data, reason in (
        ("arrivals", {"name": "ann"}, "Two players are called"),
        ("departures", {"player": ""}, "Choose the player who leaves"),
    ):
        refused = organiser.form_post(f"{organiser.url}/{path}", data)
        assert refused.status_code == 422
        assert reason in error_text(refused)
    assert stored(app, organiser.drive_id) == (TWELVE, [])
    stranger = app.test_client()
    assert stranger.post(f"{organiser.url}/arrivals", data={"name": "Zed"}).status_code in (400, 403)


def test_a_player_who_leaves_keeps_their_scores_and_a_sitter_out_takes_the_seat(
    app: Flask, client: FlaskClient
) -> None:
    organiser = Organiser(app, client)
    assert organiser.set_up(TWELVE[:9], hands="4", interval_after="").status_code == 303
    organiser.play_hand(app.test_client(), {1: 8, 2: 6})
    board = text_of(client.get(f"{organiser.url}/players/0"))
    assert "Total 8" in board
    left = organiser.form_post(f"{organiser.url}/departures", {"player": "0"})
    assert left.status_code == 303
    assert "Ann leaves from hand 2: their scores stay theirs" in text_of(client.get(organiser.url))
    ann = text_of(client.get(f"{organiser.url}/players/0"))
    assert "You are not playing this hand." in ann and "Total 8" in ann
    caller = text_of(client.get(f"{organiser.url}/caller"))
    assert "sits out" not in caller  # eight left: two full tables

"""Setting up and running a whist drive through its pages: set-up, tables' phones, the organiser.

Every refusal re-renders with the engine's reason and stores nothing; a phone
that saw an older state of its table's hand gets 409 and stores nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.drives import store as drive_store
from scorekeeper.drives.models import DriveRecord
from scorekeeper.drives.store import Seen
from scorekeeper.extensions import db
from scorekeeper.rules.drive import HandEntry, Pair

from ..tampered import tampered
from .conftest import csrf_token, error_text
from .drive_pages import HALL_NAMES, Organiser, text_of

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def drive_count(app: Flask) -> int:
    with app.app_context():
        return db.session.query(DriveRecord).count()


def small_drive(app: Flask, client: FlaskClient) -> Organiser:
    """Five players, progressive, 4 hands with an interval after 2 (the engine's worked example)."""
    organiser = Organiser(app, client)
    answer = organiser.set_up(NAMES, hands="4", interval_after="2")
    assert answer.status_code == 303
    return organiser


def test_the_home_page_leads_to_a_new_drive(client: FlaskClient) -> None:
    home = client.get("/").get_data(as_text=True)
    assert 'href="/drives/new"' in home
    page = client.get("/drives/new")
    assert page.status_code == 200
    words = text_of(page)
    for format_name in ("Progressive", "Semi-partner", "Partner drive"):
        assert format_name in words
    assert "The losing pair moves up one table together" in words  # the partner drive's rule in words


def test_a_drive_is_set_up_with_its_tables_and_rules_in_words(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    assert organiser.set_up(names, format="semi_partner").status_code == 303
    assert sorted(organiser.tables) == [1, 2]
    words = text_of(client.get(organiser.url))
    assert "Semi-partner whist drive · 9 players at 2 tables" in words
    assert "Hand 1 of 24 · ♥ Hearts · being played" in words
    assert "The winners stay in their seats, together." in words
    assert "1 player sits out each hand in turn and scores 7 tricks" in words
    assert "Sitting out scores 7 tricks" in words
    assert "24 hands, an interval after hand 12" in words
    with app.app_context():
        record = db.session.get(DriveRecord, organiser.drive_id)
        assert record is not None
        assert record.players == names
        assert record.options["trumps"] == ["H", "C", "D", "S"]
        assert record.options["format"] == "semi_partner"


def test_a_refused_set_up_says_why_and_stores_nothing(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    cases = [
        (["Ann", "Bob", "Cat"], {}, "at least 4 players"),
        (NAMES, {"format": "partner"}, "5 players cannot all have a partner"),
        (NAMES, {"interval_after": "24"}, "The interval comes after one of hands 1 to 23"),
        (NAMES, {"trump2": "H"}, "Hearts comes twice"),
        (NAMES, {"name": "  "}, "The drive needs a name"),
        (["Ann", "Bob", "ann", "Dan"], {}, "Two players are called"),
    ]
    for players, fields, reason in cases:
        answer = organiser.set_up(players, **fields)
        assert answer.status_code == 422, reason
        assert reason in error_text(answer)
        assert players[0] in answer.get_data(as_text=True)  # the form keeps what was typed
    assert drive_count(app) == 0


def test_a_drive_set_up_with_only_a_number_is_named_later(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    assert organiser.set_up(8).status_code == 303
    assert "Player 8" in text_of(client.get(f"{organiser.url}/players"))
    names = {
        f"player-{index}": name
        for index, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
    }
    assert organiser.form_post(f"{organiser.url}/players", names).status_code == 303
    assert "Hal" in text_of(client.get(f"{organiser.url}/players"))
    clash = {**names, "player-7": "ann"}
    refused = organiser.form_post(f"{organiser.url}/players", clash)
    assert refused.status_code == 422
    assert "Two players are called" in error_text(refused)
    assert "Hal" in text_of(client.get(f"{organiser.url}/players"))


def test_a_small_drive_is_scored_as_worked_out_by_hand(app: Flask, client: FlaskClient) -> None:
    """The engine's worked example, entered from the table's phone: hands 1 and 3 by N–S, 2 and 4 by E–W."""
    organiser = small_drive(app, client)
    phone = app.test_client()
    for tricks, pair in ((8, "NS"), (9, "EW"), (7, "NS"), (11, "EW")):
        assert organiser.enter(phone, 1, tricks, pair=pair).status_code == 303
    assert organiser.stored_hands() == [(1, 1, 8, "NS"), (2, 1, 9, "EW"), (3, 1, 7, "NS"), (4, 1, 11, "EW")]
    # Every hand is in: the results wait for the organiser's prize-giving, on every screen.
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "the results are announced at the prize-giving" in board and "Bob 35" not in board
    assert "Bob (35)" not in text_of(app.test_client().get(f"{organiser.url}/caller"))
    assert organiser.form_post(f"{organiser.url}/leaderboard/announce", {"all": "yes"}).status_code == 303
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    # Ann, Cat and Eve play lady and sit out in turn (Eve, Ann, Cat, Eve); Bob and Dan never do.
    # Ann 8+7+6+11, Bob 8+9+7+11, Cat 5+9+7+2, Dan 5+4+6+2, Eve 7+4+7+7 (7 for each hand sat out).
    assert "1 Bob 35 4 4 2 Ann 32 3 4 3 Eve 25 3 4 4 Cat 23 2 4 5 Dan 17 0 4" in board
    assert "Highest total Bob (35) won" in board
    assert "Booby prize (lowest total) Dan (17) won" in board
    assert "Best first half Bob (17) won" in board  # Bob 8 + 9; Ann 8 + 7
    assert "Best second half Bob (18) won" in board  # Bob 7 + 11; Ann 6 + 11


def test_a_table_phone_refuses_impossible_tricks_and_stores_nothing(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    phone = app.test_client()
    for tricks, reason in (
        (14, "N–S cannot take 14 tricks; a hand has 13"),
        ("seven", "tricks are a whole number"),
        ("", "Tap the number of tricks"),
    ):
        answer = organiser.enter(phone, 1, tricks)
        assert answer.status_code == 422
        assert reason in error_text(answer)
        assert "Ann" in text_of(answer)  # the table's seating is shown again with the form
    assert organiser.stored_hands() == []
    assert organiser.version() == 1


def test_a_wrong_table_link_is_not_found(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    phone = app.test_client()
    good = organiser.tables[1]
    assert phone.get(tampered(good, 4)).status_code == 404
    assert phone.get(good.replace("/tables/1/", "/tables/2/")).status_code == 404
    assert phone.get(f"/drives/{'0' * 32}").status_code == 404


def test_a_stale_phone_gets_409_and_nothing_is_stored(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    assert (
        organiser.set_up([f"P{number}" for number in range(1, 9)], hands="4", interval_after="").status_code
        == 303
    )
    first, second, other_table = app.test_client(), app.test_client(), app.test_client()
    path = organiser.tables[1]
    seen_by_second = second.get(path)
    seen_by_other_table = other_table.get(organiser.tables[2])
    assert organiser.enter(first, 1, 8).status_code == 303
    stale = organiser.post(second, path, seen_by_second, 5, pair="NS")
    assert stale.status_code == 409
    assert "changed on another phone" in error_text(stale)
    assert "P1 & P2 8 — P3 & P4 5 confirmed by P3" in text_of(stale)  # the hand as it now stands
    assert organiser.stored_hands() == [(1, 1, 8, "NS")]
    # Another table's entry meanwhile is not a change to this table: it goes through.
    fresh = organiser.post(other_table, organiser.tables[2], seen_by_other_table, 4, pair="EW")
    assert fresh.status_code == 303
    assert organiser.stored_hands() == [(1, 1, 8, "NS"), (1, 2, 4, "EW")]


def test_the_organiser_types_in_paper_cards_and_corrects_any_hand(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    assert organiser.type_in(1, 1, 8).status_code == 303
    assert organiser.type_in(2, 1, 4).status_code == 303  # N–S 4 is E–W 9
    assert "1 Ann 15" not in text_of(client.get(f"{organiser.url}/leaderboard"))
    # The first card was misread: E–W took 8 in hand 1. Hand 2 is already in, so the players'
    # movement stands and only the scores change.
    corrected = organiser.type_in(1, 1, 8, pair="EW")
    assert corrected.status_code == 303
    assert organiser.stored_hands() == [(1, 1, 8, "EW"), (2, 1, 4, "NS")]
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    # Ann and Bob 5 in hand 1 now, Cat and Dan 8; hand 2 unchanged (Cat, Bob 9; Eve, Dan 4; Ann 7 out).
    assert "1 Cat 17" in board
    assert "Ann 12" in board and "Bob 14" in board and "Dan 12" in board and "Eve 11" in board
    stale_page = client.get(f"{organiser.url}/hands/2/tables/1")
    assert organiser.type_in(2, 1, 6).status_code == 303
    stale = organiser.post(client, f"{organiser.url}/hands/2/tables/1", stale_page, 10, pair="NS")
    assert stale.status_code == 409
    assert organiser.stored_hands() == [(1, 1, 8, "EW"), (2, 1, 6, "NS")]


def test_only_the_organiser_types_in_hands(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    stranger = app.test_client()
    assert stranger.get(f"{organiser.url}/hands/1/tables/1").status_code == 403
    assert stranger.get(f"{organiser.url}/hands/1").status_code == 403
    assert stranger.get(f"{organiser.url}/table-cards.pdf").status_code == 403
    assert "Run it from another phone" not in text_of(stranger.get(organiser.url))
    link = next(
        line
        for line in client.get(organiser.url).get_data(as_text=True).splitlines()
        if "/organise#key=" in line
    )
    address, key = link.split('href="', 1)[1].split('"', 1)[0].replace("http://localhost", "").split("#key=")
    page = stranger.get(address)  # what a browser asks for: the key stays behind the "#"
    assert page.status_code == 200 and key not in page.get_data(as_text=True)
    assert stranger.post(address, data={"csrf_token": csrf_token(page), "key": key + "x"}).status_code == 403
    assert stranger.get(f"{organiser.url}/hands/1/tables/1").status_code == 403
    assert stranger.post(address, data={"csrf_token": csrf_token(page), "key": key}).status_code == 303
    assert stranger.get(f"{organiser.url}/hands/1/tables/1").status_code == 200


def test_the_organiser_adds_and_removes_prizes(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    added = organiser.form_post(
        f"{organiser.url}/prizes", {"name": "Runner-up", "rule": "place", "place": "2"}
    )
    assert added.status_code == 303
    raffle = {"name": "Raffle", "rule": "chosen", "player": "4"}
    assert organiser.form_post(f"{organiser.url}/prizes", raffle).status_code == 303
    words = text_of(client.get(organiser.url))
    assert "Runner-up" in words and "Raffle Eve won" in words
    for data, reason in (
        ({"name": "", "rule": "place", "place": "2"}, "needs a name"),
        ({"name": "Tenth", "rule": "place", "place": "10"}, "the place is from 1 to 5"),
        ({"name": "raffle", "rule": "most_hands_won"}, "Two prizes are called raffle"),
    ):
        refused = organiser.form_post(f"{organiser.url}/prizes", data)
        assert refused.status_code == 422
        assert reason in error_text(refused)
    with app.app_context():
        record = db.session.get(DriveRecord, organiser.drive_id)
        assert record is not None
        assert [prize["name"] for prize in record.prizes] == ["Runner-up", "Raffle"]
    assert organiser.form_post(f"{organiser.url}/prizes/1/remove", {}).status_code == 303
    assert "Prize removed: Runner-up" in text_of(client.get(organiser.url))
    words = text_of(client.get(organiser.url))
    assert "Runner-up" not in words and "Raffle" in words


def test_a_table_whose_claim_is_lost_again_and_again_to_other_tables_still_gets_through(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forty tables entering hand 1 at once: a table's claim on the drive's version may be lost many
    times in a row to other tables' entries (four of forty got 409 after five lost claims). Another
    table's hand never makes a phone stale, so the entry is judged again until it gets its turn."""
    organiser = Organiser(app, client)
    assert organiser.set_up(HALL_NAMES[:40], hands="4", interval_after="").status_code == 303
    others = iter(range(2, 11))
    real_claim = drive_store._claim_and
    nested = False

    def another_table_first(record: Any, statement: Any, values: dict[str, Any]) -> bool:
        nonlocal nested
        table = None if nested else next(others, None)
        if table is not None:  # another table's phone gets its claim in just before this one
            nested = True
            entry = HandEntry(hand=1, table=table, tricks=7, pair=Pair.NORTH_SOUTH)
            drive_store.enter_hand(organiser.drive_id, entry, Seen(hand=1, table=table))
            nested = False
        return real_claim(record, statement, values)

    monkeypatch.setattr(drive_store, "_claim_and", another_table_first)
    answer = organiser.enter(app.test_client(), 1, 8)
    monkeypatch.setattr(drive_store, "_claim_and", real_claim)
    assert answer.status_code == 303, text_of(answer)
    assert sorted(table for hand, table, _, _ in organiser.stored_hands()) == list(range(1, 11))


def test_a_tables_link_changes_only_the_hand_in_play(app: Flask, client: FlaskClient) -> None:
    """Once every table has entered hand 1 and the players have moved on, the table's link cannot
    rewrite hand 1 (its page offers only the hand in play); the organiser still corrects it."""
    organiser = Organiser(app, client)
    eight = [f"P{number}" for number in range(1, 9)]
    assert organiser.set_up(eight, hands="4", interval_after="").status_code == 303
    phone = app.test_client()
    path = organiser.tables[1]
    hand_one = phone.get(path)
    assert organiser.post(phone, path, hand_one, 8, pair="NS").status_code == 303
    assert organiser.confirm(phone, 1, organiser.confirmers(phone, 1)[0]).status_code == 303
    assert organiser.enter(app.test_client(), 2, 6).status_code == 303  # everyone has moved on
    late = organiser.post(phone, path, hand_one, 5, pair="NS")
    assert late.status_code == 409
    assert "Ask the organiser to correct hand 1" in error_text(late)
    assert organiser.stored_hands() == [(1, 1, 8, "NS"), (1, 2, 6, "NS")]
    assert organiser.type_in(1, 1, 5).status_code == 303
    assert (1, 1, 5, "NS") in organiser.stored_hands()


def test_words_for_a_full_hall_and_a_half_not_yet_played(app: Flask, client: FlaskClient) -> None:
    """Nobody sits out with the tables full, so no sit-out score is shown; the second half's prize is
    "not yet played for" at the interval rather than "8 players level (0)"."""
    organiser = Organiser(app, client)
    assert (
        organiser.set_up([f"P{number}" for number in range(1, 9)], hands="2", interval_after="1").status_code
        == 303
    )
    words = text_of(client.get(organiser.url))
    assert "Sitting out scores" not in words and "sit out each hand" not in words
    organiser.play_hand(app.test_client(), {1: 8, 2: 6})
    words = text_of(client.get(organiser.url))
    assert "Best second half Not yet played for" in words
    assert "players level (0)" not in words
    assert "Best first half" in words and "Best first half Not yet played for" not in words
    pairs = Organiser(app, client)
    assert pairs.set_up([f"Q{number}" for number in range(1, 11)], format="partner").status_code == 303
    assert "1 pair sits out each hand in turn and scores 7 tricks" in text_of(client.get(pairs.url))


def test_the_winners_move_one_prize_each_and_ladies_and_gents_prizes(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    answer = organiser.set_up(names, hands="4", interval_after="", winners_move="yes", one_prize_each="yes")
    assert answer.status_code == 303
    words = text_of(client.get(organiser.url))
    assert "Who moves Winners move" in words
    # The order the prizes are decided in is stated (RULES.md §10), the booby last.
    assert (
        "One prize each, decided in this order, each to the best player without a prize yet: Highest "
        "total and Booby prize (lowest total)." in words
    )
    assert "Everyone keeps the role of their first seat to the end" in words
    assert "The losers stay at their table but split up" in words
    assert "The winners split: the one in North or East moves up one table" in words
    assert "At each table the gents cut for the deal of the first hand" in words
    with app.app_context():
        record = db.session.get(DriveRecord, organiser.drive_id)
        assert record is not None
        assert record.options["winners_move"] is True and record.options["one_prize_each"] is True
    for rule, name in (("ladies_highest", "Ladies"), ("gents_highest", "Gents")):
        assert organiser.form_post(f"{organiser.url}/prizes", {"name": name, "rule": rule}).status_code == 303
    organiser.play_hand(app.test_client(), {1: 9, 2: 4})
    words = text_of(client.get(organiser.url))
    # Hand 1: table 1 Ann & Bob 9 (Cat, Dan 4), table 2 Eve & Fay 4, Gus & Hal 9. Highest total: Ann,
    # Bob, Gus and Hal level at 9; with one prize each the ladies' (Ann, Cat, Eve, Gus) and the gents'
    # (Bob, Dan, Fay, Hal) go to the next best not already winning: Cat and Eve (4), Dan and Fay (4).
    assert "Highest total Ann, Bob, Gus and Hal (9)" in words
    assert "Ladies Cat and Eve (4)" in words and "Gents Dan and Fay (4)" in words
    assert "Highest total, Ladies, Gents and Booby prize (lowest total)" in words
    usual = text_of(client.get("/drives/new"))
    assert "The losers move (the usual way)" in usual and "The winners move, the losers stay" in usual

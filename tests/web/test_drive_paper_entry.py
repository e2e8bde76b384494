"""The organiser's paper side of a drive through its pages: a tally card typed in, where someone actually
sat; and the pieces that must fit the rest: every prize announced, a prize nobody can take, a late
player's card, the table cards' rule under winners_move, counts worded with their plural."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.pdf import PAPERS
from scorekeeper.rules.drive import Drive, HandEntry, PrizeRule
from scorekeeper.web.drives import hall, paper

from .conftest import csrf_token
from .drive_pages import Organiser, text_of

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def eight(app: Flask, client: FlaskClient, **fields: str) -> Organiser:
    """Two tables: table 1 Ann N, Cat E, Bob S, Dan W; table 2 Eve N, Gus E, Fay S, Hal W."""
    organiser = Organiser(app, client)
    assert organiser.set_up(NAMES, hands="2", interval_after="", **fields).status_code == 303
    return organiser


def post(organiser: Organiser, path: str, data: dict[str, str]) -> TestResponse:
    """Post an organiser's form with the session's token (read from the drive's page)."""
    page = organiser.client.get(organiser.url)
    return organiser.client.post(path, data={**data, "csrf_token": csrf_token(page)})


# --- a tally card typed in ------------------------------------------------------------------


def test_the_organiser_types_a_players_card_and_a_different_result_is_refused(
    app: Flask, client: FlaskClient
) -> None:
    organiser = eight(app, client)
    assert "Type a player's tally card" in text_of(client.get(organiser.url))
    assert "Cat" in text_of(client.get(f"{organiser.url}/cards"))
    card = f"{organiser.url}/cards/0"
    assert "Ann's tally card" in text_of(client.get(card))
    saved = post(organiser, card, {"hand-1": "8"})
    assert saved.status_code == 303
    assert organiser.stored_hands() == [(1, 1, 8, "NS")]
    version = organiser.version()
    # Cat sat East at table 1: her card says 6, the table's result gave East–West 5.
    refused = post(organiser, f"{organiser.url}/cards/2", {"hand-1": "6"})
    assert refused.status_code == 422
    words = text_of(refused)
    assert "Cat's card says 6 tricks, but table 1 entered 5 for that pair" in words
    assert 'value="6"' in refused.get_data(as_text=True)
    assert organiser.stored_hands() == [(1, 1, 8, "NS")] and organiser.version() == version
    assert post(organiser, f"{organiser.url}/cards/2", {"hand-1": "five"}).status_code == 422
    # Eve's card fills table 2, which completes hand 1: her hand 2 opens at once.
    assert post(organiser, f"{organiser.url}/cards/4", {"hand-1": "4"}).status_code == 303
    assert organiser.stored_hands() == [(1, 1, 8, "NS"), (1, 2, 4, "NS")]
    assert 'name="hand-2"' in client.get(f"{organiser.url}/cards/4").get_data(as_text=True)
    assert client.get(f"{organiser.url}/cards/99").status_code == 404
    assert app.test_client().get(f"{organiser.url}/cards/0").status_code in (401, 403)


def test_the_organiser_records_where_someone_actually_sat(app: Flask, client: FlaskClient) -> None:
    organiser = eight(app, client)
    page = f"{organiser.url}/hands/1"
    assert "Someone sat elsewhere" in text_of(client.get(page))
    answer = post(organiser, f"{page}/seats", {"player": "0", "table": "1", "seat": "E"})
    assert answer.status_code == 303
    assert "Ann sat at table 1, East" in text_of(client.get(page))
    # The table's phone now shows Cat in North and Ann in East; its result goes to them.
    assert organiser.enter(app.test_client(), 1, 8).status_code == 303
    standings = client.get(f"/api/v1/drives/{organiser.drive_id}/standings").get_json()
    totals = {line["name"]: line["total"] for line in standings["standings"]}
    assert totals["Cat"] == 8 and totals["Ann"] == 5
    version = organiser.version()
    again = post(organiser, f"{page}/seats", {"player": "0", "table": "1", "seat": "E"})
    assert again.status_code == 422
    assert "Ann already sits there, at table 1" in text_of(again)
    assert post(organiser, f"{page}/seats", {"player": "0", "table": "", "seat": "E"}).status_code == 422
    assert organiser.version() == version


# --- the pieces that fit the rest -----------------------------------------------------------


def test_the_announce_page_gives_every_prize_the_set_up_offers(app: Flask, client: FlaskClient) -> None:
    assert set(hall.ANNOUNCE_ORDER) == set(PrizeRule)
    organiser = eight(app, client)
    for rule, name in (("ladies_highest", "Ladies"), ("gents_highest", "Gents"), ("most_hands_won", "Most")):
        assert organiser.form_post(f"{organiser.url}/prizes", {"name": name, "rule": rule}).status_code == 303
    organiser.play_hand(app.test_client(), {1: 9, 2: 4})
    organiser.play_hand(app.test_client(), {1: 9, 2: 4})
    given = []
    announce = f"{organiser.url}/leaderboard/announce"
    for shown in range(1, 6):
        assert organiser.form_post(announce, {"shown": str(shown)}).status_code == 303
        page = client.get(announce)
        assert page.status_code == 200
        current = page.get_data(as_text=True).split('class="announce-prize">', 1)[1].split("<", 1)[0]
        given.append(current)
    # The booby first, the highest total last, the ladies' and gents' between them.
    assert given[0].startswith("Booby prize") and given[-1] == "Highest total"
    assert {"Ladies", "Gents", "Most"} == set(given[1:4])
    assert "Highest total" in text_of(client.get(announce))


def test_a_prize_nobody_can_take_says_so_everywhere(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    names = NAMES[:4]
    assert organiser.set_up(names, hands="1", interval_after="", one_prize_each="yes").status_code == 303
    for rule, name in (("ladies_highest", "Ladies"), ("gents_highest", "Gents")):
        assert organiser.form_post(f"{organiser.url}/prizes", {"name": name, "rule": rule}).status_code == 303
    organiser.play_hand(app.test_client(), {1: 8})
    # Ann and Bob share the highest total, Cat the ladies', Dan the gents': nobody is left for the booby.
    nobody = "Nobody: all in the running have won a higher prize"
    assert f"Booby prize (lowest total) {nobody}" in text_of(client.get(organiser.url))
    assert nobody not in text_of(client.get(f"{organiser.url}/leaderboard"))  # until announced
    assert organiser.form_post(f"{organiser.url}/leaderboard/announce", {"shown": "1"}).status_code == 303
    assert nobody in text_of(client.get(f"{organiser.url}/leaderboard/announce"))
    assert nobody in text_of(client.get(f"{organiser.url}/leaderboard"))
    assert nobody in text_of(client.get(f"{organiser.url}/caller"))
    assert client.get(f"{organiser.url}/results.pdf").status_code == 200
    prizes = client.get(f"/api/v1/drives/{organiser.drive_id}/standings").get_json()["prizes"]
    booby = next(prize for prize in prizes if prize["rule"] == "lowest_total")
    assert booby["winners"] == [] and booby["score"] is None and booby["decided"]


def test_a_late_players_tally_card_marks_the_hands_they_missed(app: Flask) -> None:
    drive = Drive.start("Hall", 8, hands=3)
    for table in (1, 2):
        drive = drive.enter(HandEntry(hand=1, table=table, tricks=8))
    drive = drive.arrive("Mia")
    with app.test_request_context():
        pages = paper.tally_pages(drive, PAPERS["a4"])
        cards = [card for page in pages["pages"] for card in page]
        mia = cards[-1]
        assert len(cards) == 9 and mia["name"] == "Mia"
        first = mia["rows"][0]
        assert (first["table"], first["tricks"], first["total"]) == ("—", "—", "—")
        assert mia["rows"][1]["table"] == "Sits out"


def test_the_table_cards_say_the_winners_move_under_winners_move(app: Flask) -> None:
    with app.test_request_context():
        usual = paper.movement_line(Drive.start("Hall", 12).state.rule, 1)
        custom = paper.movement_line(Drive.start("Hall", 12, winners_move=True).state.rule, 1)
        pairs = paper.movement_line(
            Drive.start("Hall", 12, format="partner", winners_move=True).state.rule, 1
        )
    assert usual.startswith("Losers: North and East up to table 2")
    assert custom.startswith("Winners: North and East up to table 2") and "losers stay" in custom
    assert pairs == "Winners move together to table 2; losers stay."


def test_counts_are_worded_with_their_plural(app: Flask, client: FlaskClient) -> None:
    new = text_of(client.get("/drives/new"))
    assert "6 tricks" in new and "7 tricks" in new
    organiser = Organiser(app, client)
    assert organiser.set_up([*NAMES, "Ivy"], hands="1", interval_after="").status_code == 303
    words = text_of(client.get(organiser.url))
    assert "Sitting out scores 7 tricks" in words and "Hands 1 hand" in words
    assert "9 players at 2 tables" in words
    assert "1 player sits out each hand in turn and scores 7 tricks for it" in words


def test_the_organiser_removes_a_table_between_hands(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    twelve = [*NAMES, "Ivy", "Jon", "Kay", "Len"]
    assert organiser.set_up(twelve, hands="3", interval_after="").status_code == 303
    organiser.play_hand(app.test_client(), {1: 8, 2: 6, 3: 9})
    page = client.get(organiser.url)
    assert "A table that stops (its players sit out)" in text_of(page)
    gone = post(organiser, f"{organiser.url}/tables/remove", {"table": "2"})
    assert gone.status_code == 303
    words = text_of(client.get(organiser.url))
    assert "Table 2 stops from hand 2: its players sit out." in words and "at 2 tables" in words
    assert "Table 2 stopped from hand 2" in words
    # Tables 1 and 3 play on under their numbers: table 2's phone says it is not playing.
    caller = text_of(client.get(f"{organiser.url}/caller"))
    assert "1 North" in caller and "3 North" in caller and "2 North" not in caller
    stopped = app.test_client().get(organiser.tables[2])
    assert stopped.status_code == 404 and "Table 2 is not playing now" in text_of(stopped)
    assert app.test_client().get(organiser.tables[3]).status_code == 200
    # Their tally cards mark hand 2 with a dash, and still print.
    assert client.get(f"{organiser.url}/tally-cards.pdf").status_code == 200
    version = organiser.version()
    assert post(organiser, f"{organiser.url}/tables/remove", {"table": "9"}).status_code == 422
    assert post(organiser, f"{organiser.url}/tables/remove", {"table": ""}).status_code == 422
    assert organiser.version() == version

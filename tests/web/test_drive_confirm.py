"""A table's result entered from both sides, and corrections that never re-seat a room that has moved.

The table's phone shows the result for both pairs by name and a player of the other pair confirms
it on the same phone before the hall moves on; a correction once "move now" is called changes the
scores only, after a preview of what changes for whom.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.drives.models import DriveHandRecord
from scorekeeper.extensions import db

from .conftest import error_text
from .drive_pages import Organiser, text_of

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
# Hand 1 seats entries N, S, E, W: table 1 is Ann N, Cat E, Bob S, Dan W; table 2 Eve, Gus, Fay, Hal.
AS_ENTERED = "Ann 1 North Bob 1 West Cat 2 North Dan 2 West Eve 1 East Fay 1 South Gus 2 East Hal 2 South"


def eight_players(app: Flask, client: FlaskClient) -> Organiser:
    organiser = Organiser(app, client)
    assert organiser.set_up(EIGHT, hands="4", interval_after="").status_code == 303
    return organiser


def confirmations(app: Flask, drive_id: str) -> list[tuple[int, int, bool, int | None]]:
    """(hand, table, needs confirmation, confirmed by) of every stored hand."""
    with app.app_context():
        rows = db.session.query(DriveHandRecord).filter_by(drive_id=drive_id).all()
        return sorted((row.hand, row.table_number, row.needs_confirmation, row.confirmed_by) for row in rows)


def test_a_correction_after_move_now_is_previewed_and_changes_scores_only(
    app: Flask, client: FlaskClient
) -> None:
    organiser = eight_players(app, client)
    assert organiser.type_in(1, 1, 8).status_code == 303
    assert organiser.type_in(1, 2, 5).status_code == 303
    assert AS_ENTERED in text_of(client.get(f"{organiser.url}/caller"))
    form = text_of(client.get(f"{organiser.url}/hands/1/tables/1"))
    assert "The players have already moved as the first result said" not in form
    assert "a correction changes the scores only, never a seat" in form
    # Table 1's card said E–W 8: first the page says what that changes, and stores nothing.
    version = organiser.version()
    preview = organiser.type_in(1, 1, 8, pair="EW", preview="only")
    assert preview.status_code == 200
    assert "This correction changes: Ann −3, Cat +3, Bob −3, Dan +3; nobody moves" in text_of(preview)
    assert organiser.stored_hands() == [(1, 1, 8, "NS"), (1, 2, 5, "NS")]
    assert organiser.version() == version
    saved = organiser.type_in(1, 1, 8, pair="EW")
    assert saved.status_code == 303
    assert "Table 1, hand 1: Ann & Bob 5 — Cat & Dan 8 — corrected" in text_of(client.get(saved.location))
    assert organiser.stored_hands() == [(1, 1, 8, "EW"), (1, 2, 5, "NS")]
    assert AS_ENTERED in text_of(client.get(f"{organiser.url}/caller"))  # every seat as it was
    assert "1= Cat 8 1 1 1= Dan 8" in text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "5–8 corrected" in text_of(client.get(f"{organiser.url}/hands/1"))
    # Corrected again, back to a N–S win: still nobody moves.
    assert organiser.type_in(1, 1, 9, pair="EW").status_code == 303
    assert AS_ENTERED in text_of(client.get(f"{organiser.url}/caller"))


def test_before_every_table_is_in_a_correction_moves_the_players_by_the_new_result(
    app: Flask, client: FlaskClient
) -> None:
    organiser = eight_players(app, client)
    assert organiser.type_in(1, 1, 8).status_code == 303
    preview = organiser.type_in(1, 1, 9, pair="EW", preview="only")
    assert "Ann −4, Cat +4, Bob −4, Dan +4; the players will move as this result says" in text_of(preview)
    assert organiser.type_in(1, 1, 9, pair="EW").status_code == 303
    assert organiser.type_in(1, 2, 5).status_code == 303
    moved = "Ann 2 North Bob 2 West Cat 1 East Dan 1 South Eve 1 North Fay 1 West Gus 2 East Hal 2 South"
    assert moved in text_of(client.get(f"{organiser.url}/caller"))


def test_the_table_enters_for_one_pair_by_name_and_the_other_pair_confirms(
    app: Flask, client: FlaskClient
) -> None:
    organiser = eight_players(app, client)
    phone = app.test_client()
    page = phone.get(organiser.tables[1]).get_data(as_text=True)
    assert "Ann &amp; Bob" in page and "Cat &amp; Dan" in page
    assert 'name="pair" value="NS" checked' not in page and 'name="pair" value="EW" checked' not in page
    # Cat, of East–West, taps their own pair and 8.
    assert organiser.enter(phone, 1, 8, pair="EW", confirm=False).status_code == 303
    words = text_of(phone.get(organiser.tables[1]))
    assert "Ann & Bob 5 — Cat & Dan 8 not confirmed yet" in words
    assert "Ann and Bob: is this right?" in words
    assert "Ann: confirm" in words and "Bob: confirm" in words and "Cat: confirm" not in words
    assert confirmations(app, organiser.drive_id) == [(1, 1, True, None)]
    # The other table is in too, but the hall does not move while table 1 is not confirmed.
    assert organiser.enter(app.test_client(), 2, 5).status_code == 303
    status = text_of(client.get(organiser.url))
    assert "Hand 1 of 4 · ♥ Hearts · table 1 to confirm" in status
    # Cat cannot confirm their own pair's tricks: nothing is stored.
    wrong = organiser.confirm(phone, 1, 2)
    assert wrong.status_code == 422
    assert "Cat's pair entered these tricks, so Ann and Bob confirm them" in error_text(wrong)
    assert confirmations(app, organiser.drive_id)[0] == (1, 1, True, None)
    done = organiser.confirm(phone, 1, 0)
    assert done.status_code == 303
    assert "Ann confirmed: Ann & Bob 5 — Cat & Dan 8" in text_of(phone.get(done.location))
    assert confirmations(app, organiser.drive_id)[0] == (1, 1, True, 0)
    assert "Hand 2 of 4" in text_of(client.get(organiser.url))


def test_a_result_with_no_pair_tapped_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient
) -> None:
    organiser = eight_players(app, client)
    phone = app.test_client()
    refused = organiser.enter(phone, 1, 8, pair="")
    assert refused.status_code == 422
    assert "Tap the pair whose tricks you are entering" in error_text(refused)
    assert organiser.stored_hands() == []


def test_a_result_not_right_is_entered_again_and_waits_for_the_other_pair_again(
    app: Flask, client: FlaskClient
) -> None:
    organiser = eight_players(app, client)
    phone = app.test_client()
    assert organiser.enter(phone, 1, 8, pair="EW", confirm=False).status_code == 303
    # Ann says no: E–W took 5. Entered again on the same phone, with no preview (nothing stood yet).
    again = organiser.enter(phone, 1, 5, pair="EW", confirm=False)
    assert again.status_code == 303
    assert organiser.stored_hands() == [(1, 1, 5, "EW")]
    assert "Ann & Bob 8 — Cat & Dan 5 not confirmed yet" in text_of(phone.get(organiser.tables[1]))
    # The organiser may type anything: their result stands without a confirmation.
    assert organiser.type_in(1, 1, 6).status_code == 303
    assert confirmations(app, organiser.drive_id) == [(1, 1, False, None)]


def test_a_waiting_table_phone_changes_only_when_its_own_page_would(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    assert (
        organiser.set_up([f"P{number}" for number in range(1, 13)], hands="4", interval_after="").status_code
        == 303
    )
    phone = app.test_client()
    assert organiser.enter(phone, 1, 8).status_code == 303
    page = phone.get(organiser.tables[1]).get_data(as_text=True)
    assert 'data-wait-key="1:8:1:0"' in page
    waiting = f"{organiser.tables[1]}/waiting"
    first = phone.get(waiting).get_json()
    assert first == {"key": "1:8:1:0", "waiting": "Waiting for 2 more tables.", "count": 2}
    assert organiser.enter(app.test_client(), 2, 6, confirm=False).status_code == 303
    # Table 2 has entered but not confirmed: it is still not in.
    assert phone.get(waiting).get_json()["key"] == "1:8:1:0"
    assert phone.get(waiting).get_json()["count"] == 2
    organiser.confirm(app.test_client(), 2, organiser.confirmers(app.test_client(), 2)[0])
    assert phone.get(waiting).get_json() == {
        "key": "1:8:1:0",
        "waiting": "Waiting for 1 more table.",
        "count": 1,
    }
    assert organiser.enter(app.test_client(), 3, 7).status_code == 303
    assert phone.get(waiting).get_json()["key"] == "2"  # every table is in: the phone reloads, once
    assert (
        app.test_client()
        .get(organiser.tables[1].replace("/tables/1/", "/tables/2/") + "/waiting")
        .status_code
        == 404
    )

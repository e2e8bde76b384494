"""The caller's screen, a player's phone and the leaderboard, as a drive goes on.

They follow the drive by polling a fragment: 304 while nothing changed.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .drive_pages import Organiser, text_of
from .test_drives import small_drive


def test_the_caller_shows_the_hand_the_tables_not_in_and_move_now(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    assert organiser.set_up(names, hands="4", interval_after="").status_code == 303
    hall = app.test_client()
    screen = text_of(hall.get(f"{organiser.url}/caller"))
    assert "Hand 1 of 4 ♥ Hearts" in screen
    assert "Not in yet: 1, 2" in screen
    assert "Seats for hand 1" in screen
    assert "Ann 1 North" in screen and "Eve 2 North" in screen  # entered in pairs: Ann and Bob N–S at table 1
    assert organiser.enter(app.test_client(), 1, 8).status_code == 303
    assert "Not in yet: 2" in text_of(hall.get(f"{organiser.url}/caller?fragment=1"))
    assert organiser.enter(app.test_client(), 2, 5).status_code == 303
    screen = text_of(hall.get(f"{organiser.url}/caller"))
    assert "Hand 2 of 4 ♣ Clubs Church hall Move now" in screen
    # Table 1: Ann and Bob (N–S) won; Bob crosses to West. Cat (E) moves up to table 2's free
    # North, Dan (W) down to table 2 too (two tables wrap), West. Table 2: Gus and Hal (E–W) won;
    # Hal crosses to South. Eve (N) up to table 1's free East, Fay (S) down to its free South.
    expected = "Ann 1 North Bob 1 West Cat 2 North Dan 2 West Eve 1 East Fay 1 South Gus 2 East Hal 2 South"
    assert expected in screen
    assert "Go to" in screen


def test_the_caller_polls_a_fragment_answered_304_until_the_drive_changes(
    app: Flask, client: FlaskClient
) -> None:
    organiser = small_drive(app, client)
    hall = app.test_client()
    first = hall.get(f"{organiser.url}/caller?fragment=1")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert "<html" not in first.get_data(as_text=True)
    assert hall.get(f"{organiser.url}/caller?fragment=1", headers={"If-None-Match": etag}).status_code == 304
    assert organiser.enter(app.test_client(), 1, 8).status_code == 303
    changed = hall.get(f"{organiser.url}/caller?fragment=1", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert "Move now" in text_of(changed)
    page = hall.get(f"{organiser.url}/caller").get_data(as_text=True)
    assert 'data-live-url="' in page and "hall.js" in page
    assert '<meta http-equiv="refresh"' in page  # without JavaScript the page reloads itself


def test_a_player_phone_says_where_to_go_and_who_the_partner_is(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    eve = app.test_client()
    page = text_of(eve.get(f"{organiser.url}/players/4"))
    assert "You sit out hand 1 and score 7 tricks." in page
    assert organiser.enter(app.test_client(), 1, 8).status_code == 303
    page = text_of(eve.get(f"{organiser.url}/players/4"))
    assert "Hand 2 · ♣ Clubs" in page
    assert "You go to table 1, North; your partner is Dan." in page
    assert "Against Cat and Bob." in page
    assert "Total 7 · place" in page
    ann = text_of(eve.get(f"{organiser.url}/players/0"))
    assert "You sit out hand 2" in ann
    assert "1 ♥ Hearts 1 Bob 8 8" in ann  # her card: hand, trump, table, partner, tricks, total
    assert eve.get(f"{organiser.url}/players/5").status_code == 404
    listing = text_of(eve.get(f"{organiser.url}/players"))
    assert "Ann Bob Cat Dan Eve" in listing


def test_the_leaderboard_shows_the_prizes_at_the_interval_and_the_end(
    app: Flask, client: FlaskClient
) -> None:
    organiser = small_drive(app, client)
    phone = app.test_client()
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "Prizes" not in board
    assert organiser.enter(phone, 1, 8).status_code == 303
    assert organiser.enter(phone, 1, 9, pair="EW").status_code == 303
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "Interval · then Hand 3 of 4" in board
    assert "Prizes at the interval" in board
    assert "Best first half Bob (17) won" in board
    assert "Highest total Bob" not in board  # only the prizes decided at the interval
    assert organiser.enter(phone, 1, 7).status_code == 303
    assert "Prizes" not in text_of(client.get(f"{organiser.url}/leaderboard"))
    assert organiser.enter(phone, 1, 11, pair="EW").status_code == 303
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "All 4 hands played: the drive is over" in board
    # Nothing is given away before the prize-giving, on any screen, the organiser's own included.
    assert "the results are announced at the prize-giving" in board and "Dan (17)" not in board
    caller = text_of(client.get(f"{organiser.url}/caller"))
    assert "The drive is over" in caller and "the results are announced at the prize-giving" in caller
    assert "Bob (35)" not in caller
    bob = text_of(phone.get(f"{organiser.url}/players/1"))
    assert "the places and the prizes are announced at the prize-giving" in bob and "place 1" not in bob
    table = text_of(phone.get(organiser.tables[1]))
    assert "the drive is over" in table
    organiser_page = text_of(client.get(organiser.url))
    assert "Only you see the results and the prizes until you announce them" in organiser_page
    assert "Highest total Bob (35) won" in organiser_page
    assert organiser.form_post(f"{organiser.url}/leaderboard/announce", {"all": "yes"}).status_code == 303
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "Booby prize (lowest total) Dan (17) won" in board
    caller = text_of(client.get(f"{organiser.url}/caller"))
    assert "Highest total Bob (35)" in caller


def test_a_correction_after_move_now_changes_the_scores_and_leaves_every_seat(
    app: Flask, client: FlaskClient
) -> None:
    """Once a hand's movement is called, it stands (RULES.md §10): the caller's screen keeps every
    seat, and only the leaderboard changes."""
    organiser = Organiser(app, client)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    assert organiser.set_up(names, hands="4", interval_after="").status_code == 303
    assert organiser.type_in(1, 1, 8).status_code == 303
    assert organiser.type_in(1, 2, 5).status_code == 303
    as_entered = "Ann 1 North Bob 1 West Cat 2 North Dan 2 West Eve 1 East Fay 1 South Gus 2 East Hal 2 South"
    assert as_entered in text_of(client.get(f"{organiser.url}/caller"))
    # Table 1's card said E–W 8: accepted after its preview, the scores change and nobody moves.
    assert organiser.type_in(1, 1, 8, pair="EW", apply="yes").status_code == 303
    assert as_entered in text_of(client.get(f"{organiser.url}/caller"))
    assert "1= Cat 8 1 1 1= Dan 8" in text_of(client.get(f"{organiser.url}/leaderboard"))
    assert organiser.stored_hands() == [(1, 1, 8, "EW"), (1, 2, 5, "NS")]

def test_the_caller_draws_no_keep_the_screen_on_switch(app: Flask, client: FlaskClient) -> None:
    """A projector nobody taps: hall.js keeps it on without a switch drawn on the hall's screen."""
    organiser = small_drive(app, client)
    page = client.get(f"{organiser.url}/caller").get_data(as_text=True)
    assert "Keep the screen on" not in page and "data-wake" not in page
    assert "hall.css" in page and "data-pages" in page


def test_who_can_still_win_shows_from_the_interval_on(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    phone = app.test_client()
    assert organiser.enter(phone, 1, 8).status_code == 303
    assert "Who can still win" not in text_of(client.get(f"{organiser.url}/leaderboard"))
    assert organiser.enter(phone, 1, 9, pair="EW").status_code == 303
    # At the interval, two hands left: within 13 of the leader is realistically in reach (2.5 standard
    # deviations of two hands' difference, 2.5 tricks each): Bob 17 leads Ann 15 by 2, Dan 9 is 8 behind.
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "Who can still win (realistically, with the hands left)" in board
    assert "Highest total: Bob leads by 2 · Bob, Ann, Cat, Eve and Dan" in board
    assert "Best first half:" not in board  # decided: it is among the prizes
    caller = text_of(client.get(f"{organiser.url}/caller"))
    assert "Highest total: Bob leads by 2" in caller
    assert organiser.enter(phone, 1, 13).status_code == 303
    # One hand left (reach 9): Bob 30 and Eve 24 (13 each), Cat 21 (sat out); Ann 15 and Dan 9 out.
    board = text_of(client.get(f"{organiser.url}/leaderboard"))
    assert "Highest total: Bob leads by 6 · Bob, Eve and Cat · 2 out of reach" in board
    assert "(more than 9 behind with 1 hand left)" in board
    assert organiser.enter(phone, 1, 7).status_code == 303
    assert "Who can still win" not in text_of(client.get(f"{organiser.url}/leaderboard"))  # over


def test_the_projected_leaderboard_lists_everyone_in_pages(app: Flask, client: FlaskClient) -> None:
    organiser = small_drive(app, client)
    assert organiser.enter(app.test_client(), 1, 8).status_code == 303
    hall = app.test_client()
    first = hall.get(f"{organiser.url}/leaderboard/projector")
    assert first.status_code == 200
    screen = text_of(first)
    assert "Leaderboard" in screen and "Place, player and total" in screen
    assert "1= Ann 8 1= Bob 8 3 Eve 7" in screen
    assert 'data-pager-words="Page {page} of {pages}"' in first.get_data(as_text=True)
    fragment = hall.get(f"{organiser.url}/leaderboard/projector?fragment=1")
    assert "<html" not in fragment.get_data(as_text=True)
    assert (
        hall.get(
            f"{organiser.url}/leaderboard/projector?fragment=1",
            headers={"If-None-Match": fragment.headers["ETag"]},
        ).status_code
        == 304
    )
    assert hall.get("/drives/nope/leaderboard/projector").status_code == 404


def test_the_prizes_are_announced_one_at_a_time_booby_first(app: Flask, client: FlaskClient) -> None:
    """The organiser's prize-giving (their key needed): each prize revealed shows on every screen, and
    the standings once the last one is."""
    organiser = small_drive(app, client)
    phone = app.test_client()
    hall = app.test_client()
    announce = f"{organiser.url}/leaderboard/announce"
    stranger = hall.get(announce)
    assert stranger.status_code == 403 and "Only the organiser's phone" in text_of(stranger)
    assert hall.post(announce, data={"all": "yes"}).status_code in (400, 403)  # no token, no key
    assert "No prize is decided yet" in text_of(client.get(announce))
    for tricks, pair in ((8, "NS"), (9, "EW"), (7, "NS"), (11, "EW")):
        assert organiser.enter(phone, 1, tricks, pair=pair).status_code == 303
    start = text_of(client.get(announce))
    assert "4 prizes to give" in start and "Announce the first prize" in start
    assert "Dan" not in start
    assert organiser.form_post(announce, {"shown": "1"}).status_code == 303
    first = text_of(client.get(announce))
    assert "Booby prize (lowest total) Dan 17" in first
    assert "Bob" not in first  # the highest total is not given away before its turn
    board = text_of(hall.get(f"{organiser.url}/leaderboard"))
    assert "Booby prize (lowest total) Dan (17)" in board and "Bob" not in board
    assert "Booby prize (lowest total) Dan (17)" in text_of(hall.get(f"{organiser.url}/caller"))
    assert organiser.form_post(announce, {"shown": "4"}).status_code == 303
    last = text_of(client.get(announce))
    assert "Highest total Bob 35" in last
    assert "Booby prize (lowest total): Dan" in last  # those given so far, listed below
    assert "Next prize" not in last and "Back" in last
    assert "1 Bob 35" in text_of(hall.get(f"{organiser.url}/leaderboard"))  # every prize given: all of it
    assert organiser.form_post(announce, {"shown": "99"}).status_code == 303
    assert "Highest total Bob 35" in text_of(client.get(announce))
    assert organiser.form_post(announce, {"shown": "x"}).status_code == 303  # kept as it was


def test_the_caller_shows_the_results_still_to_confirm(app: Flask, client: FlaskClient) -> None:
    organiser = Organiser(app, client)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    assert organiser.set_up(names, hands="4", interval_after="").status_code == 303
    phone = app.test_client()
    assert organiser.enter(phone, 1, 8, confirm=False).status_code == 303
    screen = text_of(client.get(f"{organiser.url}/caller"))
    assert "Not in yet: 1, 2" in screen or "Not in yet: 2" in screen
    assert "Entered, to confirm: 1" in screen
    assert organiser.confirm(phone, 1, organiser.confirmers(phone, 1)[0]).status_code == 303
    assert "to confirm" not in text_of(client.get(f"{organiser.url}/caller"))

"""A latecomer is a full player (issue 26, item 1): a player who arrives or takes over a seat at a
table's game joins the table's roster and counts in every summary and statistic for the deals they
played; a player who left keeps their frozen total and their place. Driven through the pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import delete, select

from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.groups.models import GameSummaryRecord, GroupPlayerRecord, NewcomerRecord

from .conftest import Driver, app_in, csrf_token, error_text, started_game_id
from .events_driver import form_page, play, record, state_of, text_of
from .tables_driver import TablePhone, player_ids
from .test_table_files import upload

FOUR = ["Ana", "Bogdan", "Cristi", "Dan"]
ANA_BOGDAN_CRISTI = ["Ana", "Bogdan", "Cristi"]
# Five deals of two cards, no trump, no hook: a made bid scores its tricks + 10, a missed one its tricks.
FIVE_SHORT = {"shape": "fixed", "start_cards": 2, "deals": 5, "hook": False, "trump": "none"}


@pytest.fixture
def phone(driver: Driver) -> TablePhone:
    return TablePhone(driver)


def arrive(phone: TablePhone, game_id: str, name: str, *, left_of: int, start: Any = "0") -> str:
    """Record an arrival through its form; returns the text of the page that asked "Go on?"."""
    fields = {"name": name, "left_of": str(left_of), "start": "number" if isinstance(start, int) else start}
    if isinstance(start, int):
        fields["start_points"] = str(start)
    return record(phone.driver, game_id, "arrival", fields)


def leave(phone: TablePhone, game_id: str, seat: int) -> None:
    record(phone.driver, game_id, "departure", {"seat": str(seat)})


def substitute(phone: TablePhone, game_id: str, seat: int, name: str) -> str:
    return record(phone.driver, game_id, "substitute", {"seat": str(seat), "name": name})


def play_to_the_end(phone: TablePhone, game_id: str, *, taker: int = 0) -> None:
    while state_of(phone.driver, game_id).current is not None:
        play(phone.driver, game_id, 1, taker=taker)


def the_evening(phone: TablePhone, group_id: str) -> str:
    """Romanian Whist: Ana, Bogdan, Cristi and Dan; Elena arrives after deal 3 (at Bogdan's left),
    Bogdan leaves after deal 7; played to the end. Returns the game's id."""
    game_id = phone.start_game(group_id, "romanian-whist", FOUR)
    play(phone.driver, game_id, 3)
    arrive(phone, game_id, "Elena", left_of=1)
    play(phone.driver, game_id, 4)
    leave(phone, game_id, 1)
    play_to_the_end(phone, game_id)
    return game_id


def finish_text(phone: TablePhone, game_id: str) -> str:
    return text_of(phone.text(f"/games/{game_id}"))


def made_shares(page: str) -> dict[str, tuple[int, int]]:
    """The finish screen's "Bids made": name → (made, bids)."""
    return {
        name: (int(made), int(bids))
        for name, made, bids in re.findall(r"([A-Z][a-z]+): (\d+) of (\d+) \(", page)
    }


def games_of(phone: TablePhone, group_id: str, name: str) -> tuple[int, int]:
    """A player's wins and games on the table's statistics page ("1 · 50 % of 2 games")."""
    page = phone.text(f"/tables/{group_id}/stats")
    ids = player_ids(page, group_id)
    row = re.search(
        rf"/players/{ids[name]}[^>]*>{name}</a></th>\s*<td>(\d+) · [^<]*<span class=\"of\">of (\d+) games?",
        page,
    )
    assert row, f"{name} has no line in the statistics"
    return int(row.group(1)), int(row.group(2))


# --- the evening of the issue ----------------------------------------------------------------------


def test_the_evening_counts_elena_everywhere(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create("Friday whist")
    game_id = the_evening(phone, group_id)
    state = state_of(phone.driver, game_id)
    assert state.finished and len(state.deals) == 25

    # The finish screen: every seat on the podium, Bogdan with the total he left with; bids made by all
    # five, each for the deals they played (Elena 22, Bogdan 7).
    page = finish_text(phone, game_id)
    shares = made_shares(page.split("Bids made:")[1].split("Biggest swing")[0])
    assert set(shares) == {"Ana", "Bogdan", "Cristi", "Dan", "Elena"}
    assert shares["Elena"][1] == 22 and shares["Bogdan"][1] == 7 and shares["Ana"][1] == 25
    assert "left after deal 7" in page and "joined after deal 3" in page
    assert re.search(r"Play again with Ana, Elena, Cristi, Dan: \w+ deals first", page)

    # The roster has her, so the next game's name chips offer her.
    table = phone.text(f"/tables/{group_id}")
    assert set(player_ids(table, group_id)) == {"Ana", "Bogdan", "Cristi", "Dan", "Elena"}
    new_game = phone.text(f"/games/new/romanian-whist?table={group_id}")
    assert 'data-seat-name="Elena"' in new_game

    # The history names her; the statistics count her game.
    sides = history_sides(text_of(table))
    assert [sorted(names) for names in sides] == [["Ana", "Bogdan", "Cristi", "Dan", "Elena"]]
    assert games_of(phone, group_id, "Elena") == (0, 1)
    assert games_of(phone, group_id, "Bogdan") == (0, 1)

    # The hand-over page names who sits at the table now, in the order they sit.
    handover = text_of(phone.text(f"/games/{game_id}/hand-over"))
    assert "with Ana, Elena, Cristi, Dan." in handover


def test_play_again_seats_who_was_at_the_table_at_the_end_in_their_order(
    app: Flask, phone: TablePhone
) -> None:
    group_id = phone.create("Friday whist")
    game_id = the_evening(phone, group_id)
    # "Same players and seats as last time" names them, and seats them on the new-game form.
    assert "Last time: Ana, Elena, Cristi, Dan" in text_of(phone.text(f"/tables/{group_id}"))
    form = phone.client.get(f"/tables/{group_id}/start?variant=romanian-whist&seats=last")
    assert "players-1=Elena" in form.headers["Location"] and "Bogdan" not in form.headers["Location"]

    asked = phone.client.get(f"/tables/{group_id}/again/{game_id}")
    shown = text_of(asked)
    assert re.search(r"Seat 1: Ana .*Seat 2: Elena .*Seat 3: Cristi .*Seat 4: Dan", shown), shown
    assert "Seat 5" not in shown and "Bogdan" not in shown
    assert "everyone at the table when the last game ended" in shown
    # Ana dealt first: the deal moves on to her left, Elena.
    assert "Elena deals first" in shown
    started = phone.client.post(f"/tables/{group_id}/again/{game_id}", data={"csrf_token": csrf_token(asked)})
    assert started.status_code == 302, error_text(started)
    new_id = started_game_id(started)
    with app.app_context():
        _record, game = store.load_game(new_id)
    assert game.table.players == ("Ana", "Elena", "Cristi", "Dan") and game.table.first_dealer == 1


# --- wins, places and games counted -----------------------------------------------------------------


def test_a_latecomer_who_wins_is_the_winner_in_the_history_and_the_statistics(phone: TablePhone) -> None:
    """At "Friday check" Elena arrives after deal 1 on 30 points and wins; Bogdan leaves after deal 2."""
    group_id = phone.create("Friday check")
    game_id = phone.start_game(group_id, "custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
    play(phone.driver, game_id, 1)
    arrive(phone, game_id, "Elena", left_of=2, start=30)
    play(phone.driver, game_id, 1)
    leave(phone, game_id, 1)
    play_to_the_end(phone, game_id)
    state = state_of(phone.driver, game_id)
    assert state.players[state.winners[0]] == "Elena"

    table = text_of(phone.text(f"/tables/{group_id}"))
    assert "★ Elena" in table
    stats = text_of(phone.text(f"/tables/{group_id}/stats"))
    assert "Elena: 100% · 1 of 1" in stats and "Bogdan: 0% · 0 of 1" in stats
    assert games_of(phone, group_id, "Elena") == (1, 1)
    # The podium: Elena first; Bogdan on the total he left with, and said so.
    page = finish_text(phone, game_id)
    assert re.search(r"1st Elena joined after deal 1 \d+", page), page
    assert re.search(r"Bogdan left after deal 2 \d+", page)


def test_a_player_who_left_can_still_win_on_the_total_frozen_when_they_left(phone: TablePhone) -> None:
    group_id = phone.create("Friday whist")
    game_id = phone.start_game(group_id, "custom-oh-hell", FOUR, options=FIVE_SHORT)
    play(phone.driver, game_id, 1)
    record(phone.driver, game_id, "adjustment", {"side": "1", "sign": "+", "points": "60", "reason": "bonus"})
    leave(phone, game_id, 1)
    play_to_the_end(phone, game_id)
    state = state_of(phone.driver, game_id)
    assert [state.players[seat] for seat in state.winners] == ["Bogdan"]
    assert "★ Bogdan" in text_of(phone.text(f"/tables/{group_id}"))
    assert games_of(phone, group_id, "Bogdan") == (1, 1)
    assert re.search(r"1st Bogdan left after deal 1 \d+", finish_text(phone, game_id))


def test_every_game_of_a_latecomer_counts(phone: TablePhone) -> None:
    """Elena starts one game and arrives late at two: the statistics count her 3 games."""
    group_id = phone.create("Friday whist")
    first = phone.start_game(group_id, "custom-oh-hell", ["Ana", "Bogdan", "Elena"], options=FIVE_SHORT)
    play_to_the_end(phone, first)
    for _ in range(2):
        game_id = phone.start_game(group_id, "custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
        play(phone.driver, game_id, 2)
        arrive(phone, game_id, "Elena", left_of=0)
        play_to_the_end(phone, game_id)
    assert games_of(phone, group_id, "Elena")[1] == 3
    assert games_of(phone, group_id, "Cristi")[1] == 2
    player_page = text_of(phone.text(f"/tables/{group_id}/players/{ids_of(phone, group_id)['Elena']}"))
    assert "after 3 games" in player_page
    # The history's filter by player finds the games she arrived at.
    games = text_of(phone.text(f"/tables/{group_id}/games?player={ids_of(phone, group_id)['Elena']}"))
    sides = sorted(sorted(names) for names in history_sides(games))
    assert sides == [["Ana", "Bogdan", "Cristi", "Elena"]] * 2 + [["Ana", "Bogdan", "Elena"]]


SIDE = r"[^\d·−,★]+ −?\d+"
HISTORY_LINE = re.compile(rf"\d, \d{{4}} ({SIDE}(?: · {SIDE})*)")


def history_sides(text: str) -> list[list[str]]:
    """Each game of a table's history (its text), newest first: the names its line gives a score, by place."""
    lines = HISTORY_LINE.findall(text)
    return [[name.strip() for name in re.findall(r"([^\d·−,★]+?) −?\d+", line)] for line in lines]


def ids_of(phone: TablePhone, group_id: str) -> dict[str, int]:
    return player_ids(phone.text(f"/tables/{group_id}"), group_id)


# --- substitutes ---------------------------------------------------------------------------------------


def test_a_substitute_takes_the_seats_result_and_the_player_replaced_counts_as_having_played(
    phone: TablePhone,
) -> None:
    """Sue takes over Bogdan's seat after deal 2; the seat wins (42): the win and the place are Sue's,
    Bogdan played the game and his two bids count."""
    group_id = phone.create("Friday whist")
    game_id = phone.start_game(group_id, "custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
    play(phone.driver, game_id, 2, taker=1)
    substitute(phone, game_id, 1, "Sue")
    play_to_the_end(phone, game_id, taker=1)
    state = state_of(phone.driver, game_id)
    assert state.totals == (34, 42, 34) and state.winners == (1,)

    page = finish_text(phone, game_id)
    assert "1st Bogdan → Sue 42" in page
    assert re.search(r"Play again with Ana, Sue, Cristi: \w+ deals first", page)
    shares = made_shares(page.split("Bids made:")[1].split("Biggest swing")[0])
    assert shares["Bogdan"] == (2, 2) and shares["Sue"] == (2, 3) and shares["Ana"] == (3, 5)

    assert set(ids_of(phone, group_id)) == {"Ana", "Bogdan", "Cristi", "Sue"}
    assert games_of(phone, group_id, "Sue") == (1, 1)
    assert games_of(phone, group_id, "Bogdan") == (0, 1)
    stats = phone.text(f"/tables/{group_id}/stats")
    bogdan = stats.split(">Bogdan</a></th>")[1].split("</tr>")[0]
    assert "of 0 games" in bogdan  # no place: the seat's place is Sue's
    assert "★ Sue" in text_of(phone.text(f"/tables/{group_id}"))
    # The history gives Sue the seat's score (Bogdan's game counts in the statistics above).
    assert history_sides(text_of(phone.text(f"/tables/{group_id}"))) == [["Sue", "Ana", "Cristi"]]
    # Play again seats Sue where Bogdan sat.
    assert "Last time: Ana, Sue, Cristi" in text_of(phone.text(f"/tables/{group_id}"))


# --- the roster: chosen from it, or added to it ----------------------------------------------------------


def test_the_arrival_form_offers_the_rosters_other_players_and_says_who_is_new(phone: TablePhone) -> None:
    group_id = phone.create("Friday whist")
    assert phone.add_player(group_id, "Elena").status_code == 302
    game_id = phone.start_game(group_id, "custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
    play(phone.driver, game_id, 1)
    form = form_page(phone.driver, game_id, "arrival").get_data(as_text=True)
    assert 'data-newcomer-name="Elena"' in form and 'data-newcomer-name="Ana"' not in form
    assert '<option value="Elena">' in form

    # Typed in other letters, the name is the roster's player, spelt as the roster spells it.
    shown = arrive(phone, game_id, "elena", left_of=0)
    assert "Elena is a player of Friday whist: this game counts in their statistics." in shown
    assert state_of(phone.driver, game_id).players[3] == "Elena"
    assert set(ids_of(phone, group_id)) == {"Ana", "Bogdan", "Cristi", "Elena"}

    # A new name joins the roster as soon as it is recorded.
    shown = substitute(phone, game_id, 1, "Florin")
    assert "Florin is new at Friday whist: they join its players" in shown
    assert set(ids_of(phone, group_id)) == {"Ana", "Bogdan", "Cristi", "Elena", "Florin"}
    substitute_form = form_page(phone.driver, game_id, "substitute").get_data(as_text=True)
    assert "data-newcomer-name" not in substitute_form  # everyone on the roster is in the game


def test_correcting_an_arrivals_name_links_the_new_name(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create("Friday whist")
    game_id = phone.start_game(group_id, "custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
    play(phone.driver, game_id, 1)
    arrive(phone, game_id, "Elna", left_of=0)
    record(phone.driver, game_id, "arrival", {"name": "Elena", "left_of": "0", "start": "0"}, number=1)
    play_to_the_end(phone, game_id)
    assert games_of(phone, group_id, "Elena")[1] == 1
    # Elna stays on the roster (a roster player is never removed), but played no game.
    assert "Elna" in ids_of(phone, group_id)
    assert "Elna" not in player_ids(phone.text(f"/tables/{group_id}/stats"), group_id)


def test_renaming_a_latecomer_renames_them_in_the_game(app: Flask, phone: TablePhone) -> None:
    group_id = phone.create("Friday whist")
    game_id = the_evening(phone, group_id)
    elena = ids_of(phone, group_id)["Elena"]
    assert phone.rename(group_id, elena, "Elena P.").status_code == 302
    state = state_of(phone.driver, game_id)
    assert state.players[4] == "Elena P."
    phone.driver.sheet(game_id)  # says "Elena is now Elena P."
    sheet = text_of(phone.driver.sheet(game_id))
    assert "Arrival Elena P. joins after deal 3" in sheet and "Elena " not in sheet.replace("Elena P.", "")
    assert phone.driver.stored(game_id)[3]["name"] == "Elena P."
    assert games_of(phone, group_id, "Elena P.") == (0, 1)
    assert "Elena P." in history_sides(text_of(phone.text(f"/tables/{group_id}")))[0]


def test_a_game_on_its_own_offers_no_roster(driver: Driver) -> None:
    game_id = driver.start("custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
    play(driver, game_id, 1)
    form = form_page(driver, game_id, "arrival").get_data(as_text=True)
    assert "data-newcomer-name" not in form and "joins the table's players" not in form
    shown = record(driver, game_id, "arrival", {"name": "Elena", "left_of": "0", "start": "0"})
    assert "statistics" not in shown


# --- games stored before the links ------------------------------------------------------------------------


def test_rebuild_summaries_counts_the_latecomers_of_games_already_stored(
    app: Flask, phone: TablePhone
) -> None:
    group_id = phone.create("Friday whist")
    the_evening(phone, group_id)
    phone.text(f"/tables/{group_id}")  # the summaries are kept
    # As a game stored before latecomers were linked: no link, Elena not on the roster, no row of hers.
    with app.app_context():
        db.session.execute(delete(NewcomerRecord))
        db.session.execute(delete(GameSummaryRecord).where(GameSummaryRecord.member == 4))
        db.session.execute(delete(GroupPlayerRecord).where(GroupPlayerRecord.name == "Elena"))
        db.session.commit()
    assert "Elena" not in ids_of(phone, group_id)

    result = app.test_cli_runner().invoke(args=["rebuild-summaries"])
    assert result.exit_code == 0, result.output
    assert "Rebuilt the summaries of 1 games; 1 differed from the kept ones." in result.output
    assert "Elena" in ids_of(phone, group_id)
    assert games_of(phone, group_id, "Elena") == (0, 1)
    with app.app_context():
        linked = db.session.execute(select(NewcomerRecord.seat, NewcomerRecord.name)).all()
    assert [tuple(row) for row in linked] == [(4, "Elena")]
    again = app.test_cli_runner().invoke(args=["rebuild-summaries"])
    assert "0 differed" in again.output


def test_an_arrival_recorded_elsewhere_is_linked_when_the_table_is_next_read(
    app: Flask, phone: TablePhone
) -> None:
    group_id = phone.create("Friday whist")
    game_id = phone.start_game(group_id, "custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
    play(phone.driver, game_id, 1)
    with app.test_request_context():
        record_, game = store.load_game(game_id)
        store.record_event(record_, game, {"event": "arrival", "name": "Elena", "left_of": 0, "start": 0})
    play_to_the_end(phone, game_id)
    assert "Elena" in ids_of(phone, group_id)
    assert games_of(phone, group_id, "Elena")[1] == 1


# --- the table's file ------------------------------------------------------------------------------------


def test_a_table_with_latecomers_moves_to_another_server_and_loses_nothing(
    app: Flask, phone: TablePhone, tmp_path: Path
) -> None:
    group_id = phone.create("Friday whist")
    the_evening(phone, group_id)
    game_id = phone.start_game(group_id, "custom-oh-hell", ANA_BOGDAN_CRISTI, options=FIVE_SHORT)
    play(phone.driver, game_id, 2, taker=1)
    substitute(phone, game_id, 1, "Sue")
    play_to_the_end(phone, game_id, taker=1)
    exported = phone.client.get(f"/tables/{group_id}/export.json")
    document = json.loads(exported.get_data())
    assert [game["format_version"] for game in document["games"]] == [2, 2]
    assert document["games"][0]["events"][0] == {
        "after_deal": 3,
        "event": "arrival",
        "name": "Elena",
        "left_of": 1,
        "start": 0,
    }

    for there_app in app_in(tmp_path / "other"):
        there = there_app.test_client()
        imported = upload(there, exported.get_data())
        assert imported.status_code == 302, error_text(imported)
        new_id = imported.headers["Location"].rsplit("/", 1)[1]
        assert json.loads(there.get(f"/tables/{new_id}/export.json").get_data()) == document
        there_phone = TablePhone(Driver(there_app, there))
        for name in ("Elena", "Sue", "Bogdan"):
            assert games_of(there_phone, new_id, name) == games_of(phone, group_id, name)
        assert "★ Sue" in text_of(there_phone.text(f"/tables/{new_id}"))


def test_a_player_who_leaves_and_comes_back_counts_the_game_once(app: Flask, phone: TablePhone) -> None:
    """A player who left may come back (RULES.md §9: they arrive anew, in a new seat): the table counts
    one person who played one game, not two."""
    group_id = phone.create("Back again")
    game_id = phone.start_game(group_id, "custom-oh-hell", FOUR, options=FIVE_SHORT)
    play(phone.driver, game_id, 1)
    leave(phone, game_id, 1)
    play(phone.driver, game_id, 1)
    arrive(phone, game_id, "Bogdan", left_of=0)
    play_to_the_end(phone, game_id)
    assert state_of(phone.driver, game_id).finished
    table = phone.text(f"/tables/{group_id}")
    assert set(player_ids(table, group_id)) == {"Ana", "Bogdan", "Cristi", "Dan"}
    assert games_of(phone, group_id, "Bogdan")[1] == 1
    assert games_of(phone, group_id, "Ana")[1] == 1


def test_play_again_of_a_game_on_its_own_proposes_who_sat_at_the_end(driver: Driver) -> None:
    """Without a table, "Play again" fills the new-game form with those seated at the end, in the
    order they sat: not the player who left, and the one who arrived where she sat."""
    game_id = driver.start("romanian-whist", FOUR)
    play(driver, game_id, 3)
    record(driver, game_id, "arrival", {"name": "Elena", "left_of": "1", "start": "0"})
    play(driver, game_id, 4)
    record(driver, game_id, "departure", {"seat": "1"})
    again = driver.client.get(f"/games/{game_id}/again")
    assert again.status_code == 302
    form = driver.client.get(again.headers["Location"]).get_data(as_text=True)
    values = re.findall(r'name="players-(\d)"[^>]*value="([^"]*)"', form)
    assert [name for _, name in sorted(values)][:4] == ["Ana", "Elena", "Cristi", "Dan"]
    assert "Bogdan" not in [name for _, name in values]
    sheet = driver.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<title>Romanian Whist: Ana, Bogdan, Cristi, Dan, Elena" in sheet


def test_the_standings_say_whether_a_player_who_left_can_still_win(driver: Driver) -> None:
    """A player who left keeps a frozen total and a place; while the game goes on the standings say
    plainly whether that total can still win (nobody at the table has passed it) or not."""
    game_id = driver.start("custom-oh-hell", FOUR, options=FIVE_SHORT)
    play(driver, game_id, 1, taker=0)  # Ana, the first bidder's taker, leads on the totals
    state = state_of(driver, game_id)
    leader = max(range(4), key=lambda seat: state.totals[seat])
    record(driver, game_id, "departure", {"seat": str(leader)})
    sheet = text_of(driver.sheet(game_id))
    assert "can still win: nobody at the table has passed this total yet" in sheet
    play_to_the_end(TablePhone(driver), game_id, taker=1)
    state = state_of(driver, game_id)
    assert state.finished
    sheet = text_of(driver.sheet(game_id))
    assert "can still win" not in sheet and "can no longer win" not in sheet


def test_a_player_who_left_behind_is_said_to_be_unable_to_win(driver: Driver) -> None:
    game_id = driver.start("custom-oh-hell", FOUR, options=FIVE_SHORT)
    play(driver, game_id, 1, taker=0)
    state = state_of(driver, game_id)
    trailing = min(range(4), key=lambda seat: state.totals[seat])
    assert state.totals[trailing] < max(state.totals)
    record(driver, game_id, "departure", {"seat": str(trailing)})
    assert "can no longer win: this total is final and has been passed" in text_of(driver.sheet(game_id))

"""The pages ``test_pseudo_locale.py`` does not read, read in the pseudo-locale with no English left: each
family's entry screen, trick judge and explanation of points, a table's player, head-to-head, rename and
import pages, the hand-over code, every kind of table event's form, and the error pages."""

from __future__ import annotations

import re

from flask import Flask

from scorekeeper.games import store
from scorekeeper.web.games.event_forms import FIELDS

from ...pseudo_locale import pseudo
from ..conftest import HANDOVER_CODE, Driver, csrf_token
from ..pseudo_pages import english_left
from ..tables_driver import TablePhone, player_ids
from ..test_games_exact import PEGGY_TABLE, bids, play
from .test_pseudo_locale import NAMES

FOUR = ["Ann", "Bob", "Cy", "Dee"]
ALLOWED = [*NAMES, *FOUR, "Ann & Cy", "Bob & Dee", "ZZ"]  # the players' names, a card typed wrong


def english_on(reader: Driver, paths: dict[str, int]) -> dict[str, list[str]]:
    """The English runs on each page (read with the status it must answer)."""
    found = {}
    for path, status in paths.items():
        answer = reader.client.get(path)
        assert answer.status_code == status, (path, answer.status_code)
        runs = english_left(answer.get_data(as_text=True), ALLOWED)
        if runs:
            found[path] = runs
    return found


def play_one(reader: Driver, game_id: str, number: int) -> None:
    """A bid-exactly deal through its page: the first seat bids and takes every card, the next bids one."""
    page = reader.client.get(f"/games/{game_id}/deals/{number}").get_data(as_text=True)
    seats = sorted(set(re.findall(r'name="bid-(\d+)"', page)))
    cards = max(int(value) for value in re.findall(rf'name="bid-{seats[0]}" value="(\d+)"', page))
    bid = {f"bid-{seat}": 0 for seat in seats} | {f"bid-{seats[0]}": cards, f"bid-{seats[1]}": 1}
    took = {f"tricks-{seat}": 0 for seat in seats} | {f"tricks-{seats[0]}": cards}
    assert reader.post_deal(game_id, number, {"phase": "bids", **bid}).status_code == 302
    assert reader.post_deal(game_id, number, {"phase": "tricks", **bid, **took}).status_code == 302


def record(reader: Driver, game_id: str, number: int, entry: dict[str, object]) -> None:
    """Store a deal's entry as the engine takes it (the families' forms are tested elsewhere)."""
    with reader.app.app_context():
        stored = store.find_record(game_id)
        assert stored is not None
        store.record_deal(stored, store.game_of(stored), number, entry)


def test_every_familys_entry_judge_and_explanation_read_in_the_pseudo_locale(reader: Driver) -> None:
    oh_hell = reader.start("oh-hell", PEGGY_TABLE)
    play_one(reader, oh_hell, 1)
    bid_whist = reader.start("bid-whist", FOUR)
    record(
        reader,
        bid_whist,
        1,
        {"auction": ["pass", "4 downtown", "pass", "pass"], "declaration": "H", "tricks": 10},
    )
    assert reader.post_deal(bid_whist, 2, {"call-0": "pass", "call-1": "4 uptown"}).status_code == 302
    oneonta = reader.start("oneonta-solitaire", ["Ann"], options={"doubling": True})
    record(reader, oneonta, 1, {"bids": [{"kind": "positive", "value": 5}], "trump": "S", "tricks": [7]})
    competitive = reader.start("oneonta", ["Ann", "Bob", "Cy"])
    classic = reader.start("classic-whist", FOUR, options={"honours": True})
    assert (
        reader.post_deal(classic, 1, {"side": 0, "tricks": 8, "honours": 2, "trump": "H"}).status_code == 302
    )
    german = reader.start("german-whist", ["Ann", "Bob"])
    assert reader.post_deal(german, 1, {"tricks": 7}).status_code == 302
    paths = {f"/games/{game}/deals/2": 200 for game in (bid_whist, oneonta, classic, german)}
    paths[f"/games/{competitive}/deals/1"] = 200
    for game in (oh_hell, bid_whist, oneonta, classic, german):
        paths[f"/games/{game}/deals/1/explain"] = 200
        paths[f"/games/{game}/deals/1/trick"] = 200
    paths[
        f"/games/{bid_whist}/deals/1/trick?trump=H&order=downtown&leader=0&card-1=KH&card-2=AH&card-3=2H&card-4=JK1"
    ] = 200
    paths.update(
        {
            "/referee?variant=oh-hell&players=3&trump=S&card-1=AS&card-2=KS&card-3=QH": 200,
            "/referee?variant=oneonta&players=3&trump=H&card-1=AH&card-2=JK2&card-3=KH": 200,
            "/referee?variant=oneonta&players=3&trump=JK&card-1=AS&card-2=KS&card-3=JK1": 200,
            "/referee?variant=classic-whist&trump=NT&card-1=AS&card-2=KS&card-3=2S&card-4=AH": 200,
            "/referee?variant=german-whist&trump=H&card-1=AS&card-2=2H": 200,
            "/referee?variant=oh-hell&players=4&trump=S&card-1=AS&card-2=KS": 422,
            "/referee?variant=german-whist&trump=H&card-1=AS&card-2=ZZ": 422,
        }
    )
    found = english_on(reader, paths)
    assert found == {}, f"English left outside gettext (page: runs of plain words): {found}"


def test_the_tables_pages_the_hand_over_and_every_event_form_read_in_the_pseudo_locale(
    reader: Driver,
) -> None:
    table = TablePhone(reader)
    group_id = table.create()
    game_id = table.start_game(group_id, "oh-hell", PEGGY_TABLE)
    play_one(reader, game_id, 1)
    saved = reader.client.get(f"/games/{game_id}/deals/2").get_data(as_text=True)  # "Deal 1 saved."
    assert "1" + pseudo("%(Deal)s %(number)s saved.").split("%(number)s")[1] in saved
    assert english_left(saved, ALLOWED) == []
    players = player_ids(reader.client.get(f"/tables/{group_id}").get_data(as_text=True), group_id)
    peggy, john = players["Peggy"], players["John"]
    asked = reader.client.get(f"/games/{game_id}/hand-over")
    code = reader.client.post(f"/games/{game_id}/hand-over", data={"csrf_token": csrf_token(asked)})
    shown = HANDOVER_CODE.search(code.get_data(as_text=True))
    assert code.status_code == 200 and shown is not None
    assert english_left(code.get_data(as_text=True), [*ALLOWED, shown.group(1)]) == []  # letters, not words
    paths = {
        f"/tables/{group_id}/players/{peggy}": 200,
        f"/tables/{group_id}/versus": 200,
        f"/tables/{group_id}/versus?a={peggy}&b={john}": 200,
        f"/tables/{group_id}/players/{peggy}/name": 200,
        "/tables/import": 200,
        f"/tables/{group_id}/join": 200,
        f"/games/{game_id}/join": 200,
    }
    for kind in FIELDS:  # every kind the events sheet records (the secret totals' switch has its own page)
        paths[f"/games/{game_id}/events/new/{kind}"] = 200
    found = english_on(reader, paths)
    assert found == {}, f"English left outside gettext (page: runs of plain words): {found}"


def test_the_error_pages_read_in_the_pseudo_locale(app: Flask, reader: Driver) -> None:
    finished = reader.start(
        "custom-oh-hell", ["Ann", "Bob"], options={"shape": "fixed", "start_cards": 1, "deals": 1}
    )
    play(reader, finished, 1, (1, 1), (1, 0))
    game_id = reader.start("romanian-whist", PEGGY_TABLE, first_dealer=1)
    refused = reader.post_deal(game_id, 1, {"phase": "bids", **bids(1, 0, 0)})
    assert refused.status_code == 422
    found = english_on(
        reader, {"/games/0123456789abcdef0123456789abcdef": 404, f"/games/{finished}/deals/2": 409}
    )
    page = reader.client.get(f"/games/{game_id}/deals/1")
    stale = reader.client.post(
        f"/games/{game_id}/deals/1",
        data={"csrf_token": csrf_token(page), "phase": "bids", "version": "0", **bids(1, 1, 0)},
    )
    other = app.test_client()  # a phone without the game's edit key
    other.set_cookie("language", "eo")
    pages = {
        "the hook's refusal": refused,
        "a stale change": stale,
        "another phone's change": other.get(f"/games/{game_id}/deals/1"),
        "a form without its token": reader.client.post(f"/games/{game_id}/deals/1", data={"phase": "bids"}),
    }
    assert [answer.status_code for answer in pages.values()] == [422, 409, 403, 400]
    app.config["RATELIMIT_CREATE"] = "1 per minute"
    for _ in range(3):
        form = reader.client.get("/tables/new")
        pages["too many"] = reader.client.post(
            "/tables/new", data={"csrf_token": csrf_token(form), "name": "T"}
        )
    assert pages["too many"].status_code == 429
    for name, answer in pages.items():
        runs = english_left(answer.get_data(as_text=True), ALLOWED)
        if runs:
            found[name] = runs
    assert found == {}, f"English left outside gettext (page: runs of plain words): {found}"
    assert re.search(r'<html lang="eo"', pages["too many"].get_data(as_text=True))

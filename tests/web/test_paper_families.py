"""Paper in, scores out for the games scored by one side's tricks (Classic Whist's partnerships,
German Whist's two players): the blank sheet has a column per side, each side writes the tricks it
took, and the deals read, confirmed and recorded are the game typed in by hand on the deal screen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.rules import Game, Table, get_variant
from scorekeeper.rules.paper import Field, page_of
from tests.paper import corpus
from tests.web.conftest import Driver, csrf_token, error_text
from tests.web.test_paper_games import READING, confirm_form, printed_sheet, trained_classifier, upload

__all__ = ["trained_classifier"]


def photographed(
    client: FlaskClient,
    picture: corpus.Gray,
    fields: Sequence[Field],
    truth: dict[str, int | None],
    rng: np.random.Generator,
) -> TestResponse:
    """``picture`` filled in with ``truth`` in the corpus's first hand, photographed and uploaded: the
    upload's answer (a redirect to the confirm screen)."""
    filled = corpus.fill(picture, fields, truth, corpus.hands()[0], rng)
    response: TestResponse = upload(client, corpus.photograph(filled, rng))
    assert response.status_code == 303, error_text(response)
    return response


def recorded_game(client: FlaskClient, address: str, shown: TestResponse, form: dict[str, str]) -> str:
    """The confirm screen at ``address`` (as ``shown``) sent with ``form``: the id of the game it made."""
    recorded = client.post(address, data={"csrf_token": csrf_token(shown), **form})
    assert recorded.status_code == 303, error_text(recorded)
    found = re.search(r"/games/([0-9a-f]{32})", recorded.headers["Location"])
    assert found is not None, recorded.headers["Location"]
    return found.group(1)


def side_games(
    table: Table, deals: int, rng: np.random.Generator
) -> tuple[list[dict[str, int]], dict[str, int | None]]:
    """The first side's entries of ``deals`` deals the engine accepts (fewer if the game ends), and
    the sheet's values: each side's count written in its column, and where honours count, the
    honours of both sides (of the second side only in deal 2: the first side holds the rest)."""
    honours = table.options.get("honours", False)
    game, entries, values = Game(table), [], {}
    for number in range(1, deals + 1):
        facts = game.state.current
        if facts is None:
            break
        entry = {"tricks": int(rng.integers(4, facts.cards - 3))}
        values[f"{number}.0.tricks"] = entry["tricks"]
        values[f"{number}.1.tricks"] = facts.cards - entry["tricks"]
        if honours:
            entry["honours"] = int(rng.integers(0, 5))
            values[f"{number}.1.honours"] = 4 - entry["honours"]
            if number != 2:
                values[f"{number}.0.honours"] = entry["honours"]
        game = game.record(table.variant.engine.read_entry(number, entry))
        entries.append(entry)
    return entries, values


@pytest.mark.parametrize(
    ("code", "names", "options"),
    [("classic-whist", ["Ann", "Bob", "Cy", "Dee"], {"honours": True}), ("german-whist", ["Ann", "Bob"], {})],
)
def test_a_side_by_side_sheet_becomes_the_game_typed_by_hand(
    client: FlaskClient, driver: Driver, code: str, names: list[str], options: dict[str, bool]
) -> None:
    query = "&".join(f"players-{seat}={name}" for seat, name in enumerate(names)) + "&first_dealer=1&rows=4"
    query += "".join(f"&option_{name}=on" for name in options)
    pictures, identity = printed_sheet(client, query, code)
    table = Table.create(get_variant(code), names, first_dealer=0, options=options)
    page = page_of(table, identity)
    assert {field.column for field in page.fields} == {0, 1}  # a column per side, not per player
    rng = np.random.default_rng(45)
    entries, truth = side_games(table, 3, rng)
    response = photographed(client, pictures[0], page.fields, truth, rng)
    assert READING.search(response.headers["Location"])
    shown = client.get(response.headers["Location"])
    text = shown.get_data(as_text=True)
    assert shown.status_code == 200 and f"<h3>{' &amp; '.join(names[::2])}</h3>" in text
    form = {**confirm_form(text), **{f"v-{key}": str(value) for key, value in truth.items()}}
    # The two sides' counts must make up the deal's tricks: the engine's reason, the row flagged.
    wrong = {**form, "v-2.1.tricks": str(int(form["v-2.1.tricks"]) + 1)}
    refused = client.post(response.headers["Location"], data={"csrf_token": csrf_token(shown), **wrong})
    assert refused.status_code == 422
    assert "The tricks add up to 14, but 13 were played" in error_text(refused)
    if options:  # and the two sides' honours the four trump honours
        wrong = {**form, "v-1.1.honours": str((int(form["v-1.1.honours"]) + 1) % 5)}
        refused = client.post(response.headers["Location"], data={"csrf_token": csrf_token(shown), **wrong})
        assert refused.status_code == 422 and "do not make up the four trump honours" in error_text(refused)
    game_id = recorded_game(client, response.headers["Location"], shown, form)
    by_hand = driver.start(code, names, first_dealer=0, options=options)
    for number, entry in enumerate(entries, start=1):
        assert driver.post_deal(by_hand, number, {"side": 0, **entry}).status_code == 302
    assert driver.stored(game_id) == driver.stored(by_hand) == entries


def test_an_oneonta_sheet_reads_nulls_and_doubles_as_the_deal_screen_enters_them(
    client: FlaskClient, driver: Driver
) -> None:
    # Seven players with doubling: four values a player do not fit a row even in landscape, so each
    # deal is written on two lines, Bid and Null above Dbl and Took.
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    query = "&".join(f"players-{seat}={name}" for seat, name in enumerate(names))
    pictures, identity = printed_sheet(client, query + "&first_dealer=1&option_doubling=on", "oneonta")
    assert identity.orientation == "landscape"
    table = Table.create(get_variant("oneonta"), names, first_dealer=0, options={"doubling": True})
    page = page_of(table, identity)
    boxes = {field.key: field.boxes[0] for field in page.fields}
    assert {field.what for field in page.fields} == {"bid", "null", "double", "tricks"}
    for seat in (0, 6):  # the double under the bid, the tricks under the null
        assert boxes[f"1.{seat}.double"].x == boxes[f"1.{seat}.bid"].x
        assert boxes[f"1.{seat}.double"].y > boxes[f"1.{seat}.bid"].y + boxes[f"1.{seat}.bid"].height
        assert boxes[f"1.{seat}.tricks"].x == boxes[f"1.{seat}.null"].x
    cards = page.rows[0].most
    # Deal 1: Ann bids 2, Bob a null staking 2, Gus doubles a null of every trick; deal 2 bid only.
    chips = [
        {0: "2", 1: "N2", 2: "3", 3: "1", 4: "N1", 5: "3", 6: f"N{cards}"},
        {0: "1", 1: "1", 2: "N1", 3: "1", 4: "1", 5: "1", 6: "4"},
    ]
    tricks = [2, 1, 3, 1, 0, 0, 0]
    truth: dict[str, int | None] = {
        "1.0.bid": 2, "1.1.null": 2, "1.2.bid": 3, "1.3.bid": 1, "1.4.null": 1, "1.5.bid": 3,
        "1.6.null": cards, "1.6.double": 1,
        **{f"1.{seat}.tricks": took for seat, took in enumerate(tricks)},
        "2.0.bid": 1, "2.1.bid": 1, "2.2.null": 1, "2.3.bid": 1, "2.4.bid": 1, "2.5.bid": 1, "2.6.bid": 4,
    }  # fmt: skip
    rng = np.random.default_rng(49)
    response = photographed(client, pictures[0], page.fields, truth, rng)
    shown = client.get(response.headers["Location"])
    form = {**confirm_form(shown.get_data(as_text=True))}
    below = [key for key in truth if key.endswith((".double", ".tricks"))]  # the deal's second line
    assert {key: form[f"v-{key}"] for key in below} == {key: str(truth[key]) for key in below}
    form.update({key: "" for key in form if key.removeprefix("v-") not in truth})
    form.update({f"v-{key}": str(value) for key, value in truth.items()})
    # A bid and a null both written for one player make no bid: the row is refused, nothing kept.
    both = client.post(
        response.headers["Location"], data={"csrf_token": csrf_token(shown), **form, "v-1.0.null": "3"}
    )
    assert both.status_code == 422
    assert "A bid and a null are both written for one player" in error_text(both)
    game_id = recorded_game(client, response.headers["Location"], shown, form)
    by_hand = driver.start("oneonta", names, first_dealer=0, options={"doubling": True})
    bids = {f"bid-{seat}": chip for seat, chip in chips[0].items()}
    assert driver.post_deal(by_hand, 1, {"phase": "bids", **bids, "double-6": "y"}).status_code == 302
    took = {f"tricks-{seat}": count for seat, count in enumerate(tricks)}
    assert (
        driver.post_deal(by_hand, 1, {"phase": "tricks", **bids, "double-6": "y", **took}).status_code == 302
    )
    second = {f"bid-{seat}": chip for seat, chip in chips[1].items()}
    assert driver.post_deal(by_hand, 2, {"phase": "bids", **second}).status_code == 302
    assert driver.stored(game_id) == driver.stored(by_hand)
    assert driver.stored(game_id)[0]["bids"][6] == {"kind": "null", "value": cards, "doubled": True}


def test_a_bid_whist_sheet_reads_the_contract_as_the_deal_screen_enters_it(
    client: FlaskClient, driver: Driver
) -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    query = "&".join(f"players-{seat}={name}" for seat, name in enumerate(names)) + "&first_dealer=1&rows=4"
    pictures, identity = printed_sheet(client, query, "bid-whist")
    table = Table.create(get_variant("bid-whist"), names, first_dealer=0)
    page = page_of(table, identity)
    assert {field.what for field in page.fields} == {"bid", "kind", "declaration", "tricks"}
    # Hand 1: Bob & Dee win with 4 downtown (kind 2), hearts (2), 8 tricks; hand 2: Ann & Cy with
    # 5 no trump (3), uptown (5), 10 tricks. The other side's column is left empty.
    truth: dict[str, int | None] = {
        "1.1.bid": 4, "1.1.kind": 2, "1.1.declaration": 2, "1.1.tricks": 8,
        "2.0.bid": 5, "2.0.kind": 3, "2.0.declaration": 5, "2.0.tricks": 10,
    }  # fmt: skip
    rng = np.random.default_rng(47)
    response = photographed(client, pictures[0], page.fields, truth, rng)
    shown = client.get(response.headers["Location"])
    text = shown.get_data(as_text=True)
    assert "<span>2 ♥</span>" in text and "<span>5 ↑ uptown</span>" in text  # the numbers' meanings
    form = confirm_form(text)
    form.update({key: "" for key in form if key.removeprefix("v-") not in truth})
    form.update({f"v-{key}": str(value) for key, value in truth.items()})
    both = client.post(
        response.headers["Location"], data={"csrf_token": csrf_token(shown), **form, "v-1.0.bid": "5"}
    )
    assert both.status_code == 422
    assert "Write the contract in one side's column only" in error_text(both)
    game_id = recorded_game(client, response.headers["Location"], shown, form)
    by_hand = driver.start(
        "bid-whist", names, first_dealer=0, options={"low_beats_high": True, "bidder_gets_kitty": True}
    )
    hands = [
        (["4 downtown", "pass", "pass", "pass"], "H", 8),
        (["5 NT", "pass", "pass", "pass"], "uptown", 10),
    ]
    for number, (calls, declaration, tricks) in enumerate(hands, start=1):
        fields = {f"call-{position}": call for position, call in enumerate(calls)}
        done = driver.post_deal(by_hand, number, {**fields, "declaration": declaration, "tricks": tricks})
        assert done.status_code == 302, error_text(done)
    assert driver.stored(game_id) == driver.stored(by_hand)
    assert driver.stored(game_id)[0] == {"auction": hands[0][0], "declaration": "H", "tricks": 8}

"""Impossible table events through the pages: each refused with 4xx, the reason naming the player and
the rule, the values kept, and nothing stored; a page made from an older version of the game (409);
phones that may not change the game, and games that can no longer change."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from .conftest import Driver, error_text, hand_over
from .events_driver import form_page, hub, play, record, send, text_of

OH_HELL = ["Ann", "Bob", "Cy", "Dee"]


def classic(driver: Driver) -> str:
    game = driver.start("classic-whist", OH_HELL)
    assert driver.post_deal(game, 1, {"side": 0, "tricks": 8, "trump": "H"}).status_code == 302
    return game


def oh_hell(driver: Driver, deals: int = 1, players: list[str] = OH_HELL) -> str:
    game = driver.start("oh-hell", players)
    play(driver, game, deals)
    return game


def sat_out(driver: Driver) -> str:
    """Oh Hell: Cy sits deal 2 out, which is played."""
    game = oh_hell(driver)
    record(driver, game, "sit_out", {"seat": "2"})
    play(driver, game)
    return game


def left(driver: Driver) -> str:
    """Oh Hell: Ann leaves after deal 1."""
    game = oh_hell(driver)
    record(driver, game, "departure", {"seat": "0"})
    return game


def stopped(driver: Driver) -> str:
    game = oh_hell(driver)
    record(driver, game, "stop")
    return game


REFUSALS: list[tuple[str, Any, str, dict[str, Any], str]] = [
    (
        "an arrival in a partnership game",
        classic,
        "arrival",
        {"name": "Eve", "left_of": "3", "start": "0"},
        "Eve cannot join: Classic Whist is played by exactly four players, two partnerships. "
        "Eve can take over a seat as a substitute",
    ),
    (
        "an arrival past the most players",
        lambda driver: oh_hell(driver, players=["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]),
        "arrival",
        {"name": "Hal", "left_of": "6", "start": "0"},
        "Hal cannot join: Oh Hell is played by at most 7 players, and the table has 7 already. "
        "Hal can take over a seat as a substitute",
    ),
    (
        "a departure from a partnership game",
        classic,
        "departure",
        {"seat": "1"},
        "Bob cannot leave: Classic Whist is played by exactly four players, two partnerships. "
        "A substitute can take over Bob's seat",
    ),
    (
        "a departure below the fewest players",
        lambda driver: oh_hell(driver, players=["Ann", "Bob", "Cy"]),
        "departure",
        {"seat": "1"},
        "Bob cannot leave: Oh Hell needs at least 3 players, and without Bob the table would have 2. "
        "A substitute can take over Bob's seat",
    ),
    (
        "a substitute under a name already at the table",
        oh_hell,
        "substitute",
        {"seat": "1", "name": "cy"},
        "cy already has a seat at this table: give the newcomer a different name",
    ),
    (
        "a sit-out in a partnership game",
        classic,
        "sit_out",
        {"seat": "0"},
        "Ann cannot sit out: in Classic Whist every player plays every deal. "
        "A substitute can take over Ann's seat",
    ),
    (
        "a sit-out that leaves too few to play",
        lambda driver: oh_hell(driver, players=["Ann", "Bob", "Cy"]),
        "sit_out",
        {"seat": "0"},
        "Ann cannot sit deal 2 out: at least 3 players must play each deal of Oh Hell, "
        "and it would have only 2",
    ),
    (
        "a revoke by a player who sat the deal out",
        sat_out,
        "revoke",
        {"seats": ["2"]},
        "Cy did not play deal 2, so cannot have revoked in it",
    ),
    (
        "points to a player who left",
        left,
        "adjustment",
        {"side": "0", "sign": "+", "points": "5", "reason": "late"},
        "Ann left after deal 1: their total is final",
    ),
    (
        "an adjustment without a reason",
        oh_hell,
        "adjustment",
        {"side": "0", "sign": "+", "points": "5", "reason": " "},
        "Say why the points change, such as “late to the table”",
    ),
    (
        "a misdeal after the game stopped",
        stopped,
        "misdeal",
        {},
        "The game was stopped after deal 1: nothing more is recorded",
    ),
    (
        "stopping before anything is played",
        lambda driver: driver.start("oh-hell", OH_HELL),
        "stop",
        {},
        "Nothing has been played yet: abandon the game rather than stop it",
    ),
    (
        "a revoke penalty where the laws give no choice",
        oh_hell,
        "revoke",
        {"seats": ["1"], "penalty": "points"},
        "In Oh Hell a revoke costs what the laws say, with no choice for the other side: "
        "record it without one",
    ),
    (
        "a revoke penalty the laws do not know",
        classic,
        "revoke",
        {"seats": ["0"], "penalty": "cards"},
        'The penalty the other side chooses for a revoke is one of "tricks", "points", not \'cards\'',
    ),
    # The form's own refusals: a form sent back without the player it is about.
    ("a revoke with nobody ticked", oh_hell, "revoke", {}, "Tick who revoked"),
    ("a departure with nobody chosen", oh_hell, "departure", {}, "Choose who leaves"),
    (
        "a substitute for no seat",
        oh_hell,
        "substitute",
        {"name": "Hal"},
        "Choose the seat the substitute takes over",
    ),
    ("a sit-out with nobody chosen", oh_hell, "sit_out", {}, "Choose who sits out"),
]


@pytest.mark.parametrize(
    ("why", "setup", "kind", "fields", "reason"), REFUSALS, ids=[row[0] for row in REFUSALS]
)
def test_an_impossible_event_is_refused_with_the_reason_and_nothing_stored(
    driver: Driver, why: str, setup: Any, kind: str, fields: dict[str, Any], reason: str
) -> None:
    game = setup(driver)
    stored, version = driver.stored(game), driver.version(game)
    refused = send(driver, game, kind, fields)
    assert refused.status_code == 422, why
    assert error_text(refused) == reason
    body = refused.get_data(as_text=True)
    for name, value in fields.items():
        if name in ("name", "reason") and value.strip():
            assert f'name="{name}" value="{value}"' in body  # what was typed stays
    # Saying yes anyway (a page made before the refusal) is refused the same way.
    again = send(driver, game, kind, fields, step="record", page=refused)
    assert again.status_code == 422 and error_text(again) == reason
    assert driver.stored(game) == stored and driver.version(game) == version


def test_the_events_page_offers_no_target_for_an_impossible_event(driver: Driver) -> None:
    game = classic(driver)
    page = hub(driver, game)
    text = text_of(page)
    assert "Arrival Player 5 cannot join: Classic Whist is played by exactly four players" in text
    assert "Sit-out Ann cannot sit out: in Classic Whist every player plays every deal" in text
    assert f"/games/{game}/events/new/arrival" not in page.get_data(as_text=True)
    form = text_of(form_page(driver, game, "arrival"))  # a stale link still says why, and offers no yes
    assert "Player 5 cannot join" in form and "Next: check what changes" not in form


def test_an_event_while_a_deal_is_under_way_waits_for_it(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    assert (
        driver.post_deal(
            game, 1, {"phase": "bids", "bid-0": 0, "bid-1": 0, "bid-2": 0, "bid-3": 1}
        ).status_code
        == 302
    )
    refused = send(driver, game, "adjustment", {"side": "0", "sign": "+", "points": "2", "reason": "x"})
    assert refused.status_code == 422
    assert error_text(refused) == (
        "Deal 1 is under way: finish it, or undo what was entered of it, before an adjustment"
    )


def test_a_page_from_before_another_phones_change_is_refused_with_409(app: Flask, driver: Driver) -> None:
    game = oh_hell(driver)
    form = form_page(driver, game, "adjustment")
    confirm = send(
        driver, game, "adjustment", {"side": "0", "sign": "+", "points": "2", "reason": "x"}, page=form
    )
    assert confirm.status_code == 200
    other = Driver(app, app.test_client())
    hand_over(driver.client, other.client, game)
    play(other, game)  # the other phone enters deal 2 first
    stored = driver.stored(game)
    fields = {"side": "0", "sign": "+", "points": "2", "reason": "x"}
    stale = send(driver, game, "adjustment", fields, step="record", page=confirm)
    assert stale.status_code == 409
    assert "This game changed on another phone" in error_text(stale)
    assert 'value="x"' in stale.get_data(as_text=True)  # the values stay, to send again
    assert driver.stored(game) == stored
    fresh = re.search(r'name="version" value="(\d+)"', stale.get_data(as_text=True))
    assert fresh and int(fresh.group(1)) == driver.version(game)  # sending again now goes through
    assert send(driver, game, "adjustment", fields, step="record", page=stale).status_code == 302


def test_a_stale_correction_and_take_back_change_nothing(app: Flask, driver: Driver) -> None:
    game = oh_hell(driver)
    record(driver, game, "adjustment", {"side": "1", "sign": "+", "points": "2", "reason": "x"})
    form = driver.client.get(f"/games/{game}/events/1")
    other = Driver(app, app.test_client())
    hand_over(driver.client, other.client, game)
    record(other, game, "misdeal")
    stored = driver.stored(game)
    fields = {"side": "1", "sign": "+", "points": "3", "reason": "x"}
    assert send(driver, game, "adjustment", fields, step="record", page=form, number=1).status_code == 409
    taken = driver.client.post(
        f"/games/{game}/events/2/take-back",
        data={
            "csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', form.get_data(as_text=True)).group(
                1
            ),
            "version": re.search(r'name="version" value="(\d+)"', form.get_data(as_text=True)).group(1),
        },
    )
    assert taken.status_code == 303
    assert driver.stored(game) == stored


def test_only_the_phone_that_keeps_the_score_records_events(app: Flask, driver: Driver) -> None:
    game = oh_hell(driver)
    follower = app.test_client()
    assert follower.get(f"/games/{game}/events").status_code == 403
    assert follower.get(f"/games/{game}/events/new/misdeal").status_code == 403
    page = driver.client.get(f"/games/{game}/events/new/adjustment")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True)).group(1)
    assert follower.post(f"/games/{game}/events/new/misdeal", data={"csrf_token": token}).status_code in (
        400,
        403,
    )
    assert driver.client.get(f"/games/{game}/events/new/nonsense").status_code == 404
    assert driver.client.get(f"/games/{game}/events/9").status_code == 404


def test_an_abandoned_game_takes_no_events(driver: Driver) -> None:
    game = oh_hell(driver)
    assert driver.post(f"/games/{game}/abandon", token_from=f"/games/{game}/abandon").status_code == 302
    assert driver.client.get(f"/games/{game}/events").status_code == 409
    assert driver.client.get(f"/games/{game}/events/new/misdeal").status_code == 409
    assert "Table events" not in driver.sheet(game)

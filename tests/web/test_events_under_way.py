"""Table events while a deal is under way, through the pages (RULES.md §9, settled December 2026): the
table's events say once why the others wait; a misdeal found after the bids names the bids it drops,
deals again, and undo brings the bids back; a substitute plays the rest of the deal; stopping early drops
the half-entered deal. Nothing is stored before the yes."""

from __future__ import annotations

from .conftest import Driver, error_text
from .events_driver import form_page, hub, play, record, send, state_of, text_of
from .test_undo_words import undo

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def bids_saved(driver: Driver) -> str:
    """An Oh Hell game with deal 1 played and deal 2's bids saved (Bob deals 9 cards; Cy bids first)."""
    game = driver.start("oh-hell", PLAYERS)
    play(driver, game)
    answer = driver.post_deal(game, 2, {"phase": "bids", "bid-2": 1, "bid-3": 2, "bid-0": 0, "bid-1": 3})
    assert answer.status_code == 302, text_of(answer)
    return game


def test_the_events_that_wait_for_the_deal_say_why_once(driver: Driver) -> None:
    game = bids_saved(driver)
    page = text_of(hub(driver, game))
    reason = (
        "Deal 2 is under way: a revoke, a player's arrival, a player's departure, a sit-out and an "
        "adjustment wait until it is finished, or until what was entered of it is undone."
    )
    assert page.count(reason) == 1
    assert page.count("is under way") == 1  # not once per event
    assert "Found after the bids: deal 2 is dealt again, what was entered of it dropped" in page
    assert "The game ends now, on the standings after deal 1; deal 2 is not scored" in page
    for kind in ("misdeal", "substitute", "stop"):
        assert f"/games/{game}/events/new/{kind}" in hub(driver, game).get_data(as_text=True)
    refused = send(driver, game, "adjustment", {"side": "0", "sign": "+", "points": "2", "reason": "x"})
    assert refused.status_code == 422
    assert error_text(refused).startswith("Deal 2 is under way")


def test_a_misdeal_after_the_bids_names_them_drops_them_and_undo_brings_them_back(driver: Driver) -> None:
    game = bids_saved(driver)
    before = driver.stored(game)
    confirm = text_of(form_page(driver, game, "misdeal"))
    assert "Bob misdealt deal 2 and deals it again." in confirm
    assert (
        "Deal 2 is not scored: what was entered of it is dropped (Cy 1, Dee 2, Ann 0 and Bob 3)." in confirm
    )
    assert driver.stored(game) == before  # asking stores nothing
    record(driver, game, "misdeal")
    assert driver.stored(game) == [before[0], {"event": "misdeal"}]
    state = state_of(driver, game)
    assert state.current.number == 2 and state.current.dealer == 1 and len(state.deals) == 1
    screen = text_of(driver.client.get(f"/games/{game}/deals/2"))
    assert "Save the bids" in screen
    answer = undo(driver, game)
    assert (
        answer["message"]
        == "Taken back: Bob misdealt deal 2 and deals it again. What was entered of deal 2 is back."
    )
    assert driver.stored(game) == before
    assert state_of(driver, game).deals[1].bids == (0, 3, 1, 2)


def test_a_substitute_plays_the_rest_of_the_deal_under_way(driver: Driver) -> None:
    game = bids_saved(driver)
    shown = record(driver, game, "substitute", {"seat": "3", "name": "Sue"})
    assert "Sue takes over Dee's seat from deal 2." in shown
    assert (
        "Deal 2 is under way: Sue plays the rest of it in Dee's seat, and what was entered of it stays."
        in shown
    )
    state = state_of(driver, game)
    assert state.players[3] == "Sue" and state.deals[1].bids == (0, 3, 1, 2)
    assert [item.get("event") for item in driver.stored(game)] == [None, "substitute", None]
    answer = undo(driver, game)
    assert answer["message"].startswith("Taken back: Sue takes over Dee's seat from deal 2.")
    assert [item.get("event") for item in driver.stored(game)] == [None, None]
    assert state_of(driver, game).players[3] == "Dee"


def test_stopping_with_a_deal_half_entered_drops_it(driver: Driver) -> None:
    game = bids_saved(driver)
    shown = record(driver, game, "stop")
    assert "Deal 2 is not scored: what was entered of it is dropped (Cy 1, Dee 2, Ann 0 and Bob 3)." in shown
    state = state_of(driver, game)
    assert state.finished and len(state.deals) == 1
    assert [item.get("event") for item in driver.stored(game)] == [None, "stop"]

"""Table events through the pages, as the phone that keeps the score taps them: open the table's
events, open one, fill its form, read what it would change, say yes."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from werkzeug.test import TestResponse

from scorekeeper.games import store

from .conftest import Driver, csrf_token


def text_of(page: TestResponse | str) -> str:
    """A page's text without markup, as one line."""
    body = page if isinstance(page, str) else page.get_data(as_text=True)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def state_of(driver: Driver, game_id: str) -> Any:
    """The engine's state of the stored game."""
    with driver.app.app_context():
        _record, game = store.load_game(game_id)
        return game.state


def play(driver: Driver, game_id: str, deals: int = 1, *, taker: int = 0) -> None:
    """Enter ``deals`` deals through the deal screen: everyone bids 0, and the ``taker``-th player in the
    bidding order takes every trick (so that player misses by all the cards)."""
    for _ in range(deals):
        current = state_of(driver, game_id).current
        seats = len(state_of(driver, game_id).players)
        bids = {f"bid-{seat}": 0 for seat in current.bidding_order}
        tricks = {f"tricks-{seat}": 0 for seat in current.bidding_order}
        tricks[f"tricks-{current.bidding_order[taker]}"] = current.cards
        assert seats > 0
        number = current.number
        response = driver.post_deal(game_id, number, {"phase": "bids", **bids})
        assert response.status_code == 302, text_of(response)
        response = driver.post_deal(game_id, number, {"phase": "tricks", **bids, **tricks})
        assert response.status_code == 302, text_of(response)


def form_page(driver: Driver, game_id: str, kind: str, query: str = "") -> TestResponse:
    """The page an event's target opens (its form, or what it would do when it asks nothing)."""
    return driver.client.get(f"/games/{game_id}/events/new/{kind}{query}")


def send(
    driver: Driver,
    game_id: str,
    kind: str,
    fields: Mapping[str, Any],
    *,
    step: str = "check",
    page: TestResponse | None = None,
    number: int | None = None,
) -> TestResponse:
    """Post an event's form (new, or event ``number`` corrected) with the CSRF token and version of
    ``page`` (default: the form as it opens now)."""
    url = f"/games/{game_id}/events/new/{kind}" if number is None else f"/games/{game_id}/events/{number}"
    page = page if page is not None else driver.client.get(url)
    if 'name="version"' not in page.get_data(as_text=True):
        # An event that asks nothing opens on what it would do, or on the engine's refusal, which has
        # no form: the sheet's forms carry the token and the version.
        page = driver.client.get(f"/games/{game_id}")
    body = page.get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', body)
    assert version, "the page has no version"
    data: dict[str, Any] = {"csrf_token": csrf_token(page), "version": version.group(1), "step": step}
    data.update({name: value for name, value in fields.items()})
    return driver.client.post(url, data=data)


def record(
    driver: Driver,
    game_id: str,
    kind: str,
    fields: Mapping[str, Any] | None = None,
    *,
    number: int | None = None,
) -> str:
    """Fill in the form, read what the event would change, and say yes; returns the text of the page
    that asked "Go on?"."""
    confirm = send(driver, game_id, kind, fields or {}, number=number)
    assert confirm.status_code == 200, text_of(confirm)
    shown = text_of(confirm)
    assert "Go on?" in shown
    hidden = dict(
        re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', confirm.get_data(as_text=True))
    )
    seats = re.findall(r'<input type="hidden" name="seats" value="([^"]*)"', confirm.get_data(as_text=True))
    answer = {
        key: html.unescape(value) for key, value in hidden.items() if key not in ("csrf_token", "version")
    }
    if seats:
        answer["seats"] = seats
    done = send(driver, game_id, kind, answer, step="record", page=confirm, number=number)
    assert done.status_code == 302, text_of(done)
    return shown


def hub(driver: Driver, game_id: str, query: str = "") -> TestResponse:
    """The table's events page."""
    return driver.client.get(f"/games/{game_id}/events{query}")

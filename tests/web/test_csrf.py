"""An evening at the table lasts longer than an hour: a form's CSRF token lasts as long as its session.

Flask-WTF signs each token with the time by default and refuses it after an
hour, so a deal form opened before a long hand was refused as "expired". The
token is now bound to the session alone; one from another session is still
refused.
"""

from __future__ import annotations

import time

import pytest
from itsdangerous.timed import TimestampSigner

from .conftest import Driver, csrf_token
from .test_games_exact import PEGGY_TABLE, bids

TWO_HOURS = 2 * 3600


def later_by(monkeypatch: pytest.MonkeyPatch, seconds: int) -> None:
    """Move the clock that signs and checks the tokens forward."""
    now = int(time.time()) + seconds
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda _self: now)


def test_a_deal_form_sent_two_hours_after_it_was_opened_is_saved(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = driver.start("romanian-whist", PEGGY_TABLE, first_dealer=1)
    page = driver.client.get(f"/games/{game_id}/deals/1")
    later_by(monkeypatch, TWO_HOURS)
    response = driver.client.post(
        f"/games/{game_id}/deals/1", data={"csrf_token": csrf_token(page), "phase": "bids", **bids(1, 1, 0)}
    )
    assert response.status_code == 302
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]


def test_a_token_from_another_session_is_still_refused(driver: Driver) -> None:
    game_id = driver.start("romanian-whist", PEGGY_TABLE, first_dealer=1)
    page = driver.client.get(f"/games/{game_id}/deals/1")
    stranger = driver.app.test_client()
    response = stranger.post(
        "/games/new/oh-hell",
        data={"csrf_token": csrf_token(page), "first_dealer": "0", "players-0": "A", "players-1": "B"},
    )
    assert response.status_code == 400
    assert "nothing was saved" in response.get_data(as_text=True).lower()

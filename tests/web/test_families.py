"""The safety contract holds for every kind of input, not just the bid-exactly games.

For one variant of each input kind: a post without a CSRF token is refused,
another phone without the edit key cannot open or post a deal, a post from a
page older than the game is refused (409), and undo removes the last
recorded deal. Deals are entered with the same neutral
entries the worked examples use (tests/rules/fillers_*.py).
"""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.games import store
from scorekeeper.rules import VARIANTS
from tests.rules.test_examples import FILLERS

from .conftest import Driver

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
ONE_PER_KIND = {variant.engine.input_kind: variant for variant in reversed(VARIANTS)}


def _record_first_deal(app: Flask, game_id: str) -> None:
    with app.app_context():
        record = store.find_record(game_id)
        assert record is not None
        game = store.game_of(record)
        facts = game.state.current
        assert facts is not None
        store.record_deal(record, game, 1, FILLERS[game.table.variant.engine.input_kind](facts))


@pytest.mark.parametrize("kind", sorted(ONE_PER_KIND))
def test_csrf_edit_key_and_undo_hold_for_every_input_kind(app: Flask, driver: Driver, kind: str) -> None:
    variant = ONE_PER_KIND[kind]
    players = NAMES[: max(variant.min_players, min(4, variant.max_players))]
    game_id = driver.start(variant.code, players)
    assert driver.client.get(f"/games/{game_id}/deals/1").status_code == 200

    refused = driver.client.post(f"/games/{game_id}/deals/1", data={"phase": "bids"})
    assert refused.status_code == 400 and "Nothing was saved" in refused.get_data(as_text=True)

    other = Driver(app, app.test_client())
    assert other.client.get(f"/games/{game_id}").status_code == 200
    assert other.client.get(f"/games/{game_id}/deals/1").status_code == 403
    assert other.post(f"/games/{game_id}/deals/1", {"phase": "bids"}).status_code == 403

    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert 'name="version" value="1"' in page, "every entry form carries the version it was made from"
    _record_first_deal(app, game_id)
    assert len(driver.stored(game_id)) == 1
    stale = driver.post(f"/games/{game_id}/deals/1", {"version": "1"}, token_from=f"/games/{game_id}")
    assert stale.status_code == 409 and len(driver.stored(game_id)) == 1
    assert other.post(f"/games/{game_id}/undo").status_code == 403
    assert len(driver.stored(game_id)) == 1
    response = driver.post(f"/games/{game_id}/undo", token_from=f"/games/{game_id}")
    assert response.status_code == 302 and driver.stored(game_id) == []

"""Paper in, scores out for the games scored by one side's tricks (Classic Whist's partnerships,
German Whist's two players): the blank sheet has a column per side, each side writes the tricks it
took, and the deals read, confirmed and recorded are the game typed in by hand on the deal screen.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import Game, Table, get_variant
from scorekeeper.rules.paper import page_of
from tests.paper import corpus
from tests.web.conftest import Driver, csrf_token, error_text
from tests.web.test_paper_games import READING, confirm_form, printed_sheet, trained_classifier, upload

__all__ = ["trained_classifier"]


def side_games(table: Table, deals: int, rng: np.random.Generator) -> tuple[list[int], dict[str, int | None]]:
    """The first side's tricks of ``deals`` deals the engine accepts (fewer if the game ends), and the
    sheet's values: each side's count written in its column."""
    game, counts, values = Game(table), [], {}
    for number in range(1, deals + 1):
        facts = game.state.current
        if facts is None:
            break
        first = int(rng.integers(4, facts.cards - 3))
        game = game.record(table.variant.engine.read_entry(number, {"tricks": first}))
        counts.append(first)
        values[f"{number}.0.tricks"] = first
        values[f"{number}.1.tricks"] = facts.cards - first
    return counts, values


@pytest.mark.parametrize(
    ("code", "names"), [("classic-whist", ["Ann", "Bob", "Cy", "Dee"]), ("german-whist", ["Ann", "Bob"])]
)
def test_a_side_by_side_sheet_becomes_the_game_typed_by_hand(
    client: FlaskClient, driver: Driver, code: str, names: list[str]
) -> None:
    query = "&".join(f"players-{seat}={name}" for seat, name in enumerate(names)) + "&first_dealer=1"
    pictures, identity = printed_sheet(client, query, code)
    table = Table.create(get_variant(code), names, first_dealer=0)
    page = page_of(table, identity)
    assert {field.column for field in page.fields} == {0, 1}  # a column per side, not per player
    rng = np.random.default_rng(45)
    counts, truth = side_games(table, 3, rng)
    filled = corpus.fill(pictures[0], page.fields, truth, corpus.hands()[0], rng)
    response = upload(client, corpus.photograph(filled, rng))
    assert response.status_code == 303, error_text(response)
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
    recorded = client.post(response.headers["Location"], data={"csrf_token": csrf_token(shown), **form})
    assert recorded.status_code == 303, error_text(recorded)
    game_id = re.search(r"/games/([0-9a-f]{32})", recorded.headers["Location"]).group(1)  # type: ignore[union-attr]
    by_hand = driver.start(code, names, first_dealer=0)
    for number, first in enumerate(counts, start=1):
        assert driver.post_deal(by_hand, number, {"side": 0, "tricks": first}).status_code == 302
    assert driver.stored(game_id) == driver.stored(by_hand) == [{"tricks": first} for first in counts]

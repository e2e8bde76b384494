"""A phone that keeps a table: starts it, adds players, starts and plays its games through the pages."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .conftest import Driver, csrf_token, error_text, started_game_id

# Three deals of two cards, no trump, no hook: a made bid scores its tricks + 10, a missed one its tricks.
SHORT = {"shape": "fixed", "start_cards": 2, "deals": 3, "hook": False, "trump": "none"}
GROUP_URL = re.compile(r"/tables/([0-9a-f]{32})$")


class TablePhone:
    """Drives the table pages as the phone that keeps the table."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.client: FlaskClient = driver.client

    def create(self, name: str = "Thursday whist") -> str:
        """Start a table through its form; returns its id."""
        page = self.client.get("/tables/new")
        response = self.client.post("/tables/new", data={"csrf_token": csrf_token(page), "name": name})
        assert response.status_code == 302, error_text(response)
        found = GROUP_URL.search(response.headers["Location"])
        assert found, response.headers["Location"]
        return found.group(1)

    def add_player(self, group_id: str, name: str) -> TestResponse:
        """Type a name into the roster's form and add it."""
        page = self.client.get(f"/tables/{group_id}")
        return self.client.post(
            f"/tables/{group_id}/players", data={"csrf_token": csrf_token(page), "name": name}
        )

    def rename(self, group_id: str, player_id: int, name: str) -> TestResponse:
        """Rename a roster player through the rename form."""
        url = f"/tables/{group_id}/players/{player_id}/name"
        page = self.client.get(url)
        return self.client.post(url, data={"csrf_token": csrf_token(page), "name": name})

    def start_game(
        self,
        group_id: str,
        variant: str,
        players: Sequence[str],
        *,
        first_dealer: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        """Start a game at the table through the new-game form; returns the game's id."""
        response = self.post_new_game(group_id, variant, players, first_dealer=first_dealer, options=options)
        assert response.status_code == 302, error_text(response)
        return started_game_id(response)

    def post_new_game(
        self,
        group_id: str,
        variant: str,
        players: Sequence[str],
        *,
        first_dealer: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> TestResponse:
        """Post the new-game form with the table chosen."""
        page = self.client.get(f"/games/new/{variant}?table={group_id}")
        assert page.status_code == 200
        form: dict[str, Any] = {
            "csrf_token": csrf_token(page),
            "first_dealer": str(first_dealer),
            "table": group_id,
        }
        form.update({f"players-{slot}": name for slot, name in enumerate(players)})
        for name, value in (options or {}).items():
            if value is True:
                form[f"option_{name}"] = "y"
            elif value is not False:
                form[f"option_{name}"] = str(value)
        return self.client.post(f"/games/new/{variant}", data=form)

    def play_exact(
        self, game_id: str, deals: Sequence[tuple[Sequence[int], Sequence[int]]], first: int = 1
    ) -> None:
        """Enter bids and tricks of each deal, from deal ``first``, through the deal page."""
        for number, (bids, tricks) in enumerate(deals, start=first):
            self.correct_exact(game_id, number, bids, tricks)

    def correct_exact(self, game_id: str, number: int, bids: Sequence[int], tricks: Sequence[int]) -> None:
        """Enter (or correct) one deal's bids and tricks."""
        fields = {f"bid-{seat}": bid for seat, bid in enumerate(bids)}
        fields.update({f"tricks-{seat}": took for seat, took in enumerate(tricks)})
        response = self.driver.post_deal(game_id, number, {"phase": "tricks", **fields})
        assert response.status_code == 302, error_text(response)

    def play_whist(self, game_id: str, tricks: Sequence[int]) -> None:
        """Enter each deal's tricks for the first partnership (seats 0 and 2)."""
        for number, took in enumerate(tricks, start=1):
            response = self.driver.post_deal(game_id, number, {"tricks": took, "side": 0})
            assert response.status_code == 302, error_text(response)

    def text(self, url: str) -> str:
        """A page's text (200 expected)."""
        page = self.client.get(url)
        assert page.status_code == 200, (url, page.status_code)
        return page.get_data(as_text=True)


def player_ids(page: str, group_id: str) -> dict[str, int]:
    """The roster's players on a table's page: name → id (from their links)."""
    found = re.findall(rf'href="/tables/{group_id}/players/(\d+)">([^<]+)</a>', page)
    return {name: int(number) for number, name in found}

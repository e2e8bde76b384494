"""A phone's first load of a long game's sheet stays small, and text is sent gzipped."""

from __future__ import annotations

import gzip
import json
import re

from flask import Flask

from scorekeeper.games import store

from .conftest import Driver

BUDGET = 60 * 1024
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+|/manifest\.webmanifest)"')


def first_load(driver: Driver, url: str) -> int:
    """Bytes sent the first time a phone opens ``url``: the page, what it links, the service worker
    and what the worker keeps at once, and the manifest's icons (gzipped where the server does)."""
    headers = {"Accept-Encoding": "gzip"}
    page = driver.client.get(url, headers=headers)
    assert page.status_code == 200 and page.headers["Content-Encoding"] == "gzip", url
    html = gzip.decompress(page.get_data()).decode()
    worker = driver.client.get("/sw.js", headers=headers)
    build = json.loads(_text(worker).split("\n", 1)[0].removeprefix("self.BUILD = ").removesuffix(";"))
    manifest = json.loads(driver.client.get("/manifest.webmanifest").get_data())
    paths = set(ASSET.findall(html)) | set(build["shell"]) | {icon["src"] for icon in manifest["icons"]}
    total = len(page.get_data()) + len(worker.get_data())
    for path in paths:
        with driver.client.get(path, headers=headers) as asset:  # closes the static file
            total += len(asset.get_data())
    return total


def _text(response: object) -> str:
    data = response.get_data()  # type: ignore[attr-defined]
    encoded = response.headers.get("Content-Encoding") == "gzip"  # type: ignore[attr-defined]
    return (gzip.decompress(data) if encoded else data).decode()


def _finish_romanian(app: Flask, game_id: str) -> None:
    """Enter all 33 deals: the first bidder bids and takes everything, the last bids 1."""
    with app.app_context():
        record = store.find_record(game_id)
        assert record is not None
        game = store.game_of(record)
        while (facts := game.state.current) is not None:
            bids: list[int | None] = [None if seat in facts.sitting_out else 0 for seat in range(7)]
            tricks = list(bids)
            bids[facts.bidding_order[0]] = tricks[facts.bidding_order[0]] = facts.cards
            bids[facts.bidding_order[-1]] = 1
            game = store.record_deal(record, game, facts.number, {"bids": bids, "tricks": tricks})


def test_a_33_deal_sheet_loads_in_under_60_kb(app: Flask, driver: Driver) -> None:
    game_id = driver.start("romanian-whist", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"])
    _finish_romanian(app, game_id)
    html = driver.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert html.count('<tr id="deal-') == 33 and "wins" in html
    assert first_load(driver, f"/games/{game_id}") < BUDGET


def test_a_long_game_s_sheet_with_every_deal_ahead_loads_in_under_60_kb(driver: Driver) -> None:
    game_id = driver.start("romanian-whist", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"])
    html = driver.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert html.count('"number": ') == 33  # the 33 deals ahead, each with the rules of its entry
    assert first_load(driver, f"/games/{game_id}") < BUDGET
    assert first_load(driver, f"/games/{game_id}/deals/1") < BUDGET


def test_no_page_asks_a_third_party_for_anything(driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    for url in ("/", "/games", "/games/new/oh-hell", f"/games/{game_id}", f"/games/{game_id}/deals/1"):
        html = driver.client.get(url).get_data(as_text=True)
        # Links to the app's own address (the live link shown to share) are not third parties.
        assert not re.search(r'(?:src|href)="(?:https?:)?//(?!localhost/)', html), url


def test_the_deal_screen_loads_in_under_60_kb(app: Flask, driver: Driver) -> None:
    seven = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    romanian = driver.start("romanian-whist", seven)
    _finish_romanian(app, romanian)
    oneonta = driver.start("oneonta", seven)
    # Correcting the last deal of a long game (bids and tricks), and the widest bidding screen.
    for url in (f"/games/{romanian}/deals/33", f"/games/{oneonta}/deals/1"):
        assert first_load(driver, url) < BUDGET, url

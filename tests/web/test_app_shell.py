"""The installed app over HTTP: manifest, service worker, offline page, and the deals a game page carries."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from .conftest import Driver

PLAN = re.compile(r'<script type="application/json" id="offline-plan">(.*?)</script>', re.S)


def _plan(html: str) -> dict[str, object]:
    found = PLAN.search(html)
    assert found, "the page carries no offline plan"
    return json.loads(found.group(1))


def test_the_manifest_makes_the_app_installable(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] and manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    purposes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    } <= purposes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as served:
            assert served.status_code == 200 and served.mimetype == icon["type"], icon["src"]


def test_every_page_links_the_manifest_and_both_theme_colours(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'name="theme-color" content="#0b5d3b" media="(prefers-color-scheme: light)"' in page
    assert 'media="(prefers-color-scheme: dark)"' in page
    assert '<script src="/static/app.js" defer></script>' in page


def test_the_worker_is_served_from_the_root_with_what_it_keeps(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert "no-cache" in response.headers["Cache-Control"]
    text = response.get_data(as_text=True)
    build = json.loads(text.split("\n", 1)[0].removeprefix("self.BUILD = ").removesuffix(";"))
    assert "/static/app.css" in build["shell"] and "/static/offline.js" in build["shell"]
    assert "/offline" in build["shell"] and re.fullmatch(r"[0-9a-f]{16}", build["version"])
    for url in build["shell"]:
        with client.get(url) as kept:
            assert kept.status_code == 200, url
    assert 'addEventListener("fetch"' in text


def test_the_policy_names_the_worker_and_manifest_sources(client: FlaskClient) -> None:
    policy = client.get("/sw.js").headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_the_offline_page_says_what_still_works(client: FlaskClient) -> None:
    page = client.get("/offline").get_data(as_text=True)
    assert "No connection" in page and 'href="/games"' in page


def test_the_scorer_s_pages_carry_the_deals_ahead_and_followers_pages_do_not(
    app: Flask, driver: Driver
) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    plan = _plan(driver.sheet(game_id))
    deals = plan["deals"]
    assert isinstance(deals, list) and [deal["number"] for deal in deals] == list(range(1, 20))
    first = deals[0]
    assert first["title"] == "Deal 1 of 19" and first["line"] == "Ann deals 10 · turn for trump · hook"
    bids, tricks = first["phases"]
    assert bids["name"] == "bids" and tricks["name"] == "tricks"
    hook = next(rule for rule in bids["rules"] if rule["kind"] == "total_not")
    assert hook == {
        "kind": "total_not",
        "field": "bids",
        "seats": [1, 2, 0],
        "total": 10,
        "blame": 0,
        "message": "Ann deals and may not bid {value}: the bids would add up to 10, the number of cards",
    }
    assert plan["version"] == 1 and plan["csrf"] and plan["labels"]["bids"]["input"] == "bid"
    deal_page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert _plan(deal_page)["deals"] == deals
    follower = app.test_client()
    assert not PLAN.search(follower.get(f"/games/{game_id}").get_data(as_text=True))


def test_an_answer_in_place_brings_the_deals_ahead_from_the_next_one(driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    page = driver.client.get(f"/games/{game_id}/deals/1")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True))
    assert token
    fields = {"csrf_token": token.group(1), "phase": "bids", "bid-0": "1", "bid-1": "2", "bid-2": "3"}
    answer = driver.client.post(
        f"/games/{game_id}/deals/1", data=fields, headers={"Accept": "application/json", "If-Match": "1"}
    ).get_json()
    plan = answer["plan"]
    assert plan["version"] == 2 and plan["deals"][0]["number"] == 1
    assert plan["deals"][0]["phase"] == "tricks" and plan["deals"][0]["values"] == {"bids": [1, 2, 3]}


def test_hands_judged_in_turn_are_carried_unchecked_with_the_words_of_their_chips(driver: Driver) -> None:
    """Bid Whist's auction and Oneonta's bids are judged in turn, which the page cannot: their hands are
    carried marked not checked, each player's call or bid among every chip of the server's screen."""
    game_id = driver.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    plan = _plan(driver.sheet(game_id))
    assert not plan["unknown"] and len(plan["deals"]) == 36
    first = plan["deals"][0]
    assert first["checked"] is False and [phase["name"] for phase in first["phases"]] == ["auction", "play"]
    auction = first["phases"][0]["rules"][0]
    assert auction["seats"] == [1, 2, 3, 0]
    assert "pass" in auction["choices"] and "4 downtown" in auction["choices"]
    assert plan["labels"]["auction"]["input"] == "caller"
    assert plan["labels"]["auction"]["choices"]["5 NT"][0] == "5 NT"
    oneonta = _plan(driver.sheet(driver.start("oneonta", ["Ann", "Bob", "Cy"])))
    bids = oneonta["deals"][0]["phases"][0]
    assert oneonta["deals"][0]["checked"] is False and bids["fields"] == ["trump", "bids"]
    assert "N2" in bids["rules"][1]["choices"] and oneonta["labels"]["bids"]["choices"]["N2"][1] == "null 2"


def test_the_worker_s_copy_of_a_page_leaves_the_message_to_the_page_the_player_opens(
    client: FlaskClient,
) -> None:
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "A new game: Bob deals first.")]
    # The worker keeps a copy of the page while the player is on the way to it.
    copy = client.get("/", headers={"X-Scorekeeper-Keep": "1"}).get_data(as_text=True)
    assert "A new game: Bob deals first." not in copy
    page = client.get("/").get_data(as_text=True)
    assert '<p class="flash" role="status">A new game: Bob deals first.</p>' in page
    assert "A new game: Bob deals first." not in client.get("/").get_data(as_text=True)  # shown once


def test_the_worker_says_its_copies_are_its_own(client: FlaskClient) -> None:
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"X-Scorekeeper-Keep": "1"' in worker

"""Limits on abuse: far above what a table needs, answered 429 with Retry-After, set through config."""

from __future__ import annotations

import io
import json
import socket
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord
from scorekeeper.web.limits import DEFAULT_LIMITS

from .conftest import HANDOVER_CODE, Driver, csrf_token, error_text, hand_over
from .databases import database_config
from .drive_pages import Organiser

PLAYERS = ["Ann", "Bob", "Cy"]
ONE_CARD = {"shape": "fixed", "start_cards": 1, "deals": 9, "hook": False}
DEAL = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "S"}


def game_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(GameRecord)) or 0


def create(client: FlaskClient, address: str = "127.0.0.1") -> tuple[int, dict[str, object], dict[str, str]]:
    response = client.post(
        "/api/v1/games",
        json={"variant": "custom-oh-hell", "players": PLAYERS, "options": ONE_CARD},
        environ_base={"REMOTE_ADDR": address},
    )
    return response.status_code, response.get_json(), dict(response.headers)


def form_create(client: FlaskClient) -> int:
    page = client.get("/games/new/oh-hell")
    form = {"csrf_token": csrf_token(page), "first_dealer": "0"}
    form.update({f"players-{seat}": name for seat, name in enumerate(PLAYERS)})
    return client.post("/games/new/oh-hell", data=form).status_code


def assert_retry_after(headers: dict[str, str], most: int) -> int:
    wait = int(headers["Retry-After"])
    assert 1 <= wait <= most
    return wait


def test_game_creation_is_limited_across_the_api_and_the_form(app: Flask, client: FlaskClient) -> None:
    app.config["RATELIMIT_CREATE"] = "3 per minute"
    assert [create(client)[0] for _ in range(2)] == [201, 201]
    assert form_create(client) == 302
    status, body, headers = create(client)
    assert status == 429
    wait = assert_retry_after(headers, 60)
    assert body == {
        "error": f"That is more than any table asks for (3 per minute from one address). "
        f"Nothing was lost: try again in {wait} second{'s' if wait != 1 else ''}.",
        "code": "too_many_requests",
        "params": {"limit": "3 per minute", "seconds": wait},
    }
    page = client.get("/games/new/oh-hell")
    refused = client.post(
        "/games/new/oh-hell", data={"csrf_token": csrf_token(page), "players-0": "A", "players-1": "B"}
    )
    assert refused.status_code == 429 and "Slow down" in refused.get_data(as_text=True)
    assert_retry_after(dict(refused.headers), 60)
    assert game_count(app) == 3
    assert client.get("/games/new/oh-hell").status_code == 200  # the form itself is not limited
    assert create(client, address="192.0.2.7")[0] == 201  # another address counts apart


def test_writes_are_limited_per_game(app: Flask, client: FlaskClient) -> None:
    app.config["RATELIMIT_WRITE"] = "3 per minute"
    _, first, _ = create(client)
    _, second, _ = create(client)
    auth = {"Authorization": f"Bearer {first['edit_token']}"}
    url = f"/api/v1/games/{first['id']}/deals"
    assert client.put(f"{url}/1", json=DEAL, headers=auth).status_code == 200
    assert client.delete(f"{url}/1", headers=auth).status_code == 200
    assert client.put(f"{url}/1", json=DEAL, headers=auth).status_code == 200
    refused = client.put(f"{url}/2", json=DEAL, headers=auth)
    assert refused.status_code == 429 and "3 per minute" in refused.get_json()["error"]
    assert_retry_after(dict(refused.headers), 60)
    assert client.get(f"/api/v1/games/{first['id']}").status_code == 200  # reading is not limited
    other = {"Authorization": f"Bearer {second['edit_token']}"}
    assert client.put(f"/api/v1/games/{second['id']}/deals/1", json=DEAL, headers=other).status_code == 200


def test_the_deal_page_counts_among_the_writes(app: Flask, driver: Driver) -> None:
    app.config["RATELIMIT_WRITE"] = "1 per minute"
    game_id = driver.start("romanian-whist", ["Peter", "Peggy", "John"], first_dealer=1)
    fields = {"phase": "bids", "bid-0": "1", "bid-1": "1", "bid-2": "0"}
    assert driver.post_deal(game_id, 1, fields).status_code == 302
    refused = driver.post_deal(game_id, 1, fields)
    assert refused.status_code == 429 and "Slow down" in refused.get_data(as_text=True)
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]


def test_guessing_hand_over_codes_is_limited(app: Flask, driver: Driver) -> None:
    app.config["RATELIMIT_JOIN"] = "2 per minute"
    game_id = driver.start("romanian-whist", ["Peter", "Peggy", "John"], first_dealer=1)
    guesser = app.test_client()
    page = guesser.get(f"/games/{game_id}/join")
    form = {"csrf_token": csrf_token(page), "code": "WRONG-CODE"}
    assert [guesser.post(f"/games/{game_id}/join", data=form).status_code for _ in range(2)] == [422, 422]
    refused = guesser.post(f"/games/{game_id}/join", data=form)
    assert refused.status_code == 429 and "Slow down" in refused.get_data(as_text=True)
    assert_retry_after(dict(refused.headers), 60)


def test_pdfs_are_limited_per_address(app: Flask, client: FlaskClient) -> None:
    app.config["RATELIMIT_PDF"] = "1 per minute"
    _, game, _ = create(client)
    assert client.get(f"/games/{game['id']}/sheet.pdf").status_code == 200
    assert client.get("/sheets/blank/oh-hell/sheet.pdf?count=4").status_code == 429
    assert client.get(f"/games/{game['id']}/sheet.pdf").status_code == 429


def test_imports_are_limited(app: Flask, driver: Driver) -> None:
    app.config["RATELIMIT_IMPORT"] = "1 per minute"
    exported = {
        "format": "scorekeeper/game",
        "format_version": 1,
        "variant": "oh-hell",
        "players": PLAYERS,
        "deals": [],
    }
    page = driver.client.get("/games/import")
    statuses = []
    for _ in range(2):
        file = (io.BytesIO(json.dumps(exported).encode()), "game.json")
        answer = driver.client.post(
            "/games/import",
            data={"csrf_token": csrf_token(page), "file": file},
            content_type="multipart/form-data",
        )
        statuses.append(answer.status_code)
    assert statuses == [302, 429]
    assert driver.client.get("/games/import").status_code == 200


def test_the_live_check_has_a_limit_of_its_own(app: Flask, driver: Driver) -> None:
    app.config["RATELIMIT_CHECK"] = "2 per minute"
    game_id = driver.start("romanian-whist", ["Peter", "Peggy", "John"], first_dealer=1)
    page = driver.client.get(f"/games/{game_id}/deals/1")
    form = {"csrf_token": csrf_token(page), "phase": "bids", "bid-0": "1"}
    answers = [driver.client.post(f"/games/{game_id}/deals/1/check", data=form).status_code for _ in range(3)]
    assert answers == [200, 200, 429]


def test_limits_can_be_switched_off(tmp_path: Path) -> None:
    config, drop = database_config(tmp_path)
    app = create_app(
        {"TESTING": True, "RATELIMIT_ENABLED": False, "RATELIMIT_CREATE": "1 per hour", **config},
        instance_path=str(tmp_path / "instance"),
    )
    client = app.test_client()
    assert [create(client)[0] for _ in range(3)] == [201, 201, 201]
    with app.app_context():
        db.engine.dispose()
    drop()


@pytest.mark.parametrize("setting", sorted(DEFAULT_LIMITS))
def test_the_defaults_are_set_and_readable_from_the_environment(
    setting: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(setting, "7 per day")
    config, drop = database_config(tmp_path)
    app = create_app({"TESTING": True, **config}, instance_path=str(tmp_path / "instance"))
    assert app.config[setting] == "7 per day"
    assert {name: app.config[name] for name in DEFAULT_LIMITS if name != setting} == {
        name: value for name, value in DEFAULT_LIMITS.items() if name != setting
    }
    assert app.config["RATELIMIT_STORAGE_URI"] == "memory://"
    with app.app_context():
        db.engine.dispose()
    drop()


def test_the_openapi_document_declares_the_429_and_503_answers(client: FlaskClient) -> None:
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    for operation in (
        paths["/games"]["post"],
        paths["/games/{game_id}/deals/{number}"]["put"],
        paths["/games/{game_id}/deals/{number}"]["delete"],
    ):
        for status in ("429", "503"):
            assert "Retry-After" in operation["responses"][status]["headers"]


def test_drives_are_limited_like_games(app: Flask, client: FlaskClient) -> None:
    """Setting up drives, entering hands and printing a drive's PDFs count like games do: 400 drives
    of 400 players were created in a row from one address before."""
    app.config.update(
        RATELIMIT_CREATE="2 per minute", RATELIMIT_PDF="1 per minute", RATELIMIT_WRITE="1 per minute"
    )
    organiser = Organiser(app, client)
    assert organiser.set_up(8).status_code == 303
    assert Organiser(app, client).set_up(8).status_code == 303
    assert Organiser(app, client).set_up(8).status_code == 429
    assert client.get(f"{organiser.url}/tally-cards.pdf").status_code == 200
    assert client.get(f"{organiser.url}/results.pdf").status_code == 429
    # Each table's phone counts apart (a hall's phones share one Wi-Fi address). The entry is one
    # write and the other pair's confirmation another: with one a minute, the confirmation waits.
    phone = app.test_client()
    assert organiser.enter(phone, 1, 8, confirm=False).status_code == 303
    assert organiser.confirm(phone, 1, organiser.confirmers(phone, 1)[0]).status_code == 429
    assert organiser.enter(phone, 2, 6, confirm=False).status_code == 303
    assert organiser.enter(phone, 2, 7).status_code == 429
    app.config["RATELIMIT_WRITE"] = "2 per minute"  # an entry and its confirmation: one table's hand
    assert organiser.confirm(phone, 1, organiser.confirmers(phone, 1)[0]).status_code == 303


def test_guessing_the_organisers_key_is_limited(app: Flask, client: FlaskClient) -> None:
    app.config["RATELIMIT_JOIN"] = "2 per minute"
    organiser = Organiser(app, client)
    assert organiser.set_up(8).status_code == 303
    stranger = app.test_client()
    page = stranger.get(f"{organiser.url}/organise")
    for expected in (403, 403, 429):
        guess = {"csrf_token": csrf_token(page), "key": "not-the-key"}
        assert stranger.post(f"{organiser.url}/organise", data=guess).status_code == expected


def test_only_wrong_codes_count_and_a_used_code_says_so(app: Flask, driver: Driver) -> None:
    """A code used already answered 429 after a few tries, as if it were a guess: it is told it was
    used (and never counted), a phone that joins is never counted, and wrong codes are limited per
    game from any address and per address across games."""
    app.config.update(
        RATELIMIT_JOIN="5 per minute", RATELIMIT_JOIN_GAME="3 per hour", RATELIMIT_JOIN_ADDRESS="4 per hour"
    )
    game_id = driver.start("romanian-whist", ["Peter", "Peggy", "John"], first_dealer=1)
    first_phone = app.test_client()
    assert hand_over(driver.client, first_phone, game_id).status_code == 302
    shown = driver.client.post(
        f"/games/{game_id}/hand-over",
        data={"csrf_token": csrf_token(driver.client.get(f"/games/{game_id}/hand-over"))},
    )
    code = HANDOVER_CODE.search(shown.get_data(as_text=True))
    assert code is not None
    taker, late = app.test_client(), app.test_client()
    form = {"csrf_token": csrf_token(taker.get(f"/games/{game_id}/join")), "code": code.group(1)}
    assert taker.post(f"/games/{game_id}/join", data=form).status_code == 302
    late_form = {**form, "csrf_token": csrf_token(late.get(f"/games/{game_id}/join"))}
    for _ in range(6):
        used = late.post(f"/games/{game_id}/join", data=late_form)
        assert used.status_code == 422 and "has been used already" in error_text(used)
    # Wrong codes for one game from three addresses: the game's own limit stops the fourth.
    for number, expected in ((1, 422), (2, 422), (3, 422), (4, 429)):
        guesser = app.test_client()
        page = guesser.get(f"/games/{game_id}/join")
        wrong = {"csrf_token": csrf_token(page), "code": "WRONG-CODE"}
        environ = {"REMOTE_ADDR": f"10.0.0.{number}"}
        assert (
            guesser.post(f"/games/{game_id}/join", data=wrong, environ_base=environ).status_code == expected
        )
    # One address guessing at several games is stopped across them.
    roamer = app.test_client()
    statuses = []
    for _ in range(5):
        other_game = driver.start("romanian-whist", ["Peter", "Peggy", "John"])
        page = roamer.get(f"/games/{other_game}/join")
        wrong = {"csrf_token": csrf_token(page), "code": "WRONG-CODE"}
        statuses.append(
            roamer.post(
                f"/games/{other_game}/join", data=wrong, environ_base={"REMOTE_ADDR": "10.9.9.9"}
            ).status_code
        )
    assert statuses == [422, 422, 422, 422, 429]


def test_a_redis_that_never_answers_costs_a_request_a_fifth_of_a_second_at_most(tmp_path: Path) -> None:
    """Redis stalled (it takes the connection and never answers, as a stopped server does): each
    request waits for it at most once a second per worker, the limits count in memory meanwhile, and
    /healthz says so (tests/deploy/test_redis_stall.py stops a real one and continues it)."""
    with socket.socket() as stalled:
        stalled.bind(("127.0.0.1", 0))
        stalled.listen(64)  # connections complete in the kernel's backlog; nothing ever reads them
        url = f"redis://127.0.0.1:{stalled.getsockname()[1]}/0"
        database, drop = database_config(tmp_path)
        app = create_app(
            {"TESTING": True, **database, "RATELIMIT_STORAGE_URI": url, "RATELIMIT_CREATE": "3 per hour"},
            instance_path=str(tmp_path / "instance"),
        )
        client = app.test_client()
        started = time.monotonic()
        statuses = [create(client)[0] for _ in range(5)]
        assert statuses == [201, 201, 201, 429, 429]  # counted in this worker's memory
        assert time.monotonic() - started < 3  # one wait of 0.2 s, not five of 5 s (25 s)
        answer = client.get("/healthz")
        assert answer.status_code == 200
        assert (
            answer.get_data(as_text=True)
            == "ok\nredis: away (the request limits count in each worker's memory)"
        )
        drop()

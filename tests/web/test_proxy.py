"""Behind a TLS-terminating proxy: the session cookie is sent over HTTPS only, and the
proxy's headers are believed only when the app is told a proxy is there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.extensions import db

from .databases import database_config

OVER_HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Flask]:
    """The app as deployed behind one proxy (nginx)."""
    config, drop = database_config(tmp_path)
    app = create_app({"TESTING": True, "TRUSTED_PROXIES": 1, **config}, instance_path=str(tmp_path / "i"))
    yield app
    with app.app_context():
        db.engine.dispose()
    drop()


def session_cookie(response: TestResponse) -> str:
    cookies = [value for value in response.headers.getlist("Set-Cookie") if value.startswith("session=")]
    assert cookies, "no session cookie was set"
    return cookies[0]


def start_a_game(client: FlaskClient, headers: dict[str, str]) -> TestResponse:
    """The new-game form sets the session cookie (its CSRF token) and builds absolute links."""
    return client.get("/games/new/oh-hell", headers=headers)


def test_the_session_cookie_is_secure_when_the_proxy_says_https(proxied: Flask) -> None:
    cookie = session_cookie(start_a_game(proxied.test_client(), OVER_HTTPS))
    assert "; Secure" in cookie and "; HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_links_and_the_client_address_come_from_the_proxy(proxied: Flask) -> None:
    seen: dict[str, str] = {}

    @proxied.get("/test-only/who")
    def who() -> str:
        from flask import request, url_for

        seen.update(address=str(request.remote_addr), link=url_for("home.index", _external=True))
        return "ok"

    proxied.test_client().get("/test-only/who", headers=OVER_HTTPS)
    assert seen == {"address": "203.0.113.7", "link": "https://localhost/"}


def test_plain_http_through_the_proxy_keeps_the_cookie_usable(proxied: Flask) -> None:
    headers = {"X-Forwarded-Proto": "http"}
    assert "; Secure" not in session_cookie(start_a_game(proxied.test_client(), headers))


def test_without_a_proxy_a_client_cannot_claim_https_or_an_address(client: FlaskClient) -> None:
    assert "; Secure" not in session_cookie(start_a_game(client, OVER_HTTPS))


def test_tls_straight_to_the_app_also_marks_the_cookie_secure(app: Flask) -> None:
    client = app.test_client()
    response = client.get("/games/new/oh-hell", base_url="https://localhost")
    assert "; Secure" in session_cookie(response)

"""Protective headers and cookies on every response."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import Driver


def test_every_page_sends_a_strict_policy(client: FlaskClient) -> None:
    for url in ("/", "/games", "/games/new/oh-hell", "/api/v1/variants", "/static/app.css", "/nowhere"):
        with client.get(url) as response:  # closes the static file
            headers = response.headers
            policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"


def test_the_session_cookie_is_http_only_and_same_site(driver: Driver) -> None:
    page = driver.client.get("/games/new/oh-hell")
    cookie = page.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_templates_have_no_inline_script_or_style() -> None:
    from pathlib import Path

    # A sheet made to be read back is only ever printed (WeasyPrint, no browser and so no content policy):
    # its marks and boxes stand at places in millimetres worked out per page, written inline.
    printed_only = {"paper/game_sheet.html", "drives/paper/table_cards.html"}
    folder = Path(__file__).resolve().parents[2] / "templates"
    for template in folder.rglob("*.html"):
        text = template.read_text()
        assert "<script>" not in text and " onclick=" not in text, template.name
        if template.relative_to(folder).as_posix() not in printed_only:
            assert " style=" not in text, template.name


def test_oversized_bodies_are_refused(client: FlaskClient) -> None:
    response = client.post(
        "/api/v1/games", data=b"x" * (300 * 1024), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413 and response.get_json()["error"]


def test_a_request_that_leaves_the_session_alone_does_not_send_it_back(driver: Driver) -> None:
    """A file fetched while a message waits for the next page must not put that message back once the
    page has shown it: only a request that changed the session sends the cookie (the message showed twice
    on a table's page when a script's request crossed the redirect)."""
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"], first_dealer=0)  # holds the game: permanent
    client = driver.client
    with client.get("/static/app.css") as file:
        assert "Set-Cookie" not in file.headers
    assert "Set-Cookie" not in client.get(f"/games/{game_id}/sheet").headers
    assert "Set-Cookie" not in client.get("/healthz").headers

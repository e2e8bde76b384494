"""Through the documented proxy over TLS: the session cookie is Secure, links are https, and
handing a game to another phone leaves its code in no access log."""

from __future__ import annotations

import html
import http.client
import re
import ssl
import urllib.parse
from http.cookies import SimpleCookie
from pathlib import Path

from .conftest import Gunicorn, Nginx, migrate

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')
CODE = re.compile(r'class="handover-code"[^>]*>([A-Z0-9-]+)<')


class Phone:
    """A browser as far as this test needs one: cookies, forms, no redirects followed."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.set_cookie_headers: list[str] = []
        self.page = ""  # the address of the last page read, sent as the Referer of a form

    def send(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, timeout=10, context=context)
        headers = {"Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = self.page  # as browsers send it (same origin); CSRF over HTTPS checks it
        else:
            self.page = f"https://127.0.0.1:{self.port}{path}"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            for header in response.headers.get_all("Set-Cookie") or []:
                self.set_cookie_headers.append(header)
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.read().decode(), response.headers.get("Location", "")
        finally:
            connection.close()

    def token(self, path: str) -> str:
        status, page, _ = self.send("GET", path)
        assert status == 200, (status, path)
        found = TOKEN.search(page)
        assert found
        return html.unescape(found.group(1) or found.group(2))


def test_the_scoring_changes_phone_through_nginx_over_tls(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite'}"
    migrate(database, tmp_path)
    app = Gunicorn(tmp_path, database)
    proxy = Nginx(tmp_path, [app.port])
    try:
        scorer, other = Phone(proxy.port), Phone(proxy.port)
        form = {"csrf_token": scorer.token("/games/new/oh-hell"), "first_dealer": "0"}
        form.update({"players-0": "Ann", "players-1": "Bob", "players-2": "Cy"})
        status, _, location = scorer.send("POST", "/games/new/oh-hell", form)
        assert status == 302 and location.endswith("/deals/1")  # a game starts on deal 1's screen
        game_id = location.split("/games/", 1)[1].split("/", 1)[0]
        assert all("; Secure" in header for header in scorer.set_cookie_headers)

        status, sheet, _ = scorer.send("GET", f"/games/{game_id}")
        assert f"https://127.0.0.1:{proxy.port}/games/{game_id}/live" in sheet  # the QR code's link

        token = scorer.token(f"/games/{game_id}/hand-over")
        status, shown, _ = scorer.send("POST", f"/games/{game_id}/hand-over", {"csrf_token": token})
        found = CODE.search(shown)
        assert status == 200 and found
        code = found.group(1)
        link = re.search(r'href="(https://[^"]+/join#[A-Z0-9]+)"', shown)
        assert link and link.group(1).endswith(code.replace("-", ""))

        assert other.send("GET", f"/games/{game_id}/deals/1")[0] == 403
        token = other.token(f"/games/{game_id}/join")
        assert other.send("POST", f"/games/{game_id}/join", {"csrf_token": token, "code": code})[0] == 302
        assert other.send("GET", f"/games/{game_id}/deals/1")[0] == 200
    finally:
        proxy.stop()
        app.stop()
    logs = (tmp_path / "nginx-access.log").read_text() + app.log.read_text(errors="replace")
    assert f"/games/{game_id}/join" in logs  # the logs are there ...
    assert code not in logs and code.replace("-", "") not in logs  # ... and the code is not in them

"""A club's file through the documented nginx and gunicorn (issues 41 and 47).

- A real club's file of a megabyte imports: nginx refused 432 KB with 413 before the app saw it.
- A body past the import's limit is refused by nginx with the app's own words for it (the most an
  import takes), not nginx's bare "413 Request Entity Too Large".
- The probe's two hostile files — 31 KB gzipped that unpacked to gigabytes once built, and 92 KB of
  600,000 deals — are refused while the worker spends under half a second of CPU and grows by less
  than 64 MB (its own counters in /proc, before and after).
"""

from __future__ import annotations

import gzip
import html
import http.client
import json
import re
import ssl
import uuid
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from .conftest import Gunicorn, Nginx, migrate

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')
ALERT = re.compile(r'role="alert"[^>]*>(.*?)</', re.S)
SHORT = {"shape": "fixed", "start_cards": 2, "deals": 5, "hook": False, "trump": "none"}
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


class Phone:
    """A browser over TLS through nginx: its cookies, the import form's token, multipart uploads."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> Any:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, timeout=60, context=context)
        sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        try:
            connection.request(method, path, body=body or None, headers=sent)
            response = connection.getresponse()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.read().decode(errors="replace")
        finally:
            connection.close()

    def upload(self, path: str, content: bytes, name: str = "club.json.gz") -> tuple[int, str]:
        status, page = self.request("GET", path)
        assert status == 200
        found = TOKEN.search(page)
        assert found
        token = html.unescape(found.group(1) or found.group(2))
        boundary = uuid.uuid4().hex
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            + content
            + f"\r\n--{boundary}--\r\n".encode()
        )
        headers = {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "Referer": f"https://127.0.0.1:{self.port}{path}",
        }
        return self.request("POST", path, body, headers)  # type: ignore[no-any-return]


def said(page: str) -> str:
    found = ALERT.search(page) or re.search(r"<main[^>]*>(.*?)</main>", page, re.S)
    assert found, page[:2000]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split()))


def game(index: int) -> dict[str, Any]:
    """A finished five-deal game of custom Oh Hell at a table of four."""
    taker = index % 4
    return {
        "format": "scorekeeper/game",
        "format_version": 1,
        "variant": "custom-oh-hell",
        "options": SHORT,
        "players": PLAYERS,
        "first_dealer": index % 4,
        "seats": [0, 1, 2, 3],
        "deals": [{"bids": [0, 0, 0, 0], "tricks": [2 if s == taker else 0 for s in range(4)]}] * 5,
        "created_at": f"2025-{1 + index % 12:02d}-{1 + index % 28:02d}T19:{index % 60:02d}:00+00:00",
    }


def club_file(games: int, tables: int = 4) -> dict[str, Any]:
    """A club of four tables of the same four members and ``games`` games."""
    return {
        "format": "scorekeeper/club",
        "format_version": 1,
        "name": "Thursday Whist Club",
        "members": [{"name": name, "names": [name]} for name in PLAYERS],
        "tables": [
            {
                "table": {
                    "format": "scorekeeper/table",
                    "format_version": 1,
                    "name": f"Table {number + 1}",
                    "players": [{"name": name} for name in PLAYERS],
                    "games": [game(index) for index in range(number, games, tables)],
                },
                "members": [0, 1, 2, 3],
            }
            for number in range(tables)
        ],
    }


def six_hundred_thousand_deals() -> bytes:
    """The probe's file: 200 tables of one game of 3,000 deals each (130 KB gzipped; the probe's: 92)."""
    document = club_file(200, tables=200)
    for item in document["tables"]:
        item["table"]["games"][0]["deals"] = [{"bids": [0, 0, 0, 0], "tricks": [2, 0, 0, 0]}] * 3_000
    return gzip.compress(json.dumps(document).encode(), 9)


def bomb() -> bytes:
    """The probe's other file: 31 KB gzipped, 30 MB of empty lists once unpacked."""
    head = json.dumps(club_file(0, tables=0)).encode()[:-1]
    return gzip.compress(head + b',"seasons":[' + b"[]," * 10_000_000 + b"[]]}", 9)


class Worker:
    """gunicorn's one worker: its CPU time and peak memory, from /proc."""

    def __init__(self, master: int) -> None:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        assert len(children) == 1, children
        self.pid = int(children[0])

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / 100  # utime and stime, in clock ticks (USER_HZ)

    def peak_mb(self) -> float:
        status = Path(f"/proc/{self.pid}/status").read_text()
        found = re.search(r"VmHWM:\s+(\d+) kB", status)
        assert found
        return int(found.group(1)) / 1024


def test_club_files_through_nginx_within_bounds(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'clubs.sqlite'}"
    migrate(database, tmp_path)
    settings = {"SCOREKEEPER_WORKERS": "1", "RATELIMIT_ENABLED": "0"}
    app = Gunicorn(tmp_path, database, settings=settings)
    proxy = Nginx(tmp_path, [app.port])
    try:
        phone = Phone(proxy.port)
        real = json.dumps(club_file(1_400), indent=1).encode()
        assert len(real) > 1024 * 1024
        status, page = phone.upload("/clubs/import", real, "club.json")
        assert status == 302, said(page)

        # Past the import's own limit: nginx refuses it before reading the body, in the app's words.
        status, page = phone.request(
            "POST",
            "/clubs/import",
            b"x",
            {"Content-Length": str(18 * 1024 * 1024), "Content-Type": "text/plain"},
        )
        assert status == 413
        assert "That file is larger than this page takes: 16 MB at most." in said(page)

        worker = Worker(app.process.pid)
        phone.upload("/clubs/import", gzip.compress(b"[]"))  # the worker has read a file before
        for hostile, reason in (
            (bomb(), "That file is too large to be a club"),
            (six_hundred_thousand_deals(), "That file is too large to be a club"),
        ):
            cpu, peak = worker.cpu_seconds(), worker.peak_mb()
            status, page = phone.upload("/clubs/import", hostile)
            assert (status, reason in said(page)) == (422, True), (status, said(page))
            spent, grown = worker.cpu_seconds() - cpu, worker.peak_mb() - peak
            assert spent < 0.5, f"{len(hostile)} bytes refused in {spent:.2f} s of CPU"
            assert grown < 64, f"{len(hostile)} bytes refused growing the worker by {grown:.0f} MB"
    finally:
        proxy.stop()
        app.stop()

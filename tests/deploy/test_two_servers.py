"""Two app servers on one PostgreSQL database, as the README deploys a second one: writes
to one game race through both (one wins, one is refused, nothing is lost), and what
each server keeps per game version never answers for a game the other changed, nor for a change
sent from a version the other moved past (test_stale_versions.py's property)."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import threading
from pathlib import Path
from typing import Any

from .conftest import Gunicorn, migrate
from .test_stale_versions import UNLIMITED, stale_everywhere

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
RACES = 8


def call(
    port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, bytes, dict[str, str]]:
    """One request on a fresh connection (so gunicorn hands it to any of its workers). Its answer may
    wait for a worker that is starting, which takes a while on a busy machine."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    sent = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        connection.close()


def state(port: int, game_id: str) -> dict[str, Any]:
    status, body, _ = call(port, "GET", f"/api/v1/games/{game_id}")
    assert status == 200
    return dict(json.loads(body))


def deal(due: dict[str, Any], taker: int) -> dict[str, list[int]]:
    """A legal deal: the ``taker``-th bidder bids and takes every card, the last bidder bids 1."""
    order, cards = due["bidding_order"], due["cards"]
    bids, tricks = [0] * len(PLAYERS), [0] * len(PLAYERS)
    bids[order[taker]] = tricks[order[taker]] = cards
    bids[order[-1]] = 1
    return {"bids": bids, "tricks": tricks}


def race(requests: list[tuple[int, str, dict[str, Any], dict[str, str]]]) -> list[int]:
    """Send PUTs at the same moment, one thread each; their statuses in order."""
    together = threading.Barrier(len(requests), timeout=30)
    statuses = [0] * len(requests)

    def send(index: int) -> None:
        port, path, body, headers = requests[index]
        together.wait()
        statuses[index] = call(port, "PUT", path, body, headers)[0]

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


def pdf_text(port: int, game_id: str) -> str:
    status, body, _ = call(port, "GET", f"/games/{game_id}/sheet.pdf")
    assert status == 200 and body.startswith(b"%PDF-")
    text = subprocess.run(["pdftotext", "-", "-"], input=body, capture_output=True, check=True).stdout
    return text.decode()


def test_two_servers_share_one_postgresql_database(tmp_path: Path, postgres: str) -> None:
    migrate(postgres, tmp_path)
    first = Gunicorn(tmp_path, postgres, name="first", settings=UNLIMITED)
    second = Gunicorn(tmp_path, postgres, name="second", settings=UNLIMITED)
    try:
        table = {"variant": "oh-hell", "players": PLAYERS}
        status, body, _ = call(first.port, "POST", "/api/v1/games", table)
        assert status == 201
        created = json.loads(body)
        game_id, token = created["id"], created["edit_token"]
        auth = {"Authorization": f"Bearer {token}"}

        # 1. Races: the same deal from the same version through both servers at once.
        kept: list[dict[str, list[int]]] = []
        for number in range(1, RACES + 1):
            now = state(first.port, game_id)
            headers = {**auth, "If-Match": str(now["version"])}
            bodies = [deal(now["next"], 0), deal(now["next"], 1)]
            path = f"/api/v1/games/{game_id}/deals/{number}"
            statuses = race([(first.port, path, bodies[0], headers), (second.port, path, bodies[1], headers)])
            assert sorted(statuses) == [200, 409], statuses
            kept.append(bodies[statuses.index(200)])
        for server in (first, second):
            stored = state(server.port, game_id)
            assert [{"bids": d["bids"], "tricks": d["tricks"]} for d in stored["deals"]] == kept
            assert stored["version"] == RACES + 1

        # 2. Each server keeps replays, sheets and PDFs per version: after the other server
        # changes the game, neither may answer from what it kept.
        for reader, writer in ((first, second), (second, first)):
            before = state(reader.port, game_id)
            assert call(reader.port, "GET", f"/games/{game_id}")[0] == 200  # kept now
            _, _, live_headers = call(reader.port, "GET", f"/games/{game_id}/live")
            etag = live_headers["ETag"]
            number = before["next"]["number"]
            assert f"next: Deal {number} of" in pdf_text(reader.port, game_id)
            changed = call(
                writer.port,
                "PUT",
                f"/api/v1/games/{game_id}/deals/{number}",
                deal(before["next"], 0),
                {**auth, "If-Match": str(before["version"])},
            )
            assert changed[0] == 200
            after = state(reader.port, game_id)
            assert after["version"] == before["version"] + 1 and len(after["deals"]) == number
            sheet = call(reader.port, "GET", f"/games/{game_id}")[1].decode()
            assert f'id="deal-{number}"' in sheet
            live = call(reader.port, "GET", f"/games/{game_id}/live", headers={"If-None-Match": etag})
            assert live[0] == 200
            assert f"next: Deal {number + 1} of" in pdf_text(reader.port, game_id)

        # 3. A change sent to a server from a version it wrote itself, after the other server
        # moved the game on, is refused by the database however many workers keep that version.
        now = state(first.port, game_id)
        written = call(
            first.port,
            "PUT",
            f"/api/v1/games/{game_id}/deals/{now['next']['number']}",
            deal(now["next"], 0),
            {**auth, "If-Match": str(now["version"])},
        )
        assert written[0] == 200
        by_first = json.loads(written[1])
        undone = call(
            second.port,
            "DELETE",
            f"/api/v1/games/{game_id}/deals/{len(by_first['deals'])}",
            headers={**auth, "If-Match": str(by_first["version"])},
        )
        assert undone[0] == 200
        for _ in range(4):  # fresh connections: each may reach either of the first server's workers
            stale = call(
                first.port,
                "PUT",
                f"/api/v1/games/{game_id}/deals/{len(by_first['deals']) + 1}",
                deal(by_first["next"], 1),
                {**auth, "If-Match": str(by_first["version"])},
            )
            assert stale[0] == 409, stale[1]
        final = state(second.port, game_id)
        assert final["version"] == by_first["version"] + 1
        assert len(final["deals"]) == len(by_first["deals"]) - 1
        assert state(first.port, game_id) == final

        # 4. Random interleavings through both servers' workers: every change sent from a version
        # either server moved past is 409 with the version stored now, none 404, none written.
        assert stale_everywhere([first.port, second.port, first.port, second.port], examples=2) > 0
    finally:
        first.stop()
        second.stop()

    # Nothing secret in either server's access log.
    for server in (first, second):
        log = server.log.read_text(errors="replace")
        assert re.search(r'"PUT /api/v1/games/[0-9a-f]{32}/deals/\d+ HTTP/1.1" 200', log)
        assert token not in log

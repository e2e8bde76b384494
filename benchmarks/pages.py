"""Page weight on first load and server time per page, for a finished 33-deal 7-player game.

    .venv/bin/python benchmarks/pages.py

Weight counts what a phone fetches the first time: the HTML and every
stylesheet, script and icon it links (uncompressed). Server time is the mean
of repeated requests through the WSGI app, database included. Prints figures;
asserts nothing about time.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.web.games import GRIDS, SHEETS

sys.path.insert(0, str(Path(__file__).parent))
from replay import NAMES

ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def csrf(client: FlaskClient, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert found, url
    return found.group(1)


def build_game(client: FlaskClient) -> str:
    """A 7-player Romanian game with promotions, played to its end through the pages."""
    form = {
        "csrf_token": csrf(client, "/games/new/romanian-whist"),
        "first_dealer": "0",
        "option_promotions": "y",
    }
    form.update({f"players-{seat}": name for seat, name in enumerate(NAMES)})
    game_id = client.post("/games/new/romanian-whist", data=form).headers["Location"].rsplit("/", 1)[1]
    for number in range(1, 34):
        page = client.get(f"/games/{game_id}/deals/{number}").get_data(as_text=True)
        cards = int(re.search(r"Cards each</dt><dd>(\d+)", page).group(1))
        seats = [int(s) for s in dict.fromkeys(re.findall(r'name="bid-(\d)"', page))]
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        bids = {f"bid-{seat}": 0 for seat in seats}
        bids[f"bid-{seats[0]}"] = cards
        bids[f"bid-{seats[-1]}"] = 1
        tricks = {f"tricks-{seat}": 0 for seat in seats}
        tricks[f"tricks-{seats[0]}"] = cards
        client.post(f"/games/{game_id}/deals/{number}", data={"csrf_token": token, "phase": "bids", **bids})
        response = client.post(
            f"/games/{game_id}/deals/{number}",
            data={"csrf_token": token, "phase": "tricks", **bids, **tricks},
        )
        assert response.status_code == 302, (number, response.status_code)
    return game_id


def weight(client: FlaskClient, url: str, *, gzip: bool) -> tuple[int, int]:
    """Bytes of the page and of everything it links under /static/, as sent."""
    headers = {"Accept-Encoding": "gzip"} if gzip else {}
    html = client.get(url).get_data()
    sent = len(client.get(url, headers=headers).get_data())
    links = set(ASSET.findall(html.decode()))
    assets = sum(len(client.get(path, headers=headers).get_data()) for path in links)
    return sent, assets


def server_ms(client: FlaskClient, url: str, repeat: int = 200, *, cold: bool = False) -> tuple[float, float]:
    """Mean and 95th percentile milliseconds for a GET (``cold``: no kept sheet to serve)."""
    times = []
    for _ in range(repeat):
        if cold:
            SHEETS.clear()
            GRIDS.clear()
        start = time.perf_counter()
        client.get(url).get_data()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.fmean(times), times[int(len(times) * 0.95)]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        client = app.test_client()
        game_id = build_game(client)
        undo_page = f"/games/{game_id}/deals/33"
        pages = {
            "home": "/",
            "new game (Romanian Whist)": "/games/new/romanian-whist",
            "score sheet, 33 deals, 7 players": f"/games/{game_id}",
            "deal entry (correcting deal 33)": undo_page,
            "your games": "/games",
        }
        print("First load in bytes (page + linked static files), uncompressed and as sent with gzip;")
        print("server time per request in milliseconds (test client, SQLite, no network).")
        print("Sheets are kept per game version; 'cold' times render every request afresh.")
        print(f"{'page':34} {'raw':>8} {'gzip':>8} {'mean ms':>8} {'p95 ms':>7} {'cold ms':>8}")
        for label, url in pages.items():
            raw = sum(weight(client, url, gzip=False))
            sent = sum(weight(client, url, gzip=True))
            mean, p95 = server_ms(client, url)
            cold, _ = server_ms(client, url, cold=True)
            print(f"{label:34} {raw:8,} {sent:8,} {mean:8.2f} {p95:7.2f} {cold:8.2f}")


if __name__ == "__main__":
    main()

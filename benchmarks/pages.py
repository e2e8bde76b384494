"""Page weight on first load and server time per page, for a finished 33-deal 7-player game; then
the cost of a page in a translated language against the same page in English.

    .venv/bin/python benchmarks/pages.py [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: 3 requests a figure,
the same code path.)

Weight counts what a phone fetches the first time: the HTML and every
stylesheet, script and icon it links (uncompressed). Server time is the mean
of repeated requests through the WSGI app, database included, beside the
trivial endpoint (/healthz) as the floor in the same run. The languages'
figures render each page afresh (nothing kept) for an English reader and for
a Romanian one, in alternating requests of the same run, with /healthz as the
floor; they use the real Romanian catalogue when it is compiled, else the
pseudo-locale's (every message accented and 40 % longer) filed as Romanian,
and say which. Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.web.games.pages import GRIDS, SHEETS

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))
from replay import NAMES

from tests import pseudo_locale

TRANSLATED = "ro"
REAL_CATALOGUE = (
    Path(__file__).parent.parent / "scorekeeper" / "translations" / TRANSLATED / "LC_MESSAGES" / "messages.mo"
)

ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def csrf(client: FlaskClient, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert found, url
    return found.group(1)


def build_table(client: FlaskClient) -> str:
    """A table kept by this client, through its form; returns its id."""
    token = csrf(client, "/tables/new")
    answer = client.post("/tables/new", data={"csrf_token": token, "name": "Thursday whist"})
    return answer.headers["Location"].rsplit("/", 1)[1]


def build_game(client: FlaskClient, table: str | None = None) -> str:
    """A 7-player Romanian game with promotions, played to its end through the pages (at ``table``)."""
    form = {
        "csrf_token": csrf(client, "/games/new/romanian-whist"),
        "first_dealer": "0",
        "option_promotions": "y",
        **({"table": table} if table else {}),
    }
    form.update({f"players-{seat}": name for seat, name in enumerate(NAMES)})
    started = client.post("/games/new/romanian-whist", data=form).headers["Location"]  # deal 1's screen
    game_id = started.split("/games/", 1)[1].split("/", 1)[0]
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


def fresh_ms(client: FlaskClient, url: str, language: str) -> float:
    """Milliseconds for one GET rendered afresh (no kept sheet) for a reader of ``language``."""
    if language == "en":
        client.delete_cookie("language")
    else:
        client.set_cookie("language", language)
    SHEETS.clear()
    GRIDS.clear()
    start = time.perf_counter()
    answer = client.get(url)
    answer.get_data()
    elapsed = (time.perf_counter() - start) * 1000
    assert answer.status_code == 200, (url, answer.status_code)
    return elapsed


def said_in(client: FlaskClient, url: str, language: str) -> str:
    """The ``<html lang>`` of the page as a reader of ``language`` gets it."""
    fresh_ms(client, url, language)
    page = client.get(url).get_data(as_text=True)
    found = re.search(r'<html lang="([a-z]+)"', page)
    return found.group(1) if found else "?"


def languages(client: FlaskClient, pages: dict[str, str], translated_from: str, repeat: int = 60) -> None:
    """Each page for an English and a Romanian reader, requests alternating; the ratio of the medians."""
    print()
    print(f"English and {TRANSLATED} ({translated_from}):")
    print(f"server ms per page rendered afresh, median of {repeat} requests each, languages alternating;")
    print(f"ratio = {TRANSLATED} / English, target <= 1.10.")
    print(f"{'page':34} {'en ms':>8} {TRANSLATED + ' ms':>8} {'ratio':>6}")
    for label, url in {"floor: /healthz": "/healthz", **pages}.items():
        if url != "/healthz":
            assert said_in(client, url, TRANSLATED) == TRANSLATED, f"{url} is not read in {TRANSLATED}"
        times: dict[str, list[float]] = {"en": [], TRANSLATED: []}
        for _ in range(3):  # warm up both
            fresh_ms(client, url, "en")
            fresh_ms(client, url, TRANSLATED)
        for _ in range(repeat):
            for language, kept in times.items():
                kept.append(fresh_ms(client, url, language))
        english, other = statistics.median(times["en"]), statistics.median(times[TRANSLATED])
        print(f"{label:34} {english:8.2f} {other:8.2f} {other / english:6.2f}")
    client.delete_cookie("language")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: 3 requests each")
    repeat = 3 if parser.parse_args().quick else 200
    with tempfile.TemporaryDirectory() as folder:
        config: dict[str, object] = {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
            "RATELIMIT_ENABLED": False,
        }
        if REAL_CATALOGUE.is_file():
            translated_from = "the real Romanian catalogue"
        else:
            translated_from = "no Romanian catalogue compiled: the pseudo-locale's, filed as Romanian"
            pseudo = pseudo_locale.build(Path(folder) / "translations", TRANSLATED)
            config["BABEL_TRANSLATION_DIRECTORIES"] = str(pseudo)
        app = create_app(config, instance_path=folder)
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        table_id = build_table(client)
        game_id = build_game(client, table_id)
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
        for label, url in {"floor: /healthz": "/healthz", **pages}.items():
            raw = sum(weight(client, url, gzip=False))
            sent = sum(weight(client, url, gzip=True))
            mean, p95 = server_ms(client, url, repeat)
            cold, _ = server_ms(client, url, repeat, cold=True)
            print(f"{label:34} {raw:8,} {sent:8,} {mean:8.2f} {p95:7.2f} {cold:8.2f}")
        languages(
            client,
            {
                "home": "/",
                "game page, 33 deals": f"/games/{game_id}",
                "deal screen (deal 33)": undo_page,
                "rules page of the game": f"/games/{game_id}/rules",
                "table's stats": f"/tables/{table_id}/stats",
                "live view": f"/games/{game_id}/live",
            },
            translated_from,
            repeat=min(repeat, 60),
        )


if __name__ == "__main__":
    main()

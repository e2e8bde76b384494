"""What the largest legal game costs one request: seconds and memory of its PDF and pages.

    .venv/bin/python benchmarks/largest_game.py [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: a game of 12 deals,
its PDF and the floor, one worker each, the same code path.)

The largest game the app accepts is a game without a last deal, played to the
most deals any game takes (``MOST_DEALS``) at the largest table: Oh! Well for
seven with two players level at the top to the end. Each figure is measured in
a fresh worker process that first renders a small game's PDF and pages (fonts,
templates and the database warm), then asks once for the large game, so what
is kept per game version never answers for it: it is the first render a
visitor with the share link can make the server do. Time (wall, and the
process's CPU time, which other load on the machine does not inflate) is the median of
three such processes; memory is how far the request raised the process's peak
resident size above the warm worker's (and the worker's peak). The floor is
the one-page PDF of a game with no deal yet, in the same run. The budget the
issue sets (2.5 s and 150 MB a request) is printed beside each figure.
Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import tempfile
import time
from typing import Any

from scorekeeper import create_app
from scorekeeper.games import store
from scorekeeper.rules.ending import MOST_DEALS

SEVEN = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
# Ann and Bob score the same every deal: level at the top, so the game never ends by itself.
TIED = {"bids": [3, 3, 0, 0, 0, 0, 0], "tricks": [3, 3, 1, 0, 0, 0, 0], "trump": "S"}
RUNS = 3
BUDGET_SECONDS = 2.5
BUDGET_MB = 150
PAGES = {
    "PDF score sheet": "/games/{id}/sheet.pdf",
    "score sheet page": "/games/{id}",
    "live page": "/games/{id}/live",
    "API state": "/api/v1/games/{id}",
    "CSV export": "/games/{id}/export.csv",
    "JSON export": "/games/{id}/export.json",
}
# The longest blank sheet: a game of a set length with the most deals at its largest table.
BLANK = (
    "blank PDF, Oneonta cooperative, 7 x 99 hands",
    "/sheets/blank/oneonta-cooperative/sheet.pdf?count=7&option_hands=99",
)


def _app(folder: str):  # type: ignore[no-untyped-def]
    config = {
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
        "RATELIMIT_ENABLED": False,
        "WTF_CSRF_ENABLED": False,  # the import is posted without reading its form first
    }
    return create_app(config, instance_path=folder)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(folder: str, url: str, warm_id: str, send: dict[str, Any]) -> tuple[float, float, float, float]:
    """In a fresh process: warm up on a small game, then (seconds, MB raised, worker peak MB, CPU
    seconds) of ``url`` (a GET, or what ``send`` says: method, body, headers)."""
    client = _app(folder).test_client()
    for warm in ("/games/{id}/sheet.pdf", "/games/{id}", "/games/{id}/live", "/api/v1/games/{id}"):
        assert client.get(warm.format(id=warm_id)).status_code == 200
    assert client.get(BLANK[1].replace("hands=99", "hands=2")).status_code == 200
    before = _peak_mb()
    start, cpu_start = time.perf_counter(), time.process_time()
    response = client.open(url, **{"headers": {"Accept-Language": "en-GB"}, **send})
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    assert response.status_code in (200, 302), (url, response.status_code)
    after = _peak_mb()
    return seconds, after - before, after, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: a small game")
    quick = parser.parse_args().quick
    deals, runs = (12, 1) if quick else (MOST_DEALS, RUNS)
    with tempfile.TemporaryDirectory() as folder:
        app = _app(folder)
        with app.app_context():
            large, _, key = store.create_game(
                "oh-well", SEVEN, first_dealer=0, options={}, log=[TIED] * deals
            )
            game = store.game_of(large)
            warm = store.create_game("oh-well", SEVEN, first_dealer=0, options={}, log=[TIED] * 2)[0]
            empty = store.create_game("oh-well", SEVEN, first_dealer=0, options={})[0]
        assert len(game.entries) == deals and not game.state.finished
        exported = app.test_client().get(f"/games/{large.id}/export.json").get_data(as_text=True)
        cases: list[tuple[str, str, dict[str, Any]]] = [
            (label, path.format(id=large.id), {}) for label, path in PAGES.items()
        ]
        cases += [
            (
                "API correction of deal 1 (replays all)",
                f"/api/v1/games/{large.id}/deals/1",
                {"method": "PUT", "json": TIED, "headers": {"Authorization": f"Bearer {key}"}},
            ),
            ("import of its JSON export", "/games/import", {"method": "POST", "data": {"text": exported}}),
            ("floor: PDF of a game with no deal yet", f"/games/{empty.id}/sheet.pdf", {}),
            (*BLANK, {}),
        ]
        if quick:  # a fresh worker a line: the sheet's PDF and the floor only
            cases = [case for case in cases if case[0] == "PDF score sheet" or case[0].startswith("floor")]
        spawn = multiprocessing.get_context("spawn")
        print(
            f"Largest legal game: Oh! Well, 7 players, {deals} deals (MOST_DEALS is {MOST_DEALS}), "
            "level at the top."
        )
        print(f"Each line: median of {runs} fresh warm workers, one first request each.")
        with spawn.Pool(1, maxtasksperchild=1) as pool:
            for label, url, send in cases:
                made = [pool.apply(measure, (folder, url, warm.id, send)) for _ in range(runs)]
                seconds = statistics.median(run[0] for run in made)
                raised = statistics.median(run[1] for run in made)
                peak = statistics.median(run[2] for run in made)
                cpu = statistics.median(run[3] for run in made)
                within = seconds <= BUDGET_SECONDS and raised <= BUDGET_MB
                print(
                    f"{label:46} {seconds:6.2f} s (CPU {cpu:5.2f} s)"
                    f"  +{raised:4.0f} MB (worker peak {peak:4.0f} MB)"
                    f"  budget {BUDGET_SECONDS} s / {BUDGET_MB} MB: {'met' if within else 'MISSED'}"
                )


if __name__ == "__main__":
    main()

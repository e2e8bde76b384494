"""Seconds to render the PDFs, against WeasyPrint's own floor on this machine.

    .venv/bin/python benchmarks/pdf.py

Times, through the app (template, WeasyPrint, response): the score sheet of a
finished 33-deal 7-player Romanian game, and a blank 19-deal sheet (Oh Hell
for four). The floor is WeasyPrint rendering a
one-page minimal document in the same run; for comparison it also prints the
one-page sheet of a game with no deal yet, through the same templates and
print stylesheet. Each figure is the median of several runs after one warm-up.
Prints figures only; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask
from weasyprint import HTML

from scorekeeper import create_app, store
from scorekeeper.extensions import db

sys.path.insert(0, str(Path(__file__).parent))
from replay import NAMES

RUNS = 7
TARGET_SECONDS = 1.5
TARGET_RATIO = 4.0


def finished_romanian(app: Flask) -> str:
    """A 7-player Romanian game played to its end through the store: its id."""
    with app.app_context():
        record, game, _key = store.create_game("romanian-whist", NAMES, first_dealer=0, options={})
        while (facts := game.state.current) is not None:
            bids: list[int | None] = [None if seat in facts.sitting_out else 0 for seat in range(len(NAMES))]
            tricks = list(bids)
            first = facts.bidding_order[0]
            bids[first] = tricks[first] = facts.cards
            bids[facts.bidding_order[-1]] = 1
            game = store.record_deal(record, game, facts.number, {"bids": bids, "tricks": tricks})
        assert game.state.finished and len(game.state.deals) == 33
        game_id: str = record.id
        db.session.remove()
        return game_id


def median_seconds(render: Callable[[], object]) -> float:
    """The median wall time of RUNS renders, after one warm-up."""
    render()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        render()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite"}, instance_path=folder
        )
        client = app.test_client()
        game_id = finished_romanian(app)
        with app.app_context():
            empty_id = store.create_game("romanian-whist", NAMES, first_dealer=0, options={})[0].id

        def get(url: str) -> Callable[[], bytes]:
            def render() -> bytes:
                response = client.get(url, headers={"Accept-Language": "en-GB"})
                assert response.status_code == 200 and response.data.startswith(b"%PDF"), url
                return response.data

            return render

        players = "&".join(f"players-{seat}={name}" for seat, name in enumerate(NAMES[:4]))
        blank_url = f"/sheets/blank/oh-hell/sheet.pdf?{players}"
        floor = median_seconds(lambda: HTML(string="<p>Scorekeeper</p>").write_pdf())
        sheet = median_seconds(get(f"/games/{game_id}/sheet.pdf"))
        empty = median_seconds(get(f"/games/{empty_id}/sheet.pdf"))
        blank = median_seconds(get(blank_url))

    print(f"Median of {RUNS} renders each, in seconds (WeasyPrint, through the app).")
    print(f"{'minimal one-page document (floor)':44} {floor:7.3f}")
    for label, seconds in (
        ("game with no deal yet, 7 players (1 page)", empty),
        ("finished game, 33 deals, 7 players", sheet),
        ("blank sheet, 19 deals (Oh Hell for four)", blank),
    ):
        print(f"{label:44} {seconds:7.3f}   {seconds / floor:5.1f} x floor")
    print(
        f"Targets for the 33-deal sheet: under {TARGET_SECONDS} s "
        f"({'met' if sheet < TARGET_SECONDS else 'missed'}), at most {TARGET_RATIO:.0f} x floor "
        f"({'met' if sheet <= TARGET_RATIO * floor else 'missed'})."
    )


if __name__ == "__main__":
    main()

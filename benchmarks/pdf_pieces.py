"""What each piece of the 33-deal score sheet costs WeasyPrint: the sheet with one piece taken out at a time.

    .venv/bin/python benchmarks/pdf_pieces.py [--runs 20] [--collector] [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: one render of each
piece of a 3-player game's sheet, the same code path.)

Renders the sheet of benchmarks/pdf.py (a finished 33-deal 7-player Romanian
game) as the app makes it, then the same page without its chart, its
standings, its heading, its page heads, with WeasyPrint's default font, without
the screen's stylesheet (print.css alone), and with each cell's three runs of
text (bid/tricks, points, total) as one; beside the bare table of the same
numbers. Renders rotate run by run at the same sweep of stack depths, after a
garbage collection; ``--collector`` leaves the collector running (by default it
is paused, to show the layout work alone). Prints figures only.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from weasyprint import HTML

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.pdf import render_pdf
from scorekeeper.web import kept_pdfs

sys.path.insert(0, str(Path(__file__).parent))
from pdf import DEPTHS, HEADERS, bare_table, finished_romanian, timed


def captured_sheet(players: int = 7) -> tuple[str, dict[str, Any], str]:
    """The sheet's HTML and render arguments as the app makes them, and the bare table, of a finished
    Romanian game of ``players``."""
    captured: dict[str, Any] = {}

    def keep(html: str, **arguments: Any) -> bytes:
        captured.update(html=html, arguments=arguments)
        return b"%PDF-"

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "PDF_SHELF_BYTES": 0},
            instance_path=folder,
        )
        game_id = finished_romanian(app, players)
        with mock.patch.object(kept_pdfs, "render_pdf", keep):
            app.test_client().get(f"/games/{game_id}/sheet.pdf", headers=HEADERS)
        with app.app_context():
            _record, game = store.load_game(game_id)
            bare = bare_table(game)
            db.session.remove()
    return captured["html"], captured["arguments"], bare


def without(html: str, pattern: str) -> str:
    return re.sub(pattern, "", html, flags=re.S)


def with_css(html: str, rules: str) -> str:
    # A <style> of the page itself: it outranks the kept stylesheets (see scorekeeper/pdf.py).
    return html.replace("</head>", f"<style>@media print {{ {rules} }}</style></head>")


def pieces(html: str) -> dict[str, str]:
    """The sheet, and the sheet with one piece taken out."""
    one_run = (
        r'<td class="(\w+)"><span class="bt">(.*?)</span>'
        r'<span class="pts">(.*?)</span><b class="tot">(.*?)</b></td>'
    )
    taken_out = {
        "without the chart": without(html, r'<section class="chart".*?</section>'),
        "without the standings": without(html, r'<section class="results".*?</section>'),
        "without the heading": without(html, r'<header class="doc-head">.*?</header>'),
        "without the page heads (margin boxes)": html.replace(
            "<style>@page",
            "<style>@page { @top-left { content: none } @bottom-right { content: none } } @page",
        ),
        "with WeasyPrint's default font": with_css(html, ":root { font-family: serif }"),
        "without app.css (print.css alone)": html.replace(
            '<link rel="stylesheet" href="/static/app.css">', ""
        ),
        "each cell one run of text (no nested boxes)": re.sub(one_run, r'<td class="\1">\2 \3 \4</td>', html),
    }
    # A piece the sheet no longer has (its markup renamed) would be measured as the whole sheet.
    unchanged = [label for label, page in taken_out.items() if page == html]
    assert not unchanged, f"the sheet's markup changed; these no longer take anything out: {unchanged}"
    return {"the sheet as the app makes it": html, **taken_out}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="renders of each (default 20)")
    parser.add_argument("--collector", action="store_true", help="leave the garbage collector running")
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: one render each")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    html, arguments, bare = captured_sheet(3 if args.quick else 7)
    renders: dict[str, Callable[[], object]] = {
        label: (lambda page=page: render_pdf(page, **arguments)) for label, page in pieces(html).items()
    }
    renders["bare table of the same numbers"] = lambda: HTML(string=bare).write_pdf()
    if not args.quick:  # fonts and stylesheets loaded, and each page once, before any timing
        for render in renders.values():
            render()
    labels = list(renders)
    seconds: dict[str, list[float]] = {label: [] for label in labels}
    for run in range(args.runs):
        for label in labels[run % len(labels) :] + labels[: run % len(labels)]:
            _wall, cpu = timed(renders[label], pause_gc=not args.collector, depth=DEPTHS[run % len(DEPTHS)])
            seconds[label].append(cpu)
    sheet = statistics.median(seconds[labels[0]])
    bare_times = seconds[labels[-1]]
    collector = "running" if args.collector else "paused"
    print(f"CPU time, median of {args.runs} renders each; garbage collector {collector}.")
    for label in labels:
        median = statistics.median(seconds[label])
        ratio = statistics.median(s / b for s, b in zip(seconds[label], bare_times, strict=True))
        change = (median - sheet) * 1000
        print(f"{label:46} {median * 1000:6.0f} ms  {change:+5.0f} ms  {ratio:5.2f} x the bare table")


if __name__ == "__main__":
    main()

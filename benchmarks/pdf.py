"""The score sheet PDF against WeasyPrint's floor for the same content, and kept PDFs.

    .venv/bin/python benchmarks/pdf.py [--runs 40] [--repeats 200] [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: a 3-player game's
sheet, one render of each kind and two downloads, the same code path.)

1. The sheet of a finished 33-deal 7-player Romanian game, rendered afresh
   through the app (template, WeasyPrint, response; the PDF shelf off),
   against WeasyPrint rendering a bare HTML table of the same numbers and
   names with no stylesheet of ours: one cell for each deal's number, cards,
   trump and dealer, and for each player's bid, tricks, points and running
   total (a dash where a player sits out). The sheet also carries its heading,
   the standings, the chart and the page heads; the bare table only the grid.
   The renders alternate, run after run, and each run's ratio is taken
   between neighbours, so a slow spell of this shared machine falls on both;
   the figures are medians. Garbage is collected before each timed render, so
   neither pays for the other's, and both are called at the same Python stack
   depths, swept run by run (a render's time moves with that depth). Python's
   garbage collector takes a good part of either render, and where its full
   collections fall moves with any allocation before them, so the ratio is
   also given with the collector paused in both: the layout work alone.
2. The first render in this process (fonts and stylesheets not yet loaded).
3. Kept PDFs (the shelf on, in a temporary instance folder): the first
   download of a version, which renders and keeps it, and repeat downloads
   (server time through the WSGI app), for the game's sheet and a blank sheet;
   then the first download after a correction, which must render again.

Prints figures only; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import gc
import html
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from weasyprint import HTML

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.rules import Game

sys.path.insert(0, str(Path(__file__).parent))
from replay import NAMES

TARGET_RATIO = 1.15
TARGET_FIRST_SECONDS = 1.5
TARGET_REPEAT_MS = 10.0
HEADERS = {"Accept-Language": "en-GB"}
# Stack depths, in frames, each run calls the renders at (see at_depth).
DEPTHS = tuple(range(0, 240, 12))


def finished_romanian(app: Flask, players: int = 7) -> str:
    """A Romanian game of ``players`` (33 deals for seven) played to its end through the store: its id."""
    names = NAMES[:players]
    with app.app_context():
        record, game, _key = store.create_game("romanian-whist", names, first_dealer=0, options={})
        while (facts := game.state.current) is not None:
            bids: list[int | None] = [None if seat in facts.sitting_out else 0 for seat in range(players)]
            tricks = list(bids)
            first = facts.bidding_order[0]
            bids[first] = tricks[first] = facts.cards
            bids[facts.bidding_order[-1]] = 1
            game = store.record_deal(record, game, facts.number, {"bids": bids, "tricks": tricks})
        assert game.state.finished and (players != 7 or len(game.state.deals) == 33)
        game_id: str = record.id
        db.session.remove()
        return game_id


def bare_table(game: Game) -> str:
    """The sheet's numbers and names as a bare HTML table: a cell each, no stylesheet."""
    players = game.table.players

    def row(cells: list[object], tag: str = "td") -> str:
        return "<tr>" + "".join(f"<{tag}>{html.escape(str(cell))}</{tag}>" for cell in cells) + "</tr>"

    rows = [row(["Deal", "Cards", "Trump", "Dealer", *players], "th")]
    for deal in game.state.deals:
        trump = deal.trump or deal.facts.trump
        cells: list[object] = [
            deal.number,
            deal.facts.cards,
            trump.symbol if trump else "",
            players[deal.facts.dealer][:3],
        ]
        assert deal.points is not None and deal.totals is not None
        for seat in range(game.table.size):
            if seat in deal.facts.sitting_out:
                cells.append("—")
            else:
                cells += [deal.bids[seat], deal.tricks[seat], f"{deal.points[seat]:+d}", deal.totals[seat]]
        rows.append(row(cells))
    return "<!doctype html><html><body><table>" + "".join(rows) + "</table></body></html>"


def timed(
    action: Callable[[], object], *, collect: bool = True, pause_gc: bool = False, depth: int = 0
) -> tuple[float, float]:
    """Wall and CPU seconds of one call, made ``depth`` Python frames deeper than this one.

    ``collect`` first collects the garbage the last call left, so no call pays
    for another's; ``pause_gc`` keeps the garbage collector out of the call.
    """
    if collect:
        gc.collect()
    if pause_gc:
        gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        at_depth(depth, action)
        return time.perf_counter() - wall, time.process_time() - cpu
    finally:
        gc.enable()


def at_depth(depth: int, action: Callable[[], object]) -> object:
    """``action()``, called ``depth`` frames down.

    A render's time moves by a fifth or more with the depth of the Python
    stack it starts at (CPython keeps frames in chunks, and a deep recursion
    that keeps crossing a chunk's end allocates and frees one each time), so
    both renders are timed at the same depths, a sweep of them.
    """
    return action() if depth == 0 else at_depth(depth - 1, action)


@dataclass(frozen=True)
class Paired:
    """Medians of one kind of render of the sheet and the bare table, and of their ratios run by run."""

    sheet: float
    bare: float
    wall_ratio: float
    cpu_ratio: float


def paired(
    render_sheet: Callable[[], object], render_bare: Callable[[], object], runs: int
) -> tuple[Paired, Paired, float]:
    """Render the sheet and the bare table ``runs`` times each, with the garbage collector
    running and paused, the four in a rotating order. Also returns the median share of
    the sheet's time the collector takes."""
    kinds = [(name, pause) for pause in (False, True) for name in ("sheet", "bare")]
    walls: dict[tuple[str, bool], list[float]] = {kind: [] for kind in kinds}
    cpus: dict[tuple[str, bool], list[float]] = {kind: [] for kind in kinds}
    actions = {"sheet": render_sheet, "bare": render_bare}
    for run in range(runs):
        depth = DEPTHS[run % len(DEPTHS)]
        for name, pause in kinds[run % 4 :] + kinds[: run % 4]:
            wall, cpu = timed(actions[name], pause_gc=pause, depth=depth)
            walls[name, pause].append(wall)
            cpus[name, pause].append(cpu)

    def summary(pause: bool) -> Paired:
        sheet, bare = walls["sheet", pause], walls["bare", pause]
        return Paired(
            sheet=statistics.median(sheet),
            bare=statistics.median(bare),
            wall_ratio=statistics.median(s / b for s, b in zip(sheet, bare, strict=True)),
            cpu_ratio=statistics.median(
                s / b for s, b in zip(cpus["sheet", pause], cpus["bare", pause], strict=True)
            ),
        )

    collector = statistics.median(
        1 - paused / running
        for running, paused in zip(cpus["sheet", False], cpus["sheet", True], strict=True)
    )
    return summary(False), summary(True), collector


def downloader(client: FlaskClient, url: str) -> Callable[[], bytes]:
    def download() -> bytes:
        response = client.get(url, headers=HEADERS)
        assert response.status_code == 200 and response.data.startswith(b"%PDF"), url
        return response.data

    return download


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="renders of each kind (default 40)")
    parser.add_argument("--repeats", type=int, default=200, help="repeat downloads timed (default 200)")
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: a few renders")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.repeats = 1, 2
    players = 3 if args.quick else 7

    with tempfile.TemporaryDirectory() as folder:
        # The request limits would answer 429 after a dozen PDFs a minute: this script asks for hundreds.
        database = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False}
        fresh = create_app({**database, "PDF_SHELF_BYTES": 0}, instance_path=f"{folder}/fresh")
        kept = create_app(database, instance_path=f"{folder}/kept")
        game_id = finished_romanian(fresh, players)
        with fresh.app_context():
            _record, game = store.load_game(game_id)
            bare_html = bare_table(game)
            db.session.remove()
        sheet_url = f"/games/{game_id}/sheet.pdf"
        sheet = f"{len(game.state.deals)}-deal {players}-player"
        render_sheet = downloader(fresh.test_client(), sheet_url)

        def render_bare() -> bytes:
            pdf = HTML(string=bare_html).write_pdf()
            assert isinstance(pdf, bytes)
            return pdf

        first_render, first_cpu = timed(render_sheet)
        render_bare()
        default, paused, collector = paired(render_sheet, render_bare, args.runs)

        kept_client = kept.test_client()
        players = "&".join(f"players-{seat}={name}" for seat, name in enumerate(NAMES[:4]))
        kept_figures = []
        for label, url in (
            (f"{sheet} sheet", sheet_url),
            ("blank 19-deal sheet", f"/sheets/blank/oh-hell/sheet.pdf?{players}"),
        ):
            download = downloader(kept_client, url)
            first, _ = timed(download)
            repeats = [timed(download, collect=False)[0] for _ in range(args.repeats)]
            kept_figures.append((label, first, statistics.median(repeats), max(repeats)))
        with kept.app_context():
            record, game = store.load_game(game_id)
            store.record_deal(record, game, len(game.entries), _last_deal(game))
            db.session.remove()
        after_change, _ = timed(downloader(kept_client, sheet_url))
        pdf_files = sorted((Path(folder) / "kept" / "pdfs").glob("*.pdf"))

    print(
        f"Medians of {args.runs} renders of each, interleaved (wall clock; CPU time as a check), in seconds."
    )
    print(f"{sheet} sheet, through the app:       {default.sheet:6.3f}")
    print(f"bare table of the same cells, WeasyPrint alone: {default.bare:6.3f}")
    verdict = "met" if default.wall_ratio <= TARGET_RATIO else "missed"
    ratio = default.wall_ratio
    print(f"{sheet} sheet against the bare table: {ratio:.2f} x (target <= {TARGET_RATIO} x: {verdict})")
    print(f"{sheet} sheet against the bare table, CPU time: {default.cpu_ratio:.2f} x")
    print(
        f"{sheet} sheet against the bare table, garbage collector paused in both: {paused.wall_ratio:.2f} x "
        f"({paused.sheet:.3f} s against {paused.bare:.3f} s; "
        f"the collector takes {collector:.0%} of the sheet's CPU time)"
    )
    verdict = "met" if first_render < TARGET_FIRST_SECONDS else "missed"
    print(
        f"first render in this process: {first_render:.3f} s, {first_cpu:.3f} s of CPU "
        f"(target < {TARGET_FIRST_SECONDS} s: {verdict})"
    )
    print(f"Kept PDFs (median of {args.repeats} repeat downloads, server time through the WSGI app):")
    for label, first, repeat, worst in kept_figures:
        verdict = "met" if repeat * 1000 <= TARGET_REPEAT_MS else "missed"
        print(
            f"{label}: first download {first:.3f} s, repeat {repeat * 1000:.2f} ms "
            f"(slowest {worst * 1000:.2f} ms; target <= {TARGET_REPEAT_MS:.0f} ms: {verdict})"
        )
    print(f"{sheet} sheet after a correction (a new version, rendered again): {after_change:.3f} s")
    print(f"files kept: {len(pdf_files)}")


def _last_deal(game: Game) -> dict[str, list[int | None]]:
    """The last deal (33 for seven) entered again with the last bidder making their bid: a correction."""
    deal = game.state.deals[-1]
    bids = list(deal.bids)
    tricks = list(deal.tricks)
    last = deal.facts.bidding_order[-1]
    first = deal.facts.bidding_order[0]
    tricks[last], tricks[first] = 1, tricks[first] - 1 if tricks[first] else 0
    return {"bids": bids, "tricks": tricks}


if __name__ == "__main__":
    main()

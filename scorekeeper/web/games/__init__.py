"""The game's pages: starting one, its deal screen and entry screens, corrections and undo, the
sheets and PDFs, table events, sharing and files, offline play, hand-over and the rules referee.

Other features (tables, the home page) show a game through the names exported here (``__all__``),
never through this package's modules (import-linter holds it).
"""

from __future__ import annotations

from flask import Flask

from .charts import SCREEN_HEIGHT, SCREEN_WIDTH, Chart, line_chart, sampled, share_bars, totals_chart
from .exchange import (
    CSV_HEADER,
    FORMAT,
    FORMAT_VERSION,
    FORMAT_VERSION_WITH_EVENTS,
    UnreadableFile,
    csv_rows,
    read_export,
    read_file,
    spreadsheet_cell,
)
from .knock_ons import say_also
from .outlook import lean_on
from .uploads import Bounds, read_bounded
from .view import option_lines, side_names, summary

__all__ = [
    "CSV_HEADER",
    "FORMAT",
    "FORMAT_VERSION",
    "FORMAT_VERSION_WITH_EVENTS",
    "SCREEN_HEIGHT",
    "SCREEN_WIDTH",
    "Bounds",
    "Chart",
    "UnreadableFile",
    "csv_rows",
    "lean_on",
    "line_chart",
    "option_lines",
    "read_bounded",
    "read_export",
    "read_file",
    "register",
    "sampled",
    "say_also",
    "share_bars",
    "side_names",
    "spreadsheet_cell",
    "summary",
    "totals_chart",
]


def register(app: Flask) -> None:
    """Add the game's pages to ``app``: every entry screen, the blueprints, and the finish screen's
    globals for the game page's templates."""
    from . import (
        big_screen,
        corrections,
        events,
        finish,
        follow,
        handover,
        merge,
        offline_events,
        pages,
        paper,
        referee,
        secrecy,
        share,
        sheets,
    )
    from .entry import load_screens

    load_screens()
    blueprints = (pages, share, referee, sheets, handover, events, corrections, big_screen, secrecy, paper)
    for room in blueprints:
        app.register_blueprint(room.bp)
    paper.register(app)
    app.register_blueprint(merge.bp)  # a phone's offline queue, sent on top of the others' changes
    app.register_blueprint(offline_events.bp)  # the events' forms, kept on the phone for offline use
    app.register_blueprint(follow.bp)  # every open page of a game follows another phone's change
    app.add_template_global(finish.game_chart)
    app.add_template_global(finish.finish_of)
    app.add_template_global(finish.chances_chart)  # the finish screen's chart of chances
    app.add_template_global(handover.keeps_score)  # the menu's "Another phone keeps score"

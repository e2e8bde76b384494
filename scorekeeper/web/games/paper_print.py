"""A blank sheet made to be read back: every page laid out in millimetres, with its QR code.

The sheet says what the ordinary blank sheet says (every deal's cards, dealer, trump and hook, the
rules in short) and adds what the reader needs: four corner marks, a QR code per page naming the
table and the page's deals, and a box per digit wherever a bid or the tricks taken are written.
Where everything stands is worked out by the engine's paper room (rules/paper/sheet.py), which the
reader uses again on the photograph.
"""

from __future__ import annotations

import textwrap
from typing import Any

from flask import request, url_for

from ... import words
from ...rules import Game, Table, Trump
from ...rules.paper import (
    READABLE,
    SheetId,
    SheetLayout,
    bid_kinds,
    corner_marks,
    declarations,
    fits,
    game_grid,
    lay_out,
    paper_size,
    qr_place,
    readable,
)
from ...rules.paper.sheet import CONTENT_INSET, LABEL_LINE, QR, digits_for
from ...rules.variants.bid_whist import Direction
from ...words import gettext, ngettext
from ...words._core import N_
from ..qr import sheet_qr_svg
from ..wording import declared, say
from .entry.bid_whist import DIRECTION_SIGNS, KIND_SIGNS

ORIENTATIONS = ("portrait", "landscape")
# The labels over each field's boxes, by what the field holds.
FIELD_LABELS_UNTRANSLATED = {
    "bid": N_("Bid"),
    "null": N_("Null"),
    "double": N_("Dbl"),
    "kind": N_("Kind"),
    "declaration": N_("Trump"),
    "honours": N_("Honours"),
    "tricks": N_("Took"),
}

# The first page's heading: the title, the players and the date at the left…
HEADING_WIDTH = 66.0
HEADING_HEIGHT = 18.0
# …and the rules in short beside it, sized for its text (8pt DejaVu Sans: about 1.6 mm a letter,
# 3.7 mm a line; a little more than measured, so nothing is cut).
LETTER_MM = 1.6
LINE_MM = 3.8
RULES_PADDING = 4.5
GAP = 2.0
HOW_LINE = 4.5


def coded_values(table: Table) -> dict[str, list[str]]:
    """The fields written as a number that stands for a word (a bid's kind, what its winner declared),
    each number's meaning from 1 in the engine's order: "↑ uptown", "♠"."""
    whats = {field.what for field in game_grid(table, 1).fields}
    coded = {}
    if "kind" in whats:
        coded["kind"] = [f"{KIND_SIGNS[kind]} {words.bid_kind(kind)}" for kind in bid_kinds(table)]
    if "declaration" in whats:
        coded["declaration"] = [
            f"{DIRECTION_SIGNS[Direction(code)]} {words.bid_kind(code)}"
            if code in DIRECTION_SIGNS
            else words.trump_sign(Trump(code))
            for code in declarations(table)
        ]
    return coded


def code_lines(table: Table) -> list[str]:
    """The rules box's key to the numbered fields: "Kind: 1 ↑ uptown · 2 ↓ downtown · 3 NT no trump"."""
    return [
        words.labelled(
            gettext(FIELD_LABELS_UNTRANSLATED[what]),
            " · ".join(f"{number} {meaning}" for number, meaning in enumerate(meanings, start=1)),
        )
        for what, meanings in coded_values(table).items()
    ]


def readable_orientation(game: Game, rows: int, paper: str) -> str | None:
    """The orientation a readable sheet of ``game`` takes on ``paper``: portrait when its grid fits,
    else landscape; None when it fits neither."""
    spec = game_grid(game.table, rows)
    for orientation in ("portrait", "landscape"):
        if fits(spec, paper_size(paper, orientation)):
            return orientation
    return None


def rules_height(texts: list[str], width: float) -> float:
    """How tall the rules box gets for ``texts`` (a line each at least) in a box ``width`` wide."""
    per_line = max(1, int((width - RULES_PADDING) / LETTER_MM))
    lines = sum(max(1, len(textwrap.wrap(text, per_line))) for text in texts)
    return lines * LINE_MM + RULES_PADDING


def sheet_pages(
    game: Game, *, rows: int, paper: str, orientation: str, rules_texts: list[str], base: dict[str, Any]
) -> dict[str, Any]:
    """Everything the readable sheet's template places: the pages, each with its marks, QR code,
    column headings and rows; ``rules_texts`` are the lines of the rules box, ``base`` what the QR
    code names besides the page (a game's id, or the blank sheet's table)."""
    page = paper_size(paper, orientation)
    spec = game_grid(game.table, rows)
    qr = qr_place(page)
    rules_left = CONTENT_INSET + HEADING_WIDTH + GAP
    rules_width = qr.x - GAP - rules_left
    rules_h = rules_height(rules_texts, rules_width)
    # The grid starts below the heading, the rules and the QR code, with room for the line that says
    # how to write in the boxes (HOW_LINE) above its column headings.
    first_top = (
        max(CONTENT_INSET + HEADING_HEIGHT, CONTENT_INSET + rules_h, qr.y + qr.height) + GAP + HOW_LINE
    )
    later_top = qr.y + qr.height + GAP + HOW_LINE
    layout = lay_out(spec, page, first_top=first_top, later_top=later_top)
    pages = []
    for sheet_page in layout.pages:
        identity = SheetId(
            paper=paper,
            orientation=orientation,
            page=sheet_page.number,
            first=sheet_page.first,
            last=sheet_page.last,
            rows=len(spec.rows),
            top=sheet_page.top,
            **base,
        )
        link = url_for("paper.read", _external=True, **_query(identity))  # type: ignore[arg-type]
        pages.append(
            {
                "number": sheet_page.number,
                "first": sheet_page.first,
                "last": sheet_page.last,
                "marks": corner_marks(page),
                "qr": qr,
                "qr_svg": sheet_qr_svg(link),
                "heading_top": sheet_page.top - layout.heading,
                "rows": [
                    {"spec": row, "top": sheet_page.row_top(index)}
                    for index, row in enumerate(sheet_page.rows)
                ],
                "fields": sheet_page.fields,
            }
        )
    return {
        "page_size": page,
        "layout": layout,
        "pages": pages,
        "rules_box": {"x": rules_left, "y": CONTENT_INSET, "width": rules_width, "height": rules_h},
        "heading_box": {"x": CONTENT_INSET, "y": CONTENT_INSET, "width": HEADING_WIDTH},
        "row_height": layout.row_height,
        # A row written on two lines (Bid and Null above Dbl and Took) has its labels on two lines.
        "heading_height": layout.heading,
        "line_height": layout.row_height / layout.lines,
        "label_line": LABEL_LINE,
        "grid_right": layout.right,
        "qr_size": QR,
    }


def _query(identity: SheetId) -> dict[str, str | list[str]]:
    """The identity's pairs as url_for's arguments (the players' names repeat ``p``)."""
    query: dict[str, str | list[str]] = {}
    for key, value in identity.query():
        if key == "p":
            names = query.setdefault("p", [])
            assert isinstance(names, list)
            names.append(value)
        else:
            query[key] = value
    return query


def layout_of(context: dict[str, Any]) -> SheetLayout:
    """The layout a sheet's context was placed with."""
    found: SheetLayout = context["layout"]
    return found


def readable_sheet(game: Game, rows: int, paper: str) -> str | None:
    """The orientation of ``game``'s readable blank sheet on ``paper`` (the one asked for with
    ``?orientation=`` when the grid fits it); None when the game's sheets are not made to be read, or
    its grid fits no page."""
    if not readable(game.table):
        return None
    spec = game_grid(game.table, rows)
    asked = request.args.get("orientation", "").lower()
    order = [asked] if asked in ORIENTATIONS else []
    for orientation in [*order, *ORIENTATIONS]:
        if fits(spec, paper_size(paper, orientation)):
            return orientation
    return None


def readable_context(game: Game, blank: dict[str, Any], *, rows: int, orientation: str) -> dict[str, Any]:
    """What the readable blank sheet shows on top of the ordinary blank sheet's ``blank`` context."""
    table = game.table
    options = {
        spec.name: table.options[spec.name]
        for spec in table.variant.options
        if table.options[spec.name] != spec.default_for(table.size)
    }
    named = bool(blank["named"])
    base: dict[str, Any] = {
        "variant": table.variant.code,
        "first_dealer": table.first_dealer,
        "players": tuple(table.players) if named else (),
        "count": None if named else table.size,
        "options": options,
    }
    lines = [
        words.labelled(gettext("Deck"), blank["deck"]),
        words.labelled(gettext("First dealer"), blank["first_dealer"]),
        *([words.labelled(gettext("Options"), " · ".join(blank["options"]))] if blank["options"] else []),
        *blank["reminders"],
    ]
    # The ordinary blank sheet's words for the game's length (the same messages).
    deal_word = declared(table.variant.deal_word)
    if blank["fixed_length"]:
        length = gettext("%(row_count)s, a row each") % {"row_count": deal_word.count(rows)}
    else:
        length = ngettext(
            "The game ends on the score, not after a set number of %(plural)s: %(row_count)s row is "
            "printed, carry on over the page if the game goes on",
            "The game ends on the score, not after a set number of %(plural)s: %(row_count)s rows are "
            "printed, carry on over the page if the game goes on",
            rows,
        ) % {"plural": deal_word.plural, "row_count": rows}
    lines.append(words.labelled(gettext("Length"), length))
    how = READABLE[table.variant.engine.input_kind].how
    if how is not None:  # how this family's boxes are filled in, beyond one digit a box
        lines.append(say(how))
    lines.extend(code_lines(table))
    summary = str(declared(table.variant.summary))
    paper = blank["paper"].name
    sheet = sheet_pages(
        game, rows=rows, paper=paper, orientation=orientation, rules_texts=[summary, *lines], base=base
    )
    spec = game_grid(table, rows)
    widest = digits_for(max(row.most for row in spec.rows))
    return {
        "sheet": sheet,
        "orientation": orientation,
        "rules_lines": lines,
        "blank_rows": blank["rows"],
        "field_labels": [gettext(FIELD_LABELS_UNTRANSLATED[field.what]) for field in spec.fields],
        "field_digits": [field.digits(widest) for field in spec.fields],
    }

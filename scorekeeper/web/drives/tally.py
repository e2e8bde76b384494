"""The players' tally cards laid out for print: every hand's row on every card, in 8 pt type on
rows at least 6 mm high, four cards to a sheet where they fit and two (or one) where they do not.

Why the cards are set this way (benchmarks/drive_pdfs.py measures it): WeasyPrint spends its time
per box and per run of text — a 160-player drive's cards as a table of 35,000 cells took 17 s of
CPU — and hardly anything per letter. So each card's rows are one run of text in a monospaced type
(DejaVu Sans Mono, which has the suits' signs), one line a hand, its columns set by counting
characters; the grid is one drawing (an SVG every card of the drive shares) behind the text, and
the document has one small stylesheet of its own. A card is then a handful of boxes, whatever the
number of hands, and the 160 cards take about a tenth of the time.

The sheet is the reader's paper turned landscape, cut in two down the middle: each card is half its
width (an A5 card on A4). A card takes a quarter of the sheet (four to a sheet) when its rows fit
at 6 mm or more, else half the sheet (two to a sheet), else the whole sheet with its hands in two
blocks side by side (the longest drives).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from ...pdf import Paper

# DejaVu Sans Mono's advance (1233 of 2048 units to the em) at the rows' 8 pt, in millimetres.
ROW_TEXT_PT = 8.0
CHAR_MM = ROW_TEXT_PT * 1233 / 2048 * 25.4 / 72
SHEET_MARGIN_MM = 5.0
CARD_PADDING_X_MM = 4.0
CARD_PADDING_Y_MM = 3.5
CARD_BORDER_MM = 0.5 * 25.4 / 72  # the dashed line to cut along, 0.5 pt
# The player's name (12 pt) and the drive's line (8 pt) above the rows.
CARD_HEAD_MM = 11.0
MIN_ROW_MM = 6.0
MAX_ROW_MM = 8.0
BLOCK_GAP_MM = 6.0
ELLIPSIS = "…"


@dataclass(frozen=True, kw_only=True)
class Column:
    """A column of the rows: its heading, its width in characters, and whether its texts (numbers)
    are set flush right."""

    heading: str
    width: int
    right: bool = False

    @property
    def cells(self) -> int:
        """The character cells the column takes: a space before its text, then its text."""
        return self.width + 1


@dataclass(frozen=True, kw_only=True)
class CardLayout:
    """Where the cards go on the sheet and how their rows are set."""

    paper: Paper
    cards_per_sheet: int
    card_width_mm: float
    card_height_mm: float
    blocks: int  # blocks of rows side by side on a card (2 on a whole-sheet card)
    rows_per_block: int  # hands a block holds (its heading row apart)
    row_mm: float
    block_width_mm: float
    columns: tuple[Column, ...]
    interval_after: int | None

    @property
    def sheet_width_mm(self) -> float:
        """The room on the landscape sheet inside its margins."""
        return max(self.paper.width_mm, self.paper.height_mm) - 2 * SHEET_MARGIN_MM

    @property
    def block_height_mm(self) -> float:
        """A block's heading row and its rows."""
        return (self.rows_per_block + 1) * self.row_mm

    def grid(self, block: int) -> str:
        """Block ``block``'s grid (from 0) as a ``data:`` URL of an SVG drawing: the heading row's
        shade, a line under every row, one between the columns, a heavier one after the interval's
        hand."""
        width, height, row = self.block_width_mm, self.block_height_mm, self.row_mm
        lines = [f"M0 {row * at:.3f}H{width:.3f}" for at in range(self.rows_per_block + 2)]
        lines += [f"M0.09 0V{height:.3f}", f"M{width - 0.09:.3f} 0V{height:.3f}"]
        x = 0.0
        for column in self.columns[:-1]:
            # Half way through the space before the next column: half a letter clear of either text.
            x += column.cells * CHAR_MM
            lines.append(f"M{x + CHAR_MM / 2:.3f} 0V{height:.3f}")
        heavy = ""
        first_hand = block * self.rows_per_block + 1
        if self.interval_after is not None and first_hand <= self.interval_after:
            at = self.interval_after - first_hand + 2
            if at <= self.rows_per_block:
                heavy = f"<path d='M0 {row * at:.3f}H{width:.3f}' stroke='#000' stroke-width='0.5'/>"
        svg = (
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.3f}mm' height='{height:.3f}mm' "
            f"viewBox='0 0 {width:.3f} {height:.3f}'><rect width='{width:.3f}' height='{row:.3f}' "
            f"fill='#e6e6e6'/><path d='{' '.join(lines)}' stroke='#777' stroke-width='0.18' "
            f"fill='none'/>{heavy}</svg>"
        )
        return "data:image/svg+xml," + quote(svg)


def layout_cards(
    paper: Paper,
    hands: int,
    headings: list[str],
    cells: list[list[list[str]]],
    interval_after: int | None,
    right: frozenset[int] = frozenset(),
) -> CardLayout:
    """The layout of a drive's cards: the smallest card whose rows fit at MIN_ROW_MM or more, and
    columns as wide as their headings and contents (the names share what is left).

    ``cells`` are every card's rows, each row its columns' texts (the names' columns third and
    fourth; a row may stop short); the columns numbered in ``right`` are set flush right.
    """
    sheet_width = max(paper.width_mm, paper.height_mm) - 2 * SHEET_MARGIN_MM
    sheet_height = min(paper.width_mm, paper.height_mm) - 2 * SHEET_MARGIN_MM
    cards_per_sheet, height, blocks, row_mm = _card_size(sheet_height, hands)
    # A hair to spare everywhere: floats that fill their room exactly may not sit side by side.
    card_width = sheet_width / (2 if cards_per_sheet > 1 else 1) - 0.1
    inner = card_width - 2 * (CARD_PADDING_X_MM + CARD_BORDER_MM) - 0.2  # inside the dashed border
    block_width = (inner - BLOCK_GAP_MM) / 2 if blocks == 2 else inner
    return CardLayout(
        paper=paper,
        cards_per_sheet=cards_per_sheet,
        card_width_mm=card_width,
        card_height_mm=height - 0.1,
        blocks=blocks,
        rows_per_block=math.ceil(hands / blocks),
        row_mm=row_mm,
        block_width_mm=block_width,
        columns=_columns(headings, cells, int(block_width / CHAR_MM), right),
        interval_after=interval_after,
    )


def _card_size(sheet_height: float, hands: int) -> tuple[int, float, int, float]:
    """Cards a sheet, a card's height, its blocks of rows and the rows' height: a quarter of the sheet
    if its rows fit at MIN_ROW_MM or more, else half the sheet, else the whole sheet in two blocks (the
    longest drive's 48 hands fit it at 7 mm)."""
    for cards_per_sheet, height, blocks in ((4, sheet_height / 2, 1), (2, sheet_height, 1)):
        row_mm = _row_height(height, math.ceil(hands / blocks))
        if row_mm >= MIN_ROW_MM:
            return cards_per_sheet, height, blocks, row_mm
    return 1, sheet_height, 2, _row_height(sheet_height, math.ceil(hands / 2))


def _row_height(card_height: float, rows: int) -> float:
    """The height of each of ``rows`` rows and their heading row on a card ``card_height`` high (at
    most MAX_ROW_MM), to a hundredth of a millimetre below."""
    room = card_height - 2 * (CARD_PADDING_Y_MM + CARD_BORDER_MM) - CARD_HEAD_MM
    return math.floor(min(MAX_ROW_MM, room / (rows + 1)) * 100) / 100


def _columns(
    headings: list[str], cells: list[list[list[str]]], characters: int, right: frozenset[int]
) -> tuple[Column, ...]:
    """Each column as wide as its heading and its longest text; the names' columns (the third and
    fourth) share what the others leave, each at least as wide as its heading."""
    widest = [text_width(heading) for heading in headings]
    for rows in cells:
        for row in rows:
            for at, text in enumerate(row):
                widest[at] = max(widest[at], text_width(text))
    fixed = sum(widest) - widest[2] - widest[3] + len(headings)  # each column starts with a space
    room = max(characters - fixed, text_width(headings[2]) + text_width(headings[3]))
    wanted = widest[2] + widest[3]
    if wanted <= room:  # what is left over widens the last column, where the initials are written
        partner, opponents = widest[2], widest[3]
    else:
        partner = max(text_width(headings[2]), min(widest[2], round(room * widest[2] / wanted)))
        opponents = room - partner
    widths = [*widest[:2], partner, opponents, *widest[4:]]
    return tuple(
        Column(heading=heading, width=width, right=at in right)
        for at, (heading, width) in enumerate(zip(headings, widths, strict=True))
    )


def text_width(text: str) -> int:
    """How many of the type's character cells ``text`` takes: two for a wide (East Asian) letter, none
    for a combining accent."""
    if text.isascii():
        return len(text)
    return sum(_char_width(char) for char in text)


def _char_width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def fitted(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` cells (before it, ``right``), or cut to fit with an
    ellipsis."""
    text = unicodedata.normalize("NFC", text)
    used = text_width(text)
    if used <= width:
        padding = " " * (width - used)
        return padding + text if right else text + padding
    kept, used = [], 0
    for char in text:
        if used + _char_width(char) > width - 1:
            break
        kept.append(char)
        used += _char_width(char)
    return "".join(kept) + ELLIPSIS + " " * (width - 1 - used)


def line(layout: CardLayout, row: list[str]) -> str:
    """A row as printed: each column after a space, at its width; nothing after the last text."""
    cells = (
        " " + fitted(text, column.width, right=column.right)
        for text, column in zip(row, layout.columns, strict=False)  # a row not yet seated stops short
    )
    return "".join(cells).rstrip()


def printed_card(layout: CardLayout, name: str, rows: list[list[str]]) -> dict[str, Any]:
    """A card as the template prints it: the name, and each block's heading line and rows' lines."""
    heading = line(layout, [column.heading for column in layout.columns])
    per_block = layout.rows_per_block
    blocks = [
        {"heading": heading, "rows": "\n".join(line(layout, row) for row in rows[start : start + per_block])}
        for start in range(0, per_block * layout.blocks, per_block)
    ]
    return {"name": name, "blocks": blocks}

"""A drive's table cards made to be read: each card the table's sign and, below it, a box per digit
for both pairs' tricks in every hand, with four corner marks and a QR code the organiser's phone
reads (rules/paper/drives.py lays it out; web/drives/photos.py reads it back)."""

from __future__ import annotations

from typing import Any

from flask import url_for

from ...rules.drive import Drive
from ...rules.paper import SheetId, corner_marks, paper_size, qr_place
from ...rules.paper.drives import (
    CARD_ROW,
    HAND_COLUMN,
    PAIR_COLUMN,
    TRUMP_COLUMN,
    block_width,
    card_page,
    card_rows,
    row_place,
)
from ...rules.paper.sheet import HEADING
from ..qr import sheet_qr_svg
from .paper import trump_mark

# The table's sign takes the top of the card; the hands' grid starts below it (mm from the top).
GRID_TOP = 132.0
LATER_TOP = 48.0


def card_pages(drive: Drive, table: int, paper: str, sign: dict[str, Any]) -> list[dict[str, Any]]:
    """The pages of ``table``'s card: the first with the table's ``sign`` over the grid, then as many
    more as the drive's hands need; each with its marks, QR code and rows."""
    size = paper_size(paper, "portrait")
    hands = drive.setup.hands
    pages: list[dict[str, Any]] = []
    first = 1
    while first <= hands:
        top = (GRID_TOP if not pages else LATER_TOP) + HEADING
        count = 2 * card_rows(size, top)
        last = min(hands, first + count - 1)
        page = card_page(size, number=len(pages) + 1, first=first, last=last, top=top)
        identity = SheetId(
            paper=paper,
            orientation="portrait",
            page=page.number,
            first=first,
            last=last,
            rows=hands,
            top=top,
            drive=_drive_id(sign),
            table=table,
        )
        link = url_for(
            "drive_photos.read",
            drive_id=_drive_id(sign),
            _external=True,
            **dict(_without_drive(identity.query())),
        )
        rows = []
        for hand in range(first, last + 1):
            x, y = row_place(page, hand)
            rows.append({"hand": hand, "x": x, "y": y, "trump": trump_mark(drive.setup.trump_for(hand))})
        heads = sorted({x for x, _ in (row_place(page, hand) for hand in range(first, last + 1))})
        pages.append(
            {
                "number": page.number,
                "table": table,
                "marks": corner_marks(size),
                "qr": qr_place(size),
                "qr_svg": sheet_qr_svg(link),
                "top": top,
                "heading_top": top - HEADING,
                "rows": rows,
                "blocks": heads,
                "fields": page.fields,
                "sign": sign if not pages else None,
            }
        )
        first = last + 1
    return pages


def readable_cards(drive: Drive, cards: list[dict[str, Any]], paper: str, drive_id: str) -> dict[str, Any]:
    """Every table's card, made to be read (the template's context)."""
    size = paper_size(paper, "portrait")
    pages = []
    for card in cards:
        sign = {**card, "drive_id": drive_id}
        pages += card_pages(drive, card["number"], paper, sign)
    return {
        "card_pages": pages,
        "page_size": size,
        "columns": {
            "hand": HAND_COLUMN,
            "trump": TRUMP_COLUMN,
            "pair": PAIR_COLUMN,
            "block": block_width(),
            "row": CARD_ROW,
        },
    }


def _drive_id(sign: dict[str, Any]) -> str:
    found: str = sign["drive_id"]
    return found


def _without_drive(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The QR code's pairs but the drive's id, which the link's path already holds (paper/photo.py)."""
    return [(name, value) for name, value in pairs if name != "dv"]

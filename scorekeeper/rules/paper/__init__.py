"""Sheets made to be read back: their layout in millimetres, what their QR code says, and each
reading checked by the engine like any other entry.

Pure, like the rest of the engine: the photograph itself is read by ``scorekeeper.paper``, which
gives each box the chances of what it holds; this package turns those into values
(:mod:`.reading`), says where every box is (:mod:`.sheet`) and what a sheet is (:mod:`.identity`),
and has the engine judge each deal or hand read (:mod:`.games`, :mod:`.drives`).
"""

from __future__ import annotations

from .families import READABLE, bid_kinds, declarations
from .games import (
    PageCheck,
    RowCheck,
    check_game_page,
    column_count,
    columns_are_sides,
    game_grid,
    page_of,
    readable,
    row_text,
)
from .identity import SheetId, UnreadableSheet, read_sheet_id
from .reading import DOUBTED_BELOW, BoxRead, ValueRead, read_value, value_chance
from .sheet import (
    LAYOUT_VERSION,
    Field,
    GridSpec,
    PaperSize,
    Rect,
    RowSpec,
    SheetLayout,
    SheetPage,
    corner_marks,
    fits,
    lay_out,
    page_at,
    paper_size,
    qr_place,
)

__all__ = [
    "DOUBTED_BELOW",
    "LAYOUT_VERSION",
    "READABLE",
    "BoxRead",
    "Field",
    "GridSpec",
    "PageCheck",
    "PaperSize",
    "Rect",
    "RowCheck",
    "RowSpec",
    "SheetId",
    "SheetLayout",
    "SheetPage",
    "UnreadableSheet",
    "ValueRead",
    "bid_kinds",
    "check_game_page",
    "column_count",
    "columns_are_sides",
    "corner_marks",
    "declarations",
    "fits",
    "game_grid",
    "lay_out",
    "page_at",
    "page_of",
    "paper_size",
    "qr_place",
    "read_sheet_id",
    "read_value",
    "readable",
    "row_text",
    "value_chance",
]

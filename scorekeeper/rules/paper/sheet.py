"""Where everything is on a sheet made to be read: corner marks, the QR code, the rows and the digit boxes.

A sheet the app prints to be photographed has its layout fixed in millimetres, not left to the
page's flow: the reader recomputes it from what the QR code says (the layout version, the paper,
the page's rows and where its grid starts) and the table it belongs to, and so knows where each box
is once the four corner marks have straightened the photo. Everything here is geometry: which
value a box holds (a deal's bid, a pair's tricks) is said by the :class:`Field` it belongs to.

Version 1 of the layout (``LAYOUT_VERSION``) is described by the constants below; a change that
moves a box is a new version, so that a sheet printed before it is still read where it was printed.
A grid too wide for its paper even turned landscape (Oneonta's four values a player at six or seven)
writes each row on two lines; that only makes sheets readable that were not, and moves no box of a
sheet that fitted on one line, so it is part of version 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil, floor

LAYOUT_VERSION = 1

# The four corner marks: solid squares whose outer edges sit MARK_INSET from the paper's edges
# (inside what a printer can print, which "fit to page" only shrinks evenly).
MARK = 6.0
MARK_INSET = 8.0
# What is printed lies inside the marks, CONTENT_INSET from each edge.
CONTENT_INSET = 16.0
# The QR code at the top right, inside the marks.
QR = 28.0
# A digit box, and the height of a row of boxes (a pencil needs room above and below).
BOX_WIDTH = 6.5
BOX_HEIGHT = 8.0
NARROWEST_BOX = 5.2
ROW = 10.5
# Between two values of one column (a bid's boxes and the tricks' boxes), and around a column.
VALUE_GAP = 1.4
COLUMN_PAD = 1.0
# The column heading: the name (or a line to write it on), then the labels over the boxes.
HEADING = 11.0
# A free box for what the table writes for itself (a running total): read by no one.
FREE_WIDTH = 12.0
NARROWEST_FREE = 8.0
# The heading's room for each line of labels after the first, on a grid written two lines a row.
LABEL_LINE = 3.5


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle on the page, in millimetres from its top left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the rectangle."""
        return (self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True, slots=True)
class PaperSize:
    """A sheet of paper as it lies when printed: width and height in millimetres, and its code."""

    code: str
    width: float
    height: float


PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def paper_size(paper: str, orientation: str) -> PaperSize:
    """The page of ``paper`` ("a4", "letter") turned to ``orientation`` ("portrait", "landscape")."""
    short, long = PAPER_SIZES[paper]
    code = f"{paper}-{orientation}"
    if orientation == "landscape":
        return PaperSize(code=code, width=long, height=short)
    return PaperSize(code=code, width=short, height=long)


def corner_marks(page: PaperSize) -> tuple[Rect, Rect, Rect, Rect]:
    """The four marks: top left, top right, bottom right, bottom left."""
    near, far_x, far_y = MARK_INSET, page.width - MARK_INSET - MARK, page.height - MARK_INSET - MARK
    return (
        Rect(near, near, MARK, MARK),
        Rect(far_x, near, MARK, MARK),
        Rect(far_x, far_y, MARK, MARK),
        Rect(near, far_y, MARK, MARK),
    )


def qr_place(page: PaperSize) -> Rect:
    """Where the QR code is printed: at the top right, inside the marks."""
    return Rect(page.width - CONTENT_INSET - QR, CONTENT_INSET - 2.0, QR, QR)


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One value written in each column of a row: ``what`` it is ("bid", "tricks") and its label;
    ``most``, when given, the largest value it may hold in every row (else the row's own)."""

    what: str
    label: str
    most: int | None = None

    def digits(self, widest: int) -> int:
        """Its boxes: as many as its own largest value needs, else ``widest`` (the grid's)."""
        return digits_for(self.most) if self.most is not None else widest


@dataclass(frozen=True, slots=True)
class RowSpec:
    """One row of the grid: its number (a deal, a hand), the largest value each of its fields may
    hold (for how many boxes it needs) and the columns left out of it (a player sitting out)."""

    number: int
    most: int
    left_out: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GridSpec:
    """A grid to print: fixed columns at the left (deal, cards, dealer…; their widths), one group of
    columns for each of ``columns`` (players or sides) with a box per digit of each field, and a
    free box after them (``free_label``) that the table fills for itself."""

    fixed: tuple[tuple[str, float], ...]
    columns: int
    fields: tuple[FieldSpec, ...]
    free_label: str | None
    rows: tuple[RowSpec, ...]


@dataclass(frozen=True, slots=True)
class Field:
    """One value a row holds in one column: its boxes, one per digit, from the left.

    ``key`` names it in a reading ("3.1.bid": row 3, column 1, the bid); ``most`` is the largest
    value it may hold.
    """

    key: str
    row: int
    column: int
    what: str
    most: int
    boxes: tuple[Rect, ...]

    @property
    def area(self) -> Rect:
        """The rectangle around all its boxes."""
        first, last = self.boxes[0], self.boxes[-1]
        return Rect(first.x, first.y, last.x + last.width - first.x, last.height)


@dataclass(frozen=True, slots=True)
class ColumnPlace:
    """Where a group of columns sits: its left edge and width, each field's boxes' left edges and the
    line of its row they sit on (0, or 1 on a grid written two lines a row)."""

    x: float
    width: float
    field_x: tuple[float, ...]
    free_x: float | None
    free_width: float
    field_line: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetPage:
    """One printed page: its number (from 1), its rows, where the grid starts, every field and the
    height of a row."""

    number: int
    rows: tuple[RowSpec, ...]
    top: float
    fields: tuple[Field, ...]
    row_height: float = ROW

    @property
    def first(self) -> int:
        """The number of its first row."""
        return self.rows[0].number

    @property
    def last(self) -> int:
        """The number of its last row."""
        return self.rows[-1].number

    def row_top(self, index: int) -> float:
        """The top of the page's ``index``-th row (from 0)."""
        return self.top + index * self.row_height


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """A whole grid laid out on pages of one paper: where its columns are, and each page; the lines a
    row is written on, a row's height and the column headings' (above each page's ``top``)."""

    paper: PaperSize
    fixed_x: tuple[tuple[str, float, float], ...]
    columns: tuple[ColumnPlace, ...]
    box_width: float
    pages: tuple[SheetPage, ...]
    lines: int = 1
    row_height: float = ROW
    heading: float = HEADING

    @property
    def right(self) -> float:
        """The right edge of the grid."""
        last = self.columns[-1] if self.columns else None
        if last is not None:
            return last.x + last.width
        return self.fixed_x[-1][1] + self.fixed_x[-1][2]


def digits_for(most: int) -> int:
    """The boxes a value up to ``most`` needs: one per digit."""
    return len(str(max(most, 0)))


def grid_width(
    spec: GridSpec, box_width: float = BOX_WIDTH, free_width: float = FREE_WIDTH, lines: int = 1
) -> float:
    """The width the grid takes with boxes ``box_width`` wide, each row written on ``lines`` lines."""
    fixed = sum(width for _, width in spec.fixed)
    return fixed + spec.columns * _column_width(spec, box_width, free_width, lines)


def field_lines(spec: GridSpec, lines: int) -> tuple[int, ...]:
    """The line of a row each field is written on: the first half of the fields (the larger half)
    on the first line, the rest on the second (Oneonta's Bid and Null above, Dbl and Took below)."""
    above = max(1, ceil(len(spec.fields) / lines))
    return tuple(index // above for index in range(len(spec.fields)))


def lines_for(spec: GridSpec, page: PaperSize) -> int:
    """The lines each row takes on ``page``'s paper: one when the grid fits the paper turned
    landscape (as every grid did before, so no box of theirs moves), else two."""
    widest = max(page.width, page.height) - 2 * CONTENT_INSET
    if len(spec.fields) < 2 or grid_width(spec, NARROWEST_BOX, NARROWEST_FREE) <= widest:
        return 1
    return 2


def _column_width(spec: GridSpec, box_width: float, free_width: float, lines: int = 1) -> float:
    digits = digits_for(max((row.most for row in spec.rows), default=9))
    on_line = field_lines(spec, lines)
    boxes = max(
        sum(field.digits(digits) for field, line in zip(spec.fields, on_line, strict=True) if line == here)
        * box_width
        + (on_line.count(here) - 1) * VALUE_GAP
        for here in range(lines)
    )
    free = free_width + VALUE_GAP if spec.free_label is not None else 0.0
    return 2 * COLUMN_PAD + boxes + free


def fits(spec: GridSpec, page: PaperSize) -> bool:
    """True when the grid fits between the page's margins, with the narrowest boxes allowed (on two
    lines a row where one does not fit the paper even turned landscape)."""
    lines = lines_for(spec, page)
    return grid_width(spec, NARROWEST_BOX, NARROWEST_FREE, lines) <= page.width - 2 * CONTENT_INSET


def lay_out(spec: GridSpec, page: PaperSize, *, first_top: float, later_top: float) -> SheetLayout:
    """Place the grid on pages of ``page``: the first page's grid starts at ``first_top`` (under its
    heading and rules), every later page's at ``later_top``; as many rows a page as fit above the
    bottom marks. The boxes are as wide as fits, from NARROWEST_BOX to BOX_WIDTH; a row is written on
    two lines where one does not fit the paper (``lines_for``).
    """
    lines = lines_for(spec, page)
    room = page.width - 2 * CONTENT_INSET
    box_width, free_width = BOX_WIDTH, FREE_WIDTH
    if spec.free_label is not None:
        free_width = max(
            NARROWEST_FREE,
            min(FREE_WIDTH, FREE_WIDTH - (grid_width(spec, lines=lines) - room) / spec.columns),
        )
    while box_width > NARROWEST_BOX and grid_width(spec, box_width, free_width, lines) > room:
        box_width = round(box_width - 0.1, 2)
    x = CONTENT_INSET
    fixed_x = []
    for name, width in spec.fixed:
        fixed_x.append((name, x, width))
        x += width
    digits = digits_for(max((row.most for row in spec.rows), default=9))
    width = _column_width(spec, box_width, free_width, lines)
    on_line = field_lines(spec, lines)
    columns = []
    for _ in range(spec.columns):
        lefts, line_ends = [], [x + COLUMN_PAD] * lines
        for field_spec, line in zip(spec.fields, on_line, strict=True):
            lefts.append(line_ends[line])
            line_ends[line] += field_spec.digits(digits) * box_width + VALUE_GAP
        free_x = max(line_ends) if spec.free_label is not None else None
        columns.append(
            ColumnPlace(
                x=x,
                width=width,
                field_x=tuple(lefts),
                free_x=free_x,
                free_width=free_width,
                field_line=on_line,
            )
        )
        x += width
    row_height, heading = lines * ROW, HEADING + (lines - 1) * LABEL_LINE
    pages: list[SheetPage] = []
    rows = list(spec.rows)
    while rows or not pages:
        top = (first_top if not pages else later_top) + heading
        count = max(1, floor((page.height - CONTENT_INSET - top) / row_height))
        here, rows = rows[:count], rows[count:]
        pages.append(_page(len(pages) + 1, tuple(here), top, spec, columns, box_width, digits))
        if not here:
            break
    return SheetLayout(
        paper=page,
        fixed_x=tuple(fixed_x),
        columns=tuple(columns),
        box_width=box_width,
        pages=tuple(pages),
        lines=lines,
        row_height=row_height,
        heading=heading,
    )


def _page(
    number: int,
    rows: tuple[RowSpec, ...],
    top: float,
    spec: GridSpec,
    columns: Sequence[ColumnPlace],
    box_width: float,
    digits: int,
) -> SheetPage:
    fields = []
    lines = 1 + max((line for place in columns for line in place.field_line), default=0)
    row_height = lines * ROW
    for index, row in enumerate(rows):
        for column, place in enumerate(columns):
            if column in row.left_out:
                continue
            on_line = place.field_line or (0,) * len(spec.fields)
            for field_spec, field_x, line in zip(spec.fields, place.field_x, on_line, strict=True):
                box_top = top + index * row_height + line * ROW + (ROW - BOX_HEIGHT) / 2
                most = row.most if field_spec.most is None else field_spec.most
                needed = digits_for(most)
                # A row that needs fewer digits than the widest keeps its boxes at the right.
                start = field_x + (field_spec.digits(digits) - needed) * box_width
                boxes = tuple(
                    Rect(start + digit * box_width, box_top, box_width, BOX_HEIGHT) for digit in range(needed)
                )
                fields.append(
                    Field(
                        key=f"{row.number}.{column}.{field_spec.what}",
                        row=row.number,
                        column=column,
                        what=field_spec.what,
                        most=most,
                        boxes=boxes,
                    )
                )
    return SheetPage(number=number, rows=rows, top=top, fields=tuple(fields), row_height=row_height)


def page_at(spec: GridSpec, page: PaperSize, *, number: int, first: int, last: int, top: float) -> SheetPage:
    """The printed page ``number`` whose grid holds rows ``first``…``last`` from ``top``: what the
    reader needs of a page whose QR code it has read (``spec`` gives the rows' facts)."""
    layout = lay_out(spec, page, first_top=0.0, later_top=0.0)
    rows = tuple(row for row in spec.rows if first <= row.number <= last)
    digits = digits_for(max((row.most for row in spec.rows), default=9))
    return _page(number, rows, top, spec, layout.columns, layout.box_width, digits)

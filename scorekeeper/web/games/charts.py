"""Charts drawn on the server as SVG: lines over deals or games, and bars of shares.

The same builder draws the PDF's chart of the running totals (sheets.py,
templates/sheets/_chart.html) and the pages' charts (templates/charts/).
A chart is plain data in the SVG's own units; the templates draw it. Each
line has a colour and a dash pattern of its own, so lines stay apart in
black and white; on the screen a stylesheet gives them colours that read in
light and in dark mode. Every chart carries a sentence that sums it up and
the numbers it draws, for a table beside it: what a screen reader reads.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ... import words
from ...rules import Game
from ...words import deal_words, gettext
from . import view

# Lines of a chart: a colour and a dash pattern each, so they stay apart on a
# black-and-white printer too.
LINE_STYLES = (
    ("#0b5d3b", ""),
    ("#b3261e", "7 3"),
    ("#1f4e9c", "2 3"),
    ("#a15c00", "9 3 2 3"),
    ("#6a3d9a", ""),
    ("#00727a", "7 3"),
    ("#7a4a2a", "2 3"),
    ("#333333", "9 3 2 3"),
)
# A chart on a phone's page: drawn at about its size, so that its text reads at 12 px.
SCREEN_WIDTH = 360
SCREEN_HEIGHT = 220
# The most points a line is drawn through: a long history is sampled down to this.
MOST_POINTS = 120


@dataclass(frozen=True, kw_only=True)
class ChartLine:
    """One series drawn over the x values: its name, style, points and last value."""

    name: str
    colour: str
    dash: str
    points: str
    end_x: float
    end_y: float
    total: int | str
    index: int = 0
    values: tuple[int | str | None, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Chart:
    """A line chart in the SVG's own units, with what a screen reader needs to read it."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    zero_y: float
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    lines: tuple[ChartLine, ...]
    x_label: str = "deal"
    numbers: tuple[int, ...] = ()
    title: str = ""
    summary: str = ""
    unit: str = ""


def line_chart(
    names: Sequence[str],
    series: Sequence[Sequence[float | None]],
    numbers: Sequence[int],
    *,
    title: str,
    x_label: str,
    unit: str = "",
    width: int = 720,
    height: int = 250,
    left: int = 48,
    fixed_range: tuple[int, int] | None = None,
    summary: str | None = None,
    say: Callable[[float], str] | None = None,
) -> Chart:
    """Lines of ``series`` (one per name) over the x values ``numbers``, which rise from the first.

    A value is None where its line is not drawn yet (a player who arrived later starts at
    their first deal). ``fixed_range`` keeps the y axis at those bounds (0–100 for a share)
    rather than the data's. ``summary`` is the sentence a screen reader reads (by default the
    title and each last value). Values are whole points, read as the sheet prints them, unless
    ``say`` words them (a rating's one decimal); the y axis is marked at whole numbers.
    """
    drawn = [[(n, v) for n, v in zip(numbers, values, strict=True) if v is not None] for values in series]
    low = math.floor(min(0, *(v for points in drawn for _, v in points)))
    high = math.ceil(max(1, *(v for points in drawn for _, v in points)))
    if fixed_range is not None:
        low, high = fixed_range
    step = _nice_step(high - low, most_ticks=6)
    low, high = step * (low // step), step * -(-high // step)
    right, top, bottom = width - 12, 10, height - (36 if width <= SCREEN_WIDTH else 28)
    first, last = numbers[0], numbers[-1]
    span = (last - first) or 1

    def x_of(number: int) -> float:
        return round(left + (right - left) * (number - first) / span, 1)

    def y_of(value: float) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    lines = []
    for index, (name, values, line_points) in enumerate(zip(names, series, drawn, strict=True)):
        if not line_points:
            continue  # a player seated after the last scored deal has nothing to draw yet
        colour, dash = LINE_STYLES[index % len(LINE_STYLES)]
        points = " ".join(f"{x_of(n)},{y_of(v)}" for n, v in line_points)
        end_number, end_value = line_points[-1]
        lines.append(
            ChartLine(
                name=name,
                colour=colour,
                dash=dash,
                points=points,
                end_x=x_of(end_number),
                end_y=y_of(end_value),
                total=say(end_value) if say else int(end_value),
                index=index,
                values=tuple(None if v is None else say(v) if say else int(v) for v in values),
            )
        )
    x_step = _nice_step(span, most_ticks=12)
    start = first if first % x_step == 0 else first + x_step - first % x_step
    ends = ", ".join(f"{line.name} {_said(line.total)}{unit}" for line in lines)
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        zero_y=y_of(max(low, 0)),
        x_ticks=(
            (x_of(first), str(first)),
            *((x_of(n), str(n)) for n in range(start, last + 1, x_step) if n != first),
        ),
        y_ticks=tuple((y_of(value), f"{words.total(value)}{unit}") for value in range(low, high + 1, step)),
        lines=tuple(lines),
        x_label=x_label,
        numbers=tuple(numbers),
        title=title,
        summary=summary
        or gettext("%(title)s after %(x_label)s %(last)s: %(ends)s.")
        % {"title": title, "x_label": x_label, "last": last, "ends": ends},
        unit=unit,
    )


def _said(total: int | str) -> str:
    """A line's last value in a sentence: whole points as the sheet prints them, or as worded."""
    return words.total(total) if isinstance(total, int) else total


def totals_chart(game: Game, *, width: int = 720, height: int = 250) -> Chart | None:
    """The running totals after every scored deal, from 0 before the first; None before any."""
    scored = [deal for deal in game.state.deals if deal.totals is not None]
    if not scored:
        return None
    names = view.side_names(game)
    # From 0 before the first deal; a player who arrived later starts at their first deal.
    present = len(scored[0].totals or ())
    series: list[list[int | None]] = [[0 if side < present else None] for side in range(len(names))]
    for deal in scored:
        assert deal.totals is not None
        for side in range(len(names)):
            series[side].append(deal.totals[side] if side < len(deal.totals) else None)
    numbers = [0, *(deal.number for deal in scored)]
    return line_chart(
        names,
        series,
        numbers,
        title=gettext("Running totals"),
        x_label=deal_words(game.table.variant.deal_word).singular,
        width=width,
        height=height,
    )


def sampled(count: int, most: int = MOST_POINTS) -> list[int]:
    """Indices 0..count-1 to draw when at most ``most`` points fit: evenly spread, the last kept."""
    if count <= most:
        return list(range(count))
    chosen = {round(i * (count - 1) / (most - 1)) for i in range(most)}
    return sorted(chosen)


@dataclass(frozen=True, kw_only=True)
class Bar:
    """One bar of a bar chart: a name, its share (0 to 1) and the words for it."""

    name: str
    share: float
    label: str
    y: float
    length: float
    index: int


@dataclass(frozen=True, kw_only=True)
class BarChart:
    """Horizontal bars of shares, one per name, in the SVG's own units."""

    width: int
    height: int
    left: int
    right: int
    bar_height: int
    bars: tuple[Bar, ...]
    title: str
    summary: str
    caption: str


def share_bars(
    rows: Sequence[tuple[str, int, int]],
    *,
    title: str,
    caption: str,
    label: Callable[[int, int], str],
    width: int = 360,
) -> BarChart:
    """A bar per (name, count, out of), in the order given: the share ``count / out of``."""
    left, right, bar_height, gap = 100, width - 112, 24, 10
    bars = []
    for index, (name, count, out_of) in enumerate(rows):
        share = count / out_of if out_of else 0.0
        bars.append(
            Bar(
                name=name,
                share=share,
                label=label(count, out_of),
                y=8 + index * (bar_height + gap),
                length=round((right - left) * share, 1),
                index=index,
            )
        )
    height = 8 + len(rows) * (bar_height + gap)
    summary = words.clauses(words.labelled(bar.name, bar.label) for bar in bars)
    return BarChart(
        width=width,
        height=height,
        left=left,
        right=right,
        bar_height=bar_height,
        bars=tuple(bars),
        title=title,
        summary=f"{title}. {summary}."
        if bars
        else gettext("%(title)s: no finished game yet.") % {"title": title},
        caption=caption,
    )


def _nice_step(span: int, *, most_ticks: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that cuts ``span`` into at most ``most_ticks`` parts."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            if span <= factor * magnitude * most_ticks:
                return factor * magnitude
        magnitude *= 10

"""A member's rating over a season as a line chart, drawn like the app's other charts.

The app's charts (web/games/charts.py, templates/charts/_lines.html) draw whole numbers; a rating
reads with one decimal, so its chart is built here, with the fields the same template draws: the
SVG with a title and a summary, and the numbers behind it in a table (what a screen reader reads).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ...words import gettext, ngettext
from ..games import SCREEN_HEIGHT, SCREEN_WIDTH, sampled
from ..wording import decimal

COLOUR = "#0b5d3b"


@dataclass(frozen=True, kw_only=True)
class RatingLine:
    """The one line of the chart, with the fields templates/charts/_lines.html reads."""

    name: str
    colour: str
    dash: str
    points: str
    end_x: float
    end_y: float
    total: str
    index: int
    values: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class RatingChart:
    """A rating's line over the member's outcomes, in the SVG's own units."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    zero_y: float
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    lines: tuple[RatingLine, ...]
    x_label: str
    numbers: tuple[int, ...]
    title: str
    summary: str
    unit: str = ""


def rating_chart(name: str, history: Sequence[tuple[datetime, float]]) -> RatingChart | None:
    """The rating after each outcome, numbered from 1 (sampled down when long), from a newcomer's 0
    before the first; None before any."""
    if not history:
        return None
    indices = sampled(len(history))
    numbers = [0, *(index + 1 for index in indices)]
    values = [0.0, *(history[index][1] for index in indices)]
    step = _step(math.ceil(max(1.0, *values)) - math.floor(min(0.0, *values)))
    low = step * math.floor(min(0.0, *values) / step)
    high = step * math.ceil(max(1.0, *values) / step)
    width, height, left = SCREEN_WIDTH, SCREEN_HEIGHT, 44
    right, top, bottom = width - 12, 10, height - 36
    first, last = numbers[0], numbers[-1]
    span = (last - first) or 1

    def x_of(number: int) -> float:
        return round(left + (right - left) * (number - first) / span, 1)

    def y_of(value: float) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    line = RatingLine(
        name=name,
        colour=COLOUR,
        dash="",
        points=" ".join(f"{x_of(n)},{y_of(v)}" for n, v in zip(numbers, values, strict=True)),
        end_x=x_of(last),
        end_y=y_of(values[-1]),
        total=decimal(values[-1]),
        index=0,
        values=tuple(decimal(value) for value in values),
    )
    x_step = _step(span)
    start = first + (-first) % x_step
    summary = ngettext(
        "%(name)s's rating after %(count)s game or drive: %(rating)s.",
        "%(name)s's rating after %(count)s games and drives: %(rating)s.",
        len(history),
    ) % {"name": name, "count": len(history), "rating": decimal(history[-1][1])}
    ticks = range(start, last + 1, x_step)
    return RatingChart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        zero_y=y_of(max(low, 0)),
        x_ticks=((x_of(first), str(first)), *((x_of(n), str(n)) for n in ticks if n != first)),
        y_ticks=tuple((y_of(value), decimal(value, 0)) for value in range(low, high + 1, step)),
        lines=(line,),
        x_label=gettext("game or drive"),
        numbers=tuple(numbers),
        title=gettext("Rating"),
        summary=summary,
    )


def _step(span: int, *, most_ticks: int = 6) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that cuts ``span`` into at most ``most_ticks`` parts."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            if span <= factor * magnitude * most_ticks:
                return factor * magnitude
        magnitude *= 10

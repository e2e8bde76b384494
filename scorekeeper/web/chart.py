"""The running totals of a game as an SVG line chart, for the score sheet on paper."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Game
from . import view

# Lines of the running-totals chart: a colour and a dash pattern each, so
# they stay apart on a black-and-white printer too.
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


@dataclass(frozen=True, kw_only=True)
class ChartLine:
    """One side's running total drawn over the deals."""

    name: str
    colour: str
    dash: str
    points: str
    end_x: float
    end_y: float
    total: int


@dataclass(frozen=True, kw_only=True)
class Chart:
    """An SVG line chart of the running totals, in the SVG's own units."""

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


def totals_chart(game: Game, *, width: int = 720, height: int = 250) -> Chart | None:
    """The running totals after every scored deal, from 0 before the first; None before any."""
    scored = [deal for deal in game.state.deals if deal.totals is not None]
    if not scored:
        return None
    names = view.side_names(game)
    # (deal number, total) per side, from 0 before the first deal; a player who arrived later
    # starts at their first deal.
    series: list[list[tuple[int, int]]] = [[] for _ in names]
    for side in range(len(scored[0].totals or ())):
        series[side].append((0, 0))
    for deal in scored:
        assert deal.totals is not None
        for side, total in enumerate(deal.totals):
            series[side].append((deal.number, total))
    numbers = [0, *(deal.number for deal in scored)]
    low = min(0, *(total for values in series for _, total in values))
    high = max(1, *(total for values in series for _, total in values))
    step = _nice_step(high - low, most_ticks=6)
    low, high = step * (low // step), step * -(-high // step)
    left, right, top, bottom = 48, width - 12, 10, height - 28
    last = numbers[-1] or 1

    def x_of(number: int) -> float:
        return round(left + (right - left) * number / last, 1)

    def y_of(value: int) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    deal_step = _nice_step(last, most_ticks=12)
    lines = []
    for side, (name, values) in enumerate(zip(names, series, strict=True)):
        colour, dash = LINE_STYLES[side % len(LINE_STYLES)]
        points = " ".join(f"{x_of(number)},{y_of(value)}" for number, value in values)
        lines.append(
            ChartLine(
                name=name,
                colour=colour,
                dash=dash,
                points=points,
                end_x=x_of(values[-1][0]),
                end_y=y_of(values[-1][1]),
                total=values[-1][1],
            )
        )
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        zero_y=y_of(0),
        x_ticks=tuple((x_of(n), str(n)) for n in range(0, last + 1, deal_step)),
        y_ticks=tuple((y_of(value), str(value)) for value in range(low, high + 1, step)),
        lines=tuple(lines),
    )


def _nice_step(span: int, *, most_ticks: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that cuts ``span`` into at most ``most_ticks`` parts."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            if span <= factor * magnitude * most_ticks:
                return factor * magnitude
        magnitude *= 10

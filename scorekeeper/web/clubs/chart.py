"""A member's rating over the chosen season as a line chart, drawn as the app's other charts are
(web/games/charts.py line_chart, templates/charts/_lines.html), in the points the ladder shows."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ...rules.club import RATING_START
from ...words import gettext, ngettext, whole
from ..games import SCREEN_HEIGHT, SCREEN_WIDTH, Chart, line_chart, sampled

# The y axis spans at least this many points, so that a first game's few points do not fill it.
LEAST_SPAN = 100


def rating_chart(name: str, history: Sequence[tuple[datetime, int]]) -> Chart | None:
    """The rating after each outcome, numbered from 1 (sampled down when long), from a newcomer's
    RATING_START before the first; None before any."""
    if not history:
        return None
    indices = sampled(len(history))
    values = [float(RATING_START), *(float(history[index][1]) for index in indices)]
    summary = ngettext(
        "%(name)s's rating after %(count)s game or drive: %(rating)s.",
        "%(name)s's rating after %(count)s games and drives: %(rating)s.",
        len(history),
    ) % {"name": name, "count": len(history), "rating": whole(history[-1][1])}
    low, high = min(values), max(values)
    middle, half = (low + high) / 2, max(high - low, LEAST_SPAN) / 2
    return line_chart(
        [name],
        [values],
        [0, *(index + 1 for index in indices)],
        title=gettext("Rating"),
        x_label=gettext("game or drive"),
        width=SCREEN_WIDTH,
        height=SCREEN_HEIGHT,
        left=44,
        fixed_range=(max(0, int(middle - half)), int(middle + half + 1)),
        summary=summary,
        say=lambda value: whole(round(value)),
    )

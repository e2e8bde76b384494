"""A member's rating over a season as a line chart, drawn as the app's other charts are
(web/games/charts.py line_chart, templates/charts/_lines.html), its values with one decimal."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ...words import gettext, ngettext
from ..games import SCREEN_HEIGHT, SCREEN_WIDTH, Chart, line_chart, sampled
from ..wording import decimal


def rating_chart(name: str, history: Sequence[tuple[datetime, float]]) -> Chart | None:
    """The rating after each outcome, numbered from 1 (sampled down when long), from a newcomer's 0
    before the first; None before any."""
    if not history:
        return None
    indices = sampled(len(history))
    summary = ngettext(
        "%(name)s's rating after %(count)s game or drive: %(rating)s.",
        "%(name)s's rating after %(count)s games and drives: %(rating)s.",
        len(history),
    ) % {"name": name, "count": len(history), "rating": decimal(history[-1][1])}
    return line_chart(
        [name],
        [[0.0, *(history[index][1] for index in indices)]],
        [0, *(index + 1 for index in indices)],
        title=gettext("Rating"),
        x_label=gettext("game or drive"),
        width=SCREEN_WIDTH,
        height=SCREEN_HEIGHT,
        left=44,
        summary=summary,
        say=decimal,
    )

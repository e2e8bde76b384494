"""A club's ladder and its hall of fame, each chosen by its links (the season; the ladder's family).

The ladder ranks everyone who played by their cautious rating (OpenSkill's ordinal shown as points,
``rules/club``); a rating is marked provisional, with what it still needs, until the club's minimum.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from ...words.club import ladder_name, to_be_ranked
from .access import keeps, load_club
from .view import chosen, ladder_links, ladder_rows, record_lines

bp = Blueprint("club_standings", __name__, url_prefix="/clubs")


@bp.get("/<club_id>/ladder")
def ladder(club_id: str) -> str:
    """The ladder of the chosen season (``?season=``, the one under way by default) and family
    (``?ladder=``, overall by default): everyone who played, provisional ratings marked."""
    found = load_club(club_id)
    choice = chosen(found)
    return render_template(
        "clubs/ladder.html",
        club=found,
        keeps=keeps(found),
        choice=choice,
        ladders=ladder_links(),
        ladder_name=ladder_name(choice.ladder),
        rows=[_worded(row) for row in ladder_rows(found, choice)],
        minimum=found.minimum_games,
    )


def _worded(row: dict[str, Any]) -> dict[str, Any]:
    """A ladder row with what a provisional rating still needs, in words."""
    return {**row, "to_go_words": to_be_ranked(row["to_go"]) if row["provisional"] else ""}


@bp.get("/<club_id>/records")
def records(club_id: str) -> str:
    """The club's hall of fame: its records for ever, or over the season chosen (``?season=``)."""
    found = load_club(club_id)
    choice = chosen(found, current_first=False)
    return render_template(
        "clubs/records.html",
        club=found,
        keeps=keeps(found),
        choice=choice,
        records=record_lines(found, choice.season),
    )

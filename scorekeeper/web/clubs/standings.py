"""A club's ladder and its hall of fame, each chosen by its links (the season; the ladder's family).

The ladder ranks members by their conservative rating (OpenSkill's ordinal, ``rules/club``) once
they have played the minimum; those not yet ranked follow with what they still need.
"""

from __future__ import annotations

from flask import Blueprint, render_template

from ...rules.club import MINIMUM_GAMES
from ...words.club import ladder_name, to_be_ranked
from .access import keeps, load_club
from .view import chosen, ladder_links, ladder_rows, record_lines

bp = Blueprint("club_standings", __name__, url_prefix="/clubs")


@bp.get("/<club_id>/ladder")
def ladder(club_id: str) -> str:
    """The ladder of the chosen season (``?season=``, the one under way by default) and family
    (``?ladder=``, overall by default)."""
    found = load_club(club_id)
    choice = chosen(found)
    rows = ladder_rows(found.id, choice, minimum=MINIMUM_GAMES)
    return render_template(
        "clubs/ladder.html",
        club=found,
        keeps=keeps(found),
        choice=choice,
        ladders=ladder_links(),
        ladder_name=ladder_name(choice.ladder),
        ranked=[row for row in rows if row["place"] is not None],
        unranked=[{**row, "to_go_words": to_be_ranked(row["to_go"])} for row in rows if row["place"] is None],
        minimum=MINIMUM_GAMES,
    )


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
        records=record_lines(found.id, choice.season),
    )

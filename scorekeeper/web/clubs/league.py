"""A season's league beside its rating: the table, its records, and the form its keepers set it with.

A league adds up points over a season (``rules/club/league.py``): per placing at each game and
drive, or the drives' totals, all or the best N, with a number of evenings to qualify. It is chosen
per season; the page shows the season under way unless the link names another (``?season=``).
Worked out from the club's outcomes once per change of the club (clubs/standings.py).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...clubs import outcomes, seasons, standings
from ...clubs.access import Club
from ...clubs.seasons import StoredSeason
from ...rules import RuleViolation
from ...rules.club import league_records
from ...words import gettext
from ...words.club import league_record_name, league_rule_words, to_qualify
from .access import keeps, load_club, require_keeper
from .view import names

bp = Blueprint("club_league", __name__, url_prefix="/clubs")

Page = str | tuple[str, int] | Response
LEAGUE_FIELDS = ("league", "points", "best", "qualify")


@bp.get("/<club_id>/league")
def league_page(club_id: str) -> str:
    """The league of the chosen season (``?season=``; the one under way, else the latest)."""
    found = load_club(club_id)
    return _page(found, _season(found))


@bp.post("/<club_id>/seasons/<int:season_id>/league")
def set_league(club_id: str, season_id: int) -> Page:
    """Give the season a league (or none): its kind, points per place, best N, evenings to qualify."""
    found = load_club(club_id)
    require_keeper(found)
    season = _season_or_404(found, season_id)
    typed = {name: request.form.get(name, "")[:60] for name in LEAGUE_FIELDS}
    try:
        rule = seasons.league_rule(typed["league"], typed["points"], typed["best"], typed["qualify"])
        seasons.set_league(found.id, season.id, rule)
    except RuleViolation as refused:
        return _page(found, season, error=refused, typed=typed), 422
    if rule is None:
        flash(gettext("%(season)s has no league now.") % {"season": season.season.name})
    else:
        flash(gettext("%(season)s's league is set.") % {"season": season.season.name})
    return redirect(url_for("club_league.league_page", club_id=found.id, season=season.id))


def league_of(club: Club, season: StoredSeason, *, public_page: bool | None = None) -> dict[str, Any] | None:
    """The season's league worded for a page: its rule in words, its rows and records (None: the
    season has no league)."""
    rule = season.league
    rows = standings.league_of(club.id, season)
    if rule is None or rows is None:
        return None
    known = names(club, public_page=public_page)
    return {
        "rule": league_rule_words(rule.kind, rule.points, rule.best, rule.qualify),
        "rows": [
            {
                "member": row.member,
                "name": known[row.member],
                "place": row.place,
                "points": row.points,
                "scored": row.scored,
                "counted": sum(1 for score in row.scores if score.counted),
                "evenings": row.evenings,
                "to_qualify": row.to_qualify,
                "to_qualify_words": to_qualify(row.to_qualify) if row.to_qualify else "",
            }
            for row in rows
            if row.member in known
        ],
        "records": [
            {
                "name": league_record_name(record.kind),
                "value": record.value,
                "holders": [(member, known[member]) for member in record.members if member in known],
                "evening": record.evening,
            }
            for record in league_records(rows)
        ],
    }


def member_league(club: Club, season: StoredSeason | None, member_id: int) -> dict[str, Any] | None:
    """A member's line of the season's league and every score of theirs in it (None: no league, or
    nothing scored)."""
    if season is None or season.league is None:
        return None
    rows = standings.league_of(club.id, season) or ()
    row = next((row for row in rows if row.member == member_id), None)
    if row is None:
        return None
    played = outcomes.club_outcomes(club.id).played
    return {
        "place": row.place,
        "points": row.points,
        "to_qualify": to_qualify(row.to_qualify) if row.to_qualify else "",
        "scores": [
            {
                "title": played[score.key].title if score.key in played else "",
                "played_at": score.played_at,
                "points": score.points,
                "counted": score.counted,
            }
            for score in reversed(row.scores)
        ],
    }


def _page(
    found: Club,
    season: StoredSeason | None,
    *,
    error: RuleViolation | None = None,
    typed: dict[str, str] | None = None,
) -> str:
    """The league page of the season, with the form's refusal and what was typed in it."""
    rule = season.league if season else None
    if typed is None:
        typed = {
            "league": rule.kind if rule else "",
            "points": ", ".join(map(str, rule.points)) if rule else "3, 2, 1",
            "best": str(rule.best) if rule and rule.best else "",
            "qualify": str(rule.qualify) if rule and rule.qualify else "",
        }
    return render_template(
        "clubs/league.html",
        club=found,
        keeps=keeps(found),
        season=season,
        seasons=seasons.seasons(found.id),
        league=league_of(found, season) if season else None,
        error=error,
        typed=typed,
    )


def _season(found: Club) -> StoredSeason | None:
    """The season the link names (404 for one the club lacks), else the one under way, else the
    latest to start."""
    wanted = request.args.get("season", "")
    if wanted:
        if not wanted.isascii() or not wanted.isdecimal() or len(wanted) > 12:
            abort(404)
        return _season_or_404(found, int(wanted))
    return seasons.current_season(found.id, found.today()) or next(iter(seasons.seasons(found.id)), None)


def _season_or_404(found: Club, season_id: int) -> StoredSeason:
    season = seasons.find_season(found.id, season_id)
    if season is None:
        abort(404)
    return season

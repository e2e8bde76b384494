"""A club's numbers as CSV, for a spreadsheet or the club's own website: a ladder, a season's
league, and a season's every result (each member's place and score in each game and drive).

The columns are named in English codes (like the drives' and the games' CSV), the numbers written as
numbers (ratings with their full precision beside the points shown: the csv module writes a float as
its exact repr), the names as the reader may
see them (initials for a member who asked, to a reader who does not keep the club), each a cell no
spreadsheet runs as a formula.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

from flask import Blueprint, Response, abort

from ...clubs import outcomes, seasons, standings
from ...clubs.access import Club
from ...clubs.seasons import StoredSeason
from ..games import spreadsheet_cell
from .access import load_club
from .view import chosen, ladder_rows, names

bp = Blueprint("club_spreadsheets", __name__, url_prefix="/clubs")

LADDER_COLUMNS = (
    "place", "member", "rating", "provisional", "played", "games", "drives", "wins", "ordinal", "mu", "sigma",
)  # fmt: skip
LEAGUE_COLUMNS = ("place", "member", "points", "counted", "scored", "evenings", "evenings_to_qualify")
SEASON_COLUMNS = (
    "evening", "played_at", "kind", "where", "variant", "friendly", "member", "place", "score", "won",
)  # fmt: skip


@bp.get("/<club_id>/ladder.csv")
def ladder_csv(club_id: str) -> Response:
    """The ladder of the chosen season and family (``?season=&ladder=``, as the ladder page)."""
    found = load_club(club_id)
    choice = chosen(found)
    rows = [
        [row["place"], row["name"], row["points"], row["provisional"], row["played"], row["games"],
         row["drives"], row["wins"], row["ordinal"], row["mu"], row["sigma"]]
        for row in ladder_rows(found, choice)
    ]  # fmt: skip
    return _csv(found, f"ladder-{choice.season_key}-{choice.ladder}", LADDER_COLUMNS, rows)


@bp.get("/<club_id>/seasons/<int:season_id>/league.csv")
def league_csv(club_id: str, season_id: int) -> Response:
    """The season's league table (404 for a season without a league)."""
    found = load_club(club_id)
    season = _season(found, season_id)
    table = standings.league_of(found.id, season)
    if table is None:
        abort(404)
    known = names(found)
    rows = [
        [row.place, known.get(row.member, ""), row.points, sum(1 for score in row.scores if score.counted),
         row.scored, row.evenings, row.to_qualify]
        for row in table
        if row.member in known
    ]  # fmt: skip
    return _csv(found, f"league-{season.id}", LEAGUE_COLUMNS, rows)


@bp.get("/<club_id>/seasons/<int:season_id>/results.csv")
def season_csv(club_id: str, season_id: int) -> Response:
    """Every member's place and score in every game and drive of the season, oldest first (friendly
    ones marked: they count for nothing)."""
    found = load_club(club_id)
    season = _season(found, season_id)
    club = outcomes.club_outcomes(found.id)
    known = names(found)
    rows = []
    for outcome in club.outcomes:
        if not season.season.contains(outcome.played_at):
            continue
        where = club.played[outcome.key].title if outcome.key in club.played else ""
        for placing in sorted(outcome.placings, key=lambda placing: (placing.rank, placing.member)):
            if placing.member not in known:
                continue
            rows.append(
                [outcome.played_at.date().isoformat(), outcome.played_at.isoformat(), outcome.kind, where,
                 outcome.variant, outcome.friendly, known[placing.member],
                 placing.rank, placing.score, placing.won]
            )  # fmt: skip
    return _csv(found, f"season-{season.id}", SEASON_COLUMNS, rows)


def _season(found: Club, season_id: int) -> StoredSeason:
    season = seasons.find_season(found.id, season_id)
    if season is None:
        abort(404)
    return season


def _csv(found: Club, what: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> Response:
    """The CSV file of ``rows`` under ``columns``, named after the club and ``what``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([spreadsheet_cell(cell) for cell in row])
    response = Response(out.getvalue(), mimetype="text/csv")
    stem = re.sub(r"[^a-z0-9]+", "-", found.name.lower()).strip("-") or "club"
    response.headers["Content-Disposition"] = f'attachment; filename="{stem}-{what}.csv"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response

"""Clubs in the JSON API, read-only under the club's read link (its id): the club whole (members,
seasons with their leagues, tables, drives, evenings), its standings over a season and ladder (the
ladder with full-precision ratings, the league, the records), and one evening's results.

Anyone with the club's id reads it, as anyone with the link reads its pages; a member who asked to
be shown by initials is so here ("A. B."), as on the club's public pages. Names and codes are
English; refusals are worded in the language of ``Accept-Language`` as the API's others are.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import jsonify, request
from werkzeug.wrappers import Response

from ...clubs import access, guests, holdings, members, nights, outcomes, seasons, standings
from ...clubs.access import Club
from ...clubs.seasons import StoredSeason
from ...drives import store as drive_store
from ...rules.club import LADDERS, records_set_by_each
from ...words import club as _club_words  # noqa: F401  (the refusals' words)
from .routes import ApiError, bp

OVERALL = "overall"
LONGEST_ID = 64


@bp.get("/clubs/<club_id>")
def read_club(club_id: str) -> Response:
    """The club: its members, seasons (with their leagues), tables, drives and evenings."""
    club = _club(club_id)
    shown = standings.member_names(club.id, public=True)
    hidden = standings.by_initials(club.id)
    return jsonify(
        {
            "id": club.id,
            "name": club.name,
            "time_zone": club.time_zone or "UTC",
            "minimum_games": club.minimum_games,
            "members": [
                {
                    "id": member.id,
                    "name": shown[member.id],
                    "aliases": [] if member.id in hidden else list(member.aliases),
                    "guest": member.guest,
                }
                for member in members.members(club.id)
            ],
            "seasons": [_season_json(season) for season in seasons.seasons(club.id)],
            "tables": [{"id": group.id, "name": group.name} for group in holdings.tables_of(club.id)],
            "drives": [
                {"id": line.id, "name": line.name, "played_at": line.played_at.isoformat()}
                for line in holdings.drives_of(club.id)
            ],
            "nights": [
                {"day": evening.day.isoformat(), "games": evening.games, "drives": evening.drives}
                for evening in nights.evenings(club.id, club.time_zone)
            ],
        }
    )


@bp.get("/clubs/<club_id>/standings")
def club_standings(club_id: str) -> Response:
    """The ladder of a season (``?season=``: a season's id, or "all"; the one under way by default)
    and family (``?ladder=``), the season's league and the records over it."""
    club = _club(club_id)
    season = _season(club)
    ladder_code = request.args.get("ladder", OVERALL)
    if ladder_code != OVERALL and ladder_code not in LADDERS:
        raise ApiError(422, "api_club_no_such_ladder", field="ladder", ladders=(OVERALL, *LADDERS))
    shown = standings.member_names(club.id, public=True)
    rows = standings.ladder_of(club, season, None if ladder_code == OVERALL else ladder_code)
    league = standings.league_of(club.id, season) if season else None
    return jsonify(
        {
            "season": None if season is None else season.id,
            "ladder": ladder_code,
            "rows": [
                {
                    "place": row.place,
                    "member": row.rated.member,
                    "name": shown.get(row.rated.member, ""),
                    "rating": row.points,
                    "provisional": row.provisional,
                    "to_go": row.to_go,
                    "ordinal": row.rated.ordinal,
                    "mu": row.rated.mu,
                    "sigma": row.rated.sigma,
                    "played": row.rated.outcomes,
                    "games": row.rated.games,
                    "drives": row.rated.drives,
                    "wins": row.rated.wins,
                }
                for row in rows
            ],
            "league": None
            if league is None
            else [
                {
                    "place": row.place,
                    "member": row.member,
                    "name": shown.get(row.member, ""),
                    "points": row.points,
                    "counted": sum(1 for score in row.scores if score.counted),
                    "scored": row.scored,
                    "evenings": row.evenings,
                    "to_qualify": row.to_qualify,
                }
                for row in league
            ],
            "records": [
                {
                    "kind": record.kind,
                    "variant": record.variant,
                    "value": record.value,
                    "members": [
                        {"member": member, "name": shown.get(member, "")} for member in record.members
                    ],
                    "played_at": None if record.played_at is None else record.played_at.isoformat(),
                }
                for record in standings.club_records(club.id, season)
            ],
        }
    )


@bp.get("/clubs/<club_id>/nights/<day>")
def club_night(club_id: str, day: str) -> Response:
    """One evening of the club (``day``: "2026-03-12", on the club's calendar): every game started
    and every drive played on it, with their players, scores, places and prizes."""
    club = _club(club_id)
    try:
        evening = date.fromisoformat(day) if len(day) == 10 else None
    except ValueError:
        evening = None
    found = nights.night(club.id, club.time_zone, evening) if evening else None
    if evening is None or found is None or (not found.games and not found.drives):
        raise ApiError(404, "api_club_no_such_night", field="day")
    hidden = standings.by_initials(club.id)
    friendly = guests.friendlies(club.id)
    keys = [f"game:{game.game_id}" for game in found.games if game.status == "finished"]
    keys += [f"drive:{line.id}" for line in found.drives]
    set_by = records_set_by_each(outcomes.outcomes(club.id), keys, leave_out=standings.out_of_ladder(club.id))
    return jsonify(
        {
            "day": evening.isoformat(),
            "games": [
                {
                    "id": game.game_id,
                    "table": game.table,
                    "variant": game.variant,
                    "played_at": game.played_at.isoformat(),
                    "status": game.status,
                    "friendly": f"game:{game.game_id}" in friendly,
                    "players": [
                        {
                            "name": _shown(player.name, player.member, hidden),
                            "member": player.member,
                            "score": player.score,
                            "place": player.place,
                            "won": player.won,
                        }
                        for player in game.players
                    ],
                    "records_set": _records(set_by.get(f"game:{game.game_id}", ())),
                }
                for game in found.games
            ],
            "drives": [
                {
                    **_drive_json(line.id, hidden),
                    "played_at": line.played_at.isoformat(),
                    "friendly": f"drive:{line.id}" in friendly,
                    "records_set": _records(set_by.get(f"drive:{line.id}", ())),
                }
                for line in found.drives
            ],
        }
    )


def _club(club_id: str) -> Club:
    well_formed = len(club_id) <= LONGEST_ID and club_id.isascii() and club_id.isalnum()
    club = access.find_club(club_id) if well_formed else None
    if club is None:
        raise ApiError(404, "club_not_found")
    return club


def _season(club: Club) -> StoredSeason | None:
    wanted = request.args.get("season", "")
    if not wanted:
        return seasons.current_season(club.id, club.today())
    if wanted == standings.ALL_TIME:
        return None
    found = next((item for item in seasons.seasons(club.id) if str(item.id) == wanted), None)
    if found is None:
        raise ApiError(404, "club_no_such_season", field="season")
    return found


def _season_json(season: StoredSeason) -> dict[str, Any]:
    rule = season.league
    return {
        "id": season.id,
        "name": season.season.name,
        "starts_on": season.season.starts_on.isoformat(),
        "ends_on": season.season.ends_on.isoformat(),
        "league": None
        if rule is None
        else {"kind": rule.kind, "points": list(rule.points), "best": rule.best, "qualify": rule.qualify},
    }


def _shown(name: str, member: int | None, hidden: frozenset[int]) -> str:
    return standings.initials(name) if member is not None and member in hidden else name


def _drive_json(drive_id: str, hidden: frozenset[int]) -> dict[str, Any]:
    record, drive = drive_store.load_drive(drive_id)
    linked = standings.drive_members(drive_id)
    names = [_shown(name, linked.get(player), hidden) for player, name in enumerate(drive.setup.players)]
    state = drive.state
    return {
        "id": record.id,
        "name": record.name,
        "finished": state.finished,
        "standings": [
            {
                "player": line.player,
                "name": names[line.player],
                "member": linked.get(line.player),
                "rank": line.rank,
                "tied": line.tied,
                "total": line.total,
            }
            for line in state.standings
        ],
        "prizes": [
            {
                "rule": result.prize.rule.value,
                "name": result.prize.name,
                "score": result.score,
                "winners": [names[player] for player in result.winners],
                "tied": result.tied,
            }
            for result in state.prizes
            if result.decided
        ],
    }


def _records(found: Any) -> list[dict[str, Any]]:
    return [{"kind": record.kind, "variant": record.variant, "value": record.value} for record in found]

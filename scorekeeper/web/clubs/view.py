"""What a club's pages show, worked out from its outcomes by the engine and kept per club fingerprint.

Rating a season takes the club's outcomes through OpenSkill once per change of the club (its
fingerprint, ``clubs.outcomes.kept``) and per season and ladder, carried on from the ratings before
a new game where they stand (clubs/ratings.py); the pages then read the ladder's rows, one member's
history and the records from it (clubs/standings.py), each member under the name the reader may see
(by initials, for a member who asked, to a reader who does not keep the club).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import abort, request

from ...clubs import members, outcomes, seasons, standings
from ...clubs.access import Club
from ...clubs.members import ClubMember, HistoryLine
from ...clubs.seasons import StoredSeason
from ...rules.club import LADDERS, Rated, rating_points, records_set_by, records_set_by_each
from ...rules.club import Season as RuleSeason
from ...words import club as club_words
from ...words.club import OVERALL
from ..wording import variant_name
from .access import keeps

ALL_TIME = standings.ALL_TIME
"""The season link's value for every outcome the club has."""


@dataclass(frozen=True, kw_only=True)
class Choice:
    """The season and ladder a page shows, as chosen by its links (``?season=&ladder=``)."""

    season: StoredSeason | None
    ladder: str
    seasons: list[StoredSeason]

    @property
    def season_key(self) -> str:
        """The season as the links and the kept data name it."""
        return standings.season_key(self.season)

    @property
    def rule_season(self) -> RuleSeason | None:
        """The engine's season (None for all time)."""
        return self.season.season if self.season else None

    @property
    def engine_ladder(self) -> str | None:
        """The engine's ladder (None for overall)."""
        return None if self.ladder == OVERALL else self.ladder


def chosen(club: Club, *, current_first: bool = True) -> Choice:
    """The season and ladder the request's links choose; 404 for one the club does not have.

    No season named: the season under way on the club's calendar today (all time when none is, or
    when not ``current_first``).
    """
    club_id = club.id
    stored = seasons.seasons(club_id)
    wanted = request.args.get("season", "")
    season: StoredSeason | None
    if not wanted:
        season = seasons.current_season(club_id, club.today()) if current_first else None
    elif wanted == ALL_TIME:
        season = None
    else:
        season = next((item for item in stored if str(item.id) == wanted), None)
        if season is None:
            abort(404)
    ladder_code = request.args.get("ladder", OVERALL)
    if ladder_code != OVERALL and ladder_code not in LADDERS:
        abort(404)
    return Choice(season=season, ladder=ladder_code, seasons=stored)


def ladder_links() -> list[tuple[str, str]]:
    """Each ladder a page links to, by its code and name: Overall, then each family's and the drives'."""
    return [(code, club_words.ladder_name(code)) for code in (OVERALL, *LADDERS)]


def season_of(club_id: str, season_id: int) -> StoredSeason:
    """The club's season, or 404."""
    found = next((item for item in seasons.seasons(club_id) if item.id == season_id), None)
    if found is None:
        abort(404)
    return found


def public(club: Club) -> bool:
    """Whether this reader sees the club's public pages (does not keep it): members who asked are
    shown by their initials."""
    return not keeps(club)


def names(club: Club, *, public_page: bool | None = None) -> dict[int, str]:
    """Each member's name by id as this reader sees it (``public_page`` True: as anyone sees it,
    for a picture or a share text)."""
    return standings.member_names(club.id, public=public(club) if public_page is None else public_page)


def hidden(club: Club, *, public_page: bool | None = None) -> frozenset[int]:
    """The members this reader sees by their initials (none, for a phone that keeps the club)."""
    shown_publicly = public(club) if public_page is None else public_page
    return standings.by_initials(club.id) if shown_publicly else frozenset()


def shown_name(name: str, member: int | None, hidden_members: frozenset[int]) -> str:
    """A player's name as the reader sees it: initials for a member shown so."""
    return standings.initials(name) if member is not None and member in hidden_members else name


def rated(club_id: str, choice: Choice) -> dict[int, Rated]:
    """Every member's rating over the chosen season and ladder, by member id."""
    return standings.ratings_over(club_id, choice.season, choice.engine_ladder)


def ladder_rows(club: Club, choice: Choice, *, public_page: bool | None = None) -> list[dict[str, Any]]:
    """The ladder's rows: everyone rated over the choice but the guests, by rating (ties share a
    place), each with their rating in points, whether it is still provisional (the club's minimum)
    and what they played."""
    rows = standings.ladder_of(club, choice.season, choice.engine_ladder)
    known = names(club, public_page=public_page)
    return [
        {
            "member": row.rated.member,
            "name": known[row.rated.member],
            "place": row.place,
            "points": row.points,
            "ordinal": row.rated.ordinal,
            "mu": row.rated.mu,
            "sigma": row.rated.sigma,
            "provisional": row.provisional,
            "to_go": row.to_go,
            "played": row.rated.outcomes,
            "games": row.rated.games,
            "wins": row.rated.wins,
            "drives": row.rated.drives,
        }
        for row in rows
        if row.rated.member in known
    ]


def history_points(club_id: str, choice: Choice, member_id: int) -> tuple[tuple[datetime, int], ...]:
    """The member's rating, in points, after each of their outcomes of the chosen season and ladder."""
    found = rated(club_id, choice).get(member_id)
    return () if found is None else tuple((moment, rating_points(value)) for moment, value in found.history)


def members_figures(club: Club, choice: Choice) -> dict[int, dict[str, Any]]:
    """Each rated member's rating, games, wins and drives over the chosen season and ladder, whether
    the rating is provisional, and the day of their last outcome there, by member id (a member with
    none is left out)."""
    return {
        member: {
            "points": rating_points(found.ordinal),
            "provisional": found.outcomes < club.minimum_games,
            "games": found.games,
            "wins": found.wins,
            "drives": found.drives,
            "last": found.history[-1][0] if found.history else None,
        }
        for member, found in rated(club.id, choice).items()
    }


def member_rating(club: Club, choice: Choice, member_id: int) -> dict[str, Any] | None:
    """The member's rating over the chosen season and ladder, without its history (None: unrated)."""
    found = rated(club.id, choice).get(member_id)
    if found is None:
        return None
    return {
        "points": rating_points(found.ordinal),
        "provisional": found.outcomes < club.minimum_games,
        "to_go": max(0, club.minimum_games - found.outcomes),
        "mu": found.mu,
        "sigma": found.sigma,
        "ordinal": found.ordinal,
        "games": found.games,
        "wins": found.wins,
        "drives": found.drives,
    }


def in_choice(line: HistoryLine, choice: Choice) -> bool:
    """Whether a line of a member's history counts in the chosen season and ladder."""
    season = choice.rule_season
    if season is not None and not season.contains(line.played_at):
        return False
    return choice.engine_ladder is None or line.ladder == choice.engine_ladder


def record_lines(
    club: Club, season: StoredSeason | None, *, public_page: bool | None = None
) -> list[dict[str, Any]]:
    """The hall of fame: each record worded, with its holders' names and when it was set."""
    known = names(club, public_page=public_page)
    return [
        _worded_record(
            {
                "kind": item.kind,
                "variant": item.variant,
                "value": item.value,
                "members": list(item.members),
                "key": item.key,
                "played_at": item.played_at,
            },
            known,
            in_season=season is not None,
        )
        for item in standings.club_records(club.id, season)
    ]


def _worded_record(line: dict[str, Any], known: dict[int, str], *, in_season: bool) -> dict[str, Any]:
    return {
        **line,
        "name": record_name(line["kind"], line["variant"], in_season=in_season),
        "shown_value": club_words.record_value(line["kind"], line["value"]),
        "holders": [(member, known[member]) for member in line["members"] if member in known],
    }


def record_name(kind: str, variant: str | None, *, in_season: bool = True) -> str:
    """A record's name in the reader's language ("highest Oh Hell score")."""
    return club_words.record_name(kind, variant_name(variant) if variant else None, in_season=in_season)


def records_set(club_id: str, key: str) -> list[str]:
    """ "New club record: …" for each record the outcome ``key`` set (none when it set none)."""

    def compute() -> list[dict[str, Any]]:
        found = records_set_by(outcomes.outcomes(club_id), key, leave_out=standings.out_of_ladder(club_id))
        return [{"kind": item.kind, "variant": item.variant, "value": item.value} for item in found]

    kept: list[dict[str, Any]] = outcomes.kept(club_id, f"web.set:{key}", compute)
    return [
        club_words.new_record(
            line["kind"], line["value"], variant_name(line["variant"]) if line["variant"] else None
        )
        for line in kept
    ]


def records_set_each(club_id: str, keys: list[str]) -> dict[str, list[str]]:
    """ "New club record: …" for each record each outcome of ``keys`` set (an evening's), by key."""

    def compute() -> dict[str, list[dict[str, Any]]]:
        leave_out = standings.out_of_ladder(club_id)
        found = records_set_by_each(outcomes.outcomes(club_id), keys, leave_out=leave_out)
        return {
            key: [{"kind": item.kind, "variant": item.variant, "value": item.value} for item in items]
            for key, items in found.items()
        }

    kept: dict[str, list[dict[str, Any]]] = outcomes.kept(club_id, f"web.set_each:{','.join(keys)}", compute)
    return {
        key: [
            club_words.new_record(
                line["kind"], line["value"], variant_name(line["variant"]) if line["variant"] else None
            )
            for line in lines
        ]
        for key, lines in kept.items()
    }


def member_or_404(club_id: str, member_id: int) -> ClubMember:
    """The club's member, or 404."""
    found = members.member(club_id, member_id) if member_id < 2**62 else None
    if found is None:
        abort(404)
    return found

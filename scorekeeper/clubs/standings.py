"""What a club's pages, files and API read of it, worked out from its outcomes by the engine and kept
per the club's fingerprint (``outcomes.kept``): the ratings over a season and ladder, the ladder's
rows (guests left out), the hall of fame, a season's league, and the names a reader sees.

**Names a reader sees.** A member may ask to be shown by initials on the club's public pages
(``club_members.initials``, migration 0016): "Ann Baker" is "A. B." to anyone who does not keep the
club, in its pictures and share texts, its CSV files and its JSON API; the phones that keep the club
see every name.
"""

from __future__ import annotations

from sqlalchemy import bindparam, select, update

from .. import database
from ..rules import RuleViolation
from ..rules.club import (
    ClubRecord,
    Ladder,
    LadderRow,
    LeagueRow,
    Rated,
    ladder,
    league,
    records,
)
from .access import Club, changed
from .guests import guests
from .members import members
from .models import ClubDriveLinkRecord, ClubMemberRecord
from .outcomes import kept, outcomes
from .ratings import club_ratings
from .seasons import StoredSeason

ALL_TIME = "all"
"""The name of all time where a season is named ("?season=all", the kept values' keys)."""
_MEMBERS = ClubMemberRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__
_BY_INITIALS = select(_MEMBERS.c.id).where(
    _MEMBERS.c.club_id == bindparam("club"), _MEMBERS.c.initials.is_(True)
)


def season_key(season: StoredSeason | None) -> str:
    """A season as links and kept values name it: its id, or "all"."""
    return str(season.id) if season else ALL_TIME


def out_of_ladder(club_id: str) -> frozenset[int]:
    """The club's guests: rated (their games rate the members), on no ladder, league or record."""
    found: frozenset[int] = kept(club_id, "clubs.guests", lambda: guests(club_id))
    return found


def ratings_over(club_id: str, season: StoredSeason | None, ladder_code: Ladder | None) -> dict[int, Rated]:
    """Every member's rating over the season (None: all time) and ladder (None: overall)."""
    within = season.season if season else None
    return club_ratings(club_id, ladder=ladder_code, season=within, season_key=season_key(season))


def ladder_of(club: Club, season: StoredSeason | None, ladder_code: Ladder | None) -> tuple[LadderRow, ...]:
    """The ladder over the season and ladder: everyone rated but the guests, provisional ratings
    marked by the club's minimum."""
    rated = ratings_over(club.id, season, ladder_code)
    return ladder(rated, minimum=club.minimum_games, leave_out=out_of_ladder(club.id))


def club_records(club_id: str, season: StoredSeason | None) -> tuple[ClubRecord, ...]:
    """The hall of fame over the season (None: all time); guests hold none."""

    def compute() -> tuple[ClubRecord, ...]:
        within = season.season if season else None
        return records(outcomes(club_id), season=within, leave_out=out_of_ladder(club_id))

    found: tuple[ClubRecord, ...] = kept(club_id, f"clubs.records:{season_key(season)}", compute)
    return found


def league_of(club_id: str, season: StoredSeason) -> tuple[LeagueRow, ...] | None:
    """The season's league table (None: the season has no league); guests are on none."""
    rule = season.league
    if rule is None:
        return None

    def compute() -> tuple[LeagueRow, ...]:
        return league(outcomes(club_id), rule, season=season.season, leave_out=out_of_ladder(club_id))

    found: tuple[LeagueRow, ...] = kept(club_id, f"clubs.league:{season.id}:{rule!r}", compute)
    return found


def by_initials(club_id: str) -> frozenset[int]:
    """The members shown by their initials on public pages."""
    found: frozenset[int] = kept(
        club_id,
        "clubs.initials",
        lambda: frozenset(database.connection().execute(_BY_INITIALS, {"club": club_id}).scalars()),
    )
    return found


def initials(name: str) -> str:
    """A name as its initials: "Ann Baker" is "A. B.", "Jean-Luc" "J.-L."."""
    words = []
    for word in name.split():
        parts = [part for part in word.split("-") if part]
        words.append("-".join(part[0].upper() + "." for part in parts) or word)
    return " ".join(words)


def member_names(club_id: str, *, public: bool) -> dict[int, str]:
    """Each member's name by id, as a reader sees it: a public reader (one who does not keep the
    club) sees a member who asked for it by initials."""
    hidden = by_initials(club_id) if public else frozenset()
    return {
        member.id: initials(member.name) if member.id in hidden else member.name
        for member in members(club_id)
    }


def drive_members(drive_id: str) -> dict[int, int]:
    """The club member each player of a club's drive is, by the player's place in the drive."""
    rows = database.connection().execute(
        select(_DRIVE_LINKS.c.player, _DRIVE_LINKS.c.member_id).where(_DRIVE_LINKS.c.drive_id == drive_id)
    )
    return {row.player: row.member_id for row in rows}


def set_initials(club_id: str, member_id: int, shown_by_initials: bool) -> None:
    """Show the member by initials on the club's public pages (True), or by name (False)."""
    with database.transaction() as connection:
        found = connection.execute(
            update(_MEMBERS)
            .where(_MEMBERS.c.club_id == club_id, _MEMBERS.c.id == member_id)
            .values(initials=shown_by_initials)
        ).rowcount
        if found != 1:
            raise RuleViolation("club_no_such_member", field="member")
        changed(connection, club_id)

"""Members whose names may be one person's ("Cristi" and "Cristian"), suggested to the club's
organiser on the members list: the engine finds names that look alike (rules/club/suggest.py) and
the store leaves out two who sat at the same game (clubs/together.py: they are two people). Kept per
the club's fingerprint; a suggestion is only that, and the organiser merges or leaves it.
"""

from __future__ import annotations

from .. import database
from ..rules.club.suggest import alike_pairs
from .members import ClubMember, members
from .outcomes import kept
from .together import games_together, players_of

SHOWN = 8
"""Suggestions the members list shows at most."""
LOOKED_AT = 40
"""Pairs of alike names looked at to find them (those who sat together are left out)."""


def maybe_one_person(club_id: str) -> list[tuple[ClubMember, ClubMember]]:
    """Pairs of members whose names look alike and who never sat at the same game, the member with
    the longer name first (the one a merge would usually keep)."""

    def compute() -> list[tuple[int, int]]:
        connection = database.connection()
        found = []
        names = {member.id: member.name for member in members(club_id)}
        for first, second in alike_pairs(names, most=LOOKED_AT):
            one, two = players_of(connection, club_id, first), players_of(connection, club_id, second)
            if not games_together(connection, club_id, one, two):
                found.append((first, second))
            if len(found) == SHOWN:
                break
        return found

    pairs: list[tuple[int, int]] = kept(club_id, "clubs.maybe_one_person", compute)
    by_id = {member.id: member for member in members(club_id)}
    shown = []
    for first, second in pairs:
        if first in by_id and second in by_id:
            one, two = sorted((by_id[first], by_id[second]), key=_longer_name_first)
            shown.append((one, two))
    return shown


def _longer_name_first(member: ClubMember) -> tuple[int, int]:
    return (-len(member.name), member.id)

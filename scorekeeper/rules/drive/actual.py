"""Where players actually sat when the hall did not move as planned: a recorded input, replayed.

A :class:`SeatFix` says that for ``hand`` the ``player`` sat at ``table`` in ``seat``; the player the
plan put there sat in the player's planned seat instead (the two changed places), a seat of the same
role: a player plays lady or gent all evening (RULES.md §10). The results
entered by table stand, so the tricks go to the people who were there: scores stay with the
person (RULES.md §10). The movement after the hand starts from where everyone actually sat, as the
hall does. Only players at a table are moved: who sits out stays the turn's choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import SeatRefused, UnknownTable
from .seating import SEATS_PER_TABLE, Seat
from .setup import Role


@dataclass(frozen=True, kw_only=True, slots=True)
class SeatFix:
    """For ``hand``, ``player`` (an index in the drive's players) sat at ``table`` (from 1) in ``seat``."""

    hand: int
    player: int
    table: int
    seat: Seat


def fixes_by_hand(fixes: Iterable[SeatFix], hands: int, players: int) -> dict[int, list[SeatFix]]:
    """The fixes grouped by hand, in the order they were recorded; refuses one that names no hand,
    player or seat the drive could have."""
    grouped: dict[int, list[SeatFix]] = {}
    for fix in fixes:
        hand, player, table = fix.hand, fix.player, fix.table
        if type(hand) is not int or not 1 <= hand <= hands:
            raise SeatRefused("drive_seat_no_such_hand", hands=hands, value=repr(hand))
        if type(player) is not int or not 0 <= player < players:
            raise SeatRefused("drive_seat_unknown_player", hand=hand, value=repr(player))
        if type(table) is not int or not isinstance(fix.seat, Seat):
            raise SeatRefused("drive_seat_unknown", hand=hand, value=repr((table, fix.seat)))
        grouped.setdefault(hand, []).append(fix)
    return grouped


def apply_fixes(
    seats: Sequence[int],
    numbers: Sequence[int],
    fixes: Sequence[SeatFix],
    names: Sequence[str],
    roles: Sequence[Role],
) -> tuple[int, ...]:
    """The hand's seats (table order, N E S W; ``numbers`` the tables') once each fix has swapped its
    player with the player the plan put in that seat; refuses a player not at a table, a table the
    hand lacks, and a seat of the other role (a player is lady or gent all evening, RULES.md §10)."""
    placed = list(seats)
    for fix in fixes:
        if fix.table not in numbers:
            raise UnknownTable(
                "drive_no_such_table", table=None, value=repr(fix.table), tables=tuple(numbers)
            )
        if fix.player not in placed:
            raise SeatRefused("drive_seat_not_at_a_table", hand=fix.hand, player=names[fix.player])
        if fix.seat.role is not roles[fix.player]:
            raise SeatRefused(
                "drive_seat_other_role",
                hand=fix.hand,
                player=names[fix.player],
                role=roles[fix.player].value,
                seat=fix.seat.value,
            )
        target = list(numbers).index(fix.table) * SEATS_PER_TABLE + fix.seat.offset
        here = placed.index(fix.player)
        placed[here], placed[target] = placed[target], placed[here]
    return tuple(placed)

"""Where players actually sat when the hall did not move as planned: a recorded input, replayed.

A :class:`SeatFix` says that for ``hand`` the ``player`` sat at ``table`` in ``seat``; the player the
plan put there sat in the player's planned seat instead (the two changed places). The results
entered by table stand, so the tricks go to the people who were there: scores stay with the
person (RULES.md §10). The movement after the hand starts from where everyone actually sat, as the
hall does. Only players at a table are moved: who sits out stays the turn's choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import SeatRefused, UnknownTable
from .seating import SEATS_PER_TABLE, Seat


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


def apply_fixes(seats: tuple[int, ...], fixes: Sequence[SeatFix], names: Sequence[str]) -> tuple[int, ...]:
    """The hand's seats (table order, N E S W) once each fix has swapped its player with the
    player the plan put in that seat; refuses a player not at a table or a table the hand lacks."""
    if not fixes:
        return seats
    placed = list(seats)
    tables = len(placed) // SEATS_PER_TABLE
    for fix in fixes:
        if not 1 <= fix.table <= tables:
            raise UnknownTable("drive_no_such_table", table=None, value=repr(fix.table), tables=tables)
        if fix.player not in placed:
            raise SeatRefused("drive_seat_not_at_a_table", hand=fix.hand, player=names[fix.player])
        target = (fix.table - 1) * SEATS_PER_TABLE + fix.seat.offset
        here = placed.index(fix.player)
        placed[here], placed[target] = placed[target], placed[here]
    return tuple(placed)

"""Players who arrive late or leave early, and who sits out: the drive's roster hand by hand.

An arrival or a departure is an input (:class:`RosterChange`) that takes effect from a hand whose
seating is not yet played. A late player's name is added to the drive's players (so every index
stays the person's for the evening: their scores stay with them); they join from ``hand``, starting
from 0 or from the lowest total then (the organiser's choice, RULES.md §10). A player who leaves
keeps their scores and plays no more.

**Tables follow the players**: with ``n`` players present, ``n // 4`` tables play and ``n % 4``
sit out. One more player fills a sit-out seat; four waiting make a new table (numbered after the
others); a departure frees a seat that a sitter-out takes, or turns it into a sit-out seat, and
the last table goes when too few are left to fill every table.

**Who sits out** (:func:`choose_sitters`): a player who has just arrived first (they take the
sit-out seat, so the tables already called stay as they are), then whoever has sat out least,
then the next in the entry order after the last player who sat out. With a fixed roster this is
the rotation of :func:`~.sitouts.sitting_out_in`; with arrivals and departures it still never
sits anyone out a second time before everyone present has sat out once, whatever the entry order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .errors import InvalidDriveSetup, RosterRefused


class RosterKind(StrEnum):
    """What a roster change says: a player arrives or leaves."""

    ARRIVE = "arrive"
    LEAVE = "leave"


class StartFrom(StrEnum):
    """Where a late player's total starts: at 0, or at the lowest total when they join."""

    ZERO = "zero"
    LOWEST = "lowest"


@dataclass(frozen=True, kw_only=True, slots=True)
class RosterChange:
    """A player arriving or leaving, from ``hand`` on (``player``: an index in the drive's players)."""

    hand: int
    player: int
    kind: RosterKind
    start: StartFrom = StartFrom.ZERO


@dataclass(kw_only=True, slots=True)
class Roster:
    """The roster changes checked and sorted by hand, for the replay.

    ``joins[p]`` is the first hand player ``p`` plays (1 for those entered at the set-up),
    ``leaves[p]`` the first hand they no longer play (None: they stay).
    """

    joins: list[int]
    leaves: list[int | None]
    starts: dict[int, StartFrom] = field(default_factory=dict)
    arrivals: dict[int, list[int]] = field(default_factory=dict)
    changed_hands: set[int] = field(default_factory=set)

    def present(self, player: int, hand: int) -> bool:
        """True when the player plays (or sits out) ``hand``."""
        left = self.leaves[player]
        return self.joins[player] <= hand and (left is None or hand < left)


def check_roster(changes: Sequence[RosterChange], player_count: int, hands: int) -> Roster:
    """The changes as a :class:`Roster`; refuses one that names no player, comes twice, or is out of order.

    Arrivals are the last players of the list, in the order they arrived.
    """
    arriving = [change.player for change in changes if change.kind is RosterKind.ARRIVE]
    first_late = player_count - len(arriving)
    if sorted(arriving) != list(range(first_late, player_count)):
        raise RosterRefused("drive_roster_unknown_player", value=repr(arriving))
    roster = Roster(joins=[1] * player_count, leaves=[None] * player_count)
    for change in changes:
        player, hand = change.player, change.hand
        if (
            type(player) is not int
            or type(hand) is not int
            or not 0 <= player < player_count
            or not (1 if change.kind is RosterKind.ARRIVE else 2) <= hand <= hands
        ):
            raise RosterRefused("drive_roster_unknown_player", value=repr((player, hand)))
        if change.kind is RosterKind.ARRIVE:
            roster.joins[player] = hand
            roster.starts[player] = change.start
            roster.arrivals.setdefault(hand, []).append(player)
        else:
            if roster.leaves[player] is not None:
                raise RosterRefused("drive_roster_left_twice", player=player)
            roster.leaves[player] = hand
        roster.changed_hands.add(hand)
    for player in range(player_count):
        left = roster.leaves[player]
        if left is not None and left <= roster.joins[player]:
            raise RosterRefused("drive_roster_left_twice", player=player)
    return roster


def check_enough(present: int, hand: int) -> None:
    """Refuse a roster that leaves fewer than four players to fill a table."""
    if present < 4:
        raise InvalidDriveSetup("drive_roster_too_few", hand=hand, count=present)


def choose_sitters(
    candidates: Sequence[int],
    count: int,
    sat_out: Sequence[int],
    cursor: int,
    player_count: int,
    just_arrived: frozenset[int],
) -> tuple[list[int], int]:
    """The ``count`` players who sit out, in turn order, and the turn's next starting point.

    ``sat_out[p]`` is how often ``p`` has sat out; ``cursor`` the entry position after the last
    player who sat out. See the module's docstring for the order.
    """
    if count == 0:
        return [], cursor

    def key(player: int) -> tuple[int, int, int]:
        return (0 if player in just_arrived else 1, sat_out[player], (player - cursor) % player_count)

    chosen = sorted(candidates, key=key)[:count]
    in_turn = [player for player in chosen if player not in just_arrived]
    if not in_turn:  # only newcomers sit out: the turn has not moved on
        return chosen, cursor
    last = max(in_turn, key=lambda player: (player - cursor) % player_count)
    return chosen, (last + 1) % player_count

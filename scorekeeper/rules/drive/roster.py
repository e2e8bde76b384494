"""Players who arrive late or leave early, tables that go, and who sits out: the roster hand by hand.

A roster change is an input (:class:`RosterChange`) that takes effect from a hand (``hand``): the
first hand no table has entered when it is recorded (RULES.md §10, "when the roster changes"). A
late player's name is added to the drive's players (so every index stays the person's for the
evening: their scores stay with them); they join from ``hand`` in the role they chose (lady or
gent), starting from 0 or from the lowest total then (the organiser's choice). A player who leaves
keeps their scores and plays no more; a substitute may take their place from that hand. A table
that goes sends its four players to sit out.

**What a change moves** (:mod:`.changes`): nobody the movement has already told a seat, except where
the change needs that very seat. A late player waits (sits out) until four are waiting — two ladies
and two gents, or two pairs in a partner drive — and they make a new table; a departure's seat is
taken by a sitter-out of the same role, else the departure's own table stops and its other players
sit out; a removed table's players sit out.

**Who sits out** (:func:`choose_sitters`): sit-outs rotate within a role, so that a lady coming back
from sitting out takes a lady's seat. Of the players of a role, whoever has sat out least sits out
next, then the next in the entry order after the last of that role who sat out: nobody sits out a
second time before everyone of their role who is there has sat out once. In a partner drive pairs sit
out together, in turn by their lady.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .errors import InvalidDriveSetup, RosterRefused
from .setup import Role, entry_role


class RosterKind(StrEnum):
    """What a roster change says."""

    ARRIVE = "arrive"  # a late player joins
    LEAVE = "leave"  # a player goes home
    SUBSTITUTE = "substitute"  # a new player takes over the place of a player who goes
    REMOVE_TABLE = "remove_table"  # a table stops: its players sit out


class StartFrom(StrEnum):
    """Where a late player's total starts: at 0, or at the lowest total of the players who have
    played every hand so far (RULES.md §10)."""

    ZERO = "zero"
    LOWEST = "lowest"


@dataclass(frozen=True, kw_only=True, slots=True)
class RosterChange:
    """A change of the roster from ``hand`` on.

    ``player``: the arriving, leaving or substitute player (an index in the drive's players); None
    for a table that goes (``table``). ``role``: an arrival's role (None in drives stored before
    roles were chosen: the role of their entry order). ``replaces``: for a substitute, the player
    whose place they take, who leaves from ``hand``. ``start``: where a late player's total starts.
    """

    hand: int
    kind: RosterKind
    player: int | None = None
    start: StartFrom = StartFrom.ZERO
    role: Role | None = None
    replaces: int | None = None
    table: int | None = None


@dataclass(kw_only=True, slots=True)
class Roster:
    """The roster changes checked and grouped by hand, for the replay.

    ``joins[p]`` is the first hand player ``p`` plays (1 for those entered at the set-up),
    ``leaves[p]`` the first hand they no longer play (None: they stay). ``by_hand`` holds each
    hand's changes in the order they were recorded.
    """

    joins: list[int]
    leaves: list[int | None]
    roles: list[Role]
    starts: dict[int, StartFrom] = field(default_factory=dict)
    by_hand: dict[int, list[RosterChange]] = field(default_factory=dict)

    def present(self, player: int, hand: int) -> bool:
        """True when the player plays (or sits out) ``hand``."""
        left = self.leaves[player]
        return self.joins[player] <= hand and (left is None or hand < left)

    def played_every_hand(self, player: int, hand: int) -> bool:
        """True when the player was there from hand 1 and is still there for ``hand``."""
        return self.joins[player] == 1 and self.present(player, hand)


def check_roster(changes: Sequence[RosterChange], player_count: int, hands: int) -> Roster:
    """The changes as a :class:`Roster`; refuses one that names no player, comes twice, or is out of order.

    Late players (arrivals and substitutes) are the last players of the list, in the order they came.
    """
    late = [change.player for change in changes if change.kind in (RosterKind.ARRIVE, RosterKind.SUBSTITUTE)]
    first_late = player_count - len(late)
    if late != list(range(first_late, player_count)):
        raise RosterRefused("drive_roster_unknown_player", value=repr(late))
    roster = Roster(
        joins=[1] * player_count,
        leaves=[None] * player_count,
        roles=[entry_role(player) for player in range(player_count)],
    )
    for change in changes:
        _check_change(change, player_count, hands)
        hand, player = change.hand, change.player
        if change.kind in (RosterKind.ARRIVE, RosterKind.SUBSTITUTE):
            assert player is not None
            roster.joins[player] = hand
            roster.starts[player] = change.start
            if change.role is not None:
                roster.roles[player] = change.role
        leaver = player if change.kind is RosterKind.LEAVE else change.replaces
        if change.kind in (RosterKind.LEAVE, RosterKind.SUBSTITUTE):
            assert leaver is not None
            if roster.leaves[leaver] is not None or not roster.present(leaver, hand - 1):
                raise RosterRefused("drive_roster_left_twice", player=leaver)
            roster.leaves[leaver] = hand
            if change.kind is RosterKind.SUBSTITUTE:
                roster.roles[player] = roster.roles[leaver]  # type: ignore[index]
        roster.by_hand.setdefault(hand, []).append(change)
    return roster


def _check_change(change: RosterChange, player_count: int, hands: int) -> None:
    """Refuse a change whose kind, hand, player or table no drive could have."""
    kind, hand = change.kind, change.hand
    first = 1 if kind in (RosterKind.ARRIVE, RosterKind.REMOVE_TABLE) else 2
    numbers: list[object] = [hand]
    if kind is RosterKind.REMOVE_TABLE:
        numbers.append(change.table)
    else:
        numbers.append(change.player)
    if kind is RosterKind.SUBSTITUTE:
        numbers.append(change.replaces)
    if (
        not isinstance(kind, RosterKind)
        or any(type(number) is not int for number in numbers)
        or not first <= hand <= hands
        or (change.player is not None and not 0 <= change.player < player_count)
        or (change.replaces is not None and not 0 <= change.replaces < player_count)
        or (change.role is not None and not isinstance(change.role, Role))
        or not isinstance(change.start, StartFrom)
    ):
        raise RosterRefused("drive_roster_unknown_player", value=repr((change.player, hand)))


def check_enough(present: int, hand: int) -> None:
    """Refuse a roster that leaves fewer than four players to fill a table."""
    if present < 4:
        raise InvalidDriveSetup("drive_roster_too_few", hand=hand, count=present)


def sit_out_order(player: int, sat_out: Sequence[int], cursor: int, player_count: int) -> tuple[int, int]:
    """Who sits out first: the player who has sat out least, then the next after ``cursor`` in the
    entry order (``cursor``: the entry position after the last player of the role who sat out)."""
    return (sat_out[player], (player - cursor) % player_count)


def choose_sitters(
    candidates: Sequence[int], count: int, sat_out: Sequence[int], cursor: int, player_count: int
) -> tuple[list[int], int]:
    """The ``count`` of ``candidates`` (players of one role) who sit out, in turn order, and the
    turn's next starting point."""
    if count <= 0:
        return [], cursor
    chosen = sorted(candidates, key=lambda player: sit_out_order(player, sat_out, cursor, player_count))
    chosen = chosen[:count]
    last = max(chosen, key=lambda player: (player - cursor) % player_count)
    return chosen, (last + 1) % player_count

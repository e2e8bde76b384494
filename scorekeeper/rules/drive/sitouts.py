"""Sitting out: who sits out each hand, and how they come back to a table.

With ``n`` players, ``n % 4`` sit out every hand at the incomplete table and
score the drive's sit-out tricks. Who sits out follows a fixed rotation over the
players' entry order (:func:`sitting_out_in`), so it is known in advance and
spread as evenly as possible. After the movement, the players due to sit out
next leave their new seats and those who sat out take them.

In a progressive drive, where nobody should play with the same partner twice
in a row, a returning player could land opposite the partner they had before
sitting out, or two returning players opposite each other. Then the players of
that one table are re-seated among its four seats (everyone keeps the table
the movement sent them to) in the way that moves the fewest players who did
not sit out. Such a re-seating always exists: the players returning together
all last played the same hand (nobody sits out twice running), so their former
partners can never shut out all three ways of pairing four players.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from .seating import SEATS_PER_TABLE, MoveKind, Movement

NO_PARTNER = -1
_SEAT_ORDERS = tuple(permutations(range(SEATS_PER_TABLE)))


def sitting_out_in(hand: int, player_count: int) -> tuple[int, ...]:
    """The players (indices in entry order) who sit out ``hand``.

    A rotation over the entry order starting with the last players (those left
    over in the first seating): hand 1 the last ``r``, hand 2 the first ``r``,
    hand 3 the next ``r``... Nobody sits out again before everyone has, and
    counts never differ by more than one. With ``r`` at most 3 and ``n`` at least
    ``r + 4``, two hands running never share a sitter. In a partner drive ``n``
    is even, ``r`` is 0 or 2 and each pair (players 2i, 2i + 1) sits out together.
    """
    count = player_count % SEATS_PER_TABLE
    start = (player_count - count + (hand - 1) * count) % player_count
    return tuple((start + offset) % player_count for offset in range(count))


def change_over(
    movement: Movement,
    previous_seats: Sequence[int],
    returning: Sequence[int],
    leaving: Sequence[int],
    *,
    last_partner: Sequence[int] | None,
) -> None:
    """Seat the ``returning`` players in the new seats of the ``leaving`` ones, in order.

    ``last_partner[p]`` is the partner of ``p`` in the last hand ``p`` played
    (``NO_PARTNER`` if none); given (progressive drives), a table where that
    would bring partners together again is re-seated. ``previous_seats`` is the
    seating of the hand just played, to tell a winner who stays from one who
    crosses seats after a re-seating.
    """
    seats, moves = movement.seats, movement.moves
    leaving_set = set(leaving)
    # Seats left by those who now sit out, and (roster changes) seats nobody holds: -1.
    vacated = [position for position, player in enumerate(seats) if player < 0 or player in leaving_set]
    for position, player in zip(vacated, returning, strict=True):
        seats[position] = player
        moves[player] = MoveKind.RETURN
    for player in leaving:
        moves[player] = MoveKind.SIT_OUT
    if last_partner is None:
        return
    returning_set = set(returning)
    for table in sorted({position // SEATS_PER_TABLE for position in vacated}):
        _reseat(movement, table, returning_set, last_partner, previous_seats)


def _partnered_again(players: Sequence[int], last_partner: Sequence[int]) -> bool:
    """True when either pair at a table (N–S, E–W) played together in one partner's last hand."""
    for first, second in ((players[0], players[2]), (players[1], players[3])):
        if last_partner[first] == second or last_partner[second] == first:
            return True
    return False


def _reseat(
    movement: Movement,
    table: int,
    returning: set[int],
    last_partner: Sequence[int],
    previous_seats: Sequence[int],
) -> None:
    base = table * SEATS_PER_TABLE
    players = movement.seats[base : base + SEATS_PER_TABLE]
    if not _partnered_again(players, last_partner):
        return

    def cost(order: tuple[int, ...]) -> tuple[int, int]:
        moved = [players[order[seat]] for seat in range(SEATS_PER_TABLE) if order[seat] != seat]
        settled = sum(1 for player in moved if player not in returning)
        return (settled, len(moved) - settled)

    candidates = [
        order
        for order in _SEAT_ORDERS
        if not _partnered_again([players[index] for index in order], last_partner)
    ]
    if not candidates:  # cannot happen (see the module's docstring); keep the plain change-over
        return
    best = min(candidates, key=cost)
    previous = {player: position for position, player in enumerate(previous_seats)}
    for seat, index in enumerate(best):
        player = players[index]
        movement.seats[base + seat] = player
        if player in returning or movement.moves[player] not in (MoveKind.STAY, MoveKind.CHANGE_SEAT):
            continue
        stayed = previous[player] == base + seat
        movement.moves[player] = MoveKind.STAY if stayed else MoveKind.CHANGE_SEAT

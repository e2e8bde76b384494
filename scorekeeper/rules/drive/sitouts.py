"""Sitting out: who sits out each hand, and how they come back to a table.

The players a table cannot take sit out at the incomplete table and score the drive's sit-out
tricks. A player keeps their role (lady or gent) all evening, so sit-outs rotate within a role: with
``n`` players entered, ``n // 4`` tables play, and of the ladies (even entries) and the gents (odd
ones) those beyond two a table sit out, in turn (:func:`sitting_out_in`); in a partner drive the
pairs sit out together. After the movement, the players due to sit out next leave their new seats
and those who sat out take them, a lady a lady's seat (North or East), a gent a gent's (South or West).

In a progressive drive, where nobody should play with the same partner twice in a row, a returning
player could land opposite the partner they had before sitting out. Then the two ladies of that one
table change places, or the two gents (everyone keeps the table the movement sent them to, and their
role), in the way that moves the fewest players who did not sit out. With only two ways to pair two
ladies and two gents, that can fail: then the returning player changes places with a player of their
role who was moving anyway, at the nearest table where that brings no partners together again
(:attr:`~.seating.MoveKind.OTHER_TABLE`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .seating import SEATS_PER_TABLE, MoveKind, Movement
from .setup import Role, entry_role

NO_PARTNER = -1
# The re-seatings of a table that keep every role: ladies in North and East, gents in South and West.
_ROLE_KEEPING_ORDERS = ((0, 1, 2, 3), (0, 1, 3, 2), (1, 0, 2, 3), (1, 0, 3, 2))


def sitting_out_in(hand: int, player_count: int) -> tuple[int, ...]:
    """The players (indices in entry order) who sit out ``hand`` of a drive nobody joins or leaves.

    Within each role a rotation over the entry order starting with the last players (those left
    over in the first seating): hand 1 the last of each role, hand 2 the first, hand 3 the next...
    Nobody sits out again before everyone of their role has, and within a role counts never differ
    by more than one. In a partner drive each pair (players 2i, 2i + 1) sits out together.
    """
    seated = player_count - player_count % SEATS_PER_TABLE
    out: list[int] = []
    for role in Role:
        members = [player for player in range(player_count) if entry_role(player) is role]
        count = len(members) - seated // 2
        if not count:
            continue
        start = (len(members) - count + (hand - 1) * count) % len(members)
        out.extend(members[(start + offset) % len(members)] for offset in range(count))
    return tuple(sorted(out))


def change_over(
    movement: Movement,
    previous_seats: Sequence[int],
    returning: Sequence[int],
    leaving: Sequence[int],
    *,
    roles: Sequence[Role],
    partners: Sequence[int] | None,
    last_partner: Sequence[int] | None,
) -> None:
    """Seat the ``returning`` players in the new seats of the ``leaving`` ones, each in a seat of
    their own role (in a partner drive, each returning pair in the places of a leaving pair).

    ``last_partner[p]`` is the partner of ``p`` in the last hand ``p`` played (``NO_PARTNER`` if
    none); given (progressive drives), a table where that would bring partners together again is
    re-seated within the roles. ``previous_seats`` is the seating of the hand just played, to tell a
    winner who stays from one who crosses seats after a re-seating.
    """
    seats, moves = movement.seats, movement.moves
    leaving_set = set(leaving)
    vacated = [position for position, player in enumerate(seats) if player < 0 or player in leaving_set]
    if partners is not None:
        _change_over_pairs(movement, vacated, returning, roles, partners)
    else:
        for role in Role:
            free = [position for position in vacated if seat_role(position) is role]
            coming = [player for player in returning if roles[player] is role]
            for position, player in zip(free, coming, strict=True):
                seats[position] = player
                moves[player] = MoveKind.RETURN
    for player in leaving:
        moves[player] = MoveKind.SIT_OUT
    if last_partner is None:
        return
    returning_set = set(returning)
    for table in sorted({position // SEATS_PER_TABLE for position in vacated}):
        reseat(movement, table, returning_set, last_partner, previous_seats)
        base = table * SEATS_PER_TABLE
        if partnered_again(movement.seats[base : base + SEATS_PER_TABLE], last_partner):
            _exchange(movement, table, returning_set, last_partner, previous_seats)


def _repeats(players: Sequence[int], last_partner: Sequence[int]) -> int:
    """How many of a table's two pairs played together in one partner's last hand."""
    count = 0
    for first, second in ((players[0], players[2]), (players[1], players[3])):
        if last_partner[first] == second or last_partner[second] == first:
            count += 1
    return count


def _best_order(players: Sequence[int], last_partner: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The fewest repeated pairs a role-keeping re-seating of a table leaves, and that re-seating."""
    return min(
        (_repeats([players[index] for index in order], last_partner), order) for order in _ROLE_KEEPING_ORDERS
    )


def _exchange(
    movement: Movement, table: int, returning: set[int], last_partner: Sequence[int], previous: Sequence[int]
) -> None:
    """Swap players who did not stay at ``table`` with movers of the same role at the nearest tables
    (one swap, or two where one alone does not help) when that brings fewer partners together again,
    the table itself then re-seated within the roles; those swapped go to
    :attr:`~.seating.MoveKind.OTHER_TABLE` (a player back from sitting out still comes back)."""
    seats = movement.seats
    base = table * SEATS_PER_TABLE
    tables = len(seats) // SEATS_PER_TABLE
    nearest = sorted(range(tables), key=lambda other: min((other - table) % tables, (table - other) % tables))
    best: tuple[int, tuple[tuple[int, int], ...]] = (0, ())
    for first in _swaps(movement, table, nearest, returning):
        gain = _gain(movement, table, (first,), last_partner)
        if gain < best[0]:
            best = (gain, (first,))
        elif gain == 0 and not best[1]:
            for second in _swaps(movement, table, nearest, returning):
                if second[0] == first[0] or second[1] == first[1]:
                    continue
                both = _gain(movement, table, (first, second), last_partner)
                if both < best[0]:
                    best = (both, (first, second))
        if best[1] and _score(movement, table, (), last_partner) + best[0] == 0:
            break
    for swap in best[1]:
        for position in swap:
            if seats[position] not in returning:
                movement.moves[seats[position]] = MoveKind.OTHER_TABLE
        _swap(seats, swap)
    if best[1]:
        order = _best_order(seats[base : base + SEATS_PER_TABLE], last_partner)[1]
        players = seats[base : base + SEATS_PER_TABLE]
        seats[base : base + SEATS_PER_TABLE] = [players[index] for index in order]
        for other in {there // SEATS_PER_TABLE for _, there in best[1]}:
            reseat(movement, other, returning, last_partner, previous)


def _swap(seats: list[int], swap: tuple[int, int]) -> None:
    here, there = swap
    seats[here], seats[there] = seats[there], seats[here]


def _gain(
    movement: Movement, table: int, swaps: tuple[tuple[int, int], ...], last_partner: Sequence[int]
) -> int:
    """How many repeated pairs ``swaps`` add (negative: take away) at ``table`` and the tables reached."""
    before = _score(movement, table, swaps, last_partner)
    for swap in swaps:
        _swap(movement.seats, swap)
    after = _score(movement, table, swaps, last_partner)
    for swap in reversed(swaps):
        _swap(movement.seats, swap)
    return after - before


def _score(
    movement: Movement, table: int, swaps: tuple[tuple[int, int], ...], last_partner: Sequence[int]
) -> int:
    """The repeated pairs left at ``table`` (re-seated at best) and at the tables ``swaps`` reached."""
    seats = movement.seats
    base = table * SEATS_PER_TABLE
    score = _best_order(seats[base : base + SEATS_PER_TABLE], last_partner)[0]
    for other in {there - there % SEATS_PER_TABLE for _, there in swaps}:
        score += _best_order(seats[other : other + SEATS_PER_TABLE], last_partner)[0]
    return score


def _swaps(
    movement: Movement, table: int, nearest: Sequence[int], returning: set[int]
) -> list[tuple[int, int]]:
    """Every swap of a player who did not stay at ``table`` with a mover of the same role at another
    table, nearest tables first."""
    seats, moves = movement.seats, movement.moves
    movers = (MoveKind.UP, MoveKind.DOWN, MoveKind.OTHER_TABLE)
    base = table * SEATS_PER_TABLE
    found: list[tuple[int, int]] = []
    for other in nearest:
        if other == table:
            continue
        for here in range(base, base + SEATS_PER_TABLE):
            if seats[here] not in returning and moves[seats[here]] not in movers:
                continue
            there = other * SEATS_PER_TABLE + here % SEATS_PER_TABLE
            for position in (there, _same_role_neighbour(there)):
                mover = seats[position]
                if mover not in returning and moves[mover] in movers:
                    found.append((here, position))
    return found


def _same_role_neighbour(position: int) -> int:
    """The other seat of the same role at the table (North ↔ East, South ↔ West)."""
    return position + 1 if position % 2 == 0 else position - 1


def _change_over_pairs(
    movement: Movement,
    vacated: Sequence[int],
    returning: Sequence[int],
    roles: Sequence[Role],
    partners: Sequence[int],
) -> None:
    """A partner drive: each returning pair takes the two seats a leaving pair left (the lady the
    North or East seat, her partner the seat opposite)."""
    seats, moves = movement.seats, movement.moves
    places = [position for position in vacated if seat_role(position) is Role.LADY]
    ladies = [player for player in returning if roles[player] is Role.LADY]
    for position, lady in zip(places, ladies, strict=True):
        gent = partners[lady]
        seats[position], seats[position + 2] = lady, gent
        moves[lady] = moves[gent] = MoveKind.RETURN


def seat_role(position: int) -> Role:
    """The role of the seat at a position of a seating in table order (N, E, S, W)."""
    return Role.LADY if position % SEATS_PER_TABLE < 2 else Role.GENT


def partnered_again(players: Sequence[int], last_partner: Sequence[int]) -> bool:
    """True when either pair at a table (N–S, E–W) played together in one partner's last hand."""
    for first, second in ((players[0], players[2]), (players[1], players[3])):
        if last_partner[first] == second or last_partner[second] == first:
            return True
    return False


def reseat(
    movement: Movement,
    table: int,
    returning: set[int],
    last_partner: Sequence[int],
    previous_seats: Sequence[int],
) -> None:
    """Re-seat one table within the roles so that no pair played together in its last hand, moving
    as few players who did not sit out as possible; left as it is when no such seating exists."""
    base = table * SEATS_PER_TABLE
    players = movement.seats[base : base + SEATS_PER_TABLE]
    if not partnered_again(players, last_partner):
        return

    def cost(order: tuple[int, ...]) -> tuple[int, int]:
        moved = [players[order[seat]] for seat in range(SEATS_PER_TABLE) if order[seat] != seat]
        settled = sum(1 for player in moved if player not in returning)
        return (settled, len(moved) - settled)

    candidates = [
        order
        for order in _ROLE_KEEPING_ORDERS
        if not partnered_again([players[index] for index in order], last_partner)
    ]
    if not candidates:  # partners meet again either way: the role all evening comes first
        return
    best = min(candidates, key=cost)
    previous = {player: position for position, player in enumerate(previous_seats)}
    for seat, index in enumerate(best):
        player = players[index]
        movement.seats[base + seat] = player
        if player in returning or movement.moves[player] not in (MoveKind.STAY, MoveKind.CHANGE_SEAT):
            continue
        stayed = previous.get(player) == base + seat
        movement.moves[player] = MoveKind.STAY if stayed else MoveKind.CHANGE_SEAT

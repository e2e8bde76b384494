"""Replaying a drive: its set-up and recorded hands in, every seating, score and prize out.

The seating of hand 1 comes from the entry order; the seating of each later
hand from the one before and who won (or moved as winners) at every table, so
hand k + 1 is known only once hand k is entered at every table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .actual import SeatFix, apply_fixes, fixes_by_hand
from .errors import ConfirmationRefused, HandAlreadyEntered, HandNotOpen, InvalidHandTricks, UnknownTable
from .roster import Roster, RosterChange, StartFrom, check_enough, check_roster, choose_sitters
from .seating import (
    SEATS_PER_TABLE,
    Layout,
    MoveKind,
    Movement,
    MovementRule,
    Pair,
    first_seating,
    movement_rule,
    next_seating,
)
from .setup import DriveFormat, DriveSetup
from .sitouts import NO_PARTNER, change_over, sitting_out_in
from .standings import Tally, award_prizes, leaderboard, tally
from .state import (
    TRICKS_PER_HAND,
    WINNING_TRICKS,
    CardRow,
    HandEntry,
    HandState,
    Placement,
    PrizeResult,
    Standing,
    TableHand,
)


@dataclass(frozen=True, kw_only=True, slots=True)
class DriveState:
    """Everything the rules derive for a drive from its set-up and entries.

    ``hands`` are the hands whose seating is known: every complete hand and the
    hand in play. ``hand_in_play`` is the first hand not yet entered at every
    table, None when the drive is over. ``scores[player][hand - 1]`` is the
    player's tricks for the hand, None until scored. ``overall`` and ``halves``
    add them up (``halves`` only with an interval).
    """

    setup: DriveSetup
    layout: Layout
    rule: MovementRule
    hands: tuple[HandState, ...]
    hand_in_play: int | None
    scores: tuple[tuple[int | None, ...], ...]
    overall: Tally
    halves: tuple[Tally, Tally] | None
    standings: tuple[Standing, ...]
    prizes: tuple[PrizeResult, ...]
    carried: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        """True once every hand is entered at every table."""
        return self.hand_in_play is None

    @property
    def hands_complete(self) -> int:
        """How many hands are entered at every table."""
        return self.setup.hands if self.hand_in_play is None else self.hand_in_play - 1

    @property
    def current(self) -> HandState | None:
        """The hand in play, None when the drive is over."""
        return None if self.hand_in_play is None else self.hands[self.hand_in_play - 1]

    @property
    def waiting_tables(self) -> tuple[int, ...]:
        """The tables that have not yet entered the hand in play."""
        current = self.current
        return () if current is None else current.waiting_tables

    @property
    def unconfirmed_tables(self) -> tuple[int, ...]:
        """The tables whose result for the hand in play waits for the other pair's confirmation."""
        current = self.current
        return () if current is None else current.unconfirmed_tables

    @property
    def tables_not_in(self) -> tuple[int, ...]:
        """The tables the movement waits for: still to enter the hand in play, or to confirm it."""
        current = self.current
        return () if current is None else current.tables_not_in

    @property
    def move_now(self) -> bool:
        """True when a hand has just been completed everywhere and nobody has entered the next one.

        That is the moment the caller calls "move!" and shows where everyone goes.
        """
        current = self.current
        return current is not None and current.number > 1 and not current.entered_tables

    @property
    def at_interval(self) -> bool:
        """True when the first half is complete everywhere and the second has not started."""
        return self.move_now and self.hands_complete == self.setup.interval_after

    def hand(self, number: int) -> HandState:
        """The hand ``number`` (from 1), once its seating is known; HandNotOpen otherwise."""
        if not 1 <= number <= len(self.hands):
            if not 1 <= number <= self.setup.hands:
                raise HandNotOpen("drive_no_such_hand", hand=number, hands=self.setup.hands)
            raise HandNotOpen(
                "drive_hand_not_open", hand=number, playing=self.hand_in_play, tables=self.waiting_tables
            )
        return self.hands[number - 1]

    def placement(self, player: int, hand: int) -> Placement:
        """Where ``player`` (index in the drive's players) sits for ``hand``; HandNotOpen if not known."""
        return self.hand(hand).placement(player)

    def next_placements(self) -> tuple[Placement, ...]:
        """Each player's table and seat for the hand in play (empty when the drive is over).

        Shown with "move now" once the previous hand is complete everywhere.
        """
        current = self.current
        if current is None:
            return ()
        away = set(current.absent)
        return tuple(
            current.placement(player) for player in range(self.setup.player_count) if player not in away
        )

    def card(self, player: int) -> tuple[CardRow, ...]:
        """The player's tally card: a row for each hand whose seating is known."""
        rows: list[CardRow] = []
        running: int | None = self.carried[player] if self.carried else 0
        for state in self.hands:
            place = state.placement(player)
            tricks = self.scores[player][state.number - 1]
            if not place.absent:  # a hand the player missed adds nothing and holds up nothing after it
                running = None if running is None or tricks is None else running + tricks
            rows.append(
                CardRow(
                    hand=state.number,
                    trump=state.trump,
                    table=place.table,
                    seat=place.seat,
                    partner=place.partner,
                    sat_out=place.sitting_out,
                    tricks=tricks,
                    running_total=None if place.absent else running,
                    absent=place.absent,
                )
            )
        return tuple(rows)

    def table_hand(self, hand: int, table: int) -> TableHand:
        """The table's line for a hand whose seating is known; UnknownTable or HandNotOpen otherwise."""
        _check_table(table, self.layout.tables, hand)
        return self.hand(hand).table(table)


def _check_table(table: object, tables: int, hand: object) -> None:
    if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= tables:
        raise UnknownTable("drive_no_such_table", table=None, value=repr(table), tables=tables)


def check_entry(entry: HandEntry, setup: DriveSetup, tables: int) -> None:
    """Raise the refusal for an entry that no drive state could accept: table, hand or tricks."""
    hand, table, tricks = entry.hand, entry.table, entry.tricks
    _check_table(table, tables, hand)
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= setup.hands:
        raise HandNotOpen("drive_hand_out_of_range", table=table, hands=setup.hands, value=repr(hand))
    if not isinstance(entry.pair, Pair) or (
        entry.moved_as is not None and not isinstance(entry.moved_as, Pair)
    ):
        raise InvalidHandTricks("drive_pair_unknown", hand=hand, table=table)
    confirmer = entry.confirmed_by
    if confirmer is not None and (
        type(confirmer) is not int or not entry.needs_confirmation or not 0 <= confirmer < setup.player_count
    ):
        raise ConfirmationRefused("drive_confirmer_unknown", hand=hand, table=table, value=repr(confirmer))
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise InvalidHandTricks("drive_tricks_not_whole", hand=hand, table=table, value=repr(tricks))
    if not 0 <= tricks <= TRICKS_PER_HAND:
        raise InvalidHandTricks(
            "drive_tricks_range",
            hand=hand,
            table=table,
            pair=entry.pair.value,
            tricks=tricks,
            most=TRICKS_PER_HAND,
        )


def index_entries(
    entries: Iterable[HandEntry], setup: DriveSetup, tables: int
) -> dict[tuple[int, int], HandEntry]:
    """The entries by (hand, table), each checked on its own; refuses a table's hand entered twice."""
    index: dict[tuple[int, int], HandEntry] = {}
    hands, players = setup.hands, setup.player_count
    for entry in entries:
        hand, table, tricks, moved_as = entry.hand, entry.table, entry.tricks, entry.moved_as
        plausible = (
            type(hand) is int
            and type(table) is int
            and type(tricks) is int
            and 1 <= hand <= hands
            and 1 <= table <= tables
            and 0 <= tricks <= TRICKS_PER_HAND
            and type(entry.pair) is Pair
            and (moved_as is None or type(moved_as) is Pair)
            and (
                entry.confirmed_by is None
                or (type(entry.confirmed_by) is int and 0 <= entry.confirmed_by < players)
            )
        )
        if not plausible:  # the quick test above runs for every stored entry on every replay
            check_entry(entry, setup, tables)
        key = (entry.hand, entry.table)
        if key in index:
            first = index[key]
            raise HandAlreadyEntered(
                "drive_hand_entered",
                hand=entry.hand,
                table=entry.table,
                north_south=first.north_south_tricks,
                east_west=TRICKS_PER_HAND - first.north_south_tricks,
            )
        index[key] = entry
    return index


def replay(
    setup: DriveSetup,
    entries: Iterable[HandEntry],
    changes: Sequence[RosterChange] = (),
    fixes: Sequence[SeatFix] = (),
) -> DriveState:
    """Derive the seatings, scores, leaderboard and prizes; raise a RuleViolation for a bad entry.

    ``changes`` are the players arriving and leaving (:mod:`.roster`), ``fixes`` where players
    actually sat when the hall did not move as planned (:mod:`.actual`).
    """
    players = setup.player_count
    roster = check_roster(changes, players, setup.hands) if changes else None
    fixed = fixes_by_hand(fixes, setup.hands, players) if fixes else {}
    most_tables = players // SEATS_PER_TABLE
    index = index_entries(entries, setup, most_tables)
    scores: list[list[int | None]] = [[None] * setup.hands for _ in range(players)]
    carried = [0] * players
    first = players if roster is None else sum(1 for joins in roster.joins if joins == 1)
    seats, sitting_out = first_seating(first)
    # The sit-out turn (used once the roster changes): how often each has sat out, and where next.
    sat_out = [0] * players
    for player in sitting_out:
        sat_out[player] += 1
    cursor = first % players
    moves: tuple[MoveKind, ...] | None = None
    # Who each player partnered in the last hand they played, for the progressive re-seating.
    last_partner = [NO_PARTNER] * players if setup.format is DriveFormat.PROGRESSIVE else None
    hands: list[HandState] = []
    hand_in_play: int | None = None
    absent: tuple[int, ...] = tuple(range(first, players))
    for number in range(1, setup.hands + 1):
        if number in fixed:
            seats = apply_fixes(seats, fixed.pop(number), setup.players)
        state = _score_hand(setup, number, seats, sitting_out, moves, index, scores, absent)
        hands.append(state)
        if roster is not None:
            _refuse_missing_tables(index, number, len(seats) // SEATS_PER_TABLE, most_tables)
        if not state.complete:
            hand_in_play = number
            break
        for player in sitting_out:
            scores[player][number - 1] = setup.sit_out_tricks
        if number == setup.hands:
            break
        if last_partner is not None:
            for base in range(0, len(seats), SEATS_PER_TABLE):
                north, east, south, west = seats[base : base + SEATS_PER_TABLE]
                last_partner[north], last_partner[south] = south, north
                last_partner[east], last_partner[west] = west, east
        staying = _movement_winners(state)
        if setup.winners_move:  # the winners move and the losers stay: the pair that stays is the other
            staying = [1 - seat for seat in staying]
        movement = next_seating(
            seats,
            sitting_out,
            staying,
            format=setup.format,
            up_direction=setup.up_direction,
            player_count=players,
        )
        leaving: Sequence[int]
        if roster is None:
            leaving = sitting_out_in(number + 1, players)
            change_over(movement, seats, sitting_out, leaving, last_partner=last_partner)
        else:
            leaving, cursor, absent = _change_roster(
                movement, roster, number + 1, sitting_out, sat_out, cursor, scores, carried
            )
            out = set(leaving)
            returning = [player for player in movement.returning if player not in out]
            change_over(movement, seats, returning, leaving, last_partner=last_partner)
            for player in roster.arrivals.get(number + 1, ()):
                if player not in leaving:
                    movement.moves[player] = MoveKind.JOIN
        seats, sitting_out, moves = tuple(movement.seats), tuple(leaving), tuple(movement.moves)
    if hand_in_play is not None:
        _refuse_later_entries(index, hands[-1])
    if fixed:  # a seat recorded for a hand whose seating is not known yet
        hand = min(fixed)
        raise HandNotOpen(
            "drive_hand_not_open", hand=hand, playing=hand_in_play, tables=hands[-1].tables_not_in
        )
    frozen = tuple(tuple(row) for row in scores)
    overall = tally(frozen, 1, setup.hands, carried if roster is not None else None)
    halves = None
    if setup.interval_after is not None:
        halves = (
            tally(frozen, 1, setup.interval_after),
            tally(frozen, setup.interval_after + 1, setup.hands),
        )
    complete = setup.hands if hand_in_play is None else hand_in_play - 1
    last = hands[-1]
    layout = Layout(tables=len(last.north_south), sitting_out=len(last.sitting_out))
    return DriveState(
        setup=setup,
        layout=layout,
        rule=movement_rule(setup, layout),
        hands=tuple(hands),
        hand_in_play=hand_in_play,
        scores=frozen,
        overall=overall,
        halves=halves,
        standings=leaderboard(overall, setup.tie_break),
        prizes=award_prizes(setup, overall, halves, complete),
        carried=tuple(carried),
    )


def _change_roster(
    movement: Movement,
    roster: Roster,
    hand: int,
    sitting_out: Sequence[int],
    sat_out: list[int],
    cursor: int,
    scores: list[list[int | None]],
    carried: list[int],
) -> tuple[list[int], int, tuple[int, ...]]:
    """Seat hand ``hand`` for who is there: departures free their seats, arrivals wait to be seated,
    tables are added or taken away, and the sit-out turn says who sits out.

    Leaves in ``movement`` the seats to fill (-1) and, in ``movement.returning``, the players
    waiting for a seat; returns who sits out (in turn order), the turn's next start and who is absent.
    """
    players = len(sat_out)
    present = [player for player in range(players) if roster.present(player, hand)]
    check_enough(len(present), hand)
    here = set(present)
    arrivals = roster.arrivals.get(hand, [])
    for player in arrivals:
        if roster.starts.get(player) is StartFrom.LOWEST:
            # The lowest total of those already playing, after the hands before this one.
            carried[player] = min(
                carried[other] + sum(score for score in scores[other][: hand - 1] if score is not None)
                for other in present
                if other not in arrivals
            )
    seats = movement.seats
    for position, player in enumerate(seats):
        if player not in here:
            seats[position] = -1
    tables = len(present) // SEATS_PER_TABLE
    displaced = [player for player in seats[tables * SEATS_PER_TABLE :] if player >= 0]
    del seats[tables * SEATS_PER_TABLE :]
    seats.extend([-1] * (tables * SEATS_PER_TABLE - len(seats)))
    waiting = [player for player in sitting_out if player in here] + displaced + list(arrivals)
    seated = [player for player in seats if player >= 0]
    leaving, cursor = choose_sitters(
        seated + waiting, len(present) % SEATS_PER_TABLE, sat_out, cursor, players, frozenset(arrivals)
    )
    for player in leaving:
        sat_out[player] += 1
    movement.returning = waiting
    return leaving, cursor, tuple(player for player in range(players) if player not in here)


def _refuse_missing_tables(
    index: dict[tuple[int, int], HandEntry], hand: int, tables: int, most: int
) -> None:
    """Refuse an entry for a table that hand ``hand`` does not have (it went, or is not yet there)."""
    for table in range(tables + 1, most + 1):
        if (hand, table) in index:
            raise UnknownTable("drive_no_such_table", table=None, value=repr(table), tables=tables)


def _score_hand(
    setup: DriveSetup,
    number: int,
    seats: tuple[int, ...],
    sitting_out: tuple[int, ...],
    moves: tuple[MoveKind, ...] | None,
    index: dict[tuple[int, int], HandEntry],
    scores: list[list[int | None]],
    absent: tuple[int, ...] = (),
) -> HandState:
    """Hand ``number`` at its seating, with the tricks of every table that has entered it."""
    positions = [-1] * setup.player_count
    for position, player in enumerate(seats):
        positions[player] = position
    tables = len(seats) // SEATS_PER_TABLE
    north_south: list[int | None] = [None] * tables
    moved_as: list[Pair | None] = [None] * tables
    entries: list[HandEntry | None] = [None] * tables
    column = number - 1
    for table in range(tables):
        entry = index.get((number, table + 1))
        if entry is None:
            continue
        entries[table] = entry
        if entry.confirmed_by is not None:
            _check_confirmer(entry, seats, table, setup.players)
        tricks = entry.tricks if entry.pair is Pair.NORTH_SOUTH else TRICKS_PER_HAND - entry.tricks
        north_south[table] = tricks
        if entry.moved_as is not None:
            winner = Pair.NORTH_SOUTH if tricks >= WINNING_TRICKS else Pair.EAST_WEST
            moved_as[table] = None if entry.moved_as is winner else entry.moved_as
        base = table * SEATS_PER_TABLE
        scores[seats[base]][column] = scores[seats[base + 2]][column] = tricks
        scores[seats[base + 1]][column] = scores[seats[base + 3]][column] = TRICKS_PER_HAND - tricks
    return HandState(
        number=number,
        trump=setup.trump_for(number),
        half=setup.half_of(number),
        seats=seats,
        north_south=tuple(north_south),
        moved_as=tuple(moved_as),
        sitting_out=sitting_out,
        positions=tuple(positions),
        moves=moves,
        entries=tuple(entries),
        absent=absent,
    )


def _check_confirmer(entry: HandEntry, seats: tuple[int, ...], table: int, names: tuple[str, ...]) -> None:
    """Refuse a confirmation by anyone but a player of the pair the tricks were not entered for."""
    player = entry.confirmed_by
    assert player is not None
    confirming = entry.pair.other
    base = table * SEATS_PER_TABLE
    allowed = tuple(seats[base + seat.offset] for seat in confirming.seats)
    if player not in allowed:
        raise ConfirmationRefused(
            "drive_confirm_other_pair",
            hand=entry.hand,
            table=entry.table,
            player=names[player],
            players=tuple(names[index] for index in allowed),
        )


def _movement_winners(state: HandState) -> list[int]:
    """Per table, the seat offset (0 North, 1 East) of the pair that moves as the winners."""
    winners = []
    for tricks, moved_as in zip(state.north_south, state.moved_as, strict=True):
        assert tricks is not None
        if moved_as is None:
            winners.append(0 if tricks >= WINNING_TRICKS else 1)
        else:
            winners.append(0 if moved_as is Pair.NORTH_SOUTH else 1)
    return winners


def _refuse_later_entries(index: dict[tuple[int, int], HandEntry], current: HandState) -> None:
    """Refuse an entry for a hand after the one in play: its seating depends on results not yet in."""
    later = sorted(key for key in index if key[0] > current.number)
    if later:
        hand, table = later[0]
        raise HandNotOpen(
            "drive_later_hand", hand=hand, table=table, playing=current.number, tables=current.waiting_tables
        )

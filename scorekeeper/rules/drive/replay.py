"""Replaying a drive: its set-up and recorded hands in, every seating, score and prize out.

The seating of hand 1 comes from the entry order; the seating of each later
hand from the one before and who won (or moved as winners) at every table, so
hand k + 1 is known only once hand k is entered at every table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .actual import SeatFix, apply_fixes, fixes_by_hand
from .changes import Floor
from .checks import check_confirmer, check_entry, check_table, index_entries, refuse_later_entries
from .errors import HandNotOpen
from .roster import Roster, RosterChange, RosterKind, StartFrom, check_enough, check_roster
from .seating import (
    SEATS_PER_TABLE,
    Layout,
    MovementRule,
    Pair,
    movement_rule,
)
from .setup import DriveSetup, Role
from .standings import Eligible, Tally, award_prizes, leaderboard, tally
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

__all__ = ["DriveState", "check_entry", "replay"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Checkpoint:
    """Where a replay stood at the start of its last hand (the hand in play, or the last one): the
    hall once moved, before that hand's roster changes, seat fixes and results. A change to that hand
    or a later one (a table entering the hand in play) replays from here, not from hand 1."""

    hand: int
    floor: Floor
    hands: tuple[HandState, ...]
    scores: tuple[tuple[int | None, ...], ...]
    carried: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class DriveState:
    """Everything the rules derive for a drive from its set-up and entries.

    ``hands`` are the hands whose seating is known: every complete hand and the
    hand in play. ``hand_in_play`` is the first hand not yet entered at every
    table, None when the drive is over. ``scores[player][hand - 1]`` is the
    player's tricks for the hand, None until scored. ``overall`` and ``halves``
    add them up (``halves`` only with an interval). ``carried`` is the total each late player
    started from, ``roles`` each player's role all evening, ``left_after`` the last hand of a
    player who left (None: still there), ``eligible`` who can take the prizes (RULES.md §10).
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
    roles: tuple[Role, ...] = ()
    eligible: Eligible | None = None
    left_after: tuple[int | None, ...] = ()
    partners: tuple[int, ...] = ()
    checkpoint: Checkpoint | None = field(default=None, compare=False, repr=False)

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

    @property
    def table_numbers(self) -> tuple[int, ...]:
        """The numbers of the tables playing now: the hand in play's, or the last hand's."""
        return self.hands[-1].table_numbers

    def table_hand(self, hand: int, table: int) -> TableHand:
        """The table's line for a hand whose seating is known; UnknownTable or HandNotOpen otherwise."""
        state = self.hand(hand)
        check_table(table, state.table_numbers)
        return state.table(table)


def replay(
    setup: DriveSetup,
    entries: Iterable[HandEntry],
    changes: Sequence[RosterChange] = (),
    fixes: Sequence[SeatFix] = (),
    resume: Checkpoint | None = None,
) -> DriveState:
    """Derive the seatings, scores, leaderboard and prizes; raise a RuleViolation for a bad entry.

    ``changes`` are the players arriving and leaving and the tables that go (:mod:`.roster`,
    applied by :mod:`.changes`), ``fixes`` where players actually sat when the hall did not move as
    planned (:mod:`.actual`). ``resume``: a checkpoint of the same drive whose hands before
    ``resume.hand`` nothing has changed (the caller knows): the replay goes on from it.
    """
    players = setup.player_count
    roster = check_roster(changes, players, setup.hands)
    fixed = fixes_by_hand(fixes, setup.hands, players) if fixes else {}
    if resume is not None:  # the hands before the checkpoint's are as they were: their entries too
        entries = [entry for entry in entries if type(entry.hand) is not int or entry.hand >= resume.hand]
    index = index_entries(entries, setup)
    entered_tables: dict[int, set[int]] = {}
    for hand_number, table_number in index:
        entered_tables.setdefault(hand_number, set()).add(table_number)
    first = 1
    if resume is None:
        scores: list[list[int | None]] = [[None] * setup.hands for _ in range(players)]
        carried = [0] * players
        late = sum(1 for change in changes if change.kind in (RosterKind.ARRIVE, RosterKind.SUBSTITUTE))
        floor = Floor.first(setup, list(roster.roles), players - late)
        hands: list[HandState] = []
    else:
        first = resume.hand
        kept = first - 1
        scores = [[*row[:kept], *([None] * (setup.hands - kept))] for row in resume.scores]
        carried = list(resume.carried)
        floor = resume.floor.copy()
        hands = list(resume.hands)
        for number in range(1, first):
            fixed.pop(number, None)
    hand_in_play: int | None = None
    staying: list[int] = []
    checkpoint: Checkpoint | None = None
    for number in range(first, setup.hands + 1):
        if number > first:
            floor.move(staying)
        checkpoint = Checkpoint(
            hand=number, floor=floor.copy(), hands=tuple(hands), scores=(), carried=tuple(carried)
        )
        for change in roster.by_hand.get(number, ()):
            joining = change.kind in (RosterKind.ARRIVE, RosterKind.SUBSTITUTE)
            if joining and change.player is not None and roster.starts.get(change.player) is StartFrom.LOWEST:
                carried[change.player] = _lowest_total(roster, number, scores)
            floor.change(change, number, roster.leaves)
        check_enough(len(floor.present), number)
        floor.count_sit_outs()
        if number in fixed:
            floor.seats = list(
                apply_fixes(floor.seats, floor.numbers, fixed.pop(number), setup.players, floor.roles)
            )
        playing = entered_tables.get(number, set()).difference(floor.numbers)
        if playing:
            check_table(min(playing), floor.numbers)
        state = _score_hand(setup, number, floor, index, scores)
        hands.append(state)
        if not state.complete:
            hand_in_play = number
            break
        for player in floor.sitting:
            scores[player][number - 1] = setup.sit_out_tricks
        if number == setup.hands:
            break
        staying = _movement_winners(state)
        if setup.winners_move:  # the winners move and the losers stay: the pair that stays is the other
            staying = [1 - seat for seat in staying]
    if hand_in_play is not None:
        refuse_later_entries(index, hands[-1])
    if fixed:  # a seat recorded for a hand whose seating is not known yet
        hand = min(fixed)
        raise HandNotOpen(
            "drive_hand_not_open", hand=hand, playing=hand_in_play, tables=hands[-1].tables_not_in
        )
    frozen = tuple(tuple(row) for row in scores)
    if checkpoint is not None:
        # The scores before the checkpoint's hand are these; its own and later ones are replayed.
        checkpoint = Checkpoint(
            hand=checkpoint.hand,
            floor=checkpoint.floor,
            hands=checkpoint.hands,
            scores=frozen,
            carried=checkpoint.carried,
        )
    overall = tally(frozen, 1, setup.hands, carried)
    halves = None
    if setup.interval_after is not None:
        halves = (
            tally(frozen, 1, setup.interval_after),
            tally(frozen, setup.interval_after + 1, setup.hands),
        )
    complete = setup.hands if hand_in_play is None else hand_in_play - 1
    last = hands[-1]
    layout = Layout(
        tables=len(last.north_south), sitting_out=len(last.sitting_out), numbers=last.table_numbers
    )
    roles = tuple(roster.roles)
    left_after = tuple(None if left is None else left - 1 for left in roster.leaves)
    eligible = Eligible(
        evening=_present_at(roster, setup.hands), first_half=_present_at(roster, setup.interval_after)
    )
    return DriveState(
        setup=setup,
        layout=layout,
        rule=movement_rule(setup, layout),
        hands=tuple(hands),
        hand_in_play=hand_in_play,
        scores=frozen,
        overall=overall,
        halves=halves,
        standings=leaderboard(overall, setup.tie_break, left_after),
        prizes=award_prizes(setup, overall, halves, complete, roles, eligible),
        carried=tuple(carried),
        roles=roles,
        eligible=eligible,
        left_after=left_after,
        partners=() if floor.partners is None else tuple(floor.partners),
        checkpoint=checkpoint,
    )


def _present_at(roster: Roster, hand: int | None) -> frozenset[int]:
    """The players there for ``hand`` (none for no hand)."""
    if hand is None:
        return frozenset()
    return frozenset(
        player
        for player, (joins, leaves) in enumerate(zip(roster.joins, roster.leaves, strict=True))
        if joins <= hand and (leaves is None or hand < leaves)
    )


def _lowest_total(roster: Roster, hand: int, scores: list[list[int | None]]) -> int:
    """A late player's start from "the lowest total": the lowest total after the hands before
    ``hand`` of the players who have played every hand so far (never another late player's)."""
    totals = [
        sum(score for score in scores[player][: hand - 1] if score is not None)
        for player in range(len(roster.joins))
        if roster.played_every_hand(player, hand)
    ]
    return min(totals, default=0)


def _score_hand(
    setup: DriveSetup,
    number: int,
    floor: Floor,
    index: dict[tuple[int, int], HandEntry],
    scores: list[list[int | None]],
) -> HandState:
    """Hand ``number`` at its seating, with the tricks of every table that has entered it."""
    seats = tuple(floor.seats)
    numbers = tuple(floor.numbers)
    tables = len(numbers)
    north_south: list[int | None] = [None] * tables
    moved_as: list[Pair | None] = [None] * tables
    entries: list[HandEntry | None] = [None] * tables
    column = number - 1
    for place, table in enumerate(numbers):
        entry = index.get((number, table))
        if entry is None:
            continue
        entries[place] = entry
        base = place * SEATS_PER_TABLE
        if entry.confirmed_by is not None:
            check_confirmer(entry, seats[base : base + SEATS_PER_TABLE], setup.players)  # type: ignore[arg-type]
        tricks = entry.tricks if entry.pair is Pair.NORTH_SOUTH else TRICKS_PER_HAND - entry.tricks
        north_south[place] = tricks
        if entry.moved_as is not None:
            winner = Pair.NORTH_SOUTH if tricks >= WINNING_TRICKS else Pair.EAST_WEST
            moved_as[place] = None if entry.moved_as is winner else entry.moved_as
        scores[seats[base]][column] = scores[seats[base + 2]][column] = tricks
        scores[seats[base + 1]][column] = scores[seats[base + 3]][column] = TRICKS_PER_HAND - tricks
    absent = tuple(player for player in range(setup.player_count) if player not in floor.present)
    return HandState(
        number=number,
        trump=setup.trump_for(number),
        half=setup.half_of(number),
        seats=seats,
        north_south=tuple(north_south),
        moved_as=tuple(moved_as),
        sitting_out=tuple(floor.sitting),
        positions=tuple(floor.positions()),
        moves=None if floor.moves is None else tuple(floor.moves),
        entries=tuple(entries),
        absent=absent,
        numbers=numbers,
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

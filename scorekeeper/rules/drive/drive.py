"""A drive is its set-up and the hands recorded so far; everything else is replayed.

``Drive`` is immutable: entering, confirming, correcting or withdrawing a
table's hand returns a new drive after the whole record has been replayed and
checked.

**Corrections and movement** (RULES.md §10). Results are kept by (hand,
table): the line a table enters is that table's line, whoever the engine
thinks sat there. Once a hand's movement has been called — every table's
result in and confirmed, "move now" on the caller's screen — it stands: a
correction that gives the hand to the other pair changes the scores only, and
the entry keeps the pair the players moved as (``moved_as``). Re-deriving the
seats instead would re-seat a room that has already moved, and credit later
tricks to players who were never at those tables. Before the movement is
called nobody has moved, so the movement follows the corrected result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .actual import SeatFix
from .checks import check_entry, most_tables
from .errors import (
    CardRefused,
    ConfirmationRefused,
    CorrectionRefused,
    DriveViolation,
    HandAlreadyEntered,
    InvalidDriveSetup,
    NothingToCorrect,
    RosterRefused,
    SeatRefused,
    UnknownTable,
)
from .replay import Checkpoint, DriveState, replay
from .roster import RosterChange, RosterKind, StartFrom
from .seating import Pair, Seat
from .setup import DriveFormat, DriveSetup, PrizeSpec, Role
from .state import TRICKS_PER_HAND, HandEntry


@dataclass(frozen=True, kw_only=True, slots=True)
class CorrectionEffect:
    """What a correction would change, for the form that previews it before it is saved.

    ``changes`` are (player, change of their total) for every player whose
    total changes, in the table's seat order (N, E, S, W). ``movement_called``
    is true when the hand's movement has been called, so nobody moves: the
    seats stay as they are. ``winner_changes`` says the other pair now wins.
    ``prizes``: (prize, winners before, winners after) for each decided prize the correction
    gives to others (the first half's, settled at the interval; every prize once it is over).
    """

    hand: int
    table: int
    changes: tuple[tuple[int, int], ...]
    movement_called: bool
    winner_changes: bool
    prizes: tuple[tuple[PrizeSpec, tuple[int, ...], tuple[int, ...]], ...] = ()


def legal_tricks() -> range:
    """The tricks a pair can take in a hand: 0 to 13."""
    return range(TRICKS_PER_HAND + 1)


@dataclass(frozen=True)
class Drive:
    """A drive's set-up, its recorded hands (one entry per table per hand), the players who
    arrived or left (``roster``, see :mod:`.roster`) and where players actually sat when the hall
    did not move as planned (``seatings``, see :mod:`.actual`)."""

    setup: DriveSetup
    entries: tuple[HandEntry, ...] = ()
    roster: tuple[RosterChange, ...] = ()
    seatings: tuple[SeatFix, ...] = ()
    # Where the replay may go on from (the drive this one was made from changed only hands from
    # there on): a table entering the hand in play replays that hand, not the evening.
    resume: Checkpoint | None = field(default=None, compare=False, repr=False)

    @classmethod
    def start(cls, name: str, players: Sequence[str] | int, **options: Any) -> Drive:
        """A new drive; ``options`` are those of :meth:`DriveSetup.create`. Checks everything."""
        return cls(DriveSetup.create(name, players, **options))

    @cached_property
    def state(self) -> DriveState:
        """Seatings, scores, leaderboard and prizes, replayed from the set-up and the entries."""
        return replay(self.setup, self.entries, self.roster, self.seatings, self.resume)

    def entered(self, hand: int, table: int) -> HandEntry | None:
        """The recorded entry of a table's hand, if any."""
        for entry in self.entries:
            if entry.hand == hand and entry.table == table:
                return entry
        return None

    def legal_hand(self, table: int) -> int | None:
        """The hand ``table`` may enter now: the hand in play if it has not entered it, else None."""
        state = self.state
        return state.hand_in_play if table in state.waiting_tables else None

    def enter(self, entry: HandEntry) -> Drive:
        """Record a table's hand for the first time; raise a RuleViolation and change nothing if refused.

        Refuses tricks outside 0..13, an unknown table, a hand entered twice at a
        table, and a hand after the one in play.
        """
        check_entry(entry, self.setup, self._tables_of(entry.hand))
        if entry.moved_as is not None or entry.corrected:
            raise DriveViolation(
                "drive_new_entry_moved_as", field="moved_as", hand=entry.hand, table=entry.table
            )
        if entry.confirmed_by is not None:
            raise ConfirmationRefused("drive_confirm_after_entry", hand=entry.hand, table=entry.table)
        if self.entered(entry.hand, entry.table) is not None:
            first = self.entered(entry.hand, entry.table)
            assert first is not None
            raise HandAlreadyEntered(
                "drive_hand_entered",
                hand=entry.hand,
                table=entry.table,
                north_south=first.north_south_tricks,
                east_west=TRICKS_PER_HAND - first.north_south_tricks,
            )
        return self._replayed((*self.entries, entry), entry.hand)

    def verify_entry(self, entry: HandEntry) -> None:
        """Raise the RuleViolation that :meth:`enter` would raise, if any."""
        self.enter(entry)

    def correct(self, entry: HandEntry) -> Drive:
        """Replace a table's recorded hand; every later score is replayed.

        Once the hand's movement has been called the seats stay as they are
        and only the scores change (the entry keeps ``moved_as``); before, the
        movement follows the corrected result. A correction that changes the
        tricks of a result that stood marks the hand ``corrected``. An entry
        that ``needs_confirmation`` (the table's own) waits for the other pair
        again.
        """
        check_entry(entry, self.setup, self._tables_of(entry.hand))
        old = self.entered(entry.hand, entry.table)
        if old is None:
            raise NothingToCorrect("drive_nothing_to_correct", hand=entry.hand, table=entry.table)
        if entry.moved_as is not None or entry.corrected:
            raise DriveViolation(
                "drive_correction_moved_as", field="moved_as", hand=entry.hand, table=entry.table
            )
        if entry.confirmed_by is not None:
            raise ConfirmationRefused("drive_confirm_after_entry", hand=entry.hand, table=entry.table)
        moved = old.movement_winner
        called = self.movement_called(entry.hand)
        changed = entry.north_south_tricks != old.north_south_tricks
        corrected = replace(
            entry,
            moved_as=moved if called and entry.winner is not moved else None,
            corrected=old.corrected or (changed and old.confirmed),
            # A called movement is not taken back while the other pair confirms again.
            needs_confirmation=entry.needs_confirmation and not called,
        )
        entries = tuple(corrected if item is old else item for item in self.entries)
        return self._replayed(entries, entry.hand)

    def verify_correction(self, entry: HandEntry) -> None:
        """Raise the RuleViolation that :meth:`correct` would raise, if any."""
        self.correct(entry)

    def correction_effect(self, entry: HandEntry) -> CorrectionEffect:
        """What :meth:`correct` would change: each player's total, and whether anyone moves.

        Raises the RuleViolation that :meth:`correct` would raise.
        """
        corrected = self.correct(entry)
        before, after = self.state.overall.totals, corrected.state.overall.totals
        line = self.state.table_hand(entry.hand, entry.table)
        seated = list(line.players)
        others = [player for player in range(len(before)) if player not in seated]
        changes = tuple(
            (player, after[player] - before[player])
            for player in (*seated, *others)
            if after[player] != before[player]
        )
        old = self.entered(entry.hand, entry.table)
        assert old is not None
        prizes = tuple(
            (was.prize, was.winners, now.winners)
            for was, now in zip(self.state.prizes, corrected.state.prizes, strict=True)
            if was.decided and now.decided and was.winners != now.winners
        )
        return CorrectionEffect(
            hand=entry.hand,
            table=entry.table,
            changes=changes,
            movement_called=self.movement_called(entry.hand),
            winner_changes=entry.winner is not old.winner,
            prizes=prizes,
        )

    def movement_called(self, hand: int) -> bool:
        """True once every table's result for ``hand`` is in and confirmed: the players move (or have)."""
        return self.state.hands_complete >= hand

    def confirm(self, hand: int, table: int, player: int) -> Drive:
        """A player of the other pair confirms the table's result; refused for anyone else.

        The pair the tricks were not entered for confirms them, so a player who
        taps the wrong pair's number is caught before the movement is called.
        """
        old = self.entered(hand, table)
        if old is None:
            raise ConfirmationRefused("drive_nothing_to_confirm", hand=hand, table=table)
        if old.confirmed:
            raise ConfirmationRefused("drive_already_confirmed", hand=hand, table=table)
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.setup.player_count
        ):
            raise ConfirmationRefused("drive_confirmer_unknown", hand=hand, table=table, value=repr(player))
        confirmed = replace(old, confirmed_by=player)
        return self._replayed(tuple(confirmed if item is old else item for item in self.entries), hand)

    def verify_confirmation(self, hand: int, table: int, player: int) -> None:
        """Raise the RuleViolation that :meth:`confirm` would raise, if any."""
        self.confirm(hand, table, player)

    def legal_confirmers(self, hand: int, table: int) -> tuple[int, ...]:
        """The players who may confirm the table's result now (the other pair), or () if none."""
        line = self.state.table_hand(hand, table)
        pair = line.confirming_pair
        return () if pair is None else line.pair_players(pair)

    def withdraw(self, hand: int, table: int) -> Drive:
        """Remove a table's entry for a hand, as if it had never been entered.

        Refused once a later hand is entered anywhere: the players have moved
        on from this hand's result.
        """
        old = self.entered(hand, table)
        if old is None:
            raise NothingToCorrect("drive_nothing_to_withdraw", hand=hand, table=table)
        later = self._later_tables(hand)
        if later:
            raise CorrectionRefused(
                "drive_withdraw_refused", hand=hand, table=table, next=hand + 1, tables=tuple(later)
            )
        return self._replayed(tuple(item for item in self.entries if item is not old), hand)

    def with_prizes(self, prizes: Sequence[PrizeSpec]) -> Drive:
        """The same drive with these organiser-added prizes (checked) instead of the old ones."""
        return Drive(self.setup.with_prizes(prizes), self.entries, self.roster, self.seatings)

    def open_hand(self) -> int:
        """The first hand no table has entered: a roster change recorded now takes effect from it.

        The hand in play while no table has entered it ("move now": the players are only now going
        to their seats, and a change moves only whom it must), else the next one (RULES.md §10: a
        change recorded during a hand takes effect at the next move). Refused once the last hand is
        under way.
        """
        state = self.state
        hand = state.hand_in_play
        if hand is None or (state.current is not None and state.current.entered_tables):
            hand = (hand or self.setup.hands) + 1
        if hand > self.setup.hands:
            raise RosterRefused("drive_roster_too_late", hands=self.setup.hands)
        return hand

    def suggested_role(self) -> Role:
        """The role a late player is offered first: the one that makes a new table sooner (fewer of
        it waiting), else the one fewer players have."""
        hand = self.open_hand()
        roles = self.state.roles
        here = [player for player in range(self.setup.player_count) if self.present(player, hand)]
        tables = len(self.state.table_numbers)
        counts = {role: sum(1 for player in here if roles[player] is role) for role in Role}
        return min(Role, key=lambda role: (counts[role] - 2 * tables, counts[role]))

    def arrive(self, name: str, *, start: StartFrom = StartFrom.ZERO, role: Role | None = None) -> Drive:
        """A late player joins from :meth:`open_hand` in ``role`` (lady or gent; by default
        :meth:`suggested_role`): they sit out until four are waiting, who make a new table. Their
        total starts at 0 or at the lowest total of those who have played every hand (``start``).
        A partner drive takes a late pair instead (:meth:`arrive_pair`)."""
        if self.setup.format is DriveFormat.PARTNER:
            raise RosterRefused("drive_roster_pair_needed")
        hand = self.open_hand()
        start = self._start(start)
        if role is None:
            role = self.suggested_role()
        if not isinstance(role, Role):
            raise RosterRefused("drive_roster_role", value=repr(role))
        setup = self.setup.with_player(name)
        change = RosterChange(
            hand=hand, player=setup.player_count - 1, kind=RosterKind.ARRIVE, start=start, role=role
        )
        return Drive(setup, self.entries, (*self.roster, change), self.seatings)._checked()

    def arrive_pair(self, lady: str, gent: str, *, start: StartFrom = StartFrom.ZERO) -> Drive:
        """A partner drive's late pair joins from :meth:`open_hand`: they sit out until two pairs wait,
        who make a new table (RULES.md §10). ``lady`` plays North or East, ``gent`` the seat opposite."""
        if self.setup.format is not DriveFormat.PARTNER:
            raise RosterRefused("drive_roster_pair_only_partner")
        hand = self.open_hand()
        start = self._start(start)
        setup = self.setup.with_player(lady).with_player(gent)
        count = setup.player_count
        changes = (
            RosterChange(hand=hand, player=count - 2, kind=RosterKind.ARRIVE, start=start, role=Role.LADY),
            RosterChange(hand=hand, player=count - 1, kind=RosterKind.ARRIVE, start=start, role=Role.GENT),
        )
        return Drive(setup, self.entries, (*self.roster, *changes), self.seatings)._checked()

    def leave(
        self, player: int, *, substitute: str | None = None, start: StartFrom = StartFrom.ZERO
    ) -> Drive:
        """A player leaves from :meth:`open_hand` on; their scores stay theirs.

        With a ``substitute`` (a new player's name) the newcomer takes over their place, role and
        partner from that hand, starting from ``start``. Without one a sitter-out of the same role
        takes the seat, else the leaver's table stops and its other players sit out; in a partner
        drive the pair leaves, a sitting pair takes their places, else their opponents sit out.
        """
        hand = self.open_hand()
        if hand == 1:  # nobody has played yet: the organiser changes the list of players instead
            raise RosterRefused("drive_roster_leave_before_start")
        name = self._player_name(player, RosterRefused, "drive_roster_unknown_player")
        if not self.present(player, hand) or not self.present(player, hand - 1):
            # Gone already, or arriving only now: an arrival not yet played is no departure.
            raise RosterRefused("drive_roster_not_here", player=name, hand=hand)
        if substitute is not None:
            setup = self.setup.with_player(substitute)
            change = RosterChange(
                hand=hand,
                player=setup.player_count - 1,
                kind=RosterKind.SUBSTITUTE,
                replaces=player,
                start=self._start(start),
            )
            return Drive(setup, self.entries, (*self.roster, change), self.seatings)._checked()
        changes = [RosterChange(hand=hand, player=player, kind=RosterKind.LEAVE)]
        partner = self.partner_of(player)
        if partner is not None and self.present(partner, hand):
            changes.append(RosterChange(hand=hand, player=partner, kind=RosterKind.LEAVE))
        self._check_enough_left(hand, {change.player for change in changes if change.player is not None})
        return Drive(self.setup, self.entries, (*self.roster, *changes), self.seatings)._checked()

    def partner_of(self, player: int) -> int | None:
        """A partner drive's player's fixed partner; None in other drives."""
        partners = self.state.partners
        return partners[player] if partners and partners[player] >= 0 else None

    def _start(self, start: object) -> StartFrom:
        if not isinstance(start, StartFrom):
            raise RosterRefused("drive_roster_start", value=repr(start))
        return start

    def enter_card(self, player: int, rows: Mapping[int, int]) -> Drive:
        """Type a player's tally card: ``rows`` are, by hand, the tricks the card says the player's
        pair took. Each hand is entered for the table the player sat at, hand by hand (a hand
        completed here opens the next); a hand already entered must agree, never overwritten.

        Refuses a row for a hand whose seating is not known yet, for a hand the player was not
        there for, a sit-out scored otherwise than the drive's sit-out tricks, and a row that
        differs from the table's result: the organiser corrects that table's hand instead.
        """
        name = self._player_name(player, CardRefused, "drive_card_unknown_player")
        drive = self
        for hand in sorted(rows):
            tricks = rows[hand]
            place = drive.state.placement(player, hand)  # HandNotOpen while the seating is unknown
            if place.absent:
                raise CardRefused("drive_card_absent", hand=hand, player=name)
            if place.table is None or place.seat is None:  # sitting out: the tricks are fixed
                if tricks != self.setup.sit_out_tricks:
                    raise CardRefused(
                        "drive_card_sat_out", hand=hand, player=name, tricks=self.setup.sit_out_tricks
                    )
                continue
            entry = HandEntry(hand=hand, table=place.table, tricks=tricks, pair=place.seat.pair)
            check_entry(entry, self.setup, drive._tables_of(hand))
            old = drive.entered(hand, place.table)
            if old is None:
                drive = drive.enter(entry)
            elif old.north_south_tricks != entry.north_south_tricks:
                ns = old.north_south_tricks
                raise CardRefused(
                    "drive_card_differs",
                    hand=hand,
                    table=place.table,
                    player=name,
                    card=tricks,
                    entered=ns if entry.pair is Pair.NORTH_SOUTH else TRICKS_PER_HAND - ns,
                )
        return drive

    def record_seat(self, hand: int, player: int, table: int, seat: Seat) -> Drive:
        """Record that ``player`` actually sat at ``table`` in ``seat`` for ``hand``: they change places
        with the player the plan put there (see :mod:`.actual`). Scores stay with the people.

        Refused once any table has entered the hand after it (the room has moved on from where they
        sat), for a player sitting out or not there, and for the seat the player already has.
        """
        name = self._player_name(player, SeatRefused, "drive_seat_unknown_player")
        place = self.state.placement(player, hand)  # HandNotOpen while the seating is unknown
        later = self._later_tables(hand)
        if later:
            raise SeatRefused("drive_seat_moved_on", hand=hand, next=hand + 1, tables=tuple(later))
        if place.table is None:
            raise SeatRefused("drive_seat_not_at_a_table", hand=hand, player=name)
        if not isinstance(seat, Seat):
            raise SeatRefused("drive_seat_unknown", hand=hand, value=repr(seat))
        if place.table == table and place.seat is seat:
            raise SeatRefused("drive_seat_already", hand=hand, table=table, player=name, seat=seat.value)
        fix = SeatFix(hand=hand, player=player, table=table, seat=seat)
        return Drive(self.setup, self.entries, self.roster, (*self.seatings, fix))._checked()

    def _player_name(self, player: object, refusal: type[DriveViolation], code: str) -> str:
        """The player's name; ``refusal`` when ``player`` is no index in the drive's players."""
        count = self.setup.player_count
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < count:
            raise refusal(code, value=repr(player))
        return self.setup.players[player]

    def remove_table(self, table: int) -> Drive:
        """Table ``table`` stops from :meth:`open_hand` on: its four players sit out (they stay in the
        drive and take their turn at the tables again), the other tables keep their numbers.

        Refused for a table that is not playing, or already going, and for the last table.
        """
        hand = self.open_hand()
        going = {
            change.table
            for change in self.roster
            if change.kind is RosterKind.REMOVE_TABLE and change.hand == hand
        }
        playing = [number for number in self.state.table_numbers if number not in going]
        if isinstance(table, bool) or not isinstance(table, int) or table not in playing:
            raise UnknownTable("drive_no_such_table", value=repr(table), tables=tuple(playing))
        if len(playing) == 1:
            raise RosterRefused("drive_roster_last_table", table=table, hand=hand)
        change = RosterChange(hand=hand, kind=RosterKind.REMOVE_TABLE, table=table)
        return Drive(self.setup, self.entries, (*self.roster, change), self.seatings)._checked()

    def _check_enough_left(self, hand: int, leaving: set[int]) -> None:
        """Refuse departures that would leave fewer than two ladies and two gents: no table at all."""
        roles = self.state.roles
        here = [
            player
            for player in range(self.setup.player_count)
            if player not in leaving and self.present(player, hand)
        ]
        if len(here) < 4:
            raise InvalidDriveSetup("drive_roster_too_few", hand=hand, count=len(here))
        for role in Role:
            if sum(1 for player in here if roles[player] is role) < 2:
                raise InvalidDriveSetup("drive_roster_no_table", hand=hand, count=len(here))

    def present(self, player: int, hand: int) -> bool:
        """True when ``player`` is there for ``hand`` (arrived, and not gone)."""
        for change in self.roster:
            joining = change.kind in (RosterKind.ARRIVE, RosterKind.SUBSTITUTE)
            if joining and change.player == player and hand < change.hand:
                return False
            leaving = change.player if change.kind is RosterKind.LEAVE else change.replaces
            leaves = change.kind in (RosterKind.LEAVE, RosterKind.SUBSTITUTE)
            if leaves and leaving == player and hand >= change.hand:
                return False
        return True

    def _tables_of(self, hand: object) -> tuple[int, ...] | range:
        """The numbers of the tables of ``hand`` where its seating is known, else every number the
        drive could have (the replay then refuses the hand as not open)."""
        hands = self.state.hands
        if isinstance(hand, int) and not isinstance(hand, bool) and 1 <= hand <= len(hands):
            return hands[hand - 1].table_numbers
        return most_tables(self.setup)

    def _checked(self) -> Drive:
        _ = self.state  # replays and checks the whole record
        return self

    def _replayed(self, entries: tuple[HandEntry, ...], changed_hand: int) -> Drive:
        """The drive with these entries, replayed and checked: from this drive's checkpoint when only
        ``changed_hand`` changed and it is the checkpoint's hand or later (the hands before it are as
        they were), else from hand 1."""
        checkpoint = self.state.checkpoint
        resume = None
        if checkpoint is not None and changed_hand >= checkpoint.hand:
            resume = checkpoint
        drive = Drive(self.setup, entries, self.roster, self.seatings, resume)
        _ = drive.state  # replays and checks the record (from the checkpoint on)
        return drive

    def _later_tables(self, hand: int) -> list[int]:
        return sorted(entry.table for entry in self.entries if entry.hand == hand + 1)

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
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from .actual import SeatFix
from .errors import (
    CardRefused,
    ConfirmationRefused,
    CorrectionRefused,
    DriveViolation,
    HandAlreadyEntered,
    NothingToCorrect,
    RosterRefused,
    SeatRefused,
)
from .replay import DriveState, check_entry, replay
from .roster import RosterChange, RosterKind, StartFrom
from .seating import Pair, Seat, layout_for
from .setup import DriveFormat, DriveSetup, PrizeSpec
from .state import TRICKS_PER_HAND, HandEntry


@dataclass(frozen=True, kw_only=True, slots=True)
class CorrectionEffect:
    """What a correction would change, for the form that previews it before it is saved.

    ``changes`` are (player, change of their total) for every player whose
    total changes, in the table's seat order (N, E, S, W). ``movement_called``
    is true when the hand's movement has been called, so nobody moves: the
    seats stay as they are. ``winner_changes`` says the other pair now wins.
    """

    hand: int
    table: int
    changes: tuple[tuple[int, int], ...]
    movement_called: bool
    winner_changes: bool


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

    @classmethod
    def start(cls, name: str, players: Sequence[str] | int, **options: Any) -> Drive:
        """A new drive; ``options`` are those of :meth:`DriveSetup.create`. Checks everything."""
        return cls(DriveSetup.create(name, players, **options))

    @cached_property
    def state(self) -> DriveState:
        """Seatings, scores, leaderboard and prizes, replayed from the set-up and the entries."""
        return replay(self.setup, self.entries, self.roster, self.seatings)

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
        check_entry(entry, self.setup, layout_for(self.setup.player_count).tables)
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
        return self._replayed((*self.entries, entry))

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
        check_entry(entry, self.setup, layout_for(self.setup.player_count).tables)
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
        return self._replayed(entries)

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
        return CorrectionEffect(
            hand=entry.hand,
            table=entry.table,
            changes=changes,
            movement_called=self.movement_called(entry.hand),
            winner_changes=entry.winner is not old.winner,
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
        return self._replayed(tuple(confirmed if item is old else item for item in self.entries))

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
        return self._replayed(tuple(item for item in self.entries if item is not old))

    def with_prizes(self, prizes: Sequence[PrizeSpec]) -> Drive:
        """The same drive with these organiser-added prizes (checked) instead of the old ones."""
        return Drive(self.setup.with_prizes(prizes), self.entries, self.roster, self.seatings)

    def open_hand(self) -> int:
        """The first hand whose seating nobody has played yet: an arrival or a departure counts from it.

        The hand in play while no table has entered it (the players are only now sitting down),
        else the next one. Refused once the last hand is under way.
        """
        state = self.state
        hand = state.hand_in_play
        if hand is None or (state.current is not None and state.current.entered_tables):
            hand = (hand or self.setup.hands) + 1
        if hand > self.setup.hands:
            raise RosterRefused("drive_roster_too_late", hands=self.setup.hands)
        return hand

    def arrive(self, name: str, *, start: StartFrom = StartFrom.ZERO) -> Drive:
        """A late player joins from :meth:`open_hand`: into a sit-out seat, or a new table once four
        are waiting; their total starts at 0 or at the lowest total then (``start``)."""
        self._refuse_fixed_pairs()
        hand = self.open_hand()
        if not isinstance(start, StartFrom):
            raise RosterRefused("drive_roster_start", value=repr(start))
        setup = self.setup.with_player(name)
        change = RosterChange(hand=hand, player=setup.player_count - 1, kind=RosterKind.ARRIVE, start=start)
        return Drive(setup, self.entries, (*self.roster, change), self.seatings)._checked()

    def leave(self, player: int) -> Drive:
        """A player leaves from :meth:`open_hand` on: a sitter-out takes the seat, or it becomes a
        sit-out seat (the last table goes when too few are left); their scores stay theirs."""
        self._refuse_fixed_pairs()
        hand = self.open_hand()
        if hand == 1:  # nobody has played yet: the organiser changes the list of players instead
            raise RosterRefused("drive_roster_leave_before_start")
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.setup.player_count
        ):
            raise RosterRefused("drive_roster_unknown_player", value=repr(player))
        if not self.present(player, hand) or not self.present(player, hand - 1):
            # Gone already, or arriving only now: an arrival not yet played is no departure.
            raise RosterRefused("drive_roster_not_here", player=self.setup.players[player], hand=hand)
        change = RosterChange(hand=hand, player=player, kind=RosterKind.LEAVE)
        return Drive(self.setup, self.entries, (*self.roster, change), self.seatings)._checked()

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
            check_entry(entry, self.setup, drive.state.layout.tables)
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
        """A table goes from :meth:`open_hand` on, in one step: its four players leave (their scores
        stay theirs), and the tables that are left are filled as after any departure (the last
        table's players take the free seats, sitters-out come in). The four are those seated at the
        table for that hand when it is called, else those playing there now."""
        hand = self.open_hand()
        known = min(hand, len(self.state.hands))
        drive = self
        for player in self.state.table_hand(known, table).players:  # UnknownTable for no such table
            drive = drive.leave(player)
        return drive

    def present(self, player: int, hand: int) -> bool:
        """True when ``player`` is there for ``hand`` (arrived, and not gone)."""
        for change in self.roster:
            if change.player != player:
                continue
            if change.kind is RosterKind.ARRIVE and hand < change.hand:
                return False
            if change.kind is RosterKind.LEAVE and hand >= change.hand:
                return False
        return True

    def _refuse_fixed_pairs(self) -> None:
        if self.setup.format is DriveFormat.PARTNER:
            raise RosterRefused("drive_roster_partner")

    def _checked(self) -> Drive:
        _ = self.state  # replays and checks the whole record
        return self

    def _replayed(self, entries: tuple[HandEntry, ...]) -> Drive:
        drive = Drive(self.setup, entries, self.roster, self.seatings)
        _ = drive.state  # replays and checks the whole record
        return drive

    def _later_tables(self, hand: int) -> list[int]:
        return sorted(entry.table for entry in self.entries if entry.hand == hand + 1)

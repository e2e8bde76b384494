"""A drive is its set-up and the hands recorded so far; everything else is replayed.

``Drive`` is immutable: entering, correcting or withdrawing a table's hand
returns a new drive after the whole record has been replayed and checked.

**Corrections and movement.** Results are kept by (hand, table): the line a
table enters is that table's line, whoever the engine thinks sat there. A
correction that keeps the same pair winning only changes scores. One that
gives the hand to the other pair would change the movement after it, and so
who sat where later. If a later hand has already been entered anywhere, the
players have physically moved as the first result said and played on: their
later results belong to the people who really sat there, so the movement they
made stands (the entry keeps ``moved_as``) and only the scores change.
Re-deriving the seats instead would credit those later tricks to players who
were never at those tables; refusing instead would leave an organiser, adding
up paper cards at the end of the evening, unable to fix one slip without
deleting every later hand. While no later hand has been entered, the movement
follows the corrected result, unless the organiser says the players have
already moved (``keep_movement=True``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from .errors import CorrectionRefused, DriveViolation, HandAlreadyEntered, NothingToCorrect
from .replay import DriveState, check_entry, replay
from .seating import Pair, layout_for
from .setup import DriveSetup, PrizeSpec
from .state import TRICKS_PER_HAND, HandEntry


def legal_tricks() -> range:
    """The tricks a pair can take in a hand: 0 to 13."""
    return range(TRICKS_PER_HAND + 1)


@dataclass(frozen=True)
class Drive:
    """A drive's set-up and its recorded hands, one entry per table per hand."""

    setup: DriveSetup
    entries: tuple[HandEntry, ...] = ()

    @classmethod
    def start(cls, name: str, players: Sequence[str] | int, **options: Any) -> Drive:
        """A new drive; ``options`` are those of :meth:`DriveSetup.create`. Checks everything."""
        return cls(DriveSetup.create(name, players, **options))

    @cached_property
    def state(self) -> DriveState:
        """Seatings, scores, leaderboard and prizes, replayed from the set-up and the entries."""
        return replay(self.setup, self.entries)

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
        if entry.moved_as is not None:
            raise DriveViolation(
                "drive_new_entry_moved_as", field="moved_as", hand=entry.hand, table=entry.table
            )
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

    def correct(self, entry: HandEntry, *, keep_movement: bool | None = None) -> Drive:
        """Replace a table's recorded hand; every later score and seating is replayed.

        ``keep_movement``: None lets the engine decide (the players' movement
        stands once a later hand is entered); True keeps the movement that
        followed the old result although no later hand is entered yet (the
        players have already moved); False asks for the movement to follow the
        corrected result, refused once a later hand is entered.
        """
        check_entry(entry, self.setup, layout_for(self.setup.player_count).tables)
        old = self.entered(entry.hand, entry.table)
        if old is None:
            raise NothingToCorrect("drive_nothing_to_correct", hand=entry.hand, table=entry.table)
        if entry.moved_as is not None:
            raise DriveViolation(
                "drive_correction_moved_as", field="moved_as", hand=entry.hand, table=entry.table
            )
        moved_as = self._moved_as(old, entry, keep_movement)
        corrected = replace(entry, moved_as=moved_as)
        entries = tuple(corrected if item is old else item for item in self.entries)
        return self._replayed(entries)

    def verify_correction(self, entry: HandEntry, *, keep_movement: bool | None = None) -> None:
        """Raise the RuleViolation that :meth:`correct` would raise, if any."""
        self.correct(entry, keep_movement=keep_movement)

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
        return Drive(self.setup.with_prizes(prizes), self.entries)

    def _replayed(self, entries: tuple[HandEntry, ...]) -> Drive:
        drive = Drive(self.setup, entries)
        _ = drive.state  # replays and checks the whole record
        return drive

    def _later_tables(self, hand: int) -> list[int]:
        return sorted(entry.table for entry in self.entries if entry.hand == hand + 1)

    def _later_entered(self, hand: int) -> bool:
        return any(entry.hand > hand for entry in self.entries)

    def _moved_as(self, old: HandEntry, new: HandEntry, keep_movement: bool | None) -> Pair | None:
        """The pair the players moved as winners after the corrected hand, when it is not the new winner."""
        moved = old.movement_winner
        if new.winner is moved:
            return None
        if self._later_entered(new.hand):
            if keep_movement is False:
                raise CorrectionRefused(
                    "drive_movement_stands", hand=new.hand, table=new.table, pair=moved.value
                )
            return moved
        if not keep_movement:
            return None
        tables = layout_for(self.setup.player_count).tables
        if sum(1 for entry in self.entries if entry.hand == new.hand) < tables:
            raise CorrectionRefused("drive_no_movement_to_keep", hand=new.hand, table=new.table)
        return moved

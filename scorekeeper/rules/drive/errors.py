"""The refusals of a whist drive: each names the table, the hand and the numbers at fault.

They are :class:`~scorekeeper.rules.errors.RuleViolation`\\ s like every other
refusal of the engine, so forms and the API treat them the same way; ``table``
and ``hand`` say where the fault is, for a page that highlights a table's row.
"""

from __future__ import annotations

from ..errors import InvalidOption, InvalidSetup, InvalidTricks, OutOfTurn, RuleViolation
from ..text import Param


class DriveViolation(RuleViolation):
    """A refusal about one table's hand: ``hand`` and ``table`` say which, when one is at fault;
    they are among the parameters too, for the sentence ("Table 3, hand 2: ...")."""

    hand: int | None = None
    table: int | None = None

    def __init__(
        self,
        code: str,
        /,
        *,
        field: str | None = None,
        hand: int | None = None,
        table: int | None = None,
        **params: Param,
    ) -> None:
        super().__init__(code, field=field)
        where: dict[str, Param] = {}
        if hand is not None:
            where["hand"] = hand
        if table is not None:
            where["table"] = table
        self.params = {**where, **params}
        self.hand = hand
        self.table = table


class InvalidDriveSetup(InvalidSetup):
    """The drive cannot be set up as asked: its players, hands, interval, trumps or name."""


class InvalidDriveOption(InvalidOption):
    """An option of the drive that is not one of its choices: format, tie-break, sit-out tricks..."""


class InvalidPrize(InvalidOption):
    """A prize the organiser added that cannot be awarded as declared."""

    field = "prizes"


class InvalidHandTricks(DriveViolation, InvalidTricks):
    """Tricks that cannot have been taken at a table: outside 0..13 or not a whole number."""

    field = "tricks"


class UnknownTable(DriveViolation):
    """A table number the drive does not have."""

    field = "table"


class HandNotOpen(DriveViolation, OutOfTurn):
    """A hand that cannot be entered yet (or does not exist): the seating for it is not known."""

    field = "hand"


class HandAlreadyEntered(DriveViolation):
    """A second entry for a table's hand: the first one must be corrected instead."""

    field = "hand"


class NothingToCorrect(DriveViolation):
    """A correction, or a withdrawal, of a table's hand that was never entered."""

    field = "hand"


class CorrectionRefused(DriveViolation):
    """A correction or withdrawal that would rewrite a movement the players have already made."""

    field = "hand"


class ConfirmationRefused(DriveViolation):
    """A confirmation the table's result cannot take: by a player of the pair it was entered for,
    of a result already standing, or of a result never entered."""

    field = "player"


class RosterRefused(DriveViolation):
    """An arrival or a departure the drive cannot take: an unknown player, one who has already left,
    a change after the last hand began, or in a partner drive (whose pairs are fixed)."""

    field = "player"


class CardRefused(DriveViolation):
    """A row typed from a player's tally card that the drive cannot take: it differs from the result
    already entered for that table, or the player sat out or was not there for the hand."""

    field = "tricks"


class SeatRefused(DriveViolation):
    """Where a player actually sat, refused: a player not at a table that hand, a seat they already
    had, or a hand the players have moved on from."""

    field = "seat"

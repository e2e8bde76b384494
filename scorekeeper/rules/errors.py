"""The one family of errors the engine raises.

Every message is a sentence a player at the table understands: it names the
player and the numbers involved, never an internal field or type.
"""

from __future__ import annotations


class RuleViolation(ValueError):
    """An input the rules forbid.

    ``field`` names the kind of input at fault ("bids", "tricks", "players",
    "options", ...) so that a form or the API can point at it; ``seat``, where
    one player's input is at fault, is that player's seat, so that a screen
    can show the refusal next to them.
    """

    field: str | None = None
    seat: int | None = None

    def __init__(self, message: str, *, field: str | None = None, seat: int | None = None) -> None:
        super().__init__(message)
        if field is not None:
            self.field = field
        self.seat = seat

    @property
    def message(self) -> str:
        """The sentence shown to the player."""
        return str(self.args[0])


class InvalidSetup(RuleViolation):
    """The table itself is wrong: number of players, names or first dealer."""

    field = "players"


class InvalidOption(RuleViolation):
    """An option that the variant does not know or a value it does not allow."""

    field = "options"


class InvalidBid(RuleViolation):
    """A bid out of range, missing, or forbidden by a constraint."""

    field = "bids"


class HookViolation(InvalidBid):
    """The last bidder's bid would make the bids add up to the number of tricks."""


class InvalidTricks(RuleViolation):
    """Trick counts that cannot have happened."""

    field = "tricks"


class InvalidTrump(RuleViolation):
    """A trump the deal cannot have."""

    field = "trump"


class OutOfTurn(RuleViolation):
    """An entry for a deal that is not open: the game is over or deals were skipped."""

    field = "number"

"""The one family of errors the engine raises.

Every refusal carries a stable ``code`` and the ``params`` a sentence needs
(the player's name, the numbers involved): the web layer words it in the
reader's language (``scorekeeper.words``). The engine builds no sentence.
"""

from __future__ import annotations

from typing import Self

from .text import Param, Text


class RuleViolation(ValueError):
    """An input the rules forbid.

    ``field`` names the kind of input at fault ("bids", "tricks", "players",
    "options", ...) so that a form or the API can point at it; ``seat``, where
    one player's input is at fault, is that player's seat, so that a screen
    can show the refusal next to them.

    ``code`` says which refusal it is, for good (clients and translations key on
    it); ``params`` are what its sentence names: players by name, numbers, codes,
    and the text of another refusal where one explains this one.
    """

    field: str | None = None
    seat: int | None = None
    code: str
    params: dict[str, Param]

    def __init__(
        self, code: str, /, *, field: str | None = None, seat: int | None = None, **params: Param
    ) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        if field is not None:
            self.field = field
        self.seat = seat

    @classmethod
    def from_text(cls, text: Text, *, field: str | None = None, seat: int | None = None) -> Self:
        """The refusal that says ``text`` (a reason worked out before it was refused)."""
        refusal = cls(text.code, field=field, seat=seat)
        refusal.params = dict(text.params)
        return refusal

    @property
    def text(self) -> Text:
        """The refusal as a text, to word or to name inside another one."""
        return Text(self.code, **self.params)

    def __str__(self) -> str:
        return f"{self.code} {self.params!r}"


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

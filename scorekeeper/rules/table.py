"""The table a game is played at: variant, options, players in seat order, first dealer."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import InvalidSetup
from .options import Options, resolve_options

if TYPE_CHECKING:
    from .variant import Variant

NAME_MAX_LENGTH = 30

# Characters a name may not hold: controls (NUL, bell, escape…), format characters
# (zero-width spaces and joiners, the right-to-left override, the byte-order mark…)
# and halves of broken surrogate pairs. None of them can be seen, so two names
# that differ only by them would look like one player.
_UNSEEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
# Letters and marks that draw nothing at all, though Unicode files them as letters.
_BLANK_LETTERS = frozenset("\u034f\u115f\u1160\u3164\uffa0")
_ZERO_WIDTH_JOINER = "\u200d"
_EMOJI_PRESENTATION = "\ufe0f"


@dataclass(frozen=True, kw_only=True)
class Table:
    """Who plays what: fixed when the game starts, never derived.

    Seats are numbered from 0 clockwise in the order of ``players``; the deal
    normally passes to seat + 1.
    """

    variant: Variant
    players: tuple[str, ...]
    first_dealer: int
    options: Options

    @property
    def size(self) -> int:
        """The number of players."""
        return len(self.players)

    @classmethod
    def create(
        cls,
        variant: Variant,
        players: Sequence[str],
        *,
        first_dealer: int = 0,
        options: Mapping[str, object] | None = None,
    ) -> Table:
        """Check the names, the number of players, the first dealer and the options."""
        names = tuple(clean_name(name, seat) for seat, name in enumerate(players))
        count = len(names)
        if not variant.min_players <= count <= variant.max_players:
            raise InvalidSetup(
                "player_count",
                variant=variant.name,
                low=variant.min_players,
                high=variant.max_players,
                count=count,
            )
        seen: set[str] = set()
        for name in names:
            if (key := same_name_key(name)) in seen:
                raise InvalidSetup("name_twice", name=name)
            seen.add(key)
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
            raise InvalidSetup("first_dealer_not_seat", field="first_dealer")
        if not 0 <= first_dealer < count:
            raise InvalidSetup(
                "first_dealer_out_of_range", field="first_dealer", highest=count - 1, value=first_dealer
            )
        return cls._checked(variant, names, first_dealer, options)

    @classmethod
    def restore(
        cls,
        variant: Variant,
        players: Sequence[str],
        *,
        first_dealer: int,
        options: Mapping[str, object] | None = None,
    ) -> Table:
        """A table stored by an earlier version of the app, with its names as they were stored.

        Names are checked when a game starts (``create``); a stored game whose names
        an older, laxer check let through must still open, so they are kept as they
        are. The first dealer and the options are checked as in ``create``.
        """
        return cls._checked(variant, tuple(players), first_dealer, options)

    @classmethod
    def _checked(
        cls, variant: Variant, names: tuple[str, ...], first_dealer: int, options: Mapping[str, object] | None
    ) -> Table:
        resolved = resolve_options(variant.options, options or {}, len(names), variant=variant.name)
        table = cls(variant=variant, players=names, first_dealer=first_dealer, options=resolved)
        if variant.check_table is not None:
            variant.check_table(table)
        return table


def same_name_key(name: str) -> str:
    """What two names share when they name the same player: "Ann" and "ANN", "José"
    composed or decomposed, a full-width "Ａnn" and "Ann" (Unicode's caseless match)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def clean_name(name: object, seat: int) -> str:
    """The name as stored: composed (NFC), its spaces made single; refused when blank,
    too long, or holding a character that cannot be seen."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidSetup("name_missing", position=seat + 1)
    for character in name:
        if unicodedata.category(character) == "Cs":
            raise InvalidSetup("name_broken", position=seat + 1, character=_code(character))
    cleaned = " ".join(unicodedata.normalize("NFC", name).split())
    if not cleaned:
        raise InvalidSetup("name_missing", position=seat + 1)
    for place, character in enumerate(cleaned):
        if _unseen(cleaned, place):
            raise InvalidSetup("name_unseen", position=seat + 1, character=_code(character))
    if len(cleaned) > NAME_MAX_LENGTH:
        raise InvalidSetup("name_too_long", start=cleaned[:NAME_MAX_LENGTH], most=NAME_MAX_LENGTH)
    return cleaned


def unseen_character(text: str) -> str | None:
    """The first character of ``text`` that cannot be seen (a control character such as NUL, BEL
    or ESC, a direction override such as U+202E, a blank letter, half a surrogate pair), as
    "U+202E"; None when every character draws something. The one rule every name and reason a
    player types is checked by: a player's, a table's, a drive's, a prize's, an event's reason."""
    for place, character in enumerate(text):
        if _unseen(text, place):
            return _code(character)
    return None


def _unseen(name: str, place: int) -> bool:
    """True when the character at ``place`` draws nothing, so it could hide in a name.

    A zero-width joiner between two pictographs is seen: it draws them as one
    emoji (a cook from a person and a frying pan).
    """
    character = name[place]
    if character == _ZERO_WIDTH_JOINER and 0 < place < len(name) - 1:
        before, after = name[place - 1], name[place + 1]
        if (before == _EMOJI_PRESENTATION or unicodedata.category(before) in {"So", "Sk"}) and (
            unicodedata.category(after) == "So"
        ):
            return False
    return character in _BLANK_LETTERS or unicodedata.category(character) in _UNSEEN_CATEGORIES


def _code(character: str) -> str:
    return f"U+{ord(character):04X}"

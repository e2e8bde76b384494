"""The table a game is played at: variant, options, players in seat order, first dealer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import InvalidSetup
from .options import Options, resolve_options

if TYPE_CHECKING:
    from .variant import Variant

NAME_MAX_LENGTH = 30


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
        names = tuple(_clean_name(name, seat) for seat, name in enumerate(players))
        count = len(names)
        if not variant.min_players <= count <= variant.max_players:
            allowed = _player_range(variant)
            raise InvalidSetup(f"{variant.name} is played by {allowed}, not {count}")
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                raise InvalidSetup(f"Two players are called {name}: give each a different name")
            seen.add(name.casefold())
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
            raise InvalidSetup("The first dealer must be a seat number", field="first_dealer")
        if not 0 <= first_dealer < count:
            raise InvalidSetup(
                f"The first dealer must be a seat from 0 to {count - 1}, not {first_dealer}",
                field="first_dealer",
            )
        resolved = resolve_options(variant.options, options or {}, count, variant=variant.name)
        table = cls(variant=variant, players=names, first_dealer=first_dealer, options=resolved)
        if variant.check_table is not None:
            variant.check_table(table)
        return table


def _clean_name(name: object, seat: int) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidSetup(f"Player {seat + 1} needs a name")
    cleaned = " ".join(name.split())
    if len(cleaned) > NAME_MAX_LENGTH:
        raise InvalidSetup(
            f"{cleaned[:NAME_MAX_LENGTH]}… is too long: a name has at most {NAME_MAX_LENGTH} letters"
        )
    return cleaned


def _player_range(variant: Variant) -> str:
    low, high = variant.min_players, variant.max_players
    if low == high:
        return f"exactly {low} players"
    return f"{low} to {high} players"

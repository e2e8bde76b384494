"""Options as data: each variant declares its options once, with defaults and help.

Forms, the API and the rules pages read these declarations; the engine reads
the resolved values through :class:`Options`. An option's ``label``, ``help``
and ``choice_labels`` are its declared English texts, keyed by the option's
name: the web layer words them (and any value) in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from .errors import InvalidOption

OptionValue = bool | int | str
OptionKind = Literal["choice", "int", "bool"]
PerPlayers = Callable[[int], int]


@dataclass(frozen=True, kw_only=True)
class OptionSpec:
    """One option a variant offers.

    ``default`` and the integer bounds may depend on the number of players
    (Up and Down the River starts at 10 cards, fewer for a large table).
    """

    name: str
    label: str
    help: str
    kind: OptionKind
    default: OptionValue | Callable[[int], OptionValue]
    choices: tuple[str, ...] = ()
    choice_labels: Mapping[str, str] = field(default_factory=dict)
    minimum: int | PerPlayers | None = None
    maximum: int | PerPlayers | None = None

    def __post_init__(self) -> None:
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"choice option {self.name} needs choices")

    def default_for(self, players: int) -> OptionValue:
        """The default value at a table of ``players``."""
        if callable(self.default):
            return self.default(players)
        return self.default

    def bounds_for(self, players: int) -> tuple[int | None, int | None]:
        """The smallest and largest integer allowed at a table of ``players``."""
        low = self.minimum(players) if callable(self.minimum) else self.minimum
        high = self.maximum(players) if callable(self.maximum) else self.maximum
        return low, high

    def choice_label(self, value: OptionValue) -> str:
        """A choice's declared label ("Common (1 a trick, +10 if exact)"), or the value itself."""
        return self.choice_labels.get(str(value), str(value))

    def parse(self, raw: object, players: int) -> OptionValue:
        """Check and convert a value from JSON or a form; raise InvalidOption."""
        if self.kind == "bool":
            return self._parse_bool(raw)
        if self.kind == "int":
            return self._parse_int(raw, players)
        text = str(raw).strip() if isinstance(raw, (str, int)) and not isinstance(raw, bool) else None
        if text not in self.choices:
            raise InvalidOption(
                "option_not_a_choice",
                option=self.name,
                label=self.label,
                choices=self.choices,
                value=repr(raw),
            )
        return text

    def _parse_bool(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
            return raw.strip().lower() in _TRUE
        raise InvalidOption("option_not_on_off", option=self.name, label=self.label, value=repr(raw))

    def _parse_int(self, raw: object, players: int) -> int:
        # A number typed: ASCII digits only, a few of them (int() takes any Unicode digit).
        if isinstance(raw, int) and not isinstance(raw, bool):
            value = raw
        elif isinstance(raw, str) and _WHOLE.fullmatch(raw.strip()):
            value = int(raw)
        else:
            shown = repr(raw[:20]) if isinstance(raw, str) else repr(raw)
            raise InvalidOption("option_not_whole", option=self.name, label=self.label, value=shown)
        low, high = self.bounds_for(players)
        if (low is not None and value < low) or (high is not None and value > high):
            raise InvalidOption(
                "option_out_of_range",
                option=self.name,
                label=self.label,
                low=low,
                high=high,
                players=players,
                value=value,
            )
        return value


_WHOLE = re.compile(r"-?[0-9]{1,9}")
_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}


class Options(Mapping[str, OptionValue]):
    """The resolved options of one game: every declared option, defaults filled in."""

    __slots__ = ("_hash", "_values")

    def __init__(self, values: Mapping[str, OptionValue]) -> None:
        self._values = dict(values)
        self._hash = hash(tuple(sorted(self._values.items())))

    def __getitem__(self, name: str) -> OptionValue:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self._values == other._values

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def flag(self, name: str) -> bool:
        """A boolean option."""
        value = self._values[name]
        assert isinstance(value, bool), name
        return value

    def number(self, name: str) -> int:
        """An integer option."""
        value = self._values[name]
        assert isinstance(value, int) and not isinstance(value, bool), name
        return value

    def choice(self, name: str) -> str:
        """A choice option."""
        value = self._values[name]
        assert isinstance(value, str), name
        return value


def resolve_options(
    specs: tuple[OptionSpec, ...], raw: Mapping[str, object], players: int, *, variant: str
) -> Options:
    """Fill in defaults and check every given value; unknown names are refused."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise InvalidOption("option_unknown", variant=variant, option=repr(unknown[0]))
    values: dict[str, OptionValue] = {}
    for spec in specs:
        if spec.name in raw and raw[spec.name] is not None:
            values[spec.name] = spec.parse(raw[spec.name], players)
        else:
            values[spec.name] = spec.default_for(players)
    return Options(values)

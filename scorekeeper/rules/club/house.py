"""House rules: a variant's options saved under a name ("Thursday Oh Hell: hook on, 10 for exact").

House rules keep only the options a game set away from the variant's defaults, so that they fit a
table of any size the variant allows (a default that depends on the number of players, such as the
most cards of Up and Down the River, stays the default for each size). A game "used" house rules
when its options are exactly what they give at its size.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import InvalidOption
from ..options import OptionValue, resolve_options
from ..table import Table
from ..variant import Variant


def house_options(table: Table) -> dict[str, OptionValue]:
    """The options of a game's table that differ from its variant's defaults at its size."""
    return {
        spec.name: table.options[spec.name]
        for spec in table.variant.options
        if table.options[spec.name] != spec.default_for(table.size)
    }


def verify_house_options(variant: Variant, options: Mapping[str, object]) -> dict[str, OptionValue]:
    """The options checked as the variant checks a game's: they must suit a table of at least one
    size it allows (most cards of 10 suits four players, not seven); the values as the engine reads
    them. The refusal of the largest table otherwise (an InvalidOption naming the option)."""
    if not isinstance(options, Mapping):
        raise InvalidOption("option_unknown", variant=variant.code, option=repr(options)[:40])
    refused: InvalidOption | None = None
    for players in range(variant.min_players, variant.max_players + 1):
        try:
            resolved = resolve_options(variant.options, options, players, variant=variant.code)
        except InvalidOption as refusal:
            refused = refusal
            continue
        return {name: resolved[name] for name in options}
    assert refused is not None  # a variant allows at least one size
    raise refused


def uses_house_rules(table: Table, variant: str, options: Mapping[str, OptionValue]) -> bool:
    """Whether a game's table plays exactly these house rules (same variant, and every option what
    the house rules give at its size)."""
    if table.variant.code != variant:
        return False
    try:
        resolved = resolve_options(table.variant.options, options, table.size, variant=variant)
    except InvalidOption:
        return False
    return all(resolved[spec.name] == table.options[spec.name] for spec in table.variant.options)

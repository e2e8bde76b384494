"""The registry of every variant, found by code or alias.

Each family module in this package declares its variants in a ``VARIANTS``
tuple and is found here by itself: adding a variant touches this package
(and its tests) and nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..errors import RuleViolation
from ..variant import Variant

# The order families are listed in; a module not named here comes after them.
FAMILY_ORDER = ("oh_hell", "custom", "nomination", "romanian", "oneonta", "whist", "bid_whist", "german")


def _family_modules() -> list[str]:
    names = [info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")]
    names = [name for name in names if name != "common"]
    return sorted(names, key=lambda name: (FAMILY_ORDER.index(name) if name in FAMILY_ORDER else 99, name))


def _collect() -> tuple[Variant, ...]:
    found: list[Variant] = []
    for name in _family_modules():
        module = importlib.import_module(f"{__name__}.{name}")
        found.extend(getattr(module, "VARIANTS", ()))
    return tuple(found)


VARIANTS: tuple[Variant, ...] = _collect()


class UnknownVariant(RuleViolation):
    """A code or alias that names no variant."""

    field = "variant"


def _index() -> dict[str, Variant]:
    index: dict[str, Variant] = {}
    for variant in VARIANTS:
        for key in (variant.code, *variant.aliases):
            if key in index:
                raise RuntimeError(f"two variants are called {key}")
            index[key] = variant
    return index


_BY_NAME = _index()


def get_variant(code: str) -> Variant:
    """The variant with this code or alias (case and spaces ignored)."""
    key = "-".join(str(code).lower().split())
    try:
        return _BY_NAME[key]
    except KeyError:
        raise UnknownVariant("unknown_variant", value=repr(code)) from None


def families() -> dict[str, tuple[Variant, ...]]:
    """The variants grouped by family, in declaration order."""
    grouped: dict[str, list[Variant]] = {}
    for variant in VARIANTS:
        grouped.setdefault(variant.family, []).append(variant)
    return {family: tuple(members) for family, members in grouped.items()}

"""One entry screen per kind of input the engine records.

Pages choose the screen by the engine's declared ``input_kind``, never by a
variant's name. A screen reads a posted form into the entry data the engine
reads (``read_entry``), and gives its templates what they need to show the
deal: the engine's legal choices, the running counts, the values entered.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules import Game, Variant
from ...rules.state import DealFacts


@dataclass(frozen=True, kw_only=True)
class EntryScreen:
    """How the pages enter and show one kind of input.

    ``read`` turns the posted form into entry data, keeping whatever the
    player typed (the engine judges it). ``context`` gives the template the
    deal's choices for the values entered so far. ``phase`` says which part
    of a deal is due ("bids", "tricks", or "all" when correcting).
    ``live`` gives the running line and the forbidden choices for the live
    check as JSON. ``stylesheet`` and ``script`` name extra files under
    static/ that the deal and sheet pages load for this kind (the shared
    static/deal.js already handles bid chips named ``bid-<seat>``).
    ``order_label`` names the deal's seat order where there is no bidding.
    """

    form_template: str
    sheet_template: str
    read: Callable[[MultiDict[str, str], Game, DealFacts, str], dict[str, Any]]
    context: Callable[[Game, DealFacts, Mapping[str, Any], str], dict[str, Any]]
    phase: Callable[[Game, int], str]
    live: Callable[[Game, DealFacts, Mapping[str, Any]], dict[str, Any]]
    stylesheet: str | None = None
    script: str = "deal.js"
    order_label: str = "Bidding"


SCREENS: dict[str, EntryScreen] = {}


def register(kind: str, screen: EntryScreen) -> None:
    """Declare the screen for one kind of input."""
    SCREENS[kind] = screen


def screen_for(variant: Variant) -> EntryScreen:
    """The entry screen of a variant's input kind."""
    return SCREENS[variant.engine.input_kind]


def number_or_text(raw: str | None) -> int | str | None:
    """A whole number from a form field, the text itself when it is not one, None when blank."""
    if raw is None or not raw.strip():
        return None
    text = raw.strip()
    try:
        return int(text)
    except ValueError:
        return text


def per_seat(form: MultiDict[str, str], prefix: str, size: int) -> list[int | str | None]:
    """Fields ``prefix-0`` … ``prefix-(size-1)`` read with number_or_text."""
    return [number_or_text(form.get(f"{prefix}-{seat}")) for seat in range(size)]


def load_screens() -> None:
    """Import every module of this package: each registers the screen of its input kind."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")

"""One entry screen per kind of input the engine records.

Pages choose the screen by the engine's declared ``input_kind``, never by a
variant's name. A screen reads a posted form into the entry data the engine
reads (``read_entry``), and gives its templates what they need to show the
deal: the engine's legal choices, the running counts, the values entered.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from .... import words
from ....rules import SUITS, Game, Trump, Variant
from ....rules.bidding import count_tricks, implied_tricks
from ....rules.state import DealFacts, DealState
from ....words import gettext, ngettext
from ....words._core import N_


@dataclass(frozen=True, kw_only=True)
class EntryScreen:
    """How the pages enter and show one kind of input.

    ``read`` turns the posted form into entry data, keeping whatever the
    player typed (the engine judges it). ``context`` gives the template the
    deal's choices for the values entered so far. ``phase`` says which part
    of a deal is due ("bids", "tricks", or "all" when correcting).
    ``live`` gives the running line and the forbidden choices for the live
    check as JSON; the seats in ``soft`` hold tricks the page filled in by
    itself (see ``tricks_fill``), which the answer may fill in afresh. Its
    ``"values"``, when present, are what the check judges (the entry with
    the fill), and ``"complete": False`` says the entry is not finished yet,
    so that what is missing is not shown as a refusal while the player taps.
    ``stylesheet`` and ``script`` name extra files under static/ that the deal
    and sheet pages load for this kind (static/screen.js, loaded on every deal
    screen, saves in place and shows the engine's verdicts).
    ``order_label`` names the deal's seat order where there is no bidding.
    ``entered`` words what was entered so far of a deal under way, per side (each player's bid), for
    the big screen; None where this kind has nothing to show per side before the deal is scored.
    ``offline_labels`` words the values of this kind for the page that takes
    entries offline (static/offline.js): per entry key, the form's input name,
    the row's name and note, each chip's spoken name and the choices' signs;
    None where the engine foresees no deal of this kind.
    """

    form_template: str
    sheet_template: str
    read: Callable[[MultiDict[str, str], Game, DealFacts, str], dict[str, Any]]
    context: Callable[[Game, DealFacts, Mapping[str, Any], str], dict[str, Any]]
    phase: Callable[[Game, int], str]
    live: Callable[[Game, DealFacts, Mapping[str, Any], frozenset[int]], dict[str, Any]]
    stylesheet: str | None = None
    script: str = "deal.js"
    order_label: str = N_("Bidding")
    offline_labels: Callable[[Game], dict[str, dict[str, Any]]] | None = None
    entered: Callable[[Game, DealState], list[str | None]] | None = None


SCREENS: dict[str, EntryScreen] = {}


def register(kind: str, screen: EntryScreen) -> None:
    """Declare the screen for one kind of input."""
    SCREENS[kind] = screen


def screen_for(variant: Variant) -> EntryScreen:
    """The entry screen of a variant's input kind."""
    return SCREENS[variant.engine.input_kind]


def deal_players(game: Game, number: int) -> tuple[str, ...]:
    """Who held each seat in deal ``number``, in seat order: the seats that existed then (a player who
    arrived later has no seat in it; one who left keeps theirs), each under the name of who played it
    (not a later substitute's). A deal's entry has one place per seat here, whatever came after it."""
    life = game.state.life
    return game.table.players if life is None else life.names_at(number)


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


def tricks_fill(
    facts: DealFacts,
    wanted: Sequence[int | None],
    values: Mapping[str, Any],
    soft: frozenset[int],
    *,
    rest_to_dummy: bool = False,
) -> dict[str, Any]:
    """The tricks the engine says the entered ones imply, for the screens where each player bid.

    ``values["tricks"]`` holds what is on the page; the seats in ``soft`` were
    filled in by the page, not tapped, so they are worked out again from the
    tapped ones. Returns ``fill`` (seat → tricks to show as filled in),
    ``everyone`` (with nothing tapped: seat → bid, when everyone making their
    bid adds up — offered as one tap, never filled in unasked) and ``values``
    (the entry with the fill, as saving would send it).
    """
    raw = values.get("tricks")
    tricks = list(raw) if isinstance(raw, list) else []
    tapped: list[int | None] = [
        took if type(took) is int and seat not in soft else None for seat, took in enumerate(tricks)
    ]
    implied = implied_tricks(facts, wanted, tapped, rest_to_dummy=rest_to_dummy)
    found = {seat: took for seat, took in enumerate(implied) if took is not None}
    nothing_tapped = all(tapped[seat] is None for seat in facts.bidding_order if seat < len(tapped))
    if nothing_tapped:
        return {"fill": {}, "everyone": found, "values": {**values, "tricks": tapped}}
    filled = [found.get(seat, took) for seat, took in enumerate(tapped)]
    return {"fill": found, "everyone": {}, "values": {**values, "tricks": filled}}


def tricks_tally(
    facts: DealFacts, tricks: Sequence[int | None], *, rest_to_dummy: bool = False
) -> dict[str, Any]:
    """The tricks tapped so far against those played, as the Save bar shows them: ``left`` (the tricks
    nobody took yet), ``text`` ("Tricks left: 3 of 7", or what the dummy takes), and ``wrong``, worded
    ("2 tricks entered, 1 played") once the engine says the count cannot stand, else None: the page
    then shows it in red and holds Save back."""
    count = count_tricks(facts, tricks, rest_to_dummy=rest_to_dummy)
    values = {"left": count.left, "cards": count.played}
    if rest_to_dummy:
        text = gettext("The dummy takes %(left)s of %(cards)s") % values
    else:
        text = gettext("Tricks left: %(left)s of %(cards)s") % values
    wrong = None
    if count.wrong:
        wrong = ngettext(
            "%(entered)s trick entered, %(played)s played",
            "%(entered)s tricks entered, %(played)s played",
            count.entered,
        ) % {"entered": count.entered, "played": count.played}
    return {"left": count.left, "text": text, "wrong": wrong}


def trump_labels() -> dict[str, Any]:
    """The turned suit's row, for the page that takes entries offline."""
    return {
        "input": "trump",
        "legend": words.gettext("Trump"),
        "note": words.gettext("turned, optional"),
        "choices": {suit.value: [suit.symbol, words.trump_name(suit)] for suit in SUITS},
    }


def load_screens() -> None:
    """Import every module of this package: each registers the screen of its input kind."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def trump_text(facts: DealFacts, trump: Trump | None = None) -> str:
    """What is trump, as the table needs to hear it."""
    shown = trump or facts.trump
    if shown is None:
        return gettext("Turn a card") if facts.trump_turned else gettext("Declared after the bidding")
    if shown is Trump.NO_TRUMP:
        return gettext("No trump")
    if shown is Trump.JOKER:
        return words.trump_name(shown)
    return f"{shown.symbol} {words.trump_name(shown)}"

"""The entry screen of two-hand trick games (German Whist): one player's counted tricks.

The other player's tricks follow; the engine scores the hand under the
table's scoring and says who won it and the target in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from ....rules import SUITS, DealState, Game
from ....rules.state import DealFacts
from ....rules.variants.german import GermanDeal, counted_tricks
from ....words import gettext, signed
from ....words._core import N_
from . import EntryScreen, deal_players, register
from .whist import NOT_SCORED, chosen_side, offline_labels, phase, preview_deal, read_counts, side_names


def read(form: MultiDict[str, str], game: Game, facts: DealFacts, phase: str) -> dict[str, Any]:
    """One player's tricks, whose they are, and the turned suit if picked."""
    return read_counts(form, ("tricks", "side"))


def hand_summary(game: Game, deal: DealState | None, side: int, tapped: bool) -> str:
    """ "Bob took 5 · Ann wins the hand · Ann +8, Bob +5 · 40–38, to 50": what the hand does."""
    if not isinstance(deal, GermanDeal):
        if tapped:
            return gettext(NOT_SCORED)
        return gettext("Tap the tricks one player took: the other's follow")
    players = deal_players(game, deal.number)
    other = 1 - side
    assert deal.points is not None and deal.totals is not None
    parts = [gettext("%(name)s took %(tricks)s") % {"name": players[other], "tricks": deal.tricks[other]}]
    if deal.hand_winner is None:
        parts.append(gettext("a drawn hand"))
    else:
        parts.append(gettext("%(name)s wins the hand") % {"name": players[deal.hand_winner]})
    scored = [f"{players[seat]} {signed(points)}" for seat, points in enumerate(deal.points) if points]
    parts.append(", ".join(scored) or gettext("nobody scores"))
    standing = f"{deal.totals[0]}–{deal.totals[1]}"
    if deal.target is not None:
        playing = {"standing": standing, "target": deal.target}
        standing = gettext("%(standing)s, playing to %(target)s") % playing
    parts.append(standing)
    return " · ".join(parts)


def context(game: Game, facts: DealFacts, values: Mapping[str, Any], phase: str) -> dict[str, Any]:
    """The players, the tricks that may be tapped (13 or 26), the suits and the hand's result so far."""
    side = chosen_side(values)
    counted = counted_tricks(game.table.options.flag("count_all_tricks"))
    return {
        "sides": side_names(game, facts.number),
        "side": side,
        "tricks_legend": gettext("Tricks that count"),
        "honours_range": None,
        "trick_range": range(counted + 1),
        "suits": SUITS,
        "summary": hand_summary(game, preview_deal(game, facts.number, values), side, "tricks" in values),
    }


def live(game: Game, facts: DealFacts, values: Mapping[str, Any], soft: frozenset[int]) -> dict[str, Any]:
    """The other player's tricks and the hand's score, for the page's live line."""
    deal = preview_deal(game, facts.number, values)
    return {"summary": hand_summary(game, deal, chosen_side(values), "tricks" in values), "struck": []}


register(
    "two_hand_tricks",
    EntryScreen(
        order_label=N_("Order of play"),
        form_template="games/entry/side_tricks.html",
        sheet_template="games/sheet/two_hand_tricks.html",
        read=read,
        context=context,
        phase=phase,
        live=live,
        stylesheet="whist.css",
        offline_labels=offline_labels,
    ),
)

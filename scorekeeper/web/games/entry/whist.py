"""The entry screen of partnership trick games without bidding (Classic Whist).

The table taps one side's tricks (and, when the game counts them, the trump
honours dealt to that side); the engine splits the rest to the other side and
scores the deal. ``preview_deal`` — the deal as the engine would score it — is
shared with the other whist screens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from werkzeug.datastructures import MultiDict

from ....rules import SUITS, DealState, Game, RuleViolation
from ....rules.game import NumberedEntry
from ....rules.state import DealFacts
from ....rules.variants.whist import HONOURS_PER_DEAL, TRICKS_PER_DEAL, WhistDeal
from ....words import deal_words, gettext, ngettext, signed
from ....words._core import N_
from ...wording import say
from . import EntryScreen, deal_players, number_or_text, register, trump_labels


def preview_deal(game: Game, number: int, values: Mapping[str, Any]) -> DealState | None:
    """Deal ``number`` as the engine would record it with ``values``; None when it refuses them.

    Only the deals before it are replayed: a hand being corrected is shown on its own, even while
    part-entered values would not yet let the later deals follow it (the check still judges those).
    """
    engine = game.table.variant.engine
    earlier = game.before_deal(number)
    try:
        return earlier.record(cast(NumberedEntry, engine.read_entry(number, values))).state.deals[number - 1]
    except RuleViolation:
        return None


def side_names(game: Game, number: int | None = None) -> list[str]:
    """Each side named by its players ("Ann & Cy"), or each player in a two-hand game: those who played
    deal ``number`` (a substitute's predecessor before the substitute came in), else those seated now."""
    players = game.state.players if number is None else deal_players(game, number)
    teams = game.state.teams
    if teams is None:
        return list(players)
    return [" & ".join(players[seat] for seat in team) for team in teams]


def read_counts(form: MultiDict[str, str], names: Sequence[str]) -> dict[str, Any]:
    """The posted fields ``names`` (and the turned suit) as entry data; blanks are left out."""
    data: dict[str, Any] = {}
    for name in (*names, "trump"):
        value = number_or_text(form.get(name))
        if value is not None:
            data[name] = value
    return data


def read(form: MultiDict[str, str], game: Game, facts: DealFacts, phase: str) -> dict[str, Any]:
    """One side's tricks, the honours dealt to it if posted, and the turned suit if picked."""
    return read_counts(form, ("tricks", "side", "honours"))


def phase(game: Game, number: int) -> str:
    """ "new" for the deal being played, "correct" for one already scored."""
    return "correct" if number <= len(game.state.deals) else "new"


def counts_honours(game: Game) -> bool:
    """Whether this game scores trump honours (an option of the table)."""
    return game.table.options.flag("honours")


def chosen_side(values: Mapping[str, Any]) -> int:
    """Whose counts were entered: the side posted, else the first."""
    side = values.get("side", 0)
    return side if side in (0, 1) else 0


NOT_SCORED = N_("Not scored yet: the deal is incomplete")


def whist_summary(game: Game, deal: DealState | None, side: int, tapped: bool) -> str:
    """ "Bob & Dee took 5 · Ann & Cy +2 · score 4–3": the other side's count and the result."""
    if not isinstance(deal, WhistDeal):
        if tapped:
            return gettext(NOT_SCORED)
        return gettext("Tap the tricks one side took: the other side's follow")
    names = side_names(game, deal.number)
    other = 1 - side
    # "%(side)s", not German Whist's "%(name)s": a side is a pair, whose verb many languages put
    # in the plural ("Ana & Maria au luat 5").
    took = {"side": names[other], "tricks": deal.tricks[other]}
    if deal.honours is None:
        parts = [gettext("%(side)s took %(tricks)s") % took]
    else:
        took["honours"] = deal.honours[other]
        parts = [
            ngettext(
                "%(side)s took %(tricks)s and hold %(honours)s honour",
                "%(side)s took %(tricks)s and hold %(honours)s honours",
                deal.honours[other],
            )
            % took
        ]
    assert deal.points is not None and deal.totals is not None
    scored = [f"{names[team]} {signed(points)}" for team, points in enumerate(deal.points) if points]
    parts.append(", ".join(scored) or gettext("nobody scores"))
    if deal.honours_note:
        parts.append(say(deal.honours_note))
    parts.append(gettext("game %(first)s–%(second)s") % {"first": deal.totals[0], "second": deal.totals[1]})
    return " · ".join(parts)


def context(game: Game, facts: DealFacts, values: Mapping[str, Any], phase: str) -> dict[str, Any]:
    """The sides, the tricks and honours that may be tapped, the suits, and the deal's result so far."""
    side = chosen_side(values)
    deal = preview_deal(game, facts.number, values)
    return {
        "sides": side_names(game, facts.number),
        "side": side,
        "tricks_legend": gettext("Tricks they took"),
        "trick_range": range(facts.cards + 1),
        "honours_range": range(HONOURS_PER_DEAL + 1) if counts_honours(game) else None,
        "suits": SUITS,
        "summary": whist_summary(game, deal, side, "tricks" in values),
    }


def live(game: Game, facts: DealFacts, values: Mapping[str, Any], soft: frozenset[int]) -> dict[str, Any]:
    """The other side's count and the deal's score, for the page's live line."""
    deal = preview_deal(game, facts.number, values)
    return {"summary": whist_summary(game, deal, chosen_side(values), "tricks" in values), "struck": []}


def _counted(values: range, spoken: Callable[[int], str]) -> dict[str, list[str]]:
    """Each count's chip as the offline page shows and speaks it ("1 trick", "2 tricks"): ``spoken``
    picks the plural form the reader's language takes for that number, which a "{value}" template
    filled in by the page's script cannot choose."""
    return {str(value): [str(value), spoken(value) % {"count": value}] for value in values}


def offline_labels(game: Game) -> dict[str, dict[str, Any]]:
    """Whose count, the tricks, the honours and the turned suit, as the offline page words them."""
    word = deal_words(game.table.variant.deal_word).singular
    return {
        "side": {
            "input": "side",
            "legend": gettext("Count"),
            "note": gettext("whose tricks"),
            "choices": {str(index): [name, name] for index, name in enumerate(side_names(game))},
        },
        "tricks": {
            "input": "tricks",
            "legend": gettext("Tricks"),
            "note": gettext("they took"),
            "choices": _counted(
                range(TRICKS_PER_DEAL + 1),
                lambda count: ngettext("%(count)s trick", "%(count)s tricks", count),
            ),
        },
        "honours": {
            "input": "honours",
            "legend": gettext("Honours"),
            "note": gettext("A K Q J of trumps dealt to them"),
            "choices": _counted(
                range(HONOURS_PER_DEAL + 1),
                lambda count: ngettext("%(count)s honour", "%(count)s honours", count),
            ),
        },
        "trump": {**trump_labels(), "saves": gettext("Save the %(singular)s") % {"singular": word}},
    }


register(
    "partnership_tricks",
    EntryScreen(
        order_label=N_("Order of play"),
        form_template="games/entry/side_tricks.html",
        sheet_template="games/sheet/partnership_tricks.html",
        read=read,
        context=context,
        phase=phase,
        live=live,
        stylesheet="whist.css",
        offline_labels=offline_labels,
    ),
)

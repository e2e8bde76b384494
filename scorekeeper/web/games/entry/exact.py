"""The entry screen of the bid-exactly games: bids in any order, then tricks, one row a player."""

from __future__ import annotations

from collections.abc import Mapping
from math import ceil
from typing import Any

from werkzeug.datastructures import MultiDict

from ....rules import ExactDeal, Game, legal_bids, next_bidder, over_under
from ....rules.state import DealFacts
from ....words import gettext
from ....words._core import N_
from ...wording import say
from ..names import short_names
from . import (
    EntryScreen,
    deal_players,
    number_or_text,
    per_seat,
    register,
    tricks_fill,
    tricks_tally,
    trump_labels,
)

CHIPS_A_LINE = 6
"""How many number buttons fit on one line of a row beside the player's name on a phone."""
MOST_LINES = 12
"""How many lines of buttons the rows may take together and still leave Save in reach: six players' bids
from 0 to 8, two lines each."""
COLUMNS_FROM = 7
"""From how many players on the deal each player's buttons stand in a column of their own, 0 at the top,
under their name: seven or eight rows of up to nine buttons fit a phone only that way (a row each would
need two lines, or a sideways swipe to reach the bigger numbers). Six players take columns too where their
rows would need two lines each (bids 0 to 8: Nomination Whist, Romanian Whist for seven with the dead
hand)."""


def read(form: MultiDict[str, str], game: Game, facts: DealFacts, phase: str) -> dict[str, Any]:
    """Bids (and tricks, once due) for each seat of the deal; the turned suit if the table picked one."""
    size = len(deal_players(game, facts.number))
    data: dict[str, Any] = {"bids": per_seat(form, "bid", size)}
    if phase in ("tricks", "all"):
        data["tricks"] = per_seat(form, "tricks", size)
    trump = number_or_text(form.get("trump"))
    if trump is not None:
        data["trump"] = trump
    return data


def phase(game: Game, number: int) -> str:
    """Bids first (until all are in); tricks once the bids are stored; both when correcting a deal."""
    deals = game.state.deals
    if number > len(deals):
        return "bids"
    deal = deals[number - 1]
    if deal.complete:
        return "all"
    if isinstance(deal, ExactDeal) and any(deal.bids[seat] is None for seat in deal.facts.bidding_order):
        return "bids"
    return "tricks"


def _whole_numbers(values: object, size: int) -> tuple[int | None, ...]:
    """The entered values that are whole numbers; anything else counts as not entered."""
    items = list(values) if isinstance(values, list) else []
    items += [None] * (size - len(items))
    return tuple(value if type(value) is int else None for value in items[:size])


def row_layout(rows: int, chips: int) -> str:
    """ "wrap" when every row's buttons fit on the screen on lines of their own, else "strip":
    one line a row, scrolling sideways inside the row."""
    return "wrap" if rows * ceil(chips / CHIPS_A_LINE) <= MOST_LINES else "strip"


def deal_layout(rows: int, chips: int) -> str:
    """ "columns" for seven players and more, and for six whose rows would need two lines each (a column
    of buttons each, side by side, every one in reach with the standings and Save), else the rows'
    layout (``row_layout``)."""
    if rows >= COLUMNS_FROM or (rows == COLUMNS_FROM - 1 and chips > CHIPS_A_LINE):
        return "columns"
    return row_layout(rows, chips)


def line_chips(rows: int, chips: int) -> int:
    """How many buttons a line of a row needs room for: as few as keep the row on as few lines as it
    takes (8 buttons: two lines of 4), so that the players' names beside them have the rest."""
    if row_layout(rows, chips) == "strip":
        return CHIPS_A_LINE
    return ceil(chips / ceil(chips / CHIPS_A_LINE))


def context(game: Game, facts: DealFacts, values: Mapping[str, Any], phase: str) -> dict[str, Any]:
    """The seats in bidding order with each one's choices, struck where the engine forbids.

    The bids may come in any order; each seat's choices are judged against
    all the others entered, as the engine judges the complete set.
    """
    players = deal_players(game, facts.number)
    shorts = short_names(list(players))
    bids = _whole_numbers(values.get("bids"), len(players))
    tricks = _whole_numbers(values.get("tricks"), len(players))
    bidders = [
        {
            "seat": seat,
            "name": players[seat],
            "short": shorts[seat],
            "choices": legal_bids(facts, bids, players, seat),
            "bid": bids[seat],
            "tricks": tricks[seat],
            "dealer": seat == facts.dealer,
            "last": seat == facts.last_bidder,
        }
        for seat in facts.bidding_order
    ]
    recorded = game.state.deals[facts.number - 1] if facts.number <= len(game.state.deals) else None
    announced = recorded.announcement if isinstance(recorded, ExactDeal) else None
    fill = tricks_fill(facts, bids, {"tricks": list(tricks)}, frozenset())
    return {
        "bidders": bidders,
        # Oh Pshaw's call (the engine's code), in the reader's words.
        "announcement": gettext(VERDICTS[announced]) if announced else None,
        "bid_line": bid_line(facts, bids),
        "tally": tricks_tally(facts, tricks),
        "next_bidder": next_bidder(facts, bids),
        "everyone": fill["everyone"],
        "layout": deal_layout(len(bidders), facts.cards + 1),
        "line_chips": line_chips(len(bidders), facts.cards + 1),
    }


VERDICTS = {"over": N_("over"), "under": N_("under"), "even": N_("even")}
"""The engine's word for the bids against the tricks, as the bid line says it."""


def bid_line(facts: DealFacts, bids: tuple[int | None, ...]) -> str:
    """ "Bids 6 of 7 — under": the running total of the bids against the tricks."""
    made = [bid for seat, bid in enumerate(bids) if bid is not None and seat in facts.bidding_order]
    total = sum(made)
    if len(made) < len(facts.bidding_order):
        return gettext("Bids %(total)s of %(cards)s so far") % {"total": total, "cards": facts.cards}
    return gettext("Bids %(total)s of %(cards)s — %(verdict)s") % {
        "total": total,
        "cards": facts.cards,
        "verdict": gettext(VERDICTS[over_under(facts.cards, made)]),
    }


def live(game: Game, facts: DealFacts, values: Mapping[str, Any], soft: frozenset[int]) -> dict[str, Any]:
    """The running line, the struck bids, who bids next, and the tricks the tapped ones imply."""
    size = len(deal_players(game, facts.number))
    bids = _whole_numbers(values.get("bids"), size)
    answer: dict[str, Any] = {"struck": [], "next": next_bidder(facts, bids)}
    if "tricks" in values:
        fill = tricks_fill(facts, bids, values, soft)
        values = fill["values"]
        tricks = _whole_numbers(values.get("tricks"), size)
        answer.update(
            fill=fill["fill"],
            everyone=fill["everyone"],
            values=values,
            complete=all(tricks[seat] is not None for seat in facts.bidding_order),
        )
    shown = context(game, facts, values, "all")
    answer["struck"] = [
        {"seat": bidder["seat"], "value": choice.value, "reason": say(choice.reason)}
        for bidder in shown["bidders"]
        for choice in bidder["choices"]
        if not choice.allowed
    ]
    tally = shown["tally"]
    answer.update(summary=shown["bid_line"], tricks_left=tally["left"], tally_wrong=tally["wrong"])
    return answer


def offline_labels(game: Game) -> dict[str, dict[str, Any]]:
    """Bids and tricks per player, and the turned suit, as the offline page words them."""
    return {
        "bids": {
            "input": "bid",
            "legend": gettext("Bids"),
            "each": gettext("{name} bids {value}"),
            "saves": gettext("Save the bids"),
            # The running count beside Save, as the screen's bid line says it while bids come in.
            "tally": gettext("Bids {total} of {cards} so far"),
        },
        "tricks": {
            "input": "tricks",
            "legend": gettext("Tricks"),
            "each": gettext("{name} took {value}"),
            "saves": gettext("Save the tricks"),
            "tally": gettext("Tricks left: {left} of {cards}"),
            # Each player's row says their bid, as the tricks' rows do online.
            "tag": gettext("bid {bid}"),
            "tag_from": "bids",
        },
        "trump": trump_labels(),
    }


register(
    "exact_bids",
    EntryScreen(
        form_template="games/entry/exact_bids.html",
        sheet_template="games/sheet/exact_bids.html",
        read=read,
        context=context,
        phase=phase,
        live=live,
        offline_labels=offline_labels,
    ),
)

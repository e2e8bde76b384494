"""The entry screen of the bid-exactly games: bids in bidding order, then tricks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules import ExactDeal, Game, legal_bids, next_bidder, over_under
from ...rules.state import DealFacts
from . import EntryScreen, number_or_text, per_seat, register


def read(form: MultiDict[str, str], game: Game, facts: DealFacts, phase: str) -> dict[str, Any]:
    """Bids (and tricks, once due) per seat; the turned suit if the table picked one."""
    size = len(game.state.players)
    data: dict[str, Any] = {"bids": per_seat(form, "bid", size)}
    if phase in ("tricks", "all"):
        data["tricks"] = per_seat(form, "tricks", size)
    trump = number_or_text(form.get("trump"))
    if trump is not None:
        data["trump"] = trump
    return data


def phase(game: Game, number: int) -> str:
    """Bids first; tricks once the bids are in; both when correcting a complete deal."""
    deals = game.state.deals
    if number > len(deals):
        return "bids"
    deal = deals[number - 1]
    return "all" if deal.complete else "tricks"


def _whole_numbers(values: object, size: int) -> tuple[int | None, ...]:
    """The entered values that are whole numbers; anything else counts as not entered."""
    items = list(values) if isinstance(values, list) else []
    items += [None] * (size - len(items))
    return tuple(value if type(value) is int else None for value in items[:size])


def context(game: Game, facts: DealFacts, values: Mapping[str, Any], phase: str) -> dict[str, Any]:
    """The seats in bidding order with each one's choices, struck where the engine forbids."""
    players = game.state.players
    bids = _whole_numbers(values.get("bids"), len(players))
    tricks = _whole_numbers(values.get("tricks"), len(players))
    bidders = [
        {
            "seat": seat,
            "name": players[seat],
            "choices": legal_bids(facts, _earlier_only(facts, bids, seat), players, seat),
            "bid": bids[seat],
            "tricks": tricks[seat],
            "dealer": seat == facts.dealer,
            "last": seat == facts.last_bidder,
        }
        for seat in facts.bidding_order
    ]
    recorded = game.state.deals[facts.number - 1] if facts.number <= len(game.state.deals) else None
    return {
        "bidders": bidders,
        "announcement": recorded.announcement if isinstance(recorded, ExactDeal) else None,
        "bid_line": bid_line(facts, bids),
        "tricks_left": facts.cards - sum(t for t in tricks if t is not None),
        "next_bidder": next_bidder(facts, bids),
    }


def _earlier_only(facts: DealFacts, bids: tuple[int | None, ...], seat: int) -> tuple[int | None, ...]:
    """The bids made before ``seat`` in bidding order: what that bidder knows when bidding."""
    order = facts.bidding_order
    earlier = set(order[: order.index(seat)])
    return tuple(bid if other in earlier else None for other, bid in enumerate(bids))


def bid_line(facts: DealFacts, bids: tuple[int | None, ...]) -> str:
    """ "Bids 6 of 7 — under": the running total of the bids against the tricks."""
    made = [bid for seat, bid in enumerate(bids) if bid is not None and seat in facts.bidding_order]
    total = sum(made)
    if len(made) < len(facts.bidding_order):
        return f"Bids {total} of {facts.cards} so far"
    return f"Bids {total} of {facts.cards} — {over_under(facts.cards, made)}"


def live(game: Game, facts: DealFacts, values: Mapping[str, Any]) -> dict[str, Any]:
    """The running line, the tricks left and the struck bids for the page's live check."""
    shown = context(game, facts, values, "all")
    struck = [
        {"seat": bidder["seat"], "value": choice.value, "reason": choice.reason}
        for bidder in shown["bidders"]
        for choice in bidder["choices"]
        if not choice.allowed
    ]
    return {"summary": shown["bid_line"], "tricks_left": shown["tricks_left"], "struck": struck}


register(
    "exact_bids",
    EntryScreen(
        form_template="games/entry/exact_bids.html",
        sheet_template="games/sheet/exact_bids.html",
        read=read,
        context=context,
        phase=phase,
        live=live,
    ),
)

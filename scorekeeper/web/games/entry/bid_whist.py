"""The entry screen of Bid Whist hands: the auction call by call, the declaration, the tricks.

Every call offered is one the engine lists for that caller (``legal_calls``),
struck with the engine's reason when refused. Without JavaScript the form
saves one call at a time (the hand stays open) and shows the next caller;
with it, the page reveals the next caller after each tap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from werkzeug.datastructures import MultiDict

from .... import words
from ....rules import SUITS, Game, RuleViolation
from ....rules.state import DealFacts
from ....rules.variants._bid_whist_auction import every_call
from ....rules.variants.bid_whist import (
    KITTY_BOOKS,
    TRICKS_IN_PLAY,
    BidType,
    BidWhistDeal,
    BidWhistEngine,
    Call,
    CallChoice,
    Declaration,
    Direction,
    auction_rules,
    read_call,
)
from ....words import gettext, ngettext
from ....words._core import N_
from ...wording import Worded, say
from . import EntryScreen, deal_players, number_or_text, register
from .whist import preview_deal, side_names

KIND_SIGNS = Worded({BidType.UPTOWN: "↑", BidType.DOWNTOWN: "↓", BidType.NO_TRUMP: N_("NT")})
"""How a chip and the sheet mark a bid's kind (read in the reader's language: "NT" has its letters)."""
DIRECTION_SIGNS = {Direction.UPTOWN: "↑", Direction.DOWNTOWN: "↓"}


def read(form: MultiDict[str, str], game: Game, facts: DealFacts, phase: str) -> dict[str, Any]:
    """The calls ``call-0`` … in order up to the first one not made (or ``caller-<seat>`` by seat, from
    the offline page), the declaration and the tricks."""
    calls: list[str] = []
    # The phone that took the hand offline sends each player's call by seat (``caller-<seat>``).
    by_seat = form.get("call-0") is None and any(f"caller-{seat}" in form for seat in facts.bidding_order)
    for position, seat in enumerate(facts.bidding_order):
        raw = (form.get(f"caller-{seat}" if by_seat else f"call-{position}") or "").strip()
        if not raw:
            break
        calls.append(raw)
    data: dict[str, Any] = {"auction": calls}
    declaration = (form.get("declaration") or "").strip()
    if declaration:
        data["declaration"] = declaration
    tricks = number_or_text(form.get("tricks"))
    if tricks is not None:
        data["tricks"] = tricks
    return data


def phase(game: Game, number: int) -> str:
    """ "auction" while calls are due, "play" once the auction is won, "correct" for a scored hand."""
    deals = game.state.deals
    if number > len(deals):
        return "auction"
    deal = deals[number - 1]
    if deal.complete:
        return "correct"
    return "play" if isinstance(deal, BidWhistDeal) and deal.bid is not None else "auction"


def parsed_calls(values: Mapping[str, Any]) -> list[Call]:
    """The entered calls the engine can read, up to the first it cannot."""
    raw = values.get("auction")
    calls: list[Call] = []
    for text in raw if isinstance(raw, list) else []:
        try:
            calls.append(read_call(text))
        except RuleViolation:
            break
    return calls


def accepted_calls(game: Game, facts: DealFacts, values: Mapping[str, Any]) -> tuple[list[Call], Call | None]:
    """The calls the engine accepts in order, and the first one it refuses, if any.

    The auction stops at a refused call: its caller is still due, and nobody
    after them has called yet.
    """
    table = game.table
    engine = cast(BidWhistEngine, table.variant.engine)  # this screen is the auction's
    players = deal_players(game, facts.number)
    accepted: list[Call] = []
    for call in parsed_calls(values):
        choices = engine.legal_calls(table, facts, tuple(accepted), players=players)
        allowed = {choice.call for choice in choices if choice.allowed}
        if call not in allowed:
            return accepted, call
        accepted.append(call)
    return accepted, None


def call_sign(call: Call) -> str:
    """A call as the chips and the sheet write it: "pass", "4 ↓", "5 NT"."""
    if call.level is None or call.kind is None:
        return gettext("pass")
    return f"{call.level} {KIND_SIGNS[call.kind]}"


def declaration_sign(declaration: Declaration) -> str:
    """ "♠" for a suit, "↑ uptown" for a direction in no trump."""
    if isinstance(declaration, Direction):
        return f"{DIRECTION_SIGNS[declaration]} {words.bid_kind(declaration.value)}"
    return words.trump_sign(declaration)


def _by_level(choices: Sequence[CallChoice]) -> tuple[CallChoice | None, list[tuple[int, list[CallChoice]]]]:
    """The pass choice, and the bids in rows by level (uptown, downtown, no trump)."""
    passing = next((choice for choice in choices if choice.call.is_pass), None)
    rows: dict[int, list[CallChoice]] = {}
    for choice in choices:
        if choice.call.level is not None:
            rows.setdefault(choice.call.level, []).append(choice)
    return passing, sorted(rows.items())


def _callers(
    game: Game, facts: DealFacts, calls: Sequence[Call], refused_call: Call | None = None
) -> list[dict[str, Any]]:
    """Every caller from the dealer's left: the call made, and the engine's choices when it is due.

    ``calls`` are the accepted calls; ``refused_call`` is the due caller's call
    the engine refuses, shown selected and struck with the reason.
    """
    table = game.table
    engine = cast(BidWhistEngine, table.variant.engine)  # this screen is the auction's
    players = deal_players(game, facts.number)
    opening = engine.legal_calls(table, facts, (), players=players)
    callers = []
    for position, seat in enumerate(facts.bidding_order):
        known = position <= len(calls)
        # Later callers get the opening list unstruck: the live check strikes them once they are due.
        choices = (
            engine.legal_calls(table, facts, calls[:position], players=players)
            if known
            else tuple(CallChoice(call=choice.call, allowed=True) for choice in opening)
        )
        call = calls[position] if position < len(calls) else refused_call if position == len(calls) else None
        refused = next((c for c in choices if call is not None and c.call == call and not c.allowed), None)
        passing, levels = _by_level(choices)
        # A struck pass is the one rule the due caller must hear before tapping: the dealer is forced.
        forced = say(passing.reason) or None if position == len(calls) and passing is not None else None
        callers.append(
            {
                "position": position,
                "seat": seat,
                "name": players[seat],
                "dealer": seat == facts.dealer,
                "call": call,
                "call_text": call.text if call is not None else None,
                "call_sign": call_sign(call) if call is not None else None,
                "due": position == len(calls),
                "later": position > len(calls),
                "refused": say(refused.reason) if refused is not None else None,
                "forced": forced,
                "passing": passing,
                "levels": levels,
            }
        )
    return callers


def _auction_won(game: Game, facts: DealFacts, values: Mapping[str, Any]) -> BidWhistDeal | None:
    """The hand after the calls entered, when they make a finished auction the engine accepts."""
    deal = preview_deal(game, facts.number, {"auction": values.get("auction") or []})
    if isinstance(deal, BidWhistDeal) and deal.bid is not None:
        return deal
    return None


def hand_summary(game: Game, facts: DealFacts, values: Mapping[str, Any]) -> str:
    """Who calls next; or the contract to make; or the hand's result with the score."""
    players = deal_players(game, facts.number)
    names = side_names(game, facts.number)
    won = _auction_won(game, facts, values)
    if won is None:
        calls, refused = accepted_calls(game, facts, values)
        if len(calls) >= len(facts.bidding_order):
            return gettext("Check the calls: this auction is not allowed")
        caller = {"name": players[facts.bidding_order[len(calls)]]}
        if refused is not None:
            return gettext("%(name)s must change that call") % caller
        return gettext("%(name)s to call") % caller
    assert won.bidder is not None and won.bid is not None and won.contract is not None
    team = won.bidding_team
    assert team is not None
    contract = {
        "name": players[won.bidder],
        "bid": call_sign(won.bid),
        "side": names[team],
        "books": won.contract,
        "tricks": won.contract - KITTY_BOOKS,
    }
    if won.forced:
        need = ngettext(
            "%(name)s bid %(bid)s (forced): %(side)s need %(books)s book (in play: %(tricks)s)",
            "%(name)s bid %(bid)s (forced): %(side)s need %(books)s books (in play: %(tricks)s)",
            won.contract,
        )
    else:
        need = ngettext(
            "%(name)s bid %(bid)s: %(side)s need %(books)s book (in play: %(tricks)s)",
            "%(name)s bid %(bid)s: %(side)s need %(books)s books (in play: %(tricks)s)",
            won.contract,
        )
    need = need % contract
    deal = preview_deal(game, facts.number, values)
    if not isinstance(deal, BidWhistDeal) or not deal.complete:
        return need
    assert deal.points is not None and deal.totals is not None
    assert deal.books is not None
    books = {"books": deal.books, "contract": won.contract}
    if deal.made:
        result = (
            ngettext(
                "%(books)s book of %(contract)s: made", "%(books)s books of %(contract)s: made", deal.books
            )
            % books
        )
    else:
        result = (
            ngettext(
                "%(books)s book of %(contract)s: set", "%(books)s books of %(contract)s: set", deal.books
            )
            % books
        )
    scored = ", ".join(
        f"{names[side]} {words.signed(points)}" for side, points in enumerate(deal.points) if points
    )
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, deal.totals, strict=True))
    return " · ".join(
        (result, scored or gettext("nobody scores"), gettext("totals %(totals)s") % {"totals": totals})
    )


def context(game: Game, facts: DealFacts, values: Mapping[str, Any], phase: str) -> dict[str, Any]:
    """The callers with their choices, the declarations and tricks once the auction is won, the summary."""
    calls, refused_call = accepted_calls(game, facts, values)
    won = _auction_won(game, facts, values)
    engine = cast(BidWhistEngine, game.table.variant.engine)
    offered: tuple[Declaration, ...] = (*SUITS, *Direction)
    allowed = engine.declarations(won.bid) if won is not None and won.bid is not None else offered
    callers = _callers(game, facts, calls, refused_call)
    due = next((caller for caller in callers if caller["due"]), None)
    return {
        "kind_signs": KIND_SIGNS,
        "callers": callers,
        "due_caller": due,
        "auction_won": won,
        "declarations": [
            {
                "value": item.value,
                "sign": declaration_sign(item),
                "offered": item in allowed,
                "suit": item in SUITS,
            }
            for item in offered
        ],
        "declaration_text": str(values.get("declaration") or ""),
        "books_for_tricks": [(tricks, tricks + KITTY_BOOKS) for tricks in range(TRICKS_IN_PLAY + 1)],
        "tricks_value": values.get("tricks"),
        "bidding_side": side_names(game, facts.number)[won.bidding_team]
        if won is not None and won.bidding_team is not None
        else None,
        "summary": hand_summary(game, facts, values),
        "declarer": _declarer(game, won),
    }


def live(game: Game, facts: DealFacts, values: Mapping[str, Any], soft: frozenset[int]) -> dict[str, Any]:
    """What the page needs after a tap: the struck calls, who is due, the declarations allowed."""
    shown = context(game, facts, values, "auction")
    struck = [
        {"position": caller["position"], "value": choice.call.text, "reason": say(choice.reason)}
        for caller in shown["callers"]
        if not caller["later"]
        for choice in _choices(caller)
        if not choice.allowed
    ]
    due = shown["due_caller"]
    return {
        "summary": shown["summary"],
        "struck": struck,
        "due": due["position"] if due is not None else None,
        "due_name": due["name"] if due is not None else None,
        "won": shown["auction_won"] is not None,
        "declarations": [item["value"] for item in shown["declarations"] if item["offered"]],
        "bidding_side": shown["bidding_side"],
        "declarer": shown["declarer"],
    }


def _declarer(game: Game, won: BidWhistDeal | None) -> str | None:
    """The name of the player who won the auction and declares, once someone has."""
    if won is None or won.bidder is None:
        return None
    return deal_players(game, won.number)[won.bidder]


def _choices(caller: Mapping[str, Any]) -> list[CallChoice]:
    """A caller's choices in one list: pass, then every bid."""
    bids = [choice for _, row in caller["levels"] for choice in row]
    return [caller["passing"], *bids] if caller["passing"] is not None else bids


def offline_labels(game: Game) -> dict[str, dict[str, Any]]:
    """Each player's call, the declaration and the bidders' tricks, as the offline page words them
    (the chips' signs as the server's screen shows them: "4 ↓", "5 NT", "♠", "↑ uptown")."""
    calls = every_call(auction_rules(game.table.options))
    declarations: list[Declaration] = [*SUITS, *Direction]
    return {
        "auction": {
            "input": "caller",
            "legend": gettext("Auction"),
            "choices": {call.text: [call_sign(call), call_sign(call)] for call in calls},
            "saves": gettext("Save the auction"),
            # One caller at a time, in calling order; this is what a caller not yet called shows.
            "in_turn": gettext("to call"),
        },
        "declaration": {
            "input": "declaration",
            "legend": gettext("Declaration"),
            "choices": {
                str(choice.value): [declaration_sign(choice), declaration_sign(choice)]
                for choice in declarations
            },
        },
        "tricks": {
            "input": "tricks",
            "legend": gettext("Tricks"),
            "note": gettext("the bidders took, the kitty aside"),
            "saves": gettext("Save the hand"),
        },
    }


register(
    "bid_whist_auction",
    EntryScreen(
        form_template="games/entry/bid_whist_auction.html",
        sheet_template="games/sheet/bid_whist_auction.html",
        read=read,
        context=context,
        phase=phase,
        live=live,
        stylesheet="whist.css",
        script="bid_whist.js",
        # The seat order of a Bid Whist deal is its auction's: German says "Reizung" there, where an
        # Oh Hell deal's "Bidding" is "Ansagen".
        order_label=N_("Auction"),
        offline_labels=offline_labels,
    ),
)

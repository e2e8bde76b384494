"""The entry screen of Oneonta Whist: bids (tricks or a null with a stake, maybe doubled), then tricks.

A bid travels in the form as one radio value per bidder: ``"3"`` for three
tricks, ``"N2"`` for a null staking 2, ``"N"`` for a null without a stake, and
a separate ``double-<seat>`` switch. Which bids exist, which are struck and
why, all come from the engine's ``legal_bids``; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil
from typing import Any

from werkzeug.datastructures import MultiDict

from .... import words
from ....rules import Game, RuleViolation, Text, Trump
from ....rules.state import DealFacts, DealState
from ....rules.variants._oneonta_ahead import DOUBLED_MARK, NULL_MARK, bid_token
from ....rules.variants._oneonta_bids import candidate_bids
from ....rules.variants.oneonta import OneontaBid, OneontaBidChoice, OneontaDeal, OneontaEngine, OneontaFacts
from ....words import gettext
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
from . import trump_text as describe_trump
from .exact import CHIPS_A_LINE, deal_layout, row_layout

BID_LINES = 8
"""How many lines of bid buttons (each bidder's bids of tricks and nulls) leave Save in reach."""
DOUBLE_VALUE = "double"
"""The ``value`` of a struck entry that concerns the Double switch rather than a bid chip."""


# --- the posted form as the engine's entry data ----------------------------------------


def read(form: MultiDict[str, str], game: Game, facts: DealFacts, phase: str) -> dict[str, Any]:
    """Bids per seat (and tricks, once due) and the turned card, as ``OneontaEngine.read_entry`` reads them.

    Text that is not a bid stays as typed, so the engine's refusal names it.
    """
    size = len(deal_players(game, facts.number))
    bids = [
        bid_data(form.get(f"bid-{seat}"), doubled=form.get(f"double-{seat}") is not None)
        for seat in range(size)
    ]
    data: dict[str, Any] = {"bids": bids}
    if phase in ("tricks", "all"):
        data["tricks"] = per_seat(form, "tricks", size)
    trump = number_or_text(form.get("trump"))
    if trump is not None:
        data["trump"] = trump
    return data


def bid_data(raw: str | None, *, doubled: bool) -> object:
    """One bid from its chip value: "3" → 3 tricks, "N2" → null staking 2, "N" → plain null; a
    trailing "D" (as the offline page sends a doubled bid) doubles it.

    Blank is no bid yet (a Double switch without a bid is dropped: there is
    nothing to double). Anything else is returned as typed for the engine to refuse.
    """
    text = (raw or "").strip()
    if not text:
        return None
    if len(text) > 1 and text[-1].upper() == DOUBLED_MARK:
        # A bid taken offline carries its double in its token ("7D", rules/variants/_oneonta_ahead.py).
        text, doubled = text[:-1], True
    kind, digits = ("null", text[1:].strip()) if text[0].upper() == NULL_MARK else ("positive", text)
    data: dict[str, Any] = {"kind": kind}
    if digits:
        value = number_or_text(digits)
        if not isinstance(value, int):
            return text
        data["value"] = value
    if doubled:
        data["doubled"] = True
    return data


def chip_value(bid: OneontaBid) -> str:
    """The radio value that stands for a bid, whether doubled or not (the switch says that)."""
    return bid_token(undoubled(bid))


# --- what the engine says about the values entered ---------------------------------------


def _engine(game: Game) -> OneontaEngine:
    engine = game.table.variant.engine
    assert isinstance(engine, OneontaEngine)
    return engine


def _oneonta_facts(facts: DealFacts) -> OneontaFacts:
    assert isinstance(facts, OneontaFacts)
    return facts


def entered_bids(game: Game, facts: DealFacts, values: Mapping[str, Any]) -> tuple[OneontaBid | None, ...]:
    """The bids among the values that the engine can read; any other counts as not made yet."""
    size = len(deal_players(game, facts.number))
    raw = values.get("bids")
    items = list(raw) if isinstance(raw, list) else []
    items += [None] * (size - len(items))
    engine = _engine(game)
    bids: list[OneontaBid | None] = []
    for item in items[:size]:
        try:
            bids.append(engine.read_entry(facts.number, {"bids": [item]}).bids[0])
        except RuleViolation:
            bids.append(None)
    return tuple(bids)


def entered_tricks(values: Mapping[str, Any], size: int) -> tuple[int | None, ...]:
    """The trick counts among the values that are whole numbers; anything else counts as not entered."""
    raw = values.get("tricks")
    items = list(raw) if isinstance(raw, list) else []
    items += [None] * (size - len(items))
    return tuple(item if type(item) is int else None for item in items[:size])


def _reached(facts: DealFacts, bids: Sequence[OneontaBid | None], seat: int) -> bool:
    """True once every bidder before ``seat`` has bid: only then does the engine's verdict on it hold."""
    order = facts.bidding_order
    return all(bids[other] is not None for other in order[: order.index(seat)])


def _chip(choice: OneontaBidChoice, shown: bool) -> dict[str, Any]:
    bid = choice.bid
    struck = shown and not choice.allowed
    return {
        "value": chip_value(bid),
        "text": gettext("Null") if bid.value is None else str(bid.value),
        "label": say(bid),
        "allowed": not struck,
        "reason": say(choice.reason) if struck else None,
    }


def _distinct(reasons: Sequence[Text | None]) -> list[str]:
    found: list[str] = []
    for reason in reasons:
        said = say(reason)
        if said and said not in found:
            found.append(said)
    return found


def _bidder(
    game: Game,
    facts: OneontaFacts,
    bids: tuple[OneontaBid | None, ...],
    tricks: tuple[int | None, ...],
    seat: int,
) -> dict[str, Any]:
    """One bidder's rows of chips, the Double switch and the engine's reasons against their choices."""
    players = deal_players(game, facts.number)
    choices = _engine(game).legal_bids(game.table, facts, bids, seat, players=players)
    shown = _reached(facts, bids, seat)
    plain = [choice for choice in choices if not choice.bid.doubled]
    doubles = [choice for choice in choices if choice.bid.doubled]
    bid = bids[seat]
    double_refused = shown and bool(doubles) and not any(choice.allowed for choice in doubles)
    reasons = [choice.reason for choice in plain if shown and not choice.allowed]
    if double_refused:
        reasons.append(doubles[0].reason)
    return {
        "seat": seat,
        "name": players[seat],
        "dealer": seat == facts.dealer,
        "first": seat == facts.bidding_order[0] and len(facts.bidding_order) > 1,
        "last": seat == facts.last_bidder and len(facts.bidding_order) > 1,
        "positive": [_chip(choice, shown) for choice in plain if choice.bid.kind == "positive"],
        "null": [_chip(choice, shown) for choice in plain if choice.bid.kind == "null"],
        "double": {
            "offered": bool(doubles),
            "which": gettext(" or ").join(say(undoubled(choice.bid)) for choice in doubles),
            "values": [chip_value(choice.bid) for choice in doubles],
            "checked": bid is not None and bid.doubled,
            "reason": say(doubles[0].reason) if double_refused else None,
        },
        "chosen": chip_value(bid) if bid is not None else None,
        "bid": bid,
        "bid_label": say(bid) if bid is not None else None,
        "tricks": tricks[seat],
        "reasons": _distinct(reasons),
    }


def undoubled(bid: OneontaBid) -> OneontaBid:
    """The bid without its double: what a Double switch doubles."""
    return OneontaBid(kind=bid.kind, value=bid.value)


def bid_line(facts: DealFacts, bids: Sequence[OneontaBid | None], players: Sequence[str]) -> str:
    """ "Tricks bid: 5 of 7 · next to bid: Cy": the bids so far (a null counts 0) against the tricks."""
    total = sum(
        bid.tricks_bid for seat, bid in enumerate(bids) if bid is not None and seat in facts.bidding_order
    )
    waiting = next((seat for seat in facts.bidding_order if bids[seat] is None), None)
    line = gettext("Tricks bid: %(total)s of %(cards)s") % {"total": total, "cards": facts.cards}
    if waiting is None:
        return line
    return line + " · " + gettext("next to bid: %(name)s") % {"name": players[waiting]}


def lead_text(game: Game, facts: DealFacts) -> str:
    """Who leads the first trick, once the bids decide it; until then, that the bids will."""
    facts = _oneonta_facts(facts)
    if facts.dummy:
        return gettext("The dummy, every trick")
    if facts.leader_decided:
        return deal_players(game, facts.number)[facts.leader]
    return gettext("The highest bid, once all bids are in")


def trump_text(facts: DealFacts, value: object) -> str | None:
    """The turned card in words ("♥ Hearts", the Joker case spelled out); None when none was picked."""
    if not isinstance(value, str):
        return None
    try:
        trump = Trump.parse(value)
    except ValueError:
        return None
    return describe_trump(facts, trump)


def context(game: Game, facts: DealFacts, values: Mapping[str, Any], phase: str) -> dict[str, Any]:
    """The bidders in bidding order with their chips, struck where the engine forbids; the running lines."""
    oneonta = _oneonta_facts(facts)
    bids = entered_bids(game, facts, values)
    tricks = entered_tricks(values, len(deal_players(game, facts.number)))
    bidders = [_bidder(game, oneonta, bids, tricks, seat) for seat in facts.bidding_order]
    tally = tricks_tally(facts, tricks, rest_to_dummy=oneonta.dummy)
    players = deal_players(game, facts.number)
    shorts = short_names(list(players))
    for bidder in bidders:
        bidder["short"] = shorts[bidder["seat"]]  # as the standings strip writes it (a big table's rows)
    trump = values.get("trump")
    wanted = [bid.tricks_bid if bid is not None else None for bid in bids]
    fill = tricks_fill(facts, wanted, {"tricks": list(tricks)}, frozenset(), rest_to_dummy=oneonta.dummy)
    extra = [(gettext("First lead"), lead_text(game, facts))]
    if oneonta.dummy_seat_text:
        extra.append((gettext("Dummy"), say(oneonta.dummy_seat_text)))
    if oneonta.tie_break:
        out = [players[seat] for seat in facts.sitting_out]
        playing = gettext("Out: %(names)s") % {"names": ", ".join(out)} if out else gettext("Everyone plays")
        extra.append((gettext("Tie-break hand"), playing))
    rows = len(bidders)
    return {
        "everyone": fill["everyone"],
        "extra_facts": extra,
        "bid_layout": bid_layout(rows, facts.cards),
        "layout": row_layout(rows, facts.cards + 1),
        # The tricks on a screen of their own: a column each at a big table, as the other families' tricks.
        "tricks_layout": deal_layout(rows, facts.cards + 1),
        "bidders": bidders,
        "bid_line": bid_line(facts, bids, players),
        "tricks_left": tally["left"],
        "tricks_text": tally["text"],
        "tally_wrong": tally["wrong"],
        "dummy": oneonta.dummy,
        "doubling": any(bidder["double"]["offered"] for bidder in bidders),
        "lead": lead_text(game, facts),
        "trump_value": trump if isinstance(trump, str) else None,
        "trump_text": trump_text(facts, trump),
        "tie_break": oneonta.tie_break,
        "dropped": [players[seat] for seat in facts.sitting_out],
    }


def live(game: Game, facts: DealFacts, values: Mapping[str, Any], soft: frozenset[int]) -> dict[str, Any]:
    """The running lines, every struck choice (bid chips, "double" for the switch) and the tricks the
    tapped ones imply, for the live check."""
    answer: dict[str, Any] = {}
    if "tricks" in values:
        wanted = [bid.tricks_bid if bid is not None else None for bid in entered_bids(game, facts, values)]
        fill = tricks_fill(facts, wanted, values, soft, rest_to_dummy=_oneonta_facts(facts).dummy)
        values = fill["values"]
        tricks = entered_tricks(values, len(deal_players(game, facts.number)))
        answer.update(
            fill=fill["fill"],
            everyone=fill["everyone"],
            values=values,
            complete=all(tricks[seat] is not None for seat in facts.bidding_order),
        )
    shown = context(game, facts, values, "all")
    struck: list[dict[str, Any]] = []
    for bidder in shown["bidders"]:
        for chip in [*bidder["positive"], *bidder["null"]]:
            if not chip["allowed"]:
                struck.append({"seat": bidder["seat"], "value": chip["value"], "reason": chip["reason"]})
        if bidder["double"]["reason"]:
            struck.append(
                {"seat": bidder["seat"], "value": DOUBLE_VALUE, "reason": bidder["double"]["reason"]}
            )
    return {
        **answer,
        "summary": shown["bid_line"],
        "tricks_left": shown["tricks_left"],
        "tricks_text": shown["tricks_text"],
        "tally_wrong": shown["tally_wrong"],
        "struck": struck,
    }


def bid_layout(rows: int, cards: int) -> str:
    """How a bidder's chips (bids of tricks, nulls, the Double) fit the screen: "wrap" on lines of
    their own; "lines", a line each for the tricks and the nulls, scrolling sideways; or "turns", at a
    table too big for either, a line of bids of tricks over a line of nulls for the bidder due and one
    short line for each of the others (their bid, a tap that opens them): Oneonta is bid in turn."""
    if rows * 2 * ceil((cards + 1) / CHIPS_A_LINE) <= BID_LINES:
        return "wrap"
    return "lines" if 2 * rows <= BID_LINES else "turns"


def phase(game: Game, number: int) -> str:
    """Bids first; tricks once the bids are stored; both when correcting a complete deal."""
    deals = game.state.deals
    if number > len(deals):
        return "bids"
    return "all" if deals[number - 1].complete else "tricks"


def offline_labels(game: Game) -> dict[str, dict[str, Any]]:
    """The turned card, the bids and the tricks per player, as the offline page words them: each bid's
    chip is its token ("3", "N2", "7D") shown as the server's chips show it and spoken in words."""
    engine = _engine(game)
    rules = engine.bid_rules(game.table)
    most = max(cards for cards, _ in engine.form.chart.values())
    bids: dict[str, list[str]] = {}
    for cards in range(1, most + 1):
        for bid in candidate_bids(rules, cards):
            spoken = say(bid.said)
            if bid.doubled:
                shown = f"{NULL_MARK if bid.kind == 'null' else ''}{bid.value}×2"
            elif bid.kind == "null":
                shown = NULL_MARK if bid.value is None else f"{NULL_MARK}{bid.value}"
            else:
                shown = str(bid.value)
            if shown != bid_token(bid) or spoken != shown:  # a chip shown as its token needs no words
                bids[bid_token(bid)] = [shown, spoken]
    trump = trump_labels()
    trump["choices"] = {
        **trump["choices"],
        Trump.JOKER.value: [Trump.JOKER.symbol, words.trump_name(Trump.JOKER)],
    }
    trump["note"] = gettext("turned card")
    return {
        "trump": trump,
        "bids": {
            "input": "bid",
            "legend": gettext("Bids"),
            "choices": bids,
            "saves": gettext("Save the bids"),
        },
        "tricks": {
            "input": "tricks",
            "legend": gettext("Tricks"),
            "each": gettext("{name} took {value}"),
            "saves": gettext("Save the tricks"),
        },
    }


def entered(game: Game, deal: DealState) -> list[str | None]:
    """Each player's bid in the hand under way, as the page's choices write it ("3", "N2", "7D");
    None where not yet bid."""
    if not isinstance(deal, OneontaDeal):
        return []
    return [None if bid is None else bid_token(bid) for bid in deal.bids]


register(
    "oneonta_bids",
    EntryScreen(
        form_template="games/entry/oneonta_bids.html",
        sheet_template="games/sheet/oneonta_bids.html",
        read=read,
        context=context,
        phase=phase,
        live=live,
        stylesheet="oneonta.css",
        script="oneonta.js",
        offline_labels=offline_labels,
        entered=entered,
    ),
)

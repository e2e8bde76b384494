"""How each family's deal is written on a sheet made to be read back, and the entry a row makes.

Declared per kind of entry (``READABLE``), never per variant: the fields each column holds (read
from the bids, calls and trick counts the engine offers the deal screen, where they depend on the
table), whether the columns are players or sides, and how a row's values become the entry the deal
screen would have made. What the entry means is the engine's to judge (rules/paper/games.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import InvalidBid, InvalidTricks, RuleViolation
from ..game import Game
from ..state import DealFacts
from ..table import Table
from ..text import Text
from .sheet import FieldSpec

# The fixed columns of a game's sheet, left to right, and their widths in millimetres.
GAME_FIXED = (("deal", 8.0), ("cards", 8.0), ("dealer", 26.0), ("trump", 14.0))
# A sheet with a column per side has room to spare: the dealer's reminders get it, on two lines.
SIDE_FIXED = (("deal", 8.0), ("cards", 8.0), ("dealer", 60.0), ("trump", 18.0))
# Bid Whist's trump is declared after the auction, in the bidding side's own column.
CONTRACT_FIXED = (("deal", 8.0), ("cards", 8.0), ("dealer", 70.0))

RowValues = Mapping[str, list[int | None]]


@dataclass(frozen=True, slots=True)
class RowContext:
    """What a row's entry may need besides its values: the table, the most its fields may hold, the
    deal's facts (who bids in which order; None past the game's end) and the partnerships (None: no
    sides)."""

    table: Table
    most: int
    facts: DealFacts | None
    teams: tuple[tuple[int, ...], ...] | None


def _cards(table: Table, facts: DealFacts) -> int:
    return facts.cards


def _exact_required(data: Mapping[str, object]) -> set[str]:
    """Every bid, and every trick count once one is written."""
    return {"bid"} | ({"tricks"} if "tricks" in data else set())


@dataclass(frozen=True, slots=True)
class Readable:
    """How a kind of entry is written on paper: the fields of each column, and the entry they make
    (``entry``: from a row's values per column and field, and the most a field may hold in that row,
    to the entry's data, or None when the row holds nothing; it raises a RuleViolation for values
    that make no entry). ``per_side``: a column per side (a partnership, or each player of a
    two-hand game) rather than per player; ``most``: the largest value a row's fields may hold;
    ``required``: the fields every column must fill once the row's ``entry`` is made; ``fixed``: the
    deal's own columns at the left and their widths; ``fields_for``, when given, the fields as the
    table's rules offer them (in place of ``fields``); ``how``: what the sheet says of writing them,
    beyond one digit a box."""

    fields: tuple[FieldSpec, ...]
    free: str | None
    entry: Callable[[RowValues, RowContext], dict[str, object] | None]
    per_side: bool = False
    most: Callable[[Table, DealFacts], int] = _cards
    required: Callable[[Mapping[str, object]], set[str]] = _exact_required
    fixed: tuple[tuple[str, float], ...] = GAME_FIXED
    fields_for: Callable[[Table], tuple[FieldSpec, ...]] | None = None
    how: Text | None = None

    def fields_of(self, table: Table) -> tuple[FieldSpec, ...]:
        """The fields each column of ``table``'s sheet holds."""
        return self.fields if self.fields_for is None else self.fields_for(table)


def _exact_entry(values: RowValues, row: RowContext) -> dict[str, object] | None:
    bids, tricks = values["bid"], values["tricks"]
    if all(value is None for value in (*bids, *tricks)):
        return None
    data: dict[str, object] = {"bids": bids}
    if any(value is not None for value in tricks):
        data["tricks"] = tricks
    return data


def _side_entry(values: RowValues, row: RowContext) -> dict[str, object] | None:
    """One side's tricks, as the deal screen enters them: the first side's when written, else the
    second's; when both are written, they must make up the deal's tricks."""
    written = [(side, tricks) for side, tricks in enumerate(values["tricks"]) if tricks is not None]
    if not written:
        return None
    if len(written) > 1 and sum(tricks for _, tricks in written) != row.most:
        raise InvalidTricks("tricks_total", total=sum(tricks for _, tricks in written), cards=row.most)
    side, tricks = written[0]
    data: dict[str, object] = {"tricks": tricks, "side": side} if side else {"tricks": tricks}
    honours = values.get("honours")
    if honours is not None:
        _side_honours(data, side, honours, row.table)
    return data


def _side_honours(data: dict[str, object], side: int, honours: list[int | None], table: Table) -> None:
    """The honours dealt to the side whose tricks are entered: as it wrote them, or the rest of the
    trump honours when only the other side wrote its own; two that do not make up all of them are
    refused. Left out when neither side wrote any (the engine asks for them)."""
    dealt = [count for count in honours if count is not None]
    if not dealt:
        return
    every = max((int(choice) for choice in _offered(table, "honours")), default=0)
    if len(dealt) > 1 and sum(dealt) != every:
        raise RuleViolation("paper_honours_total", field="honours", total=sum(dealt), most=every)
    mine = honours[side]
    data["honours"] = mine if mine is not None else every - dealt[0]


def _side_fields(table: Table) -> tuple[FieldSpec, ...]:
    """The tricks each side took, and the trump honours dealt to it where the game counts them."""
    honours = [int(choice) for choice in _offered(table, "honours")]
    if not honours:
        return (FieldSpec("tricks", "took"),)
    return (FieldSpec("tricks", "took"), FieldSpec("honours", "honours", most=max(honours)))


def _counted_tricks(table: Table, facts: DealFacts) -> int:
    """The most tricks a side may take, as the engine offers them on the deal screen (German Whist
    may count all 26 of its tricks); the cards dealt where it offers no choice."""
    game = Game(table)
    for ahead in table.variant.engine.foresee(table, game.state, 1).deals:
        for phase in ahead.phases:
            for rule in phase.rules:
                if rule.kind == "one_of" and rule.field == "tricks" and rule.choices:
                    return max(int(choice) for choice in rule.choices)
    return facts.cards


def _nothing_required(data: Mapping[str, object]) -> set[str]:
    """A side may leave its count to the other's: the engine makes up the rest."""
    return set()


SIDE_TRICKS = Readable(
    fields=(),
    fields_for=_side_fields,
    free="total",
    entry=_side_entry,
    per_side=True,
    most=_counted_tricks,
    required=_nothing_required,
    fixed=SIDE_FIXED,
)


def _offered(table: Table, field: str) -> tuple[str, ...]:
    """What the engine offers the first deal's ``field`` on the deal screen: Oneonta's bids as chips
    ("7", "N3", "N", "7D": a null marked N, with its value if nulls have one, a double marked D),
    Bid Whist's calls ("pass", "4 uptown", "4 NT") and declarations ("S", "uptown")."""
    game = Game(table)
    for ahead in table.variant.engine.foresee(table, game.state, 1).deals:
        for phase in ahead.phases:
            for rule in phase.rules:
                if rule.kind == "one_of" and rule.field == field:
                    return tuple(str(choice) for choice in rule.choices)
    return ()


def _oneonta_fields(table: Table) -> tuple[FieldSpec, ...]:
    """A positive bid's tricks, a null's value (0 where a null stakes none), a double where the
    table plays doubling (1 to double), and the tricks taken."""
    choices = _offered(table, "bids")
    valued = [
        int(choice[1:].rstrip("D")) for choice in choices if choice[:1] == "N" and choice[1:2].isdigit()
    ]
    fields = [FieldSpec("bid", "bid"), FieldSpec("null", "null", most=max(valued, default=0))]
    if any(choice.endswith("D") for choice in choices):
        fields.append(FieldSpec("double", "double", most=1))
    return (*fields, FieldSpec("tricks", "took"))


def _oneonta_entry(values: RowValues, row: RowContext) -> dict[str, object] | None:
    """Each player's bid (a positive bid, or a null: both written is no bid), doubled when marked,
    and the tricks once any are written."""
    doubles = values.get("double") or [None] * len(values["bid"])
    if all(value is None for field in values.values() for value in field):
        return None
    bids: list[object] = []
    for seat, (tricks_bid, null, double) in enumerate(
        zip(values["bid"], values["null"], doubles, strict=True)
    ):
        if tricks_bid is not None and null is not None:
            raise InvalidBid("paper_bid_and_null", seat=seat)
        if tricks_bid is None and null is None:
            bids.append(None)
            continue
        bid: dict[str, object] = (
            {"kind": "positive", "value": tricks_bid} if tricks_bid is not None else {"kind": "null"}
        )
        if null:
            bid["value"] = null
        if double:
            bid["doubled"] = True
        bids.append(bid)
    data: dict[str, object] = {"bids": bids}
    if any(value is not None for value in values["tricks"]):
        data["tricks"] = values["tricks"]
    return data


def _oneonta_required(data: Mapping[str, object]) -> set[str]:
    """The tricks of every player once one is written (a bid or a null: the engine says which)."""
    return {"tricks"} if "tricks" in data else set()


def bid_kinds(table: Table) -> tuple[str, ...]:
    """The kinds of bid the auction offers, in the engine's order ("uptown", "downtown", "NT"): the
    sheet writes each as its number from 1."""
    kinds: list[str] = []
    for call in _offered(table, "auction"):
        level, _, kind = call.partition(" ")
        if level.isdigit() and kind not in kinds:
            kinds.append(kind)
    return tuple(kinds)


def declarations(table: Table) -> tuple[str, ...]:
    """What the auction's winner may declare, in the engine's order (the suits, then "uptown" and
    "downtown" after no trump): the sheet writes each as its number from 1."""
    return _offered(table, "declaration")


def _contract_fields(table: Table) -> tuple[FieldSpec, ...]:
    """The side's bid (its level), its kind and what it declared (each a number from 1, as the sheet's
    rules box lists them), and the tricks it took."""
    levels = [int(call.partition(" ")[0]) for call in _offered(table, "auction") if call[:1].isdigit()]
    return (
        FieldSpec("bid", "bid", most=max(levels, default=9)),
        FieldSpec("kind", "kind", most=len(bid_kinds(table))),
        FieldSpec("declaration", "trump", most=len(declarations(table))),
        FieldSpec("tricks", "took"),
    )


def _contract_entry(values: RowValues, row: RowContext) -> dict[str, object] | None:
    """The hand as the deal screen enters it when one call wins: the bidding side's first caller in
    the bidding order bids the contract, every other player passes; then its declaration and the
    tricks it took."""
    if all(value is None for field in values.values() for value in field):
        return None
    bidders = [side for side, level in enumerate(values["bid"]) if level is not None]
    if len(bidders) != 1 or row.teams is None or row.facts is None:
        raise InvalidBid("paper_one_contract", field="auction")
    side = bidders[0]
    kind, declared = values["kind"][side], values["declaration"][side]
    contract = f"{values['bid'][side]} {bid_kinds(row.table)[kind - 1] if kind else ''}".strip()
    caller = next(seat for seat in row.facts.bidding_order if seat in row.teams[side])
    data: dict[str, object] = {
        "auction": [contract if seat == caller else "pass" for seat in row.facts.bidding_order]
    }
    if declared:
        data["declaration"] = declarations(row.table)[declared - 1]
    tricks = values["tricks"][side]
    if tricks is not None:
        data["tricks"] = tricks
    return data


READABLE: dict[str, Readable] = {
    "exact_bids": Readable(
        fields=(FieldSpec("bid", "bid"), FieldSpec("tricks", "took")), free="total", entry=_exact_entry
    ),
    "partnership_tricks": SIDE_TRICKS,
    "two_hand_tricks": SIDE_TRICKS,
    "oneonta_bids": Readable(
        fields=(),
        free="total",
        entry=_oneonta_entry,
        required=_oneonta_required,
        fields_for=_oneonta_fields,
        how=Text("paper_how_oneonta"),
    ),
    "bid_whist_auction": Readable(
        fields=(),
        free="total",
        entry=_contract_entry,
        per_side=True,
        most=_counted_tricks,
        required=_nothing_required,
        fixed=CONTRACT_FIXED,
        fields_for=_contract_fields,
        how=Text("paper_how_contract"),
    ),
}

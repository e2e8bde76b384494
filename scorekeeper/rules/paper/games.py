"""A game's sheet made to be read: its grid, and each deal's reading checked by the engine.

Which games' sheets can be read is declared per kind of entry (``READABLE``): for the bid-exactly
family (Oh Hell and its relatives, Nomination and Romanian Whist) each player writes a bid and the
tricks taken, each in a box per digit; where one side's tricks make the deal (Classic Whist's
partnerships, German Whist's two players) each side writes the tricks it took, and the deal is
entered as the deal screen enters it, one side's count (the other's, when written too, must make
up the tricks the deal counts). A deal's reading becomes that family's entry and goes
through the engine like any entry typed on the phone (``Game.record``): whatever the engine
refuses — tricks that do not add up to the cards dealt, bids that meet the hook, a bid above the
cards — points at the values it names, for the confirm screen to ask about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from ..errors import HookViolation, InvalidBid, InvalidTricks, RuleViolation
from ..game import Game, NumberedEntry
from ..rulebook import deal_plan
from ..state import DealFacts
from ..table import Table
from ..text import Text
from .identity import SheetId
from .sheet import FieldSpec, GridSpec, RowSpec, SheetPage, page_at, paper_size

# The fixed columns of a game's sheet, left to right, and their widths in millimetres.
GAME_FIXED = (("deal", 8.0), ("cards", 8.0), ("dealer", 26.0), ("trump", 14.0))
# A sheet with a column per side has room to spare: the dealer's reminders get it, on two lines.
SIDE_FIXED = (("deal", 8.0), ("cards", 8.0), ("dealer", 60.0), ("trump", 18.0))

Values = Mapping[str, int | None]
RowValues = Mapping[str, list[int | None]]


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
    entry: Callable[[RowValues, int], dict[str, object] | None]
    per_side: bool = False
    most: Callable[[Table, DealFacts], int] = _cards
    required: Callable[[Mapping[str, object]], set[str]] = _exact_required
    fixed: tuple[tuple[str, float], ...] = GAME_FIXED
    fields_for: Callable[[Table], tuple[FieldSpec, ...]] | None = None
    how: Text | None = None

    def fields_of(self, table: Table) -> tuple[FieldSpec, ...]:
        """The fields each column of ``table``'s sheet holds."""
        return self.fields if self.fields_for is None else self.fields_for(table)


def _exact_entry(values: RowValues, most: int) -> dict[str, object] | None:
    bids, tricks = values["bid"], values["tricks"]
    if all(value is None for value in (*bids, *tricks)):
        return None
    data: dict[str, object] = {"bids": bids}
    if any(value is not None for value in tricks):
        data["tricks"] = tricks
    return data


def _side_entry(values: RowValues, most: int) -> dict[str, object] | None:
    """One side's tricks, as the deal screen enters them: the first side's when written, else the
    second's; when both are written, they must make up the deal's tricks."""
    written = [(side, tricks) for side, tricks in enumerate(values["tricks"]) if tricks is not None]
    if not written:
        return None
    if len(written) > 1 and sum(tricks for _, tricks in written) != most:
        raise InvalidTricks("tricks_total", total=sum(tricks for _, tricks in written), cards=most)
    side, tricks = written[0]
    return {"tricks": tricks, "side": side} if side else {"tricks": tricks}


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
    fields=(FieldSpec("tricks", "took"),),
    free="total",
    entry=_side_entry,
    per_side=True,
    most=_counted_tricks,
    required=_nothing_required,
    fixed=SIDE_FIXED,
)


def _bid_choices(table: Table) -> tuple[str, ...]:
    """The bids the engine offers the first deal's bidders, as the deal screen's chips ("7", "N3",
    "N", "7D": a null marked N, with its value if nulls have one, a double marked D)."""
    game = Game(table)
    for ahead in table.variant.engine.foresee(table, game.state, 1).deals:
        for phase in ahead.phases:
            for rule in phase.rules:
                if rule.kind == "one_of" and rule.field == "bids":
                    return tuple(str(choice) for choice in rule.choices)
    return ()


def _oneonta_fields(table: Table) -> tuple[FieldSpec, ...]:
    """A positive bid's tricks, a null's value (0 where a null stakes none), a double where the
    table plays doubling (1 to double), and the tricks taken."""
    choices = _bid_choices(table)
    valued = [
        int(choice[1:].rstrip("D")) for choice in choices if choice[:1] == "N" and choice[1:2].isdigit()
    ]
    fields = [FieldSpec("bid", "bid"), FieldSpec("null", "null", most=max(valued, default=0))]
    if any(choice.endswith("D") for choice in choices):
        fields.append(FieldSpec("double", "double", most=1))
    return (*fields, FieldSpec("tricks", "took"))


def _oneonta_entry(values: RowValues, most: int) -> dict[str, object] | None:
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
}


def readable(table: Table) -> bool:
    """True when the table's sheets are printed to be read back."""
    return table.variant.engine.input_kind in READABLE


def columns_are_sides(table: Table) -> bool:
    """True when the sheet's columns are the sides (partnerships, or a two-hand game's players)."""
    return READABLE[table.variant.engine.input_kind].per_side


def column_count(table: Table) -> int:
    """How many columns the sheet has: one per player, or one per side."""
    if columns_are_sides(table):
        teams = Game(table).state.teams
        return len(teams) if teams is not None else table.size
    return table.size


def game_grid(table: Table, rows: int) -> GridSpec:
    """The grid of a sheet for ``table``: one row per deal (the game's deals, or ``rows`` for a game
    played to a score), a column per player or side."""
    declared = READABLE[table.variant.engine.input_kind]
    plan = deal_plan(table, shown=rows)
    count = len(plan.deals) if not plan.open_ended else rows
    specs = []
    for number in range(1, count + 1):
        facts = plan.deals[number - 1] if number <= len(plan.deals) else plan.deals[-1]
        specs.append(RowSpec(number=number, most=declared.most(table, facts), left_out=facts.sitting_out))
    return GridSpec(
        fixed=declared.fixed,
        columns=column_count(table),
        fields=declared.fields_of(table),
        free_label=declared.free,
        rows=tuple(specs),
    )


def page_of(table: Table, identity: SheetId) -> SheetPage:
    """The page of ``table``'s sheet that ``identity`` (its QR code) describes, every box in place."""
    spec = game_grid(table, identity.rows)
    paper = paper_size(identity.paper, identity.orientation)
    return page_at(
        spec, paper, number=identity.page, first=identity.first, last=identity.last, top=identity.top
    )


@dataclass(frozen=True, slots=True)
class RowCheck:
    """What the engine made of one row: ``state`` is "new" (to record), "same" (recorded already, and
    the sheet agrees), "changed" (recorded otherwise: the sheet's values correct it), "empty"
    (nothing written), "refused" (``refusal`` says why; ``flagged`` are the fields it points at) or
    "waiting" (after a refused row: checked once that one is right)."""

    number: int
    state: str
    refusal: RuleViolation | None = None
    flagged: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PageCheck:
    """A page's rows as the engine judged them, and the game with every accepted row recorded."""

    rows: tuple[RowCheck, ...]
    game: Game
    to_record: tuple[tuple[int, dict[str, object]], ...]

    @property
    def refused(self) -> bool:
        """True when a row was refused (or waits behind one)."""
        return any(row.state in ("refused", "waiting") for row in self.rows)

    @property
    def flagged(self) -> frozenset[str]:
        """Every field a refusal points at."""
        return frozenset(key for row in self.rows for key in row.flagged)


def check_game_page(game: Game, page: SheetPage, values: Values) -> PageCheck:
    """Check each row of ``page`` in order, as ``values`` (by field key) read it, against ``game``:
    each row becomes its deal's entry and is recorded with the engine, or refused with the reason."""
    table = game.table
    declared = READABLE[table.variant.engine.input_kind]
    engine = table.variant.engine
    columns = column_count(table)
    rows: list[RowCheck] = []
    to_record: list[tuple[int, dict[str, object]]] = []
    blocked = False
    for row in page.rows:
        per_field = {
            spec.what: [values.get(f"{row.number}.{column}.{spec.what}") for column in range(columns)]
            for spec in declared.fields_of(table)
        }
        # Values that make no entry (two sides' tricks that do not add up) are refused like the
        # engine's refusals, in the row's turn.
        unmade: RuleViolation | None = None
        try:
            data = declared.entry(per_field, row.most)
        except RuleViolation as refused:
            data, unmade = {}, refused
        if data is None:
            rows.append(RowCheck(number=row.number, state="empty"))
            continue
        if blocked:
            rows.append(RowCheck(number=row.number, state="waiting"))
            continue
        missing = _missing(page, row.number, values, declared.required(data))
        try:
            if unmade is not None:
                raise unmade
            if missing:
                raise RuleViolation("paper_values_missing", field="paper", count=len(missing))
            entry = cast(NumberedEntry, engine.read_entry(row.number, data))
            recorded = len(game.entries) >= row.number
            if recorded and engine.write_entry(game.entries[row.number - 1]) == engine.write_entry(entry):
                rows.append(RowCheck(number=row.number, state="same"))
                continue
            game = game.record(entry)
        except RuleViolation as refused:
            flagged = missing or _pointed_at(page, row.number, refused)
            rows.append(RowCheck(number=row.number, state="refused", refusal=refused, flagged=flagged))
            blocked = True
            continue
        rows.append(RowCheck(number=row.number, state="changed" if recorded else "new"))
        to_record.append((row.number, data))
    return PageCheck(rows=tuple(rows), game=game, to_record=tuple(to_record))


def _missing(page: SheetPage, number: int, values: Values, wanted: set[str]) -> tuple[str, ...]:
    """The fields of a written row left empty of those it must fill (``wanted``)."""
    return tuple(
        field.key
        for field in page.fields
        if field.row == number and field.what in wanted and values.get(field.key) is None
    )


FIELD_OF_INPUT = {"bids": "bid", "tricks": "tricks"}
# The other fields a refusal of the input points at with it (a null or a double is part of a bid).
ALSO_POINTED_AT = {"bid": ("null", "double")}


def _pointed_at(page: SheetPage, number: int, refused: RuleViolation) -> tuple[str, ...]:
    """The row's fields a refusal points at: the one player's value it names, or every value of the
    kind it is about (the hook and a wrong total are about all of them), or the whole row."""
    fields = [field for field in page.fields if field.row == number]
    what = FIELD_OF_INPUT.get(refused.field or "")
    if what is None:
        return tuple(field.key for field in fields)
    whats = {what, *ALSO_POINTED_AT.get(what, ())}
    if refused.seat is not None and not isinstance(refused, HookViolation):
        named = [field.key for field in fields if field.what in whats and field.column == refused.seat]
        if named:
            return tuple(named)
    return tuple(field.key for field in fields if field.what in whats)


def row_text(check: RowCheck) -> Text | None:
    """What the confirm screen says of a row that is not simply new: as a text to word."""
    if check.state == "refused" and check.refusal is not None:
        return check.refusal.text
    if check.state in ("same", "changed", "waiting"):
        return Text(f"paper_row_{check.state}", number=check.number)
    return None

"""A game's sheet made to be read: its grid, and each deal's reading checked by the engine.

Which games' sheets can be read is declared per kind of entry (``READABLE``, in
:mod:`.families`): each player's bid and tricks in the bid-exactly family; a positive bid, a null's
value, a double and the tricks in Oneonta; each side's tricks in Classic and German Whist; the
winning side's contract (bid, kind, trump by number) and tricks in Bid Whist. A deal's reading
becomes that family's entry and goes through the engine like any entry typed on the phone
(``Game.record``): whatever the engine
refuses — tricks that do not add up to the cards dealt, bids that meet the hook, a bid above the
cards — points at the values it names, for the confirm screen to ask about.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from ..errors import HookViolation, RuleViolation
from ..game import Game, NumberedEntry
from ..rulebook import deal_plan
from ..state import DealFacts
from ..table import Table
from ..text import Text
from .families import READABLE, RowContext
from .identity import SheetId
from .sheet import GridSpec, RowSpec, SheetPage, page_at, paper_size

Values = Mapping[str, int | None]


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
    teams = game.state.teams
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
        context = RowContext(table=table, most=row.most, facts=_facts_of(game, row.number), teams=teams)
        try:
            data = declared.entry(per_field, context)
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


def _facts_of(game: Game, number: int) -> DealFacts | None:
    """Deal ``number``'s facts: as recorded, or the deal due (None past the game's end)."""
    deals = game.state.deals
    return deals[number - 1].facts if number <= len(deals) else game.state.current


def _missing(page: SheetPage, number: int, values: Values, wanted: set[str]) -> tuple[str, ...]:
    """The fields of a written row left empty of those it must fill (``wanted``)."""
    return tuple(
        field.key
        for field in page.fields
        if field.row == number and field.what in wanted and values.get(field.key) is None
    )


FIELD_OF_INPUT = {
    "bids": "bid",
    "auction": "bid",
    "declaration": "declaration",
    "tricks": "tricks",
    "honours": "honours",
}
# The other fields a refusal of the input points at with it (a null or a double is part of a bid).
ALSO_POINTED_AT = {"bid": ("null", "double", "kind", "declaration")}


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

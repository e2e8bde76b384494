"""A game as a file: JSON of its inputs (re-playable) and CSV of its sheet."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from typing import Any

from ..rules import Game, RuleViolation
from ..store import StoredGame
from .json_input import NotJson, UnreadableJson, read_json
from .view import side_names

FORMAT = "scorekeeper/game"
FORMAT_VERSION = 1

# A spreadsheet runs a cell that starts with one of these as a formula (OWASP's list);
# an apostrophe, which spreadsheets read as "this is text", starts such a cell instead.
# A cell that already starts with an apostrophe gets another, so the rule is reversible:
# take off one leading apostrophe and the original text is back.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def export_json(record: StoredGame, game: Game) -> dict[str, Any]:
    """The game's table and every deal's inputs: importing it replays the same sheet."""
    engine = game.table.variant.engine
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "variant": game.table.variant.code,
        "options": dict(game.table.options),
        "players": list(game.table.players),
        "first_dealer": game.table.first_dealer,
        "deals": [engine.write_entry(entry) for entry in game.entries],
        "abandoned": record.abandoned_at is not None,
    }


class UnreadableFile(RuleViolation):
    """A file that cannot be read as JSON at all (refused as a bad request, 400)."""

    field = "file"


def read_file(raw: bytes) -> object:
    """The JSON an uploaded file holds. Raises UnreadableFile with the reason."""
    try:
        return read_json(raw)
    except NotJson:
        raise UnreadableFile("That file is not JSON exported from Scorekeeper") from None
    except UnreadableJson as unreadable:
        raise UnreadableFile(f"That file cannot be a game. {unreadable.message}") from None


def read_export(data: object) -> tuple[dict[str, Any], list[Mapping[str, Any]]]:
    """Check an exported game's shape; return its table and its deals. Raises RuleViolation."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("This is not a game exported from Scorekeeper", field="file")
    if data.get("format_version") != FORMAT_VERSION:
        raise RuleViolation(
            f"This file's format version is {data.get('format_version')!r}, not 1", field="file"
        )
    deals = data.get("deals", [])
    if not isinstance(deals, list) or not all(isinstance(deal, dict) for deal in deals):
        raise RuleViolation("The file's deals must be a list of deals", field="file")
    table = {
        "variant": data.get("variant"),
        "players": data.get("players"),
        "first_dealer": data.get("first_dealer", 0),
        "options": data.get("options") or {},
    }
    if not isinstance(table["variant"], str) or not isinstance(table["players"], list):
        raise RuleViolation("The file needs a variant and a list of players", field="file")
    if not isinstance(table["first_dealer"], int) or not isinstance(table["options"], dict):
        raise RuleViolation(
            "The file's first dealer must be a seat number and its options an object", field="file"
        )
    return table, deals


CSV_HEADER = ("deal", "cards", "dealer", "trump", "player", "bid", "tricks", "points", "total")


def export_csv(game: Game) -> str:
    """One row per deal per player (per partnership where partners score together)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    writer.writerows(csv_rows(game))
    return out.getvalue()


def csv_rows(game: Game) -> Iterator[list[object]]:
    """The CSV's rows after its header (CSV_HEADER), each cell safe for a spreadsheet."""
    state = game.state
    engine = game.table.variant.engine
    names = side_names(game)
    for deal, entry in zip(state.deals, game.entries, strict=True):
        inputs = engine.write_entry(entry)
        trump = deal.trump.value if deal.trump is not None else ""
        dealer = game.table.players[deal.facts.dealer]
        for side, name in enumerate(names):
            points = "" if deal.points is None or deal.points[side] is None else deal.points[side]
            total = "" if deal.totals is None else deal.totals[side]
            row = [
                deal.number,
                deal.facts.cards,
                dealer,
                trump,
                name,
                _cell(inputs.get("bids"), side),
                _cell(inputs.get("tricks"), side),
                points,
                total,
            ]
            yield [spreadsheet_cell(cell) for cell in row]


def spreadsheet_cell(value: object) -> object:
    """A CSV cell no spreadsheet runs as a formula: text starting with ``= + - @``, a tab
    or a carriage return gets a leading apostrophe; numbers (negative ones too) stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS) and not _WHOLE_NUMBER.fullmatch(value):
        return "'" + value
    return value


def _cell(value: object, side: int) -> str:
    """A per-seat input's value for one side; a single value (a side's tricks) as it is."""
    if isinstance(value, list):
        item = value[side] if side < len(value) else None
    else:
        item = value if side == 0 else None
    if item is None:
        return ""
    if isinstance(item, dict):
        kind = "null " if item.get("kind") == "null" else ""
        doubled = " doubled" if item.get("doubled") else ""
        return f"{kind}{item.get('value') if item.get('value') is not None else ''}{doubled}".strip()
    return str(item)

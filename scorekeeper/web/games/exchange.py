"""A game as a file: JSON of its inputs (re-playable) and CSV of its sheet.

The JSON format itself (writing a game's document, checking and reading one back) is the games
store's (games/files.py), shared with a table's and a club's files; it is named here too, for the
game's pages and the other rooms that reach it through this package. What is the web's stays
here: reading an uploaded file's JSON (uploads.py reads it within its bounds first), and the CSV,
whose event notes are worded for the reader.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence

from ...games.files import FORMAT, FORMAT_VERSION, FORMAT_VERSION_WITH_EVENTS, export_json, read_export
from ...rules import EventState, Game, RuleViolation
from ..json_input import NotJson, UnreadableJson, read_json
from ..wording import say

__all__ = [
    "CSV_HEADER",
    "FORMAT",
    "FORMAT_VERSION",
    "FORMAT_VERSION_WITH_EVENTS",
    "UnreadableFile",
    "csv_rows",
    "export_csv",
    "export_json",
    "read_export",
    "read_file",
    "spreadsheet_cell",
]

# A spreadsheet runs a cell that starts with one of these as a formula (OWASP's list);
# an apostrophe, which spreadsheets read as "this is text", starts such a cell instead.
# A cell that already starts with an apostrophe gets another, so the rule is reversible:
# take off one leading apostrophe and the original text is back.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


class UnreadableFile(RuleViolation):
    """A file that cannot be read as JSON at all (refused as a bad request, 400)."""

    field = "file"


def read_file(raw: bytes) -> object:
    """The JSON an uploaded file holds. Raises UnreadableFile with the reason."""
    try:
        return read_json(raw)
    except NotJson:
        raise UnreadableFile("file_not_json") from None
    except UnreadableJson as unreadable:
        raise UnreadableFile("file_unreadable", reason=unreadable.text) from None


CSV_HEADER = ("deal", "cards", "dealer", "trump", "player", "bid", "tricks", "points", "total")


def export_csv(game: Game) -> str:
    """One row per deal per player (per partnership where partners score together).

    A game with table events adds a "note" column and a row for each event, after
    the deal it followed, naming the player or side it concerns and its points.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*CSV_HEADER, "note"] if game.state.life is not None else CSV_HEADER)
    writer.writerows(csv_rows(game))
    return out.getvalue()


def csv_rows(game: Game) -> Iterator[list[object]]:
    """The CSV's rows after its header (CSV_HEADER, and "note" when the game has table events),
    each cell safe for a spreadsheet."""
    state = game.state
    engine = game.table.variant.engine
    life = state.life
    events = list(life.events) if life is not None else []
    for deal, entry in zip(state.deals, game.entries, strict=True):
        while events and events[0].after_deal < deal.number:
            yield [spreadsheet_cell(cell) for cell in _event_row(game, events.pop(0))]
        inputs = engine.write_entry(entry)
        trump = deal.trump.value if deal.trump is not None else ""
        players = life.names_at(deal.number) if life is not None else game.table.players
        names = _side_names(players, state.teams)
        for side, name in enumerate(names):
            points = "" if deal.points is None or deal.points[side] is None else deal.points[side]
            total = "" if deal.totals is None else deal.totals[side]
            row = [
                deal.number,
                deal.facts.cards,
                players[deal.facts.dealer],
                trump,
                name,
                _cell(inputs.get("bids"), side),
                _cell(inputs.get("tricks"), side),
                points,
                total,
            ]
            cells = [*row, ""] if life is not None else row
            yield [spreadsheet_cell(cell) for cell in cells]
    for event in events:
        yield [spreadsheet_cell(cell) for cell in _event_row(game, event)]


def _side_names(players: Sequence[str], teams: Sequence[Sequence[int]] | None) -> list[str]:
    if teams is None:
        return list(players)
    return [" & ".join(players[seat] for seat in team) for team in teams]


def _event_row(game: Game, event: EventState) -> list[object]:
    """A table event as a row: after which deal, whom it concerns, its points and its words."""
    state = game.state
    assert state.life is not None
    # The players of the deal a revoke was found in; for the others, of the deal after the event.
    names = state.life.names_at(event.after_deal + (0 if event.event.kind == "revoke" else 1))
    who = ""
    if event.side is not None:
        who = _side_names(names, state.teams)[event.side]
    elif event.seat is not None:
        who = names[event.seat]
    points = "" if event.points is None else event.points
    return [event.after_deal, "", "", "", who, "", "", points, "", say(event.text)]


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

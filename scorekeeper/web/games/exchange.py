"""A game as a file: JSON of its inputs (re-playable) and CSV of its sheet.

The JSON keeps the deals under "deals", as always; a game with table events
adds them under "events", each with ``after_deal`` (how many deals were
recorded before it), and says so with format version 2, so that an older
reader refuses it rather than lose them.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...games.store import StoredGame
from ...rules import EventState, Game, RuleViolation
from ..json_input import NotJson, UnreadableJson, read_json
from ..wording import say

FORMAT = "scorekeeper/game"
FORMAT_VERSION = 1
FORMAT_VERSION_WITH_EVENTS = 2

# A spreadsheet runs a cell that starts with one of these as a formula (OWASP's list);
# an apostrophe, which spreadsheets read as "this is text", starts such a cell instead.
# A cell that already starts with an apostrophe gets another, so the rule is reversible:
# take off one leading apostrophe and the original text is back.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def export_json(record: StoredGame, game: Game) -> dict[str, Any]:
    """The game's table, every deal's inputs and the table events: importing it replays the same sheet."""
    engine = game.table.variant.engine
    exported: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "variant": game.table.variant.code,
        "options": dict(game.table.options),
        "players": list(game.table.players),
        "first_dealer": game.table.first_dealer,
        "deals": [engine.write_entry(entry) for entry in game.entries],
        "abandoned": record.abandoned_at is not None,
    }
    if game.events:
        exported["format_version"] = FORMAT_VERSION_WITH_EVENTS
        exported["events"] = _events(game)
    return exported


def _events(game: Game) -> list[dict[str, Any]]:
    """Each table event's inputs, with the number of deals recorded before it."""
    events, deals = [], 0
    for data in game.log_data():
        if "event" in data:
            events.append({"after_deal": deals, **data})
        else:
            deals += 1
    return events


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


def read_export(data: object) -> tuple[dict[str, Any], list[Mapping[str, Any]]]:
    """Check an exported game's shape; return its table and its log (deals and events in the order
    they were recorded). Raises RuleViolation."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("file_not_export", field="file")
    version = data.get("format_version")
    if version not in (FORMAT_VERSION, FORMAT_VERSION_WITH_EVENTS) or isinstance(version, bool):
        raise RuleViolation("file_version", field="file", value=repr(version))
    deals = data.get("deals", [])
    if not isinstance(deals, list) or not all(isinstance(deal, dict) for deal in deals):
        raise RuleViolation("file_deals_not_list", field="file")
    if any("event" in deal for deal in deals):
        raise RuleViolation("file_events_in_deals", field="file")
    events = data.get("events", []) if version == FORMAT_VERSION_WITH_EVENTS else []
    table = {
        "variant": data.get("variant"),
        "players": data.get("players"),
        "first_dealer": data.get("first_dealer", 0),
        "options": data.get("options") or {},
    }
    if not isinstance(table["variant"], str) or not isinstance(table["players"], list):
        raise RuleViolation("file_table_missing", field="file")
    if not isinstance(table["first_dealer"], int) or not isinstance(table["options"], dict):
        raise RuleViolation("file_table_shape", field="file")
    return table, _interleave(deals, events)


def _interleave(deals: list[Mapping[str, Any]], events: object) -> list[Mapping[str, Any]]:
    """The log: each event after the deal its ``after_deal`` names, in the file's order."""
    if not isinstance(events, list) or not all(isinstance(event, dict) for event in events):
        raise RuleViolation("file_events_shape", field="file")
    log: list[Mapping[str, Any]] = []
    done = 0
    for event in events:
        after = event.get("after_deal")
        if isinstance(after, bool) or not isinstance(after, int) or not done <= after <= len(deals):
            raise RuleViolation("file_events_shape", field="file")
        log.extend(deals[done:after])
        done = after
        log.append({key: value for key, value in event.items() if key != "after_deal"})
    log.extend(deals[done:])
    return log


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

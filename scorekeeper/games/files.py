"""A game's JSON file format: its document written from a game, and a document checked and read back.

The JSON keeps the deals under "deals", as always; a game with table events
adds them under "events", each with ``after_deal`` (how many deals were
recorded before it), and says so with format version 2, so that an older
reader refuses it rather than lose them.

The format lives here, below the web, so that every store that writes or reads
a game's document (a table's file, groups/files.py; a club's, through it) and
the game's own download (web/games/exchange.py) share it. Refusals are
RuleViolation codes (field "file"); their words are the words layer's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..rules import Game, RuleViolation
from .store import StoredGame

FORMAT = "scorekeeper/game"
FORMAT_VERSION = 1
FORMAT_VERSION_WITH_EVENTS = 2


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
    if game.events:  # the log is written again only for a game that has events to add
        add_events(exported, game.log_data())
    return exported


def add_events(exported: dict[str, Any], log: Iterable[Mapping[str, Any]]) -> None:
    """Put the log's table events into a game's document, each with the number of deals recorded
    before it, and raise its format version to say so; a log without events leaves it as it is
    (so a file without events still reads on a server that knows only version 1)."""
    events: list[dict[str, Any]] = []
    deals = 0
    for data in log:
        if "event" in data:
            events.append({"after_deal": deals, **data})
        else:
            deals += 1
    if events:
        exported.update(format_version=FORMAT_VERSION_WITH_EVENTS, events=events)


def read_export(data: object) -> tuple[dict[str, Any], list[Mapping[str, Any]]]:
    """Check an exported game's shape; return its table and its log (deals and events in the order
    they were recorded). Raises RuleViolation."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("file_not_export", field="file")
    version = data.get("format_version")
    if version not in (FORMAT_VERSION, FORMAT_VERSION_WITH_EVENTS) or isinstance(version, bool):
        # The refusal quotes what it found, cut short: a file may hold a megabyte where a number goes.
        raise RuleViolation("file_version", field="file", value=repr(version)[:20])
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

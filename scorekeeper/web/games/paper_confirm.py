"""The confirm screen of a photographed game sheet: each deal's values beside the photo's crop.

A value the classifier doubts or the engine's refusal points at is shown open, its choices in reach
(one tap fixes it); the others are shown read, and open with a tap. The values come from the
reading the first time, then from the form as the table corrected it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules import Game, Text
from ...rules.paper import PageCheck, SheetPage, columns_are_sides, row_text
from ...words import gettext, ngettext
from ...words._core import N_
from ..wording import declared, say
from .paper_print import coded_values
from .view import side_names

NOTHING = ""
FIELD_LABELS = {
    "bid": N_("Bid"),
    "null": N_("Null"),
    "double": N_("Double"),
    "kind": N_("Kind"),
    "declaration": N_("Trump"),
    "honours": N_("Honours"),
    "tricks": N_("Took"),
}


def stored_values(values: Mapping[str, Any]) -> dict[str, int | None]:
    """The values as read, by key, from a kept reading."""
    return {key: read["value"] for key, read in values.items()}


def form_values(form: Mapping[str, str], page: SheetPage) -> dict[str, int | None]:
    """The values as the confirm form sends them (``v-<key>``: a number, or "" for nothing)."""
    values: dict[str, int | None] = {}
    for field in page.fields:
        raw = form.get(f"v-{field.key}", NOTHING).strip()
        values[field.key] = int(raw) if raw.isdigit() and int(raw) <= field.most else None
    return values


def confirm_rows(
    game: Game,
    page: SheetPage,
    values: Mapping[str, int | None],
    reads: Mapping[str, Any],
    check: PageCheck,
    crop_of: Mapping[str, str],
    *,
    first_time: bool,
) -> list[dict[str, Any]]:
    """The confirm screen's rows: each deal with its state, and each player's (or side's) values to
    confirm."""
    table = game.table
    columns = side_names(game) if columns_are_sides(table) else list(table.players)
    coded = coded_values(table)
    deal_title = declared(table.variant.deal_word).title
    checks = {row.number: row for row in check.rows}
    flagged = check.flagged
    rows = []
    for spec in page.rows:
        row_check = checks[spec.number]
        note: Text | None = row_text(row_check)
        players: list[dict[str, Any]] = []
        for seat, name in enumerate(columns):
            fields = [field for field in page.fields if field.row == spec.number and field.column == seat]
            cells = []
            for field in fields:
                read = reads.get(field.key, {})
                doubt = (
                    read.get("doubt") if first_time or values.get(field.key) == read.get("value") else None
                )
                doubted = bool(doubt) and row_check.state != "same"
                cells.append(
                    {
                        "key": field.key,
                        "label": gettext(FIELD_LABELS[field.what]),
                        "what": field.what,
                        "value": values.get(field.key),
                        "choices": list(range(field.most + 1)),
                        # A number that stands for a word is shown with it ("1 ♠").
                        "meanings": dict(enumerate(coded.get(field.what, []), start=1)),
                        "crop": crop_of.get(field.key),
                        "doubt": say(Text(doubt["code"], **doubt["params"])) if doubted and doubt else None,
                        "refused": field.key in flagged,
                        "open": field.key in flagged or doubted,
                        "confidence": read.get("confidence"),
                    }
                )
            players.append({"seat": seat, "name": name, "cells": cells, "out": seat in spec.left_out})
        rows.append(
            {
                "number": spec.number,
                "title": ngettext(
                    "%(deal)s %(number)s · %(count)s card", "%(deal)s %(number)s · %(count)s cards", spec.most
                )
                % {"deal": deal_title, "number": spec.number, "count": spec.most},
                "cards": spec.most,
                "state": row_check.state,
                "note": say(note, table.variant) if note is not None else None,
                "players": players,
                "open": any(cell["open"] for player in players for cell in player["cells"]),
            }
        )
    return rows

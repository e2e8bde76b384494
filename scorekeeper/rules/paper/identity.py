"""What a sheet's QR code says it is: the layout, the page and its rows, and the game, table or drive.

The code holds a link to the app's page that reads photographs, so that a phone's camera opens it;
the link's query says what the reader needs to find the boxes (``SheetId``). It is written and read
here as plain pairs of strings, so the same identity comes back whatever the app's address.

A sheet printed for a game names the game (``game``); a blank sheet printed before any game names
the table it was printed for (variant, first dealer, options, and the players' names or only how
many), and reading it starts that game; a drive's table card names the drive and the table.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import RuleViolation
from .sheet import LAYOUT_VERSION, PAPER_SIZES

ORIENTATIONS = {"p": "portrait", "l": "landscape"}
MOST_NAMES = 12
MOST_ROWS = 200


class UnreadableSheet(RuleViolation):
    """The photo's QR code was read, but does not describe a sheet this app printed (or can read)."""


@dataclass(frozen=True, kw_only=True)
class SheetId:
    """One printed page: its layout version, paper, page number, the rows it holds (``first`` to
    ``last``) of the ``rows`` the sheet prints, where its grid starts (``top``, mm), and what it
    belongs to."""

    layout: int = LAYOUT_VERSION
    paper: str
    orientation: str
    page: int
    first: int
    last: int
    top: float
    rows: int
    game: str | None = None
    drive: str | None = None
    table: int | None = None
    variant: str | None = None
    first_dealer: int = 0
    players: tuple[str, ...] = ()
    count: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """ "game" (a game's sheet), "drive" (a drive's table card) or "blank" (a table's, no game yet)."""
        if self.game is not None:
            return "game"
        if self.drive is not None:
            return "drive"
        return "blank"

    def query(self) -> list[tuple[str, str]]:
        """The pairs the QR code's link carries, in a fixed order."""
        pairs = [
            ("l", str(self.layout)),
            ("pp", f"{self.paper}{self.orientation[0]}"),
            ("pg", str(self.page)),
            ("r", f"{self.first}-{self.last}-{self.rows}"),
            ("t", str(round(self.top * 10))),
        ]
        if self.game is not None:
            pairs.append(("g", self.game))
        elif self.drive is not None:
            pairs += [("dv", self.drive), ("tb", str(self.table))]
        else:
            assert self.variant is not None, "a blank sheet names its variant"
            pairs += [("v", self.variant), ("fd", str(self.first_dealer))]
            if self.players:
                pairs += [("p", name) for name in self.players]
            else:
                pairs.append(("n", str(self.count)))
            if self.options:
                pairs.append(("o", json.dumps(dict(self.options), sort_keys=True, separators=(",", ":"))))
        return pairs


def read_sheet_id(pairs: Sequence[tuple[str, str]]) -> SheetId:
    """The identity in a QR code's query pairs; UnreadableSheet ("paper_not_a_sheet") when they do
    not describe a page this app prints."""
    values: dict[str, str] = {}
    names: list[str] = []
    for key, value in pairs:
        if key == "p":
            names.append(value)
        else:
            values.setdefault(key, value)
    try:
        return _read(values, names)
    except (KeyError, ValueError, TypeError):
        raise UnreadableSheet("paper_not_a_sheet") from None


def _read(values: dict[str, str], names: list[str]) -> SheetId:
    layout = int(values["l"])
    if layout != LAYOUT_VERSION:
        raise UnreadableSheet("paper_layout_unknown", layout=layout)
    paper, turned = values["pp"][:-1], ORIENTATIONS[values["pp"][-1]]
    if paper not in PAPER_SIZES:
        raise ValueError(paper)
    first, last, rows = (int(part) for part in values["r"].split("-"))
    page = int(values["pg"])
    if not (1 <= first <= last <= rows <= MOST_ROWS and 1 <= page <= MOST_ROWS) or len(names) > MOST_NAMES:
        raise ValueError("rows")
    common: dict[str, Any] = {
        "layout": layout,
        "paper": paper,
        "orientation": turned,
        "page": page,
        "first": first,
        "last": last,
        "rows": rows,
        "top": int(values["t"]) / 10,
    }
    if "g" in values:
        return SheetId(game=values["g"], **common)
    if "dv" in values:
        return SheetId(drive=values["dv"], table=int(values["tb"]), **common)
    options = json.loads(values.get("o", "{}"))
    if not isinstance(options, dict):
        raise ValueError("options")
    return SheetId(
        variant=values["v"],
        first_dealer=int(values["fd"]),
        players=tuple(names),
        count=None if names else int(values["n"]),
        options=options,
        **common,
    )

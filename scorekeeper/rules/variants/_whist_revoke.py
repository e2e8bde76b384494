"""A revoke found after a deal of Classic Whist (RULES.md §9): the Laws of Whist, and the other side's
choice of penalty.

The other side chooses: three tricks taken from the revoking side and added to
its own (``"tricks"``, the default), or 3 points added to its own score
(``"points"``). Either way the revoking side cannot reach the target on that
deal, whatever it makes; both sides revoking, the deal is void and the same
dealer deals it again (it is not a misdeal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..events import RevokePenalty
from ..seating import RevokeMark
from ..table import Table
from ..text import Param, Text
from ._partnership import team_name, team_of
from ._whist_rules import REVOKE_TRICKS

REVOKE_POINTS = 3
WHIST_REVOKE_PENALTIES: tuple[RevokePenalty, ...] = ("tricks", "points")
"""The other side's choices of what a revoke costs; the first is the default."""


@dataclass(frozen=True, kw_only=True, slots=True)
class WhistRevoke:
    """What a revoke does to a deal before it is scored.

    ``tricks`` are the tricks as scored (three moved, or as played);
    ``bonus`` the points each side gains besides its tricks (3 for the other
    side under ``"points"``); ``blocked`` the side that cannot reach the
    target on this deal (None when the deal is dealt again).
    """

    mark: RevokeMark
    tricks: tuple[int, int]
    bonus: tuple[int, int] = (0, 0)
    blocked: int | None = None


def whist_revoke(
    players: Sequence[str],
    number: int,
    revokers: tuple[int, ...],
    tricks: tuple[int, int],
    target: int,
    penalty: RevokePenalty | None,
) -> WhistRevoke:
    """The Laws of Whist on a revoke found after deal ``number``, with the other side's ``penalty``
    (None: the default, three tricks)."""
    sides = sorted({team_of(seat) for seat in revokers})
    who = tuple(players[seat] for seat in revokers)
    if len(sides) == 2:
        text = Text("revoke_whist_both_sides", who=who, number=number)
        mark = RevokeMark(seats=revokers, redeal=True, penalty=None, text=text)
        return WhistRevoke(mark=mark, tricks=tricks)
    side = sides[0]
    names: dict[str, Param] = {
        "to": team_name(players, 1 - side),
        "side": team_name(players, side),
        "target": target,
    }
    if penalty == "points":
        text = Text("revoke_whist_points", who=who, number=number, points=REVOKE_POINTS, **names)
        bonus = (0, REVOKE_POINTS) if side == 0 else (REVOKE_POINTS, 0)
        mark = RevokeMark(seats=revokers, redeal=False, penalty=None, text=text)
        return WhistRevoke(mark=mark, tricks=tricks, bonus=bonus, blocked=side)
    moved = min(REVOKE_TRICKS, tricks[side])
    changed = [tricks[0], tricks[1]]
    changed[side] -= moved
    changed[1 - side] += moved
    text = Text("revoke_whist_tricks", who=who, number=number, moved=moved, **names)
    mark = RevokeMark(seats=revokers, redeal=False, penalty=None, text=text)
    return WhistRevoke(mark=mark, tricks=(changed[0], changed[1]), blocked=side)


def whist_revoke_law(table: Table) -> Text:
    """The Laws of Whist on a revoke, with the other side's choice, for the table's target."""
    return Text("law_whist_revoke_choice", play_to=int(table.options.choice("play_to")), points=REVOKE_POINTS)

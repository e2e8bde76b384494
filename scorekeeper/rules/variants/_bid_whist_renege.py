"""A renege (revoke) found after a hand of Bid Whist (RULES.md §9): the option ``renege_penalty``."""

from __future__ import annotations

from collections.abc import Sequence

from ..options import Options
from ..revoke import names_of
from ..seating import RevokeMark
from ..table import Table
from ._partnership import team_name, team_of

RENEGE_BOOKS = 3


def renege(
    options: Options,
    players: Sequence[str],
    number: int,
    revokers: tuple[int, ...],
    bidders: int,
    tricks: int,
    *,
    in_play: int,
) -> tuple[RevokeMark, int]:
    """A renege found after the hand (RULES.md §9): ``renege_penalty`` moves three books, or every
    book, from the reneging side to the other; both sides reneging, the hand is dealt again.
    Returns the mark and the bidders' tricks as scored (the kitty stays the bidders' book)."""
    sides = {team_of(seat) for seat in revokers}
    who = names_of(players, revokers)
    if len(sides) == 2:
        text = f"{who} reneged in hand {number}: both sides reneged, so the hand is dealt again"
        return RevokeMark(seats=revokers, redeal=True, penalty=None, text=text), tricks
    side = sides.pop()
    every = options.choice("renege_penalty") == "all_books"
    won = tricks if side == bidders else in_play - tricks
    moved = won if every else min(RENEGE_BOOKS, won)
    scored = tricks - moved if side == bidders else tricks + moved
    noun = "book goes" if moved == 1 else "books go"
    text = f"{who} reneged in hand {number}: {moved} {noun} to {team_name(players, 1 - side)}"
    return RevokeMark(seats=revokers, redeal=False, penalty=None, text=text), scored


def renege_law(table: Table) -> str:
    """What a renege costs under the table's ``renege_penalty``, in words."""
    if table.options.choice("renege_penalty") == "all_books":
        moved = "every book the reneging side won goes to the other side"
    else:
        moved = "three books go from the reneging side to the other"
    return (
        f"A renege found after a hand: {moved}, counted before the contract is judged; both sides "
        "reneging, the hand is dealt again"
    )

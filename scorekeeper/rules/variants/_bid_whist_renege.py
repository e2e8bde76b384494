"""A renege (revoke) found after a hand of Bid Whist (RULES.md §9): the option ``renege_penalty``."""

from __future__ import annotations

from collections.abc import Sequence

from ..options import Options
from ..seating import RevokeMark
from ..table import Table
from ..text import Text
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
    who = tuple(players[seat] for seat in revokers)
    if len(sides) == 2:
        text = Text("renege_both_sides", who=who, number=number)
        return RevokeMark(seats=revokers, redeal=True, penalty=None, text=text), tricks
    side = sides.pop()
    every = options.choice("renege_penalty") == "all_books"
    won = tricks if side == bidders else in_play - tricks
    moved = won if every else min(RENEGE_BOOKS, won)
    scored = tricks - moved if side == bidders else tricks + moved
    text = Text("renege_books", who=who, number=number, moved=moved, to=team_name(players, 1 - side))
    return RevokeMark(seats=revokers, redeal=False, penalty=None, text=text), scored


def renege_law(table: Table) -> Text:
    """What a renege costs under the table's ``renege_penalty``; with ``defensive_scoring`` the books
    that go over count as the defenders' books (their tricks over six)."""
    every_book = table.options.choice("renege_penalty") == "all_books"
    if table.options.flag("defensive_scoring"):
        return Text("law_renege_defensive", every_book=every_book)
    return Text("law_renege", every_book=every_book)

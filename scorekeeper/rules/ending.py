"""How games end and who wins: after a fixed number of deals, or on reaching a score."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .text import Text

WinnerRule = Callable[[Sequence[int]], tuple[int, ...]]

# The most deals any game takes. A game to a target has no last deal (players level at
# the top play on), and every deal makes its sheet and PDF longer to build: an endless
# game would be a way to tie up the server. No table plays a hundred deals of one game;
# the longest games of a set length (German Whist's 100 hands, Oneonta's 99) fit.
MOST_DEALS = 100
# The most items a game's log holds, deals and table events together: a real evening's misdeals,
# arrivals and adjustments stay far below it, and a log replays on every read, so a game of
# thousands of events (a file made to be imported) would be another way to tie up the server.
MOST_LOG_ITEMS = 300


def deal_limit_words() -> Text:
    """The limit as a rules page states it."""
    return Text("rules_deal_limit", most=MOST_DEALS)


def highest(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat level at the top: joint winners when several are."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def zero_finish(totals: Sequence[int]) -> tuple[int, ...]:
    """Whoever ends on exactly 0 wins, whatever the others have; else the highest."""
    on_zero = tuple(seat for seat, total in enumerate(totals) if total == 0)
    return on_zero or highest(totals)


@dataclass(frozen=True, kw_only=True, slots=True)
class EndRule:
    """When a game is over and who has won it.

    ``deals`` ends the game after that many deals. ``target`` ends it after the
    first deal in which someone reaches it while a single player leads; while
    the top is tied, play goes on.
    """

    deals: int | None = None
    target: int | None = None
    winners: WinnerRule = highest

    def is_over(self, played: int, totals: Sequence[int]) -> bool:
        """True when no more deals are to be played."""
        if self.deals is not None:
            return played >= self.deals
        assert self.target is not None
        return max(totals) >= self.target and len(highest(totals)) == 1

    def play_on_note(self, totals: Sequence[int], players: Sequence[str]) -> Text | None:
        """Why play goes on past the target, if it does."""
        if self.target is None or max(totals) < self.target:
            return None
        level = highest(totals)
        if len(level) < 2:
            return None
        return Text("note_play_on", names=tuple(players[seat] for seat in level), total=max(totals))

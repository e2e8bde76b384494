"""What correcting an earlier deal changes besides that deal, said before it is saved (RULES.md §9).

A correction is replayed like any change, so everything derived from the totals follows it: a
latecomer's start taken from the lowest total or the average (settled December 2026: "Elena's start:
9 → 3"), a departed player's final total, every total after it, who leads, who can still win, whether
the game is over and who won it. ``knock_ons`` compares the game before and after, and says each of
these as a text, in that order, so that nothing changes silently. A start recorded as a number keeps
that number, and so never shows here.
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game
from .state import GameState
from .text import Param, Text


def knock_ons(before: Game, after: Game) -> tuple[Text, ...]:
    """Each thing ``after`` (the game with a deal corrected) changes of ``before``, as texts: the starts
    derived from the totals, the departed players' final totals, the other totals, the game's end and
    winners, who leads and who can still win. Empty when the correction changes no total."""
    old, new = before.state, after.state
    said: list[Text] = []
    said += _starts(old, new)
    finals = _finals(old, new)
    said += finals
    final = {text.params["name"] for text in finals}
    for side, (was, now) in enumerate(zip(old.totals, new.totals, strict=False)):
        who = _side(new, side)
        if was != now and who not in final:
            said.append(Text("knock_total", who=who, before=was, after=now))
    said += _outcome(old, new)
    return tuple(said)


def _starts(old: GameState, new: GameState) -> list[Text]:
    """The latecomers whose start, taken from the totals, moves."""
    if old.life is None or new.life is None:
        return []
    said = []
    for was, now in zip(old.life.seats, new.life.seats, strict=False):
        if now.joined_after is not None and was.start != now.start:
            said.append(Text("knock_start", name=now.names[0], before=was.start, after=now.start))
    return said


def _finals(old: GameState, new: GameState) -> list[Text]:
    """The players who left whose final total moves."""
    if new.life is None or new.teams is not None:
        return []
    said = []
    for seat in new.life.seats:
        if seat.left_after is not None and old.totals[seat.seat] != new.totals[seat.seat]:
            said.append(
                Text(
                    "knock_final_total",
                    name=new.players[seat.seat],
                    number=seat.left_after,
                    before=old.totals[seat.seat],
                    after=new.totals[seat.seat],
                )
            )
    return said


def _outcome(old: GameState, new: GameState) -> list[Text]:
    """The end of the game, its winners, who leads and who can still win, where they move."""
    if old.finished and not new.finished:
        return [Text("knock_goes_on")]
    if new.finished:
        if not old.finished:
            return [Text("knock_ends", winners=_names(new, new.winners), count=len(new.winners))]
        if old.winners != new.winners:
            return [Text("knock_winners", before=_names(old, old.winners), after=_names(new, new.winners))]
        return []
    said = []
    if old.leaders != new.leaders:
        said.append(Text("knock_leaders", before=_sides(old, old.leaders), after=_sides(new, new.leaders)))
    could = {row.seat: row.can_win for row in old.standings}
    for row in new.standings:
        if row.departed and could.get(row.seat) != row.can_win:
            said.append(Text("knock_can_win", name=row.name, can=row.can_win))
    return said


def _side(state: GameState, side: int) -> Param:
    """A side by name: the player, or the partners."""
    if state.teams is None:
        return state.players[side]
    return tuple(state.players[seat] for seat in state.teams[side])


def _sides(state: GameState, sides: Sequence[int]) -> tuple[Param, ...]:
    return tuple(_side(state, side) for side in sides)


def _names(state: GameState, seats: Sequence[int]) -> tuple[Param, ...]:
    return tuple(state.players[seat] for seat in seats)

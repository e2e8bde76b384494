"""Secret totals: what a table that keeps its running totals secret may be shown, and the reveal.

The secret is a switch recorded as a table event (``Secrecy``) and replayed like any other: on
before the first deal when the game is begun with its totals secret, on or off between deals after
that. While it is on and the game goes on, the pages show each deal's result but no running total,
no order and nobody's chances (who can still win and the odds would give the order away). The
totals are revealed at the end of the game, or when the table switches the secret off; the reveal
names the places from last to first, the winners last.

Verify, ask, do: ``verify_secrecy`` raises what recording the switch would; ``secrecy_switch`` says
which way it can be turned now, or why not; the action is ``Game.add(Secrecy(...))``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleViolation
from .events import Secrecy
from .game import Game
from .state import GameState
from .text import Text


@dataclass(frozen=True, kw_only=True, slots=True)
class Veil:
    """What the totals may show now.

    ``hidden``: the totals, the order and the chances are withheld (each deal's result is not).
    ``revealing``: they were secret until the last thing recorded (the deal that ended the game, or
    the table's reveal), so the pages reveal them, from ``order[0]`` (last place) to ``order[-1]``
    (first): the units of the totals (seats, or sides where partners score together).
    """

    hidden: bool
    revealing: bool
    order: tuple[int, ...] = ()


def veil(game: Game) -> Veil:
    """What the totals of ``game`` may show now."""
    state = game.state
    life = state.life
    if life is None or not any(isinstance(event.event, Secrecy) for event in life.events):
        return Veil(hidden=False, revealing=False)
    if life.secret and not state.finished:
        return Veil(hidden=True, revealing=False)
    last = game.log[-1] if game.log else None
    revealing = (life.secret and state.finished) or (isinstance(last, Secrecy) and not last.secret)
    return Veil(hidden=False, revealing=revealing, order=reveal_order(state) if revealing else ())


def reveal_order(state: GameState) -> tuple[int, ...]:
    """The units of the totals from last place to first: by total, the winners last (a game whose
    winner is not the highest total, as a zero finish, still ends on its winner); level units by
    seat, the later seat first."""
    winners = set(state.winners)
    if state.teams is not None:
        winners = {side for side, team in enumerate(state.teams) if winners & set(team)}
    units = range(len(state.totals))
    return tuple(sorted(units, key=lambda unit: (unit in winners, state.totals[unit], -unit)))


def verify_secrecy(game: Game, secret: bool) -> None:
    """Raise unless the totals may be made secret (``secret``) or revealed now."""
    game.verify_event(Secrecy(secret=secret))


@dataclass(frozen=True, kw_only=True, slots=True)
class SecrecySwitch:
    """Which way the switch can be turned now (``secret``: on, to keep the totals secret; off, to
    reveal them), and ``reason`` (a text) when it cannot be."""

    secret: bool
    allowed: bool
    reason: Text | None = None


def secrecy_switch(game: Game) -> SecrecySwitch:
    """The switch as the table may turn it now: on when the totals are shown, off when secret."""
    life = game.state.life
    secret = not (life is not None and life.secret)
    try:
        verify_secrecy(game, secret)
    except RuleViolation as refused:
        return SecrecySwitch(secret=secret, allowed=False, reason=refused.text)
    return SecrecySwitch(secret=secret, allowed=True)

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
from .seating import EventState
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


def unveiled(game: Game) -> Game:
    """``game`` with its totals in the open: the same log without its secrecy switches, which change
    nothing but what the totals may show (the score sheet's PDF and the exports keep everything)."""
    if not any(isinstance(item, Secrecy) for item in game.log):
        return game
    return Game(game.table, tuple(item for item in game.log if not isinstance(item, Secrecy)))


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


TOLD_BY_TOTALS = frozenset(
    {
        "knock_total",
        "knock_start",
        "knock_final_total",
        "knock_leaders",
        "knock_can_win",
        "knock_club_record",
    }
)
"""What a correction says that only the totals tell: a total, a start or a final total that moves, who
leads, who can still win, a club record (its value is a total)."""

TOTAL_PARAMS = frozenset({"total", "score", "other"})
"""The parameters of a text that carry a total or a score so far (a note's "level at 120")."""


def discreet(text: Text) -> Text | None:
    """``text`` as a table keeping its totals secret may read it, or None when all it says is what the
    totals tell: a departing player's total goes; an arrival's start taken from the totals (the lowest,
    the average) is said by its rule, not its number (a start the table chose is an input, and stays);
    a correction's knock-on on the totals, the leaders or who can still win, and a note that gives a
    total, go whole."""
    if text.code in TOLD_BY_TOTALS:
        return None
    if text.code == "event_departure":
        return text.replace(total=None)
    if text.code == "event_arrival":
        if text.params.get("rule") is None:
            return text
        return text.replace(start=None)
    if TOTAL_PARAMS & set(text.params):
        return None
    return text


def told_event(game: Game, event: EventState) -> Text:
    """A table event's words as the table may read them now (``told``): an event always says what
    happened besides the totals, so something is always said."""
    said = told(game, event.text)
    assert said is not None, "an event's words say more than the totals"
    return said


def told_notes(game: Game) -> tuple[Text, ...]:
    """The game's notes as the table may read them now: a note that gives a total (two players level
    at the top, a tie-break between the leaders) is not said while the totals are secret."""
    return tuple(said for note in game.state.notes if (said := told(game, note)) is not None)


def told(game: Game, text: Text) -> Text | None:
    """``text`` (an event's, a correction's or a note's words about ``game``) as the table may read it
    now: whole unless the totals are hidden (``veil``), then ``discreet``."""
    return discreet(text) if veil(game).hidden else text

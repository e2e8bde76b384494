"""The deals ahead after each table event the table may record at a deal still to come.

A phone with no connection goes on from the engine's plan (foresee_events.py). When the table then
records an event that changes the deals after it — somebody sits a deal out, leaves, arrives, a deal
is misdealt — the phone needs the plan as that event leaves it: who deals, how many cards, the trump,
the hook, and the rules of each entry. The engine cannot be asked then, so it is asked beforehand:
for the deal ``number`` (the one due, or one further ahead), the game is played forward to it with
stand-in entries (their values never leave the engine: the facts of the deals ahead do not depend on
them), and every event that could change the plan there is tried — each player's sit-out and
departure, a misdeal, a newcomer beside each seat — each with the deals ahead after it, or the
engine's reason for refusing it. The other kinds (a revoke, points, a substitute, stopping) change no
deal's facts: the engine's verdict on them at that deal is given too, for the events' list.

An event that re-plans nothing (a sit-out, a misdeal) changes the deal it is recorded at, or none:
where the two deals after it are dealt as they would have been without it, so are all the others,
and the branch says from which deal on the plan without the event holds again (``rejoins``) rather
than planning them all a second time. That holds where the deals' declared rules are all their rules;
a family that judges more (Oneonta's bidding order from the last hand) has every branch planned.

What an event would change is said as the engine says it (``EventBranch.text``), with what depends
on the points left out: a departing player's total, and an arrival's starting total (``START``,
for the page to fill in with the start the table chose).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .constraints import Foresight
from .declared import StandIn
from .errors import RuleViolation
from .events import Arrival, Departure, Misdeal, SitOut, TableEvent
from .foresee_events import foresee_game, played_ahead
from .game import Game
from .seating import PlanChange
from .state import DealFacts
from .table_events import EventChoice, possible_events
from .text import Text

__all__ = ["START", "Branches", "EventBranch", "branches_at"]

START = "{start}"
"""In an arrival's text, the starting total: the page fills it in with the start the table chose."""


@dataclass(frozen=True, kw_only=True, slots=True)
class EventBranch:
    """One event tried at the deal: refused (``refusal``), or the deals ahead after it.

    ``seat`` is whom it concerns: who sits out or leaves, or whom a newcomer sits at the left of
    (None for a misdeal). ``players`` are every seat's player after it (a newcomer last, under the
    name the caller gave). ``plan`` is how it re-plans the deals to come, when it does. ``rejoins`` is
    the deal from which the deals are those planned without the event (``foresight`` then holds the
    deals before it only); None where ``foresight`` goes on as far as it was asked to.
    """

    kind: str
    seat: int | None
    refusal: Text | None = None
    foresight: Foresight | None = None
    players: tuple[str, ...] = ()
    text: Text | None = None
    plan: PlanChange | None = None
    rejoins: int | None = None
    after: Game | None = None
    """The game with the event recorded at the deal (its deals before it played with stand-ins)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Branches:
    """The events tried at deal ``number``: the engine's verdict on every kind there (``choices``, as
    ``possible_events`` gives it) and the deals ahead after each event that could change them."""

    number: int
    players: tuple[str, ...]
    choices: tuple[EventChoice, ...]
    branches: tuple[EventBranch, ...]


def branches_at(game: Game, number: int, count: int, *, newcomer: str, stand_in: StandIn) -> Branches | None:
    """The events the table could record when deal ``number`` is due (the deal due now, or a later
    one), each with the deals ahead after it (``count`` at most); None where the game cannot be
    played forward to that deal (it ends before it, or no stand-in keeps its rules).

    ``newcomer`` names the player who would arrive (a placeholder the page replaces with the name
    typed); ``stand_in`` words a player's number, for the engine's own list of events."""
    ahead = played_ahead(game, number)
    if ahead is None:
        return None
    state = ahead.state
    ring = state.life.ring if state.life is not None else tuple(range(len(state.players)))
    tries: list[tuple[str, int | None, TableEvent]] = [("misdeal", None, Misdeal())]
    for seat in ring:
        tries.append(("sit_out", seat, SitOut(seat=seat)))
        tries.append(("departure", seat, Departure(seat=seat)))
        tries.append(("arrival", seat, Arrival(name=newcomer, left_of=seat)))
    without = _facts(foresee_game(ahead, 1 + REJOIN_CHECK))
    branches = tuple(_branch(ahead, kind, seat, event, count, without) for kind, seat, event in tries)
    return Branches(
        number=number,
        players=tuple(state.players),
        choices=possible_events(ahead, stand_in),
        branches=branches,
    )


REJOIN_CHECK = 2
"""How many deals after the one an event is recorded at must be dealt as without it for the plan
without the event to hold again from there."""


def _facts(foresight: Foresight) -> tuple[DealFacts, ...]:
    return tuple(deal.facts for deal in foresight.deals)


def _branch(
    game: Game,
    kind: str,
    seat: int | None,
    event: TableEvent,
    count: int,
    without: Sequence[DealFacts],
) -> EventBranch:
    """The event tried at the game's deal due, with the deals after it (or where the plan without it
    holds again), or refused."""
    try:
        after = game.add(event)
    except RuleViolation as refused:
        return EventBranch(kind=kind, seat=seat, refusal=refused.text)
    life = after.state.life
    assert life is not None  # an event was just recorded
    seen = life.events[-1]
    players = tuple(after.state.players)
    rejoins = None
    foresight = foresee_game(after, 1 + REJOIN_CHECK)
    same_table = players == tuple(game.state.players) and seen.plan is None
    declared = all(deal.checked for deal in foresight.deals)
    if same_table and declared and len(without) > 1 and _facts(foresight)[1:] == tuple(without[1:]):
        rejoins = foresight.deals[0].facts.number + 1
        foresight = replace(foresight, deals=foresight.deals[:1])
    elif count > 1 + REJOIN_CHECK:
        foresight = foresee_game(after, count)
    return EventBranch(
        kind=kind,
        seat=seat,
        foresight=foresight,
        players=players,
        text=_without_points(seen.text),
        plan=seen.plan,
        rejoins=rejoins,
        after=after,
    )


def _without_points(text: Text) -> Text:
    """An event's words without what depends on the points so far, which a phone ahead of the server
    cannot know: a departing player's total goes, an arrival's start is left to the page."""
    params = dict(text.params)
    if "total" in params:
        params["total"] = None
    if text.code == "event_arrival":
        params.update(start=START, rule=None)
    return Text(text.code, **params)

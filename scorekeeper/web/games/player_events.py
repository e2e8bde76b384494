"""One player's table events, from their name on the deal screen: sit out, adjust, revoke, leave or
be replaced, each offered where the engine allows it for that player (``possible_events``), else
shown with the engine's reason.

A link opens the event's form with the player chosen; where nothing is left to type (a sit-out, a
departure, a revoke), it opens on what the event would change, for a yes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ... import words
from ...rules import EventChoice, Game, RuleViolation, Text, possible_events, read_event
from ...words import deal_words
from ...words._core import N_
from ..wording import Worded
from .event_forms import TYPED, event_data
from .table_life import KIND_LABELS

PLAYER_KINDS = ("sit_out", "adjustment", "revoke", "departure", "substitute")
"""What a player's menu offers, in its order."""

PLAYER_HINTS = Worded(
    {
        "sit_out": N_("%(name)s sits %(deal)s %(next)s out"),
        "adjustment": N_("Points added to %(name)s or taken away, with a reason"),
        "revoke": N_("%(name)s did not follow suit in %(deal)s %(last)s"),
        "departure": N_("%(name)s leaves the table after %(deal)s %(last)s"),
        "substitute": N_("Someone takes over %(name)s's seat"),
    }
)
"""What each of a player's targets says it is for."""


@dataclass(frozen=True, kw_only=True)
class PlayerAction:
    """One event a player's menu shows: allowed (with the link to it) or refused (with the reason)."""

    kind: str
    label: str
    hint: str
    allowed: bool
    url: str = ""
    reason: Text | None = None


def side_of(game: Game, seat: int) -> int:
    """The side whose total is ``seat``'s: the seat, or its partnership."""
    teams = game.state.teams
    if teams is None:
        return seat
    return next(index for index, team in enumerate(teams) if seat in team)


def player_actions(game: Game, seat: int, link: Callable[..., str]) -> list[PlayerAction]:
    """``seat``'s events now; ``link(kind, **args)`` is the address of a kind's form with ``args``."""
    choices = {choice.kind: choice for choice in possible_events(game, words.stand_in)}
    word = deal_words(game.table.variant.deal_word).singular
    said = {
        "name": game.state.players[seat],
        "deal": word,
        "next": len(game.entries) + 1,
        "last": len(game.entries),
    }
    actions = []
    for kind in PLAYER_KINDS:
        asked = _asked(game, kind, seat)
        common: dict[str, Any] = {"kind": kind, "label": KIND_LABELS[kind], "hint": PLAYER_HINTS[kind] % said}
        choice = choices[kind]
        if _for_them(choice, kind, asked):
            args = dict(asked) if kind in TYPED else {**asked, "step": "check"}
            actions.append(PlayerAction(**common, allowed=True, url=link(kind, **args)))
            continue
        # Their own reason where the player alone makes the event, else the engine's for the kind.
        reason = _refusal(game, kind, asked) or (choice.reason if not choice.allowed else None)
        if reason is not None:
            actions.append(PlayerAction(**common, allowed=False, reason=reason))
    return actions


def _asked(game: Game, kind: str, seat: int) -> dict[str, str]:
    """The form's values that name the player: their seat, or their side for an adjustment."""
    if kind == "adjustment":
        return {"side": str(side_of(game, seat))}
    if kind == "revoke":
        return {"seats": str(seat)}
    return {"seat": str(seat)}


def _for_them(choice: EventChoice, kind: str, asked: dict[str, str]) -> bool:
    """True when the engine allows the kind for the player asked about."""
    if not choice.allowed:
        return False
    if kind == "adjustment":
        return int(asked["side"]) in choice.sides
    return int(asked.get("seat", asked.get("seats", "-1"))) in choice.seats


def _refusal(game: Game, kind: str, asked: dict[str, str]) -> Text | None:
    """Why the engine refuses the kind for this player while it allows it for others (None where the
    event needs more than the player to be judged)."""
    if kind in TYPED:
        return None
    values: dict[str, Any] = {"seats": [asked["seats"]]} if "seats" in asked else dict(asked)
    try:
        game.verify_event(read_event(event_data(kind, values)))
    except RuleViolation as refused:
        return refused.text
    return None

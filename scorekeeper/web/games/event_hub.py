"""The table's events as their page and the deal screen's sheet show them: a target for each kind the
engine allows now, with what it is for; those it refuses, each with the engine's reason — said once for
all those that wait for the deal under way (RULES.md §9); and every event recorded so far.
"""

from __future__ import annotations

from typing import Any

from ... import words
from ...games.store import StoredGame
from ...rules import Game, possible_events, under_way_refusal, waiting_for_the_deal
from ...words import deal_words, gettext
from ...words._core import N_
from ..wording import Worded
from .table_life import KIND_LABELS

HINTS = Worded(
    {
        "misdeal": N_("The cards were dealt wrong: {deal} {next} is dealt again"),
        "revoke": N_("Found after {deal} {last}: someone did not follow suit"),
        "arrival": N_("A player joins the table"),
        "departure": N_("A player leaves the table"),
        "substitute": N_("Someone takes over a player's seat"),
        "sit_out": N_("A player sits {deal} {next} out"),
        "adjustment": N_("Points added or taken away, with a reason"),
        "stop": N_("The game ends now, on the standings after {deal} {last}"),
    }
)
"""What each kind's target says it is for (the engine says whether and how it may be recorded)."""

UNDER_WAY_HINTS = Worded(
    {
        "misdeal": N_("Found after the bids: {deal} {next} is dealt again, what was entered of it dropped"),
        "substitute": N_("Someone takes over a player's seat, for the rest of {deal} {next} too"),
        "stop": N_("The game ends now, on the standings after {deal} {last}; {deal} {next} is not scored"),
    }
)
"""What the events that may be recorded while a deal is under way do to it, for their targets then."""


def hub_context(record: StoredGame, game: Game, *, back: dict[str, str], from_sheet: bool) -> dict[str, Any]:
    """What the table's events show: the targets, the one reason those waiting for the deal under way
    wait, the events recorded, the way back (``back``; ``from_sheet`` when the table came from the
    game's sheet)."""
    state = game.state
    word = deal_words(game.table.variant.deal_word).singular
    under_way = game.deal_under_way()
    due = under_way.number if under_way is not None else len(game.entries) + 1
    numbers = {"deal": word, "next": due, "last": due - 1}
    choices = possible_events(game, words.stand_in)
    targets = [
        {
            "choice": choice,
            "label": gettext("Stop early") if choice.kind == "stop" else KIND_LABELS[choice.kind],
            "hint": _hint(choice.kind, under_way is not None).format(**numbers),
            # Refused only because of the deal under way: the reason is said once, above them all.
            "waits": under_way_refusal(choice),
        }
        for choice in choices
    ]
    recorded = list(state.life.events) if state.life is not None else []
    return {
        "record": record,
        "game": game,
        "targets": targets,
        "waiting": waiting_for_the_deal(game, choices),
        "recorded": list(reversed(recorded)),
        "last_is_event": game.last_is_event(),
        "labels": KIND_LABELS,
        "back": back,
        "from_sheet": from_sheet,
    }


def offline_hint(game: Game, kind: str) -> str:
    """A kind's hint with the deals' numbers left for the phone to fill in: offline, the deal due
    moves on."""
    word = deal_words(game.table.variant.deal_word).singular
    return HINTS[kind].format(deal=word, next="{next}", last="{last}")


def _hint(kind: str, under_way: bool) -> str:
    if under_way and kind in UNDER_WAY_HINTS:
        return UNDER_WAY_HINTS[kind]
    return HINTS[kind]

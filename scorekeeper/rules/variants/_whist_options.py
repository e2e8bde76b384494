"""The options of Classic Whist (RULES.md §5, §9), declared once for forms, pages and the engine."""

from __future__ import annotations

from ..declared import N_
from ..options import OptionSpec

CLASSIC_WHIST_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="play_to",
        label=N_("Play to"),
        help=N_("The score a side needs to win the game."),
        kind="choice",
        choices=("5", "7", "9"),
        default="5",
    ),
    OptionSpec(
        name="honours",
        label=N_("Honours"),
        help=N_(
            "The side dealt three of the trump ace, king, queen and jack scores 2; all four score 4. "
            "Tricks score first: a side that reaches the target on tricks wins before honours count."
        ),
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="honours_blocked_one_short",
        label=N_("No honours one short"),
        help=N_(
            "A side one point short of the target at the start of a deal cannot score honours in it "
            '("at four, honours don\'t count").'
        ),
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="rubber",
        label=N_("Rubber"),
        help=N_(
            "Best of three games of 5, each from 0–0. A game won scores 3 game points if the losers "
            "had 0, 2 if they had 1–2, 1 if they had 3–4; the rubber adds 2, less the losers' game points."
        ),
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="misdeal_loses_deal",
        label=N_("A misdeal loses the deal"),
        help=N_(
            "The Laws of Whist: after a misdeal the next player deals, and the deals move on by one "
            "dealer. Off: the same dealer deals again."
        ),
        kind="bool",
        default=True,
    ),
)

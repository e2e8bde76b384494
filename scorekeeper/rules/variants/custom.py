"""Custom Oh Hell: the table chooses the deal shape, the hook, the trump and the scoring."""

from __future__ import annotations

from functools import partial

from ..declared import N_
from ..ending import EndRule
from ..errors import InvalidOption
from ..exact import ExactBidEngine, TrumpRule
from ..explain_exact import EXACT_BIDS_EXPLAINER
from ..options import Options, OptionSpec
from ..revoke import REVOKE_OPTIONS
from ..schedules import fixed, walk
from ..scoring import Scorer, configurable
from ..table import Table
from ..variant import Variant
from .common import full_pack, no_trump_at_all, parse_rotation, rotation, turned_card

ROTATIONS = ("S H C D NT", "H C D S", "S H D C", "S H D C NT", "C D H S NT")
ROTATION_LABELS = {
    # The suits' signs, and no trump as the sheet marks it in each language.
    "S H C D NT": N_("♠ ♥ ♣ ♦ NT"),
    "H C D S": "♥ ♣ ♦ ♠",
    "S H D C": "♠ ♥ ♦ ♣",
    "S H D C NT": N_("♠ ♥ ♦ ♣ NT"),
    "C D H S NT": N_("♣ ♦ ♥ ♠ NT"),
}


def _most_cards(players: int) -> int:
    return 52 // players


def _default_start(players: int) -> int:
    return min(10, _most_cards(players))


def _waypoints(options: Options) -> tuple[int, ...]:
    shape = options.choice("shape")
    start, turn, end = (options.number(name) for name in ("start_cards", "turn_cards", "end_cards"))
    if shape in ("down-up", "up-down"):
        return (start, turn, end)
    return (start, end)


def _schedule(table: Table) -> tuple[int, ...]:
    options = table.options
    if options.choice("shape") == "fixed":
        return fixed(options.number("start_cards"), options.number("deals"))
    repeats = table.size if options.flag("repeat_ends") else 1
    return walk(_waypoints(options), repeats=repeats)


def _blocks(table: Table) -> tuple[int, ...] | None:
    """With repeated ends the ends are dealt once per player: a new number of players re-plans
    the blocks to come (RULES.md §9)."""
    options = table.options
    if options.choice("shape") == "fixed" or not options.flag("repeat_ends"):
        return None
    return _waypoints(options)


def _check(table: Table) -> None:
    options = table.options
    shape = options.choice("shape")
    start, turn, end = (options.number(name) for name in ("start_cards", "turn_cards", "end_cards"))
    broken = {
        "down-up": turn > start or turn > end,
        "up-down": turn < start or turn < end,
        "up": start > end,
        "down": start < end,
    }
    if broken.get(shape, False):
        raise InvalidOption("custom_shape", shape=shape, start=start, turn=turn, end=end)


def _hook(table: Table, cards: int) -> bool:
    options = table.options
    return options.flag("hook") and cards >= options.number("hook_from")


def _trump(table: Table) -> TrumpRule:
    kind = table.options.choice("trump")
    if kind == "rotation":
        return rotation(parse_rotation(table.options.choice("trump_rotation")))
    if kind == "none":
        return no_trump_at_all
    return turned_card(table)


def _scoring(options: Options) -> Scorer:
    return partial(
        configurable,
        per_trick=options.number("trick_points"),
        bonus=options.number("exact_bonus"),
        on_miss=options.choice("on_miss"),
        penalty=options.number("penalty_per_trick"),
    )


def _end(table: Table) -> EndRule:
    return EndRule(deals=len(_schedule(table)))


CUSTOM_OH_HELL = Variant(
    code="custom-oh-hell",
    name=N_("Custom Oh Hell"),
    family=N_("Oh Hell"),
    ladder="oh_hell",
    summary=N_(
        "Your table's own rules: the deal shape, the hook, the trump and the scoring are yours to set."
    ),
    aliases=("custom",),
    min_players=2,
    max_players=8,
    options=(
        OptionSpec(
            name="shape",
            label=N_("Deal shape"),
            help=N_(
                "Down-up: from the start down to the turn and up to the end. Up-down: the reverse. "
                "Up or down: from the start to the end. Fixed: the start size every deal."
            ),
            kind="choice",
            choices=("down-up", "up-down", "up", "down", "fixed"),
            choice_labels={
                "down-up": N_("Down-up"),
                "up-down": N_("Up-down"),
                "up": N_("Up"),
                "down": N_("Down"),
                "fixed": N_("Fixed"),
            },
            default="down-up",
        ),
        OptionSpec(
            name="start_cards",
            label=N_("Cards in the first deal"),
            help=N_("Each player's hand in the first deal (the most a 52-card pack allows at this table)."),
            kind="int",
            default=_default_start,
            minimum=1,
            maximum=_most_cards,
        ),
        OptionSpec(
            name="turn_cards",
            label=N_("Cards at the turn"),
            help=N_("Where a down-up or up-down game turns round."),
            kind="int",
            default=1,
            minimum=1,
            maximum=_most_cards,
        ),
        OptionSpec(
            name="end_cards",
            label=N_("Cards in the last deal"),
            help=N_("Each player's hand in the last deal (not used by fixed)."),
            kind="int",
            default=_default_start,
            minimum=1,
            maximum=_most_cards,
        ),
        OptionSpec(
            name="deals",
            label=N_("Number of deals (fixed shape)"),
            help=N_("How many deals a fixed-shape game lasts."),
            kind="int",
            default=10,
            minimum=1,
            maximum=60,
        ),
        OptionSpec(
            name="repeat_ends",
            label=N_("Repeat the ends"),
            help=N_(
                "Deal the start, turn and end sizes once for each player, as Romanian Whist does, "
                "so everyone deals each of them once."
            ),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="hook",
            label=N_("Hook"),
            help=N_("The last bidder may not make the bids add up to the number of tricks."),
            kind="bool",
            default=True,
        ),
        OptionSpec(
            name="hook_from",
            label=N_("Hook from"),
            help=N_("The hook applies only to deals of at least this many cards."),
            kind="int",
            default=1,
            minimum=1,
            maximum=_most_cards,
        ),
        OptionSpec(
            name="trump",
            label=N_("Trump"),
            help=N_(
                "Turn the next card (no trump when none is left), follow the rotation below one deal "
                "each, or play every deal without trump."
            ),
            kind="choice",
            choices=("turned", "rotation", "none"),
            choice_labels={
                "turned": N_("Turn a card"),
                "rotation": N_("A fixed rotation"),
                "none": N_("No trump"),
            },
            default="turned",
        ),
        OptionSpec(
            name="trump_rotation",
            label=N_("Trump rotation"),
            help=N_("The order trumps follow when trump is by rotation."),
            kind="choice",
            choices=ROTATIONS,
            choice_labels=ROTATION_LABELS,
            default=ROTATIONS[0],
        ),
        OptionSpec(
            name="trick_points",
            label=N_("Points a trick"),
            help=N_("What each trick taken is worth."),
            kind="int",
            default=1,
            minimum=0,
            maximum=20,
        ),
        OptionSpec(
            name="exact_bonus",
            label=N_("Bonus for an exact bid"),
            help=N_("Added when a player takes exactly the tricks bid."),
            kind="int",
            default=10,
            minimum=0,
            maximum=100,
        ),
        OptionSpec(
            name="on_miss",
            label=N_("On a missed bid"),
            help=N_("What a missed bid scores: its tricks still, a penalty for each trick off, or nothing."),
            kind="choice",
            choices=("tricks", "penalty", "nothing"),
            choice_labels={
                "tricks": N_("The tricks still score"),
                "penalty": N_("A penalty for each trick off"),
                "nothing": N_("Nothing"),
            },
            default="tricks",
        ),
        OptionSpec(
            name="penalty_per_trick",
            label=N_("Penalty a trick off"),
            help=N_("What each trick over or under the bid costs when a miss is penalised."),
            kind="int",
            default=1,
            minimum=0,
            maximum=50,
        ),
        *REVOKE_OPTIONS,
    ),
    check_table=_check,
    engine=ExactBidEngine(
        deck=full_pack,
        schedule=_schedule,
        score=_scoring,
        end=_end,
        trump=_trump,
        hook=_hook,
        blocks=_blocks,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)

VARIANTS = (CUSTOM_OH_HELL,)

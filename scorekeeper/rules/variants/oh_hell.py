"""The Oh Hell family (RULES.md §1): Oh Hell, Oh! Well, Contract Whist,
Up and Down the River, Oh Pshaw and British Oh Hell."""

from __future__ import annotations

from functools import partial

from ..cards import Deck, Trump
from ..declared import N_
from ..ending import EndRule
from ..exact import ExactBidEngine, TrumpRule
from ..exact_facts import Spot
from ..explain_exact import EXACT_BIDS_EXPLAINER
from ..options import Options, OptionSpec
from ..revoke import REVOKE_OPTIONS
from ..schedules import ascending, down_up, fixed, walk
from ..scoring import Scorer, exact_only, five_plus_cards, tricks_and_bonus, with_zero_bid_value
from ..table import Table
from ..text import Text
from ..variant import Variant
from .common import (
    FULL_PACK,
    SIMULTANEOUS_BIDS,
    SIMULTANEOUS_REMINDER,
    fixed_length,
    full_pack,
    rotation,
    turned_card,
)

FAMILY = N_("Oh Hell")


def _no_hook(table: Table, cards: int) -> bool:
    return False


def _hook_unless_simultaneous(table: Table, cards: int) -> bool:
    return not table.options.flag("simultaneous_bids")


def _simultaneous_reminder(table: Table, spot: Spot) -> tuple[Text, ...]:
    return (SIMULTANEOUS_REMINDER,) if table.options.flag("simultaneous_bids") else ()


def _common_scoring(options: Options) -> Scorer:
    return partial(tricks_and_bonus, per_trick=1, bonus=10)


# --- Oh Hell (§1.1) -----------------------------------------------------------------

OH_HELL_START = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}


def _oh_hell_schedule(table: Table) -> tuple[int, ...]:
    return down_up(OH_HELL_START[table.size])


def _oh_hell_scoring(options: Options) -> Scorer:
    system = options.choice("scoring")
    if system == "simple":
        return partial(exact_only, bonus=10)
    if system == "zero_bonus":
        return partial(with_zero_bid_value, base=partial(exact_only, bonus=10), zero=five_plus_cards)
    return _common_scoring(options)


OH_HELL = Variant(
    code="oh-hell",
    name=N_("Oh Hell"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("Hands shrink to one card and grow back; the dealer may not let the bids add up."),
    aliases=("oh-hell!", "ohhell", "oh-heck"),
    min_players=3,
    max_players=7,
    options=(
        OptionSpec(
            name="scoring",
            label=N_("Scoring"),
            help=N_(
                "Common is the most widespread: every trick scores 1 and an exact bid adds 10. "
                "Simple (blob): only an exact bid scores, 10 + its tricks. Zero bonus: as simple, but a made "
                "bid of none scores 5 + the cards in the deal."
            ),
            kind="choice",
            choices=("common", "simple", "zero_bonus"),
            choice_labels={
                "common": N_("Common (1 a trick, +10 if exact)"),
                "simple": N_("Simple (10 + tricks if exact)"),
                "zero_bonus": N_("Zero bonus (exact 0: 5 + cards)"),
            },
            default="common",
        ),
        *REVOKE_OPTIONS,
    ),
    engine=ExactBidEngine(
        deck=full_pack,
        schedule=_oh_hell_schedule,
        score=_oh_hell_scoring,
        end=fixed_length(_oh_hell_schedule),
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)


# --- Oh! Well (§1.2) ------------------------------------------------------------------

OH_WELL_PACK = {3: 51, 4: 52, 5: 50, 6: 48, 7: 49}
OH_WELL_TARGET = 100


def _oh_well_deck(table: Table) -> Deck:
    size = OH_WELL_PACK[table.size]
    removed = 52 - size
    if not removed:
        return FULL_PACK
    return Deck(size=size, description=Text("deck_oh_well", size=size, removed=removed))


def _oh_well_schedule(table: Table) -> tuple[int, ...]:
    return fixed(OH_WELL_PACK[table.size] // table.size, 1)


def _oh_well_trump(table: Table) -> TrumpRule:
    return _dealer_turns_last_card


def _dealer_turns_last_card(table: Table, number: int, cards_left: int) -> Trump | None:
    # The whole pack is dealt, but the dealer turns their own last card for trump.
    return None


def _oh_well_reminders(table: Table, spot: Spot) -> tuple[Text, ...]:
    return (Text("reminder_oh_well_trump"),)


def _oh_well_end(table: Table) -> EndRule:
    return EndRule(target=OH_WELL_TARGET)


def _settle_differences(table: Table) -> bool:
    return table.options.choice("stakes") == "differences"


OH_WELL = Variant(
    code="oh-well",
    name=N_("Oh! Well"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("The original British game: the whole pack every deal, no hook, first past 100 wins."),
    aliases=("oh!-well", "ohwell"),
    min_players=3,
    max_players=7,
    options=(
        OptionSpec(
            name="stakes",
            label=N_("Settling up"),
            help=N_(
                "How the table settles up at the end: each pair pays the difference of their totals, "
                "or everyone antes and the winner takes the pool. Changes no score."
            ),
            kind="choice",
            choices=("differences", "pool"),
            choice_labels={"differences": N_("Pay the differences"), "pool": N_("Winner takes the pool")},
            default="differences",
        ),
        *REVOKE_OPTIONS,
    ),
    engine=ExactBidEngine(
        deck=_oh_well_deck,
        schedule=_oh_well_schedule,
        score=_common_scoring,
        end=_oh_well_end,
        open_ended=True,
        trump=_oh_well_trump,
        hook=_no_hook,
        reminders=_oh_well_reminders,
        settles_differences=_settle_differences,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)


# --- Contract Whist (§1.3) ------------------------------------------------------------

CONTRACT_ROTATION = (Trump.HEARTS, Trump.CLUBS, Trump.DIAMONDS, Trump.SPADES)


def _contract_schedule(table: Table) -> tuple[int, ...]:
    return walk((7, 1, 7))


def _contract_trump(table: Table) -> TrumpRule:
    if table.options.flag("trump_rotation"):
        return rotation(CONTRACT_ROTATION)
    return turned_card(table)


CONTRACT_WHIST = Variant(
    code="contract-whist",
    name=N_("Contract Whist"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("British pub favourite: 7 cards down to 1 and back, thirteen deals, the dealer hooked."),
    aliases=("contract",),
    min_players=3,
    max_players=7,
    options=(
        OptionSpec(
            name="trump_rotation",
            label=N_("Trumps in rotation"),
            help=N_("Instead of turning a card, trumps go hearts, clubs, diamonds, spades, and round again."),
            kind="bool",
            default=False,
        ),
        *REVOKE_OPTIONS,
    ),
    engine=ExactBidEngine(
        deck=full_pack,
        schedule=_contract_schedule,
        score=_common_scoring,
        end=fixed_length(_contract_schedule),
        trump=_contract_trump,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)


# --- Up and Down the River (§1.4) --------------------------------------------------------


def _river_most(players: int) -> int:
    return 51 // players


def _river_default(players: int) -> int:
    return min(10, _river_most(players))


def _river_schedule(table: Table) -> tuple[int, ...]:
    return down_up(table.options.number("start_cards"))


UP_AND_DOWN = Variant(
    code="up-and-down-the-river",
    name=N_("Up and Down the River"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("Australian and New Zealand favourite for 4 to 8: down to one card and back up."),
    aliases=("up-and-down", "up-the-river"),
    min_players=4,
    max_players=8,
    options=(
        OptionSpec(
            name="start_cards",
            label=N_("Cards in the first deal"),
            help=N_(
                "The game goes from this many cards down to 1 and back. 10 (fewer for 6 or more players) "
                "is a full game; start lower for a quick one."
            ),
            kind="int",
            default=_river_default,
            minimum=1,
            maximum=_river_most,
        ),
        SIMULTANEOUS_BIDS,
        *REVOKE_OPTIONS,
    ),
    engine=ExactBidEngine(
        deck=full_pack,
        schedule=_river_schedule,
        score=_common_scoring,
        end=fixed_length(_river_schedule),
        hook=_hook_unless_simultaneous,
        reminders=_simultaneous_reminder,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)


# --- Oh Pshaw (§1.5) -------------------------------------------------------------------------

PSHAW_TOP = {4: 13, 5: 10, 6: 8, 7: 7}


def _pshaw_schedule(table: Table) -> tuple[int, ...]:
    if table.size == 3:
        return ascending(int(table.options.choice("three_player_deals")))
    return ascending(PSHAW_TOP[table.size])


ZERO_VALUES = {"10": lambda cards: 10, "5": lambda cards: 5, "5_plus_tricks": five_plus_cards}


def _pshaw_scoring(options: Options) -> Scorer:
    if options.flag("every_trick_counts"):
        base: Scorer = partial(tricks_and_bonus, per_trick=1, bonus=10)
    else:
        base = partial(exact_only, bonus=10)
    return partial(with_zero_bid_value, base=base, zero=ZERO_VALUES[options.choice("zero_bid_value")])


def _pshaw_reminders(table: Table, spot: Spot) -> tuple[Text, ...]:
    return (Text("reminder_oh_pshaw_announce"),)


def _pshaw_winner_bonus(table: Table) -> int:
    return 10 if table.options.flag("hard_score") else 0


def _pshaw_settles(table: Table) -> bool:
    return table.options.flag("hard_score")


OH_PSHAW = Variant(
    code="oh-pshaw",
    name=N_("Oh Pshaw"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("American, as Bicycle records it: one card more each deal, no hook, over or under announced."),
    aliases=("oh-pshaw!",),
    min_players=3,
    max_players=7,
    options=(
        OptionSpec(
            name="three_player_deals",
            label=N_("Deals with three players"),
            help=N_("Three players play up to 15 cards (advised) or to 17, the most the pack allows."),
            kind="choice",
            choices=("15", "17"),
            default="15",
        ),
        OptionSpec(
            name="every_trick_counts",
            label=N_("Every trick counts"),
            help=N_("Everyone scores 1 a trick taken, and an exact bid adds 10."),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="zero_bid_value",
            label=N_("A made bid of none scores"),
            help=N_("10 (as the normal rule gives), 5, or 5 + the cards in the deal."),
            kind="choice",
            choices=("10", "5", "5_plus_tricks"),
            choice_labels={"10": N_("10"), "5": N_("5"), "5_plus_tricks": N_("5 + the cards in the deal")},
            default="10",
        ),
        OptionSpec(
            name="hard_score",
            label=N_("Hard score"),
            help=N_("The winner gets a further 10, then every pair settles the difference of their totals."),
            kind="bool",
            default=False,
        ),
        *REVOKE_OPTIONS,
    ),
    engine=ExactBidEngine(
        deck=full_pack,
        schedule=_pshaw_schedule,
        score=_pshaw_scoring,
        end=fixed_length(_pshaw_schedule),
        hook=_no_hook,
        announces_total=True,
        reminders=_pshaw_reminders,
        winner_bonus=_pshaw_winner_bonus,
        settles_differences=_pshaw_settles,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)


# --- British Oh Hell (§1.6) --------------------------------------------------------------------


def _british_schedule(table: Table) -> tuple[int, ...]:
    return ascending(52 // table.size)


def _bonus_only(options: Options) -> Scorer:
    return partial(exact_only, bonus=10, per_trick=0)


BRITISH_OH_HELL = Variant(
    code="british-oh-hell",
    name=N_("British Oh Hell"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("Parlett's version: one card more each deal, no hook, only an exact bid scores 10."),
    aliases=("parlett-oh-hell",),
    min_players=3,
    max_players=7,
    options=(SIMULTANEOUS_BIDS, *REVOKE_OPTIONS),
    engine=ExactBidEngine(
        deck=full_pack,
        schedule=_british_schedule,
        score=_bonus_only,
        end=fixed_length(_british_schedule),
        hook=_no_hook,
        reminders=_simultaneous_reminder,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)

VARIANTS = (OH_HELL, OH_WELL, CONTRACT_WHIST, UP_AND_DOWN, OH_PSHAW, BRITISH_OH_HELL)

__all__ = ["VARIANTS"]

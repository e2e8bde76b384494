"""Oneonta Whist (RULES.md §4): solitaire, Edd Allard, competitive, cooperative, Beat the Game.

Every form bids positive tricks or a null with a stake; they differ in the deck
chart, the dummy, how the bids must add up, the scoring and how the game ends.
The engine lives in the private ``_oneonta_*`` modules; this one declares the
variants and names the public types.
"""

from __future__ import annotations

from collections.abc import Callable

from ..declared import N_
from ..options import OptionSpec
from ..revoke import REVOKE_OPTIONS
from ..state import DealFacts
from ..table import Table
from ..tricks import Ranking, oneonta_ranking
from ..variant import Variant
from ._oneonta_bids import BidRules, OneontaBid, OneontaBidChoice, null, positive
from ._oneonta_engine import OneontaEngine
from ._oneonta_explain import ONEONTA_EXPLAINER
from ._oneonta_state import OneontaDeal, OneontaEntry, OneontaGameState, score
from ._oneonta_table import (
    BEAT_THE_GAME_CHART,
    COMPETITIVE_CHART,
    SOLITAIRE_CHART,
    Chart,
    Form,
    OneontaFacts,
)

__all__ = [
    "VARIANTS",
    "BidRules",
    "OneontaBid",
    "OneontaBidChoice",
    "OneontaDeal",
    "OneontaEngine",
    "OneontaEntry",
    "OneontaFacts",
    "OneontaGameState",
    "null",
    "positive",
    "score",
]

FAMILY = N_("Oneonta Whist")
MOST_HANDS = 99

DOUBLING = OptionSpec(
    name="doubling",
    label=N_("Doubling"),
    help=N_(
        "A player who bids the most tricks, or a null of the most points, may double: made +14, "
        "failed −14. Only the first double in a deal counts."
    ),
    kind="bool",
    default=False,
)

LOWEST_PLAYER_SCORING = OptionSpec(
    name="lowest_player_scoring",
    label=N_("Lowest player scoring"),
    help=N_("The team scores only the lowest of the players' scores in each hand, not their sum."),
    kind="bool",
    default=False,
)

TABLE_TALK = OptionSpec(
    name="table_talk",
    label=N_("Table talk"),
    help=N_(
        "How much the team may discuss during play. It changes no score; naming a card is never allowed."
    ),
    kind="choice",
    choices=("none", "general", "open"),
    choice_labels={
        "none": N_("None: play in silence"),
        "general": N_("General: how strong a hand is, nothing more"),
        "open": N_("Open: any strategy, never naming a card"),
    },
    default="general",
)


def _hands_option(help_text: str) -> OptionSpec:
    return OptionSpec(
        name="hands",
        label=N_("Hands"),
        help=help_text,
        kind="int",
        default=9,
        minimum=1,
        maximum=MOST_HANDS,
    )


def _ranking(chart: Chart, *, dummy: bool) -> Callable[[Table, DealFacts | None], Ranking]:
    """The deck of the deal (it shrinks for tie-break hands) and a card from each hand, dummy included."""

    def ranking(table: Table, facts: DealFacts | None) -> Ranking:
        players = len(facts.bidding_order) if facts is not None else table.size
        return oneonta_ranking(chart[players][1], players + (1 if dummy else 0))

    return ranking


def _solitaire_deals(table: Table) -> int:
    return table.options.number("deals")


def _nine_deals(table: Table) -> int:
    return 9


def _hands_per_card(table: Table) -> int:
    """Competitive games last as many hands as there are cards in a hand."""
    return COMPETITIVE_CHART[table.size][0]


def _set_hands(table: Table) -> int:
    return table.options.number("hands")


SOLITAIRE = Variant(
    code="oneonta-solitaire",
    name=N_("Oneonta Whist: Solitaire"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_(
        "One player against a dummy that leads every trick: 9 cards each from 22, bid tricks or null."
    ),
    aliases=("oneonta-whist-solitaire",),
    min_players=1,
    max_players=1,
    options=(
        OptionSpec(
            name="deals",
            label=N_("Deals"),
            help=N_("How many deals make a game."),
            kind="int",
            default=9,
            minimum=1,
            maximum=MOST_HANDS,
        ),
        DOUBLING,
        OptionSpec(
            name="alternative_scoring",
            label=N_("Alternative scoring"),
            help=N_(
                "Overtricks score 0 instead of the bid less the overtricks. A total above 0 beats the game."
            ),
            kind="bool",
            default=False,
        ),
        *REVOKE_OPTIONS,
    ),
    ranking=_ranking(SOLITAIRE_CHART, dummy=True),
    engine=OneontaEngine(
        form=Form(
            title=N_("Oneonta Whist solitaire"),
            chart=SOLITAIRE_CHART,
            dummy=True,
            total="free",
            null_has_value=True,
            edd_allard=False,
            follows_previous_high=False,
            lead_ties_by_total=False,
            team=False,
            tie_breaks=False,
            deals=_solitaire_deals,
        )
    ),
    explainer=ONEONTA_EXPLAINER,
)

EDD_ALLARD = Variant(
    code="oneonta-edd-allard",
    name=N_("Oneonta Whist: Edd Allard"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("Solitaire over exactly 9 deals: null scores +10 or −(10 + tricks); beat 30 to win."),
    aliases=("edd-allard",),
    min_players=1,
    max_players=1,
    options=(DOUBLING, *REVOKE_OPTIONS),
    ranking=_ranking(SOLITAIRE_CHART, dummy=True),
    engine=OneontaEngine(
        form=Form(
            title=N_("Oneonta Whist (Edd Allard)"),
            chart=SOLITAIRE_CHART,
            dummy=True,
            total="free",
            null_has_value=False,
            edd_allard=True,
            follows_previous_high=False,
            lead_ties_by_total=False,
            team=False,
            tie_breaks=False,
            deals=_nine_deals,
        )
    ),
    explainer=ONEONTA_EXPLAINER,
)

COMPETITIVE = Variant(
    code="oneonta",
    name=N_("Oneonta Whist"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("2 to 7 players, each for themself: the deck grows with the table; the highest bid leads."),
    aliases=("oneonta-whist", "oneonta-competitive"),
    min_players=2,
    max_players=7,
    options=(DOUBLING, *REVOKE_OPTIONS),
    ranking=_ranking(COMPETITIVE_CHART, dummy=False),
    engine=OneontaEngine(
        form=Form(
            title=N_("Oneonta Whist"),
            chart=COMPETITIVE_CHART,
            dummy=False,
            total="free",
            null_has_value=True,
            edd_allard=False,
            follows_previous_high=True,
            lead_ties_by_total=True,
            team=False,
            tie_breaks=True,
            deals=_hands_per_card,
        )
    ),
    explainer=ONEONTA_EXPLAINER,
)

COOPERATIVE = Variant(
    code="oneonta-cooperative",
    name=N_("Oneonta Whist: Cooperative"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("2 to 7 players as one team: the bids must add up to the cards, the team scores together."),
    aliases=("oneonta-whist-cooperative",),
    min_players=2,
    max_players=7,
    options=(
        _hands_option(N_("How many hands make a game.")),
        DOUBLING,
        LOWEST_PLAYER_SCORING,
        TABLE_TALK,
        *REVOKE_OPTIONS,
    ),
    ranking=_ranking(COMPETITIVE_CHART, dummy=False),
    engine=OneontaEngine(
        form=Form(
            title=N_("Cooperative Oneonta Whist"),
            chart=COMPETITIVE_CHART,
            dummy=False,
            total="equal",
            null_has_value=True,
            edd_allard=False,
            follows_previous_high=False,
            lead_ties_by_total=False,
            team=True,
            tie_breaks=False,
            deals=_set_hands,
        )
    ),
    explainer=ONEONTA_EXPLAINER,
)

BEAT_THE_GAME = Variant(
    code="oneonta-beat-the-game",
    name=N_("Oneonta Whist: Beat the Game"),
    family=FAMILY,
    ladder="oh_hell",
    summary=N_("2 to 6 players as one team against a dummy that leads every trick; bid at most the cards."),
    aliases=("oneonta-whist-beat-the-game",),
    min_players=2,
    max_players=6,
    options=(
        _hands_option(N_("How many hands make a game.")),
        DOUBLING,
        LOWEST_PLAYER_SCORING,
        TABLE_TALK,
        *REVOKE_OPTIONS,
    ),
    ranking=_ranking(BEAT_THE_GAME_CHART, dummy=True),
    engine=OneontaEngine(
        form=Form(
            title=N_("Oneonta Whist: Beat the Game"),
            chart=BEAT_THE_GAME_CHART,
            dummy=True,
            total="at_most",
            null_has_value=True,
            edd_allard=False,
            follows_previous_high=False,
            lead_ties_by_total=False,
            team=True,
            tie_breaks=False,
            deals=_set_hands,
        )
    ),
    explainer=ONEONTA_EXPLAINER,
)

VARIANTS = (COMPETITIVE, COOPERATIVE, BEAT_THE_GAME, SOLITAIRE, EDD_ALLARD)

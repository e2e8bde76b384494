"""Romanian Whist (RULES.md §3): 8 cards a player, 1-8-1 or 8-1-8, the hook on the last bidder."""

from __future__ import annotations

from functools import partial

from ..cards import Deck, suited_cards
from ..declared import N_
from ..ending import EndRule, highest, zero_finish
from ..errors import InvalidOption
from ..exact import ExactBidEngine, StreakRule
from ..exact_facts import Spot
from ..explain_exact import EXACT_BIDS_EXPLAINER
from ..options import Options, OptionSpec
from ..revoke import REVOKE_OPTIONS
from ..schedules import walk
from ..scoring import Scorer, romanian
from ..state import DealFacts
from ..table import Table
from ..text import Text
from ..tricks import Ranking, players_in
from ..variant import Variant

LOWEST_RANK = {3: "9", 4: "7", 5: "5", 6: "3"}
PROMOTION_SCHEMES = {"ten_for_thirty": (10, 30), "five_for_ten": (5, 10)}


def _dead_hand(table: Table) -> bool:
    return table.size == 7 and table.options.choice("seven_player_deck") == "dead_hand"


def _deck(table: Table) -> Deck:
    if table.size == 7 and not _dead_hand(table):
        return Deck(size=56, description=Text("deck_romanian_56"))
    active = min(table.size, 6)
    size = 8 * active
    low = LOWEST_RANK[active]
    return Deck(size=size, description=Text("deck_romanian", size=size, low=low))


def _ranking(table: Table, facts: DealFacts | None) -> Ranking:
    """The short pack (or 56 for seven), a card from each player in the deal; must trump if void."""
    deck = _deck(table)
    if deck.size == 56:
        cards = suited_cards(2, extra_ones=True)
        text = Text("deck_romanian_56_judge")
    else:
        cards = suited_cards(15 - deck.size // 4)
        text = deck.description
    players = players_in(table, facts) if facts is not None else table.size - (1 if _dead_hand(table) else 0)
    return Ranking(
        deck=cards,
        deck_description=text,
        trick_size=players,
        notes=(Text("judge_must_trump"), Text("judge_eight_cards_no_trump")),
    )


def _waypoints(table: Table) -> tuple[int, ...]:
    """1-8-1 or 8-1-8: the ends are dealt once per player, so a new number of players re-plans
    the blocks to come (RULES.md §9)."""
    return (1, 8, 1) if table.options.choice("sequence") == "1-8-1" else (8, 1, 8)


def _schedule(table: Table) -> tuple[int, ...]:
    return walk(_waypoints(table), repeats=table.size)


def _scoring(options: Options) -> Scorer:
    return partial(
        romanian,
        progressive=options.flag("progressive_scoring"),
        progressive_penalty=options.flag("progressive_penalty"),
    )


def _end(table: Table) -> EndRule:
    winners = zero_finish if table.options.flag("zero_finish") else highest
    return EndRule(deals=len(_schedule(table)), winners=winners)


def _streaks(table: Table) -> StreakRule | None:
    options = table.options
    if not options.flag("promotions"):
        return None
    length, bonus = PROMOTION_SCHEMES.get(options.choice("promotion_scheme"), (table.size + 1, 10))
    return StreakRule(length=length, bonus=bonus, one_card_resets=options.choice("sequence") == "8-1-8")


def _is_blind(table: Table, spot: Spot) -> bool:
    """The closing block of one-card deals (in 8-1-8, the middle block)."""
    if spot.cards != 1 or not table.options.flag("blind_one_card_deals"):
        return False
    if table.options.choice("sequence") == "8-1-8":
        return True
    assert spot.deals is not None, "Romanian Whist has a fixed number of deals"
    return spot.place > spot.deals - table.size


def _reminders(table: Table, spot: Spot) -> tuple[Text, ...]:
    notes: list[Text] = []
    if _dead_hand(table):
        notes.append(Text("reminder_dead_hand", dealer=spot.dealer))
    if spot.cards_left == 0:
        notes.append(Text("reminder_all_dealt_no_trump"))
    if _is_blind(table, spot):
        notes.append(Text("reminder_blind_deal"))
    return tuple(notes)


def _check(table: Table) -> None:
    options = table.options
    if options.flag("zero_finish") and options.choice("sequence") != "1-8-1":
        raise InvalidOption("romanian_zero_finish_sequence")
    if options.flag("progressive_penalty") and not options.flag("progressive_scoring"):
        raise InvalidOption("romanian_penalty_needs_progressive")


ROMANIAN_WHIST = Variant(
    code="romanian-whist",
    name=N_("Romanian Whist"),
    family=N_("Romanian Whist"),
    ladder="romanian",
    summary=N_("Whist românesc: 8 cards a player, one-card deals at the ends, 5 + bid when exact."),
    aliases=("romanian", "whist-romanesc"),
    min_players=3,
    max_players=7,
    options=(
        OptionSpec(
            name="sequence",
            label=N_("Sequence"),
            help=N_(
                "1-8-1: one-card deals first and last, eight-card deals in the middle. 8-1-8: the reverse."
            ),
            kind="choice",
            choices=("1-8-1", "8-1-8"),
            default="1-8-1",
        ),
        OptionSpec(
            name="seven_player_deck",
            label=N_("Seven players"),
            help=N_(
                "With seven at the table: 48 cards and the dealer sits each deal out, or four extra low "
                "cards (56) so that all seven play."
            ),
            kind="choice",
            choices=("dead_hand", "56"),
            choice_labels={
                "dead_hand": N_("Dead hand: the dealer sits out"),
                "56": N_("56 cards: everyone plays"),
            },
            default="dead_hand",
        ),
        OptionSpec(
            name="progressive_scoring",
            label=N_("Progressive scoring"),
            help=N_("An exact bid scores 5 + 1 + 2 + … + bid (0→5, 1→6, 2→8, 3→11 … 8→41)."),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="progressive_penalty",
            label=N_("Progressive penalty"),
            help=N_("With progressive scoring, a miss by d tricks costs 1 + 2 + … + d (1, 3, 6, 10 …)."),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="zero_finish",
            label=N_("0 finish"),
            help=N_("In 1-8-1 games, whoever ends on exactly 0 wins, whatever the others have."),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="blind_one_card_deals",
            label=N_("Blind one-card deals"),
            help=N_(
                "In the closing one-card deals (the middle ones in 8-1-8) players hold their card "
                "to their forehead unseen. Changes no score."
            ),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="promotions",
            label=N_("Promotions"),
            help=N_(
                "A run of exact (or missed) deals earns (or costs) a bonus. One-card deals do not count; "
                "in 8-1-8 they end every run."
            ),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="promotion_scheme",
            label=N_("Promotion scheme"),
            help=N_(
                "How long a run must be and what it is worth: players + 1 in a row for 10, 10 in a row "
                "for 30, or 5 in a row for 10."
            ),
            kind="choice",
            choices=("n_plus_one", "ten_for_thirty", "five_for_ten"),
            choice_labels={
                "n_plus_one": N_("Players + 1 in a row: ±10"),
                "ten_for_thirty": N_("10 in a row: ±30"),
                "five_for_ten": N_("5 in a row: ±10"),
            },
            default="n_plus_one",
        ),
        *REVOKE_OPTIONS,
    ),
    check_table=_check,
    ranking=_ranking,
    engine=ExactBidEngine(
        deck=_deck,
        schedule=_schedule,
        score=_scoring,
        end=_end,
        dealer_sits_out=_dead_hand,
        streaks=_streaks,
        reminders=_reminders,
        blocks=_waypoints,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)

VARIANTS = (ROMANIAN_WHIST,)

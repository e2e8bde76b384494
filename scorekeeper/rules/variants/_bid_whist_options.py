"""The options of Bid Whist (RULES.md §6), declared once for forms, pages and the engine."""

from __future__ import annotations

from ..declared import N_
from ..options import OptionSpec

BID_WHIST_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="play_to",
        label=N_("Play to"),
        help=N_("The game ends after a hand in which a side reaches this score, or falls to minus it."),
        kind="choice",
        choices=("5", "7", "9"),
        default="7",
    ),
    OptionSpec(
        name="jokers",
        label=N_("Jokers"),
        help=N_("0, 1 or 2 jokers; the kitty is 4 cards plus one a joker."),
        kind="int",
        default=2,
        minimum=0,
        maximum=2,
    ),
    OptionSpec(
        name="min_bid",
        label=N_("Lowest bid"),
        help=N_("The lowest level a player may bid (a bid of L needs 6 + L books)."),
        kind="int",
        default=3,
        minimum=1,
        maximum=4,
    ),
    OptionSpec(
        name="low_beats_high",
        label=N_("Downtown beats uptown"),
        help=N_(
            "At the same level downtown beats uptown; off: they rank alike and only no trump "
            "or a higher level beats them."
        ),
        kind="bool",
        default=True,
    ),
    OptionSpec(
        name="sport_the_kitty",
        label=N_("Show the kitty"),
        help=N_("Whether the kitty is shown to everyone: never, after trump bids only, or always."),
        kind="choice",
        choices=("never", "trump_bids", "always"),
        choice_labels={
            "never": N_("Never"),
            "trump_bids": N_("After uptown or downtown bids"),
            "always": N_("Always"),
        },
        default="never",
    ),
    OptionSpec(
        name="bidder_gets_kitty",
        label=N_("Bidder takes the kitty"),
        help=N_(
            "The high bidder takes the kitty and discards as many cards; off: the kitty stays out. "
            "Either way it is the bidders' first book."
        ),
        kind="bool",
        default=True,
    ),
    OptionSpec(
        name="bidder_leads",
        label=N_("Bidder leads"),
        help=N_("The high bidder leads the first trick instead of the player left of the dealer."),
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="double_nt",
        label=N_("Double no trump"),
        help=N_("A no-trump hand scores double, made or set."),
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="defensive_scoring",
        label=N_("Defenders score"),
        help=N_(
            "The defenders also score their tricks over six (they can only have them when the bid fails)."
        ),
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="renege_penalty",
        label=N_("A renege found after the hand"),
        help=N_(
            "Three books go from the reneging side to the other, counted before the contract is judged; "
            "or every book the reneging side won goes over. Both sides reneging: the hand is dealt again."
        ),
        kind="choice",
        choices=("three_books", "all_books"),
        choice_labels={"three_books": N_("Three books"), "all_books": N_("Every book they won")},
        default="three_books",
    ),
)

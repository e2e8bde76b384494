"""The options of Bid Whist (RULES.md §6), declared once for forms, pages and the engine."""

from __future__ import annotations

from ..options import OptionSpec

BID_WHIST_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="play_to",
        label="Play to",
        help="The game ends after a hand in which a side reaches this score, or falls to minus it.",
        kind="choice",
        choices=("5", "7", "9"),
        default="7",
    ),
    OptionSpec(
        name="jokers",
        label="Jokers",
        help="0, 1 or 2 jokers; the kitty is 4 cards plus one a joker.",
        kind="int",
        default=2,
        minimum=0,
        maximum=2,
    ),
    OptionSpec(
        name="min_bid",
        label="Lowest bid",
        help="The lowest level a player may bid (a bid of L needs 6 + L books).",
        kind="int",
        default=3,
        minimum=1,
        maximum=4,
    ),
    OptionSpec(
        name="low_beats_high",
        label="Downtown beats uptown",
        help="At the same level downtown beats uptown; off: they rank alike and only no trump "
        "or a higher level beats them.",
        kind="bool",
        default=True,
    ),
    OptionSpec(
        name="sport_the_kitty",
        label="Show the kitty",
        help="Whether the kitty is shown to everyone: never, after trump bids only, or always.",
        kind="choice",
        choices=("never", "trump_bids", "always"),
        choice_labels={"never": "Never", "trump_bids": "After uptown or downtown bids", "always": "Always"},
        default="never",
    ),
    OptionSpec(
        name="bidder_gets_kitty",
        label="Bidder takes the kitty",
        help="The high bidder takes the kitty and discards as many cards; off: the kitty stays out. "
        "Either way it is the bidders' first book.",
        kind="bool",
        default=True,
    ),
    OptionSpec(
        name="bidder_leads",
        label="Bidder leads",
        help="The high bidder leads the first trick instead of the player left of the dealer.",
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="double_nt",
        label="Double no trump",
        help="A no-trump hand scores double, made or set.",
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="defensive_scoring",
        label="Defenders score",
        help="The defenders also score their tricks over six (they can only have them when the bid fails).",
        kind="bool",
        default=False,
    ),
    OptionSpec(
        name="renege_penalty",
        label="A renege found after the hand",
        help="Three books go from the reneging side to the other, counted before the contract is judged; "
        "or every book the reneging side won goes over. Both sides reneging: the hand is dealt again.",
        kind="choice",
        choices=("three_books", "all_books"),
        choice_labels={"three_books": "Three books", "all_books": "Every book they won"},
        default="three_books",
    ),
)

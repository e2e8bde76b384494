"""The rules engine: pure Python, no web or database.

A game is its variant, options, seating, first dealer and the inputs recorded
so far; everything else is derived by replaying them.
"""

from __future__ import annotations

from .bidding import BidChoice, forbidden_bid, legal_bids, next_bidder, over_under, verify_bids
from .cards import SUITS, Trump
from .errors import (
    HookViolation,
    InvalidBid,
    InvalidOption,
    InvalidSetup,
    InvalidTricks,
    InvalidTrump,
    OutOfTurn,
    RuleViolation,
)
from .exact import ExactBidEngine, ExactDeal, ExactEntry, verify_tricks
from .game import Game
from .options import Options, OptionSpec, OptionValue
from .state import DealFacts, DealState, GameState
from .table import Table
from .variant import Engine, Variant
from .variants import VARIANTS, UnknownVariant, families, get_variant

__all__ = [
    "SUITS",
    "VARIANTS",
    "BidChoice",
    "DealFacts",
    "DealState",
    "Engine",
    "ExactBidEngine",
    "ExactDeal",
    "ExactEntry",
    "Game",
    "GameState",
    "HookViolation",
    "InvalidBid",
    "InvalidOption",
    "InvalidSetup",
    "InvalidTricks",
    "InvalidTrump",
    "OptionSpec",
    "OptionValue",
    "Options",
    "OutOfTurn",
    "RuleViolation",
    "Table",
    "Trump",
    "UnknownVariant",
    "Variant",
    "families",
    "forbidden_bid",
    "get_variant",
    "legal_bids",
    "next_bidder",
    "over_under",
    "verify_bids",
    "verify_tricks",
]

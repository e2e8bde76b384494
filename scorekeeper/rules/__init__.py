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
from .events import (
    EVENT_KINDS,
    REVOKE_PENALTIES,
    START_RULES,
    Adjustment,
    Arrival,
    Departure,
    InvalidEvent,
    Misdeal,
    Revoke,
    SitOut,
    Stop,
    Substitute,
    TableEvent,
    read_event,
    write_event,
)
from .exact import ExactBidEngine, ExactDeal, ExactEntry, verify_tricks
from .game import Game
from .options import Options, OptionSpec, OptionValue
from .seating import EventState, PlanChange, RevokeMark, SeatHistory, Seating, TableLife
from .state import DealFacts, DealState, GameState, Standing
from .table import Table
from .table_events import (
    EventChoice,
    EventPreview,
    arrival_starts,
    event_laws,
    possible_events,
    preview,
    revoke_penalties,
    table_laws,
    table_rules,
    under_way_refusal,
    verify_adjustment,
    verify_arrival,
    verify_departure,
    verify_misdeal,
    verify_revoke,
    verify_sit_out,
    verify_stop,
    verify_substitute,
    waiting_for_the_deal,
)
from .text import Param, Text
from .variant import Engine, Variant
from .variants import VARIANTS, UnknownVariant, families, get_variant
from .walk import TableLaws

__all__ = [
    "EVENT_KINDS",
    "REVOKE_PENALTIES",
    "START_RULES",
    "SUITS",
    "VARIANTS",
    "Adjustment",
    "Arrival",
    "BidChoice",
    "DealFacts",
    "DealState",
    "Departure",
    "Engine",
    "EventChoice",
    "EventPreview",
    "EventState",
    "ExactBidEngine",
    "ExactDeal",
    "ExactEntry",
    "Game",
    "GameState",
    "HookViolation",
    "InvalidBid",
    "InvalidEvent",
    "InvalidOption",
    "InvalidSetup",
    "InvalidTricks",
    "InvalidTrump",
    "Misdeal",
    "OptionSpec",
    "OptionValue",
    "Options",
    "OutOfTurn",
    "Param",
    "PlanChange",
    "Revoke",
    "RevokeMark",
    "RuleViolation",
    "SeatHistory",
    "Seating",
    "SitOut",
    "Standing",
    "Stop",
    "Substitute",
    "Table",
    "TableEvent",
    "TableLaws",
    "TableLife",
    "Text",
    "Trump",
    "UnknownVariant",
    "Variant",
    "arrival_starts",
    "event_laws",
    "families",
    "forbidden_bid",
    "get_variant",
    "legal_bids",
    "next_bidder",
    "over_under",
    "possible_events",
    "preview",
    "read_event",
    "revoke_penalties",
    "table_laws",
    "table_rules",
    "under_way_refusal",
    "verify_adjustment",
    "verify_arrival",
    "verify_bids",
    "verify_departure",
    "verify_misdeal",
    "verify_revoke",
    "verify_sit_out",
    "verify_stop",
    "verify_substitute",
    "verify_tricks",
    "waiting_for_the_deal",
    "write_event",
]

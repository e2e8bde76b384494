"""A whist drive: a whole evening of many tables, with movement, scores and prizes.

A drive is its set-up (:class:`DriveSetup`) and the tricks each table entered
for each hand (:class:`HandEntry`); :class:`Drive` replays them into every
seating, each player's score and the leaderboard (:class:`DriveState`). Pure
Python, no I/O, like the rest of the engine. The movement of each format is
described in :mod:`.seating`, the ranking and prizes in :mod:`.standings`,
what a correction does to the movement in :mod:`.drive`, players arriving and
leaving in :mod:`.roster` (what each change moves in :mod:`.changes`), and where
players actually sat when the hall did not move as planned in :mod:`.actual`.
"""

from __future__ import annotations

from .actual import SeatFix
from .drive import CorrectionEffect, Drive, legal_tricks
from .errors import (
    CardRefused,
    ConfirmationRefused,
    CorrectionRefused,
    DriveViolation,
    HandAlreadyEntered,
    HandNotOpen,
    InvalidDriveOption,
    InvalidDriveSetup,
    InvalidHandTricks,
    InvalidPrize,
    NothingToCorrect,
    RosterRefused,
    SeatRefused,
    UnknownTable,
)
from .replay import DriveState, replay
from .roster import RosterChange, RosterKind, StartFrom
from .seating import (
    SEATS,
    Layout,
    LosersMove,
    MoveKind,
    MovementRule,
    Pair,
    Seat,
    WinnersMove,
    layout_for,
    movement_rule,
)
from .setup import (
    DEFAULT_HANDS,
    DEFAULT_SIT_OUT_TRICKS,
    DEFAULT_TRUMPS,
    MAX_HANDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIT_OUT_TRICK_CHOICES,
    DriveFormat,
    DriveSetup,
    PrizeRule,
    PrizeSpec,
    Role,
    TieBreak,
    UpDirection,
    entry_role,
)
from .sitouts import sitting_out_in
from .standings import ANNOUNCE_ORDER, PRIZE_ORDER, Eligible, Tally, announce_order, drive_prizes, prize_order
from .state import CardRow, HandEntry, HandState, Placement, PrizeResult, Standing, TableHand

__all__ = [
    "ANNOUNCE_ORDER",
    "DEFAULT_HANDS",
    "DEFAULT_SIT_OUT_TRICKS",
    "DEFAULT_TRUMPS",
    "MAX_HANDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRIZE_ORDER",
    "SEATS",
    "SIT_OUT_TRICK_CHOICES",
    "CardRefused",
    "CardRow",
    "ConfirmationRefused",
    "CorrectionEffect",
    "CorrectionRefused",
    "Drive",
    "DriveFormat",
    "DriveSetup",
    "DriveState",
    "DriveViolation",
    "Eligible",
    "HandAlreadyEntered",
    "HandEntry",
    "HandNotOpen",
    "HandState",
    "InvalidDriveOption",
    "InvalidDriveSetup",
    "InvalidHandTricks",
    "InvalidPrize",
    "Layout",
    "LosersMove",
    "MoveKind",
    "MovementRule",
    "NothingToCorrect",
    "Pair",
    "Placement",
    "PrizeResult",
    "PrizeRule",
    "PrizeSpec",
    "Role",
    "RosterChange",
    "RosterKind",
    "RosterRefused",
    "Seat",
    "SeatFix",
    "SeatRefused",
    "Standing",
    "StartFrom",
    "TableHand",
    "Tally",
    "TieBreak",
    "UnknownTable",
    "UpDirection",
    "WinnersMove",
    "announce_order",
    "drive_prizes",
    "entry_role",
    "layout_for",
    "legal_tricks",
    "movement_rule",
    "prize_order",
    "replay",
    "sitting_out_in",
]

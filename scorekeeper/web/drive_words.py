"""The words a player reads about a whist drive, built from the engine's codes and numbers.

The engine (``rules/drive``) answers in codes (formats, seats, pairs, moves,
prizes); this module is the one place that says them in English, for the
pages and the PDFs alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import words
from ..rules.cards import Trump
from ..rules.drive import (
    DriveFormat,
    DriveSetup,
    LosersMove,
    MoveKind,
    MovementRule,
    Pair,
    PrizeResult,
    PrizeRule,
    Seat,
    TieBreak,
    UpDirection,
    WinnersMove,
)

FORMAT_NAMES = {
    DriveFormat.PROGRESSIVE: "Progressive",
    DriveFormat.SEMI_PARTNER: "Semi-partner",
    DriveFormat.PARTNER: "Partner drive",
}
FORMAT_BLURBS = {
    DriveFormat.PROGRESSIVE: "A new partner every hand: the winners split up, the losers move.",
    DriveFormat.SEMI_PARTNER: "Winners stay together; only the losers move and split up.",
    DriveFormat.PARTNER: "Fixed pairs all evening: the losing pair moves on together.",
}
TIE_BREAK_NAMES = {
    TieBreak.MOST_HANDS_WON: "Most hands won (7 tricks or more)",
    TieBreak.SHARED: "Shown as a tie: cut the cards for it",
}
SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
PAIR_NAMES = {Pair.NORTH_SOUTH: "North–South", Pair.EAST_WEST: "East–West"}
PAIR_SHORT = {Pair.NORTH_SOUTH: "N–S", Pair.EAST_WEST: "E–W"}
MOVE_WORDS = {
    MoveKind.STAY: "stays",
    MoveKind.CHANGE_SEAT: "changes seat",
    MoveKind.UP: "moves up",
    MoveKind.DOWN: "moves down",
    MoveKind.SIT_OUT: "sits out",
    MoveKind.RETURN: "comes back",
}
PRIZE_NAMES = {
    PrizeRule.HIGHEST_TOTAL: "Highest total",
    PrizeRule.LOWEST_TOTAL: "Booby prize (lowest total)",
    PrizeRule.BEST_FIRST_HALF: "Best first half",
    PrizeRule.BEST_SECOND_HALF: "Best second half",
    PrizeRule.PLACE: "A place",
    PrizeRule.MOST_HANDS_WON: "Most hands won",
    PrizeRule.CHOSEN: "Awarded by the organiser",
}
# The prizes an organiser may add from the page (the drive's own are always awarded).
ADDABLE_PRIZES = (PrizeRule.PLACE, PrizeRule.MOST_HANDS_WON, PrizeRule.CHOSEN)


def trump_name(trump: Trump) -> str:
    """ "♥ Hearts"."""
    return f"{trump.symbol} {words.trump_name(trump)}" if trump.is_suit else words.trump_name(trump)


def trump_order(trumps: Sequence[Trump]) -> str:
    """ "♥ ♣ ♦ ♠"."""
    return " ".join(trump.symbol if trump.is_suit else words.trump_name(trump) for trump in trumps)


def names_list(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def tables_words(tables: Sequence[int]) -> str:
    """ "table 4" or "tables 2, 5 and 7"."""
    if len(tables) == 1:
        return f"table {tables[0]}"
    return "tables " + names_list([str(table) for table in tables])


def prize_name(result: PrizeResult) -> str:
    """The prize's own name, or the drive's word for its rule."""
    return result.prize.name or PRIZE_NAMES[result.prize.rule]


def movement_words(rule: MovementRule) -> list[str]:
    """The movement of a drive in sentences, from the engine's declaration of it."""
    direction = (
        "from table 1 to 2, 2 to 3 and so on"
        if rule.up_direction is UpDirection.HIGHER
        else "from the last table towards table 1"
    )
    ends = (
        "; from the last table “up” is table 1 again"
        if rule.up_direction is UpDirection.HIGHER
        else "; from table 1 “up” is the last table"
    )
    sentences = [
        f"After every hand each table's pair with 7 tricks or more has won. “Up” goes {direction}{ends}: "
        "the end tables wrap round."
    ]
    if rule.winners is WinnersMove.STAY_AND_SPLIT:
        sentences.append(
            "The winners stay at their table but split up: the winner from South or West crosses to the "
            "other of those seats, to face a newcomer."
        )
    else:
        sentences.append("The winners stay in their seats, together.")
    up = " or ".join(SEAT_NAMES[seat] for seat in rule.up_seats)
    down = " or ".join(SEAT_NAMES[seat] for seat in rule.down_seats)
    if rule.losers is LosersMove.TOGETHER_UP:
        sentences.append("The losing pair moves up one table together, keeping their places.")
    else:
        sentences.append(
            f"The losers split: the one in {up} moves up one table, the one in {down} moves down one."
        )
    if rule.format is DriveFormat.PROGRESSIVE:
        sentences.append("So everyone has a new partner every hand.")
    elif rule.format is DriveFormat.SEMI_PARTNER:
        sentences.append("The two newcomers at a table partner each other.")
    if rule.sit_outs_per_hand:
        who = "pair" if rule.sit_out_by_pairs else ("player" if rule.sit_outs_per_hand == 1 else "players")
        count = rule.sit_outs_per_hand // 2 if rule.sit_out_by_pairs else rule.sit_outs_per_hand
        sentences.append(
            f"The players do not fill the last table: {count} {who} sit out each hand in turn and score "
            f"{rule.sit_out_tricks} tricks for it."
        )
    return sentences


def setup_words(setup: DriveSetup) -> list[tuple[str, str]]:
    """The drive's options as (label, value) lines for its pages and results sheet."""
    halves = (
        f"{setup.hands} hands, an interval after hand {setup.interval_after}"
        if setup.interval_after
        else f"{setup.hands} hands"
    )
    return [
        ("Format", FORMAT_NAMES[setup.format]),
        ("Hands", halves),
        ("Trumps in turn", trump_order(setup.trumps)),
        ("Sitting out scores", f"{setup.sit_out_tricks} tricks"),
        ("Ties", TIE_BREAK_NAMES[setup.tie_break]),
    ]

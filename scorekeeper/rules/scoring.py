"""Small scoring functions for the bid-exactly games.

Each takes the deal's number of cards, one player's bid and tricks, and
returns that player's points. Variants specialise them with functools.partial
according to their options.
"""

from __future__ import annotations

from collections.abc import Callable

Scorer = Callable[[int, int, int], int]
"""(cards, bid, tricks) → points."""


def tricks_and_bonus(cards: int, bid: int, tricks: int, *, per_trick: int = 1, bonus: int = 10) -> int:
    """Every trick counts; an exact bid adds the bonus (common Oh Hell, Contract Whist)."""
    return per_trick * tricks + (bonus if tricks == bid else 0)


def exact_only(cards: int, bid: int, tricks: int, *, bonus: int = 10, per_trick: int = 1) -> int:
    """Only an exact bid scores: bonus plus its tricks; anything else scores 0."""
    return bonus + per_trick * tricks if tricks == bid else 0


def with_zero_bid_value(
    cards: int, bid: int, tricks: int, *, base: Scorer, zero: Callable[[int], int]
) -> int:
    """``base``, except that an exact bid of none scores ``zero(cards)``."""
    if bid == 0 and tricks == 0:
        return zero(cards)
    return base(cards, bid, tricks)


def five_plus_cards(cards: int) -> int:
    """What a made zero bid scores in Oh Hell's zero_bonus scoring: 5 + the tricks in the deal."""
    return 5 + cards


def triangle(number: int) -> int:
    """1 + 2 + … + number."""
    return number * (number + 1) // 2


def romanian(cards: int, bid: int, tricks: int, *, progressive: bool, progressive_penalty: bool) -> int:
    """Exact: 5 + bid (or 5 + 1 + 2 + … + bid); a miss costs a point a trick off (or 1, 3, 6, …)."""
    if tricks == bid:
        return 5 + (triangle(bid) if progressive else bid)
    off = abs(tricks - bid)
    return -(triangle(off) if progressive_penalty else off)


def configurable(
    cards: int,
    bid: int,
    tricks: int,
    *,
    per_trick: int,
    bonus: int,
    on_miss: str,
    penalty: int,
) -> int:
    """Custom scoring: points a trick and a bonus when exact; on a miss the tricks,
    a penalty per trick off, or nothing."""
    if tricks == bid:
        return per_trick * tricks + bonus
    if on_miss == "tricks":
        return per_trick * tricks
    if on_miss == "penalty":
        return -penalty * abs(tricks - bid)
    return 0

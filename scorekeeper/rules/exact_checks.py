"""Checks on what the table enters for a deal of a bid-exactly game: tricks, counts, trump."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Trump
from .errors import InvalidTricks, InvalidTrump, RuleViolation
from .state import DealFacts


def verify_tricks(
    facts: DealFacts, tricks: Sequence[object], players: Sequence[str]
) -> tuple[int | None, ...]:
    """Each active player took 0..cards tricks, and together exactly ``cards``."""
    if len(tricks) == len(players):
        cards, sitting_out, total = facts.cards, facts.sitting_out, 0
        for seat, took in enumerate(tricks):
            if seat in sitting_out:
                if took is not None:
                    break
            elif type(took) is not int or not 0 <= took <= cards:
                break
            else:
                total += took
        else:
            if total == cards:
                return tuple(tricks)  # type: ignore[arg-type]  # checked just above
    _explain_tricks(facts, tricks, players)
    raise AssertionError("unreachable: wrong tricks always raise")  # pragma: no cover


def _explain_tricks(facts: DealFacts, tricks: Sequence[object], players: Sequence[str]) -> None:
    """Raise the InvalidTricks that says what is wrong."""
    if len(tricks) != len(players):
        raise InvalidTricks("tricks_count", players=len(players))
    total = 0
    for seat, took in enumerate(tricks):
        if not facts.is_active(seat):
            if took is not None:
                raise InvalidTricks("tricks_sitting_out", player=players[seat])
            continue
        if took is None:
            raise InvalidTricks("tricks_missing", player=players[seat])
        if isinstance(took, bool) or not isinstance(took, int):
            raise InvalidTricks("tricks_not_number", player=players[seat], value=repr(took))
        if not 0 <= took <= facts.cards:
            raise InvalidTricks("tricks_above_cards", player=players[seat], took=took, cards=facts.cards)
        total += took
    raise InvalidTricks("tricks_total", total=total, cards=facts.cards)


def read_counts(raw: object, name: str, error: type[RuleViolation]) -> tuple[int | None, ...]:
    """A per-seat list of whole numbers (or nulls) from JSON-like data; ``name`` is the entry's key
    ("bids" or "tricks"), which the refusal names."""
    if not isinstance(raw, list):
        raise error("counts_not_list", what=name)
    for value in raw:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise error("counts_not_whole", what=name, value=repr(value))
    return tuple(raw)


def verify_trump(facts: DealFacts, trump: Trump | None) -> Trump | None:
    """The trump entered for a deal, checked against the one the rules fix or the card turned."""
    if trump is None:
        return facts.trump
    if facts.trump is not None and trump != facts.trump:
        raise InvalidTrump(
            "trump_fixed_by_rules", number=facts.number, fixed=facts.trump.value, entered=trump.value
        )
    if facts.trump_turned and not trump.is_suit:
        raise InvalidTrump("trump_must_be_suit")
    return trump

"""Checks on what the table enters for a deal of a bid-exactly game: tricks, counts, trump."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Trump
from .errors import InvalidTricks, InvalidTrump, RuleViolation
from .exact_ahead import missing_tricks_message, tricks_total_message
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
        raise InvalidTricks(f"Enter the tricks of each of the {len(players)} players")
    total = 0
    for seat, took in enumerate(tricks):
        if not facts.is_active(seat):
            if took is not None:
                raise InvalidTricks(f"{players[seat]} sits this deal out and took no tricks")
            continue
        if took is None:
            raise InvalidTricks(missing_tricks_message(players[seat]))
        if isinstance(took, bool) or not isinstance(took, int):
            raise InvalidTricks(f"{players[seat]}'s tricks must be a number, not {took!r}")
        if not 0 <= took <= facts.cards:
            raise InvalidTricks(
                f"{players[seat]} took {took} tricks, but a deal of {facts.cards} "
                f"{'card' if facts.cards == 1 else 'cards'} has only {facts.cards}"
            )
        total += took
    raise InvalidTricks(tricks_total_message(facts.cards, total))


def read_counts(raw: object, name: str, error: type[RuleViolation]) -> tuple[int | None, ...]:
    """A per-seat list of whole numbers (or nulls) from JSON-like data."""
    if not isinstance(raw, list):
        raise error(f"The {name} are a list with one number (or null) for each player")
    for value in raw:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise error(f"The {name} are whole numbers, not {value!r}")
    return tuple(raw)


def verify_trump(facts: DealFacts, trump: Trump | None) -> Trump | None:
    """The trump entered for a deal, checked against the one the rules fix or the card turned."""
    if trump is None:
        return facts.trump
    if facts.trump is not None and trump != facts.trump:
        raise InvalidTrump(
            f"Deal {facts.number} is played with {facts.trump.label.lower()} by the rules, "
            f"not {trump.label.lower()}"
        )
    if facts.trump_turned and not trump.is_suit:
        raise InvalidTrump("A card is turned for trump, so the trump is a suit")
    return trump

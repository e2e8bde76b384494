"""Pieces the partnership and two-hand games share (Classic Whist, Bid Whist, German Whist).

These games end on a score rather than after a fixed number of deals, keep
their totals per team (or per player in the two-hand game), and have no
hook. The helpers here read entries from JSON-like data, build each deal's
facts and assemble the game state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from ..cards import SUITS, Trump
from ..errors import InvalidTrump, OutOfTurn, RuleViolation
from ..seating import Seating
from ..state import DealFacts, DealState, GameState, Status
from ..table import Table
from ..text import Text
from ..walk import TableWalk

Teams = tuple[tuple[int, ...], ...]

PARTNERSHIPS: Teams = ((0, 2), (1, 3))
"""Partners sit opposite: seats 0 and 2 against seats 1 and 3."""

EntryT = TypeVar("EntryT")

SIDES = (0, 1)
"""Whose count an entry gives: side 0 or side 1 (the other side's follows)."""
SUIT_CODES: tuple[str, ...] = tuple(suit.value for suit in SUITS)
"""The suits a turned card may show, as an entry writes them."""


def team_of(seat: int) -> int:
    """The partnership (0 or 1) of a seat at a four-player table."""
    return seat % 2


def team_name(players: Sequence[str], team: int) -> tuple[str, str]:
    """The partnership's players, by name (a text words them "Ann and Cat")."""
    first, second = PARTNERSHIPS[team]
    return (players[first], players[second])


def play_order(dealer: int, size: int) -> tuple[int, ...]:
    """Every seat from the dealer's left round to the dealer."""
    return tuple((dealer + step) % size for step in range(1, size + 1))


def deal_facts(
    table: Table,
    number: int,
    *,
    dealer: int,
    cards: int,
    leader: int,
    trump_turned: bool,
    reminders: tuple[Text, ...],
) -> DealFacts:
    """The facts of a deal with everyone playing, no hook and no fixed trump."""
    return DealFacts(
        number=number,
        cards=cards,
        dealer=dealer,
        sitting_out=(),
        bidding_order=play_order(dealer, table.size),
        leader=leader,
        trump=None,
        trump_turned=trump_turned,
        hook=False,
        reminders=reminders,
    )


def rotating_dealer(table: Table, number: int) -> int:
    """The deal passes to the left after every deal (in a two-hand game: alternates)."""
    return (table.first_dealer + number - 1) % table.size


FactsOf = Callable[[Table, int], DealFacts]
"""(table, deal number) → the facts of a deal as planned when the game began."""


def seated_facts(facts_of: FactsOf, table: Table, seating: Seating) -> DealFacts:
    """A deal's facts after table events: dealt by the seating's dealer, its players named as they
    sit now. These games never change their number of players, so seats stay 0 … n−1."""
    moved = replace(table, players=seating.names, first_dealer=seating.dealer)
    return replace(facts_of(moved, 1), number=seating.number)


# --- reading entries ---------------------------------------------------------------


def check_keys(data: Mapping[str, object], allowed: Sequence[str], variant: str) -> None:
    """Refuse a key the entry does not have, naming the ones it does; ``variant`` is the game's name."""
    if not isinstance(data, Mapping):
        raise RuleViolation("entry_not_named_values", variant=variant, value=repr(data))
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise RuleViolation(
            "entry_unknown_key", field=unknown[0], variant=variant, keys=tuple(allowed), key=repr(unknown[0])
        )


def read_whole_number(data: Mapping[str, object], key: str, error: type[RuleViolation]) -> int | None:
    """An optional whole number; a missing key or null reads as None. The refusal names ``key``."""
    raw = data.get(key)
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise error("entry_count_not_whole", what=key, value=repr(raw))
    return raw


def read_side(data: Mapping[str, object], sides: int) -> int:
    """Whose count an entry gives: side 0 (the default) or a later one."""
    raw = data.get("side", 0)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < sides:
        raise RuleViolation("side_out_of_range", field="side", highest=sides - 1, value=repr(raw))
    return raw


def read_suit(raw: object) -> Trump | None:
    """An optional trump suit (S, H, D or C); no trump is not a turned suit."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise InvalidTrump("trump_not_a_suit", value=repr(raw))
    try:
        suit = Trump.parse(raw)
    except ValueError:
        raise InvalidTrump("trump_not_a_suit", value=repr(raw)) from None
    if suit not in SUITS:
        raise InvalidTrump("trump_not_a_suit", value=repr(raw))
    return suit


def split_count(side: int, count: int, whole: int) -> tuple[int, int]:
    """The counts of both sides when one side's count out of ``whole`` is given."""
    return (count, whole - count) if side == 0 else (whole - count, count)


# --- replaying -----------------------------------------------------------------------


def checked_entry(
    entry: object,
    kind: type[EntryT],
    *,
    index: int,
    over: bool,
    deals: Sequence[DealState],
    input_kind: str,
) -> EntryT:
    """The entry at ``index`` if it may follow the deals replayed so far; else OutOfTurn.
    ``input_kind`` is the family's kind of entry, which the refusal of another kind names."""
    number = index + 1
    if not isinstance(entry, kind):
        raise OutOfTurn("entry_wrong_kind", number=number, kind=input_kind)
    if over:
        raise OutOfTurn("game_over_no_deal", number=number)
    entry_number = getattr(entry, "number", None)
    if entry_number != number:
        raise OutOfTurn("deal_out_of_order", number=entry_number, previous=number - 1)
    if deals and not deals[-1].complete:
        raise OutOfTurn("deal_finish_first", previous=number - 1, number=number)
    return entry


def level_draw_note(names: Sequence[str | tuple[str, ...]], total: int) -> Text:
    """The note of a game that ends level: the players (or partnerships) and their total."""
    return Text("note_draw", sides=tuple(names), total=total)


def assemble(
    table: Table,
    *,
    deals: Sequence[DealState],
    teams: Teams | None,
    over: bool,
    totals: Sequence[int],
    winners: tuple[int, ...],
    notes: Sequence[Text],
    facts_of: FactsOf,
    walk: TableWalk,
    deal_count: int | None,
    settlement: tuple[int, ...] | None = None,
) -> GameState:
    """The game state: the open deal (or the next one) is ``current`` unless the game is over."""
    current: DealFacts | None
    if deals and not deals[-1].complete:
        current = deals[-1].facts
    elif over:
        current = None
    elif (seating := walk.next_seating()) is None:
        current = facts_of(table, len(deals) + 1)
    else:
        current = seated_facts(facts_of, table, seating)
    status: Status = "finished" if over else "in_progress"
    return GameState(
        table=table,
        deals=tuple(deals),
        teams=teams,
        current=current,
        deal_count=deal_count,
        totals=tuple(totals),
        status=status,
        winners=winners if over else (),
        settlement=settlement,
        notes=tuple(notes),
        life=walk.life(),
    )


def team_winners(totals: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """The seats of the team with the higher total, and whether the teams are level.

    Level teams (which the rules of these games do not produce, but an edited
    record could) are a draw: every seat is listed.
    """
    if totals[0] == totals[1]:
        return (0, 1, 2, 3), True
    best = 0 if totals[0] > totals[1] else 1
    return PARTNERSHIPS[best], False

"""The engine of every game where each player bids an exact number of tricks.

Oh Hell and its family, Nomination Whist, Romanian Whist and Custom Oh Hell
share it; each variant configures it with small functions: the deal
sequence, the trump, whether the hook applies, the scoring, streak bonuses
and the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from .bidding import Bids, over_under, verify_bids
from .cards import Deck, Trump
from .constraints import DealAhead, Foresight
from .ending import EndRule
from .errors import InvalidBid, InvalidTricks, InvalidTrump, OutOfTurn, RuleViolation
from .exact_ahead import exact_phases, missing_tricks_message, tricks_total_message
from .options import Options
from .scoring import Scorer
from .state import DealFacts, DealState, GameState
from .table import Table


@dataclass(frozen=True, kw_only=True, slots=True)
class ExactEntry:
    """What the table records for one deal: bids per seat, then tricks per seat.

    ``tricks`` is None while the deal is being played. ``trump`` is the suit of
    the turned card where the table turns one.
    """

    number: int
    bids: tuple[int | None, ...]
    tricks: tuple[int | None, ...] | None = None
    trump: Trump | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class ExactDeal(DealState):
    """A recorded deal of a bid-exactly game."""

    bids: Bids
    tricks: tuple[int | None, ...] | None
    announcement: str | None

    def made(self, seat: int) -> bool | None:
        """Whether the seat took exactly its bid; None if unknown or sitting out."""
        if self.tricks is None:
            return None
        bid, took = self.bids[seat], self.tricks[seat]
        if bid is None or took is None:
            return None
        return bid == took

    @property
    def bid_total(self) -> int:
        """The sum of the bids made so far."""
        return sum(bid for bid in self.bids if bid is not None)


@dataclass(frozen=True, kw_only=True, slots=True)
class StreakRule:
    """Romanian promotions: ``length`` exact (or missed) deals in a row earn ±``bonus``.

    One-card deals never count; with ``one_card_resets`` they also end every streak.
    """

    length: int
    bonus: int
    one_card_resets: bool


TrumpRule = Callable[[Table, int, int], Trump | None]
"""(table, deal number, cards left after the deal) → the fixed trump, or None to turn a card."""


def turn_next_card(table: Table, number: int, cards_left: int) -> Trump | None:
    """The next card is turned for trump; with none left the deal has no trump."""
    return Trump.NO_TRUMP if cards_left == 0 else None


def never(table: Table) -> bool:
    """A switch that is off for every table."""
    return False


def no_streaks(table: Table) -> StreakRule | None:
    """No streak bonuses."""
    return None


def no_reminders(table: Table, number: int, cards: int) -> tuple[str, ...]:
    """Nothing to remind the table of."""
    return ()


def no_winner_bonus(table: Table) -> int:
    """Winning adds nothing to the total."""
    return 0


def always_hook(table: Table, cards: int) -> bool:
    """The hook applies to every deal."""
    return True


@dataclass(frozen=True, kw_only=True, eq=False)
class ExactBidEngine:
    """The bid-exactly family, configured per variant with small functions."""

    input_kind: ClassVar[str] = "exact_bids"

    deck: Callable[[Table], Deck]
    schedule: Callable[[Table], tuple[int, ...]]
    score: Callable[[Options], Scorer]
    end: Callable[[Table], EndRule]
    trump: Callable[[Table], TrumpRule] = lambda table: turn_next_card
    hook: Callable[[Table, int], bool] = always_hook
    open_ended: bool = False
    dealer_sits_out: Callable[[Table], bool] = never
    streaks: Callable[[Table], StreakRule | None] = no_streaks
    announces_total: bool = False
    reminders: Callable[[Table, int, int], tuple[str, ...]] = no_reminders
    winner_bonus: Callable[[Table], int] = no_winner_bonus
    settles_differences: Callable[[Table], bool] = never

    # --- what the rules decide before anyone bids -------------------------------

    def deal_count(self, table: Table) -> int | None:
        """The number of deals, or None when the game ends on a score."""
        return None if self.open_ended else len(self.schedule(table))

    def describe_deck(self, table: Table) -> str:
        """The pack the table needs."""
        return self.deck(table).description

    def facts(self, table: Table, number: int) -> DealFacts | None:
        """Who deals, sits out, bids, leads; the cards and the trump of deal ``number``."""
        return _facts(self, table, number)

    def plan(self, table: Table) -> tuple[DealFacts, ...]:
        """The facts of every deal of a fixed-length game (the first for an open-ended one)."""
        count = self.deal_count(table) or 1
        return tuple(fact for n in range(1, count + 1) if (fact := self.facts(table, n)))

    def foresee(self, table: Table, state: GameState, count: int) -> Foresight:
        """The deal due and the ones after it (``count`` at most), each with the rules of its entry.

        Every deal's facts follow from the table alone; a game played to a
        score may end before the last of them.
        """
        current = state.current
        deals: list[DealAhead] = []
        if current is not None:
            for number in range(current.number, current.number + count):
                facts = current if number == current.number else self.facts(table, number)
                if facts is None:
                    break
                deals.append(DealAhead(facts=facts, phases=exact_phases(facts, table.players)))
        return Foresight(deals=tuple(deals), ends_on_score=self.end(table).deals is None)

    # --- entries as data -----------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> ExactEntry:
        """``{"bids": [...], "tricks": [...], "trump": "S"}``; tricks and trump may be left out."""
        unknown = sorted(set(data) - {"bids", "tricks", "trump"})
        if unknown:
            raise RuleViolation(f"A deal has bids, tricks and trump, not {unknown[0]!r}", field=unknown[0])
        bids = _read_counts(data.get("bids"), "bids", InvalidBid)
        tricks = None if data.get("tricks") is None else _read_counts(data["tricks"], "tricks", InvalidTricks)
        raw_trump = data.get("trump")
        trump = None
        if raw_trump is not None:
            if not isinstance(raw_trump, str):
                raise InvalidTrump(f"The trump is S, H, D, C or NT, not {raw_trump!r}")
            try:
                trump = Trump.parse(raw_trump)
            except ValueError:
                raise InvalidTrump(f"The trump is S, H, D, C or NT, not {raw_trump!r}") from None
        return ExactEntry(number=number, bids=bids, tricks=tricks, trump=trump)

    def write_entry(self, entry: object) -> dict[str, object]:
        """The data ``read_entry`` reads back."""
        assert isinstance(entry, ExactEntry)
        data: dict[str, object] = {"bids": list(entry.bids)}
        if entry.tricks is not None:
            data["tricks"] = list(entry.tricks)
        if entry.trump is not None:
            data["trump"] = entry.trump.value
        return data

    # --- replaying the inputs -----------------------------------------------------

    def replay(self, table: Table, entries: Sequence[object]) -> GameState:
        """Check every entry against the rules and derive the state of the game."""
        players = table.players
        size = len(players)
        plan = _plan(self, table)
        points_for = _score_grid(self, table.options, max((facts.cards for facts in plan), default=0))
        end = self.end(table)
        streak_rule = self.streaks(table)
        streaks = [(False, 0)] * size
        totals = [0] * size
        deals: list[DealState] = []
        open_deal = over = False
        for index, entry in enumerate(entries):
            number = index + 1
            if type(entry) is not ExactEntry:
                raise OutOfTurn(f"Deal {number} is not a record of bids and tricks")
            facts = plan[index] if index < len(plan) else self.facts(table, number)
            if over or facts is None:
                raise OutOfTurn(f"The game is over: there is no deal {number}")
            if entry.number != number:
                raise OutOfTurn(f"Deal {entry.number} cannot follow deal {number - 1}")
            if open_deal:
                raise OutOfTurn(f"Enter the tricks of deal {number - 1} before deal {number}")
            bids = verify_bids(facts, entry.bids, players)
            trump = facts.trump if entry.trump is None else _verify_trump(facts, entry.trump)
            announcement = self._announce(facts, bids) if self.announces_total else None
            if entry.tricks is None:
                deals.append(_open_deal(facts, trump, bids, announcement))
                open_deal = True
                continue
            order = facts.bidding_order
            if bids.count(None) > len(facts.sitting_out):
                raise InvalidTricks(f"Every bid of deal {number} must be in before its tricks")
            tricks = verify_tricks(facts, entry.tricks, players)
            row = points_for[facts.cards] if facts.cards < len(points_for) else None
            points: list[int | None] = [None] * size
            for seat in order:
                bid, took = bids[seat], tricks[seat]
                assert bid is not None and took is not None
                points[seat] = (
                    row[bid][took]
                    if row is not None
                    else _scorer(self, table.options)(facts.cards, bid, took)
                )
            awards: tuple[int, ...] | None = None
            if streak_rule is not None:
                bonus = [0] * size
                streaks = _advance_streaks(streak_rule, facts, bids, tricks, streaks, bonus)
                awards = tuple(bonus)
            for seat in order:
                value = points[seat]
                assert value is not None
                if awards is not None:
                    value += awards[seat]
                    points[seat] = value
                totals[seat] += value
            deals.append(
                ExactDeal(
                    facts=facts,
                    trump=trump,
                    bids=bids,
                    tricks=tricks,
                    points=tuple(points),
                    awards=awards,
                    totals=tuple(totals),
                    announcement=announcement,
                )
            )
            over = end.is_over(number, totals)
        return self._state(table, end, tuple(deals), over, totals)

    def _announce(self, facts: DealFacts, bids: Bids) -> str | None:
        """Oh Pshaw's call once every bid is in: over, under or even."""
        if bids.count(None) > len(facts.sitting_out):
            return None
        return over_under(facts.cards, bids)

    def _state(
        self, table: Table, end: EndRule, deals: tuple[DealState, ...], over: bool, totals: list[int]
    ) -> GameState:
        notes: list[str] = []
        final = list(totals)
        winners: tuple[int, ...] = ()
        if over:
            winners = end.winners(totals)
            bonus = self.winner_bonus(table)
            if bonus:
                for seat in winners:
                    final[seat] += bonus
                names = ", ".join(table.players[seat] for seat in winners)
                notes.append(f"Hard score: {names} +{bonus} for winning")
        elif (note := end.play_on_note(totals, table.players)) is not None:
            notes.append(note)
        settlement = None
        if over and self.settles_differences(table):
            whole = sum(final)
            settlement = tuple(table.size * total - whole for total in final)
        if deals and not deals[-1].complete:
            current: DealFacts | None = deals[-1].facts
        else:
            current = None if over else self.facts(table, len(deals) + 1)
        return GameState(
            table=table,
            deals=deals,
            teams=None,
            current=current,
            deal_count=self.deal_count(table),
            totals=tuple(final),
            status="finished" if over else "in_progress",
            winners=winners,
            settlement=settlement,
            notes=tuple(notes),
        )


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


def _read_counts(raw: object, name: str, error: type[RuleViolation]) -> tuple[int | None, ...]:
    if not isinstance(raw, list):
        raise error(f"The {name} are a list with one number (or null) for each player")
    for value in raw:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise error(f"The {name} are whole numbers, not {value!r}")
    return tuple(raw)


def _verify_trump(facts: DealFacts, trump: Trump | None) -> Trump | None:
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


def _open_deal(facts: DealFacts, trump: Trump | None, bids: Bids, announcement: str | None) -> ExactDeal:
    return ExactDeal(
        facts=facts,
        trump=trump,
        bids=bids,
        tricks=None,
        points=None,
        awards=None,
        totals=None,
        announcement=announcement,
    )


def _advance_streaks(
    rule: StreakRule,
    facts: DealFacts,
    bids: Bids,
    tricks: tuple[int | None, ...],
    streaks: list[tuple[bool, int]],
    awards: list[int],
) -> list[tuple[bool, int]]:
    """Extend each player's run of made or missed deals; award and restart at the length."""
    if facts.cards == 1:
        return [(False, 0)] * len(streaks) if rule.one_card_resets else streaks
    result = list(streaks)
    for seat in facts.bidding_order:
        made = bids[seat] == tricks[seat]
        kind, length = result[seat]
        length = length + 1 if (kind == made and length) else 1
        if length == rule.length:
            awards[seat] = rule.bonus if made else -rule.bonus
            length = 0
        result[seat] = (made, length)
    return result


@lru_cache(maxsize=256)
def _scorer(engine: ExactBidEngine, options: Options) -> Scorer:
    return engine.score(options)


@lru_cache(maxsize=256)
def _score_grid(
    engine: ExactBidEngine, options: Options, most_cards: int
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every possible score, grid[cards][bid][tricks], worked out once per set of options.

    Replays run on every request; looking a score up is several times cheaper
    than calling the configured scoring function for each player of each deal.
    """
    score = engine.score(options)
    return tuple(
        tuple(tuple(score(cards, bid, took) for took in range(cards + 1)) for bid in range(cards + 1))
        for cards in range(most_cards + 1)
    )


@lru_cache(maxsize=256)
def _plan(engine: ExactBidEngine, table: Table) -> tuple[DealFacts, ...]:
    """The facts of every deal of a fixed-length game, worked out once per table."""
    return engine.plan(table)


@lru_cache(maxsize=4096)
def _facts(engine: ExactBidEngine, table: Table, number: int) -> DealFacts | None:
    schedule = engine.schedule(table)
    if number < 1:
        return None
    if number > len(schedule):
        if not engine.open_ended:
            return None
        cards = schedule[-1]
    else:
        cards = schedule[number - 1]
    size = table.size
    dealer = (table.first_dealer + number - 1) % size
    sitting_out = (dealer,) if engine.dealer_sits_out(table) else ()
    order = tuple(
        seat for seat in ((dealer + step) % size for step in range(1, size + 1)) if seat not in sitting_out
    )
    deck = engine.deck(table)
    cards_left = deck.size - cards * len(order)
    if cards_left < 0:
        raise RuleViolation(f"{deck.description} cannot deal {cards} cards to {len(order)} players")
    trump = engine.trump(table)(table, number, cards_left)
    return DealFacts(
        number=number,
        cards=cards,
        dealer=dealer,
        sitting_out=sitting_out,
        bidding_order=order,
        leader=order[0],
        trump=trump,
        trump_turned=trump is None,
        hook=engine.hook(table, cards),
        reminders=engine.reminders(table, number, cards),
    )

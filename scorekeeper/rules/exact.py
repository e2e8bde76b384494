"""The engine of every game where each player bids an exact number of tricks.

Oh Hell and its family, Nomination Whist, Romanian Whist and Custom Oh Hell
share it; each variant configures it with small functions: the deal
sequence, the trump, whether the hook applies, the scoring, streak bonuses
and the end of the game. Table events are replayed by the shared walk; what
is this family's own is its revoke house rule and how it re-plans the deals
to come for a new number of players (``replan``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from .bidding import Bids, over_under, verify_bids
from .cards import Deck, Trump
from .constraints import DealAhead, Foresight
from .ending import EndRule, highest
from .errors import InvalidBid, InvalidTricks, InvalidTrump, OutOfTurn, RuleViolation
from .exact_ahead import exact_phases
from .exact_checks import read_counts, verify_tricks, verify_trump
from .exact_facts import (
    Reminders,
    TrumpRule,
    always_hook,
    never,
    no_blocks,
    no_reminders,
    plain_facts,
    planned_facts,
    schedule_of,
    seated_facts,
    seated_table,
    turn_next_card,
)
from .exact_plan import continued, exact_laws, largest_hand
from .options import Options
from .revoke import house_rule
from .scoring import Scorer
from .state import DealFacts, DealState, GameState
from .table import Table
from .text import Text
from .walk import TableLaws, TableWalk

__all__ = [
    "ExactBidEngine",
    "ExactDeal",
    "ExactEntry",
    "StreakRule",
    "TrumpRule",
    "turn_next_card",
    "verify_tricks",
]


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

    def entered(self) -> tuple[tuple[int, Text | int], ...]:
        """The bids entered so far, in bidding order."""
        order = self.facts.bidding_order
        return tuple((seat, bid) for seat in order if (bid := self.bids[seat]) is not None)


@dataclass(frozen=True, kw_only=True, slots=True)
class StreakRule:
    """Romanian promotions: ``length`` exact (or missed) deals in a row earn ±``bonus``.

    One-card deals never count; with ``one_card_resets`` they also end every streak.
    """

    length: int
    bonus: int
    one_card_resets: bool


def no_streaks(table: Table) -> StreakRule | None:
    """No streak bonuses."""
    return None


def no_winner_bonus(table: Table) -> int:
    """Winning adds nothing to the total."""
    return 0


@dataclass(frozen=True, kw_only=True, eq=False)
class ExactBidEngine:
    """The bid-exactly family, configured per variant with small functions.

    ``blocks`` gives the waypoints of a sequence whose ends are dealt once per
    player (Romanian), so that a new number of players re-plans it block by
    block; otherwise the remaining deals keep their sizes, capped at the
    largest hand the new number of players can hold.
    """

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
    reminders: Reminders = no_reminders
    winner_bonus: Callable[[Table], int] = no_winner_bonus
    settles_differences: Callable[[Table], bool] = never
    blocks: Callable[[Table], tuple[int, ...] | None] = no_blocks

    # --- what the rules decide before anyone bids -------------------------------

    def deal_count(self, table: Table) -> int | None:
        """The number of deals, or None when the game ends on a score."""
        return None if self.open_ended else len(schedule_of(self, table))

    def describe_deck(self, table: Table) -> Text:
        """The pack the table needs."""
        return self.deck(table).description

    def facts(self, table: Table, number: int) -> DealFacts | None:
        """Who deals, sits out, bids, leads; the cards and the trump of deal ``number``."""
        return plain_facts(self, table, number)

    def plan(self, table: Table) -> tuple[DealFacts, ...]:
        """The facts of every deal of a fixed-length game (the first for an open-ended one)."""
        count = self.deal_count(table) or 1
        return tuple(fact for n in range(1, count + 1) if (fact := self.facts(table, n)))

    def planned(self, table: Table) -> tuple[int, ...]:
        """The cards each player gets in each deal, as planned when the game began."""
        return schedule_of(self, table)

    def replan(self, table: Table, seated: Table, played: tuple[int, ...]) -> tuple[int, ...]:
        """The variant's own sequence continued for the players now ``seated`` (RULES.md §9)."""
        return continued(self, table, seated, played)

    def largest(self, seated: Table) -> int:
        """The largest hand the variant deals the players ``seated``."""
        return largest_hand(self, seated)

    @property
    def laws(self) -> TableLaws:
        """Players come and go and may sit a deal out; a revoke takes the house rule."""
        return exact_laws(self)

    def foresee(self, table: Table, state: GameState, count: int) -> Foresight:
        """The deal due and the ones after it (``count`` at most), each with the rules of its entry.

        Every deal's facts follow from the table alone; a game played to a
        score may end before the last of them. Once the table has recorded an
        event (an arrival, a sit-out…) only the deal due is foreseen: the deals
        after it follow from the seating the events made, and come with each save.
        """
        current = state.current
        deals: list[DealAhead] = []
        if current is not None:
            last = current.number + (count if state.life is None else 1)
            for number in range(current.number, last):
                facts = current if number == current.number else self.facts(table, number)
                if facts is None:
                    break
                deals.append(DealAhead(facts=facts, phases=exact_phases(facts, state.players)))
        return Foresight(deals=tuple(deals), ends_on_score=self.end(table).deals is None)

    # --- entries as data -----------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> ExactEntry:
        """``{"bids": [...], "tricks": [...], "trump": "S"}``; tricks and trump may be left out."""
        unknown = sorted(set(data) - {"bids", "tricks", "trump"})
        if unknown:
            raise RuleViolation("exact_entry_unknown_key", field=unknown[0], key=repr(unknown[0]))
        bids = read_counts(data.get("bids"), "bids", InvalidBid)
        tricks = None if data.get("tricks") is None else read_counts(data["tricks"], "tricks", InvalidTricks)
        raw_trump = data.get("trump")
        trump = None
        if raw_trump is not None:
            if not isinstance(raw_trump, str):
                raise InvalidTrump("trump_unreadable", value=repr(raw_trump))
            try:
                trump = Trump.parse(raw_trump)
            except ValueError:
                raise InvalidTrump("trump_unreadable", value=repr(raw_trump)) from None
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

    def replay(self, table: Table, log: Sequence[object]) -> GameState:
        """Check every entry and table event against the rules and derive the state of the game."""
        plan = planned_facts(self, table)
        points_for = _score_grid(self, table.options, max((facts.cards for facts in plan), default=0))
        end = self.end(table)
        streak_rule = self.streaks(table)
        streaks = [(False, 0)] * table.size
        totals = [0] * table.size
        deals: list[DealState] = []
        walk = TableWalk(table, log, laws=self.laws, totals=totals, planner=self)
        open_deal = over = False
        # Without table events these stay as they are; each deal after an event sets its own.
        plain, players, size, rule, revoke = walk.plain, table.players, table.size, streak_rule, None
        for number, entry in enumerate(walk, start=1):
            if type(entry) is not ExactEntry:
                raise OutOfTurn("entry_wrong_kind", number=number, kind=self.input_kind)
            if plain:
                facts = plan[number - 1] if number <= len(plan) else self.facts(table, number)
            else:
                seating = walk.seating
                assert seating is not None and walk.plan is not None
                facts = seated_facts(self, table, seating, walk.plan)
                players, size = seating.names, seating.seats
                rule = self.streaks(seated_table(table, seating))
                streaks.extend([(False, 0)] * (size - len(streaks)))
                revoke = None
                if facts is not None and walk.revoke is not None:
                    revoke = house_rule(table.options, players, walk.revokers(facts), number)
            if over or facts is None:
                raise OutOfTurn("game_over_no_deal", number=number)
            if entry.number != number:
                raise OutOfTurn("deal_out_of_order", number=entry.number, previous=number - 1)
            if open_deal:
                raise OutOfTurn("deal_tricks_first", previous=number - 1, number=number)
            bids = verify_bids(facts, entry.bids, players)
            trump = facts.trump if entry.trump is None else verify_trump(facts, entry.trump)
            announcement = self._announce(facts, bids) if self.announces_total else None
            if entry.tricks is None:
                deal = _open_deal(facts, trump, bids, announcement)
                deals.append(deal if plain else walk.played(deal, over=False))
                open_deal = True
                continue
            order = facts.bidding_order
            if bids.count(None) > len(facts.sitting_out):
                raise InvalidTricks("bids_before_tricks", number=number)
            tricks = verify_tricks(facts, entry.tricks, players)
            if revoke is not None and revoke.redeal:
                deal = _dealt_again(facts, trump, bids, tricks, totals, announcement)
                deals.append(walk.played(deal, over=False, revoked=revoke))
                continue
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
            if rule is not None:
                bonus = [0] * size
                streaks = _advance_streaks(rule, facts, bids, tricks, streaks, bonus)
                awards = tuple(bonus)
            if revoke is not None:
                assert revoke.penalty is not None
                for seat in revoke.seats:
                    points[seat] = (points[seat] or 0) - revoke.penalty[seat]
            for seat in order:
                value = points[seat]
                assert value is not None
                if awards is not None:
                    value += awards[seat]
                    points[seat] = value
                totals[seat] += value
            deal = ExactDeal(
                facts=facts,
                trump=trump,
                bids=bids,
                tricks=tricks,
                points=tuple(points),
                awards=awards,
                totals=tuple(totals),
                announcement=announcement,
            )
            if plain:
                over = end.is_over(number, totals)
                deals.append(deal)
            else:
                over = _is_over(end, walk, totals)
                deals.append(walk.played(deal, over=over, revoked=revoke))
        return self._state(table, end, tuple(deals), over, totals, walk)

    def _announce(self, facts: DealFacts, bids: Bids) -> str | None:
        """Oh Pshaw's call once every bid is in: over, under or even."""
        if bids.count(None) > len(facts.sitting_out):
            return None
        return over_under(facts.cards, bids)

    def _state(
        self,
        table: Table,
        end: EndRule,
        deals: tuple[DealState, ...],
        over: bool,
        totals: list[int],
        walk: TableWalk,
    ) -> GameState:
        notes: list[Text] = []
        final = list(totals)
        winners: tuple[int, ...] = ()
        plain = walk.plain
        names = table.players if plain else walk.names
        stopped = not plain and walk.stopped
        if stopped or over:
            # Stopped early, a game to a target ranks by totals; the others apply their own winner
            # rule (Romanian zero finish) and their own end (Oh Pshaw's hard score) to the standings.
            winners = highest(totals) if stopped and end.target is not None else end.winners(totals)
            bonus = self.winner_bonus(table)
            if bonus:
                for seat in winners:
                    final[seat] += bonus
                notes.append(
                    Text("note_hard_score", winners=tuple(names[seat] for seat in winners), bonus=bonus)
                )
            if stopped:
                notes.append(walk.stop_note(end.target, totals))
        elif (note := end.play_on_note(totals, names)) is not None:
            notes.append(note)
        settlement = None
        if (over or stopped) and self.settles_differences(table):
            whole = sum(final)
            settlement = tuple(len(final) * total - whole for total in final)
        current: DealFacts | None
        if deals and not deals[-1].complete:
            current = deals[-1].facts
        elif over or stopped:
            current = None
        elif plain:
            current = self.facts(table, len(deals) + 1)
        else:
            seating = walk.next_seating()
            assert seating is not None and walk.plan is not None
            current = seated_facts(self, table, seating, walk.plan)
        life = None if plain else walk.life()
        return GameState(
            table=table,
            deals=deals,
            teams=None,
            current=current,
            deal_count=self.deal_count(table) if life is None else walk.deal_count(),
            totals=tuple(final),
            status="finished" if over or stopped else "in_progress",
            winners=winners,
            settlement=settlement,
            notes=tuple(notes),
            life=life,
        )


def _is_over(end: EndRule, walk: TableWalk, totals: Sequence[int]) -> bool:
    """After a deal: a fixed-length game is over once its plan is played, the others on their score."""
    if end.deals is not None:
        assert walk.plan is not None
        return walk.place >= len(walk.plan)
    return end.is_over(walk.place, totals)


def _dealt_again(
    facts: DealFacts,
    trump: Trump | None,
    bids: Bids,
    tricks: tuple[int | None, ...],
    totals: Sequence[int],
    announcement: str | None,
) -> ExactDeal:
    """A deal a revoke has dealt again: nothing scored, the totals as they were."""
    return ExactDeal(
        facts=facts,
        trump=trump,
        bids=bids,
        tricks=tricks,
        points=tuple(0 if seat in facts.bidding_order else None for seat in range(len(bids))),
        awards=None,
        totals=tuple(totals),
        announcement=announcement,
    )


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

"""German Whist (RULES.md §7): two players, thirteen tricks to draw for, thirteen that count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from ..cards import SUITS, Trump
from ..constraints import Constraint, DealAhead, EntryPhase, Foresight
from ..errors import InvalidTricks
from ..options import OptionSpec
from ..revoke import REVOKE_OPTIONS, house_rule
from ..state import DealFacts, DealState, GameState
from ..table import Table
from ..tricks import FULL_DECK, FULL_DECK_TEXT, Ranking
from ..variant import HAND, Variant
from ..walk import TableLaws, TableWalk
from ._partnership import (
    SIDES,
    SUIT_CODES,
    assemble,
    check_keys,
    checked_entry,
    deal_facts,
    level_draw_note,
    read_side,
    read_suit,
    read_whole_number,
    rotating_dealer,
    seated_facts,
    split_count,
)

STAGE_TRICKS = 13
TARGET_STEP = 10
GERMAN_LAWS = TableLaws(fixed_table="is played by exactly two players")
MISSING_TRICKS = "Enter how many tricks the player took"


@dataclass(frozen=True, kw_only=True, slots=True)
class GermanEntry:
    """One hand of German Whist: the counted tricks of one player.

    ``tricks`` are the stage-two tricks (0..13), or all tricks (0..26) with
    ``count_all_tricks``, of the player in seat ``side``; the other player's
    follow. ``trump`` is the suit turned from the stock, if noted.
    """

    number: int
    tricks: int
    side: int = 0
    trump: Trump | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class GermanDeal(DealState):
    """A scored hand of German Whist; ``points`` and ``totals`` are per player.

    ``tricks`` are the counted tricks of each player, ``hand_winner`` the seat
    with the majority (None for a drawn 13–13 hand), and ``target`` the score
    that wins after this hand in ``trick_points`` scoring (None otherwise).
    """

    tricks: tuple[int, int]
    hand_winner: int | None
    target: int | None


def counted_tricks(count_all_tricks: bool) -> int:
    """How many tricks a hand counts: the 13 of stage two, or all 26."""
    return 2 * STAGE_TRICKS if count_all_tricks else STAGE_TRICKS


def raised_target(target: int, totals: Sequence[int]) -> int:
    """The target after a hand: up by 10 as long as both players have reached it."""
    while min(totals) >= target:
        target += TARGET_STEP
    return target


@dataclass(frozen=True, kw_only=True, eq=False)
class GermanWhistEngine:
    """German Whist: the hand's winner has the majority of the counted tricks."""

    input_kind: ClassVar[str] = "two_hand_tricks"
    laws: ClassVar[TableLaws] = GERMAN_LAWS

    def deal_count(self, table: Table) -> int | None:
        """The agreed number of hands with ``difference`` scoring; otherwise None."""
        return _deal_count(table)

    def describe_deck(self, table: Table) -> str:
        """The pack the table needs."""
        return "52 cards, aces high"

    def facts(self, table: Table, number: int) -> DealFacts:
        """Who deals (alternately) and leads (the non-dealer) hand ``number``."""
        return _facts(table, number)

    @property
    def open_ended(self) -> bool:
        """False where the game lasts an agreed number of hands (the only plan it has)."""
        return False

    def planned(self, table: Table) -> tuple[int, ...]:
        """With difference scoring, the agreed number of hands of 13 counted tricks."""
        return (STAGE_TRICKS,) * (_deal_count(table) or 0)

    def replan(self, seated: Table, plan: tuple[int, ...], done: int) -> tuple[int, ...]:
        """Two players never change in number: the plan stands."""
        return plan

    # --- entries as data -----------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> GermanEntry:
        """``{"tricks": 8, "side": 0, "trump": "H"}``; only tricks is required."""
        check_keys(data, ("tricks", "side", "trump"), "A hand of German Whist")
        tricks = read_whole_number(data, "tricks", InvalidTricks, "tricks")
        if tricks is None:
            raise InvalidTricks(MISSING_TRICKS)
        return GermanEntry(
            number=number, tricks=tricks, side=read_side(data, 2), trump=read_suit(data.get("trump"))
        )

    def foresee(self, table: Table, state: GameState, count: int) -> Foresight:
        """The hand due and the ones after it (``count`` at most, none past an agreed number of hands):
        the deal alternates, so every hand's facts are known; scored to a target, the game may end sooner."""
        current = state.current
        if current is None:
            return Foresight()
        whole = counted_tricks(table.options.flag("count_all_tricks"))
        rules = (
            Constraint(kind="one_of", field="side", choices=SIDES, default=0),
            Constraint(kind="one_of", field="tricks", choices=tuple(range(whole + 1))),
            Constraint(kind="entered", field="tricks", message=MISSING_TRICKS),
            Constraint(kind="one_of", field="trump", choices=SUIT_CODES),
        )
        phase = EntryPhase(name="tricks", fields=("side", "tricks", "trump"), rules=rules)
        last = _deal_count(table) or current.number + count - 1
        # After a table event only the hand due is foreseen: the ones after it follow from the
        # seating the events made.
        ahead = count if state.life is None else 1
        deals = tuple(
            DealAhead(facts=current if number == current.number else _facts(table, number), phases=(phase,))
            for number in range(current.number, min(last, current.number + ahead - 1) + 1)
        )
        return Foresight(deals=deals, ends_on_score=_deal_count(table) is None)

    def write_entry(self, entry: object) -> dict[str, object]:
        """The data ``read_entry`` reads back."""
        assert isinstance(entry, GermanEntry)
        data: dict[str, object] = {"tricks": entry.tricks}
        if entry.side:
            data["side"] = entry.side
        if entry.trump is not None:
            data["trump"] = entry.trump.value
        return data

    # --- replaying ---------------------------------------------------------------------

    def replay(self, table: Table, log: Sequence[object]) -> GameState:
        """Score every hand under the chosen scoring and decide when the game is over."""
        options = table.options
        scoring = options.choice("scoring")
        whole = counted_tricks(options.flag("count_all_tricks"))
        target = options.number("target")
        totals = [0, 0]
        walk = TableWalk(
            table, log, laws=GERMAN_LAWS, totals=totals, planner=self if _deal_count(table) else None
        )
        deals: list[DealState] = []
        over = False
        for index, raw in enumerate(walk):
            entry = checked_entry(
                raw,
                GermanEntry,
                index=index,
                over=over,
                deals=deals,
                what="tricks",
                word=table.variant.deal_word,
            )
            seating = walk.seating
            facts = _facts(table, entry.number) if seating is None else seated_facts(_facts, table, seating)
            players = table.players if seating is None else seating.names
            tricks = _verify_tricks(players, entry, whole)
            winner = None if tricks[0] == tricks[1] else (0 if tricks[0] > tricks[1] else 1)
            revoke = None
            if walk.revoke is not None:
                revoke = house_rule(
                    options, players, walk.revokers(facts), entry.number, table.variant.deal_word
                )
            if revoke is not None and revoke.redeal:
                points, winner = (0, 0), None
            else:
                points = hand_points(scoring, tricks, winner, options.number("stake"))
                if revoke is not None and revoke.penalty is not None:
                    points = (points[0] - revoke.penalty[0], points[1] - revoke.penalty[1])
            totals[0] += points[0]
            totals[1] += points[1]
            if scoring == "trick_points":
                target = raised_target(target, totals)
            deal = GermanDeal(
                facts=facts,
                trump=entry.trump,
                points=points,
                awards=None,
                totals=(totals[0], totals[1]),
                tricks=tricks,
                hand_winner=winner,
                target=target if scoring == "trick_points" else None,
            )
            played = len(deals) + 1 if seating is None else walk.place
            void = revoke is not None and revoke.redeal
            over = not void and _is_over(table, scoring, played, totals, target)
            deals.append(deal if seating is None else walk.played(deal, over=over, revoked=revoke))
        return _state(table, deals, totals, over, target, walk)


def _deal_count(table: Table) -> int | None:
    if table.options.choice("scoring") == "difference":
        return table.options.number("hand_count")
    return None


def hand_points(scoring: str, tricks: tuple[int, int], winner: int | None, stake: int) -> tuple[int, int]:
    if scoring == "trick_points":
        return tricks
    points = [0, 0]
    if winner is not None:
        points[winner] = (tricks[winner] - tricks[1 - winner]) * stake if scoring == "difference" else 1
    return (points[0], points[1])


def _is_over(table: Table, scoring: str, played: int, totals: Sequence[int], target: int) -> bool:
    options = table.options
    if scoring == "difference":
        return played >= options.number("hand_count")
    if scoring == "hands":
        return max(totals) >= options.number("hands_to_win")
    # The target has already been raised past any total both players reached.
    return max(totals) >= target


def _state(
    table: Table, deals: Sequence[DealState], totals: list[int], over: bool, target: int, walk: TableWalk
) -> GameState:
    players = walk.names
    options = table.options
    scoring = options.choice("scoring")
    notes: list[str] = []
    winners: tuple[int, ...] = ()
    if scoring == "trick_points" and target > options.number("target"):
        notes.append(f"Both players reached the target in the same hand: it is now {target}")
    if walk.stopped and not over:
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        notes.append(walk.stop_note(_target_of(scoring, target, options.number("hands_to_win"))))
    elif over:
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        if len(winners) > 1:
            notes.append(level_draw_note(players, best))
        else:
            seat = winners[0]
            notes.append(f"{players[seat]} wins {totals[seat]} to {totals[1 - seat]}")
    elif scoring == "trick_points":
        notes.append(f"The first player to {target} wins")
    elif scoring == "difference":
        notes.append(f"Hand {len(deals) + 1} of {options.number('hand_count')}: the higher total then wins")
    else:
        notes.append(f"The first player to win {options.number('hands_to_win')} hands wins")
    return assemble(
        table,
        deals=deals,
        teams=None,
        over=over or walk.stopped,
        totals=totals,
        winners=winners,
        notes=notes,
        facts_of=_facts,
        walk=walk,
        deal_count=_deal_count(table) if walk.plain else walk.deal_count(),
    )


def _target_of(scoring: str, target: int, hands_to_win: int) -> int | None:
    """The score the game is played to, for saying that no one reached it."""
    return {"trick_points": target, "hands": hands_to_win}.get(scoring)


def _verify_tricks(players: Sequence[str], entry: GermanEntry, whole: int) -> tuple[int, int]:
    if not 0 <= entry.tricks <= whole:
        counted = "all 26 tricks count" if whole > STAGE_TRICKS else "the 13 tricks of stage two count"
        raise InvalidTricks(
            f"{players[entry.side]} took {entry.tricks} tricks, but {counted}: enter 0 to {whole}"
        )
    return split_count(entry.side, entry.tricks, whole)


@lru_cache(maxsize=4096)
def _facts(table: Table, number: int) -> DealFacts:
    dealer = rotating_dealer(table, number)
    leader = 1 - dealer
    players = table.players
    options = table.options
    reminders = [
        f"{players[dealer]} deals and turns the stock's top card: its suit is trump for the whole hand",
        f"{players[leader]} leads",
    ]
    if options.flag("follow_suit_stage_one"):
        reminders.append("Stage one: follow suit; the trick's winner takes the face-up card")
    else:
        reminders.append(
            "Stage one: you need not follow suit; only a higher card of the suit led or a trump wins"
        )
    if options.flag("count_all_tricks"):
        reminders.append("All 26 tricks count: 13–13 is a drawn hand")
    else:
        reminders.append("Only the 13 tricks of stage two count")
    return deal_facts(
        table,
        number,
        dealer=dealer,
        cards=STAGE_TRICKS,
        leader=leader,
        trump_turned=True,
        reminders=tuple(reminders),
    )


def _ranking(table: Table, facts: DealFacts | None) -> Ranking:
    """Two-card tricks from a full pack; the turned suit is trump for the whole hand."""
    if table.options.flag("follow_suit_stage_one"):
        stage_one = "Follow suit in both stages"
    else:
        stage_one = (
            "Stage one: the second player may play any card; "
            "only a higher card of the suit led or a trump wins"
        )
    return Ranking(
        deck=FULL_DECK,
        deck_description=FULL_DECK_TEXT,
        trick_size=2,
        trumps=SUITS,
        notes=(stage_one, "The winner of a stage-one trick takes the face-up card, the loser the next one"),
    )


GERMAN_WHIST = Variant(
    code="german-whist",
    name="German Whist",
    family="German Whist",
    summary="Two players: win the face-up cards in stage one, then the tricks that count in stage two.",
    aliases=("german",),
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            name="scoring",
            label="Scoring",
            help="A point a counted trick, first to the target wins (both past it in one hand: the target "
            "rises by 10); or the hand's winner scores the difference, over an agreed number of hands; or a "
            "point a hand won, first to the agreed number wins.",
            kind="choice",
            choices=("trick_points", "difference", "hands"),
            choice_labels={
                "trick_points": "A point a trick, to a target",
                "difference": "The difference, over a number of hands",
                "hands": "Hands won",
            },
            default="trick_points",
        ),
        OptionSpec(
            name="target",
            label="Target",
            help="With trick points: the score that wins.",
            kind="int",
            default=50,
            minimum=7,
            maximum=1000,
        ),
        OptionSpec(
            name="hand_count",
            label="Hands to play",
            help="With difference scoring: the agreed number of hands.",
            kind="int",
            default=10,
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            name="stake",
            label="Stake a trick",
            help="With difference scoring: the points each trick of the difference is worth.",
            kind="int",
            default=1,
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            name="hands_to_win",
            label="Hands to win",
            help="With hands scoring: the number of hands that wins the game.",
            kind="int",
            default=5,
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            name="count_all_tricks",
            label="All tricks count",
            help="All 26 tricks count, not only the 13 of stage two; 13–13 is a drawn hand.",
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="follow_suit_stage_one",
            label="Follow suit in stage one",
            help="Off: in stage one the second player may play any card; only a higher card of the suit "
            "led, or a trump, wins. A reminder only.",
            kind="bool",
            default=True,
        ),
        *REVOKE_OPTIONS,
    ),
    ranking=_ranking,
    engine=GermanWhistEngine(),
    deal_word=HAND,
)

VARIANTS = (GERMAN_WHIST,)

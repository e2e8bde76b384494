"""German Whist (RULES.md §7): two players, thirteen tricks to draw for, thirteen that count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from ..cards import SUITS
from ..constraints import Constraint, DealAhead, EntryPhase, Foresight
from ..declared import N_
from ..errors import InvalidTricks
from ..options import OptionSpec
from ..outlook.race import Race
from ..revoke import REVOKE_OPTIONS, house_rule
from ..state import DealFacts, DealState, GameState
from ..table import Table
from ..text import Text
from ..tricks import FULL_DECK, FULL_DECK_TEXT, Ranking
from ..variant import HAND, Variant
from ..walk import TableLaws, TableWalk
from ._german_explain import GERMAN_WHIST_EXPLAINER
from ._german_rules import (
    STAGE_TRICKS,
    TARGET_STEP,
    GermanDeal,
    GermanEntry,
    counted_tricks,
    hand_points,
    raised_target,
)
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
from ._races import german_race

__all__ = [
    "STAGE_TRICKS",
    "TARGET_STEP",
    "VARIANTS",
    "GermanDeal",
    "GermanEntry",
    "GermanWhistEngine",
    "counted_tricks",
    "hand_points",
    "raised_target",
]

GERMAN_WHIST_NAME = N_("German Whist")


def _plays_to(table: Table) -> int | None:
    """The score (or hands) the game is played to; None with difference scoring."""
    options = table.options
    return _target_of(options.choice("scoring"), options.number("target"), options.number("hands_to_win"))


def _stopped_winners(table: Table) -> Text:
    target = _plays_to(table)
    return Text("law_stop_highest") if target is None else Text("law_stop_target", target=target)


GERMAN_LAWS = TableLaws(
    fixed_table=Text("fixed_two_players"), target=_plays_to, stop_winners=_stopped_winners
)
MISSING_TRICKS = Text("player_tricks_missing")


@dataclass(frozen=True, kw_only=True, eq=False)
class GermanWhistEngine:
    """German Whist: the hand's winner has the majority of the counted tricks."""

    input_kind: ClassVar[str] = "two_hand_tricks"
    laws: ClassVar[TableLaws] = GERMAN_LAWS

    def deal_count(self, table: Table) -> int | None:
        """The agreed number of hands with ``difference`` scoring; otherwise None."""
        return _deal_count(table)

    def describe_deck(self, table: Table) -> Text:
        """The pack the table needs."""
        return FULL_DECK_TEXT

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

    def replan(self, table: Table, seated: Table, played: tuple[int, ...]) -> tuple[int, ...]:
        """Two players never change in number: the agreed hands stand."""
        return played + self.planned(table)[len(played) :]

    def largest(self, seated: Table) -> None:
        """None: every hand deals the whole pack to the two players."""
        return None

    def race(self, table: Table, state: GameState) -> Race:
        """What the game has left to race for: every split of the counted tricks, hand after hand."""
        return german_race(table, state)

    # --- entries as data -----------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> GermanEntry:
        """``{"tricks": 8, "side": 0, "trump": "H"}``; only tricks is required."""
        check_keys(data, ("tricks", "side", "trump"), GERMAN_WHIST_NAME)
        tricks = read_whole_number(data, "tricks", InvalidTricks)
        if tricks is None:
            raise InvalidTricks.from_text(MISSING_TRICKS)
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
                raw, GermanEntry, index=index, over=over, deals=deals, input_kind=self.input_kind
            )
            seating = walk.seating
            facts = _facts(table, entry.number) if seating is None else seated_facts(_facts, table, seating)
            players = table.players if seating is None else seating.names
            tricks = _verify_tricks(players, entry, whole)
            winner = None if tricks[0] == tricks[1] else (0 if tricks[0] > tricks[1] else 1)
            revoke = None
            if walk.revoke is not None:
                revoke = house_rule(options, players, walk.revokers(facts), entry.number)
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
    notes: list[Text] = []
    winners: tuple[int, ...] = ()
    if scoring == "trick_points" and target > options.number("target"):
        notes.append(Text("note_german_target_raised", target=target))
    if walk.stopped and not over:
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        notes.append(walk.stop_note(_target_of(scoring, target, options.number("hands_to_win")), totals))
    elif over:
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        if len(winners) > 1:
            notes.append(level_draw_note(players, best))
        else:
            seat = winners[0]
            notes.append(
                Text("note_player_wins", player=players[seat], score=totals[seat], other=totals[1 - seat])
            )
    elif scoring == "trick_points":
        notes.append(Text("note_german_first_to", target=target))
    elif scoring == "difference":
        notes.append(Text("note_german_hand_of", number=len(deals) + 1, hands=options.number("hand_count")))
    else:
        notes.append(Text("note_german_hands_to_win", hands=options.number("hands_to_win")))
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
        raise InvalidTricks(
            "german_tricks_range",
            player=players[entry.side],
            tricks=entry.tricks,
            most=whole,
            every_trick=whole > STAGE_TRICKS,
        )
    return split_count(entry.side, entry.tricks, whole)


@lru_cache(maxsize=4096)
def _facts(table: Table, number: int) -> DealFacts:
    dealer = rotating_dealer(table, number)
    leader = 1 - dealer
    players = table.players
    options = table.options
    reminders = [
        Text("reminder_german_deal", dealer=players[dealer]),
        Text("reminder_leads", player=players[leader]),
    ]
    if options.flag("follow_suit_stage_one"):
        reminders.append(Text("reminder_german_follow_suit"))
    else:
        reminders.append(Text("reminder_german_any_card"))
    if options.flag("count_all_tricks"):
        reminders.append(Text("reminder_german_all_tricks"))
    else:
        reminders.append(Text("reminder_german_stage_two"))
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
        stage_one = Text("judge_german_follow_suit")
    else:
        stage_one = Text("judge_german_any_card")
    return Ranking(
        deck=FULL_DECK,
        deck_description=FULL_DECK_TEXT,
        trick_size=2,
        trumps=SUITS,
        notes=(stage_one, Text("judge_german_face_up")),
    )


GERMAN_WHIST = Variant(
    code="german-whist",
    name=GERMAN_WHIST_NAME,
    family=N_("German Whist"),
    ladder="whist",
    summary=N_("Two players: win the face-up cards in stage one, then the tricks that count in stage two."),
    aliases=("german",),
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            name="scoring",
            label=N_("Scoring"),
            help=N_(
                "A point a counted trick, first to the target wins (both past it in one hand: the target "
                "rises by 10); or the hand's winner scores the difference, over an agreed number of "
                "hands; or a point a hand won, first to the agreed number wins."
            ),
            kind="choice",
            choices=("trick_points", "difference", "hands"),
            choice_labels={
                "trick_points": N_("A point a trick, to a target"),
                "difference": N_("The difference, over a number of hands"),
                "hands": N_("Hands won"),
            },
            default="trick_points",
        ),
        OptionSpec(
            name="target",
            label=N_("Target"),
            help=N_("With trick points: the score that wins."),
            kind="int",
            default=50,
            minimum=7,
            maximum=1000,
        ),
        OptionSpec(
            name="hand_count",
            label=N_("Hands to play"),
            help=N_("With difference scoring: the agreed number of hands."),
            kind="int",
            default=10,
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            name="stake",
            label=N_("Stake a trick"),
            help=N_("With difference scoring: the points each trick of the difference is worth."),
            kind="int",
            default=1,
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            name="hands_to_win",
            label=N_("Hands to win"),
            help=N_("With hands scoring: the number of hands that wins the game."),
            kind="int",
            default=5,
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            name="count_all_tricks",
            label=N_("All tricks count"),
            help=N_("All 26 tricks count, not only the 13 of stage two; 13–13 is a drawn hand."),
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="follow_suit_stage_one",
            label=N_("Follow suit in stage one"),
            help=N_(
                "Off: in stage one the second player may play any card; only a higher card of the suit "
                "led, or a trump, wins. A reminder only."
            ),
            kind="bool",
            default=True,
        ),
        *REVOKE_OPTIONS,
    ),
    ranking=_ranking,
    engine=GermanWhistEngine(),
    explainer=GERMAN_WHIST_EXPLAINER,
    deal_word=HAND,
)

VARIANTS = (GERMAN_WHIST,)

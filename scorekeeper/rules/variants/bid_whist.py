"""Bid Whist (RULES.md §6): one call each, the kitty as the first book, game at +target or −target."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import ClassVar

from ..cards import SUITS, Trump, jokers
from ..constraints import Foresight
from ..declared import N_
from ..errors import InvalidTricks
from ..options import Options
from ..outlook.race import Race
from ..seating import RevokeMark
from ..state import DealFacts, DealState, GameState
from ..table import Table
from ..text import Text
from ..tricks import FULL_DECK, JokerName, Ranking, RankOrder, TrickSetting
from ..variant import HAND, Variant
from ..walk import TableLaws, TableWalk
from ._bid_whist_ahead import bid_whist_foresight
from ._bid_whist_auction import (
    BOOK,
    AuctionRules,
    BidType,
    Call,
    CallChoice,
    Declaration,
    Direction,
    InvalidCall,
    InvalidDeclaration,
    declaration_choices,
    read_call,
    read_declaration,
    verify_auction,
    verify_declaration,
)
from ._bid_whist_auction import legal_calls as _legal_calls
from ._bid_whist_explain import BID_WHIST_EXPLAINER
from ._bid_whist_options import BID_WHIST_OPTIONS
from ._bid_whist_renege import renege, renege_law
from ._bid_whist_rules import (
    BASE_KITTY,
    KITTY_BOOKS,
    TRICKS_IN_PLAY,
    BidWhistDeal,
    BidWhistEntry,
    hand_points,
)
from ._partnership import (
    PARTNERSHIPS,
    assemble,
    check_keys,
    checked_entry,
    deal_facts,
    level_draw_note,
    read_whole_number,
    rotating_dealer,
    seated_facts,
    team_name,
    team_of,
    team_winners,
)
from ._races import bid_whist_race

__all__ = [
    "BOOK",
    "KITTY_BOOKS",
    "TRICKS_IN_PLAY",
    "VARIANTS",
    "BidType",
    "BidWhistDeal",
    "BidWhistEngine",
    "BidWhistEntry",
    "Call",
    "CallChoice",
    "Declaration",
    "Direction",
    "InvalidCall",
    "InvalidDeclaration",
    "hand_points",
    "legal_calls",
    "read_call",
]

BID_WHIST_NAME = N_("Bid Whist")


def _plays_to(table: Table) -> int:
    return int(table.options.choice("play_to"))


def _stopped_winners(table: Table) -> Text:
    return Text("law_stop_target", target=_plays_to(table))


BID_WHIST_LAWS = TableLaws(
    fixed_table=Text("fixed_four_partnerships"),
    revoke_law=renege_law,
    target=_plays_to,
    stop_winners=_stopped_winners,
)


def auction_rules(options: Options) -> AuctionRules:
    """The auction's rules under a game's options."""
    return AuctionRules(min_bid=options.number("min_bid"), low_beats_high=options.flag("low_beats_high"))


def legal_calls(
    table: Table, facts: DealFacts, calls: Sequence[Call], *, players: Sequence[str] | None = None
) -> tuple[CallChoice, ...]:
    """Every call the next player may make after ``calls``, each allowed or refused with the reason
    that names the caller: by ``players`` (who held each seat in that hand, after a substitute),
    else the table's."""
    names = table.players if players is None else players
    return _legal_calls(facts, calls, names, auction_rules(table.options))


@dataclass(frozen=True, kw_only=True, eq=False)
class BidWhistEngine:
    """Bid Whist: an auction, a declaration, the bidders' tricks; game at ±target."""

    input_kind: ClassVar[str] = "bid_whist_auction"
    laws: ClassVar[TableLaws] = BID_WHIST_LAWS

    def deal_count(self, table: Table) -> int | None:
        """None: the game ends when a side reaches +target or −target."""
        return None

    def foresee(self, table: Table, state: GameState, count: int) -> Foresight:
        """The hand due, not checked on the page (its auction is judged call by call), with a stand-in
        entry from which the hands after it are foreseen (rules/foresee_events.py)."""
        return bid_whist_foresight(auction_rules(table.options), state)

    def race(self, table: Table, state: GameState) -> Race:
        """What the game has left to race for: either side's contract, made or set, to ±target."""
        return bid_whist_race(table, state)

    def describe_deck(self, table: Table) -> Text:
        """The pack the table needs: 52 cards and the jokers played."""
        return Text("deck_bid_whist", jokers=table.options.number("jokers"))

    def facts(self, table: Table, number: int) -> DealFacts:
        """Who deals, calls first and leads deal ``number``, and what to remind the table of."""
        return _facts(table, number)

    def legal_calls(
        self, table: Table, facts: DealFacts, calls: Sequence[Call], *, players: Sequence[str] | None = None
    ) -> tuple[CallChoice, ...]:
        """Every call the next player may make after ``calls``, for a form to offer or strike out
        (``players``: who held each seat in that hand)."""
        return legal_calls(table, facts, calls, players=players)

    def declarations(self, bid: Call) -> tuple[Declaration, ...]:
        """What the winner of ``bid`` may declare: a trump suit, or a direction after no trump."""
        return declaration_choices(bid)

    # --- entries as data -----------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> BidWhistEntry:
        """``{"auction": ["pass", "4 downtown", ...], "declaration": "S", "tricks": 10}``.

        A call is "pass", a level and a type ("4 uptown", "4 downtown", "4 NT")
        or ``{"level": 4, "type": "downtown"}``. The declaration is a suit or
        "uptown"/"downtown". Declaration and tricks may be left out.
        """
        check_keys(data, ("auction", "declaration", "tricks"), BID_WHIST_NAME)
        raw = data.get("auction")
        if not isinstance(raw, list):
            raise InvalidCall("auction_not_list")
        return BidWhistEntry(
            number=number,
            auction=tuple(read_call(call) for call in raw),
            declaration=read_declaration(data.get("declaration")),
            tricks=read_whole_number(data, "tricks", InvalidTricks),
        )

    def write_entry(self, entry: object) -> dict[str, object]:
        """The data ``read_entry`` reads back."""
        assert isinstance(entry, BidWhistEntry)
        data: dict[str, object] = {"auction": [call.text for call in entry.auction]}
        if entry.declaration is not None:
            data["declaration"] = entry.declaration.value
        if entry.tricks is not None:
            data["tricks"] = entry.tricks
        return data

    # --- replaying ---------------------------------------------------------------------

    def replay(self, table: Table, log: Sequence[object]) -> GameState:
        """Check every hand's auction, declaration and tricks; score them; end at ±target."""
        target = int(table.options.choice("play_to"))
        totals = [0, 0]
        walk = TableWalk(table, log, laws=BID_WHIST_LAWS, totals=None, sides=totals, teams=PARTNERSHIPS)
        deals: list[DealState] = []
        over = False
        for index, raw in enumerate(walk):
            entry = checked_entry(
                raw, BidWhistEntry, index=index, over=over, deals=deals, input_kind=self.input_kind
            )
            seating = walk.seating
            facts = _facts(table, entry.number) if seating is None else seated_facts(_facts, table, seating)
            players = table.players if seating is None else seating.names
            revokers = None if walk.revoke is None else walk.revokers(facts)
            deal, revoked = _score(table, players, facts, entry, totals, revokers)
            over = deal.complete and any(abs(total) >= target for total in totals)
            deals.append(deal if seating is None else walk.played(deal, over=over, revoked=revoked))
        return self._state(table, deals, totals, over, target, walk)

    def _state(
        self,
        table: Table,
        deals: list[DealState],
        totals: list[int],
        over: bool,
        target: int,
        walk: TableWalk,
    ) -> GameState:
        players = walk.names
        notes: list[Text] = []
        winners: tuple[int, ...] = ()
        if walk.stopped and not over:
            winners, _draw = team_winners(totals)
            notes.append(walk.stop_note(target, totals))
        elif over:
            winners, draw = team_winners(totals)
            if draw:
                notes.append(level_draw_note([team_name(players, 0), team_name(players, 1)], totals[0]))
            else:
                team = team_of(winners[0])
                notes.append(
                    Text(
                        "note_bid_whist_won",
                        reasons=_ending(players, totals, target),
                        team=team_name(players, team),
                        score=totals[team],
                        other=totals[1 - team],
                    )
                )
        else:
            notes.append(Text("note_bid_whist_target", target=target))
        return assemble(
            table,
            deals=deals,
            teams=PARTNERSHIPS,
            over=over or walk.stopped,
            totals=totals,
            winners=winners,
            notes=notes,
            facts_of=_facts,
            walk=walk,
            deal_count=None,
        )


def _ending(players: Sequence[str], totals: Sequence[int], target: int) -> tuple[Text, ...]:
    reasons = []
    for team, total in enumerate(totals):
        if total >= target:
            reasons.append(Text("bid_whist_reached", team=team_name(players, team), total=total))
        elif total <= -target:
            reasons.append(Text("bid_whist_fell", team=team_name(players, team), total=total))
    return tuple(reasons)


def _score(
    table: Table,
    players: Sequence[str],
    facts: DealFacts,
    entry: BidWhistEntry,
    totals: list[int],
    revokers: tuple[int, ...] | None,
) -> tuple[BidWhistDeal, RevokeMark | None]:
    """The hand as far as it is recorded; adds its points to ``totals`` when complete.

    ``revokers`` reneged in it: their side's books go to the other side under the
    ``renege_penalty`` option, before the contract is judged; what that cost comes
    back with the hand.
    """
    options = table.options
    result = verify_auction(facts, entry.auction, players, auction_rules(options))
    if result is None:
        if entry.declaration is not None or entry.tricks is not None:
            waiting = players[facts.bidding_order[len(entry.auction)]]
            raise InvalidCall("auction_not_over", player=waiting)
        return _open(facts, entry, bidder=None, bid=None, forced=False, leader=facts.leader), None
    bid, bidder = result.bid, result.bidder
    assert bid.level is not None
    facts = _led_by_the_bidder(facts, players, bidder) if options.flag("bidder_leads") else facts
    leader = facts.leader
    if entry.declaration is None:
        if entry.tricks is not None:
            raise InvalidDeclaration("declaration_first", player=players[bidder])
        return _open(facts, entry, bidder=bidder, bid=bid, forced=result.forced, leader=leader), None
    verify_declaration(bid, entry.declaration, players[bidder])
    if entry.tricks is None:
        return _open(facts, entry, bidder=bidder, bid=bid, forced=result.forced, leader=leader), None
    tricks = entry.tricks
    if not 0 <= tricks <= TRICKS_IN_PLAY:
        raise InvalidTricks(
            "bid_whist_tricks_range",
            team=team_name(players, team_of(bidder)),
            tricks=tricks,
            most=TRICKS_IN_PLAY,
        )
    team = team_of(bidder)
    mark = None
    if revokers is not None:
        mark, tricks = renege(options, players, facts.number, revokers, team, tricks, in_play=TRICKS_IN_PLAY)
        if mark.redeal:
            dealt_again = replace(
                _open(facts, entry, bidder=bidder, bid=bid, forced=result.forced, leader=leader),
                points=(0, 0),
                totals=(totals[0], totals[1]),
                tricks=tricks,
            )
            return dealt_again, mark
    bidders, defenders = hand_points(bid, tricks, options)
    points = [0, 0]
    points[team], points[1 - team] = bidders, defenders
    totals[0] += points[0]
    totals[1] += points[1]
    books = tricks + KITTY_BOOKS
    deal = BidWhistDeal(
        facts=facts,
        trump=_trump(bid, entry.declaration),
        points=(points[0], points[1]),
        awards=None,
        totals=(totals[0], totals[1]),
        auction=entry.auction,
        bidder=bidder,
        bid=bid,
        forced=result.forced,
        contract=BOOK + bid.level,
        declaration=entry.declaration,
        direction=_direction(bid, entry.declaration),
        leader=leader,
        tricks=tricks,
        books=books,
        made=books >= BOOK + bid.level,
    )
    return deal, mark


def _open(
    facts: DealFacts,
    entry: BidWhistEntry,
    *,
    bidder: int | None,
    bid: Call | None,
    forced: bool,
    leader: int,
) -> BidWhistDeal:
    """A hand still being bid, declared or played: no points yet."""
    declaration = entry.declaration
    return BidWhistDeal(
        facts=facts,
        trump=None if bid is None else _trump(bid, declaration),
        points=None,
        awards=None,
        totals=None,
        auction=entry.auction,
        bidder=bidder,
        bid=bid,
        forced=forced,
        contract=None if bid is None or bid.level is None else BOOK + bid.level,
        declaration=declaration,
        direction=None if bid is None else _direction(bid, declaration),
        leader=leader,
        tricks=None,
        books=None,
        made=None,
    )


def _trump(bid: Call, declaration: Declaration | None) -> Trump | None:
    if bid.kind is BidType.NO_TRUMP:
        return Trump.NO_TRUMP
    return declaration if isinstance(declaration, Trump) else None


def _direction(bid: Call, declaration: Declaration | None) -> Direction | None:
    if bid.kind is BidType.UPTOWN:
        return Direction.UPTOWN
    if bid.kind is BidType.DOWNTOWN:
        return Direction.DOWNTOWN
    return declaration if isinstance(declaration, Direction) else None


def _led_by_the_bidder(facts: DealFacts, players: Sequence[str], bidder: int) -> DealFacts:
    """The hand's facts once the auction is won, when the high bidder leads (``bidder_leads``).

    Before the auction the rules cannot say who leads; after it the hand
    records the winner as its leader, and its reminder names them.
    """
    reminders = tuple(
        Text("reminder_high_bidder_named", player=players[bidder]) if note == HIGH_BIDDER_LEADS else note
        for note in facts.reminders
    )
    return replace(facts, leader=bidder, reminders=reminders)


HIGH_BIDDER_LEADS = Text("reminder_high_bidder_leads")


@lru_cache(maxsize=4096)
def _facts(table: Table, number: int) -> DealFacts:
    dealer = rotating_dealer(table, number)
    eldest = (dealer + 1) % table.size
    return deal_facts(
        table,
        number,
        dealer=dealer,
        cards=TRICKS_IN_PLAY,
        leader=eldest,
        trump_turned=False,
        reminders=_reminders(table, dealer, eldest),
    )


def _reminders(table: Table, dealer: int, eldest: int) -> tuple[Text, ...]:
    options, players = table.options, table.players
    jokers = options.number("jokers")
    kitty = BASE_KITTY + jokers
    notes = [
        Text("reminder_bid_whist_calls", first=players[eldest], dealer=players[dealer]),
        Text("reminder_kitty_book", cards=kitty),
    ]
    if options.flag("bidder_gets_kitty"):
        notes.append(Text("reminder_kitty_to_bidder", cards=kitty))
    else:
        notes.append(Text("reminder_kitty_out"))
    sport = options.choice("sport_the_kitty")
    if sport == "always":
        notes.append(Text("reminder_kitty_shown"))
    elif sport == "trump_bids":
        notes.append(Text("reminder_kitty_shown_after_trump_bids"))
    if options.flag("bidder_leads"):
        notes.append(HIGH_BIDDER_LEADS)
    else:
        notes.append(Text("reminder_leads", player=players[eldest]))
    if jokers:
        notes.append(Text("reminder_jokers_top_trumps", jokers=jokers))
    return tuple(notes)


JOKER_NAMES: dict[int, tuple[JokerName, JokerName]] = {1: ("joker", "joker"), 2: ("red", "black")}


def _ranking(table: Table, facts: DealFacts | None) -> Ranking:
    """52 cards and the jokers, four to a trick; uptown or downtown, a suit or no trump."""
    count = table.options.number("jokers")
    return Ranking(
        deck=(*FULL_DECK, *jokers(count)),
        deck_description=BidWhistEngine().describe_deck(table),
        trick_size=table.size,
        trumps=(*SUITS, Trump.NO_TRUMP),
        orders=(RankOrder.UPTOWN, RankOrder.DOWNTOWN),
        joker_names=JOKER_NAMES.get(count, JOKER_NAMES[2]),
        notes=(Text("judge_uptown_downtown"), Text("judge_bid_whist_jokers"))
        if count
        else (Text("judge_uptown_downtown"),),
        setting=_trick_setting,
    )


def _trick_setting(deal: DealState) -> TrickSetting:
    """The hand's trump (or no trump) and the direction its bid or declaration set."""
    downtown = isinstance(deal, BidWhistDeal) and deal.direction is Direction.DOWNTOWN
    order = RankOrder.DOWNTOWN if downtown else RankOrder.UPTOWN
    return TrickSetting(trump=deal.trump, order=order)


BID_WHIST = Variant(
    code="bid-whist",
    name=BID_WHIST_NAME,
    family=N_("Bid Whist"),
    ladder="whist",
    summary=N_(
        "Partners opposite bid once each for books uptown, downtown or no trump; "
        "the kitty is the bidders' first book."
    ),
    aliases=("bidwhist",),
    min_players=4,
    max_players=4,
    options=BID_WHIST_OPTIONS,
    ranking=_ranking,
    engine=BidWhistEngine(),
    explainer=BID_WHIST_EXPLAINER,
    deal_word=HAND,
)

VARIANTS = (BID_WHIST,)

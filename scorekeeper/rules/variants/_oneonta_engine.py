"""The engine of every form of Oneonta Whist (RULES.md §4): replays bids and tricks into state.

One engine serves the five forms; each is a :class:`Form` (plain data). The
competitive game ends after as many hands as cards in a hand, then plays
tie-break hands among the players level at the top until one leads alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from ..cards import Trump
from ..constraints import Foresight
from ..errors import InvalidBid, InvalidTricks, InvalidTrump, OutOfTurn, RuleViolation
from ..events import InvalidEvent
from ..outlook.race import Race
from ..revoke import house_rule
from ..seating import Seating, first_clockwise
from ..state import GameState
from ..table import Table
from ..text import Text
from ..walk import TableLaws, TableWalk
from ._oneonta_ahead import oneonta_foresight
from ._oneonta_bids import (
    BidRules,
    OneontaBid,
    OneontaBidChoice,
    bid_note,
    legal_bids,
    read_bid,
    verify_bids,
    write_bid,
)
from ._oneonta_state import (
    EDD_ALLARD_TARGET,
    OneontaDeal,
    OneontaEntry,
    OneontaGameState,
    Result,
    score,
)
from ._oneonta_table import (
    Form,
    OneontaFacts,
    Round,
    build_facts,
    decide_leader,
    next_active,
    oneonta_deck,
    oneonta_laws,
)
from ._races import oneonta_race


@dataclass(frozen=True, kw_only=True, eq=False)
class OneontaEngine:
    """Every form of Oneonta Whist, configured by its :class:`Form`."""

    input_kind: ClassVar[str] = "oneonta_bids"

    form: Form

    @property
    def laws(self) -> TableLaws:
        """Players come, go and sit hands out; stopped early, the form's own winner rule applies."""
        return oneonta_laws(self.form, EDD_ALLARD_TARGET)

    # --- what the rules decide before anyone bids ---------------------------------

    def deal_count(self, table: Table) -> int:
        """The hands a game lasts; competitive tie-break hands come on top of these."""
        return self.form.deals(table)

    def describe_deck(self, table: Table) -> Text:
        """The pack the whole table starts with (tie-break hands may use a smaller one)."""
        return oneonta_deck(self.form.chart[table.size][1]).description

    def bid_rules(self, table: Table) -> BidRules:
        """What this table allows in bidding: the totals rule, null values, doubling."""
        return BidRules(
            total=self.form.total,
            null_has_value=self.form.null_has_value,
            doubling=table.options.flag("doubling"),
            double_null=not self.form.edd_allard,
        )

    def legal_bids(
        self,
        table: Table,
        facts: OneontaFacts,
        bids: Sequence[OneontaBid | None],
        seat: int,
        *,
        players: Sequence[str] | None = None,
    ) -> tuple[OneontaBidChoice, ...]:
        """Every bid ``seat`` could name now, each allowed or with the reason it is not.

        ``players`` names every seat at this deal (the game state's players once
        someone has arrived); by default the table's.
        """
        names = table.players if players is None else players
        return legal_bids(self.bid_rules(table), facts, bids, names, seat)

    def verify_bids(
        self,
        table: Table,
        facts: OneontaFacts,
        bids: Sequence[OneontaBid | None],
        *,
        players: Sequence[str] | None = None,
    ) -> tuple[OneontaBid | None, ...]:
        """Raise the InvalidBid the bids of a deal break, naming the player; return them checked."""
        names = table.players if players is None else players
        return verify_bids(self.bid_rules(table), facts, bids, names)

    def foresee(self, table: Table, state: GameState, count: int) -> Foresight:
        """The hand due, not checked on the page (bids are judged in turn), with a stand-in entry from
        which the hands after it are foreseen (rules/foresee_events.py)."""
        return oneonta_foresight(self.form, self.bid_rules(table), table, state)

    def race(self, table: Table, state: GameState) -> Race | None:
        """What a competitive game has left to race for; None for one player or one team."""
        if self.form.team or table.size < 2:
            return None
        return oneonta_race(
            table,
            state,
            edd_allard=self.form.edd_allard,
            overtricks_zero=bool(table.options.get("alternative_scoring", False)),
            null_has_value=self.form.null_has_value,
            double_null=not self.form.edd_allard,
        )

    # --- entries as data -------------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> OneontaEntry:
        """``{"bids": [...], "tricks": [...], "trump": "S" | "JK"}``; tricks and trump may be left out.

        A bid is null (not made yet), a whole number of tricks, or
        ``{"kind": "positive" | "null", "value": n, "doubled": true}``.
        """
        unknown = sorted(set(data) - {"bids", "tricks", "trump"})
        if unknown:
            raise RuleViolation("exact_entry_unknown_key", field=unknown[0], key=repr(unknown[0]))
        raw_bids = data.get("bids")
        if not isinstance(raw_bids, list):
            raise InvalidBid("oneonta_bids_not_list")
        bids = tuple(read_bid(raw, position) for position, raw in enumerate(raw_bids, start=1))
        raw_tricks = data.get("tricks")
        tricks: tuple[int | None, ...] | None = None
        if raw_tricks is not None:
            if not isinstance(raw_tricks, list):
                raise InvalidTricks("counts_not_list", what="tricks")
            for value in raw_tricks:
                if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                    raise InvalidTricks("counts_not_whole", what="tricks", value=repr(value))
            tricks = tuple(raw_tricks)
        return OneontaEntry(number=number, bids=bids, tricks=tricks, trump=_read_trump(data.get("trump")))

    def write_entry(self, entry: object) -> dict[str, object]:
        """The data ``read_entry`` reads back into the same entry."""
        assert isinstance(entry, OneontaEntry)
        data: dict[str, object] = {"bids": [write_bid(bid) for bid in entry.bids]}
        if entry.tricks is not None:
            data["tricks"] = list(entry.tricks)
        if entry.trump is not None:
            data["trump"] = entry.trump.value
        return data

    # --- replaying the inputs ---------------------------------------------------------

    def replay(self, table: Table, log: Sequence[object]) -> OneontaGameState:
        """Check every entry and table event against the rules and derive the state of the game."""
        form, size = self.form, table.size
        rules = self.bid_rules(table)
        options = table.options
        overtricks_zero = bool(options.get("alternative_scoring", False))
        lowest = bool(options.get("lowest_player_scoring", False))
        seat_totals = [0] * size
        team = [0]
        walk = TableWalk(
            table,
            log,
            laws=self.laws,
            totals=seat_totals,
            sides=team if form.team else seat_totals,
            teams=(tuple(range(size)),) if form.team else None,
            planner=self,
        )
        seating = Round(
            dealer=table.first_dealer,
            active=tuple(range(size)),
            tie_break=False,
            previous_bids=None,
            ring=tuple(range(size)),
            names=table.players,
        )
        deals: list[OneontaDeal] = []
        over = False
        for number, entry in enumerate(walk, start=1):
            if not isinstance(entry, OneontaEntry):
                raise OutOfTurn("entry_wrong_kind", number=number, kind=self.input_kind)
            if over:
                raise OutOfTurn("game_over_no_deal", number=number)
            if entry.number != number:
                raise OutOfTurn("deal_out_of_order", number=entry.number, previous=number - 1)
            if deals and not deals[-1].complete:
                raise OutOfTurn("deal_tricks_first", previous=number - 1, number=number)
            if walk.seating is not None:
                seating = _seated(seating, walk.seating)
            players = seating.names
            facts = build_facts(form, table, number, seating, seat_totals)
            bids = verify_bids(rules, facts, entry.bids, players)
            trump = _verify_trump(entry.trump)
            facts = decide_leader(form, facts, bids, seat_totals, seating.ring)
            note = bid_note(rules, facts, bids, players)
            if entry.tricks is None:
                deal = _open_deal(facts, trump, bids, note)
                deals.append(deal if walk.seating is None else walk.played(deal, over=False))
                continue
            if any(bids[seat] is None for seat in facts.bidding_order):
                raise InvalidTricks("bids_before_tricks", number=number)
            tricks = _verify_tricks(form, facts, entry.tricks, players)
            revoke = None
            if walk.revoke is not None:
                revoke = house_rule(options, players, walk.revokers(facts), number)
            scores: list[int | None] = [None] * len(players)
            for seat in facts.bidding_order:
                bid, took = bids[seat], tricks[seat]
                assert bid is not None and took is not None
                points = score(bid, took, edd_allard=form.edd_allard, overtricks_score_zero=overtricks_zero)
                if revoke is not None:
                    points = 0 if revoke.redeal else points - (revoke.penalty or ())[seat]
                scores[seat] = points
                seat_totals[seat] += points
            if form.team:
                played = [value for value in scores if value is not None]
                team_points = min(played) if lowest else sum(played)
                team[0] += team_points
                deal_points: tuple[int | None, ...] = (team_points,)
                deal_totals: tuple[int, ...] = (team[0],)
            else:
                deal_points, deal_totals = tuple(scores), tuple(seat_totals)
            taken = sum(took for took in tricks if took is not None)
            deal = OneontaDeal(
                facts=facts,
                trump=trump,
                bids=bids,
                tricks=tricks,
                scores=tuple(scores),
                points=deal_points,
                awards=None,
                totals=deal_totals,
                dummy_tricks=facts.cards - taken if form.dummy else None,
                bid_note=None,
            )
            if revoke is not None and revoke.redeal:
                deals.append(walk.played(deal, over=False, revoked=revoke))
                continue
            played_hands = number if walk.seating is None else walk.place
            regular = self.form.deals(table) if walk.seating is None else len(walk.plan or ())
            over, seating = self._advance(played_hands, regular, seat_totals, seating, bids)
            deals.append(deal if walk.seating is None else walk.played(deal, over=over, revoked=revoke))
        return self._state(table, tuple(deals), over, seating, seat_totals, team[0], walk)

    @property
    def open_ended(self) -> bool:
        """False: a game lasts its hands (and any tie-break hands)."""
        return False

    def planned(self, table: Table) -> tuple[int, ...]:
        """The regular hands as planned: the chart's hand size, as many hands as the form plays."""
        return (self.form.chart[table.size][0],) * self.form.deals(table)

    def replan(self, table: Table, seated: Table, played: tuple[int, ...]) -> tuple[int, ...]:
        """The hands to come for the players now ``seated``: the chart's hand size for their number,
        and as many hands as the form plays with them."""
        hands, done = self.form.deals(seated), len(played)
        if hands <= done:
            raise InvalidEvent(
                "oneonta_hands_played", game=self.form.title, players=seated.size, hands=hands, done=done
            )
        return played + (self.form.chart[seated.size][0],) * (hands - done)

    def largest(self, seated: Table) -> None:
        """None: the chart deals each number of players a hand its pack holds."""
        return None

    def _advance(
        self,
        number: int,
        regular: int,
        seat_totals: Sequence[int],
        seating: Round,
        bids: tuple[OneontaBid | None, ...],
    ) -> tuple[bool, Round]:
        """Whether the game is over after deal ``number``, and the seating of the next deal."""
        active = seating.active
        tie_break = seating.tie_break
        if number >= regular:
            if not self.form.tie_breaks:
                return True, seating
            top = max(seat_totals[seat] for seat in active)
            leaders = tuple(seat for seat in active if seat_totals[seat] == top)
            if len(leaders) == 1:
                return True, seating
            active, tie_break = leaders, True
        dealer = next_active(seating.dealer, seating.ring, active)
        return False, replace(seating, dealer=dealer, active=active, tie_break=tie_break, previous_bids=bids)

    def _state(
        self,
        table: Table,
        deals: tuple[OneontaDeal, ...],
        over: bool,
        seating: Round,
        seat_totals: list[int],
        team_total: int,
        walk: TableWalk,
    ) -> OneontaGameState:
        form = self.form
        stopped = walk.stopped
        if (next_seating := walk.next_seating()) is not None:
            seating = _seated(seating, next_seating)
        if deals and not deals[-1].complete:
            current: OneontaFacts | None = deals[-1].oneonta_facts
        elif over or stopped:
            current = None
        else:
            current = build_facts(form, table, len(deals) + 1, seating, seat_totals)
        result, winners, notes = self._outcome(
            table, over or stopped, seating, seat_totals, team_total, len(deals)
        )
        if stopped and not over:
            target = None
            if form.edd_allard:
                # Edd Allard's 30 is judged after the ninth hand: stopped sooner, nobody reached it.
                result, winners, notes, target = None, (0,), (), EDD_ALLARD_TARGET
            notes = (*notes, walk.stop_note(target, seat_totals))
        tie_breaking = seating.tie_break or any(deal.oneonta_facts.tie_break for deal in deals)
        size = len(seating.names)
        life = walk.life()
        count = form.deals(table) if life is None else walk.deal_count()
        return OneontaGameState(
            table=table,
            deals=deals,
            teams=(tuple(range(size)),) if form.team else None,
            current=current,
            deal_count=None if tie_breaking else count,
            totals=(team_total,) if form.team else tuple(seat_totals),
            status="finished" if over or stopped else "in_progress",
            winners=winners,
            settlement=None,
            notes=notes,
            result=result,
            playing=seating.active,
            dropped=tuple(seat for seat in range(size) if seat not in seating.active),
            seat_totals=tuple(seat_totals),
            life=life,
        )

    def _outcome(
        self, table: Table, over: bool, seating: Round, seat_totals: list[int], team_total: int, played: int
    ) -> tuple[Result | None, tuple[int, ...], tuple[Text, ...]]:
        """The result, the winners and the notes that explain them."""
        form, players = self.form, seating.names
        if form.tie_breaks:
            return _competitive_outcome(players, over, seating, seat_totals)
        if not over:
            return None, (), ()
        if form.team:
            return None, (), (Text("note_team_scored", total=team_total, hands=played),)
        name, total = players[0], seat_totals[0]
        if form.edd_allard:
            target = EDD_ALLARD_TARGET
            if total > target:
                return "win", (0,), (Text("note_edd_allard_win", player=name, total=total, target=target),)
            if total == target:
                return "draw", (), (Text("note_edd_allard_draw", player=name, target=target),)
            return "loss", (), (Text("note_edd_allard_loss", player=name, total=total, target=target),)
        if table.options.get("alternative_scoring"):
            if total > 0:
                return "beat_the_game", (0,), (Text("note_beat_the_game", player=name, total=total),)
            return "not_beaten", (), (Text("note_game_not_beaten", player=name, total=total),)
        return None, (), (Text("note_solitaire_scored", player=name, total=total, played=played),)


def _competitive_outcome(
    players: Sequence[str], over: bool, seating: Round, seat_totals: list[int]
) -> tuple[Result | None, tuple[int, ...], tuple[Text, ...]]:
    active = seating.active
    if over:
        top = max(seat_totals[seat] for seat in active)
        winners = tuple(seat for seat in active if seat_totals[seat] == top)
        if len(winners) > 1:
            # Only a game stopped early ends level: it plays no tie-break hand.
            names = tuple(players[seat] for seat in winners)
            return None, winners, (Text("note_share_the_win", players=names, total=top),)
        winner = winners[0]
        note = Text(
            "note_oneonta_winner",
            player=players[winner],
            total=seat_totals[winner],
            tie_break=seating.tie_break,
        )
        return None, (winner,), (note,)
    if not seating.tie_break:
        return None, (), ()
    names = tuple(players[seat] for seat in active)
    dropped = tuple(players[seat] for seat in range(len(players)) if seat not in active)
    note = Text("note_tie_break", players=names, total=seat_totals[active[0]], out=dropped)
    return None, (), (note,)


def _read_trump(raw: object) -> Trump | None:
    if raw is None:
        return None
    if isinstance(raw, str):
        try:
            return Trump.parse(raw)
        except ValueError:
            pass
    raise InvalidTrump("oneonta_trump_unreadable", value=repr(raw))


def _verify_trump(trump: Trump | None) -> Trump | None:
    if trump is Trump.NO_TRUMP:
        raise InvalidTrump("oneonta_trump_turned")
    return trump


def _verify_tricks(
    form: Form, facts: OneontaFacts, tricks: Sequence[int | None], players: Sequence[str]
) -> tuple[int | None, ...]:
    """Each player in the hand took 0..cards; together exactly the cards, or at most them with a dummy."""
    if len(tricks) != len(players):
        raise InvalidTricks("tricks_count", players=len(players))
    cards = facts.cards
    for seat, took in enumerate(tricks):
        if not facts.is_active(seat):
            if took is not None:
                raise InvalidTricks("oneonta_out_no_tricks", player=players[seat])
            continue
        if took is None:
            raise InvalidTricks("tricks_missing", player=players[seat])
        if not 0 <= took <= cards:
            raise InvalidTricks("oneonta_tricks_above_cards", player=players[seat], took=took, cards=cards)
    total = sum(took for took in tricks if took is not None)
    if form.dummy and total > cards:
        raise InvalidTricks("oneonta_tricks_above_dummy", total=total, cards=cards)
    if not form.dummy and total != cards:
        raise InvalidTricks("tricks_total", total=total, cards=cards)
    return tuple(tricks)


def _open_deal(
    facts: OneontaFacts, trump: Trump | None, bids: tuple[OneontaBid | None, ...], note: Text | None
) -> OneontaDeal:
    return OneontaDeal(
        facts=facts,
        trump=trump,
        bids=bids,
        tricks=None,
        scores=None,
        points=None,
        awards=None,
        totals=None,
        dummy_tricks=None,
        bid_note=note,
    )


def _seated(previous: Round, seating: Seating) -> Round:
    """The round of a hand dealt after table events: the seats at the table now, the dealer the walk
    names (or, in tie-break hands, the first contender from there), less anyone sitting it out."""
    ring = seating.ring
    contenders = previous.active if previous.tie_break else ring
    contenders = tuple(seat for seat in contenders if seat in ring)
    dealer = first_clockwise(ring, seating.dealer, contenders) if previous.tie_break else seating.dealer
    active = tuple(seat for seat in ring if seat in contenders and seat not in seating.sitting_out)
    return replace(previous, dealer=dealer, active=active, ring=ring, names=seating.names)

"""Classic Whist (RULES.md §5): partners opposite, one point a trick over six, honours, the rubber."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from ..cards import SUITS, Trump
from ..constraints import Constraint, DealAhead, EntryPhase, Foresight
from ..errors import InvalidOption, InvalidTricks, RuleViolation
from ..revoke import names_of
from ..seating import RevokeMark
from ..state import DealFacts, DealState, GameState
from ..table import Table
from ..tricks import FULL_DECK, FULL_DECK_TEXT, Ranking
from ..variant import Variant
from ..walk import TableLaws, TableWalk
from ._partnership import (
    PARTNERSHIPS,
    SIDES,
    SUIT_CODES,
    assemble,
    check_keys,
    checked_entry,
    deal_facts,
    read_side,
    read_suit,
    read_whole_number,
    rotating_dealer,
    seated_facts,
    split_count,
    team_name,
    team_of,
    team_winners,
)
from ._whist_options import CLASSIC_WHIST_OPTIONS

TRICKS_PER_DEAL = 13
HONOURS_PER_DEAL = 4
BOOK = 6
RUBBER_BONUS = 2
GAMES_TO_WIN_RUBBER = 2
REVOKE_TRICKS = 3


def _misdeal_loses_deal(table: Table) -> bool:
    return table.options.flag("misdeal_loses_deal")


def _revoke_law(table: Table) -> str:
    return (
        "A revoke found after a deal: three tricks go from the revoking side to the other, and the "
        f"revoking side cannot reach {table.options.choice('play_to')} on that deal; both sides revoking, "
        "the deal is dealt again (the Laws of Whist)"
    )


WHIST_LAWS = TableLaws(
    fixed_table="is played by exactly four players, two partnerships",
    misdeal_passes=_misdeal_loses_deal,
    revoke_law=_revoke_law,
)
MISSING_TRICKS = "Enter how many tricks the side took"


class InvalidHonours(RuleViolation):
    """An honours count that cannot have been dealt, or one the game does not count."""

    field = "honours"


@dataclass(frozen=True, kw_only=True, slots=True)
class WhistEntry:
    """One deal of Classic Whist as the table records it.

    ``tricks`` and ``honours`` are counts for one partnership, ``side`` (0 for
    seats 0 and 2, 1 for seats 1 and 3); the other side's counts follow.
    ``honours`` is the number of trump A K Q J *dealt* to that side, given
    only when the game counts honours. ``trump`` is the turned suit, if noted.
    """

    number: int
    tricks: int
    honours: int | None = None
    side: int = 0
    trump: Trump | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class WhistDeal(DealState):
    """A scored deal of Classic Whist. Every pair is per team, in the order of ``PARTNERSHIPS``.

    ``totals`` is the score of the game the deal belongs to (a rubber starts
    each game at 0–0). ``awards`` holds the honour points inside ``points``
    (None when honours are off). ``game_winner`` is the team that won a game
    with this deal. In a rubber ``games_won`` and ``game_points`` give the
    rubber's standing after the deal and ``standing`` says it in words.
    """

    tricks: tuple[int, int]
    honours: tuple[int, int] | None
    honours_note: str | None
    game_number: int
    game_winner: int | None
    games_won: tuple[int, int] | None
    game_points: tuple[int, int] | None
    standing: str | None


def game_points_for(losers_score: int) -> int:
    """Game points for winning a five-point game: 3 if the losers had 0, 2 for 1–2, 1 for 3–4."""
    if losers_score == 0:
        return 3
    return 2 if losers_score <= 2 else 1


def honour_points(held: int) -> int:
    """What trump honours dealt to one side are worth: 4 for all four, 2 for three, else 0."""
    return {4: 4, 3: 2}.get(held, 0)


@dataclass(slots=True)
class _Rubber:
    """The running state of a rubber (or of the single game without one).

    ``score`` is the current game's score, changed in place: the table walk
    adds adjustments to it.
    """

    score: list[int]
    game_number: int = 1
    games_won: tuple[int, int] = (0, 0)
    game_points: tuple[int, int] = (0, 0)
    winner: int | None = None


@dataclass(frozen=True, kw_only=True, eq=False)
class ClassicWhistEngine:
    """Classic Whist: tricks then honours each deal, first side to the target wins."""

    input_kind: ClassVar[str] = "partnership_tricks"
    laws: ClassVar[TableLaws] = WHIST_LAWS

    def deal_count(self, table: Table) -> int | None:
        """None: the game ends when a side reaches the target."""
        return None

    def describe_deck(self, table: Table) -> str:
        """The pack the table needs."""
        return "52 cards, aces high"

    def facts(self, table: Table, number: int) -> DealFacts:
        """Who deals and leads deal ``number``; the dealer's last card is turned for trump."""
        return _facts(table, number)

    # --- entries as data -----------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> WhistEntry:
        """``{"tricks": 8, "honours": 3, "side": 0, "trump": "S"}``; only tricks is required."""
        check_keys(data, ("tricks", "honours", "side", "trump"), "A deal of Classic Whist")
        tricks = read_whole_number(data, "tricks", InvalidTricks, "tricks")
        if tricks is None:
            raise InvalidTricks(MISSING_TRICKS)
        honours = read_whole_number(data, "honours", InvalidHonours, "honours")
        return WhistEntry(
            number=number,
            tricks=tricks,
            honours=honours,
            side=read_side(data, 2),
            trump=read_suit(data.get("trump")),
        )

    def foresee(self, table: Table, state: GameState, count: int) -> Foresight:
        """The deal due and the ones after it (``count`` at most): the deal passes to the left, so every
        deal's facts are known; the game ends on a score, maybe before the last of them."""
        current = state.current
        if current is None:
            return Foresight()
        names = (team_name(state.players, 0), team_name(state.players, 1))
        rules = [
            Constraint(kind="one_of", field="side", choices=SIDES, default=0),
            Constraint(kind="one_of", field="tricks", choices=tuple(range(TRICKS_PER_DEAL + 1))),
            Constraint(kind="entered", field="tricks", message=MISSING_TRICKS),
        ]
        fields = ["side", "tricks"]
        if table.options.flag("honours"):
            rules.append(
                Constraint(kind="one_of", field="honours", choices=tuple(range(HONOURS_PER_DEAL + 1)))
            )
            rules.append(
                Constraint(
                    kind="entered",
                    field="honours",
                    owner="side",
                    names=names,
                    message=_missing_honours("{name}"),
                )
            )
            fields.append("honours")
        rules.append(Constraint(kind="one_of", field="trump", choices=SUIT_CODES))
        phase = EntryPhase(name="tricks", fields=(*fields, "trump"), rules=tuple(rules))
        # After a table event (a misdeal passing the deal, a substitute…) only the deal due is
        # foreseen: the ones after it follow from the seating the events made.
        ahead = count if state.life is None else 1
        deals = tuple(
            DealAhead(facts=current if number == current.number else _facts(table, number), phases=(phase,))
            for number in range(current.number, current.number + ahead)
        )
        return Foresight(deals=deals, ends_on_score=True)

    def write_entry(self, entry: object) -> dict[str, object]:
        """The data ``read_entry`` reads back."""
        assert isinstance(entry, WhistEntry)
        data: dict[str, object] = {"tricks": entry.tricks}
        if entry.honours is not None:
            data["honours"] = entry.honours
        if entry.side:
            data["side"] = entry.side
        if entry.trump is not None:
            data["trump"] = entry.trump.value
        return data

    # --- replaying ---------------------------------------------------------------------

    def replay(self, table: Table, log: Sequence[object]) -> GameState:
        """Score every deal: tricks first, then honours; a side reaching the target wins the game."""
        options = table.options
        target = int(options.choice("play_to"))
        rubber = options.flag("rubber")
        state = _Rubber(score=[0, 0])
        walk = TableWalk(table, log, laws=WHIST_LAWS, totals=None, sides=state.score, teams=PARTNERSHIPS)
        deals: list[DealState] = []
        over = False
        for index, raw in enumerate(walk):
            entry = checked_entry(
                raw,
                WhistEntry,
                index=index,
                over=over,
                deals=deals,
                what="tricks",
                word=table.variant.deal_word,
            )
            seating = walk.seating
            facts = _facts(table, entry.number) if seating is None else seated_facts(_facts, table, seating)
            players = table.players if seating is None else seating.names
            revoke = None if walk.revoke is None else walk.revokers(facts)
            deal, revoked = self._score(table, players, entry, facts, state, target, rubber, revoke)
            over = state.winner is not None
            deals.append(deal if seating is None else walk.played(deal, over=over, revoked=revoked))
        return self._state(table, deals, state, over, rubber, walk)

    def _score(
        self,
        table: Table,
        players: Sequence[str],
        entry: WhistEntry,
        facts: DealFacts,
        state: _Rubber,
        target: int,
        rubber: bool,
        revokers: tuple[int, ...] | None,
    ) -> tuple[WhistDeal, RevokeMark | None]:
        """The deal scored, tricks first, then honours; and what a revoke after it cost."""
        options = table.options
        tricks = _verify_tricks(players, entry)
        honours = _verify_honours(players, entry, options.flag("honours"))
        start = (state.score[0], state.score[1])
        mark, blocked = None, None
        if revokers is not None:
            mark, tricks, blocked = _revoke(players, facts.number, revokers, tricks, target)
            if mark.redeal:
                return _dealt_again(entry, facts, tricks, honours, start, state, rubber, players), mark
        side = 0 if tricks[0] > BOOK else 1
        trick_points = [0, 0]
        trick_points[side] = tricks[side] - BOOK
        score = [start[0] + trick_points[0], start[1] + trick_points[1]]
        awards = [0, 0]
        note = None
        game_winner: int | None = side if score[side] >= target else None
        if honours is not None:
            holder = 0 if honours[0] >= 3 else 1 if honours[1] >= 3 else None
            if holder is not None:
                value = honour_points(honours[holder])
                name = team_name(players, holder)
                if game_winner is not None:
                    # Tricks score before honours: the game is already won.
                    note = f"{team_name(players, side)} reached {target} on tricks: honours are not scored"
                elif options.flag("honours_blocked_one_short") and start[holder] == target - 1:
                    note = f"{name} stood one short, on {target - 1}: their honours do not count"
                else:
                    awards[holder] = value
                    score[holder] += value
                    if score[holder] >= target:
                        game_winner = holder
        if blocked is not None and score[blocked] >= target:
            # The laws: the revoking side cannot score out in that deal, whatever it makes.
            score[blocked] = target - 1
            note = f"{team_name(players, blocked)} revoked: they cannot reach {target} on this deal"
        if game_winner is None or game_winner == blocked:
            game_winner = _standing_past(score, target, blocked)
        points = (score[0] - start[0], score[1] - start[1])
        totals = (score[0], score[1])
        game_number = state.game_number
        if game_winner is not None:
            self._win_game(state, game_winner, totals, rubber)
        else:
            state.score[:] = totals
        deal = WhistDeal(
            facts=facts,
            trump=entry.trump,
            points=points,
            awards=(awards[0], awards[1]) if honours is not None else None,
            totals=totals,
            tricks=tricks,
            honours=honours,
            honours_note=note,
            game_number=game_number,
            game_winner=game_winner,
            games_won=state.games_won if rubber else None,
            game_points=state.game_points if rubber else None,
            standing=_standing(players, state) if rubber else None,
        )
        return deal, mark

    def _win_game(self, state: _Rubber, team: int, score: tuple[int, int], rubber: bool) -> None:
        if not rubber:
            state.score[:] = score
            state.winner = team
            return
        won = list(state.games_won)
        won[team] += 1
        gained = list(state.game_points)
        gained[team] += game_points_for(score[1 - team])
        state.games_won = (won[0], won[1])
        state.game_points = (gained[0], gained[1])
        state.score[:] = [0, 0]
        state.game_number += 1
        if won[team] == GAMES_TO_WIN_RUBBER:
            state.winner = team

    def _state(
        self, table: Table, deals: list[DealState], state: _Rubber, over: bool, rubber: bool, walk: TableWalk
    ) -> GameState:
        players = walk.names
        notes: list[str] = []
        settlement = None
        winners: tuple[int, ...] = ()
        if rubber:
            totals = list(state.game_points)
            if state.winner is not None:
                team = state.winner
                totals[team] += RUBBER_BONUS
                margin = totals[team] - totals[1 - team]
                settlement = (margin, -margin) if team == 0 else (-margin, margin)
                notes.append(
                    f"{team_name(players, team)} win the rubber by {margin}: {state.game_points[team]} "
                    f"game points and {RUBBER_BONUS} for the rubber, less the losers' "
                    f"{state.game_points[1 - team]}"
                )
            elif deals:
                first, second = state.score
                notes.append(f"{_standing(players, state)}; game {state.game_number} stands {first}–{second}")
        else:
            totals = list(state.score)
            if state.winner is not None:
                notes.append(f"{team_name(players, state.winner)} win {max(totals)}–{min(totals)}")
        if state.winner is not None:
            winners = PARTNERSHIPS[state.winner]
        elif walk.stopped:
            winners = team_winners(totals)[0]
            notes.append(walk.stop_note(None if rubber else int(table.options.choice("play_to"))))
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
            settlement=settlement,
        )


def _revoke(
    players: Sequence[str], number: int, revokers: tuple[int, ...], tricks: tuple[int, int], target: int
) -> tuple[RevokeMark, tuple[int, int], int | None]:
    """The Laws of Whist on a revoke found after the deal: three tricks from the revoking side to
    the other, and the revoking side cannot score out on that deal; both sides revoking, the deal
    is dealt again. Returns the mark, the tricks as scored, and the side that may not reach the target."""
    sides = sorted({team_of(seat) for seat in revokers})
    who = names_of(players, revokers)
    if len(sides) == 2:
        text = f"{who} revoked in deal {number}: both sides revoked, so the deal is dealt again"
        return RevokeMark(seats=revokers, redeal=True, penalty=None, text=text), tricks, None
    side = sides[0]
    moved = min(REVOKE_TRICKS, tricks[side])
    changed = [tricks[0], tricks[1]]
    changed[side] -= moved
    changed[1 - side] += moved
    noun = "trick goes" if moved == 1 else "tricks go"
    text = (
        f"{who} revoked in deal {number}: {moved} {noun} to {team_name(players, 1 - side)}, "
        f"and {team_name(players, side)} cannot reach {target} on this deal"
    )
    mark = RevokeMark(seats=revokers, redeal=False, penalty=None, text=text)
    return mark, (changed[0], changed[1]), side


def _dealt_again(
    entry: WhistEntry,
    facts: DealFacts,
    tricks: tuple[int, int],
    honours: tuple[int, int] | None,
    start: tuple[int, int],
    state: _Rubber,
    rubber: bool,
    players: Sequence[str],
) -> WhistDeal:
    """A deal both sides revoked in: nothing scored, dealt again."""
    return WhistDeal(
        facts=facts,
        trump=entry.trump,
        points=(0, 0),
        awards=None,
        totals=start,
        tricks=tricks,
        honours=honours,
        honours_note=None,
        game_number=state.game_number,
        game_winner=None,
        games_won=state.games_won if rubber else None,
        game_points=state.game_points if rubber else None,
        standing=_standing(players, state) if rubber else None,
    )


def _standing_past(score: Sequence[int], target: int, blocked: int | None) -> int | None:
    """The side standing at or past the target after a deal (an adjustment can put it there)."""
    past = [side for side in (0, 1) if score[side] >= target and side != blocked]
    if len(past) == 2 and score[0] != score[1]:
        return 0 if score[0] > score[1] else 1
    return past[0] if len(past) == 1 else None


def _verify_tricks(players: Sequence[str], entry: WhistEntry) -> tuple[int, int]:
    if not 0 <= entry.tricks <= TRICKS_PER_DEAL:
        raise InvalidTricks(
            f"{team_name(players, entry.side)} took {entry.tricks} tricks, but a deal has "
            f"{TRICKS_PER_DEAL}: enter 0 to {TRICKS_PER_DEAL}"
        )
    return split_count(entry.side, entry.tricks, TRICKS_PER_DEAL)


def _verify_honours(players: Sequence[str], entry: WhistEntry, counted: bool) -> tuple[int, int] | None:
    name = team_name(players, entry.side)
    if not counted:
        if entry.honours is not None:
            raise InvalidHonours("Honours are not counted in this game: leave them out")
        return None
    if entry.honours is None:
        raise InvalidHonours(_missing_honours(name))
    if not 0 <= entry.honours <= HONOURS_PER_DEAL:
        raise InvalidHonours(
            f"{name} were dealt {entry.honours} honours, but there are only {HONOURS_PER_DEAL}: "
            f"the ace, king, queen and jack of trumps"
        )
    return split_count(entry.side, entry.honours, HONOURS_PER_DEAL)


def _missing_honours(name: str) -> str:
    """The refusal of honours left out for a side (``name`` may be a placeholder)."""
    return f"Enter how many trump honours (A, K, Q, J) {name} were dealt"


def _standing(players: Sequence[str], state: _Rubber) -> str:
    first, second = team_name(players, 0), team_name(players, 1)
    won, points = state.games_won, state.game_points
    return f"Rubber: games won {first} {won[0]}, {second} {won[1]}; game points {points[0]}–{points[1]}"


@lru_cache(maxsize=4096)
def _facts(table: Table, number: int) -> DealFacts:
    dealer = rotating_dealer(table, number)
    eldest = (dealer + 1) % table.size
    players = table.players
    reminders = (
        f"Trump is the suit of the last card dealt, {players[dealer]}'s",
        f"{players[eldest]} leads",
    )
    return deal_facts(
        table,
        number,
        dealer=dealer,
        cards=TRICKS_PER_DEAL,
        leader=eldest,
        trump_turned=True,
        reminders=reminders,
    )


def _ranking(table: Table, facts: DealFacts | None) -> Ranking:
    """A full pack, four cards a trick; the last card dealt always makes a suit trump."""
    return Ranking(deck=FULL_DECK, deck_description=FULL_DECK_TEXT, trick_size=4, trumps=SUITS)


def _check(table: Table) -> None:
    if table.options.flag("rubber") and table.options.choice("play_to") != "5":
        raise InvalidOption("A rubber is played in games of 5: set play to 5 or turn the rubber off")


CLASSIC_WHIST = Variant(
    code="classic-whist",
    name="Classic Whist",
    family="Classic Whist",
    summary="Partners opposite, no bidding: a point a trick over six, first side to the target wins.",
    aliases=("whist", "short-whist"),
    min_players=4,
    max_players=4,
    options=CLASSIC_WHIST_OPTIONS,
    check_table=_check,
    ranking=_ranking,
    engine=ClassicWhistEngine(),
)

VARIANTS = (CLASSIC_WHIST,)

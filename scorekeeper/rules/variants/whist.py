"""Classic Whist (RULES.md §5): partners opposite, one point a trick over six, honours, the rubber."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from ..cards import SUITS, Trump
from ..constraints import Constraint, DealAhead, EntryPhase, Foresight
from ..errors import InvalidOption, InvalidTricks, RuleViolation
from ..options import OptionSpec
from ..state import DealFacts, DealState, GameState
from ..table import Table
from ..tricks import FULL_DECK, FULL_DECK_TEXT, Ranking
from ..variant import Variant
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
    split_count,
    team_name,
)

TRICKS_PER_DEAL = 13
HONOURS_PER_DEAL = 4
BOOK = 6
RUBBER_BONUS = 2
GAMES_TO_WIN_RUBBER = 2
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
    """The running state of a rubber (or of the single game without one)."""

    game_number: int = 1
    score: tuple[int, int] = (0, 0)
    games_won: tuple[int, int] = (0, 0)
    game_points: tuple[int, int] = (0, 0)
    winner: int | None = None


@dataclass(frozen=True, kw_only=True, eq=False)
class ClassicWhistEngine:
    """Classic Whist: tricks then honours each deal, first side to the target wins."""

    input_kind: ClassVar[str] = "partnership_tricks"

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
        names = (team_name(table.players, 0), team_name(table.players, 1))
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
        deals = tuple(
            DealAhead(facts=_facts(table, number), phases=(phase,))
            for number in range(current.number, current.number + count)
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

    def replay(self, table: Table, entries: Sequence[object]) -> GameState:
        """Score every deal: tricks first, then honours; a side reaching the target wins the game."""
        options = table.options
        target = int(options.choice("play_to"))
        rubber = options.flag("rubber")
        state = _Rubber()
        deals: list[DealState] = []
        over = False
        for index, raw in enumerate(entries):
            entry = checked_entry(raw, WhistEntry, index=index, over=over, deals=deals, what="tricks")
            deal = self._score(table, entry, state, target, rubber)
            deals.append(deal)
            over = state.winner is not None
        return self._state(table, deals, state, over, rubber)

    def _score(self, table: Table, entry: WhistEntry, state: _Rubber, target: int, rubber: bool) -> WhistDeal:
        players = table.players
        options = table.options
        tricks = _verify_tricks(players, entry)
        honours = _verify_honours(players, entry, options.flag("honours"))
        start = state.score
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
        points = (trick_points[0] + awards[0], trick_points[1] + awards[1])
        totals = (score[0], score[1])
        game_number = state.game_number
        if game_winner is not None:
            self._win_game(state, game_winner, totals, rubber)
        else:
            state.score = totals
        return WhistDeal(
            facts=_facts(table, entry.number),
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

    def _win_game(self, state: _Rubber, team: int, score: tuple[int, int], rubber: bool) -> None:
        if not rubber:
            state.score = score
            state.winner = team
            return
        won = list(state.games_won)
        won[team] += 1
        gained = list(state.game_points)
        gained[team] += game_points_for(score[1 - team])
        state.games_won = (won[0], won[1])
        state.game_points = (gained[0], gained[1])
        state.score = (0, 0)
        state.game_number += 1
        if won[team] == GAMES_TO_WIN_RUBBER:
            state.winner = team

    def _state(
        self, table: Table, deals: list[DealState], state: _Rubber, over: bool, rubber: bool
    ) -> GameState:
        players = table.players
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
        return assemble(
            table,
            deals=deals,
            teams=PARTNERSHIPS,
            over=over,
            totals=totals,
            winners=winners,
            notes=notes,
            next_facts=lambda number: _facts(table, number),
            deal_count=None,
            settlement=settlement,
        )


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
    options=(
        OptionSpec(
            name="play_to",
            label="Play to",
            help="The score a side needs to win the game.",
            kind="choice",
            choices=("5", "7", "9"),
            default="5",
        ),
        OptionSpec(
            name="honours",
            label="Honours",
            help="The side dealt three of the trump ace, king, queen and jack scores 2; all four score 4. "
            "Tricks score first: a side that reaches the target on tricks wins before honours count.",
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="honours_blocked_one_short",
            label="No honours one short",
            help="A side one point short of the target at the start of a deal cannot score honours in it "
            '("at four, honours don\'t count").',
            kind="bool",
            default=False,
        ),
        OptionSpec(
            name="rubber",
            label="Rubber",
            help="Best of three games of 5, each from 0–0. A game won scores 3 game points if the losers "
            "had 0, 2 if they had 1–2, 1 if they had 3–4; the rubber adds 2, less the losers' game points.",
            kind="bool",
            default=False,
        ),
    ),
    check_table=_check,
    ranking=_ranking,
    engine=ClassicWhistEngine(),
)

VARIANTS = (CLASSIC_WHIST,)

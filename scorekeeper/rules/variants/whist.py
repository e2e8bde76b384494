"""Classic Whist (RULES.md §5): partners opposite, one point a trick over six, honours, the rubber."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from ..cards import SUITS
from ..constraints import Foresight
from ..declared import N_
from ..errors import InvalidOption, InvalidTricks, RuleViolation
from ..outlook.race import Race
from ..seating import RevokeMark
from ..state import DealFacts, DealState, GameState
from ..table import Table
from ..text import Text
from ..tricks import FULL_DECK, FULL_DECK_TEXT, Ranking
from ..variant import Variant
from ..walk import TableLaws, TableWalk
from ._partnership import (
    PARTNERSHIPS,
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
    team_winners,
)
from ._races import whist_race
from ._whist_ahead import MISSING_TRICKS, whist_foresight
from ._whist_explain import CLASSIC_WHIST_EXPLAINER
from ._whist_options import CLASSIC_WHIST_OPTIONS
from ._whist_revoke import WHIST_REVOKE_PENALTIES, WhistRevoke, whist_revoke, whist_revoke_law
from ._whist_rules import (
    BOOK,
    CLASSIC_WHIST_NAME,
    GAMES_TO_WIN_RUBBER,
    HONOURS_PER_DEAL,
    RUBBER_BONUS,
    TRICKS_PER_DEAL,
    WhistDeal,
    WhistEntry,
    game_points_for,
    honour_points,
)

__all__ = [
    "BOOK",
    "HONOURS_PER_DEAL",
    "TRICKS_PER_DEAL",
    "VARIANTS",
    "ClassicWhistEngine",
    "InvalidHonours",
    "WhistDeal",
    "WhistEntry",
    "game_points_for",
    "honour_points",
]


def _misdeal_loses_deal(table: Table) -> bool:
    return table.options.flag("misdeal_loses_deal")


def _plays_to(table: Table) -> int:
    return int(table.options.choice("play_to"))


def _stopped_winners(table: Table) -> Text:
    """A rubber stopped early ranks by game points; a single game by its score, nobody out."""
    if table.options.flag("rubber"):
        return Text("law_stop_highest")
    return Text("law_stop_target", target=_plays_to(table))


WHIST_LAWS = TableLaws(
    fixed_table=Text("fixed_four_partnerships"),
    misdeal_passes=_misdeal_loses_deal,
    revoke_law=whist_revoke_law,
    revoke_penalties=WHIST_REVOKE_PENALTIES,
    target=_plays_to,
    stop_winners=_stopped_winners,
)


class InvalidHonours(RuleViolation):
    """An honours count that cannot have been dealt, or one the game does not count."""

    field = "honours"


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

    def describe_deck(self, table: Table) -> Text:
        """The pack the table needs."""
        return FULL_DECK_TEXT

    def facts(self, table: Table, number: int) -> DealFacts:
        """Who deals and leads deal ``number``; the dealer's last card is turned for trump."""
        return _facts(table, number)

    def race(self, table: Table, state: GameState) -> Race:
        """What the game has left to race for: a side's tricks over the book, to the target."""
        return whist_race(table, state)

    # --- entries as data -----------------------------------------------------------

    def read_entry(self, number: int, data: Mapping[str, object]) -> WhistEntry:
        """``{"tricks": 8, "honours": 3, "side": 0, "trump": "S"}``; only tricks is required."""
        check_keys(data, ("tricks", "honours", "side", "trump"), CLASSIC_WHIST_NAME)
        tricks = read_whole_number(data, "tricks", InvalidTricks)
        if tricks is None:
            raise InvalidTricks.from_text(MISSING_TRICKS)
        honours = read_whole_number(data, "honours", InvalidHonours)
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
        return whist_foresight(table, state, count, _facts)

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
                raw, WhistEntry, index=index, over=over, deals=deals, input_kind=self.input_kind
            )
            seating = walk.seating
            facts = _facts(table, entry.number) if seating is None else seated_facts(_facts, table, seating)
            players = table.players if seating is None else seating.names
            revoke = None
            if walk.revoke is not None:
                revokers = walk.revokers(facts)
                tricks = _verify_tricks(players, entry)
                revoke = whist_revoke(players, facts.number, revokers, tricks, target, walk.revoke.penalty)
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
        revoke: WhistRevoke | None,
    ) -> tuple[WhistDeal, RevokeMark | None]:
        """The deal scored, tricks first, then honours; and what a revoke after it cost."""
        options = table.options
        tricks = _verify_tricks(players, entry)
        honours = _verify_honours(players, entry, options.flag("honours"))
        start = (state.score[0], state.score[1])
        mark, blocked, bonus = None, None, (0, 0)
        if revoke is not None:
            mark, tricks, blocked, bonus = revoke.mark, revoke.tricks, revoke.blocked, revoke.bonus
            if mark.redeal:
                return _dealt_again(entry, facts, tricks, honours, start, state, rubber, players), mark
        side = 0 if tricks[0] > BOOK else 1
        # What each side gains before honours: its tricks over six, and a revoke's points if chosen.
        gained = [bonus[0], bonus[1]]
        gained[side] += tricks[side] - BOOK
        score = [start[0] + gained[0], start[1] + gained[1]]
        awards = [0, 0]
        note = None
        # Tricks (and a revoke's points) score first; a side that revoked cannot score out on them.
        out = [
            team
            for team in (side, 1 - side)
            if team != blocked and gained[team] > 0 and score[team] >= target
        ]
        game_winner: int | None = out[0] if out else None
        if honours is not None:
            holder = 0 if honours[0] >= 3 else 1 if honours[1] >= 3 else None
            if holder is not None:
                value = honour_points(honours[holder])
                name = team_name(players, holder)
                if game_winner is not None:
                    # Tricks score before honours: the game is already won.
                    winner = team_name(players, game_winner)
                    note = Text("whist_honours_after_game", team=winner, target=target)
                elif options.flag("honours_blocked_one_short") and start[holder] == target - 1:
                    note = Text("whist_honours_one_short", team=name, score=target - 1)
                else:
                    awards[holder] = value
                    score[holder] += value
                    if score[holder] >= target:
                        game_winner = holder
        if blocked is not None and score[blocked] >= target:
            # The laws: the revoking side cannot score out in that deal, whatever it makes. A side
            # already past the target (by an adjustment) keeps what it had, and gains nothing.
            score[blocked] = max(start[blocked], target - 1)
            note = Text("whist_revoke_blocked", team=team_name(players, blocked), target=target)
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
        notes: list[Text] = []
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
                    Text(
                        "note_rubber_won",
                        team=team_name(players, team),
                        margin=margin,
                        game_points=state.game_points[team],
                        bonus=RUBBER_BONUS,
                        losers=state.game_points[1 - team],
                    )
                )
            elif deals:
                first, second = state.score
                notes.append(
                    Text(
                        "note_rubber_game",
                        standing=_standing(players, state),
                        game=state.game_number,
                        first=first,
                        second=second,
                    )
                )
        else:
            totals = list(state.score)
            if state.winner is not None:
                notes.append(
                    Text(
                        "note_team_wins",
                        team=team_name(players, state.winner),
                        high=max(totals),
                        low=min(totals),
                    )
                )
        if state.winner is not None:
            winners = PARTNERSHIPS[state.winner]
        elif walk.stopped:
            winners = team_winners(totals)[0]
            notes.append(walk.stop_note(None if rubber else int(table.options.choice("play_to")), totals))
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
            "whist_tricks_range",
            team=team_name(players, entry.side),
            tricks=entry.tricks,
            most=TRICKS_PER_DEAL,
        )
    return split_count(entry.side, entry.tricks, TRICKS_PER_DEAL)


def _verify_honours(players: Sequence[str], entry: WhistEntry, counted: bool) -> tuple[int, int] | None:
    name = team_name(players, entry.side)
    if not counted:
        if entry.honours is not None:
            raise InvalidHonours("honours_not_counted")
        return None
    if entry.honours is None:
        raise InvalidHonours("honours_missing", team=name)
    if not 0 <= entry.honours <= HONOURS_PER_DEAL:
        raise InvalidHonours("honours_range", team=name, honours=entry.honours, most=HONOURS_PER_DEAL)
    return split_count(entry.side, entry.honours, HONOURS_PER_DEAL)


def _standing(players: Sequence[str], state: _Rubber) -> Text:
    won, points = state.games_won, state.game_points
    return Text(
        "whist_rubber_standing",
        first=team_name(players, 0),
        second=team_name(players, 1),
        first_won=won[0],
        second_won=won[1],
        first_points=points[0],
        second_points=points[1],
    )


@lru_cache(maxsize=4096)
def _facts(table: Table, number: int) -> DealFacts:
    dealer = rotating_dealer(table, number)
    eldest = (dealer + 1) % table.size
    players = table.players
    reminders = (
        Text("reminder_last_card_trump", dealer=players[dealer]),
        Text("reminder_leads", player=players[eldest]),
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
        raise InvalidOption("whist_rubber_play_to")


CLASSIC_WHIST = Variant(
    code="classic-whist",
    name=CLASSIC_WHIST_NAME,
    family=N_("Classic Whist"),
    ladder="whist",
    summary=N_("Partners opposite, no bidding: a point a trick over six, first side to the target wins."),
    aliases=("whist", "short-whist"),
    min_players=4,
    max_players=4,
    options=CLASSIC_WHIST_OPTIONS,
    check_table=_check,
    ranking=_ranking,
    engine=ClassicWhistEngine(),
    explainer=CLASSIC_WHIST_EXPLAINER,
)

VARIANTS = (CLASSIC_WHIST,)

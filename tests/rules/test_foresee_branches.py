"""The deals ahead after each event the table may record at a deal to come (rules/foresee_branches.py):
each branch is dealt exactly as the engine deals it once the deals before it are really played — with
other values than the engine's stand-ins — and the event really recorded there; an event the engine
refuses there is refused with the same reason; where a branch says the plan without the event holds
again, it does."""

from __future__ import annotations

import random
from typing import cast

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Game, RuleViolation
from scorekeeper.rules.constraints import DealAhead, refusal
from scorekeeper.rules.declared import english_stand_in
from scorekeeper.rules.events import Arrival, Departure, Misdeal, SitOut, TableEvent
from scorekeeper.rules.foresee_branches import START, EventBranch, branches_at
from scorekeeper.rules.foresee_events import foresee_game, played_ahead, stand_in
from scorekeeper.rules.game import NumberedEntry
from scorekeeper.words import english

NEWCOMER = "Newcomer"
QUICK = (Phase.explicit, Phase.reuse, Phase.generate)
"""No shrinking: a game played forward to a branch is costly to shrink; the failing case is printed."""
TABLES = [
    ("oh-hell", ["Ann", "Bob", "Cy", "Dee"]),
    ("oh-hell", ["Ann", "Bob", "Cy"]),
    ("romanian-whist", ["Ann", "Bob", "Cy", "Dee"]),
    ("nomination-whist", ["Ann", "Bob", "Cy", "Dee", "Eve"]),
    ("oneonta", ["Ann", "Bob", "Cy", "Dee"]),
]


def _values(ahead: DealAhead, game: Game, chance: random.Random) -> object:
    """Values for the deal due in ``game`` that keep its rules, drawn at random where its declared rules
    are all its rules (else the family's own stand-in): not the stand-ins the foresight played."""
    players = game.state.players
    if ahead.checked:
        for _ in range(30):
            values: dict[str, object] = {}
            for phase in ahead.phases:
                for rule in phase.rules:
                    if rule.kind == "one_of" and rule.field not in values:
                        if rule.seats:
                            per_seat: list[object] = [None] * len(players)
                            for seat in rule.seats:
                                per_seat[seat] = chance.choice(rule.choices)
                            values[rule.field] = per_seat
                        elif rule.choices:
                            values[rule.field] = chance.choice(rule.choices)
            if all(refusal(phase.rules, values, players) is None for phase in ahead.phases):
                return values
    due = game.table.variant.engine.foresee(game.table, game.state, 1).deals[0]
    return due.stand_in or stand_in(due, players)


def _play(game: Game, count: int, chance: random.Random) -> Game:
    """``count`` deals played with values drawn at random (each checked by the engine)."""
    engine = game.table.variant.engine
    for _ in range(count):
        due = foresee_game(game, 1).deals
        if not due:
            break
        values = _values(due[0], game, chance)
        game = game.record(cast(NumberedEntry, engine.read_entry(due[0].facts.number, values)))
    return game


def _event(branch: EventBranch) -> TableEvent:
    if branch.kind == "misdeal":
        return Misdeal()
    assert branch.seat is not None
    if branch.kind == "sit_out":
        return SitOut(seat=branch.seat)
    if branch.kind == "departure":
        return Departure(seat=branch.seat)
    return Arrival(name=NEWCOMER, left_of=branch.seat)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=QUICK)
@given(
    table=st.sampled_from(TABLES),
    before=st.integers(0, 2),
    offset=st.integers(0, 3),
    pick=st.integers(0, 99),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_branch_is_dealt_as_the_engine_deals_it_once_the_deals_before_are_really_played(
    table: tuple[str, list[str]], before: int, offset: int, pick: int, seed: int
) -> None:
    chance = random.Random(seed)
    code, players = table
    game = _play(Game.start(code, players), before, chance)
    current = game.state.current
    assert current is not None
    number = current.number + offset
    branches = branches_at(game, number, 8, newcomer=NEWCOMER, stand_in=english_stand_in)
    real = _play(game, offset, chance)  # the deals before it played with values of their own
    if branches is None:
        assert real.state.current is None or real.state.current.number != number
        return
    assert real.state.current is not None and real.state.current.number == number
    ahead = played_ahead(game, number)
    assert ahead is not None and ahead.state.current == real.state.current
    branch = branches.branches[pick % len(branches.branches)]
    try:
        after = real.add(_event(branch))
    except RuleViolation as refused:
        assert branch.refusal == refused.text
        return
    assert branch.refusal is None and branch.foresight is not None
    assert branch.players == tuple(after.state.players)
    expected = list(branch.foresight.deals)
    if branch.rejoins is not None:
        expected += [
            deal
            for deal in foresee_game(_play(real, 0, chance), 12).deals
            if deal.facts.number >= branch.rejoins
        ]
    engine = after.table.variant.engine
    played = after
    for deal in expected[:8]:
        assert deal.facts == played.state.current, (branch.kind, branch.seat, deal.facts.number)
        values = _values(deal, played, chance)
        try:
            played = played.record(cast(NumberedEntry, engine.read_entry(deal.facts.number, values)))
        except RuleViolation:
            # No family stand-in here and the generic one is refused: the foresight stops here too.
            assert deal is expected[-1] or not deal.checked
            break


def test_a_sit_out_rejoins_the_plan_and_a_newcomer_s_start_is_left_to_the_page() -> None:
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"])
    game = _play(game, 2, random.Random(1))
    branches = branches_at(game, 5, 8, newcomer="{newcomer}", stand_in=english_stand_in)
    assert branches is not None and branches.number == 5
    found = {(branch.kind, branch.seat): branch for branch in branches.branches}
    sit_out = found[("sit_out", 1)]
    assert sit_out.rejoins == 6 and sit_out.foresight is not None
    assert [deal.facts.sitting_out for deal in sit_out.foresight.deals] == [(1,)]
    arrival = found[("arrival", 2)]
    assert arrival.rejoins is None and arrival.foresight is not None and len(arrival.foresight.deals) == 8
    assert arrival.players[-1] == "{newcomer}" and arrival.text is not None
    said = english(arrival.text)
    assert said.startswith("{newcomer} joins after deal 4 at the left of Cy, starting on " + START)
    leaving = found[("departure", 0)]
    assert leaving.text is not None and english(leaving.text).startswith("Ann leaves after deal 4;")
    kinds = {choice.kind: choice for choice in branches.choices}
    assert kinds["revoke"].allowed and kinds["stop"].allowed


def test_where_the_game_ends_before_the_deal_there_is_nothing_to_try() -> None:
    game = Game.start("oh-hell", ["Ann", "Bob", "Cy"])
    assert branches_at(game, 40, 8, newcomer=NEWCOMER, stand_in=english_stand_in) is None

"""What a correction changes besides its deal (RULES.md §9, settled December 2026: "Elena's start: 9 → 3"),
checked against the two replays compared by hand, on random games with table events."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.rules import Arrival, Departure, Game, RuleViolation
from scorekeeper.rules.knock_on import knock_ons
from scorekeeper.words import english

from .test_events_properties import FAMILIES, SETTINGS, _deal, games_with_events

PLAYERS = ["Ana", "Bogdan", "Cristi", "Dana"]


def _entry(game: Game, number: int, bids: list[int], tricks: list[int]) -> Game:
    engine = game.table.variant.engine
    return game.record(engine.read_entry(number, {"bids": bids, "tricks": tricks}))


def elena_evening(start: int | str) -> Game:
    """Oh Hell, Ana dealing: three deals, then Elena joins at the left of Dana starting on ``start``."""
    game = Game.start("oh-hell", PLAYERS)
    game = _entry(game, 1, [0, 0, 0, 0], [10, 0, 0, 0])
    game = _entry(game, 2, [0, 0, 0, 0], [0, 9, 0, 0])
    game = _entry(game, 3, [0, 0, 0, 0], [0, 0, 8, 0])
    return game.add(Arrival(name="Elena", left_of=3, start=start))  # type: ignore[arg-type]


def test_a_start_from_the_lowest_total_follows_a_correction_and_is_said() -> None:
    game = elena_evening("lowest")
    assert game.state.life is not None and game.state.life.seats[4].start == 28  # Cristi's 28
    # Deal 2's nine tricks were Cristi's, not Bogdan's: Bogdan makes his 0, Cristi misses it.
    after = _entry(game, 2, [0, 0, 0, 0], [0, 0, 9, 0])
    said = [english(text) for text in knock_ons(game, after)]
    assert said == [
        "Elena's start: 28 → 27",
        "Bogdan 29 → 30",
        "Cristi 28 → 27",
        "Elena 28 → 27",
        "In the lead: Ana and Dana → Ana, Bogdan and Dana",
    ]


def test_a_start_agreed_as_a_number_keeps_it() -> None:
    game = elena_evening(28)
    after = _entry(game, 2, [0, 0, 0, 0], [0, 0, 9, 0])
    codes = [text.code for text in knock_ons(game, after)]
    assert "knock_start" not in codes
    assert after.state.totals[4] == 28


def test_a_departed_players_final_total_and_chance_to_win_are_said() -> None:
    game = Game.start("oh-hell", PLAYERS)
    game = _entry(game, 1, [0, 0, 0, 0], [10, 0, 0, 0])
    game = _entry(game, 2, [0, 0, 0, 0], [0, 9, 0, 0])
    game = game.add(Departure(seat=3))  # Dana leaves on 20, level at the top: she may still win
    assert next(row for row in game.state.standings if row.seat == 3).can_win
    after = _entry(game, 1, [0, 0, 0, 1], [10, 0, 0, 0])  # Dana bid 1 in deal 1, not 0: she missed it
    said = [english(text) for text in knock_ons(game, after)]
    assert "Dana's final total (left after deal 2): 20 → 10" in said
    assert "Dana, who left, can no longer win" in said
    assert not any(line.startswith("Dana 20") for line in said)  # her total said once, as final


def test_a_correction_that_changes_nothing_says_nothing() -> None:
    game = elena_evening("lowest")
    assert knock_ons(game, _entry(game, 2, [0, 0, 0, 0], [0, 9, 0, 0])) == ()


@pytest.mark.parametrize("family", ["exact", "oneonta"])
@SETTINGS
@given(data=st.data())
def test_every_total_and_derived_start_that_moves_is_said_once(family: str, data: st.DataObject) -> None:
    game = data.draw(games_with_events(FAMILIES[family], steps=16))
    scored = [deal.number for deal in game.state.deals if deal.complete]
    assume(scored)
    number = data.draw(st.sampled_from(scored))
    before_deal = game.before_deal(number)
    facts = game.state.deals[number - 1].facts
    try:
        entry = game.table.variant.engine.read_entry(number, _deal(data.draw, before_deal, facts))
        after = game.record(entry)
    except RuleViolation:
        assume(False)
        return
    texts = knock_ons(game, after)
    old, new = game.state, after.state
    moved = {side for side, (was, now) in enumerate(zip(old.totals, new.totals, strict=True)) if was != now}
    told = [text for text in texts if text.code in ("knock_total", "knock_final_total")]
    assert len(told) == len(moved)
    for text in told:
        assert text.params["before"] != text.params["after"]
    starts = [text for text in texts if text.code == "knock_start"]
    if old.life is not None and new.life is not None:
        moved_starts = [
            seat for seat, was in zip(new.life.seats, old.life.seats, strict=True) if seat.start != was.start
        ]
        assert len(starts) == len(moved_starts)
        assert all(isinstance(seat.joined_after, int) for seat in moved_starts)
    if not moved and not starts:
        assert all(text.code not in ("knock_total", "knock_final_total") for text in texts)
    for text in texts:
        assert english(text)  # every knock-on has its words

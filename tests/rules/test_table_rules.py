"""RULES.md §9 as settled: the revoke's penalty choice as data, the standings of a game players left,
and every table-event rule a variant's rules page states, read from the family's declared laws."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    VARIANTS,
    Adjustment,
    Departure,
    Game,
    Revoke,
    Stop,
    Text,
    get_variant,
    read_event,
    revoke_penalties,
    table_laws,
    table_rules,
    write_event,
)
from scorekeeper.words import english

from .test_examples import _fill

FOUR = ["Ann", "Bob", "Cy", "Dee"]


# --- the revoke's penalty as data -------------------------------------------------------------


@pytest.mark.parametrize("penalty", ["tricks", "points", None])
def test_a_revoke_s_penalty_reads_and_writes_back(penalty: str | None) -> None:
    data: dict[str, object] = {"event": "revoke", "seats": [1]}
    if penalty is not None:
        data["penalty"] = penalty
    event = read_event(data)
    assert event == Revoke(seats=(1,), penalty=penalty)  # type: ignore[arg-type]
    assert write_event(event) == data


def test_only_classic_whist_offers_a_choice_of_penalty() -> None:
    offered = {
        variant.code: revoke_penalties(Game.start(variant.code, _players(variant.code)).table)
        for variant in VARIANTS
    }
    assert {code for code, choices in offered.items() if choices} == {"classic-whist"}
    assert offered["classic-whist"] == ("tricks", "points")


def test_the_points_penalty_is_explained_with_the_revoke() -> None:
    game = Game.start("classic-whist", FOUR)
    game = game.record(game.table.variant.engine.read_entry(1, {"tricks": 8}))
    game = game.add(Revoke(seats=(0,), penalty="points"))
    marks = game.state.marks(1)
    assert marks is not None and marks.revoke is not None
    assert english(marks.revoke.text) == (
        "Ann revoked in deal 1: Bob and Dee add 3 points to their score, "
        "and Ann and Cy cannot reach 5 on this deal"
    )


# --- the standings: a departed player keeps a frozen total and a place ----------------------------


def test_a_player_who_left_behind_the_leaders_can_no_longer_win() -> None:
    game = _fill(Game.start("oh-hell", FOUR), 2).add(Departure(seat=2))
    rows = {row.name: row for row in game.state.standings}
    assert [row.name for row in game.state.standings] == ["Ann", "Bob", "Dee", "Cy"]
    assert (rows["Cy"].total, rows["Cy"].place, rows["Cy"].left_after) == (19, 4, 2)
    assert rows["Cy"].departed and not rows["Cy"].leading and not rows["Cy"].can_win
    assert all(
        rows[name].can_win and rows[name].leading and rows[name].place == 1 for name in ("Ann", "Bob", "Dee")
    )


def test_a_frozen_total_still_on_top_can_still_win_and_does_when_the_game_stops() -> None:
    game = _fill(Game.start("oh-hell", FOUR), 1)
    game = game.add(Adjustment(side=2, points=30, reason="carried over")).add(Departure(seat=2))
    cy = next(row for row in game.state.standings if row.name == "Cy")
    assert (cy.total, cy.place, cy.leading, cy.can_win, cy.departed) == (40, 1, True, True, True)
    stopped = game.add(Stop()).state
    assert stopped.winners == (2,)
    assert [(row.name, row.can_win) for row in stopped.standings] == [
        ("Cy", True),
        ("Ann", False),
        ("Bob", False),
        ("Dee", False),
    ]


def test_partners_have_no_standings_per_seat() -> None:
    assert Game.start("classic-whist", FOUR).state.standings == ()


# --- every rule a rules page states, from the declared laws ----------------------------------------


def _players(code: str) -> list[str]:
    variant = get_variant(code)
    size = min(max(4, variant.min_players), variant.max_players)
    return ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][:size]


def _rules(code: str, **options: object) -> tuple[Text, ...]:
    return table_rules(Game.start(code, _players(code), options=options).table)


def test_the_rules_page_says_every_law_of_the_events_and_more() -> None:
    for variant in VARIANTS:
        table = Game.start(variant.code, _players(variant.code)).table  # type: ignore[attr-defined]
        rules = table_rules(table)
        assert set(table_laws(table)) <= set(rules)
        assert Text("law_revoke_recorded") in rules
        assert Text("law_under_way") in rules
        assert all(english(rule) for rule in rules)


def test_the_revoke_choice_and_the_void_deal_are_stated_for_classic_whist() -> None:
    rules = _rules("classic-whist")
    assert rules[1] == Text("law_whist_revoke_choice", play_to=5, points=3)
    assert Text("law_stop_target", target=5) in rules
    assert Text("law_adjustment_target", target=5) in rules
    assert Text("law_arrival_start") not in rules  # nobody joins a partnership game
    assert Text("law_stop_highest") in _rules("classic-whist", rubber=True)


def test_bid_whist_says_where_reneged_books_go_under_defensive_scoring() -> None:
    assert _rules("bid-whist", defensive_scoring=True)[1] == Text("law_renege_defensive", every_book=False)
    assert _rules("bid-whist")[1] == Text("law_renege", every_book=False)


@pytest.mark.parametrize(
    ("code", "options", "replan", "stop"),
    [
        ("oh-hell", {}, Text("law_replan_capped"), Text("law_stop_highest")),
        ("nomination-whist", {}, Text("law_replan_capped"), Text("law_stop_highest")),
        ("oh-well", {}, Text("law_replan_open_ended"), Text("law_stop_target", target=100)),
        ("romanian-whist", {}, Text("law_replan_blocks"), Text("law_stop_highest")),
        ("romanian-whist", {"zero_finish": True}, Text("law_replan_blocks"), Text("law_stop_zero_finish")),
        ("oh-pshaw", {"hard_score": True}, Text("law_replan_capped"), Text("law_stop_hard_score", bonus=10)),
        ("custom-oh-hell", {"repeat_ends": True}, Text("law_replan_blocks"), Text("law_stop_highest")),
        ("oneonta", {}, Text("law_replan_hands"), Text("law_stop_no_tie_break")),
    ],
)
def test_the_rules_page_says_how_deals_are_replanned_and_who_wins_a_stopped_game(
    code: str, options: dict[str, object], replan: Text, stop: Text
) -> None:
    rules = _rules(code, **options)
    assert replan in rules
    assert stop in rules
    assert Text("law_arrival_start") in rules
    assert Text("law_departure_final") in rules
    assert Text("law_sit_out_deals") in rules


def test_a_solitaire_says_no_one_comes_goes_or_sits_out() -> None:
    rules = _rules("oneonta-edd-allard")
    assert Text("law_stop_target", target=30) in rules
    assert Text("law_no_sit_out") in rules
    assert Text("law_departure_final") not in rules
    nobody = Text(
        "law_fixed_table", variant="Oneonta Whist: Edd Allard", why=Text("fixed_player_count", count=1)
    )
    assert nobody in rules
    assert english(nobody) == (
        "Nobody can join or leave: Oneonta Whist: Edd Allard is played by exactly 1 player. "
        "A substitute can take over a seat"
    )


def test_german_whist_states_its_target_by_its_scoring() -> None:
    assert Text("law_stop_target", target=50) in _rules("german-whist")
    assert Text("law_stop_highest") in _rules("german-whist", scoring="difference")

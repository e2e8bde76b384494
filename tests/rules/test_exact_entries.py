"""Entering, correcting and undoing deals of a bid-exactly game, and every refusal's words."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import (
    ExactEntry,
    Game,
    InvalidBid,
    InvalidSetup,
    InvalidTricks,
    InvalidTrump,
    OutOfTurn,
    RuleViolation,
    Trump,
    UnknownVariant,
)
from scorekeeper.rules.text import Text

from .said import refused

PLAYERS = ["Peter", "Peggy", "John"]


def romanian() -> Game:
    return Game.start("romanian-whist", PLAYERS, first_dealer=1)


def test_bids_alone_open_the_deal_and_tricks_complete_it() -> None:
    game = romanian().record(ExactEntry(number=1, bids=(1, 1, 0)))
    state = game.state
    assert not state.deals[0].complete and state.deals[0].points is None
    assert state.current is not None and state.current.number == 1
    game = game.record(ExactEntry(number=1, bids=(1, 1, 0), tricks=(1, 0, 0), trump=Trump.HEARTS))
    state = game.state
    assert state.deals[0].complete and state.deals[0].trump is Trump.HEARTS
    assert state.current is not None and state.current.number == 2 and state.current.dealer == 2


def test_a_correction_rescores_every_later_deal() -> None:
    game = romanian()
    game = game.record(ExactEntry(number=1, bids=(1, 1, 0), tricks=(1, 0, 0)))
    game = game.record(ExactEntry(number=2, bids=(0, 0, 0), tricks=(0, 1, 0)))
    assert game.state.totals == (11, -2, 10)
    game = game.record(ExactEntry(number=1, bids=(1, 1, 0), tricks=(0, 1, 0)))
    assert game.state.deals[0].totals == (-1, 6, 5)
    assert game.state.totals == (4, 5, 10)


def test_undo_removes_the_last_entry_only() -> None:
    game = romanian().record(ExactEntry(number=1, bids=(1, 1, 0), tricks=(1, 0, 0)))
    assert game.undo().entries == ()
    with refused(OutOfTurn, "nothing_to_undo"):
        romanian().undo()


@pytest.mark.parametrize(
    ("entry", "error", "message"),
    [
        ({"bids": [1, 1]}, InvalidBid, Text("bid_count", players=3)),
        ({"bids": [2, 0, 0]}, InvalidBid, Text("bid_above_cards", player="Peter", bid=2, cards=1)),
        ({"bids": [-1, 0, 0]}, InvalidBid, Text("bid_below_zero", player="Peter", bid=-1)),
        ({"bids": [1, None, 0], "tricks": [1, 0, 0]}, InvalidTricks, Text("bids_before_tricks", number=1)),
        ({"bids": [None, 1, 5]}, InvalidBid, Text("bid_above_cards", player="John", bid=5, cards=1)),
        ({"bids": [1, 1, 0], "tricks": [1, 1, 0]}, InvalidTricks, Text("tricks_total", total=2, cards=1)),
        (
            {"bids": [1, 1, 0], "tricks": [2, 0, 0]},
            InvalidTricks,
            Text("tricks_above_cards", player="Peter", took=2, cards=1),
        ),
        ({"bids": [1, 1, 0], "tricks": [1, None, 0]}, InvalidTricks, Text("tricks_missing", player="Peggy")),
        (
            {"bids": [1, 1, 0], "trump": "NT"},
            InvalidTrump,
            Text("trump_must_be_suit"),
        ),
        ({"bids": [1, 1, 0], "trump": "X"}, InvalidTrump, Text("trump_unreadable", value="'X'")),
        ({"bids": [1, True, 0]}, InvalidBid, Text("counts_not_whole", what="bids", value="True")),
        ({"bids": "1 1 0"}, InvalidBid, Text("counts_not_list", what="bids")),
        ({"bids": [1, 1, 0], "winner": 2}, RuleViolation, Text("exact_entry_unknown_key", key="'winner'")),
    ],
)
def test_refusals_say_why(entry: dict[str, Any], error: type[RuleViolation], message: Text) -> None:
    game = romanian()
    with pytest.raises(error) as refused:
        game.record(game.table.variant.engine.read_entry(1, entry))
    assert refused.value.text == message
    assert game.entries == ()


def test_deals_are_entered_in_order() -> None:
    game = romanian()
    with refused(OutOfTurn, "deal_not_yet", number=3, next=1):
        game.record(ExactEntry(number=3, bids=(0, 0, 0)))
    game = game.record(ExactEntry(number=1, bids=(1, 1, 0)))
    with refused(OutOfTurn, "deal_tricks_first", previous=1, number=2):
        game.record(ExactEntry(number=2, bids=(0, 0, 0)))


def test_no_deal_after_the_last() -> None:
    game = Game.start("custom-oh-hell", PLAYERS, options={"shape": "fixed", "start_cards": 1, "deals": 1})
    game = game.record(ExactEntry(number=1, bids=(1, 1, 0), tricks=(1, 0, 0)))
    assert game.state.finished and game.state.winners == (0,)
    with refused(OutOfTurn, "game_over_no_deal", number=2):
        game.record(ExactEntry(number=2, bids=(1, 1, 0), tricks=(1, 0, 0)))


@pytest.mark.parametrize(
    ("players", "first_dealer", "message"),
    [
        (["Ann", "ann", "Bob"], 0, Text("name_twice", name="ann")),
        (["Ann", "  ", "Bob"], 0, Text("name_missing", position=2)),
        (["Ann", "Bob", "Cy"], 3, Text("first_dealer_out_of_range", highest=2, value=3)),
        (["Ann", "B" * 40, "Cy"], 0, Text("name_too_long", start="BBBBBBBBBBBBBBBBBBBBBBBBBBBBBB", most=30)),
    ],
)
def test_the_table_is_checked(players: list[str], first_dealer: int, message: Text) -> None:
    with refused(InvalidSetup, message):
        Game.start("oh-hell", players, first_dealer=first_dealer)


def test_names_are_trimmed_and_variants_found_by_alias() -> None:
    game = Game.start("Romanian", ["  Ann ", "Bob  Smith", "Cy"])
    assert game.table.players == ("Ann", "Bob Smith", "Cy")
    assert game.table.variant.code == "romanian-whist"
    with refused(UnknownVariant, "unknown_variant", value="'bridge'"):
        Game.start("bridge", ["Ann", "Bob", "Cy"])


def test_options_are_filled_with_their_defaults() -> None:
    game = Game.start("up-and-down-the-river", ["A", "B", "C", "D", "E", "F", "G"])
    assert dict(game.table.options) == {
        "start_cards": 7,
        "simultaneous_bids": False,
        "revoke": "penalty",
        "revoke_penalty": 10,
    }
    game = Game.start("romanian-whist", ["A", "B", "C"], options={"promotions": "on"})
    assert game.table.options["promotions"] is True and game.table.options["sequence"] == "1-8-1"


def test_romanian_blind_deals_are_marked() -> None:
    game = Game.start("romanian-whist", PLAYERS, options={"blind_one_card_deals": True})
    plan = game.table.variant.engine.plan(game.table)
    blind = [facts.number for facts in plan if Text("reminder_blind_deal") in facts.reminders]
    assert blind == [19, 20, 21]
    game = Game.start("romanian-whist", PLAYERS, options={"blind_one_card_deals": True, "sequence": "8-1-8"})
    plan = game.table.variant.engine.plan(game.table)
    assert [f.number for f in plan if Text("reminder_blind_deal") in f.reminders] == [10, 11, 12]


def test_romanian_promotion_schemes() -> None:
    from scorekeeper.rules.variants.romanian import _streaks

    for scheme, (length, bonus) in {
        "n_plus_one": (4, 10),
        "ten_for_thirty": (10, 30),
        "five_for_ten": (5, 10),
    }.items():
        game = Game.start("romanian-whist", PLAYERS, options={"promotions": True, "promotion_scheme": scheme})
        rule = _streaks(game.table)
        assert rule is not None and (rule.length, rule.bonus, rule.one_card_resets) == (length, bonus, False)


def test_a_missed_streak_costs_the_bonus() -> None:
    game = Game.start(
        "romanian-whist", PLAYERS, options={"promotions": True, "promotion_scheme": "five_for_ten"}
    )
    for number in range(1, 9):
        facts = game.state.current
        assert facts is not None
        bids = [0, 0, 0]
        tricks = [0, 0, 0]
        tricks[1] = facts.cards  # Peggy bids 0 and takes everything: a miss every deal
        game = game.record(ExactEntry(number=number, bids=tuple(bids), tricks=tuple(tricks)))
    awards = [deal.awards[1] for deal in game.state.deals if deal.awards is not None]
    # deals 4-8 are the 2..6-card deals: the fifth miss in a row costs 10
    assert awards == [0, 0, 0, 0, 0, 0, 0, -10]

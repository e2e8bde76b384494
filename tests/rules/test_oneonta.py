"""Oneonta Whist (RULES.md §4): a full competitive game with tie-breaks, the screen's bid lists,
entries as data, and the refusals a player reads."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import Game, InvalidBid, InvalidTricks, InvalidTrump, OutOfTurn, RuleViolation, Trump
from scorekeeper.rules.text import Text
from scorekeeper.rules.variants.oneonta import (
    OneontaBid,
    OneontaDeal,
    OneontaEngine,
    OneontaEntry,
    OneontaFacts,
    OneontaGameState,
    null,
    positive,
    score,
)

from .said import refused

ABC = ["Ann", "Bob", "Cy"]


def engine_of(game: Game) -> OneontaEngine:
    engine = game.table.variant.engine
    assert isinstance(engine, OneontaEngine)
    return engine


def state_of(game: Game) -> OneontaGameState:
    state = game.state
    assert isinstance(state, OneontaGameState)
    return state


def current_facts(game: Game) -> OneontaFacts:
    facts = game.state.current
    assert isinstance(facts, OneontaFacts)
    return facts


def play(game: Game, bids: list[Any], tricks: list[int | None] | None, trump: str | None = None) -> Game:
    data: dict[str, object] = {"bids": bids}
    if tricks is not None:
        data["tricks"] = tricks
    if trump is not None:
        data["trump"] = trump
    return game.record(engine_of(game).read_entry(len(game.entries) + 1, data))


# --- a whole competitive game, decided by two tie-break hands ------------------------


def test_competitive_game_with_tie_break_hands_end_to_end() -> None:
    game = Game.start("oneonta", ABC, first_dealer=0)
    for _ in range(7):
        # Ann and Bob make 2 each; Cy bids 4, takes 3 and loses 4: Ann and Bob stay level.
        game = play(game, [2, 2, 4], [2, 2, 3], trump="S")
    state = state_of(game)
    assert state.totals == (14, 14, -28)
    assert state.status == "in_progress" and state.winners == ()
    assert state.playing == (0, 1) and state.dropped == (2,)
    assert state.deal_count is None
    assert state.notes == (Text("note_tie_break", players=("Ann", "Bob"), total=14, out=("Cy",)),)
    facts = current_facts(game)
    # Two tied players: the chart row for 2, 9 cards each from the 22-card deck.
    assert (facts.number, facts.cards, facts.deck.size) == (8, 9, 22)
    assert facts.tie_break and facts.sitting_out == (2,)
    assert facts.reminders[-1] == Text("reminder_tie_break_hand", players=("Ann", "Bob"), out=("Cy",))
    # Hand 7 was dealt by Ann; the deal passes to Bob. Both bid 2 last hand and are level,
    # so the one nearest the dealer, dealer first, bids first: Bob.
    assert facts.dealer == 1 and facts.bidding_order == (1, 0)

    with refused(InvalidBid, "oneonta_out_no_bid", player="Cy"):
        play(game, [1, 8, 1], None)
    with refused(InvalidTricks, "oneonta_out_no_tricks", player="Cy"):
        play(game, [{"kind": "null", "value": 1}, 5, None], [0, 9, 0])

    # Still level after the first tie-break hand: +1 each.
    game = play(game, [{"kind": "null", "value": 1}, 5, None], [0, 9, None], trump="JK")
    state = state_of(game)
    deal = state.deals[-1]
    assert isinstance(deal, OneontaDeal)
    assert deal.points == (1, 1, None) and state.totals == (15, 15, -28)
    assert deal.trump is Trump.JOKER
    assert state.status == "in_progress"
    facts = current_facts(game)
    # Dealer moves on to Ann, skipping Cy; Bob's 5 was the highest positive bid.
    assert facts.dealer == 0 and facts.bidding_order == (1, 0)

    game = play(game, [5, 4, None], [5, 4, None])
    state = state_of(game)
    assert state.status == "finished"
    assert state.winners == (0,)
    assert state.totals == (20, 19, -28)
    assert state.notes == (Text("note_oneonta_winner", player="Ann", total=20, tie_break=True),)
    assert state.current is None
    assert len(state.deals) == 9
    with refused(OutOfTurn, "game_over_no_deal", number=10):
        play(game, [1, 8, None], [1, 8, None])


def test_three_tied_of_four_play_seven_cards_and_the_fourth_sits_out() -> None:
    game = Game.start("oneonta", ["Ann", "Bob", "Cy", "Dee"], first_dealer=3)
    for _ in range(7):
        game = play(game, [1, 1, 1, 4], [1, 1, 1, 4])
    # Ann, Bob, Cy +1 a hand; Dee +4 a hand: Dee leads alone and wins.
    assert state_of(game).winners == (3,)

    game = Game.start("oneonta", ["Ann", "Bob", "Cy", "Dee"], first_dealer=0)
    for _ in range(7):
        game = play(game, [2, 2, 2, 4], [2, 2, 2, 1])
    state = state_of(game)
    assert state.playing == (0, 1, 2) and state.dropped == (3,)
    facts = current_facts(game)
    # Three tied players use the 3-player row: 7 cards from 22.
    assert (facts.cards, facts.deck.size, facts.sitting_out) == (7, 22, (3,))
    # Hand 7 was dealt by Cy (seat 2); the next dealer skips Dee and is Ann.
    assert facts.dealer == 0


def test_tie_break_narrows_to_the_players_still_level() -> None:
    game = Game.start("oneonta", ["Ann", "Bob", "Cy", "Dee"], first_dealer=3)
    for _ in range(7):
        game = play(game, [2, 2, 2, 4], [2, 2, 2, 1])
    # Ann and Bob make +1; Cy fails: Cy drops out too.
    game = play(game, [1, 1, 6, None], [1, 1, 5, None])
    state = state_of(game)
    assert state.totals == (15, 15, 8, -28)
    assert state.playing == (0, 1) and state.dropped == (2, 3)
    assert current_facts(game).cards == 9


# --- bids: what the screen offers and what the referee says --------------------------


def test_legal_bids_tell_the_last_cooperative_bidder_the_one_bid_that_completes() -> None:
    game = play(Game.start("oneonta-cooperative", ABC, first_dealer=2), [2, 1, None], None)
    facts = current_facts(game)
    engine = engine_of(game)
    choices = engine.legal_bids(game.table, facts, state_of(game).deals[0].bids, 2)
    allowed = [choice.bid for choice in choices if choice.allowed]
    assert allowed == [positive(4)]
    refusals = {choice.bid: choice.reason for choice in choices if not choice.allowed}
    must_bid_four = Text("oneonta_total_bid_the_rest", cards=7, player="Cy", left=4)
    assert refusals[positive(3)] == must_bid_four
    assert refusals[null(2)] == must_bid_four


def test_legal_bids_after_a_double_strike_every_other_double() -> None:
    game = Game.start("oneonta", ABC, first_dealer=2, options={"doubling": True})
    game = play(game, [{"kind": "positive", "value": 7, "doubled": True}, None, None], None)
    facts = current_facts(game)
    choices = engine_of(game).legal_bids(game.table, facts, state_of(game).deals[0].bids, 1)
    doubles = [choice for choice in choices if choice.bid.doubled]
    assert [choice.bid for choice in doubles] == [positive(7, doubled=True), null(7, doubled=True)]
    assert all(choice.reason == Text("oneonta_first_double", player="Ann") for choice in doubles)
    assert sum(choice.allowed for choice in choices) == 14  # 1..7 and null 1..7


def test_legal_bids_without_doubling_offer_no_double_and_no_zero() -> None:
    game = Game.start("oneonta-solitaire", ["Ann"])
    facts = current_facts(game)
    choices = engine_of(game).legal_bids(game.table, facts, (None,), 0)
    assert [choice.bid for choice in choices] == [
        *(positive(value) for value in range(1, 10)),
        *(null(value) for value in range(1, 10)),
    ]
    assert all(choice.allowed for choice in choices)


def test_edd_allard_offers_one_null_and_only_the_nine_doubled() -> None:
    game = Game.start("oneonta-edd-allard", ["Ann"], options={"doubling": True})
    choices = engine_of(game).legal_bids(game.table, current_facts(game), (None,), 0)
    bids = [choice.bid for choice in choices]
    assert bids[-2:] == [null(), positive(9, doubled=True)]
    assert null(1) not in bids


@pytest.mark.parametrize(
    ("variant", "bids", "message"),
    [
        (
            "oneonta-beat-the-game",
            [5, 3, None],
            Text("oneonta_bid_at_most", player="Bob", left=2, exactly=False, cards=7, bid=5),
        ),
        ("oneonta-cooperative", [4, 3, 1], Text("oneonta_total_made_bid_null", cards=7, player="Cy")),
        ("oneonta-cooperative", [4, 2, 2], Text("oneonta_total_bid_the_rest", cards=7, player="Cy", left=1)),
        ("oneonta", [0, None, None], Text("oneonta_bid_zero", player="Ann")),
        ("oneonta", [8, None, None], Text("oneonta_bid_above_cards", player="Ann", bid=8, cards=7)),
        ("oneonta", [-1, None, None], Text("oneonta_bid_below_one", player="Ann", bid=-1, cards=7)),
        (
            "oneonta",
            [{"kind": "null", "value": 8}, None, None],
            Text("oneonta_null_value_range", player="Ann", value=8, cards=7),
        ),
        ("oneonta", [{"kind": "null"}, None, None], Text("oneonta_null_needs_value", player="Ann", cards=7)),
    ],
)
def test_refused_bids_say_why_in_a_players_words(variant: str, bids: list[Any], message: str) -> None:
    game = Game.start(variant, ABC, first_dealer=2)
    with refused(InvalidBid, message):
        play(game, bids, None)


def test_a_refused_entry_changes_nothing() -> None:
    game = Game.start("oneonta-cooperative", ABC, first_dealer=2)
    with pytest.raises(RuleViolation):
        game.record(OneontaEntry(number=1, bids=(positive(2), positive(1), positive(3))))
    assert game.entries == ()


# --- entries as data ----------------------------------------------------------------------


def test_entries_read_back_what_they_write() -> None:
    engine = engine_of(Game.start("oneonta", ABC))
    entry = OneontaEntry(
        number=3,
        bids=(positive(7, doubled=True), null(2), None),
        tricks=(7, 0, None),
        trump=Trump.JOKER,
    )
    data = engine.write_entry(entry)
    assert data == {
        "bids": [{"kind": "positive", "value": 7, "doubled": True}, {"kind": "null", "value": 2}, None],
        "tricks": [7, 0, None],
        "trump": "JK",
    }
    assert engine.read_entry(3, data) == entry


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        ({"bids": "3 2 1"}, InvalidBid, Text("oneonta_bids_not_list")),
        ({"bids": [True]}, InvalidBid, Text("oneonta_bid_unreadable", position=1, value="True")),
        ({"bids": [{"kind": "pass"}]}, InvalidBid, Text("oneonta_bid_kind_at", position=1, value="'pass'")),
        (
            {"bids": [{"kind": "null", "value": "2"}]},
            InvalidBid,
            Text("oneonta_bid_value_at", position=1, value="'2'"),
        ),
        (
            {"bids": [{"kind": "null", "value": 2, "doubled": "yes"}]},
            InvalidBid,
            Text("oneonta_double_at", position=1, value="'yes'"),
        ),
        ({"bids": [{"kind": "positive"}]}, InvalidBid, Text("oneonta_positive_needs_tricks_at", position=1)),
        (
            {"bids": [{"kind": "null", "stake": 2}]},
            InvalidBid,
            Text("oneonta_bid_unknown_key", key="'stake'"),
        ),
        ({"bids": [3], "tricks": 3}, InvalidTricks, Text("counts_not_list", what="tricks")),
        ({"bids": [3], "tricks": [2.5]}, InvalidTricks, Text("counts_not_whole", what="tricks", value="2.5")),
        ({"bids": [3], "trump": 4}, InvalidTrump, Text("oneonta_trump_unreadable", value="4")),
        ({"bids": [3], "trump": "stars"}, InvalidTrump, Text("oneonta_trump_unreadable", value="'stars'")),
        ({"bids": [3], "honours": 4}, RuleViolation, Text("exact_entry_unknown_key", key="'honours'")),
    ],
)
def test_read_entry_refuses_wrong_shapes_with_a_rule_violation(
    data: dict[str, object], error: type[RuleViolation], message: Text
) -> None:
    engine = engine_of(Game.start("oneonta-solitaire", ["Ann"]))
    with refused(error, message):
        engine.read_entry(1, data)


def test_a_bid_checks_its_own_shape() -> None:
    with refused(InvalidBid, "oneonta_bid_kind", value="'zero'"):
        OneontaBid(kind="zero", value=0)  # type: ignore[arg-type]
    with refused(InvalidBid, "oneonta_positive_needs_tricks"):
        OneontaBid(kind="positive")


# --- scoring and facts ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "standard", "alternative", "edd_allard"),
    [
        (positive(5), 5, 5, 5, 5),
        (positive(5), 7, 3, 0, 3),
        (positive(5), 4, -5, -5, -5),
        (positive(1), 9, -7, 0, -7),
        (null(4), 0, 4, 4, 4),
        (null(4), 1, -4, -4, -4),
        (positive(9, doubled=True), 9, 14, 14, 14),
        (positive(9, doubled=True), 8, -14, -14, -14),
        (null(9, doubled=True), 0, 14, 14, 14),
    ],
)
def test_scores(bid: OneontaBid, tricks: int, standard: int, alternative: int, edd_allard: int) -> None:
    assert score(bid, tricks, edd_allard=False, overtricks_score_zero=False) == standard
    assert score(bid, tricks, edd_allard=False, overtricks_score_zero=True) == alternative
    if bid.kind == "positive":
        assert score(bid, tricks, edd_allard=True, overtricks_score_zero=False) == edd_allard


def test_edd_allard_nulls_score_ten_or_lose_ten_and_the_tricks() -> None:
    assert score(null(), 0, edd_allard=True, overtricks_score_zero=False) == 10
    assert score(null(), 3, edd_allard=True, overtricks_score_zero=False) == -13


def test_facts_tell_the_referee_everything_before_the_bids() -> None:
    game = Game.start("oneonta-beat-the-game", ["Ann", "Bob", "Cy", "Dee"], first_dealer=1)
    facts = current_facts(game)
    assert facts.dealer == 1 and facts.bidding_order == (2, 3, 0, 1)
    assert facts.dummy and facts.leader_decided
    assert facts.dummy_seat_text == Text("oneonta_dummy_between", dealer="Bob", first="Cy")
    deck = Text("deck_oneonta", size=38, lowest="6")
    assert facts.reminders == (
        Text("reminder_deck", deck=deck),
        Text("oneonta_deal", dealer="Bob", cards=7, dummy=True, first="Cy", left=3),
        Text("reminder_oneonta_joker_turned"),
        Text("oneonta_first_dealers_left", player="Cy"),
        Text("oneonta_lead_dummy", first="Cy"),
        Text("oneonta_rule_bids_at_most", cards=7),
        Text("reminder_table_talk", talk="General: how strong a hand is, nothing more"),
    )
    assert engine_of(game).describe_deck(game.table) == deck


def test_competitive_lead_rule_is_given_until_the_bids_decide_it() -> None:
    game = Game.start("oneonta", ABC, first_dealer=2)
    facts = current_facts(game)
    assert not facts.leader_decided
    assert facts.lead_rule == Text("oneonta_lead_highest_bid", by_total=True, dealer="Cy", first="Ann")
    game = play(game, [2, 5, None], None)
    assert not current_facts(game).leader_decided
    game = play(Game.start("oneonta", ABC, first_dealer=2), [2, 5, 5], None)
    # Bob and Cy level on 5 and on 0 points: Cy deals, so Cy is nearest, dealer first.
    assert current_facts(game).leader == 2 and current_facts(game).leader_decided


def test_the_tricks_of_a_deal_wait_for_its_bids_and_its_predecessor() -> None:
    game = Game.start("oneonta", ABC, first_dealer=2)
    with refused(InvalidTricks, "bids_before_tricks", number=1):
        play(game, [2, None, None], [7, 0, 0])
    game = play(game, [2, 3, 4], None)
    with refused(OutOfTurn, "deal_tricks_first", previous=1, number=2):
        play(game, [2, 3, 4], None)


def full_game() -> Game:
    """Oneonta for seven with doubling, played to its end: Ann makes 2, Bob a null 1, the others 1
    each, every round; Ann wins alone. (benchmarks/replay.py times its replay.)"""
    game = Game.start("oneonta", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"], options={"doubling": True})
    for _ in range(7):
        game = play(game, [2, {"kind": "null", "value": 1}, 1, 1, 1, 1, 1], [2, 0, 1, 1, 1, 1, 1])
    return game


def test_replaying_a_full_game_from_its_entries_gives_the_game_as_recorded() -> None:
    # What a replay costs is benchmarks/replay.py's to print: a time limit here would fail on a busy machine.
    game = full_game()
    assert game.state.finished
    assert engine_of(game).replay(game.table, game.entries) == game.state

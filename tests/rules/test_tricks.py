"""The trick judge: every ranking rule of RULES.md, and the tricks it refuses."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Table, get_variant
from scorekeeper.rules.cards import Card, Trump
from scorekeeper.rules.text import Text
from scorekeeper.rules.tricks import (
    FULL_DECK,
    InvalidTrick,
    RankOrder,
    TrickRules,
    judge_trick,
    oneonta_ranking,
    read_cards,
)

from .said import refused

S, H, D, C, NT, JK = Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.NO_TRUMP, Trump.JOKER
UP, DOWN = RankOrder.UPTOWN, RankOrder.DOWNTOWN


def plain(trump: Trump, size: int = 4) -> TrickRules:
    """A 52-card game (Oh Hell, Classic Whist, …) with ``size`` players."""
    return TrickRules(deck=FULL_DECK, deck_description="52 cards", trick_size=size, trump=trump)


def oneonta(trump: Trump, size: int = 3) -> TrickRules:
    """Oneonta's 22-card deck (A–10 and the two Jokers)."""
    return oneonta_ranking(22, size).rules(trump)


def bid_whist(trump: Trump, order: RankOrder = UP, jokers: int = 2) -> TrickRules:
    """Bid Whist at four with ``jokers`` jokers, as its declaration gives it."""
    variant = get_variant("bid-whist")
    table = Table.create(variant, ["Ann", "Bob", "Cy", "Dee"], options={"jokers": jokers})
    return variant.ranking(table, None).rules(trump, order)


def german(trump: Trump) -> TrickRules:
    """German Whist: two-card tricks."""
    variant = get_variant("german-whist")
    return variant.ranking(Table.create(variant, ["Ann", "Bob"]), None).rules(trump)


CASES = [
    # §1 follow suit, trump, highest wins
    (
        "plain-highest-led",
        plain(S),
        "2H KH 5H QH",
        1,
        Text("judge_no_trump_played", trump="S", highest=Text("judge_highest_of_suit", suit="H")),
    ),
    (
        "plain-off-suit-loses",
        plain(S),
        "9H AD 10H 3C",
        2,
        Text("judge_no_trump_played", trump="S", highest=Text("judge_highest_of_suit", suit="H")),
    ),
    (
        "plain-ace-high",
        plain(S),
        "KD AD QD JD",
        1,
        Text("judge_no_trump_played", trump="S", highest=Text("judge_highest_of_suit", suit="D")),
    ),
    ("plain-only-trump", plain(S), "AH KH 2S QH", 2, Text("judge_only_trump", trump="S", beaten="H")),
    (
        "plain-higher-trump",
        plain(S),
        "AH 3S KH 10S",
        3,
        Text("judge_best_trump", trump="S", downtown=False, beaten="H"),
    ),
    (
        "plain-trump-led",
        plain(S),
        "4S AH 5S 3S",
        2,
        Text("judge_best_trump", trump="S", downtown=False, beaten=None),
    ),
    (
        "plain-lead-wins-alone",
        plain(C),
        "7D 2H 3S AH",
        0,
        Text("judge_no_trump_played", trump="C", highest=Text("judge_only_card_of_suit", suit="D")),
    ),
    (
        "plain-no-trump",
        plain(NT),
        "10C AS 2S JC",
        3,
        Text("judge_no_trump_at_all", highest=Text("judge_highest_of_suit", suit="C")),
    ),
    (
        "plain-no-trump-discards",
        plain(NT),
        "3C AS AH AD",
        0,
        Text("judge_no_trump_at_all", highest=Text("judge_only_card_of_suit", suit="C")),
    ),
    ("three-players", plain(H, 3), "QS KS 2H", 2, Text("judge_only_trump", trump="H", beaten="S")),
    (
        "seven-players",
        plain(D, 7),
        "5C 9C KC 2C 8C AH 3C",
        2,
        Text("judge_no_trump_played", trump="D", highest=Text("judge_highest_of_suit", suit="C")),
    ),
    ("trump-beats-lead-note", plain(D), "AC 2D KC QC", 1, Text("judge_only_trump", trump="D", beaten="C")),
    # §3 Romanian: the short pack
    (
        "romanian-short-pack",
        None,
        "9S AS 10S",
        1,
        Text("judge_no_trump_played", trump="C", highest=Text("judge_highest_of_suit", suit="S")),
    ),
    # §4.0 Oneonta: Large and Small Joker top trumps
    (
        "oneonta-large-joker",
        oneonta(H),
        "AH JK1 KH",
        1,
        Text(
            "judge_top_joker",
            card=Text("card", joker="large"),
            lower=Text("card", joker="small"),
            trump="H",
            beaten=None,
        ),
    ),
    (
        "oneonta-small-joker",
        oneonta(H),
        "AH JK2 KH",
        1,
        Text(
            "judge_second_joker",
            card=Text("card", joker="small"),
            higher=Text("card", joker="large"),
            trump="H",
            beaten=None,
        ),
    ),
    (
        "oneonta-large-over-small",
        oneonta(S),
        "JK2 JK1 AS",
        1,
        Text(
            "judge_top_joker",
            card=Text("card", joker="large"),
            lower=Text("card", joker="small"),
            trump="S",
            beaten=None,
        ),
    ),
    (
        "oneonta-small-over-ace",
        oneonta(S),
        "AS JK2 KS",
        1,
        Text(
            "judge_second_joker",
            card=Text("card", joker="small"),
            higher=Text("card", joker="large"),
            trump="S",
            beaten=None,
        ),
    ),
    (
        "oneonta-joker-led-is-trump",
        oneonta(C, 4),
        "JK2 AC KD QC",
        0,
        Text(
            "judge_second_joker",
            card=Text("card", joker="small"),
            higher=Text("card", joker="large"),
            trump="C",
            beaten=None,
        ),
    ),
    (
        "oneonta-joker-trumps-side-suit",
        oneonta(D),
        "AS JK2 KS",
        1,
        Text(
            "judge_second_joker",
            card=Text("card", joker="small"),
            higher=Text("card", joker="large"),
            trump="D",
            beaten="S",
        ),
    ),
    ("oneonta-no-joker", oneonta(D), "QS AS 10D", 2, Text("judge_only_trump", trump="D", beaten="S")),
    (
        "oneonta-ace-beats-king",
        oneonta(D),
        "KH AH 10H",
        1,
        Text("judge_no_trump_played", trump="D", highest=Text("judge_highest_of_suit", suit="H")),
    ),
    # §4.0 Oneonta: a Joker turned, the other Joker the only trump
    ("turned-joker-wins-any-trick", oneonta(JK), "AS KS JK1", 2, Text("judge_other_joker_wins")),
    ("turned-small-joker-wins", oneonta(JK), "AH JK2 KH", 1, Text("judge_other_joker_wins")),
    ("turned-joker-led", oneonta(JK), "JK1 AD AS", 0, Text("judge_other_joker_wins")),
    (
        "turned-joker-absent",
        oneonta(JK),
        "QH AH 10S",
        1,
        Text("judge_joker_turned_not_played", highest=Text("judge_highest_of_suit", suit="H")),
    ),
    (
        "turned-joker-no-trump-suit",
        oneonta(JK),
        "KC AS 10C",
        0,
        Text("judge_joker_turned_not_played", highest=Text("judge_highest_of_suit", suit="C")),
    ),
    # §6 Bid Whist uptown
    (
        "bw-uptown-ace",
        bid_whist(S),
        "KH AH 2H 3H",
        1,
        Text("judge_no_trump_played", trump="S", highest=Text("judge_highest_of_suit", suit="H")),
    ),
    ("bw-uptown-trump", bid_whist(S), "KH AH 2S 3H", 2, Text("judge_only_trump", trump="S", beaten="H")),
    (
        "bw-red-joker-top",
        bid_whist(S),
        "AS JK2 JK1 KS",
        2,
        Text(
            "judge_top_joker",
            card=Text("card", joker="red"),
            lower=Text("card", joker="black"),
            trump="S",
            beaten=None,
        ),
    ),
    (
        "bw-black-joker-over-ace",
        bid_whist(H),
        "AH JK2 KH QH",
        1,
        Text(
            "judge_second_joker",
            card=Text("card", joker="black"),
            higher=Text("card", joker="red"),
            trump="H",
            beaten=None,
        ),
    ),
    (
        "bw-joker-led-is-trump",
        bid_whist(D),
        "JK2 AD KD 2C",
        0,
        Text(
            "judge_second_joker",
            card=Text("card", joker="black"),
            higher=Text("card", joker="red"),
            trump="D",
            beaten=None,
        ),
    ),
    # §6 Bid Whist downtown: A, 2, 3 … K
    (
        "bw-downtown-two",
        bid_whist(C, DOWN),
        "KH 2H 5H QH",
        1,
        Text("judge_no_trump_played", trump="C", highest=Text("judge_downtown_best", suit="H", rank=2)),
    ),
    (
        "bw-downtown-ace-best",
        bid_whist(C, DOWN),
        "2H AH 3H KH",
        1,
        Text("judge_no_trump_played", trump="C", highest=Text("judge_downtown_ace", suit="H")),
    ),
    (
        "bw-downtown-three-over-king",
        bid_whist(C, DOWN),
        "KD 3D QD 9D",
        1,
        Text("judge_no_trump_played", trump="C", highest=Text("judge_downtown_best", suit="D", rank=3)),
    ),
    (
        "bw-downtown-trump-low",
        bid_whist(S, DOWN),
        "AH 9S 2S KH",
        2,
        Text("judge_best_trump", trump="S", downtown=True, beaten="H"),
    ),
    (
        "bw-downtown-trump-ace",
        bid_whist(S, DOWN),
        "2S AS 3S 4H",
        1,
        Text("judge_best_trump", trump="S", downtown=True, beaten=None),
    ),
    (
        "bw-downtown-joker-over-ace",
        bid_whist(S, DOWN),
        "AS 2S JK2 3S",
        2,
        Text(
            "judge_second_joker",
            card=Text("card", joker="black"),
            higher=Text("card", joker="red"),
            trump="S",
            beaten=None,
        ),
    ),
    (
        "bw-downtown-red-joker",
        bid_whist(H, DOWN),
        "JK2 2H JK1 AH",
        2,
        Text(
            "judge_top_joker",
            card=Text("card", joker="red"),
            lower=Text("card", joker="black"),
            trump="H",
            beaten=None,
        ),
    ),
    # §6 Bid Whist no trump: the jokers are worthless, a led joker leaves the suit to the next card
    (
        "bw-nt-uptown",
        bid_whist(NT),
        "5D KD AC 9D",
        1,
        Text("judge_no_trump_at_all", highest=Text("judge_highest_of_suit", suit="D")),
    ),
    (
        "bw-nt-downtown",
        bid_whist(NT, DOWN),
        "5D KD 2D 9D",
        2,
        Text("judge_no_trump_at_all", highest=Text("judge_downtown_best", suit="D", rank=2)),
    ),
    (
        "bw-nt-joker-worthless",
        bid_whist(NT),
        "4S JK1 JK2 2S",
        0,
        Text("judge_no_trump_at_all", highest=Text("judge_highest_of_suit", suit="S")),
    ),
    (
        "bw-nt-joker-led",
        bid_whist(NT),
        "JK1 5D KD 2C",
        2,
        Text("judge_no_trump_at_all", highest=Text("judge_highest_of_suit", suit="D")),
    ),
    (
        "bw-nt-both-jokers-led",
        bid_whist(NT),
        "JK1 JK2 3C AH",
        2,
        Text("judge_no_trump_at_all", highest=Text("judge_only_card_of_suit", suit="C")),
    ),
    (
        "bw-nt-joker-led-downtown",
        bid_whist(NT, DOWN),
        "JK2 KD 3D AS",
        2,
        Text("judge_no_trump_at_all", highest=Text("judge_downtown_best", suit="D", rank=3)),
    ),
    (
        "bw-one-joker",
        bid_whist(S, jokers=1),
        "AS JK1 KS QS",
        1,
        Text(
            "judge_top_joker",
            card=Text("card", joker="joker"),
            lower=Text("card", joker="joker"),
            trump="S",
            beaten=None,
        ),
    ),
    # §7 German Whist: two-card tricks
    (
        "german-follow",
        german(H),
        "9C QC",
        1,
        Text("judge_no_trump_played", trump="H", highest=Text("judge_highest_of_suit", suit="C")),
    ),
    (
        "german-discard",
        german(H),
        "9C 2D",
        0,
        Text("judge_no_trump_played", trump="H", highest=Text("judge_only_card_of_suit", suit="C")),
    ),
    ("german-trump", german(H), "AC 2H", 1, Text("judge_only_trump", trump="H", beaten="C")),
    (
        "german-trump-led",
        german(S),
        "3S AS",
        1,
        Text("judge_best_trump", trump="S", downtown=False, beaten=None),
    ),
]


def romanian_rules() -> TrickRules:
    variant = get_variant("romanian-whist")
    return variant.ranking(Table.create(variant, ["Ann", "Bob", "Cy"]), None).rules(C)


@pytest.mark.parametrize(
    ("rules", "played", "winner", "why"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
def test_the_winner_and_the_rule_that_made_it_win(
    rules: TrickRules | None, played: str, winner: int, why: Text
) -> None:
    rules = rules or romanian_rules()
    cards = read_cards(played.split())
    verdict = judge_trick(rules, cards)
    assert verdict.position == winner, verdict.reason
    assert verdict.card == cards[winner]
    assert verdict.reason.code == "judge_wins"
    assert verdict.reason.params["card"] == verdict.name
    assert verdict.reason.params["why"] == why


def test_there_are_at_least_forty_cases() -> None:
    assert len(CASES) >= 40


def test_the_joker_names_come_from_the_deck() -> None:
    assert judge_trick(oneonta(H), read_cards(["AH", "JK2", "KH"])).name == Text("card", joker="small")
    assert judge_trick(bid_whist(H), read_cards(["AH", "JK1", "KH", "QH"])).name == Text("card", joker="red")


@pytest.mark.parametrize(
    ("rules", "played", "message"),
    [
        (plain(S), "AS KS QS", Text("judge_trick_size", size=4, chosen=3)),
        (plain(S), "AS KS QS JS 10S", Text("judge_trick_size", size=4, chosen=5)),
        (plain(S), "", Text("judge_trick_size", size=4, chosen=0)),
        (german(S), "AS", Text("judge_trick_size", size=2, chosen=1)),
        (plain(S), "AS KS AS JS", Text("judge_card_twice", card=Text("card", face="A♠"))),
        (oneonta(S), "JK1 JK1 AS", Text("judge_card_twice", card=Text("card", joker="large"))),
        (
            oneonta(S),
            "AS 9S KS",
            Text("judge_card_not_in_deck", card="9♠", deck=Text("deck_oneonta_judge", size=22, lowest=10)),
        ),
        (plain(S), "AS JK1 KS QS", Text("judge_joker_not_in_deck", jokers=0, deck="52 cards")),
        (
            bid_whist(S, jokers=1),
            "AS JK2 KS QS",
            Text("judge_joker_not_in_deck", jokers=1, deck=Text("deck_bid_whist", jokers=1)),
        ),
        (oneonta(JK), "JK1 JK2 AS", Text("judge_both_jokers")),
    ],
)
def test_impossible_tricks_are_refused_with_the_reason(rules: TrickRules, played: str, message: Text) -> None:
    with refused(InvalidTrick, message) as caught:
        judge_trick(rules, read_cards(played.split()))
    assert caught.value.field == "cards"


def test_romanian_short_pack_refuses_low_cards() -> None:
    with refused(
        InvalidTrick, "judge_card_not_in_deck", card="8♠", deck=Text("deck_romanian", size=24, low="9")
    ):
        judge_trick(romanian_rules(), read_cards(["8S", "AS", "10S"]))


def test_an_unreadable_card_is_refused() -> None:
    with refused(InvalidTrick, "judge_not_a_card", value="'ZZ'"):
        read_cards(["ZZ"])


def test_a_variant_refuses_a_trump_or_order_it_cannot_have() -> None:
    with refused(InvalidTrick, "judge_trump_not_allowed", allowed=("S", "H", "D", "C", "JK"), trump="NT"):
        oneonta_ranking(22, 3).rules(NT)
    with refused(InvalidTrick, "judge_order_only", order="uptown"):
        oneonta_ranking(22, 3).rules(S, DOWN)


def test_decks_and_trick_sizes_come_from_the_declarations() -> None:
    seven = ["A", "B", "C", "D", "E", "F", "G"]
    romanian = get_variant("romanian-whist")
    dead_hand = romanian.ranking(Table.create(romanian, seven), None)
    assert (len(dead_hand.deck), dead_hand.trick_size) == (48, 6)
    everyone = romanian.ranking(Table.create(romanian, seven, options={"seven_player_deck": "56"}), None)
    assert (len(everyone.deck), everyone.trick_size) == (56, 7)
    assert Card(suit=S, rank=1) in everyone.deck
    beat = get_variant("oneonta-beat-the-game")
    beat_ranking = beat.ranking(Table.create(beat, ["A", "B", "C"]), None)
    assert (len(beat_ranking.deck), beat_ranking.trick_size) == (30, 4)  # the dummy plays too
    competitive = get_variant("oneonta")
    big = competitive.ranking(Table.create(competitive, seven), None)
    assert (len(big.deck), big.trick_size) == (54, 7)
    assert (
        get_variant("oh-hell").ranking(Table.create(get_variant("oh-hell"), ["A", "B", "C"]), None).trick_size
        == 3
    )
    no_jokers = get_variant("bid-whist")
    ranking = no_jokers.ranking(Table.create(no_jokers, ["A", "B", "C", "D"], options={"jokers": 0}), None)
    assert len(ranking.deck) == 52 and set(ranking.orders) == {UP, DOWN}


def test_a_recorded_bid_whist_hand_gives_its_trump_and_direction() -> None:
    from scorekeeper.rules import Game

    game = Game.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    engine = game.table.variant.engine
    entry = engine.read_entry(1, {"auction": ["pass", "4 downtown", "pass", "pass"], "declaration": "H"})
    deal = game.record(entry).state.deals[0]
    setting = game.table.variant.ranking(game.table, deal.facts).setting(deal)
    assert (setting.trump, setting.order) == (H, DOWN)


def test_classic_whist_always_has_a_trump_suit() -> None:
    variant = get_variant("classic-whist")
    ranking = variant.ranking(Table.create(variant, ["Ann", "Bob", "Cy", "Dee"]), None)
    assert ranking.trumps == (S, H, D, C) and ranking.trick_size == 4
    with refused(InvalidTrick, "judge_trump_not_allowed", allowed=("S", "H", "D", "C"), trump="NT"):
        ranking.rules(NT)

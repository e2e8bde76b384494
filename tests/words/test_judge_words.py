"""The trick judge's verdicts in English: the words made from the engine's codes read as before."""

from __future__ import annotations

import pytest

from scorekeeper.rules.tricks import judge_trick, read_cards
from scorekeeper.words import english
from tests.rules.test_tricks import CASES, romanian_rules

ENGLISH = dict(
    [
        ("plain-highest-led", "highest of hearts, the suit led"),
        ("plain-off-suit-loses", "highest of hearts"),
        ("plain-ace-high", "highest of diamonds"),
        ("plain-only-trump", "the only trump played"),
        ("plain-higher-trump", "best trump played"),
        ("plain-trump-led", "spades are trump"),
        ("plain-lead-wins-alone", "the only diamond played"),
        ("plain-no-trump", "there is no trump"),
        ("plain-no-trump-discards", "only club"),
        ("three-players", "hearts are trump"),
        ("seven-players", "highest of clubs"),
        ("trump-beats-lead-note", "a trump beats every card of clubs"),
        ("romanian-short-pack", "highest of spades"),
        ("oneonta-large-joker", "top trump"),
        ("oneonta-small-joker", "the Small Joker is a trump"),
        ("oneonta-large-over-small", "top trump"),
        ("oneonta-small-over-ace", "no higher trump was played"),
        ("oneonta-joker-led-is-trump", "second only to the Large Joker"),
        ("oneonta-joker-trumps-side-suit", "a trump beats every card of spades"),
        ("oneonta-no-joker", "the only trump played"),
        ("oneonta-ace-beats-king", "highest of hearts"),
        ("turned-joker-wins-any-trick", "the only trump"),
        ("turned-small-joker-wins", "wins any trick it is played to"),
        ("turned-joker-led", "other Joker is the only trump"),
        ("turned-joker-absent", "no trump suit"),
        ("turned-joker-no-trump-suit", "highest of clubs"),
        ("bw-uptown-ace", "highest of hearts"),
        ("bw-uptown-trump", "only trump"),
        ("bw-red-joker-top", "top trump, above the Black Joker"),
        ("bw-black-joker-over-ace", "second only to the Red Joker"),
        ("bw-joker-led-is-trump", "Black Joker is a trump"),
        ("bw-downtown-two", "low cards win"),
        ("bw-downtown-ace-best", "the ace is still best"),
        ("bw-downtown-three-over-king", "with no ace played the 3 is best"),
        ("bw-downtown-trump-low", "best trump played (downtown"),
        ("bw-downtown-trump-ace", "best trump played"),
        ("bw-downtown-joker-over-ace", "Black Joker is a trump"),
        ("bw-downtown-red-joker", "top trump"),
        ("bw-nt-uptown", "there is no trump"),
        ("bw-nt-downtown", "low cards win"),
        ("bw-nt-joker-worthless", "highest of spades"),
        ("bw-nt-joker-led", "the first other card, the 5♦, sets the suit led"),
        ("bw-nt-both-jokers-led", "the first other card, the 3♣"),
        ("bw-nt-joker-led-downtown", "worthless in no trump"),
        ("bw-one-joker", "the Joker is the top trump"),
        ("german-follow", "highest of clubs"),
        ("german-discard", "the only club played"),
        ("german-trump", "only trump"),
        ("german-trump-led", "spades are trump"),
    ]
)


@pytest.mark.parametrize(
    ("rules", "played", "winner"), [case[1:4] for case in CASES], ids=[c[0] for c in CASES]
)
def test_the_verdict_names_the_winning_card_and_the_rule_in_english(
    request: pytest.FixtureRequest, rules: object, played: str, winner: int
) -> None:
    verdict = judge_trick(rules or romanian_rules(), read_cards(played.split()))  # type: ignore[arg-type]
    sentence = english(verdict.reason)
    assert sentence.startswith(f"The {english(verdict.name)} wins: ")
    assert ENGLISH[request.node.callspec.id] in sentence


def test_every_case_has_its_english() -> None:
    assert set(ENGLISH) == {case[0] for case in CASES}

"""The words say "hand" where the players of a game say hand (Bid Whist, German Whist): refusals,
event texts and the laws of the table events, worded from the engine's codes with ``Variant.deal_word``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorekeeper.rules import (
    Game,
    InvalidEvent,
    Misdeal,
    OutOfTurn,
    Revoke,
    SitOut,
    Stop,
    event_laws,
    get_variant,
    table_laws,
)
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.variant import HAND
from scorekeeper.words import english


def said(text: object) -> str:
    """The text in the words of a game whose players say hand."""
    return english(text, HAND)  # type: ignore[arg-type]


@contextmanager
def refused_saying(kind: type[RuleViolation], pattern: str) -> Iterator[None]:
    """Expect a refusal of ``kind`` whose English, in a hand game, matches ``pattern``."""
    with pytest.raises(kind) as caught:
        yield
    assert re.search(pattern, said(caught.value)), said(caught.value)


def _german(**options: object) -> Game:
    return Game.start("german-whist", ["Ann", "Bob"], options=options)


def test_a_deal_out_of_turn_is_refused_in_the_games_word() -> None:
    game = _german()
    engine = game.table.variant.engine
    with refused_saying(OutOfTurn, r"^Hand 2 cannot be entered yet: the next hand is 1$"):
        game.record(engine.read_entry(2, {"tricks": 8}))
    bid_whist = Game.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    with refused_saying(OutOfTurn, r"^Hand 3 cannot be entered yet: the next hand is 1$"):
        bid_whist.record(bid_whist.table.variant.engine.read_entry(3, {"auction": ["pass"]}))
    with refused_saying(OutOfTurn, r"^There is no hand 1: 0 are recorded$"):
        game.deal_position(1)


def test_the_event_texts_of_a_hand_game_say_hand() -> None:
    game = _german(revoke="penalty").add(Misdeal())
    engine = game.table.variant.engine
    # Ann deals hand 1 again after her misdeal; Bob (seat 1) revokes in it: the house rule's 10 points.
    game = game.record(engine.read_entry(1, {"tricks": 8})).add(Revoke(seats=(1,))).add(Stop())
    texts = [said(event.text) for event in game.state.life.events] if game.state.life else []
    assert texts == [
        "Ann misdealt hand 1 and deals it again",
        "Bob revoked in hand 1: −10 (house rule); the rest of the hand stands",
        "Stopped after hand 1: the standings then are final",
    ]
    assert tuple(said(note) for note in game.state.notes) == (
        "Stopped after hand 1: no one reached 50, so the totals rank the players",
    )
    with refused_saying(InvalidEvent, r"^The game was stopped after hand 1: nothing more is recorded$"):
        game.add(Misdeal())


def test_the_laws_of_a_hand_game_say_hand() -> None:
    laws = {kind: said(law) for kind, law in event_laws(_german().table).items()}
    assert laws["sit_out"] == "Nobody sits a hand out: every player plays every hand"
    assert laws["stop"] == "The table may stop early: the standings after the last complete hand are final"
    assert laws["revoke"].startswith("A revoke found after a hand: the player who revoked loses 10 points")
    oh_hell = event_laws(Game.start("oh-hell", ["A", "B", "C"]).table).values()
    assert "hand" not in " ".join(english(law) for law in oh_hell)


def test_the_laws_come_once_each_in_the_rules_pages_order() -> None:
    table = Game.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"]).table
    by_kind = event_laws(table)
    assert table_laws(table) == (
        by_kind["misdeal"],
        by_kind["revoke"],
        by_kind["arrival"],
        by_kind["sit_out"],
        by_kind["adjustment"],
        by_kind["stop"],
    )
    assert by_kind["arrival"] == by_kind["departure"] == by_kind["substitute"]
    assert get_variant("oh-hell").deal_word.singular == "deal"


def test_a_sit_out_refused_in_a_hand_game_says_hand() -> None:
    with refused_saying(InvalidEvent, "every player plays every hand"):
        Game.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"]).add(SitOut(seat=1))

"""Player names: one check in the engine that every name passes, from any door.

A name is stored in Unicode's composed form (NFC); characters that cannot be
seen or printed (controls, format characters such as zero-width spaces or
the right-to-left override, broken surrogates) are refused with the reason;
and two names count as the same player when they only differ in case, in
composed/decomposed accents or in compatibility forms (full-width letters).
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import Game, InvalidSetup
from scorekeeper.rules.table import NAME_MAX_LENGTH
from scorekeeper.rules.text import Text

JOSE_COMPOSED = "Jos\u00e9"
JOSE_DECOMPOSED = "Jose\u0301"


def test_a_name_is_stored_composed() -> None:
    game = Game.start("oh-hell", [JOSE_DECOMPOSED, "Bob", "Cy"])
    assert game.table.players[0] == JOSE_COMPOSED


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (JOSE_COMPOSED, JOSE_DECOMPOSED),
        ("Ann", "ANN"),
        ("Ann", "\uff21nn"),  # a full-width A
        ("Stra\u00dfe", "STRASSE"),
    ],
)
def test_names_that_look_the_same_are_the_same_player(first: str, second: str) -> None:
    with pytest.raises(InvalidSetup) as caught:
        Game.start("oh-hell", [first, second, "Cy"])
    assert caught.value.code == "name_twice"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann\u200b", "U+200B"),  # zero-width space
        ("Ann\u200d", "U+200D"),  # zero-width joiner
        ("\u202eAnn", "U+202E"),  # right-to-left override
        ("Ann\ufeff", "U+FEFF"),  # byte-order mark
        ("Ann\x07", "U+0007"),  # bell
        ("Ann\x1b[31m", "U+001B"),  # escape
        ("A\x00nn", "U+0000"),  # NUL: PostgreSQL cannot store it
        ("Ann\x7f", "U+007F"),  # delete
        ("Ann\u3164", "U+3164"),  # a Hangul filler, blank but a letter
    ],
)
def test_invisible_and_control_characters_are_refused_with_the_reason(name: str, shown: str) -> None:
    with pytest.raises(InvalidSetup) as refused:
        Game.start("oh-hell", ["Bob", name, "Cy"])
    assert refused.value.text == Text("name_unseen", position=2, character=shown)


def test_ann_and_ann_with_a_zero_width_space_cannot_both_sit() -> None:
    with pytest.raises(InvalidSetup) as refused:
        Game.start("oh-hell", ["Ann", "Ann\u200b", "Cy"])
    assert refused.value.field == "players"


@pytest.mark.parametrize("name", ["\ud800", "Ann\udfff", "\udc00Bob"])
def test_a_lone_surrogate_is_refused(name: str) -> None:
    with pytest.raises(InvalidSetup) as caught:
        Game.start("oh-hell", [name, "Bob", "Cy"])
    assert caught.value.code == "name_broken" and caught.value.params["position"] == 1


def test_spaces_of_any_kind_still_become_one_space() -> None:
    game = Game.start("oh-hell", ["  Ann\u00a0\u00a0Lee\t", "Bob\nSmith", "Cy\u3000Po"])
    assert game.table.players == ("Ann Lee", "Bob Smith", "Cy Po")


def test_accents_emoji_and_other_scripts_are_welcome() -> None:
    names = ["Zoë", "李雷", "Ana 🃏", "Ωμέγα", "👍🏽 Raj", "🧑\u200d🍳 Chef", "Eve ❤\ufe0f\u200d🔥"]
    game = Game.start("oh-hell", names)
    assert game.table.players == tuple(names)


def test_the_length_is_counted_after_composing() -> None:
    name = "e\u0301" * NAME_MAX_LENGTH  # 60 code points, 30 letters once composed
    game = Game.start("oh-hell", [name, "Bob", "Cy"])
    assert len(game.table.players[0]) == NAME_MAX_LENGTH


REFUSED_CATEGORIES = {"Cc", "Cf", "Cs"}


@given(st.lists(st.text(max_size=40), min_size=3, max_size=3))
def test_every_accepted_name_is_composed_visible_and_distinct(names: list[str]) -> None:
    try:
        game = Game.start("oh-hell", names)
    except InvalidSetup:
        return
    for name in game.table.players:
        assert name == unicodedata.normalize("NFC", name)
        assert not {unicodedata.category(character) for character in name} & REFUSED_CATEGORIES
        assert name == name.strip() and 0 < len(name) <= NAME_MAX_LENGTH
    keys = {unicodedata.normalize("NFKC", name).casefold() for name in game.table.players}
    assert len(keys) == len(game.table.players)

"""Every variant says which club ladder its games are rated on."""

from __future__ import annotations

import pytest

from scorekeeper.rules.club import LADDERS, ladder_of
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.variants import VARIANTS


def test_every_registered_variant_declares_a_ladder_of_games() -> None:
    assert VARIANTS
    for variant in VARIANTS:
        assert variant.ladder in LADDERS, variant
        assert variant.ladder != "drive", variant
        for code in (variant.code, *variant.aliases):
            assert ladder_of(code) == variant.ladder


@pytest.mark.parametrize(
    ("code", "ladder"),
    [
        ("oh-hell", "oh_hell"),
        ("custom-oh-hell", "oh_hell"),
        ("nomination-whist", "oh_hell"),
        ("oneonta", "oh_hell"),
        ("romanian-whist", "romanian"),
        ("classic-whist", "whist"),
        ("german-whist", "whist"),
        ("bid-whist", "whist"),
        ("drive", "drive"),
    ],
)
def test_the_families_ladders(code: str, ladder: str) -> None:
    assert ladder_of(code) == ladder


def test_an_unknown_variant_is_refused_with_a_code() -> None:
    with pytest.raises(RuleViolation) as refused:
        ladder_of("snap")
    assert refused.value.code == "unknown_variant"

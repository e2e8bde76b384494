"""What the pages say in few words: short names for narrow columns, a deal's facts in one line."""

from __future__ import annotations

import pytest

from scorekeeper.web.games.view import facts_line, short_names


@pytest.mark.parametrize(
    ("names", "short"),
    [
        (["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy"]),
        (["Annabelle", "Bob", "Evelyn"], ["Ann", "Bob", "Eve"]),
        (["Peter", "Peggy", "John"], ["Pet", "Peg", "John"]),
        (["Margaret", "Margot", "Mary"], ["Marga", "Margo", "Mary"]),
        (["Ann & Cy", "Bob & Dee"], ["A&C", "B&D"]),
    ],
)
def test_short_names_still_tell_the_players_apart(names: list[str], short: list[str]) -> None:
    assert short_names(names) == short
    assert len(set(short)) == len(short)


def test_a_deals_facts_in_one_line() -> None:
    about = {"dealer": "Ann", "cards": 8, "sitting_out": ["Ann"], "trump": "No trump", "hook": "Gus last"}
    assert facts_line(about) == "Ann deals 8, sits out · no trump · hook"
    about = {"dealer": "Bob", "cards": 9, "sitting_out": [], "trump": "Turn a card", "hook": None}
    assert facts_line(about) == "Bob deals 9 · turn for trump"
    about = {"dealer": "Cy", "cards": 7, "sitting_out": ["Dee"], "trump": "♠ Spades", "hook": None}
    assert facts_line(about) == "Cy deals 7 · Dee out · ♠ Spades"

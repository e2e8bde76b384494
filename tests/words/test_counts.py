"""Every message with a count goes through ngettext (issue 42): "%(most)s players" read in plain gettext is
wrong at 1 in English, at 0 and 1 in French ("0 annonces réussies"), and from 20 in Romanian, where a
number takes "de" before its noun ("400 de jucători"). Only ngettext gives each language the form its
plural rules choose for the number.

The scan reads the committed catalogue template (``tests/words/test_catalogue.py`` keeps it in step with the
code) and takes each message with one form: a placeholder named as a count ("most", "count", "tricks"…)
followed by a word that agrees with it — the noun it counts ("players", ``%(deals)s``) or a verb ("are
played") — fails, unless the number is not a count and the message is in the reviewed list below."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

TEMPLATE = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations" / "messages.pot"

COUNTS = frozenset(
    {
        # what the pages, the refusals and the explanations name a number of things
        "count", "most", "least", "made", "bids", "games", "score", "tricks", "honours", "most_rows",
        "total", "row_count", "minutes", "seconds", "digits", "calls", "events", "entered",
        "players_before", "players_after", "before_count", "sit_out_tricks", "zero_made", "zero_bids",
        "rubbers", "rubbers_won", "total_games", "deal_count", "books", "cards", "players", "points",
        "took", "left", "playing", "sitting", "hands", "done", "size", "trick_size", "won", "played",
        "low", "high", "bidders", "given", "off", "over", "short", "length", "tables", "target",
    }
)  # fmt: skip
"""Placeholder names that hold a number of things."""

NOT_AGREEING = frozenset(
    {
        "of", "to", "and", "or", "per", "from", "for", "in", "on", "at", "by", "with", "than", "a",
        "the", "not", "so", "each", "over", "up", "down", "more", "after", "before", "is", "no",
        "already",
    }
)  # fmt: skip
"""Words that may follow a number without agreeing with it ("12 of 13", "5 per minute", "1 to 7")."""

NOT_COUNTS = {
    "%(done)s What was entered of %(deal)s %(number)s is back.": (
        "%(done)s is the sentence of what was taken back ('Taken back: Bob misdealt deal 2.')"
    ),
    "Table %(table)s, hand %(hand)s: %(player)s's pair entered these tricks, so %(players)s confirm them": (
        "%(players)s holds the other pair's names"
    ),
    "bid %(bid)s, took %(took)s: a double made scores %(points)s whatever the cards": (
        "%(points)s is a score, and 'whatever the cards' opens a clause of its own"
    ),
    "bid %(bid)s, took %(took)s: a double failed scores %(points)s whatever the cards": (
        "%(points)s is a score, and 'whatever the cards' opens a clause of its own"
    ),
    "More than %(target)s wins, exactly %(target)s is a draw, less loses.": (
        "%(target)s is the score to beat; 'wins' agrees with 'more than', not with the number"
    ),
    "The first side to reach %(target)s wins. Tricks score before honours, so both sides cannot reach the "
    "target together: there are no ties.": "'wins' agrees with 'the first side', not with the target",
    "The first player to %(target)s wins": "'wins' agrees with 'the first player', not with the target",
}
"""Messages with a count-named placeholder whose number counts nothing there (reviewed, with the reason)."""

COUNTED = re.compile(r"%\(([A-Za-z_]\w*)\)[sd](?=\s+(%\(\w+\)s|[A-Za-z][\w'’-]*))")


def counted_words(message: str) -> list[tuple[str, str]]:
    """The count placeholders of ``message`` each followed by a word that agrees with it."""
    return [
        (name, word)
        for name, word in COUNTED.findall(message)
        if name in COUNTS and word.casefold() not in NOT_AGREEING
    ]


def test_every_count_goes_through_ngettext() -> None:
    with TEMPLATE.open("rb") as source:
        catalogue = read_po(source)
    found = [
        f"{message.id!r}: {', '.join(f'%({name})s {word}' for name, word in counted)}"
        for message in catalogue
        if message.id and not isinstance(message.id, tuple) and message.id not in NOT_COUNTS
        for counted in [counted_words(message.id)]
        if counted
    ]
    assert not found, "use ngettext (say_n, {% pluralize %}) for these counts:\n" + "\n".join(found)


def test_every_reviewed_exception_is_still_in_the_catalogue() -> None:
    with TEMPLATE.open("rb") as source:
        ids = {message.id for message in read_po(source)}
    assert set(NOT_COUNTS) <= ids, f"no longer in the catalogue: {set(NOT_COUNTS) - ids}"


@pytest.mark.parametrize(
    ("message", "counted"),
    [
        ("A drive has at most %(most)s players, not %(count)s", [("most", "players")]),
        ("A game has at most %(most)s %(deals)s", [("most", "%(deals)s")]),
        ("%(count)s sent.", [("count", "sent")]),
        ("Each player calls once: all %(count)s have called", [("count", "have")]),
        ("Tricks left: %(left)s of %(cards)s", []),
        ("%(name)s took %(tricks)s", []),
        ("%(count)s per minute", []),
        ("%(name)s wins the hand", []),  # a name is no count
    ],
)
def test_the_scan_finds_a_number_a_word_agrees_with(message: str, counted: list[tuple[str, str]]) -> None:
    assert counted_words(message) == counted

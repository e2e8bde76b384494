"""The glossary rules the catalogue (issue 30): each language's ``GLOSSARY.md`` fixes its word for the hook,
the trick, the trump, the bid and the call in a "Fixed terms" table, and the committed catalogue must use
it — the translation of each row's English message contains the chosen word, and no message uses a word
the glossary rules out ("Haken", "gancho", "strigare"…). Changing a card word means changing both."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ..catalogue_check import TRANSLATED_LANGUAGES, catalogue_path, glossary_path

FIXED_HEADING = "## Fixed terms"
REQUIRED_TERMS = ("hook", "trick", "trump", "bid", "call")
"""The card words every glossary must fix (issue 30)."""


@dataclass(frozen=True)
class FixedTerm:
    """One row of a glossary's "Fixed terms" table."""

    term: str
    english: str
    chosen: str
    never: tuple[str, ...]


def fixed_terms(glossary: Path) -> list[FixedTerm]:
    """The rows of the glossary's "Fixed terms" table: term | English message | chosen word | never."""
    text = glossary.read_text(encoding="utf-8")
    start = text.find(FIXED_HEADING)
    assert start >= 0, f"{glossary} has no {FIXED_HEADING!r} section"
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("## "):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("term", "") or set(cells[0]) <= {"-"}:
            continue
        never = tuple(word.strip() for word in cells[3].split(",") if word.strip())
        rows.append(FixedTerm(term=cells[0], english=cells[1], chosen=cells[2], never=never))
    return rows


def catalogue(code: str) -> Catalog:
    with catalogue_path(code).open("rb") as source:
        return read_po(source, locale=code)


def forms(string: str | tuple[str, ...]) -> tuple[str, ...]:
    return string if isinstance(string, tuple) else (string,)


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_every_glossary_fixes_the_card_words(code: str) -> None:
    terms = {row.term for row in fixed_terms(glossary_path(code))}
    assert not set(REQUIRED_TERMS) - terms, f"the {code} glossary does not fix {set(REQUIRED_TERMS) - terms}"


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_the_catalogue_uses_the_glossarys_chosen_words(code: str) -> None:
    messages = catalogue(code)
    wrong = []
    for row in fixed_terms(glossary_path(code)):
        message = messages.get(row.english)
        assert message is not None, (
            f"{row.english!r} (the {code} glossary's {row.term}) is not in the catalogue"
        )
        said = " ".join(forms(message.string))
        if row.chosen.casefold() not in said.casefold():
            wrong.append(f"{row.term}: {row.english!r} is {said!r}, without the glossary's {row.chosen!r}")
    assert not wrong, f"the {code} catalogue differs from its glossary:\n" + "\n".join(wrong)


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_no_message_uses_a_word_the_glossary_rules_out(code: str) -> None:
    banned = {word: row.term for row in fixed_terms(glossary_path(code)) for word in row.never}
    if not banned:
        return
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, banned)) + r")(?!\w)", re.IGNORECASE)
    found = [
        f"{message.id!r}: {said!r}"
        for message in catalogue(code)
        if message.id
        for said in forms(message.string)
        if pattern.search(said)
    ]
    assert not found, f"the {code} catalogue uses words its glossary rules out:\n" + "\n".join(found[:20])


def test_a_glossary_table_is_read_row_by_row(tmp_path: Path) -> None:
    glossary = tmp_path / "GLOSSARY.md"
    glossary.write_text(
        "# G\n\n## Fixed terms (checked)\n\n"
        "| term | English message | chosen word | never |\n|---|---|---|---|\n"
        "| hook | Hook | Aufgehverbot | Haken, Haken-Regel |\n| trick | Tricks | Stiche | |\n\n"
        "## Next\n| a | b | c | d |\n",
        encoding="utf-8",
    )
    assert fixed_terms(glossary) == [
        FixedTerm(term="hook", english="Hook", chosen="Aufgehverbot", never=("Haken", "Haken-Regel")),
        FixedTerm(term="trick", english="Tricks", chosen="Stiche", never=()),
    ]

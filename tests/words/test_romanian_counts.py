"""Romanian counts read right at every number (issue 42): a number from 20 up takes "de" before the noun it
counts ("20 de rânduri", "400 de jucători"), one from 2 to 19 — and 101 to 119 — does not ("19 rânduri",
"101 rânduri"), and 1 takes the singular ("1 rând"). Every plural message of the catalogue is rendered
through the compiled Romanian catalogue, as gettext does on the pages, at 1, 2, 19, 20 and 101.

The count is the placeholder whose next word changes between the English singular and plural ("%(most)s
member" / "%(most)s members"), or the one only the plural names ("Give the player a name" / "Give all
%(count)s players a name"). After it, in Romanian: at 20 either a "de" or no noun at all (a label form,
"puncte: 20", or the number closing a clause, "au licitat toți cei 20"); at 2, 19 and 101 never "de"."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..catalogue_check import TEMPLATE, catalogue_path

PLACEHOLDER = re.compile(r"%\(([A-Za-z_]\w*)\)s")
NUMBERS = (1, 2, 19, 20, 101)
MARK = "\ue001"
"""Stands right after the rendered count, so the words after it can be read."""
NO_NOUN = frozenset({"la", "în", "din", "pe", "și", "sau", "nu", "cu", "pentru", "ori", "până", "mai"})
"""Words that may follow a number with no noun after it ("o serie de 20 la rând", "20 sau mai mult")."""
FILLERS = {"deal": "runda", "deals": "rundele", "Deal": "Runda", "Deals": "Rundele", "singular": "runda",
           "plural": "rundele"}  # fmt: skip
"""The Romanian deal word, articulated as the catalogue's sentences take it (GLOSSARY.md)."""


def romanian() -> Translations:
    with catalogue_path("ro").open("rb") as source:
        catalogue = read_po(source, locale="ro")
    compiled = BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return Translations(compiled)


def plural_messages() -> list[tuple[str | None, str, str]]:
    """Each plural message of the catalogue template: its context, singular and plural."""
    with Path(TEMPLATE).open("rb") as source:
        catalogue = read_po(source)
    return [(message.context, *message.id) for message in catalogue if isinstance(message.id, tuple)]


def count_placeholder(singular: str, plural: str) -> str | None:
    """The placeholder that holds the count, by the English: the one whose next words change between
    the singular and the plural, or the one only the plural has; None when the two read alike."""
    numbers = [name for name in PLACEHOLDER.findall(plural) if name not in FILLERS]  # a deal word is no count
    only_plural = set(numbers) - set(PLACEHOLDER.findall(singular))
    if len(only_plural) == 1:
        return only_plural.pop()
    for name in numbers:
        after_singular = singular.partition(f"%({name})s")[2][:12]
        after_plural = plural.partition(f"%({name})s")[2][:12]
        if after_singular != after_plural:
            return name
    return None


def render(template: str, count: str, number: int) -> str:
    values = {name: FILLERS.get(name, "Ana") for name in PLACEHOLDER.findall(template)}
    values[count] = f"{number}{MARK}"
    return template % values


def words_after_counts(rendered: str) -> list[str]:
    """The word right after each rendered count ("" where none follows: punctuation or the end)."""
    found = []
    for after in rendered.split(MARK)[1:]:
        word = re.match(r"\s+([^\W\d_]+)", after)
        found.append(word.group(1) if word else "")
    return found


def mistakes(words: Translations, singular: str, plural: str, context: str | None = None) -> list[str]:
    count = count_placeholder(singular, plural)
    if count is None:
        return []

    def form(number: int) -> str:
        if context is None:
            return str(words.ngettext(singular, plural, number))
        return str(words.npgettext(context, singular, plural, number))

    found = []
    for number in NUMBERS:
        rendered = render(form(number), count, number)
        for word in words_after_counts(rendered):
            if number == 20 and word and word != "de" and word not in NO_NOUN and not word.isupper():
                found.append(f"{number}: {rendered!r} (a number from 20 takes 'de' before its noun)")
            if number != 20 and word == "de":
                found.append(f"{number}: {rendered!r} (only a number from 20 takes 'de')")
    one, two = (render(form(n), count, n) for n in (1, 2))
    nouns = [word for word in words_after_counts(one) if word and word not in NO_NOUN]
    if nouns and one.replace("1", "") == two.replace("2", ""):
        found.append(f"1: {one!r} reads as the plural {two!r}")
    return found


def test_every_romanian_count_reads_right_at_1_2_19_20_and_101() -> None:
    words = romanian()
    found = [
        f"{singular!r}: {problem}"
        for context, singular, plural in plural_messages()
        for problem in mistakes(words, singular, plural, context)
    ]
    assert not found, "Romanian counts that read wrong:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("singular", "plural", "count"),
    [
        ("A club has at most %(most)s member", "A club has at most %(most)s members", "most"),
        ("Give the player a name", "Give all %(count)s players a name", "count"),
        ("%(names)s and %(count)s more", "%(names)s and %(count)s more", None),
        ("%(count)s trick", "%(count)s tricks", "count"),
    ],
)
def test_the_count_is_found_by_the_english(singular: str, plural: str, count: str | None) -> None:
    assert count_placeholder(singular, plural) == count


@pytest.mark.parametrize(
    ("forms", "wrong"),
    [
        (("%(n)s rând", "%(n)s rânduri", "%(n)s de rânduri"), False),
        (("%(n)s rând", "%(n)s rânduri", "%(n)s rânduri"), True),  # "20 rânduri"
        (("%(n)s rând", "%(n)s de rânduri", "%(n)s de rânduri"), True),  # "2 de rânduri"
        (("%(n)s rânduri", "%(n)s rânduri", "%(n)s de rânduri"), True),  # "1 rânduri"
        (("puncte: %(n)s", "puncte: %(n)s", "puncte: %(n)s"), False),  # a label: no noun after the number
    ],
)
def test_the_check_tells_right_from_wrong(forms: tuple[str, str, str], wrong: bool) -> None:
    class Three:
        """Romanian's plural rule over three given forms."""

        @staticmethod
        def ngettext(singular: str, plural: str, number: int) -> str:
            if number == 1:
                return forms[0]
            return forms[1] if number == 0 or 0 < number % 100 < 20 else forms[2]

    found = mistakes(Three(), "%(n)s row", "%(n)s rows")  # type: ignore[arg-type]
    assert bool(found) is wrong

"""Names in the order a reader's language files them: "Ägypten" beside "Algerien", not after
"Zypern" as code points would put it.

The Unicode Collation Algorithm (pyuca, pure Python, with the Unicode default table) is the order
every language here starts from: letters with accents beside their base letter, case and accents
weighed only when the letters tie. ICU would also bring each language's own tailoring, but PyICU
builds against the system's ICU from source; the few letters our languages file as letters of their
own are tailored here instead, as CLDR does for them:

- Romanian: ă, then â, after a; î after i; ș after s; ț after t ("Țara" after "Turcia");
- Spanish: ñ after n ("Ñandú" after "Nuez").

German, French, Italian, Portuguese and English take the default order as it is.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache
from typing import TypeVar

from pyuca import Collator

Item = TypeVar("Item")

_LETTERS_OF_THEIR_OWN: dict[str, str] = {
    "ro": "ăâîșț",
    "es": "ñ",
}
"""The letters a language files after every word of their base letter, in its alphabet's order."""

_SAME_LETTER = str.maketrans("şţŞŢ", "șțȘȚ")
"""Romanian's ș and ț are sometimes written with a cedilla: the same letters."""


@cache
def _collator() -> Collator:
    return Collator()  # the default table, read once (about a second)


@cache
def _tailoring(language: str) -> dict[int, str]:
    # A tailored letter becomes its base letter and a private-use character: the algorithm weighs
    # an unassigned character above every letter, so "ăa" files after "az" and before "b", and
    # the characters' own order ranks "ă" before "â".
    table: dict[int, str] = {}
    for rank, letter in enumerate(_LETTERS_OF_THEIR_OWN.get(language, ""), start=1):
        base = unicodedata.normalize("NFD", letter)[0]
        for written, plain in ((letter, base), (letter.upper(), base.upper())):
            table[ord(written)] = plain + chr(0xE000 + rank)
    return table


def collation_key(text: str, language: str) -> tuple[int, ...]:
    """The key that files ``text`` where ``language`` (a code such as "de" or "pt_PT") files it."""
    tailoring = _tailoring(language.replace("-", "_").split("_")[0])
    written = unicodedata.normalize("NFC", text).translate(_SAME_LETTER).translate(tailoring)
    key: tuple[int, ...] = _collator().sort_key(written)
    return key


def in_order(items: list[Item], name: Callable[[Item], str], language: str) -> list[Item]:
    """``items`` sorted by their names (``name``) in ``language``'s order."""
    return sorted(items, key=lambda item: collation_key(name(item), language))

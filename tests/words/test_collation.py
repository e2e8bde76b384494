"""Names filed as each language files them (scorekeeper/words/collation.py): the Unicode Collation
Algorithm, with Romanian's and Spanish's letters of their own after their base letter, as CLDR
tailors them. The expected orders are written out from those alphabets, not from the code."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.words import collation_key, in_order


def filed(names: list[str], language: str) -> list[str]:
    return in_order(names, lambda name: name, language)


def test_an_umlaut_files_beside_its_letter_not_after_z() -> None:
    names = ["Zypern", "Ägypten", "Algerien", "Österreich", "Oman", "Ukraine", "Uganda", "Übersee"]
    assert filed(names, "de") == [
        "Ägypten", "Algerien", "Oman", "Österreich", "Übersee", "Uganda", "Ukraine", "Zypern"
    ]


def test_accents_weigh_only_when_the_letters_tie() -> None:
    assert filed(["Équateur", "Egypte", "Érythrée", "Estonie", "Zambie"], "fr") == [
        "Egypte", "Équateur", "Érythrée", "Estonie", "Zambie"
    ]
    assert filed(["Arménia", "Argentina", "Áustria", "Azerbaijão"], "pt_PT") == [
        "Argentina", "Arménia", "Áustria", "Azerbaijão"
    ]


def test_romanian_letters_of_their_own_come_after_their_base_letter() -> None:
    names = ["Țara Galilor", "Turcia", "Tunisia", "Șerban", "Suedia", "Ăla", "Azerbaidjan", "Îndia", "Iran",
             "Ştefan", "Âmbra", "Bulgaria"]
    assert filed(names, "ro") == [
        "Azerbaidjan", "Ăla", "Âmbra", "Bulgaria", "Iran", "Îndia", "Suedia", "Șerban", "Ştefan",
        "Tunisia", "Turcia", "Țara Galilor",
    ]


def test_spanish_enye_is_a_letter_after_n_and_only_in_spanish() -> None:
    names = ["Ñandú", "Nuez", "Niño", "Oso", "nada"]
    assert filed(names, "es") == ["nada", "Niño", "Nuez", "Ñandú", "Oso"]
    assert filed(names, "it") == ["nada", "Ñandú", "Niño", "Nuez", "Oso"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(string.ascii_letters, min_size=1, max_size=8), min_size=2, max_size=8, unique=True),
       st.sampled_from(["en", "ro", "de", "fr", "es", "it", "pt_PT"]))
def test_plain_letters_file_alphabetically_whatever_their_case(names: list[str], language: str) -> None:
    """Without accents every language files by the letters, case only breaking a tie: the order of
    the case-folded names (an independent computation) wherever they differ."""
    ordered = filed(names, language)
    folded = [name.casefold() for name in ordered]
    assert folded == sorted(folded)
    assert len({collation_key(name, language) for name in names}) == len(names)

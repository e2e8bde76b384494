"""The words of the offline entry (rules/constraints.py): the refusal of a declared rule that names none."""

from __future__ import annotations

from ._core import Phrase, words

words(
    {
        # A declared rule without a refusal of its own (a value outside its choices, which no
        # page offers): nothing to say beyond marking the field. (A Phrase, not ``say``: an empty
        # message is not one to extract — gettext("") is the catalogue's header.)
        "constraint_broken": Phrase(""),
    }
)

"""Every language's catalogue may ship: complete, in step with the catalogue template, every placeholder
and plural form kept, compilable, its glossary beside it (``tests/catalogue_check.py`` says what is
wrong, message by message; translators run it as they work)."""

from __future__ import annotations

import pytest

from ..catalogue_check import TRANSLATED_LANGUAGES, problems


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_the_catalogue_is_complete_and_in_step(code: str) -> None:
    found = problems(code)
    shown = "\n".join(found[:40]) + (f"\n… and {len(found) - 40} more" if len(found) > 40 else "")
    assert not found, f"the {code} catalogue has {len(found)} problem(s):\n{shown}"

"""Counts take their language's plural forms (issue 30): "1 Stich" and "2 Stiche", "1 presa" and
"2 prese", never "1 Stiche". Each catalogue's translation of the tricks and honours counts is rendered
for 1 and 2 with the language's own plural rule, as gettext does on the pages."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..catalogue_check import TRANSLATED_LANGUAGES, catalogue_path

COUNTS = {
    ("%(count)s trick", "%(count)s tricks"): {
        "ro": ("1 levată", "2 levate"),
        "de": ("1 Stich", "2 Stiche"),
        "fr": ("1 pli", "2 plis"),
        "es": ("1 baza", "2 bazas"),
        "it": ("1 presa", "2 prese"),
        "pt": ("1 vaza", "2 vazas"),
    },
    ("%(count)s honour", "%(count)s honours"): {
        "ro": ("1 onor", "2 onoruri"),
        "de": ("1 Honneur", "2 Honneurs"),
        "fr": ("1 honneur", "2 honneurs"),
        "es": ("1 honor", "2 honores"),
        "it": ("1 onore", "2 onori"),
        "pt": ("1 honra", "2 honras"),
    },
}
"""The singular and the plural a native reader expects, by message and language."""


def translations(code: str) -> Translations:
    """The committed catalogue compiled as the app loads it."""
    with catalogue_path(code).open("rb") as source:
        catalogue = read_po(source, locale=code)
    compiled = BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return Translations(compiled)


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
@pytest.mark.parametrize("message", list(COUNTS), ids=lambda message: message[1].split()[-1])
def test_one_and_two_take_the_singular_and_the_plural(code: str, message: tuple[str, str]) -> None:
    words = translations(code)
    one, two = (words.ngettext(*message, count) % {"count": count} for count in (1, 2))
    assert (one, two) == COUNTS[message][code]
    assert one != two


def test_a_plural_with_several_values_names_its_count() -> None:
    """Jinja counts a bare ``{% pluralize %}`` by the trans tag's first value: with ``format_name=…,
    count=…`` that is a name, and every translated page with it answered 500 (a plural needs a number)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "templates"
    tag = re.compile(r"\{%-?\s*trans\s+([^%]*?)\s*-?%\}(.*?)\{%-?\s*endtrans\s*-?%\}", re.S)
    bare: list[str] = []
    for template in root.rglob("*.html"):
        for values, body in tag.findall(template.read_text()):
            several = values.count("=") > 1
            if several and re.search(r"\{%-?\s*pluralize\s*-?%\}", body):
                bare.append(f"{template.relative_to(root)}: {{% trans {values} %}}")
    assert not bare, "name the count: {% pluralize count %}\n" + "\n".join(bare)

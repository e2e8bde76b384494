"""No punctuation is joined to a message in a template (issue 42): "{{ count }}:" gives French "24 donnes:"
where it needs "24 donnes :" with a non-breaking space, and a reader's language may want another sign or
another order. A colon, semicolon, question or exclamation mark belongs inside the translated message
(``{% trans %}…:{% endtrans %}``, or a pattern such as "%(label)s: %(value)s").

The scan takes every template, sets aside what is translated whole (the bodies of ``{% trans %}`` blocks),
stylesheets, scripts and comments, and looks for one of those signs written right after or right before a
value (``}}``) or a translated message (``{% endtrans %}``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

TRANSLATED = re.compile(r"\{%-?\s*trans\b.*?%\}.*?\{%-?\s*endtrans\s*-?%\}", re.S)
"""A message translated whole, punctuation and all: set aside as one value."""
NOT_WORDS = re.compile(r"<style\b.*?</style>|<script\b.*?</script>|\{#.*?#\}", re.S)
"""Stylesheets, scripts and template comments: their ":" and ";" are code, not words."""
VALUE = "\ue000"
"""What a value or a translated message is replaced with before the scan (a private-use character)."""
EXPRESSION = re.compile(r"\{\{.*?\}\}", re.S)
TAG = re.compile(r"\{%.*?%\}", re.S)
SIGNS = ":;?!"
JOINED = re.compile(rf"{VALUE}[ \t]*[{SIGNS}](?![\w/])|(?<![\w/])[{SIGNS}][ \t]*{VALUE}")
"""A sign just after or just before a value (not inside a URL, a time such as "20:15", or an attribute)."""


def joined_punctuation(source: str) -> list[str]:
    """The lines of a template where punctuation is joined to a value or a translated message."""
    text = NOT_WORDS.sub(lambda found: "\n" * found.group().count("\n"), source)
    text = TRANSLATED.sub(lambda found: VALUE + "\n" * found.group().count("\n"), text)
    text = EXPRESSION.sub(lambda found: VALUE + "\n" * found.group().count("\n"), text)
    text = TAG.sub(lambda found: "\n" * found.group().count("\n"), text)
    # A value inside an HTML attribute (href="{{ … }}?next=…", style="…: {{ … }}") is no sentence.
    text = re.sub(r'="[^"]*"', lambda found: "\n" * found.group().count("\n"), text)
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if JOINED.search(line):
            found.append(f"line {number}: {source.splitlines()[number - 1].strip()[:160]}")
    return found


def test_no_template_joins_punctuation_to_a_value_or_a_message() -> None:
    found = [
        f"{template.relative_to(TEMPLATES)} {line}"
        for template in sorted(TEMPLATES.rglob("*.html"))
        for line in joined_punctuation(template.read_text(encoding="utf-8"))
    ]
    assert not found, "put the punctuation inside the translated message:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "joined"),
    [
        ("<p>{{ plan|count }}:</p>", True),
        ("<p>{% trans %}Deals{% endtrans %}: {{ n }}</p>", True),
        ("<span>{{ name }} ?</span>", True),
        ("<p>:{{ value }}</p>", True),
        ("<p>{% trans n=n %}{{ n }} deals:{% endtrans %}</p>", False),
        ("<p>{% trans label=l, value=v %}{{ label }}: {{ value }}{% endtrans %}</p>", False),
        ('<a href="{{ url }}?next={{ here }}">x</a>', False),
        ("<style>@page { size: {{ paper }}; }</style>", False),
        ("<p>{{ a }} · {{ b }}</p>", False),
        ("<time>{{ hour }}:{{ minute }}</time>", True),
    ],
)
def test_the_scan_finds_punctuation_joined_in_code(source: str, joined: bool) -> None:
    assert bool(joined_punctuation(source)) is joined

"""Pages read in the pseudo-locale: an app whose reader chose it, and the English left on a page."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from babel import dates
from flask import Flask

from scorekeeper.rules.variants import VARIANTS
from scorekeeper.web import language

from .. import pseudo_locale
from .conftest import app_in

HIDDEN = re.compile(r"<(script|style|title)\b.*?</\1>|<!--.*?-->", re.S | re.I)
TAG = re.compile(r"<[^>]*>")
SPOKEN = re.compile(r'\b(aria-label|title|placeholder|alt)="([^"]*)"')
URL = re.compile(r"https?://\S+")
ASCII_WORDS = re.compile(r"\b[A-Za-z][A-Za-z'’]+(?:[ ,.:;!?()-]+[A-Za-z][A-Za-z'’]+)*\b")
ALWAYS_ENGLISH = {
    # The app's own name and the language picker (each language named in its own words).
    "Scorekeeper", "English", "Pseudo", "PDF", "CSV", "JSON", "QR", "API", "OK",
}


def pseudo_app(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """An app with the pseudo catalogue, offering its language to the picker."""
    monkeypatch.setitem(language.LANGUAGES, pseudo_locale.PSEUDO, "Pseudo")
    translations = pseudo_locale.build(folder / "translations")
    yield from app_in(folder, BABEL_TRANSLATION_DIRECTORIES=str(translations))


def alias_lists() -> set[str]:
    """The other codes each game is found by, as a rules page lists them: codes, in every language."""
    return {", ".join(variant.aliases) for variant in VARIANTS}


def locale_words() -> set[str]:
    """The pseudo-locale's own words from Babel's locale data (Esperanto's month names in a date):
    written by Babel's formats in the reader's locale, so not English left behind."""
    months = dates.get_month_names("wide", locale=pseudo_locale.PSEUDO)
    short = dates.get_month_names("abbreviated", locale=pseudo_locale.PSEUDO)
    return {*months.values(), *short.values()}


def english_left(page: str, allowed: Iterable[str] = ()) -> list[str]:
    """The runs of plain ASCII words a reader sees on ``page`` (an HTML page or plain text),
    leaving out the names given (players, tables, games) and what every language keeps."""
    shown = HIDDEN.sub(" ", page)
    read_aloud = " ".join(value for _, value in SPOKEN.findall(shown))  # what a screen reader says
    text = html.unescape(TAG.sub(" ", shown) + " " + read_aloud)
    text = URL.sub(" ", text)
    names = {
        *allowed,
        *(name[:3] for name in allowed),
        *alias_lists(),
        *language.LANGUAGES.values(),
        *locale_words(),
    }
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", " ", text)
    runs = []
    for run in ASCII_WORDS.findall(text):
        words = [word for word in re.findall(r"[A-Za-z'’]+", run) if word not in ALWAYS_ENGLISH]
        if words:
            runs.append(run)
    return runs

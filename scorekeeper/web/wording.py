"""The words in the web layer: what a request's pages, API answers and files say, through
``scorekeeper.words``.

A game's texts are worded with its variant's word for a deal: loading a game
(``store.game_of``) or a variant's page (``use_variant``, re-exported here from
``games/current.py``) sets it for the request. Templates word any engine text with the ``say`` filter (also a
global): ``{{ note|say }}``, ``{{ error|say }}``, ``{{ choice.reason|say }}``,
``{{ call|say }}`` for a Bid Whist call or an Oneonta bid, ``{{ suit|say }}``
for a trump. Views call :func:`say` the same way.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from functools import cache, lru_cache
from typing import Any

import pytz
from babel.dates import get_timezone_location
from flask import Flask
from flask_babel import format_date, format_decimal, format_percent, get_locale
from markupsafe import Markup

from .. import words
from ..games.current import deal_word
from ..games.current import use_variant as use_variant  # the views set a variant's page through here
from ..rules import RuleViolation, Text, Trump, Variant, get_variant
from ..rules.variant import DealWord


class Worded(dict[Any, str]):
    """Words for codes, marked for the catalogue (``N_``) where they are written and read in the
    reader's language: ``LABELS[code]`` (in a view or a template) and ``LABELS.get(code, …)`` are
    translated."""

    def __getitem__(self, key: Any) -> str:
        return words.gettext(super().__getitem__(key))

    def get(self, key: Any, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default


def say(said: Any, variant: Variant | None = None) -> str:
    """The sentence for an engine text, a refusal, a call or bid (anything with ``said``) or a trump;
    plain text as it is; nothing for None. ``variant`` words it for another game than this request's."""
    if said is None:
        return ""
    if isinstance(said, Trump):
        return words.trump_name(said)
    if not isinstance(said, (Text, RuleViolation, str, int, tuple)) and hasattr(said, "said"):
        said = said.said
    speaker = words.Speaker(variant.deal_word if variant is not None else deal_word())
    return speaker(said)


def declared(value: Any) -> Any:
    """What a variant declares for a reader, in the reader's language: a name, summary, label, help or
    family's name (a string), or its word for a deal (a :class:`DealWord`, as :class:`words.DealWords`
    with the same ``singular``, ``title``, ``count(n)`` …). Never used by the JSON API, which keeps
    the declared English."""
    if isinstance(value, DealWord):
        return words.deal_words(value)
    if isinstance(value, str):
        return words.declared(value)
    return value


_PAGE_NUMBERS = re.compile(r"(%\((?:page|pages)\)s)")
_COUNTERS = {"%(page)s": "counter(page)", "%(pages)s": "counter(pages)"}


def page_count_css() -> Markup:
    """The PDF footer's words ("Page 1 of 3") as a CSS ``content`` value, in the reader's language and
    in its order of words: the translated sentence cut at its placeholders, which become WeasyPrint's
    page counters. For the PDF's own ``<style>`` (no CSP there): every piece is a CSS string with
    anything that could close it, or the style element, escaped."""
    template = words.gettext("Page %(page)s of %(pages)s")
    pieces = []
    for piece in _PAGE_NUMBERS.split(template):
        if piece in _COUNTERS:
            pieces.append(_COUNTERS[piece])
        elif piece:
            pieces.append(_css_string(piece))
    return Markup(" ".join(pieces))


def _css_string(text: str) -> str:
    escaped = "".join(f"\\{ord(char):x} " if char in '"\\<>&\n' else char for char in text)
    return f'"{escaped}"'


def refusal_json(refused: RuleViolation) -> dict[str, Any]:
    """A refusal as the API answers it: the sentence, the field at fault, the code and its parameters
    (and the seat at fault, when one player's input is)."""
    body: dict[str, Any] = {"error": say(refused)}
    if refused.field is not None:
        body["field"] = refused.field
    body["code"] = refused.code
    body["params"] = words.params_json(refused.params)
    if refused.seat is not None:
        body["seat"] = refused.seat
    return body


def variant_name(code: str) -> str:
    """A variant's name from its code, in the reader's language (the code itself for a variant this
    server no longer knows)."""
    try:
        return words.declared(get_variant(code).name)
    except RuleViolation:
        return code


def percent(share: float | None) -> str:
    """A share as a whole percent in the reader's locale ("62%", "62 %" in German); a dash when
    there is nothing to share."""
    return "—" if share is None else str(format_percent(share))


def percent_sign() -> str:
    """What follows a whole percent in the reader's locale ("%", " %" in German), for a chart whose
    values are percents."""
    return str(format_percent(0)).replace(str(format_decimal(0)), "", 1)


def decimal(value: float | None, places: int = 1, *, signed: bool = False) -> str:
    """A number with ``places`` decimals in the reader's locale ("2.4", "2,4" in Romanian; "+0.3"
    when ``signed``, "−0.3" below zero); a dash for none."""
    if value is None:
        return "—"
    pattern = "#,##0." + "0" * places
    written = str(format_decimal(value, format=f"+{pattern};-{pattern}" if signed else pattern))
    return words.true_minus(written)  # the true minus sign (U+2212), as every negative number has


def in_sentence(label: str) -> str:
    """A label set inside a sentence, as the reader's language writes it there (words.in_sentence)."""
    return words.in_sentence(label)


def day(moment: datetime | date) -> str:
    """A date as the pages show it, in the reader's locale and on the reader's calendar (their time
    zone, web/language.py): "Nov 22, 2026", "22 nov. 2026"."""
    return str(format_date(moment, "medium"))


def long_day(moment: datetime | date) -> str:
    """A date written out, as a sheet heads it: "November 22, 2026", "22. November 2026" (on the
    reader's calendar)."""
    return str(format_date(moment, "long"))


def in_reader_order(name: str) -> tuple[int, ...]:
    """The key that files a name where the reader's language files it ("Ägypten" beside "Algerien",
    Romanian "Țurcanu" after "Tudor"): sort every list of names a reader sees by it."""
    return words.collation_key(name, str(get_locale() or "en"))


def time_zone_label(name: str | None) -> str:
    """A time zone as the reader's language names it: "United States (New York) Time", "heure :
    États-Unis (New York)"; UTC for none."""
    if not name or name == "UTC":
        return "UTC"
    return _zone_label(name, str(get_locale()))


def time_zone_choices(kept: str | None = None) -> tuple[tuple[str, str], ...]:
    """Every common time zone as (IANA name, the reader's words for it), UTC first, then in the order
    the reader's language files those words (so a country's zones stand together, "Ägypten" beside
    "Algerien"), each label once; worked out once per language. ``kept`` (a club's zone) is listed
    even when it is an old name another zone's label stands for, so that it stays chosen."""
    choices = _zone_choices(str(get_locale()))
    if kept and kept != "UTC" and kept in pytz.all_timezones_set and all(name != kept for name, _ in choices):
        label = time_zone_label(kept)
        choices = (*choices, (kept, f"{label} ({kept})"))
    return choices


@cache
def _zone_choices(locale: str) -> tuple[tuple[str, str], ...]:
    # Two names for one place ("America/New_York" and its old link "US/Eastern") read the same:
    # the first, the continent's, is listed (pytz lists them in code order).
    labelled: dict[str, str] = {}
    for name in pytz.common_timezones:
        if name != "UTC":
            labelled.setdefault(_zone_label(name, locale), name)
    named = words.in_order([(name, label) for label, name in labelled.items()], lambda item: item[1], locale)
    return (("UTC", "UTC"), *named)


@lru_cache(maxsize=4096)
def _zone_label(name: str, locale: str) -> str:
    return str(get_timezone_location(pytz.timezone(name), locale=locale))


def init_wording(app: Flask) -> None:
    """Make ``say`` a filter and a global of the templates, with the option words and ``declared``
    (``{{ variant.name|declared }}``, ``{{ (variant.deal_word|declared).title }}``)."""
    app.jinja_env.filters["say"] = say
    app.jinja_env.globals["say"] = say
    app.jinja_env.filters["declared"] = declared
    app.jinja_env.filters["trump_sign"] = words.trump_sign
    app.jinja_env.filters["bid_kind"] = words.bid_kind
    app.jinja_env.globals["page_count_css"] = page_count_css
    app.jinja_env.globals["option_value"] = words.option_value
    # Numbers, shares and dates in the reader's locale, and a variant's name from its code.
    for name, function in (
        ("variant_name", variant_name),
        ("percent", percent),
        ("decimal", decimal),
        ("whole", words.whole),
        ("in_sentence", in_sentence),
        # The first letter in capitals, the rest as written (never Jinja's ``capitalize``).
        ("capitalised", words.capitalised),
        ("day", day),
        ("long_day", long_day),
        ("time_zone_label", time_zone_label),
    ):
        app.jinja_env.filters[name] = function

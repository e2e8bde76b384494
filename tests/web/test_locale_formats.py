"""Numbers and dates in the reader's locale, by Babel's formats: the statistics' shares and averages,
the dates of a table's games, the numbers inside the engine's sentences."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

from babel.dates import format_date
from flask import Flask

from scorekeeper import words
from scorekeeper.rules import Text

from ..pseudo_locale import pseudo
from .conftest import Driver, error_text
from .tables_driver import TablePhone
from .test_language import app  # noqa: F401  (every language offered, the pseudo catalogue in each)
from .test_table_stats import table  # noqa: F401  (two games of a table worked out by hand)


def text_of(phone: TablePhone, path: str) -> str:
    """The page's text, every run of spaces (the no-break ones of a locale's formats too) as one."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", phone.text(path))))


def test_the_statistics_read_in_the_readers_locale(
    table: tuple[TablePhone, str, dict[str, str]],  # noqa: F811
) -> None:
    phone, group_id, _games = table
    phone.client.set_cookie("language", "de")
    text = text_of(phone, f"/tables/{group_id}/stats?variant=custom-oh-hell")
    # German: a decimal comma, and a (no-break) space before the percent sign.
    assert "50 %" in text and "1,5" in text and "3,0" in text and "27,0" in text
    assert "83 %" in text and "−0,50" in text
    phone.client.set_cookie("language", "en")
    english = text_of(phone, f"/tables/{group_id}/stats?variant=custom-oh-hell")
    assert "50%" in english and "1.5" in english and "−0.50" in english


def test_a_tables_dates_read_in_the_readers_locale(
    table: tuple[TablePhone, str, dict[str, str]],  # noqa: F811
) -> None:
    phone, group_id, _games = table
    today = datetime.now(UTC).date()
    for code in ("ro", "fr", "en"):
        phone.client.set_cookie("language", code)
        games = text_of(phone, f"/tables/{group_id}/games")
        assert format_date(today, "medium", locale=code) in games, code


def test_numbers_in_the_engines_sentences_follow_the_locale(app: Flask) -> None:  # noqa: F811
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        app.preprocess_request()
        assert words.whole(12500) == "12.500"
        said = words.english(Text("table_file_too_many_games", most=1000, count=12500))
        assert "1.000" in said and "12.500" in said
    with app.test_request_context("/"):
        assert words.whole(12500) == "12,500"


def test_the_forms_own_refusal_names_the_field_and_says_why_in_the_readers_language(
    app: Flask,  # noqa: F811
) -> None:
    client = app.test_client()
    client.set_cookie("language", "ro")
    driver = Driver(app, client)
    refused = driver.post(
        "/games/new/oh-hell",
        {"players-0": "A" * 31, "players-1": "Bob", "players-2": "Cy", "first_dealer": "0"},
        token_from="/games/new/oh-hell",
    )
    assert refused.status_code == 422
    said = error_text(refused)
    # The field's label from this app's catalogue (pseudo here), the reason from WTForms' Romanian.
    assert said.startswith("[" + pseudo("Players") + ": ") and "30" in said  # inside "[%(label)s: …]"
    assert "Field cannot be longer" not in said

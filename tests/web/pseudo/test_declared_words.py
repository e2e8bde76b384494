"""What the engine declares in English — the variants' names, summaries and options, its word for a
deal, the stand-in names of unnamed players — and the words the scripts and the app's manifest show,
read in the reader's language on the pages, while the JSON API keeps the declared English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.drives import store as drive_store
from scorekeeper.rules import get_variant
from scorekeeper.rules.declared import english_stand_in
from scorekeeper.words import _core

from ...pseudo_locale import pseudo
from ..conftest import Driver
from ..drive_pages import Organiser

ROMANIAN = get_variant("romanian-whist")
STATIC = Path(__file__).resolve().parent.parent.parent / "static"
SELECTOR = re.compile(r"""(?:querySelector(?:All)?|closest)\((["'`]).*?\1\)""")


def page(reader: Driver, path: str) -> str:
    answer = reader.client.get(path)
    assert answer.status_code == 200, path
    return answer.get_data(as_text=True)


def test_the_variants_declared_words_read_in_the_readers_language(reader: Driver) -> None:
    home = page(reader, "/")
    assert pseudo("Romanian Whist") in home and pseudo(ROMANIAN.summary) in home
    assert pseudo("Oh Hell") in home  # a family's heading
    form = page(reader, "/games/new/romanian-whist")
    seven = ROMANIAN.option("seven_player_deck")
    for declared in (seven.label, seven.help, seven.choice_labels["dead_hand"]):
        assert pseudo(declared) in form
    rules = page(reader, "/rules/bid-whist")
    hands = pseudo("hands")  # Bid Whist's word for a deal, as a heading: its first letter in capitals
    assert f'<h2 id="deals">{hands[0]}{hands[1].upper()}{hands[2:]}</h2>' in rules


def test_the_home_filter_finds_a_game_by_its_name_in_either_language(reader: Driver) -> None:
    for query in ("romanian", pseudo("Romanian Whist")[1:9].lower()):
        found = page(reader, f"/?q={query}")
        assert pseudo("Romanian Whist") in found and pseudo("Bid Whist") not in found, query


def test_the_api_keeps_the_declared_english_whatever_language_is_asked_for(reader: Driver) -> None:
    english = reader.app.test_client().get("/api/v1/variants").get_json()
    asked = reader.client.get("/api/v1/variants", headers={"Accept-Language": "eo"}).get_json()
    assert asked == english
    romanian = next(item for item in english["variants"] if item["code"] == "romanian-whist")
    assert romanian["name"] == "Romanian Whist" and romanian["summary"] == ROMANIAN.summary


def test_the_scripts_take_their_words_from_the_page(reader: Driver) -> None:
    game_id = reader.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    entry = page(reader, f"/games/{game_id}/deals/1")
    for attribute, words in (
        ("data-to-call", "to call"),
        ("data-save-calls", "Save the calls so far"),
        ("data-save-plain", "Save"),
    ):
        assert f'{attribute}="{pseudo(words)}"' in entry
    assert 'data-save-deal="' + pseudo("Save the %(singular)s") % {"singular": pseudo("hand")} in entry
    sheet = page(reader, f"/games/{game_id}")
    assert f'data-copied-said="{pseudo("Link copied: paste it in a message to the table.")}"' in sheet
    assert f'data-not-copied="{pseudo("This browser would not copy: hold the link to copy it.")}"' in sheet


def test_no_script_holds_a_sentence_of_its_own() -> None:
    """The scripts show only the page's words: no English string a reader could see (class names,
    given after ``class:``, are the only runs of words a script holds)."""
    sentence = re.compile(r"""(?<!class: )(["'`])((?:[A-Z][a-z]+|[a-z]+)(?: [a-z]+)+[.!?]?)\1""")
    found = {}
    for script in STATIC.glob("*.js"):
        code = "\n".join(
            line for line in script.read_text().splitlines() if not line.lstrip().startswith("//")
        )
        code = SELECTOR.sub("", code)
        said = [text for _, text in sentence.findall(code) if text != "use strict"]
        said += [word for word in ("Close", "Save", "Sheet", "Copied") if f'"{word}"' in code]
        if said:
            found[script.name] = said
    assert found == {}


def test_the_manifest_installs_the_app_in_the_readers_language(reader: Driver) -> None:
    manifest = reader.client.get("/manifest.webmanifest").get_json()
    assert manifest["lang"] == "eo" and manifest["short_name"] == "Scorekeeper"
    assert manifest["name"] == pseudo("Scorekeeper for whist-family card games")
    english = reader.app.test_client().get("/manifest.webmanifest").get_json()
    assert english["lang"] == "en" and english["name"] == "Scorekeeper for whist-family card games"


def test_unnamed_players_are_named_in_the_readers_language(reader: Driver) -> None:
    rules = page(reader, "/rules/oh-hell?players=4")
    stand_in = pseudo("Player %(number)s")
    assert stand_in % {"number": 1} in rules and "Player 1" not in rules
    # A newcomer the rules would refuse is named so too (Classic Whist seats four, no more).
    game_id = reader.start("classic-whist", ["Ann", "Bob", "Cy", "Dee"])
    assert reader.post_deal(game_id, 1, {"side": 0, "tricks": 8, "trump": "H"}).status_code == 302
    assert stand_in % {"number": 5} in page(reader, f"/games/{game_id}/events")
    # The API words the reason as it words every sentence: English, unless another language is asked.
    api = reader.app.test_client()
    english = api.get(f"/api/v1/games/{game_id}/events").get_json()["possible"]
    asked = api.get(f"/api/v1/games/{game_id}/events", headers={"Accept-Language": "eo"}).get_json()[
        "possible"
    ]
    arrival = next(choice for choice in english if choice["event"] == "arrival")
    assert arrival["reason"].startswith("Player 5 cannot join")
    arrival = next(choice for choice in asked if choice["event"] == "arrival")
    assert stand_in % {"number": 5} in arrival["reason"]


def test_a_drive_given_only_its_number_of_players_names_them_in_the_organisers_language(
    reader: Driver,
) -> None:
    organiser = Organiser(reader.app, reader.client)
    assert organiser.set_up(8).status_code == 303
    with reader.app.app_context():
        record, _drive = drive_store.load_drive(organiser.drive_id)
    # The names are the players' names from then on: stored as they were worded.
    assert record.players[:2] == [pseudo("Player %(number)s") % {"number": n} for n in (1, 2)]
    assert english_stand_in(1) == "Player 1"  # what the engine and the API say by themselves


def test_the_pdf_footer_follows_the_languages_order_of_words(
    reader: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.web.wording import page_count_css

    with reader.app.test_request_context("/"):
        assert page_count_css() == '"Page " counter(page) " of " counter(pages)'
        translations = {"Page %(page)s of %(pages)s": 'Seite %(page)s "</style>" %(pages)s'}
        catalogue = (lambda message: translations.get(message, message), _core._translations[0][1])
        monkeypatch.setattr(_core, "_translations", [catalogue])
        assert page_count_css() == r'"Seite " counter(page) " \22 \3c /style\3e \22  " counter(pages)'

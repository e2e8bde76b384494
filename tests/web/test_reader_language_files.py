"""The PDFs and the live view in the reader's language: each kept PDF is named by the language it
is printed in, its paper follows the region of that language, and the live view follows a change
of language at once."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ..pseudo_locale import pseudo
from .conftest import Driver
from .drive_pages import Organiser
from .test_games_exact import play, romanian
from .test_language import app  # noqa: F401  (every language offered, the pseudo catalogue in each)

DRIVE_PLAYERS = [f"Guest{letter}" for letter in "ABCDEFGH"]


def reader(app: Flask, language: str | None, **headers: str) -> FlaskClient:  # noqa: F811
    client = app.test_client()
    if language is not None:
        client.set_cookie("language", language)
    client.environ_base.update(
        {f"HTTP_{name.upper().replace('-', '_')}": value for name, value in headers.items()}
    )
    return client


def pdf_text(data: bytes, folder: Path) -> str:
    path = folder / "read.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout


def page_size(data: bytes, folder: Path) -> str:
    path = folder / "size.pdf"
    path.write_bytes(data)
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return next(line for line in info.splitlines() if line.startswith("Page size:"))


def paths(driver: Driver) -> dict[str, tuple[str, str]]:
    """Each kind of kept PDF, with a heading it prints (in English)."""
    game_id = romanian(driver)
    play(driver, game_id, 1, (0, 0, 0), (1, 0, 0))
    organiser = Organiser(driver.app, driver.client)
    assert organiser.set_up(DRIVE_PLAYERS).status_code == 303
    return {
        "game sheet": (f"/games/{game_id}/sheet.pdf?paper=a4", "Standings after"),
        "blank sheet": ("/sheets/blank/oh-hell/sheet.pdf?count=4&paper=a4", "Length"),
        "drive results": (f"{organiser.url}/results.pdf?paper=a4", "Prizes"),
        "tally cards": (f"{organiser.url}/tally-cards.pdf?paper=a4", "Hand"),
    }


def test_two_readers_in_two_languages_get_two_pdfs_each_in_their_own_words(
    app: Flask,  # noqa: F811
    driver: Driver,
    renders: list[str],
    tmp_path: Path,
) -> None:
    for kind, (path, heading) in paths(driver).items():
        renders.clear()
        english = reader(app, "en").get(path)
        romanian_reader = reader(app, "ro").get(path)
        assert english.status_code == romanian_reader.status_code == 200, kind
        assert english.headers["ETag"] != romanian_reader.headers["ETag"], kind
        in_english = pdf_text(english.data, tmp_path)
        in_romanian = pdf_text(romanian_reader.data, tmp_path)
        assert heading in in_english and heading not in in_romanian, kind
        # The catalogue's words (this app's "ro" is pseudo); a narrow column may wrap them after the word.
        assert pseudo(heading)[:5] in in_romanian, kind
        assert len(renders) == 2, kind
        # Another reader in Romanian is handed the kept one: the same file, nothing made again.
        again = reader(app, "ro").get(path)
        assert again.data == romanian_reader.data and again.headers["ETag"] == romanian_reader.headers["ETag"]
        assert len(renders) == 2, kind


@pytest.mark.parametrize(
    ("picked", "accept_language", "paper"),
    [
        (None, "en-US,en;q=0.9", "letter"),  # the browser's region, as before
        ("en", "en-US,en;q=0.9", "letter"),  # English picked, the browser's US English
        ("de", "en-US,en;q=0.9", "A4"),  # German picked with no region: A4
        ("de", "de-CH,en-US;q=0.5", "A4"),  # the region of the language picked
        (None, "ro", "A4"),
        ("fr", "fr-CA,en-US;q=0.5", "letter"),  # Canada prints on Letter
    ],
)
def test_the_paper_follows_the_region_of_the_readers_language(
    app: Flask,  # noqa: F811
    tmp_path: Path,
    picked: str | None,
    accept_language: str,
    paper: str,
) -> None:
    client = reader(app, picked, **{"Accept-Language": accept_language})
    answer = client.get("/sheets/blank/oh-hell/sheet.pdf?count=4")
    assert answer.status_code == 200
    assert f"({paper})" in page_size(answer.data, tmp_path)
    # Asked for by name, the paper is the one asked for.
    letter = client.get("/sheets/blank/oh-hell/sheet.pdf?count=4&paper=letter")
    assert "(letter)" in page_size(letter.data, tmp_path)


def test_the_live_view_follows_the_readers_choice_of_language(app: Flask, driver: Driver) -> None:  # noqa: F811
    game_id = romanian(driver)
    viewer = reader(app, None)
    first = viewer.get(f"/games/{game_id}/live")
    assert first.status_code == 200 and 'lang="en"' in first.get_data(as_text=True)
    etag = first.headers["ETag"].strip('"')
    assert f'data-etag="{etag}"' in first.get_data(as_text=True)
    same = viewer.get(f"/games/{game_id}/live?fragment=1", headers={"If-None-Match": f'"{etag}"'})
    assert same.status_code == 304
    # The reader picks Romanian: the page and the fragment it polls read in Romanian at once,
    # though the game has not changed.
    assert viewer.get(f"/language/ro?next=/games/{game_id}/live").status_code == 303
    for path in (f"/games/{game_id}/live", f"/games/{game_id}/live?fragment=1"):
        answer = viewer.get(path, headers={"If-None-Match": f'"{etag}"'})
        assert answer.status_code == 200, path
        assert pseudo("Next %(singular)s") % {"singular": pseudo("deal")} in answer.get_data(as_text=True), (
            path
        )

"""Every page read in the pseudo-locale (each message accented, bracketed and 40 % longer) shows
no English left outside gettext: whatever a reader of another language would see untranslated."""

from __future__ import annotations

import subprocess
from pathlib import Path

from ...pseudo_locale import pseudo
from ..conftest import Driver, error_text
from ..drive_pages import Organiser
from ..pseudo_pages import english_left
from ..tables_driver import TablePhone
from ..test_games_exact import PEGGY_TABLE, bids, play, romanian

DRIVE_PLAYERS = [f"Guest{letter}" for letter in "ABCDEFGH"]
NAMES = [*PEGGY_TABLE, *DRIVE_PLAYERS, "Thursday whist", "Church hall"]  # the players' own names


def page_text(reader: Driver, path: str, tmp_path: Path) -> str:
    answer = reader.client.get(path)
    assert answer.status_code == 200, path
    if answer.mimetype != "application/pdf":
        return answer.get_data(as_text=True)
    pdf = tmp_path / "page.pdf"
    pdf.write_bytes(answer.get_data())
    return subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


def leftovers(reader: Driver, paths: list[str], tmp_path: Path) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        runs = english_left(page_text(reader, path, tmp_path), NAMES)
        if runs:
            found[path] = runs
    return found


def test_every_page_reads_in_the_pseudo_locale(reader: Driver, tmp_path: Path) -> None:
    game_id = romanian(reader)
    play(reader, game_id, 1, (0, 0, 0), (1, 0, 0))
    refused = reader.post_deal(game_id, 2, {"phase": "bids", **bids(0, 0, 1)})
    assert refused.status_code == 422
    table = TablePhone(reader)
    group_id = table.create()
    organiser = Organiser(reader.app, reader.client)
    assert organiser.set_up(DRIVE_PLAYERS).status_code == 303
    paths = [
        "/", "/games", "/games/new/romanian-whist", f"/games/{game_id}", f"/games/{game_id}/deals/2",
        f"/games/{game_id}/deals/1/explain", f"/games/{game_id}/live", f"/games/{game_id}/rules",
        f"/games/{game_id}/events", f"/games/{game_id}/events/new/revoke", f"/games/{game_id}/hand-over",
        f"/games/{game_id}/abandon", f"/games/{game_id}/sheet.pdf", "/games/import",
        "/rules", "/rules/romanian-whist", "/rules/oh-hell", "/referee",
        "/sheets/blank", "/sheets/blank/romanian-whist", "/sheets/blank/oh-hell/sheet.pdf?count=3&paper=a4",
        "/tables/new", f"/tables/{group_id}", f"/tables/{group_id}/games", f"/tables/{group_id}/stats",
        "/drives/new", organiser.url, f"{organiser.url}/caller",
        f"{organiser.url}/leaderboard", f"{organiser.url}/players", f"{organiser.url}/players/0",
        f"{organiser.url}/hands/1", f"{organiser.url}/results.pdf",
        f"{organiser.url}/tally-cards.pdf",
    ]
    found = leftovers(reader, paths, tmp_path)
    found_refusal = english_left(refused.get_data(as_text=True), NAMES)
    if found_refusal:
        found["the hook's refusal"] = found_refusal
    assert found == {}, "English left outside gettext (page: runs of plain words)"
    # The pages did read in the pseudo-locale: the catalogue was in use, the engine's refusal too.
    assert pseudo("Your games") in reader.client.get("/").get_data(as_text=True)
    assert error_text(refused).startswith("[John ďéáľš áñď ɱáý ñöţ ƀíď 1: ţĥé ƀíďš")

"""A game as a file when its players' names look like formulas.

The CSV is opened in spreadsheets, which run a cell starting with ``=``,
``+``, ``-`` or ``@`` (or a tab or carriage return) as a formula: OWASP's
advice is to start such a cell with an apostrophe, which spreadsheets show
as text. Numbers stay numbers. The JSON export keeps every name exactly, so
importing it gives the same names back.
"""

from __future__ import annotations

import csv
import io

import pytest
from flask.testing import FlaskClient

from scorekeeper.web.games.exchange import spreadsheet_cell

from .conftest import Driver, csrf_token

FORMULAS = ['=HYPERLINK("http://x.io","Go")', "+1+1", "-2+3", "@SUM(A1)", "'Quoted"]
ONE_CARD = {"shape": "fixed", "start_cards": 1, "deals": 3, "hook": False}


def played(client: FlaskClient) -> str:
    """A custom game of one-card deals for the five formula names, one deal played."""
    created = client.post(
        "/api/v1/games", json={"variant": "custom-oh-hell", "players": FORMULAS, "options": ONE_CARD}
    )
    assert created.status_code == 201, created.get_json()
    state = created.get_json()
    auth = {"Authorization": f"Bearer {state['edit_token']}"}
    deal = {"bids": [0, 1, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}
    assert client.put(f"/api/v1/games/{state['id']}/deals/1", json=deal, headers=auth).status_code == 200
    return str(state["id"])


def csv_rows(client: FlaskClient, game_id: str) -> list[dict[str, str]]:
    response = client.get(f"/games/{game_id}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def as_text(cell: str) -> str:
    """What a spreadsheet shows for a cell: a leading apostrophe only marks it as text."""
    return cell.removeprefix("'")


def test_no_csv_cell_starts_like_a_formula(client: FlaskClient) -> None:
    rows = csv_rows(client, played(client))
    cells = [cell for row in rows for cell in row.values()]
    assert not [cell for cell in cells if cell[:1] in {"=", "+", "@", "\t", "\r"}]
    assert not [cell for cell in cells if cell.startswith("-") and not cell[1:].isdigit()]
    assert [row["player"] for row in rows] == [
        '\'=HYPERLINK("http://x.io","Go")',
        "'+1+1",
        "'-2+3",
        "'@SUM(A1)",
        "''Quoted",
    ]
    assert {row["dealer"] for row in rows} == {'\'=HYPERLINK("http://x.io","Go")'}


def test_the_csv_gives_back_the_same_names_and_numbers(client: FlaskClient) -> None:
    rows = csv_rows(client, played(client))
    assert [as_text(row["player"]) for row in rows] == FORMULAS
    assert [(row["bid"], row["tricks"], row["points"]) for row in rows] == [
        ("0", "1", "1"),
        ("1", "0", "0"),
        ("0", "0", "10"),
        ("0", "0", "10"),
        ("0", "0", "10"),
    ]


def test_negative_numbers_stay_numbers() -> None:
    assert spreadsheet_cell(-12) == -12
    assert spreadsheet_cell("-12") == "-12"
    assert spreadsheet_cell("") == ""


@pytest.mark.parametrize(
    ("text", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1+2", "'-1+2"),
        ("@A1", "'@A1"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("'already", "''already"),
        ("Ann", "Ann"),
        ("Ann = Bob", "Ann = Bob"),
    ],
)
def test_the_cell_rule(text: str, safe: str) -> None:
    assert spreadsheet_cell(text) == safe


def test_the_json_export_keeps_the_names_and_imports_them_unchanged(driver: Driver) -> None:
    game_id = played(driver.client)
    exported = driver.client.get(f"/games/{game_id}/export.json")
    assert exported.get_json()["players"] == FORMULAS
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(exported.get_data()), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    copy = response.headers["Location"].rsplit("/", 1)[1]
    assert driver.client.get(f"/api/v1/games/{copy}").get_json()["players"] == FORMULAS
    assert [as_text(row["player"]) for row in csv_rows(driver.client, copy)] == FORMULAS

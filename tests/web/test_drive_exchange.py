"""A drive's data to take away (CSV and JSON) and the way back to it: the drives this browser runs
are listed on the home page."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .drive_pages import Organiser, text_of
from .test_drive_api import NAMES, put_hand, set_up


def test_a_drive_exports_as_csv_and_json(client: FlaskClient, app: Flask) -> None:
    drive = set_up(client, players=["=cmd|' /C calc'!A0", *NAMES[1:]])
    assert put_hand(client, drive, 1, 1, {"tricks": 8}).status_code == 200
    answer = client.get(f"/drives/{drive['id']}/export.csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert "attachment" in answer.headers["Content-Disposition"]
    lines = answer.get_data(as_text=True).splitlines()
    head = "player,name,hand,trump,table,seat,partner,opponents,sat_out,tricks,running_total,total,rank"
    assert lines[0] == head
    assert lines[1].startswith("1,'=cmd|' /C calc'!A0,1,H,1,N,Bob,Cat & Dan,,8,8,8,1=")  # kept as text
    assert "5,Eve,1,H,,,,,yes,7,7,7,3" in lines
    exported = client.get(f"/drives/{drive['id']}/export.json")
    assert exported.status_code == 303
    document = client.get(exported.location)
    assert document.get_json()["cards"][4]["rows"][0]["sat_out"] is True
    assert "attachment" in document.headers["Content-Disposition"]
    assert client.get("/drives/nope/export.csv").status_code == 404



def test_the_home_page_lists_the_drives_this_browser_runs(app: Flask, client: FlaskClient) -> None:
    assert "Your whist drives" not in text_of(client.get("/"))
    organiser = Organiser(app, client)
    assert organiser.set_up(NAMES, name="Autumn drive", hands="4", interval_after="").status_code == 303
    home = text_of(client.get("/"))
    assert "Your whist drives Autumn drive Hand 1 of 4 · ♥ Hearts · being played" in home
    assert f'href="/drives/{organiser.drive_id}"' in client.get("/").get_data(as_text=True)
    # Another phone, which does not run it, does not list it.
    assert "Autumn drive" not in text_of(app.test_client().get("/"))

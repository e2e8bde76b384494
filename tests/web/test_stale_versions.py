"""The database's version decides: a change sent from a version the game has moved past is answered 409
with the version stored now, on every surface (the API's deals, undo and events; the deal screen, undo,
the table events' record, correction and take-back pages), never 404 for a deal or event the old version
showed, and nothing is written. A property over random sequences of changes (Hypothesis, a small
budget here; tests/deploy/test_stale_versions.py sends the same through several workers)."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games import holders

from .conftest import Driver, csrf_token
from .drive_pages import text_of
from .stale_versions import MOVES, Send, StaleGame
from .test_clubs import ClubPhone

EXAMPLES = 3
STEPS = st.lists(
    st.tuples(st.sampled_from(MOVES), st.integers(1, 9), st.integers(1, 40)), min_size=2, max_size=5
)


def api(client: FlaskClient) -> Send:
    def send(method: str, path: str, body: dict[str, Any] | None, headers: dict[str, str]) -> Any:
        answer = client.open(path, method=method, json=body, headers=headers)
        return answer.status_code, answer.get_json(), dict(answer.headers)

    return send


def phone_keeping(app: Flask, game_id: str) -> FlaskClient:
    """A phone that was handed the game (its device keeps it), with its pages' token."""
    phone = app.test_client()
    with phone.session_transaction() as session:
        session["device"] = f"phone-of-{game_id}"
    with app.app_context():
        holders.hold(f"phone-of-{game_id}", game_id)
    return phone


def stale_pages(phone: FlaskClient, game: StaleGame, version: int) -> None:
    """The pages' changes from ``version``, as the deal screen's script sends them (If-Match): each is
    409 with the version stored now (the screen to show instead), and nothing is written."""
    now = max(game.states)
    seen = game.states[version]
    token = csrf_token(phone.get(f"/games/{game.id}"))
    events = len(seen.get("events", []))
    due = seen["next"]["number"] if seen["next"] is not None else len(seen["deals"])
    base = f"/games/{game.id}"
    sent = [
        (f"{base}/deals/{due}", {"phase": "bids", "trump": "S", **{f"bid-{seat}": "0" for seat in range(4)}}),
        (f"{base}/undo", {}),
        (f"{base}/events/new/misdeal", {"step": "record"}),
    ]
    if events:
        sent.append(
            (f"{base}/events/{events}", {"step": "record", "side": "1", "points": "4", "reason": "x"})
        )
        sent.append((f"{base}/events/{events}/take-back", {}))
    for path, fields in sent:
        answer = phone.post(
            path,
            data={"csrf_token": token, **fields},
            headers={"Accept": "application/json", "If-Match": f'"{version}"'},
        )
        assert answer.status_code == 409, (
            path,
            version,
            now,
            answer.status_code,
            answer.get_data(as_text=True)[:300],
        )
        assert answer.get_json()["version"] == now, path
    status, stored, _ = game.send("GET", f"/api/v1/games/{game.id}", None, {})
    assert status == 200 and stored == game.current


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(steps=STEPS)
def test_every_stale_change_is_refused_with_the_current_version(
    app: Flask, client: FlaskClient, steps: list[tuple[str, int, int]]
) -> None:
    game = StaleGame(api(client))
    phone = phone_keeping(app, game.id)
    for kind, points, back in steps:
        game.move(kind, points)
        versions = sorted(game.states)[:-1]
        if versions:
            stale = versions[-1 - back % len(versions)]
            game.check_stale(stale)
            stale_pages(phone, game, stale)


def test_a_stale_event_correction_is_a_conflict_not_a_missing_event(app: Flask, client: FlaskClient) -> None:
    """The probe's case: version 1 had no event, version 2 has one; a correction of event 1 sent from
    version 1 is 409 (with version 2), not 404 "There is no event 1: 0 are recorded"; and the other
    way round, a correction of the event sent after another phone took it back."""
    game = StaleGame(api(client))
    game.move("deal", 1)
    game.move("event", 2)
    game.move("undo", 0)  # the event is taken back: version 4 has none, version 3 had one
    game.move("undo", 0)  # and deal 1: version 5 is due to enter deal 1, version 3 deal 2
    status, body, _ = game.send(
        "PUT", f"/api/v1/games/{game.id}/events/1", {"event": "misdeal"}, {**game.auth, "If-Match": '"3"'}
    )
    assert status == 409 and body["version"] == 5 and body["params"] == {"seen": '"3"', "version": 5}
    assert game.check_stale(1) and game.check_stale(3)
    stale_pages(phone_keeping(app, game.id), game, 3)  # deal 2 and event 1 are gone: 409, not 404


def test_a_club_page_sent_after_another_phone_changed_the_club_changes_nothing(
    app: Flask, driver: Driver
) -> None:
    """Two phones keep a club; one adds a season while the other's page still shows the club before it:
    that page's changes (a season, a table taken out, its time zone) are 409 with the club as it is now,
    and nothing is stored; sent again from the page as it is now, they go through."""
    first = ClubPhone(driver)
    club_id = first.create("Thursday Whist Club")
    table = first.tables.create("Thursday whist")
    assert first.post(club_id, "/tables", {"table": table}).status_code == 302  # type: ignore[attr-defined]
    second = app.test_client()
    page = second.get(f"/clubs/{club_id}/join")
    own = re.search(
        r"/clubs/[0-9a-f]+/join#([A-Za-z0-9_-]+)",
        driver.client.get(f"/clubs/{club_id}").get_data(as_text=True),
    )
    assert own
    assert (
        second.post(
            f"/clubs/{club_id}/join", data={"csrf_token": csrf_token(page), "key": own.group(1)}
        ).status_code
        == 302
    )
    stale_page = second.get(f"/clubs/{club_id}")
    shown = re.search(r'name="version" value="(\d+)"', stale_page.get_data(as_text=True))
    assert shown
    season = {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    assert first.post(club_id, "/seasons", season).status_code == 302  # type: ignore[attr-defined]
    token = csrf_token(stale_page)
    for path, fields in (
        ("/seasons", {"name": "Summer", "starts_on": "2026-06-01", "ends_on": "2026-08-31"}),
        ("/tables/remove", {"table": table}),
        ("/time-zone", {"time_zone": "Europe/Paris"}),
    ):
        refused = second.post(
            f"/clubs/{club_id}{path}", data={"csrf_token": token, "version": shown.group(1), **fields}
        )
        assert refused.status_code == 409, path
        said = text_of(refused)
        assert (
            "The club changed on another phone meanwhile, so nothing was changed" in said and "Spring" in said
        )
    now = text_of(second.get(f"/clubs/{club_id}"))
    assert "Summer" not in now and "Thursday whist" in now
    fresh = second.get(f"/clubs/{club_id}")
    current = re.search(r'name="version" value="(\d+)"', fresh.get_data(as_text=True))
    assert current and int(current.group(1)) > int(shown.group(1))
    summer = {
        "csrf_token": csrf_token(fresh),
        "version": current.group(1),
        "name": "Summer",
        "starts_on": "2026-06-01",
        "ends_on": "2026-08-31",
    }
    assert second.post(f"/clubs/{club_id}/seasons", data=summer).status_code == 302
    assert "Summer" in text_of(second.get(f"/clubs/{club_id}"))

"""A phone's offline queue sent on top of what another phone recorded meanwhile (web/games/merge.py):
applied in order, each checked again; silent when the two did not touch the same deal, a stop with
both versions when they did, a refusal with its reason, and nothing stored past the stop."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask

from .conftest import Driver, csrf_token

PLAYERS = ["Peter", "Peggy", "John"]
PLAN = re.compile(r'<script type="application/json" id="offline-plan">(.*?)</script>', re.S)
# Romanian Whist for three, Peggy deals first: deals 1 to 3 have one card, deal 4 two.
ONE_CARD = {"bids": [1, 1, 0], "tricks": [1, 0, 0]}
OTHER_ONE_CARD = {"bids": [0, 1, 1], "tricks": [0, 1, 0]}
TWO_CARDS = {"bids": [1, 0, 0], "tricks": [1, 1, 0]}


def _fields(values: dict[str, list[int]], phase: str = "tricks") -> list[list[str]]:
    """A deal's values as the phone's queue keeps them: the deal form's fields."""
    fields = [["phase", phase]]
    for key, input_name in (("bids", "bid"), ("tricks", "tricks")):
        fields += [[f"{input_name}-{seat}", str(value)] for seat, value in enumerate(values.get(key, []))]
    return fields


def _entry(number: int, values: dict[str, list[int]]) -> dict[str, Any]:
    return {"number": number, "phase": "tricks", "fields": _fields(values)}


def _plan(driver: Driver, game_id: str) -> dict[str, Any]:
    """The offline plan the scorer's sheet carries now."""
    page = driver.client.get(f"/games/{game_id}")
    found = PLAN.search(page.get_data(as_text=True))
    assert found
    plan = json.loads(found.group(1))
    assert isinstance(plan, dict)
    return plan


def _save(driver: Driver, game_id: str, number: int, values: dict[str, list[int]]) -> None:
    """Another phone (the same rights) saving a deal online."""
    response = driver.post_deal(game_id, number, {key: value for key, value in _fields(values)})
    assert response.status_code == 302, response.status_code


def _merge(driver: Driver, game_id: str, seen: Any, entries: list[dict[str, Any]]) -> Any:
    page = driver.client.get(f"/games/{game_id}")
    return driver.client.post(
        f"/games/{game_id}/merge",
        json={"seen": seen, "entries": entries},
        headers={"Accept": "application/json", "X-CSRFToken": csrf_token(page)},
    )


def _game(driver: Driver) -> str:
    game_id = driver.start("romanian-whist", PLAYERS, first_dealer=1)
    _save(driver, game_id, 1, ONE_CARD)
    _save(driver, game_id, 2, ONE_CARD)
    return game_id


def test_the_plan_carries_each_deal_as_the_phone_saw_it_and_where_to_send(driver: Driver) -> None:
    game_id = _game(driver)
    plan = _plan(driver, game_id)
    assert plan["merge_url"] == f"/games/{game_id}/merge"
    assert len(plan["seen"]["deals"]) == 2 and plan["seen"]["events"] is None
    assert plan["seen"]["deals"][0] == plan["seen"]["deals"][1]  # the same inputs, the same mark


def test_deals_queued_offline_go_on_top_of_an_older_deal_corrected_meanwhile(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    _save(driver, game_id, 1, OTHER_ONE_CARD)  # the other phone corrects deal 1 online
    answer = _merge(driver, game_id, seen, [_entry(3, ONE_CARD), _entry(4, TWO_CARDS)])
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["done"] == 2 and body["stop"] is None and body["others"] == [1]
    assert body["message"] == "2 deals sent. Another phone had corrected deal 1."
    assert body["url"] == f"/games/{game_id}/deals/5"
    assert driver.stored(game_id) == [OTHER_ONE_CARD, ONE_CARD, ONE_CARD, TWO_CARDS]
    assert body["version"] == driver.version(game_id) and body["plan"]["deals"][0]["number"] == 5
    sheet = driver.sheet(game_id)  # said once, by the page the phone goes to
    assert sheet.count("Another phone had corrected deal 1.") == 1


def test_the_same_deal_changed_on_both_phones_stops_with_both_versions(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    _save(driver, game_id, 3, OTHER_ONE_CARD)  # both phones enter deal 3
    answer = _merge(driver, game_id, seen, [_entry(3, ONE_CARD), _entry(4, TWO_CARDS)])
    body = answer.get_json()
    assert answer.status_code == 200 and body["done"] == 0 and body["message"] is None
    stop = body["stop"]
    assert stop["kind"] == "conflict" and stop["number"] == 3
    assert stop["theirs"] == OTHER_ONE_CARD and stop["mine"] == ONE_CARD
    assert driver.stored(game_id)[2:] == [OTHER_ONE_CARD]  # theirs kept, nothing of mine stored

    # The scorer keeps theirs... or mine: sent again against the version it was shown, it replaces theirs.
    seen["deals"] = [*seen["deals"], stop["theirs_mark"]]
    again = _merge(driver, game_id, seen, [_entry(3, ONE_CARD), _entry(4, TWO_CARDS)]).get_json()
    assert again["done"] == 2 and again["stop"] is None
    assert driver.stored(game_id)[2:] == [ONE_CARD, TWO_CARDS]


def test_the_same_entry_made_on_both_phones_is_kept_once(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    _save(driver, game_id, 3, ONE_CARD)
    body = _merge(driver, game_id, seen, [_entry(3, ONE_CARD), _entry(4, TWO_CARDS)]).get_json()
    assert body["done"] == 2 and body["stop"] is None
    assert driver.stored(game_id) == [ONE_CARD, ONE_CARD, ONE_CARD, TWO_CARDS]


def test_a_refused_entry_stops_the_merge_with_its_reason_and_keeps_what_came_before(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    hooked = {"bids": [1, 1, 0], "tricks": [2, 0, 0]}  # two cards: the bids add up to them
    body = _merge(driver, game_id, seen, [_entry(3, ONE_CARD), _entry(4, hooked)]).get_json()
    assert body["done"] == 1 and body["stop"]["kind"] == "refused" and body["stop"]["number"] == 4
    assert body["stop"]["error"] and body["stop"]["field"] in {"bids", "tricks"}
    assert body["stop"]["mine"] == hooked
    assert driver.stored(game_id) == [ONE_CARD, ONE_CARD, ONE_CARD]
    assert body["message"] == "1 deal sent."


def test_a_deal_past_the_end_or_not_yet_due_is_refused_not_stored(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    body = _merge(driver, game_id, seen, [_entry(5, ONE_CARD)]).get_json()
    assert body["done"] == 0 and body["stop"]["kind"] == "refused" and body["stop"]["number"] == 5
    assert len(driver.stored(game_id)) == 2


def test_a_phone_without_the_right_or_a_wrong_shape_is_refused(app: Flask, driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    for wrong in ({"seen": seen}, {"seen": seen, "entries": [{"number": "3"}]}, {"entries": []}, [1]):
        page = driver.client.get(f"/games/{game_id}")
        answer = driver.client.post(
            f"/games/{game_id}/merge", json=wrong, headers={"X-CSRFToken": csrf_token(page)}
        )
        assert answer.status_code == 400, wrong
    stranger = app.test_client()
    page = stranger.get("/games/new/oh-hell")
    answer = stranger.post(
        f"/games/{game_id}/merge",
        json={"seen": seen, "entries": [_entry(3, ONE_CARD)]},
        headers={"Accept": "application/json", "X-CSRFToken": csrf_token(page)},
    )
    assert answer.status_code == 403
    assert len(driver.stored(game_id)) == 2


def test_after_table_events_the_plan_carries_every_deal_the_game_has_left(driver: Driver) -> None:
    from .events_driver import play, record, state_of

    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"])
    play(driver, game_id, 1)
    record(driver, game_id, "misdeal")
    play(driver, game_id, 1)
    plan = _plan(driver, game_id)
    current = state_of(driver, game_id).current
    assert plan["deals"][0]["number"] == current.number == 3
    assert [deal["number"] for deal in plan["deals"]] == list(range(3, 3 + len(plan["deals"])))
    last = plan["deals"][-1]  # every deal left, to the game's last
    assert last["title"] == f"Deal {last['number']} of {last['number']}" and len(plan["deals"]) > 10
    assert not plan["unknown"]


def test_hostile_queues_answer_4xx_and_store_nothing(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    odd_entries: list[Any] = [
        [{"number": 3, "phase": "nonsense", "fields": _fields(ONE_CARD)}],
        [{"number": 3, "phase": "bids", "fields": [["bid-0", "x"], ["bid-9", "1"], ["tricks-0", "-4"]]}],
        [{"number": 3, "phase": None, "fields": [["bid-0", "9" * 40]]}],
        [{"number": 3, "phase": "tricks", "fields": [["a", "b"]] * 101}],
        [{"number": 0, "phase": "tricks", "fields": []}],
        [{"number": True, "phase": "tricks", "fields": []}],
    ]
    for entries in odd_entries:
        answer = _merge(driver, game_id, seen, entries)
        assert answer.status_code < 500 and answer.is_json == (answer.status_code == 200), entries
    for odd_seen in ({"deals": "x"}, {"deals": [1, None, {}]}, {}):
        answer = _merge(driver, game_id, odd_seen, [_entry(3, ONE_CARD)])
        assert answer.status_code < 500
    assert all(deal["bids"] == [1, 1, 0] for deal in driver.stored(game_id)[2:])  # only what the engine kept
    assert "Deal 3" in driver.sheet(game_id)


def test_the_table_s_events_are_kept_for_offline_use_per_version_of_the_game(
    app: Flask, driver: Driver, monkeypatch: Any
) -> None:
    """The events' forms, fetched in the background by the scorer's phone: each kind as the sheet shows
    it, the deals' numbers left for the phone to fill in; made once per version of the game, like the
    sheet, however many times a phone (or the table's other phones) asks."""
    from scorekeeper.web.games import offline_events

    game_id = _game(driver)
    plan = _plan(driver, game_id)
    made: list[str] = []
    real = offline_events.offline_targets
    monkeypatch.setattr(offline_events, "offline_targets", lambda *args: made.append("forms") or real(*args))
    kept = driver.client.get(plan["events_url"], headers={"Accept": "application/json"})
    assert kept.status_code == 200 and kept.headers["Cache-Control"] == "no-store"
    events = {event["kind"]: event for event in kept.get_json()["events"]}
    assert set(events) == {
        "misdeal",
        "revoke",
        "arrival",
        "departure",
        "substitute",
        "sit_out",
        "adjustment",
        "stop",
    }
    assert "{next}" in events["sit_out"]["hint"] and "Who sits out?" in events["sit_out"]["form"]
    assert events["misdeal"]["form"] == ""  # nothing to ask: kept at one tap
    assert kept.get_json()["layout"] == plan["layout"]
    for _ in range(3):
        assert driver.client.get(plan["events_url"]).get_json() == kept.get_json()
    assert made == ["forms"]  # made once for this version
    _save(driver, game_id, 3, ONE_CARD)
    assert driver.client.get(plan["events_url"]).get_json()["version"] == driver.version(game_id)
    assert made == ["forms", "forms"]  # and once more for the next
    assert app.test_client().get(plan["events_url"]).status_code == 403  # another phone's game


def test_each_deal_ahead_carries_the_deals_after_each_event_the_table_may_record_there(
    app: Flask, driver: Driver
) -> None:
    """What the engine says about events at a deal ahead (the deal due or one further): its verdict on
    each kind, and the deals after each event that changes them, as the offline plan carries deals;
    the same until the table's events change, whatever deals are entered meanwhile."""
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"])
    plan = _plan(driver, game_id)
    assert plan["pieces_url"] == f"/games/{game_id}/offline-events/"
    piece = driver.client.get(f"{plan['pieces_url']}3").get_json()
    assert piece["number"] == 3 and piece["layout"] == plan["layout"] and piece["players"] == plan["players"]
    assert piece["kinds"]["sit_out"]["allowed"] and piece["kinds"]["stop"]["allowed"]
    branches = {(branch["kind"], branch["seat"]): branch for branch in piece["branches"]}
    sit_out = branches[("sit_out", 1)]
    assert sit_out["rejoins"] == 4 and [deal["number"] for deal in sit_out["deals"]] == [3]
    assert "Bob" not in sit_out["deals"][0]["about"]["order"]  # Bob sits deal 3 out
    arrival = branches[("arrival", 2)]
    assert arrival["players"][-1] == "{newcomer}" and len(arrival["deals"]) == 8
    assert all(len(deal["about"]["order"]) == 5 for deal in arrival["deals"])
    assert arrival["text"].startswith("{newcomer} joins after deal 2 at the left of Cy, starting on {start}")
    assert arrival["plan"]["players_after"] == 5
    leaving = branches[("departure", 0)]
    assert (
        leaving["deals"][0]["title"] == "Deal 3 of 19" and "Ann" not in leaving["deals"][0]["about"]["order"]
    )

    from .events_driver import play, record

    play(driver, game_id, 2)  # two deals entered: deal 3's piece is the same, one already passed is gone
    assert driver.client.get(f"{plan['pieces_url']}3").get_json() == piece
    assert driver.client.get(f"{plan['pieces_url']}2").status_code == 404
    assert driver.client.get(f"{plan['pieces_url']}60").status_code == 404
    assert app.test_client().get(f"{plan['pieces_url']}3").status_code == 403
    record(driver, game_id, "sit_out", {"seat": "1"})  # an event changes the layout: a new piece, not the old
    assert _plan(driver, game_id)["layout"] != plan["layout"]
    assert driver.client.get(f"{plan['pieces_url']}3").get_json()["layout"] != plan["layout"]


def test_an_event_queued_offline_is_recorded_in_its_place_and_a_refused_one_stops_the_rest(
    driver: Driver,
) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    fields = [["side", "2"], ["sign", "+"], ["points", "5"], ["reason", "late"]]
    bonus = {"event": "adjustment", "fields": fields}
    answer = _merge(driver, game_id, seen, [_entry(3, ONE_CARD), bonus, _entry(4, TWO_CARDS)])
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["done"] == 3 and body["stop"] is None
    assert body["message"] == "2 deals sent. 1 table event sent."
    exported = json.loads(driver.client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    assert exported["events"][0]["event"] == "adjustment" and len(exported["deals"]) == 4

    version = driver.version(game_id)
    seen = _plan(driver, game_id)["seen"]
    leave = {"event": "departure", "fields": [["seat", "7"]]}  # nobody sits there: the engine refuses
    answer = _merge(driver, game_id, seen, [leave, _entry(5, TWO_CARDS)])
    body = answer.get_json()
    assert body["done"] == 0 and body["stop"]["kind"] == "refused" and body["stop"]["event"] == "departure"
    assert driver.version(game_id) == version  # nothing stored past the stop


def test_a_queue_naming_an_unknown_event_is_refused_whole(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    answer = _merge(driver, game_id, seen, [{"event": "teleport", "fields": []}])
    assert answer.status_code == 400


def _sent(entry: dict[str, Any], sent: str, covers: list[str] | None = None) -> dict[str, Any]:
    """A queued entry with the id the phone gave it (and the ids of its earlier entries it replaces)."""
    return {**entry, "id": sent, **({"covers": covers} if covers else {})}


def _totals(driver: Driver, game_id: str) -> list[int]:
    state = driver.client.get(f"/api/v1/games/{game_id}").get_json()
    return [int(total) for total in state["totals"]]


def test_a_queue_sent_twice_is_applied_once_events_and_deals_alike(driver: Driver) -> None:
    """The answer to a queue is lost on the way back (or a second tab sends it too): sent again, each
    entry is found stored under the id the phone gave it, and none is applied a second time."""
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    totals = _totals(driver, game_id)
    fields = [["side", "1"], ["sign", "+"], ["points", "10"], ["reason", "late"]]
    bonus = {"event": "adjustment", "fields": fields}
    queue = [_sent(bonus, "a1b2c3d4-event"), _sent(_entry(3, ONE_CARD), "a1b2c3d4-deal3")]
    first = _merge(driver, game_id, seen, queue)
    again = _merge(driver, game_id, seen, queue)  # the same queue, as the phone still holds it
    assert first.status_code == again.status_code == 200, again.get_data(as_text=True)
    assert first.get_json()["done"] == again.get_json()["done"] == 2
    assert again.get_json()["stop"] is None and again.get_json()["others"] == []
    # Said as the phone never heard it: what it sent, not another phone's change.
    assert again.get_json()["message"] == "1 deal sent. 1 table event sent."
    exported = json.loads(driver.client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    assert len(exported["events"]) == 1 and len(exported["deals"]) == 3
    once = _game(driver)  # the same queue sent once, to another game: the totals it gives
    assert _merge(driver, once, _plan(driver, once)["seen"], queue).get_json()["done"] == 2
    assert _totals(driver, game_id) == _totals(driver, once) != totals

    # Sent a third time with one entry more: the two stored are passed over, the new one applied.
    more = [*queue, _sent(_entry(4, TWO_CARDS), "a1b2c3d4-deal4")]
    body = _merge(driver, game_id, seen, more).get_json()
    assert body["done"] == 3 and body["stop"] is None
    assert [deal for deal in driver.stored(game_id) if "event" not in deal] == [
        ONE_CARD,
        ONE_CARD,
        ONE_CARD,
        TWO_CARDS,
    ]


def test_a_deal_s_tricks_sent_after_its_bids_went_alone_are_the_phone_s_own_not_a_conflict(
    driver: Driver,
) -> None:
    """The bids of deal 3 went on their own (their answer lost); the tricks, queued later, carry the bids'
    id among those they replace: the stored bids are this phone's, and the tricks go on top."""
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    bids = {"number": 3, "phase": "bids", "fields": _fields({"bids": ONE_CARD["bids"]}, "bids")}
    assert _merge(driver, game_id, seen, [_sent(bids, "bids-of-deal-3")]).get_json()["done"] == 1
    tricks = _sent(_entry(3, ONE_CARD), "tricks-of-deal-3", covers=["bids-of-deal-3"])
    body = _merge(driver, game_id, seen, [tricks]).get_json()
    assert body["done"] == 1 and body["stop"] is None and body["others"] == []
    assert driver.stored(game_id)[2] == ONE_CARD
    # Without the bids' id it would be another phone's change, shown beside this one's.
    other = _game(driver)
    seen = _plan(driver, other)["seen"]
    _merge(driver, other, seen, [_sent(bids, "bids-of-deal-3b")])
    body = _merge(driver, other, seen, [_sent(_entry(3, ONE_CARD), "tricks-of-deal-3b")]).get_json()
    assert body["stop"]["kind"] == "conflict"


def test_a_queued_entry_s_id_of_the_wrong_shape_is_refused(driver: Driver) -> None:
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    for odd in (
        {"id": "x"},
        {"id": 7},
        {"id": "a" * 41},
        {"id": "abcdefgh", "covers": "abcdefgh"},
        {"id": "abcdefgh", "covers": ["<script>"]},
        {"id": "abcdefgh", "covers": ["abcdefgh"] * 21},
    ):
        answer = _merge(driver, game_id, seen, [{**_entry(3, ONE_CARD), **odd}])
        assert answer.status_code == 400, odd
    assert len(driver.stored(game_id)) == 2


def test_a_page_asks_the_game_s_version_for_a_few_bytes_and_its_screen_as_it_stands(
    app: Flask, driver: Driver
) -> None:
    """The scorer's pages follow the game (follow.py): the version answered 304 while the page shows
    it; then the deal screen due, with what happened to the deal the page showed."""
    game_id = _game(driver)  # deals 1 and 2 in: deal 3 due
    asked = driver.client.get(f"/games/{game_id}/version")
    assert asked.status_code == 200 and asked.get_json()["version"] == driver.version(game_id)
    etag = asked.headers["ETag"]
    assert driver.client.get(f"/games/{game_id}/version", headers={"If-None-Match": etag}).status_code == 304
    _save(driver, game_id, 3, ONE_CARD)  # another phone enters deal 3
    moved = driver.client.get(f"/games/{game_id}/version", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.get_json()["version"] == driver.version(game_id)

    now = driver.client.get(f"/games/{game_id}/now?shown=3&phase=bids").get_json()
    assert now["url"] == f"/games/{game_id}/deals/4" and "Deal 4 of" in now["html"]
    assert now["message"] == "Deal 3 was entered on another phone."
    assert now["version"] == driver.version(game_id) and now["plan"]["deals"][0]["number"] == 4
    bids = dict(_fields({"bids": TWO_CARDS["bids"]}, "bids"))  # deal 4's bids only
    assert driver.post_deal(game_id, 4, bids).status_code == 302
    said = driver.client.get(f"/games/{game_id}/now?shown=4&phase=bids").get_json()["message"]
    assert said == "Deal 4's bids were saved on another phone."
    # A page correcting deal 1 stays on deal 1, as it now stands.
    correcting = driver.client.get(f"/games/{game_id}/now?shown=1&phase=all").get_json()
    assert (
        correcting["url"] == f"/games/{game_id}/deals/1"
        and correcting["message"] == "Another phone changed the game."
    )
    assert app.test_client().get(f"/games/{game_id}/now").status_code == 403  # another phone's game
    for odd in ("shown=x", "shown=-1", "shown=99999999999", "phase=<b>"):
        assert driver.client.get(f"/games/{game_id}/now?{odd}").status_code == 200, odd


def test_a_queue_sent_again_after_a_substitute_went_before_its_bids_applies_nothing_twice(
    driver: Driver,
) -> None:
    """A substitute recorded while a deal is under way goes before the deal's bids in the log (RULES.md
    §9): the log is written again from there, and the bids' row keeps the id the phone's queue gave it,
    so the queue sent again finds both stored and applies neither a second time."""
    game_id = _game(driver)
    seen = _plan(driver, game_id)["seen"]
    bids = {"number": 3, "phase": "bids", "fields": _fields({"bids": ONE_CARD["bids"]}, "bids")}
    substitute = {"event": "substitute", "fields": [["seat", "2"], ["name", "Sue"]]}
    queue = [_sent(bids, "queue-bids-3"), _sent(substitute, "queue-sub-sue")]
    first = _merge(driver, game_id, seen, queue)
    assert first.status_code == 200 and first.get_json()["done"] == 2, first.get_data(as_text=True)
    stored = driver.stored(game_id)
    assert [item.get("event") for item in stored] == [None, None, "substitute", None]
    again = _merge(driver, game_id, seen, queue).get_json()
    assert again["done"] == 2 and again["stop"] is None and again["others"] == []
    assert driver.stored(game_id) == stored
    # The tricks, queued later, replace the bids the phone itself sent: its own, not another phone's.
    tricks = _sent(_entry(3, ONE_CARD), "queue-tricks-3", covers=["queue-bids-3"])
    body = _merge(driver, game_id, seen, [tricks]).get_json()
    assert body["done"] == 1 and body["stop"] is None and body["others"] == [], body
    assert driver.stored(game_id)[3] == ONE_CARD

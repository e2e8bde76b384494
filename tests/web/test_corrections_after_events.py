"""Every past deal stays correctable, whatever table events came after it (RULES.md §9).

A deal's correction page builds its fields from the facts of that deal — the
seats that played it, under the names of who played them — never from the
table as it sits now. The property test plays random logs of deals and the
table events the engine allows (``possible_events``) in every family, brings
each game in as a file (the import page), then goes through every past deal's
correction page as a phone does: reads the form as the page shows it, sends
it back unchanged (nothing changes), and sends it with one count changed (the
later deals are re-scored as the engine says, or the engine's refusal comes
back with the values kept and nothing stored).
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorekeeper.rules import (
    SUITS,
    Adjustment,
    Arrival,
    Departure,
    Game,
    Revoke,
    RuleViolation,
    SitOut,
    Stop,
    Substitute,
    TableEvent,
    get_variant,
    legal_bids,
    possible_events,
    write_event,
)
from scorekeeper.rules.events import Misdeal
from scorekeeper.rules.state import DealFacts
from scorekeeper.rules.variants.bid_whist import TRICKS_IN_PLAY, BidWhistEngine
from scorekeeper.rules.variants.oneonta import OneontaEngine, OneontaFacts
from scorekeeper.words import english
from tests.rules.fillers_exact import fill_exact
from tests.rules.fillers_oneonta import fill_oneonta
from tests.rules.fillers_partnership import fill_bid_whist, fill_classic, fill_german
from tests.rules.strategies import NAMES, split

from .budget import examples
from .conftest import Driver, app_in, csrf_token, error_text
from .events_driver import play, record, state_of, text_of

FAMILIES = {
    "oh-hell": (
        "oh-hell",
        "oh-well",
        "contract-whist",
        "up-and-down-the-river",
        "oh-pshaw",
        "british-oh-hell",
    ),
    "custom-oh-hell": ("custom-oh-hell",),
    "nomination-whist": ("nomination-whist",),
    "romanian-whist": ("romanian-whist",),
    "oneonta": (
        "oneonta",
        "oneonta-cooperative",
        "oneonta-beat-the-game",
        "oneonta-solitaire",
        "oneonta-edd-allard",
    ),
    "classic-whist": ("classic-whist",),
    "bid-whist": ("bid-whist",),
    "german-whist": ("german-whist",),
}
NEWCOMERS = ("Ike", "Jo", "Kim", "Lou", "Mo", "Ned", "Ola", "Pat")
FILLERS = {
    "exact_bids": fill_exact,
    "oneonta_bids": fill_oneonta,
    "partnership_tricks": fill_classic,
    "bid_whist_auction": fill_bid_whist,
    "two_hand_tricks": fill_german,
}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app for the module, without request limits: the property test imports and corrects many games."""
    yield from app_in(tmp_path_factory.mktemp("corrections"), RATELIMIT_ENABLED=False)


# --- random legal logs of deals and table events ----------------------------------------------


def _exact(draw: Any, game: Game, facts: DealFacts) -> dict[str, Any]:
    players = game.state.players
    bids: list[int | None] = [None] * len(players)
    for seat in facts.bidding_order:
        bids[seat] = draw(
            st.sampled_from([c.value for c in legal_bids(facts, tuple(bids), players, seat) if c.allowed])
        )
    tricks: list[int | None] = [None] * len(players)
    for seat, share in zip(
        facts.bidding_order, split(draw, facts.cards, len(facts.bidding_order)), strict=True
    ):
        tricks[seat] = share
    data: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if facts.trump_turned and draw(st.booleans()):
        data["trump"] = draw(st.sampled_from(SUITS)).value
    return data


def _oneonta(draw: Any, game: Game, facts: DealFacts) -> dict[str, Any]:
    engine = game.table.variant.engine
    assert isinstance(engine, OneontaEngine) and isinstance(facts, OneontaFacts)
    players = game.state.players
    bids: list[Any] = [None] * len(players)
    for seat in facts.bidding_order:
        choices = engine.legal_bids(game.table, facts, tuple(bids), seat, players=players)
        bids[seat] = draw(st.sampled_from([choice.bid for choice in choices if choice.allowed]))
    parts = len(facts.bidding_order) + (1 if facts.dummy else 0)
    shares = split(draw, facts.cards, parts)
    tricks: list[int | None] = [None] * len(players)
    for seat, share in zip(facts.bidding_order, shares, strict=False):
        tricks[seat] = share
    written = [
        None if bid is None else {"kind": bid.kind, "value": bid.value, "doubled": bid.doubled}
        for bid in bids
    ]
    return {"bids": written, "tricks": tricks}


def _bid_whist(draw: Any, game: Game, facts: DealFacts) -> dict[str, Any]:
    engine = game.table.variant.engine
    assert isinstance(engine, BidWhistEngine)
    calls: list[Any] = []
    for _ in facts.bidding_order:
        allowed = [choice.call for choice in engine.legal_calls(game.table, facts, calls) if choice.allowed]
        passes = [call for call in allowed if call.is_pass]
        calls.append(passes[0] if passes and draw(st.integers(0, 2)) else draw(st.sampled_from(allowed)))
    won = [call for call in calls if not call.is_pass][-1]
    declaration = draw(st.sampled_from(engine.declarations(won)))
    tricks = draw(st.integers(0, TRICKS_IN_PLAY))
    return {"auction": [call.text for call in calls], "declaration": declaration.value, "tricks": tricks}


def _sides(draw: Any, game: Game, facts: DealFacts) -> dict[str, Any]:
    whole = 26 if game.table.options.get("count_all_tricks") else 13
    data: dict[str, Any] = {
        "tricks": draw(st.integers(whole // 2 - 2, whole // 2 + 2)),
        "side": draw(st.integers(0, 1)),
    }
    if game.table.options.get("honours"):
        data["honours"] = draw(st.integers(0, 4))
    if draw(st.booleans()):
        data["trump"] = draw(st.sampled_from(SUITS)).value
    return data


DEALS = {
    "exact_bids": _exact,
    "oneonta_bids": _oneonta,
    "bid_whist_auction": _bid_whist,
    "partnership_tricks": _sides,
    "two_hand_tricks": _sides,
}


def _next_deal(draw: Any, game: Game, facts: DealFacts) -> Game | None:
    """The game with a random legal deal recorded (a neutral one where the random one is refused)."""
    engine = game.table.variant.engine
    kind = engine.input_kind
    for data in (DEALS[kind](draw, game, facts), FILLERS[kind](facts)):
        try:
            return game.record(engine.read_entry(facts.number, data))
        except RuleViolation:
            continue
    return None


def _event(draw: Any, game: Game) -> TableEvent | None:
    """One of the events the engine allows now, for a seat or side it allows; None if none is."""
    choices = {choice.kind: choice for choice in possible_events(game) if choice.allowed}
    if not choices:
        return None
    kind = draw(st.sampled_from(sorted(choices)))
    choice = choices[kind]
    held = {name for seat in (game.state.life.seats if game.state.life else ()) for name in seat.names}
    fresh = next(name for name in NEWCOMERS if name not in held)
    if kind in ("departure", "sit_out"):
        seat = draw(st.sampled_from(choice.seats))
        return Departure(seat=seat) if kind == "departure" else SitOut(seat=seat)
    events: dict[str, Any] = {
        "misdeal": lambda: Misdeal(),
        "stop": lambda: Stop() if draw(st.integers(0, 5)) == 0 else None,
        "revoke": lambda: Revoke(seats=(draw(st.sampled_from(choice.seats)),)),
        "adjustment": lambda: Adjustment(
            side=draw(st.sampled_from(choice.sides)),
            points=draw(st.integers(-20, 20).filter(bool)),
            reason="fine",
        ),
        "substitute": lambda: Substitute(seat=draw(st.sampled_from(choice.seats)), name=fresh),
        "arrival": lambda: Arrival(
            name=fresh,
            left_of=draw(st.sampled_from(choice.seats)),
            start=draw(st.sampled_from([0, "lowest", "average", 7])),
        ),
    }
    made: TableEvent | None = events[kind]()
    return made


OPTIONS = {
    "exact_bids": lambda draw: {"revoke": draw(st.sampled_from(["penalty", "redeal"]))},
    "oneonta_bids": lambda draw: {
        "doubling": draw(st.booleans()),
        "revoke": draw(st.sampled_from(["penalty", "redeal"])),
    },
    "partnership_tricks": lambda draw: {"honours": draw(st.booleans())},
    "two_hand_tricks": lambda draw: {"revoke": draw(st.sampled_from(["penalty", "redeal"]))},
    "bid_whist_auction": lambda draw: {},
}


@st.composite
def played_games(draw: Any, codes: tuple[str, ...], steps: int = 16) -> Game:
    """A game of one of ``codes`` played for a random number of steps: legal deals and table events,
    at least one deal."""
    code = draw(st.sampled_from(codes))
    variant = get_variant(code)
    size = draw(st.integers(variant.min_players, min(variant.max_players, 6)))
    options = OPTIONS[variant.engine.input_kind](draw)
    game = Game.start(code, list(NAMES[:size]), first_dealer=draw(st.integers(0, size - 1)), options=options)
    for _ in range(draw(st.integers(1, steps))):
        facts = game.state.current
        if facts is None or (game.entries and draw(st.integers(0, 2)) == 0):
            event = _event(draw, game)
            game = game.add(event) if event is not None else game
            continue
        played = _next_deal(draw, game, facts)
        if played is None:
            break
        game = played
    assume(game.entries)
    return game


# --- the pages, as a phone uses them ----------------------------------------------------------


def import_game(driver: Driver, game: Game) -> str:
    """Bring ``game`` in through the import page, as a file exported from another phone; its id."""
    table, deals, events = game.table, [], []
    engine = table.variant.engine
    for item in game.log:
        if isinstance(item, (Misdeal, Revoke, Arrival, Departure, Substitute, SitOut, Adjustment, Stop)):
            events.append({"after_deal": len(deals), **write_event(item)})
        else:
            deals.append(engine.write_entry(item))
    body = {
        "format": "scorekeeper/game",
        "format_version": 2,
        "variant": table.variant.code,
        "options": dict(table.options),
        "players": list(table.players),
        "first_dealer": table.first_dealer,
        "deals": deals,
        "events": events,
    }
    page = driver.client.get("/games/import")
    file = (io.BytesIO(json.dumps(body).encode()), "game.json")
    response = driver.client.post("/games/import", data={"csrf_token": csrf_token(page), "file": file})
    assert response.status_code == 302, text_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


class EntryForm(HTMLParser):
    """The deal's entry form as a browser sends it: hidden fields, the checked radios and boxes (not
    the disabled ones), and every value each radio group offers."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self.offered: dict[str, list[str]] = {}
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form":
            self.inside = "data-save" in found
        if tag != "input" or not self.inside or "disabled" in found or not found.get("name"):
            return
        name, value, kind = str(found["name"]), found.get("value") or "", found.get("type")
        if kind == "radio":
            self.offered.setdefault(name, []).append(value)
        if kind == "hidden" or (kind in ("radio", "checkbox") and "checked" in found):
            self.fields.append((name, value))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False

    def value(self, name: str) -> str | None:
        return next((value for field, value in self.fields if field == name), None)

    def with_values(self, changed: dict[str, str]) -> MultiDict[str, str]:
        kept = [(name, value) for name, value in self.fields if name not in changed]
        return MultiDict([*kept, *changed.items()])


def open_form(driver: Driver, game_id: str, number: int) -> EntryForm:
    """Deal ``number``'s correction page, as its form would be sent."""
    page = driver.client.get(f"/games/{game_id}/deals/{number}")
    assert page.status_code == 200, text_of(page)
    form = EntryForm(page.get_data(as_text=True))
    assert form.value("phase") in ("all", "correct"), form.fields
    return form


def correct(driver: Driver, game_id: str, number: int, changed: dict[str, str], *, script: bool) -> Any:
    """Open deal ``number``'s correction page, change ``changed`` on its form and save: as the page's
    script does (JSON, in place) when ``script``, else as a plain form post.

    A correction says what it changes before it is saved: the script shows what the live check says
    beside Save and sends back the token of what it showed; a plain post is answered with the page
    that asks, and its yes is posted."""
    form = open_form(driver, game_id, number)
    headers = {"Accept": "application/json", "If-Match": form.value("version") or ""} if script else {}
    url = f"/games/{game_id}/deals/{number}"
    data = form.with_values(changed)
    if script:
        checked = driver.client.post(f"{url}/check", data=data).get_json()
        if checked.get("correction"):
            data["seen"] = checked["correction"]["seen"]
        return driver.client.post(url, data=data, headers=headers)
    response = driver.client.post(url, data=data)
    if response.status_code == 200 and "data-record" in response.get_data(as_text=True):
        return driver.client.post(url, data=confirmed(response.get_data(as_text=True)))
    return response


def confirmed(page: str) -> MultiDict[str, str]:
    """The form of the page that asks before a correction is saved, with its yes."""
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)
    return MultiDict([*((name, html.unescape(value)) for name, value in fields), ("step", "record")])


def live_verdict(driver: Driver, game_id: str, number: int) -> str | None:
    """What the page's live check says of deal ``number``'s form as it opens (None: nothing wrong)."""
    form = open_form(driver, game_id, number)
    answer = driver.client.post(f"/games/{game_id}/deals/{number}/check", data=form.with_values({}))
    assert answer.status_code == 200, text_of(answer)
    error: str | None = answer.get_json()["error"]
    return error


def said(response: Any, *, script: bool) -> str:
    """The refusal an answer carries (the script's JSON, or the page's alert)."""
    if script:
        return str((response.get_json() or {}).get("error"))
    return error_text(response)


def saved(response: Any, game_id: str, number: int, *, last: bool, script: bool) -> bool:
    """True when the save went through: back to the deal's row on the sheet; or, for the last deal
    recorded (which its screen saves as the deal in play), on to the deal due or the sheet."""
    if response.status_code != (200 if script else 302):
        return False
    to = response.get_json()["url"] if script else response.headers["Location"]
    return f"/games/{game_id}" in to if last else to.endswith(f"/games/{game_id}#deal-{number}")


def one_count_changed(
    draw: Any, game: Game, number: int, form: EntryForm
) -> tuple[dict[str, Any], dict[str, str]]:
    """Deal ``number``'s entry with one count changed, and the same change as the form's fields: a trick
    moved from one player to another (or one more or less to the dummy), or a side's tricks changed."""
    data = game.table.variant.engine.write_entry(game.entries[number - 1])
    tricks = data["tricks"]
    if isinstance(tricks, int):
        other = draw(st.sampled_from([value for value in form.offered["tricks"] if value != str(tricks)]))
        return {**data, "tricks": int(other)}, {"tricks": other}
    facts = game.state.deals[number - 1].facts
    changed = list(tricks)
    order = facts.bidding_order
    holders = [seat for seat in order if changed[seat]]
    if len(order) > 1 and holders:
        giver = draw(st.sampled_from(holders))
        taker = draw(st.sampled_from([seat for seat in order if seat != giver]))
        changed[giver] -= 1
        changed[taker] += 1
        seats = (giver, taker)
    else:  # the dummy took every trick, or one player plays alone against it: one more or less
        seat = draw(st.sampled_from(order))
        changed[seat] += -1 if changed[seat] else 1
        seats = (seat,)
    fields = {f"tricks-{seat}": str(changed[seat]) for seat in seats}
    return {**data, "tricks": changed}, fields


@pytest.mark.parametrize("family", sorted(FAMILIES))
@settings(
    max_examples=examples(20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_past_deal_can_be_saved_again_and_corrected_whatever_came_after(
    driver: Driver, family: str, data: st.DataObject
) -> None:
    game = data.draw(played_games(FAMILIES[family]))
    game_id = import_game(driver, game)
    stored = driver.stored(game_id)
    script = data.draw(st.booleans(), label="script")
    last = len(game.entries)
    for number in range(1, last + 1):
        assert live_verdict(driver, game_id, number) is None
        response = correct(driver, game_id, number, {}, script=script)
        assert saved(response, game_id, number, last=number == last, script=script), said(
            response, script=script
        )
        assert driver.stored(game_id) == stored
        assert state_of(driver, game_id) == game.state

    number = data.draw(st.integers(1, last), label="corrected deal")
    entry, fields = one_count_changed(data.draw, game, number, open_form(driver, game_id, number))
    try:
        expected: Game | None = game.record(game.table.variant.engine.read_entry(number, entry))
    except RuleViolation as refused:
        expected, reason = None, english(refused, game.table.variant.deal_word)
    response = correct(driver, game_id, number, fields, script=script)
    if expected is None:  # the engine refuses it (a later deal cannot follow): said, kept, nothing stored
        assert response.status_code == 422
        assert said(response, script=script) == reason
        if not script:
            kept = EntryForm(response.get_data(as_text=True))
            assert all(kept.value(name) == value for name, value in fields.items())
        assert driver.stored(game_id) == stored
        return
    assert saved(response, game_id, number, last=number == last, script=script), said(response, script=script)
    assert driver.stored(game_id) == expected.log_data()
    after = state_of(driver, game_id)
    assert after.totals == expected.state.totals
    assert [deal.totals for deal in after.deals] == [deal.totals for deal in expected.state.deals]


# --- the case seen at the table ---------------------------------------------------------------


def form_text(page: Any) -> str:
    """The text of a deal page's facts and entry form (not the standings, which name the table now)."""
    body = page.get_data(as_text=True)
    start = body.index('<details class="facts-line">')
    return text_of(body[start : body.index("</form>", start)])


def test_deal_two_is_corrected_after_elena_arrived_after_deal_three(driver: Driver) -> None:
    game_id = driver.start("romanian-whist", ["Ana", "Bogdan", "Cristi", "Dan"])
    play(driver, game_id, 3)
    record(driver, game_id, "arrival", {"name": "Elena", "left_of": "3", "start": "0"})
    play(driver, game_id, 2)
    before = state_of(driver, game_id)
    assert len(before.players) == 5

    page = driver.client.get(f"/games/{game_id}/deals/2")
    assert "Elena" not in form_text(page) and "Dan" in form_text(page)
    form = EntryForm(page.get_data(as_text=True))
    assert {name for name in form.offered if name.startswith("bid-")} == {"bid-0", "bid-1", "bid-2", "bid-3"}
    # Deal 2 is a one-card deal: Cristi took the trick; it was Dan's.
    assert form.value("tricks-2") == "1" and form.value("tricks-3") == "0"
    response = correct(driver, game_id, 2, {"tricks-2": "0", "tricks-3": "1"}, script=False)
    assert response.status_code == 302, error_text(response)
    assert response.headers["Location"].endswith(f"/games/{game_id}#deal-2")
    assert driver.stored(game_id)[1] == {"bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 1]}
    after = state_of(driver, game_id)
    assert after.deals[1].totals != before.deals[1].totals
    assert after.totals != before.totals
    assert "Deal 2 corrected." in driver.sheet(game_id)


def test_a_deal_before_a_substitute_is_shown_with_who_played_it(driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy", "Dee"])
    play(driver, game_id, 2)
    record(driver, game_id, "substitute", {"seat": "1", "name": "Peggy"})
    play(driver, game_id, 1)
    earlier = form_text(driver.client.get(f"/games/{game_id}/deals/2"))
    later = form_text(driver.client.get(f"/games/{game_id}/deals/3"))
    assert "Bob" in earlier and "Peggy" not in earlier
    assert "Peggy" in later and "Bob" not in later
    response = correct(driver, game_id, 2, {}, script=False)
    assert response.status_code == 302, error_text(response)

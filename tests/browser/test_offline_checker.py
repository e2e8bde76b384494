"""The phone's checker gives exactly the server's answer: every worked example of RULES.md (tests/data),
each of its deals phase by phase as a page would hold it, and the refusals made from it (the hook's
total met, tricks that do not add up, a value left out), judged by static/offline.js's ``refusal``
in Chromium and by the engine, worded by the web layer: the same refusal (its sentence, the field,
the player), or both none. Where a deal is kept "not yet checked" (Oneonta's bids, Bid Whist's
auction), whatever the phone refuses the server refuses the same way."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page

from scorekeeper import create_app
from scorekeeper.rules import Game, RuleViolation, get_variant, read_event
from scorekeeper.rules.constraints import DealAhead, EntryPhase
from scorekeeper.rules.foresee_events import foresee_game
from scorekeeper.rules.variants._oneonta_ahead import bid_token
from scorekeeper.rules.variants._oneonta_state import OneontaEntry
from scorekeeper.web.wording import say
from tests.rules.test_examples import FILLERS

from .conftest import Phone

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    folder = tmp_path_factory.mktemp("checker")
    return create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'db.sqlite'}"},
        instance_path=str(folder / "instance"),
    )


def _examples() -> Iterator[dict[str, Any]]:
    for path in sorted(DATA.glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            if "setup_error" not in case:
                yield case


def _fill(game: Game, count: int) -> Game:
    engine = game.table.variant.engine
    for _ in range(count):
        facts = game.state.current
        assert facts is not None
        game = game.record(engine.read_entry(len(game.entries) + 1, FILLERS[engine.input_kind](facts)))
    return game


def _on_page(game: Game, deal: DealAhead, values: dict[str, Any]) -> dict[str, Any]:
    """The values as the page holds them: Oneonta's bids as their tokens ("3", "N2", "7D"), Bid Whist's
    calls by seat (the caller's row), not in calling order."""
    if isinstance(values.get("auction"), list):
        calls: list[Any] = [None] * len(game.state.players)
        for seat, call in zip(deal.facts.bidding_order, values["auction"], strict=False):
            calls[seat] = call
        return {**values, "auction": calls}
    if "bids" not in values:
        return values
    try:
        read = game.table.variant.engine.read_entry(deal.facts.number, values)
    except RuleViolation:
        return values
    if not isinstance(read, OneontaEntry):
        return values
    return {**values, "bids": [None if bid is None else bid_token(bid) for bid in read.bids]}


def _holdable(rules: list[dict[str, Any]], values: dict[str, Any]) -> bool:
    """True when every value is among its chips: a page holds nothing else."""
    for rule in rules:
        if rule["kind"] != "one_of" or rule["field"] not in values:
            continue
        held = values[rule["field"]]
        seats = rule.get("seats", [])
        items = [held[seat] for seat in seats] if isinstance(held, list) else [held]
        if any(item is not None and item not in rule["choices"] for item in items):
            return False
        if isinstance(held, list) and any(
            item is not None for seat, item in enumerate(held) if seat not in seats
        ):
            return False  # a row the page does not draw (a player sitting the deal out) holds nothing
    return True


def _broken(phase: EntryPhase, values: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The refusals a page could make from ``values``: a total rule met or missed, a value left out."""
    choices = {rule.field: rule.choices for rule in phase.rules if rule.kind == "one_of"}
    for rule in phase.rules:
        items = values.get(rule.field)
        if rule.kind in ("total_not", "total_is") and isinstance(items, list) and rule.seats:
            if any(type(items[seat]) is not int for seat in rule.seats):
                continue
            seat = rule.blame if rule.blame is not None else rule.seats[0]
            others = sum(items[other] for other in rule.seats if other != seat)
            wanted = rule.total - others if rule.kind == "total_not" else items[seat] + 1
            if wanted in choices.get(rule.field, ()):
                changed = list(items)
                changed[seat] = wanted
                yield {**values, rule.field: changed}
        if rule.kind == "entered" and rule.field in values:
            if isinstance(items, list) and rule.seats:
                blank = list(items)
                blank[rule.seats[0]] = None  # one player's value left out
                yield {**values, rule.field: blank}
            elif any(field in values for field in phase.fields if field != rule.field):
                yield {key: value for key, value in values.items() if key != rule.field}


def _engine_says(game: Game, number: int, values: dict[str, Any]) -> dict[str, Any] | None:
    try:
        game.verify(game.table.variant.engine.read_entry(number, values))
    except RuleViolation as refused:
        return {
            "message": say(refused.text, game.table.variant),
            "field": refused.field,
            "seat": refused.seat,
        }
    return None


def _judged(game: Game, deal: DealAhead, entry: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Each phase of the deal as a page holds it, whole and broken, with the engine's verdict."""
    number = deal.facts.number
    data = deal.as_data(lambda said: say(said, game.table.variant))
    known: dict[str, Any] = {}
    for phase, shown in zip(deal.phases, data["phases"], strict=True):
        known.update({field: entry[field] for field in phase.fields if field in entry})
        if not any(field in entry for field in phase.fields):
            break  # the example stops before this phase (its bids saved, its tricks not yet played)
        for values in (dict(known), *_broken(phase, dict(known))):
            held = _on_page(game, deal, values)
            if not _holdable(shown["rules"], held):
                continue
            yield {
                "rules": shown["rules"],
                "values": held,
                "players": list(game.state.players),
                "checked": deal.checked,
                "engine": _engine_says(game, number, values),
            }
        if _engine_says(game, number, known) is not None:
            break  # a page goes on to the next phase only once this one is saved


def _cases(app: Flask) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    with app.test_request_context("/"):
        for example in _examples():
            game = Game.start(
                example["variant"],
                example["players"],
                first_dealer=example.get("first_dealer", 0),
                options=example.get("options", {}),
            )
            game = _fill(game, example.get("fill", 0))
            for item in example.get("deals", []):
                try:
                    if "event" in item:
                        game = game.add(read_event(item))
                        continue
                    if set(item) == {"fill"}:
                        game = _fill(game, item["fill"])
                        continue
                    ahead = foresee_game(game, 1).deals
                    if ahead and ahead[0].facts.number == len(game.entries) + 1:
                        for case in _judged(game, ahead[0], item):
                            family = get_variant(example["variant"]).family
                            cases.append({**case, "example": example["id"], "family": family})
                    game = game.record(game.table.variant.engine.read_entry(len(game.entries) + 1, item))
                except RuleViolation:
                    break  # the example's own refusal: judged above, nothing after it
    return cases


@pytest.mark.browser
def test_the_phone_s_checker_gives_the_server_s_answer_on_every_worked_example(
    phone: Phone, app: Flask
) -> None:
    cases = _cases(app)
    assert len(cases) > 300, len(cases)
    # Every family that foresees its deals is among them (the exact ones, Oneonta, the partnerships).
    assert {case["family"] for case in cases} >= {"Oh Hell", "Romanian Whist", "Classic Whist", "Bid Whist"}
    page: Page = phone.page
    phone.start_game("oh-hell", ["Ann", "Bob", "Cy"], first_dealer=0)  # a page that carries offline.js
    page.wait_for_function("() => window.Scorekeeper && window.Scorekeeper.refusal")
    phoned = page.evaluate(
        "(cases) => cases.map((c) => window.Scorekeeper.refusal(c.rules, c.values, c.players))",
        [{key: case[key] for key in ("rules", "values", "players")} for case in cases],
    )
    refused = disagreed = 0
    for case, found in zip(cases, phoned, strict=True):
        engine = case["engine"]
        refused += engine is not None
        if found is None and (engine is None or not case["checked"]):
            continue  # both let it through, or the server alone judges what the phone cannot
        ours = None if found is None else {"message": found["message"], "field": found["field"]}
        theirs = None if engine is None else {"message": engine["message"], "field": engine["field"]}
        agree = ours == theirs and (
            engine is None or engine["seat"] is None or found["seat"] == engine["seat"]
        )
        disagreed += not agree
        assert agree, (case["example"], case["values"], found, engine)
    assert refused > 50 and disagreed == 0
    print(f"\n{len(cases)} entries judged alike by the phone and the server ({refused} refusals)")

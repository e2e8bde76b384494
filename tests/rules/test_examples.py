"""Every worked example of RULES.md, kept as data in tests/data/*.json, replayed here.

A case's ``deals`` is its log: deal entries, table events (``{"event": ...}``) and
``{"fill": n}`` for n neutral deals, in order.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterator
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import Game, RuleViolation, Table, get_variant, read_event
from scorekeeper.rules.state import DealFacts
from scorekeeper.rules.text import Text

DATA = Path(__file__).parent.parent / "data"


def _collect_fillers() -> dict[str, Callable[[DealFacts], dict[str, Any]]]:
    """A neutral valid entry per kind of input, from every tests/rules/fillers_*.py."""
    found: dict[str, Callable[[DealFacts], dict[str, Any]]] = {}
    for path in sorted(Path(__file__).parent.glob("fillers_*.py")):
        module = importlib.import_module(f"tests.rules.{path.stem}")
        found.update(module.FILLERS)
    return found


FILLERS = _collect_fillers()


def _cases() -> Iterator[Any]:
    for path in sorted(DATA.glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            yield pytest.param(case, id=case["id"])


def _normalise(value: Any) -> Any:
    """A value as the data writes it: enums by value, tuples as lists, texts as code and params."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Text):
        return {"code": value.code, "params": {key: _normalise(item) for key, item in value.params.items()}}
    if isinstance(value, (tuple, list)):
        return [_normalise(item) for item in value]
    return value


def _fill(game: Game, count: int) -> Game:
    """``count`` deals more, each with the family's neutral entry."""
    engine = game.table.variant.engine
    for _ in range(count):
        facts = game.state.current
        number = len(game.entries) + 1
        assert facts is not None and facts.number == number
        game = game.record(engine.read_entry(number, FILLERS[engine.input_kind](facts)))
    return game


def _play(game: Game, data: dict[str, Any]) -> Game:
    """One item of a case's log: a deal entry, a table event, or some neutral deals."""
    if "event" in data:
        return game.add(read_event(data))
    if set(data) == {"fill"}:
        return _fill(game, data["fill"])
    return game.record(game.table.variant.engine.read_entry(len(game.entries) + 1, data))


_STEP = re.compile(r"([A-Za-z_]\w*)|\[(-?\d+)\]")


def resolve(root: Any, path: str) -> Any:
    """Follow ``deals[0].points``-style paths through attributes and indexes."""
    value = root
    for name, index in _STEP.findall(path):
        value = getattr(value, name) if name else value[int(index)]
    return value


@pytest.mark.parametrize("case", list(_cases()))
def test_worked_example(case: dict[str, Any]) -> None:
    variant = get_variant(case["variant"])
    setup = dict(first_dealer=case.get("first_dealer", 0), options=case.get("options", {}))
    if "setup_error" in case:
        with pytest.raises(RuleViolation) as refused:
            Table.create(variant, case["players"], **setup)
        assert _normalise(refused.value.text) == case["setup_error"]
        return
    game = _fill(Game.start(case["variant"], case["players"], **setup), case.get("fill", 0))
    entries = case.get("deals", [])
    for position, data in enumerate(entries):
        if "error" in case and position == len(entries) - 1:
            with pytest.raises(RuleViolation) as refused:
                _play(game, data)
            assert _normalise(refused.value.text) == case["error"]
            return
        game = _play(game, data)
    assert "error" not in case, "the case expects a refusal that never came"
    for path, expected in case.get("expect", {}).items():
        assert _normalise(resolve(game.state, path)) == expected, path

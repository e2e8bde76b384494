"""Reading a drive's forms: the set-up, a table's hand and a prize, as the engine's inputs.

Nothing here judges a value: the engine refuses what it cannot accept, with
its reason. Values that are not even numbers are passed on as they came, so
the engine's refusal names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...drives.store import Seen
from ...rules.drive import (
    DEFAULT_HANDS,
    DEFAULT_SIT_OUT_TRICKS,
    DEFAULT_TRUMPS,
    DriveFormat,
    HandEntry,
    Pair,
    PrizeRule,
    PrizeSpec,
    TieBreak,
    UpDirection,
)
from ...rules.errors import RuleViolation
from ..request_values import whole_number

TRUMP_SLOTS = 5
DEFAULT_INTERVAL = DEFAULT_HANDS // 2


def setup_defaults() -> dict[str, Any]:
    """What the set-up form shows first."""
    values: dict[str, Any] = {
        "name": "",
        "players": "",
        "count": "",
        "format": DriveFormat.PROGRESSIVE.value,
        "hands": str(DEFAULT_HANDS),
        "interval_after": str(DEFAULT_INTERVAL),
        "sit_out_tricks": str(DEFAULT_SIT_OUT_TRICKS),
        "tie_break": TieBreak.MOST_HANDS_WON.value,
        "up_direction": UpDirection.HIGHER.value,
    }
    for slot in range(TRUMP_SLOTS):
        values[f"trump{slot + 1}"] = DEFAULT_TRUMPS[slot].value if slot < len(DEFAULT_TRUMPS) else ""
    return values


def setup_values(form: Mapping[str, str]) -> dict[str, Any]:
    """The set-up form as typed, to show again after a refusal."""
    return {name: form.get(name, "") for name in setup_defaults()}


def _number(raw: str) -> int | str:
    """A number typed in ASCII digits, or the text as typed, for the engine to refuse in its words."""
    number = whole_number(raw)
    return raw.strip()[:20] if number is None else number


def setup_inputs(values: Mapping[str, str]) -> tuple[str, list[str] | int | str, dict[str, Any]]:
    """Name, players (names, or their number) and options for ``Drive.start``."""
    names = [line.strip() for line in values["players"].splitlines() if line.strip()]
    players: list[str] | int | str
    if names:
        players = names
    elif values["count"].strip():
        players = _number(values["count"])
    else:
        raise RuleViolation("drive_form_players_missing", field="players")
    if isinstance(players, str):
        raise RuleViolation("drive_form_count_not_whole", field="count", value=repr(players))
    interval = values["interval_after"].strip()
    options: dict[str, Any] = {
        "format": values["format"],
        "hands": _number(values["hands"]),
        "interval_after": _number(interval) if interval else None,
        "trumps": [values[f"trump{slot + 1}"] for slot in range(TRUMP_SLOTS) if values[f"trump{slot + 1}"]],
        "sit_out_tricks": _number(values["sit_out_tricks"]),
        "tie_break": values["tie_break"],
        "up_direction": values["up_direction"],
    }
    return values["name"], players, options


@dataclass(frozen=True, kw_only=True)
class HandForm:
    """A table's hand as the form sent it: what was entered and what the phone showed."""

    entry: HandEntry
    seen: Seen
    keep_movement: bool | None
    values: dict[str, str]


def read_hand(form: Mapping[str, str], table: int) -> HandForm:
    """The hand form of ``table``: the tricks of one pair, and what the page showed of the table."""
    values = {name: form.get(name, "") for name in ("hand", "pair", "tricks", "seats", "was")}
    hand = _number(values["hand"])
    if not isinstance(hand, int):
        raise RuleViolation("drive_form_hand_lost", field="hand")
    tricks_raw = values["tricks"].strip()
    if not tricks_raw:
        raise RuleViolation("drive_form_tricks_missing", field="tricks")
    tricks = _number(tricks_raw)
    pair = Pair.EAST_WEST if values["pair"] == Pair.EAST_WEST.value else Pair.NORTH_SOUTH
    numbers = (whole_number(part, most=9_999) for part in values["seats"].split(",")[:4])
    seats = tuple(seat for seat in numbers if seat is not None)
    was = values["was"].strip()
    seen = Seen(
        hand=hand,
        table=table,
        players=seats if len(seats) == 4 else None,
        north_south=whole_number(was, most=13),
    )
    entry = HandEntry(hand=hand, table=table, tricks=tricks, pair=pair)  # type: ignore[arg-type]
    keep = True if form.get("keep_movement") == "yes" else None
    return HandForm(entry=entry, seen=seen, keep_movement=keep, values=values)


def read_prize(form: Mapping[str, str]) -> PrizeSpec:
    """A prize the organiser adds: its name, its rule and the place or player it needs."""
    try:
        rule = PrizeRule(form.get("rule", ""))
    except ValueError:
        raise RuleViolation("drive_form_prize_rule", field="rule") from None
    place = _number(form.get("place", "")) if rule is PrizeRule.PLACE else None
    player = _number(form.get("player", "")) if rule is PrizeRule.CHOSEN else None
    return PrizeSpec(rule=rule, name=form.get("name", ""), place=place, player=player)  # type: ignore[arg-type]

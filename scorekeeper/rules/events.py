"""Table events: what happens at a real table besides a clean deal (RULES.md §9).

Each event is a typed, frozen record that joins the game's log beside the deal
entries and is replayed like them: a misdeal, a revoke found after a deal, a
player arriving, leaving, being replaced or sitting a deal out, an adjustment
of points, and stopping early. This module holds the records, their form as
JSON-like data (``"event"`` names the kind; a deal's data never has that key),
and the shapes replaying them derives. Whether the rules allow an event at its
place in the log is the replay's business (``walk.py``), so that a refusal can
name the player and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from .errors import RuleViolation
from .table import clean_name, unseen_character

MOST_POINTS = 10_000
REASON_MAX_LENGTH = 80
StartRule = Literal["lowest", "average"]
START_RULES: tuple[StartRule, ...] = ("lowest", "average")
MidDeal = Literal["drops", "before"]
"""What an event that may be recorded while a deal is under way does to what was entered of it (RULES.md
§9, settled December 2026): ``drops`` it (a misdeal deals the deal again, stopping early ends the game
before it) or is recorded ``before`` it and so applies to it (a substitute takes over for the deal under
way)."""
RevokePenalty = Literal["tricks", "points"]
REVOKE_PENALTIES: tuple[RevokePenalty, ...] = ("tricks", "points")
"""What the other side may choose a revoke to cost where its game's laws give it the choice (Classic
Whist: three tricks, or three points added to its score); which games offer which is their ``TableLaws``."""


def start_from(rule: StartRule, totals: Sequence[int]) -> int:
    """A newcomer's start by ``rule`` from the totals of the players seated (RULES.md §9): the lowest, or
    the average rounded down. Derived afresh on every replay, so it follows a correction."""
    if rule == "lowest":
        return min(totals)
    return sum(totals) // len(totals)


class InvalidEvent(RuleViolation):
    """A table event of the wrong shape, or one the rules do not allow where it stands."""

    field = "event"


@dataclass(frozen=True, kw_only=True, slots=True)
class Misdeal:
    """The next deal was misdealt and is dealt again; nothing is scored. Recorded while a deal is under
    way, it is that deal that was misdealt: what was entered of it is dropped."""

    kind: ClassVar[str] = "misdeal"
    mid_deal: ClassVar[MidDeal | None] = "drops"


@dataclass(frozen=True, kw_only=True, slots=True)
class Revoke:
    """A revoke (a renege) found after the deal just recorded: ``seats`` revoked in it.

    ``penalty`` is the other side's choice of what it costs, where the game's laws
    give one (``TableLaws.revoke_penalties``); None takes the laws' default.
    """

    kind: ClassVar[str] = "revoke"
    mid_deal: ClassVar[MidDeal | None] = None
    seats: tuple[int, ...]
    penalty: RevokePenalty | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Arrival:
    """A player joins between deals, at the left of seat ``left_of`` (the next seat clockwise).

    ``start`` is their starting total: a number, or "lowest" (the lowest total at
    the table) or "average" (the players' average, rounded down).
    """

    kind: ClassVar[str] = "arrival"
    mid_deal: ClassVar[MidDeal | None] = None
    name: str
    left_of: int
    start: int | StartRule = 0


@dataclass(frozen=True, kw_only=True, slots=True)
class Departure:
    """The player in ``seat`` leaves after the deal just recorded; their total is kept."""

    kind: ClassVar[str] = "departure"
    mid_deal: ClassVar[MidDeal | None] = None
    seat: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Substitute:
    """``name`` takes over ``seat`` from the next deal on (from the deal under way, keeping what was
    entered of it, when one is); the seat keeps its total."""

    kind: ClassVar[str] = "substitute"
    mid_deal: ClassVar[MidDeal | None] = "before"
    seat: int
    name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SitOut:
    """The player in ``seat`` sits the next deal out: no bid, no tricks, no points."""

    kind: ClassVar[str] = "sit_out"
    mid_deal: ClassVar[MidDeal | None] = None
    seat: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Adjustment:
    """``points`` added to (or, negative, taken from) one side's total, for ``reason``.

    ``side`` indexes the game's totals: a seat, or a team where partners score together.
    """

    kind: ClassVar[str] = "adjustment"
    mid_deal: ClassVar[MidDeal | None] = None
    side: int
    points: int
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Stop:
    """The game stops after the last complete deal; the standings then are final (a deal under way is
    dropped, not scored)."""

    kind: ClassVar[str] = "stop"
    mid_deal: ClassVar[MidDeal | None] = "drops"


TableEvent = Misdeal | Revoke | Arrival | Departure | Substitute | SitOut | Adjustment | Stop
EVENT_TYPES: tuple[type[TableEvent], ...] = (
    Misdeal,
    Revoke,
    Arrival,
    Departure,
    Substitute,
    SitOut,
    Adjustment,
    Stop,
)
EVENT_KINDS: tuple[str, ...] = tuple(kind.kind for kind in EVENT_TYPES)
_BY_KIND: dict[str, type[TableEvent]] = {kind.kind: kind for kind in EVENT_TYPES}
_FIELDS: dict[str, tuple[str, ...]] = {
    "misdeal": (),
    "revoke": ("seats", "penalty"),
    "arrival": ("name", "left_of", "start"),
    "departure": ("seat",),
    "substitute": ("seat", "name"),
    "sit_out": ("seat",),
    "adjustment": ("side", "points", "reason"),
    "stop": (),
}


def is_event(item: object) -> bool:
    """True when a log item is a table event rather than a deal entry."""
    return type(item) in EVENT_TYPES


def is_event_data(data: Mapping[str, object]) -> bool:
    """True when stored or posted data is a table event (it names its kind under "event")."""
    return "event" in data


# --- events as data ------------------------------------------------------------------------


def read_event(data: Mapping[str, object]) -> TableEvent:
    """Turn ``{"event": "arrival", "name": "Eve", "left_of": 2, "start": "lowest"}`` and the like
    into its record; raise InvalidEvent for a wrong shape or type (the rules come later)."""
    if not isinstance(data, Mapping):
        raise InvalidEvent("event_not_named_values", value=repr(data))
    kind = data.get("event")
    if not isinstance(kind, str) or kind not in _BY_KIND:
        raise InvalidEvent("event_unknown_kind", kinds=EVENT_KINDS, value=repr(kind))
    allowed = _FIELDS[kind]
    unknown = sorted(str(key) for key in data if key != "event" and key not in allowed)
    if unknown:
        raise InvalidEvent(
            "event_unknown_key", field=unknown[0], kind=kind, keys=allowed, key=repr(unknown[0])
        )
    if kind == "misdeal":
        return Misdeal()
    if kind == "stop":
        return Stop()
    if kind == "revoke":
        return Revoke(seats=_read_seats(data.get("seats")), penalty=_read_penalty(data.get("penalty")))
    if kind == "arrival":
        return Arrival(
            name=_read_name(data.get("name")),
            left_of=_read_whole(data, "left_of"),
            start=_read_start(data.get("start", 0)),
        )
    if kind == "substitute":
        return Substitute(seat=_read_whole(data, "seat"), name=_read_name(data.get("name")))
    if kind == "adjustment":
        return Adjustment(
            side=_read_whole(data, "side"),
            points=_read_points(data.get("points")),
            reason=_read_reason(data.get("reason")),
        )
    seat = _read_whole(data, "seat")
    return Departure(seat=seat) if kind == "departure" else SitOut(seat=seat)


def write_event(event: TableEvent) -> dict[str, object]:
    """The data ``read_event`` reads back into the same event."""
    data: dict[str, object] = {"event": event.kind}
    if isinstance(event, Revoke):
        data["seats"] = list(event.seats)
        if event.penalty is not None:
            data["penalty"] = event.penalty
    elif isinstance(event, Arrival):
        data.update(name=event.name, left_of=event.left_of, start=event.start)
    elif isinstance(event, Departure | SitOut):
        data["seat"] = event.seat
    elif isinstance(event, Substitute):
        data.update(seat=event.seat, name=event.name)
    elif isinstance(event, Adjustment):
        data.update(side=event.side, points=event.points, reason=event.reason)
    return data


def _read_whole(data: Mapping[str, object], key: str) -> int:
    """A seat number (``seat``, ``left_of``) or a side (``side``), which the refusal names by ``key``."""
    raw = data.get(key)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidEvent("event_seat_not_number", field=key, what=key, value=repr(raw))
    return raw


def _read_seats(raw: object) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        raise InvalidEvent("event_revoke_seats", field="seats", value=repr(raw))
    for seat in raw:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidEvent("event_revoke_seats", field="seats", value=repr(raw))
    if len(set(raw)) != len(raw):
        raise InvalidEvent("event_revoke_seats_twice", field="seats")
    return tuple(raw)


def _read_penalty(raw: object) -> RevokePenalty | None:
    if raw is None:
        return None
    for choice in REVOKE_PENALTIES:
        if raw == choice:
            return choice
    raise InvalidEvent("event_revoke_penalty", field="penalty", choices=REVOKE_PENALTIES, value=repr(raw))


def _read_name(raw: object) -> str:
    try:
        return clean_name(raw, 0)
    except RuleViolation as refused:
        if not isinstance(raw, str) or not raw.strip():
            raise InvalidEvent("event_name_missing", field="name") from None
        raise InvalidEvent.from_text(refused.text, field="name") from None


def _read_start(raw: object) -> int | StartRule:
    if raw == "lowest":
        return "lowest"
    if raw == "average":
        return "average"
    if isinstance(raw, bool) or not isinstance(raw, int) or abs(raw) > MOST_POINTS:
        raise InvalidEvent("event_start_total", field="start", most=MOST_POINTS, value=repr(raw))
    return raw


def _read_points(raw: object) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw == 0 or abs(raw) > MOST_POINTS:
        raise InvalidEvent("event_adjustment_points", field="points", most=MOST_POINTS, value=repr(raw))
    return raw


def _read_reason(raw: object) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidEvent("event_adjustment_reason_missing", field="reason")
    reason = " ".join(raw.split())
    if (character := unseen_character(reason)) is not None:
        raise InvalidEvent("event_reason_unseen", field="reason", character=character)
    if len(reason) > REASON_MAX_LENGTH:
        raise InvalidEvent("event_adjustment_reason_long", field="reason", most=REASON_MAX_LENGTH)
    return reason

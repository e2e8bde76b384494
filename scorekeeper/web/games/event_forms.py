"""The forms of the table events: what each asks, with the choices the engine gives, and the posted
values turned into the event's data (``read_event`` reads it; the engine judges it).

Nothing here decides whether an event may be recorded: the seats, the sides and
the arrival's places come from ``possible_events``, the starting totals from the
engine's ``START_RULES``, the revoke's penalty choices (where the game's laws give
the other side one) from ``revoke_penalties``, and every refusal from the engine. A value the form
cannot read is passed on as typed, so that the engine's refusal says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from ... import words
from ...rules import (
    START_RULES,
    EventChoice,
    Game,
    RuleViolation,
    TableEvent,
    arrival_starts,
    revoke_penalties,
    write_event,
)
from ...rules.seating import left_of as seat_to_the_left
from ...words import capitalised, gettext
from ...words._core import N_
from ...words.events import revoke_penalty_words, start_words
from . import view

WHOLE = re.compile(r"^[+-]?\d{1,9}$")
FIELDS: dict[str, tuple[str, ...]] = {
    "misdeal": (),
    "revoke": ("seats", "penalty"),
    "arrival": ("name", "left_of", "start", "start_points"),
    "departure": ("seat",),
    "substitute": ("seat", "name"),
    "sit_out": ("seat",),
    "adjustment": ("side", "sign", "points", "reason"),
    "stop": (),
}
"""The fields of each kind's form (the posted names; the engine's own are in ``event_data``)."""

TYPED: dict[str, tuple[str, ...]] = {
    "arrival": ("name",),
    "substitute": ("name",),
    "adjustment": ("points", "reason"),
}
"""The fields of each kind's form that are typed rather than tapped: a form opened with its player chosen
asks what it would change at once unless one of these is still to be typed."""

REASONS = (N_("late to the table"), N_("a penalty"), N_("a bonus"), N_("carried over"))
"""An adjustment's reasons offered in one tap (any other is typed)."""

ASK_SEAT = {
    "revoke": "event_form_who_revoked",
    "departure": "event_form_who_leaves",
    "substitute": "event_form_seat_taken_over",
    "sit_out": "event_form_who_sits_out",
}
"""The refusal (its code, worded in scorekeeper/words/web.py) when a form comes back without the player
it is about: nothing for the rules to judge."""


@dataclass(frozen=True, kw_only=True)
class Option:
    """One choice of a form: the value posted and what the player reads."""

    value: str
    label: str


@dataclass(frozen=True, kw_only=True)
class EventForm:
    """A kind's form: its fields' choices, as the engine gives them, and the values entered so far."""

    kind: str
    values: dict[str, Any]
    seats: list[Option] = field(default_factory=list)
    places: list[Option] = field(default_factory=list)
    sides: list[Option] = field(default_factory=list)
    starts: list[Option] = field(default_factory=list)
    penalties: list[Option] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)

    @property
    def fields(self) -> tuple[str, ...]:
        """The names of the fields this kind's form asks for."""
        return FIELDS[self.kind]


def event_form(game: Game, choice: EventChoice, values: Mapping[str, Any]) -> EventForm:
    """The form of ``choice.kind`` for ``game`` as it stands where the event goes, with ``values``."""
    names = game.state.players
    kind = choice.kind
    shown = dict(values)
    if kind == "arrival":
        life = game.state.life
        ring = life.ring if life is not None else tuple(range(len(names)))
        places = [
            Option(
                value=str(seat),
                label=gettext("Between %(first)s and %(second)s")
                % {"first": names[seat], "second": names[seat_to_the_left(ring, seat)]},
            )
            for seat in choice.seats
        ]
        starts = [Option(value="0", label="0")]
        now = arrival_starts(game)
        for rule in START_RULES:
            label = capitalised(start_words(rule))
            if rule in now:  # its value today; the form's hint says it follows a correction
                label = gettext("%(rule)s (now %(total)s)") % {"rule": label, "total": words.total(now[rule])}
            starts.append(Option(value=rule, label=label))
        starts.append(Option(value="number", label=gettext("A number agreed:")))
        shown.setdefault("left_of", places[-1].value if places else "")
        shown.setdefault("start", "0")
        return EventForm(kind=kind, values=shown, places=places, starts=starts)
    if kind == "adjustment":
        sides = view.side_names(game)
        shown.setdefault("sign", "+")
        options = [Option(value=str(side), label=sides[side]) for side in choice.sides]
        reasons = [gettext(reason) for reason in REASONS]
        return EventForm(kind=kind, values=shown, sides=options, reasons=reasons)
    seats = [Option(value=str(seat), label=names[seat]) for seat in choice.seats]
    if kind == "revoke":
        # Only where the game's laws give the other side a choice; the first is the laws' default.
        choices = revoke_penalties(game.table)
        penalties = [Option(value=choice, label=revoke_penalty_words(choice)) for choice in choices]
        if penalties and not shown.get("penalty"):
            shown["penalty"] = penalties[0].value
        return EventForm(kind=kind, values=shown, seats=seats, penalties=penalties)
    return EventForm(kind=kind, values=shown, seats=seats)


def posted_values(kind: str, form: MultiDict[str, str]) -> dict[str, Any]:
    """The values of a kind's form as posted, kept as typed (a refused form shows them again)."""
    values: dict[str, Any] = {}
    for name in FIELDS[kind]:
        values[name] = form.getlist(name) if name == "seats" else form.get(name, "").strip()
    return values


def asked_values(kind: str, args: MultiDict[str, str]) -> dict[str, Any]:
    """The values a link to a kind's form chose beforehand (``?seat=2``: a player's own menu), the rest
    left to the form's defaults."""
    values: dict[str, Any] = {}
    for name in FIELDS[kind]:
        if name == "seats" and args.getlist(name):
            values[name] = args.getlist(name)
        elif name != "seats" and args.get(name, "").strip():
            values[name] = args.get(name, "").strip()
    return values


def stored_values(event: TableEvent) -> dict[str, Any]:
    """A recorded event's inputs as its form shows them, to correct it."""
    data = write_event(event)
    values: dict[str, Any] = {}
    if "seats" in data:
        values["seats"] = [str(seat) for seat in data["seats"]]  # type: ignore[attr-defined]
    for name in ("seat", "side", "left_of", "name", "reason", "penalty"):
        if name in data:
            values[name] = str(data[name])
    if "start" in data:
        start = data["start"]
        if isinstance(start, int) and start != 0:
            values.update(start="number", start_points=str(start))
        else:
            values["start"] = str(start)
    if "points" in data:
        points = data["points"]
        assert isinstance(points, int)
        values.update(sign="+" if points > 0 else "-", points=str(abs(points)))
    return values


def event_data(kind: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The event's data as the engine reads it (``read_event``), from the form's values.

    Raises a RuleViolation only for a form sent without the player it is about;
    anything else goes to the engine as typed, which refuses it in its own words.
    """
    data: dict[str, Any] = {"event": kind}
    if kind == "revoke":
        seats = [_number(seat) for seat in values.get("seats") or []]
        if not seats:
            raise RuleViolation(ASK_SEAT[kind], field="seats")
        data["seats"] = seats
        if values.get("penalty"):
            data["penalty"] = values["penalty"]
    if kind in ("departure", "substitute", "sit_out"):
        if not values.get("seat"):
            raise RuleViolation(ASK_SEAT[kind], field="seat")
        data["seat"] = _number(values["seat"])
    if kind in ("arrival", "substitute"):
        data["name"] = values.get("name", "")
    if kind == "arrival":
        data["left_of"] = _number(values.get("left_of", ""))
        start = values.get("start", "0")
        data["start"] = _number(values.get("start_points", "")) if start == "number" else _start(start)
    if kind == "adjustment":
        data["side"] = _number(values.get("side", ""))
        points = _number(values.get("points", ""))
        if isinstance(points, int) and values.get("sign") == "-":
            points = -points
        data.update(points=points, reason=values.get("reason", ""))
    return data


def totals_change(
    before: Game, after: Game, sides_before: Sequence[str], sides_after: Sequence[str]
) -> list[dict[str, Any]]:
    """The sides whose totals an event changes (or adds): name, total before (None: new) and after."""
    old, new = before.state.totals, after.state.totals
    changed = []
    for side, total in enumerate(new):
        was = old[side] if side < len(old) else None
        if was != total:
            name = sides_after[side] if side < len(sides_after) else sides_before[side]
            changed.append({"name": name, "before": was, "after": total})
    return changed


def _number(text: Any) -> Any:
    """A whole number typed into a field, or the text itself for the engine to refuse."""
    if isinstance(text, str) and WHOLE.match(text):
        return int(text)
    return text


def _start(raw: str) -> Any:
    return raw if raw in START_RULES else _number(raw)

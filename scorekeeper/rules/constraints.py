"""What an entry of a deal must keep, as a small declared vocabulary a page can check by itself.

A phone at a table without a connection must still refuse what the rules
forbid. For every deal the engine can decide in advance, its family states
the deal's rules as data in a handful of kinds, built from the family's own
numbers and with the family's own refusals; one generic function (``refusal``
here, and its twin ``refusal`` in static/offline.js) checks entered values
against them. No rule is written a second time: the tests replay every entry
a page can make through both the engine and this checker and find the same
verdict and the same refusal (code and parameters).

The kinds (``Constraint.kind``):

``one_of``
    each listed seat's value (or the deal's one value, with no seats) is one of
    ``choices``; ``default`` is what the entry means when it is left out.
``entered``
    each listed seat (or the deal's one value) has a value; the first missing
    one is named. ``owner`` names the field whose value says whose value it is
    ("side"), and ``names`` the names that value picks from.
``total_not``
    once every listed seat has a value, they may not add up to ``total``; the
    refusal names ``blame`` (the hook: "the bids of all may not total N",
    which is "the last bidder may not bid X").
``total_is``
    once every listed seat has a value, they add up to ``total``.

A rule's ``message`` is the refusal it makes, as a text (a code and its
parameters, like every refusal of the engine); a parameter may be one of the
placeholders :data:`NAME` (the player or side it names), :data:`VALUE` (that
player's value) and :data:`TOTAL` (the values added up), filled in when the rule
is broken. The web layer words the text (``as_data(say)``) for the page, where
the placeholders stay ``{name}``, ``{value}`` and ``{total}`` for offline.js to fill.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .state import DealFacts
from .text import Param, Text

Kind = Literal["one_of", "entered", "total_not", "total_is"]
Choice = int | str
Say = Callable[[Param], str]
"""How the web layer words a text (or a list of names) for the page."""

NAME = "{name}"
"""In a rule's message, the player (or the side) the refusal names."""
VALUE = "{value}"
"""In a rule's message, the value of the player the refusal names."""
TOTAL = "{total}"
"""In a rule's message, the values added up."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Constraint:
    """One rule of a deal's entry, in one of the declared kinds (see the module's docstring)."""

    kind: Kind
    field: str
    seats: tuple[int, ...] = ()
    choices: tuple[Choice, ...] = ()
    default: Choice | None = None
    total: int = 0
    blame: int | None = None
    owner: str | None = None
    names: tuple[Param, ...] = ()
    message: Text | None = None

    def as_data(self, say: Say) -> dict[str, object]:
        """The constraint as JSON-like data, with only the members its kind uses; ``say`` words its
        message and the names of its owners for the page."""
        data: dict[str, object] = {"kind": self.kind, "field": self.field}
        if self.seats:
            data["seats"] = list(self.seats)
        if self.kind == "one_of":
            data["choices"] = list(self.choices)
            if self.default is not None:
                data["default"] = self.default
        if self.kind in ("total_not", "total_is"):
            data["total"] = self.total
        if self.blame is not None:
            data["blame"] = self.blame
        if self.owner is not None:
            data["owner"] = self.owner
            data["names"] = [say(name) for name in self.names]
        if self.message is not None:
            data["message"] = say(self.message)
        return data


@dataclass(frozen=True, kw_only=True, slots=True)
class EntryPhase:
    """One part of a deal's entry, saved on its own ("bids", then "tricks").

    ``fields`` are the values entered in this phase; the values of earlier
    phases travel along. A phase is done once every seat of each of its
    per-seat fields has a value; until then saving it keeps it due.
    """

    name: str
    fields: tuple[str, ...]
    rules: tuple[Constraint, ...]

    def as_data(self, say: Say) -> dict[str, object]:
        """The phase as JSON-like data, its messages worded by ``say``."""
        return {
            "name": self.name,
            "fields": list(self.fields),
            "rules": [rule.as_data(say) for rule in self.rules],
        }


@dataclass(frozen=True, kw_only=True, slots=True)
class DealAhead:
    """A deal whose facts the rules decide before it is played, and the rules of its entry.

    ``checked`` is False where the deal's entry has rules beyond the declared ones
    (an auction judged call by call, bids judged in turn): a page then keeps an
    entry as "not yet checked", and the server checks it when it is sent.
    ``stand_in`` is an entry (as ``read_entry`` reads it) that keeps every rule of
    the deal, given by a family whose declared rules are not all its rules, so
    that the deals after this one can be foreseen (foresee_events.py); it never
    leaves the engine.
    """

    facts: DealFacts
    phases: tuple[EntryPhase, ...]
    checked: bool = True
    stand_in: Mapping[str, object] | None = None

    def as_data(self, say: Say) -> dict[str, object]:
        """The deal's number and phases as JSON-like data (the page words the facts itself)."""
        data: dict[str, object] = {
            "number": self.facts.number,
            "phases": [phase.as_data(say) for phase in self.phases],
        }
        if not self.checked:
            data["checked"] = False
        return data


@dataclass(frozen=True, kw_only=True, slots=True)
class Foresight:
    """The deals due next that the rules decide in advance, from the one due now.

    ``ends_on_score``: the game may end before the last of them, on a score
    only the engine works out. ``unknown`` says, in a player's words, why no
    deal (or no further deal) can be decided in advance; None when every deal
    due is listed or the game is over (a text, for the web layer to word).
    """

    deals: tuple[DealAhead, ...] = ()
    ends_on_score: bool = False
    unknown: Text | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Refusal:
    """What ``refusal`` found wrong: the refusal (as the engine's would say it), the field and the
    seat it names (if any)."""

    text: Text
    field: str
    seat: int | None = None


def refusal(
    rules: Sequence[Constraint], values: Mapping[str, object], players: Sequence[str]
) -> Refusal | None:
    """The first of ``rules`` that ``values`` break, or None when they keep them all.

    ``values`` holds the entry as the engine reads it: a list with one value
    (or None) per seat for a per-seat field, else the deal's one value; a
    field left out has no value.
    """
    for rule in rules:
        found = _broken(rule, values, players)
        if found is not None:
            return found
    return None


def _value(values: Mapping[str, object], rule: Constraint, seat: int | None) -> object:
    raw = values.get(rule.field)
    if seat is None:
        return raw
    if isinstance(raw, list | tuple) and 0 <= seat < len(raw):
        return raw[seat]
    return None


def _fill(message: Text | None, *, name: Param = "", value: object = "", total: int = 0) -> Text:
    """The rule's message with its placeholders filled in (a rule declared without one: the bare code)."""
    if message is None:
        return Text("constraint_broken")
    filled = {NAME: name, VALUE: value if isinstance(value, int | str) else repr(value), TOTAL: total}
    return Text(
        message.code,
        **{
            key: filled[param] if isinstance(param, str) and param in filled else param
            for key, param in message.params.items()
        },
    )


def _broken(rule: Constraint, values: Mapping[str, object], players: Sequence[str]) -> Refusal | None:
    seats: Sequence[int | None] = rule.seats or (None,)
    if rule.kind == "one_of":
        for seat in seats:
            value = _value(values, rule, seat)
            if value is not None and value not in rule.choices:
                name = players[seat] if seat is not None else ""
                return Refusal(text=_fill(rule.message, name=name, value=value), field=rule.field, seat=seat)
        return None
    if rule.kind == "entered":
        for seat in seats:
            if _value(values, rule, seat) is None:
                return Refusal(
                    text=_fill(rule.message, name=_owner_name(rule, values, players, seat)),
                    field=rule.field,
                    seat=seat,
                )
        return None
    entered = [_value(values, rule, seat) for seat in seats]
    if any(type(value) is not int for value in entered):
        return None  # a total is judged once every value is in
    total = sum(value for value in entered if type(value) is int)
    if (rule.kind == "total_not") == (total != rule.total):
        return None
    blamed = rule.blame
    name = players[blamed] if blamed is not None else ""
    value = _value(values, rule, blamed) if blamed is not None else ""
    return Refusal(
        text=_fill(rule.message, name=name, value=value, total=total), field=rule.field, seat=blamed
    )


def _owner_name(
    rule: Constraint, values: Mapping[str, object], players: Sequence[str], seat: int | None
) -> Param:
    """Whom a missing value belongs to: the seat's player, or the side its owner field names."""
    if seat is not None:
        return players[seat]
    if rule.owner is None or not rule.names:
        return ""
    owner = values.get(rule.owner, 0)
    return rule.names[owner] if type(owner) is int and 0 <= owner < len(rule.names) else rule.names[0]

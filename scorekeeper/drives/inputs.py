"""A drive's stored inputs other than its hands, as the database keeps them and as the engine takes
them: the set-up's options, the organiser's prizes, arrivals and departures, and where players
actually sat. Each reader builds the engine's record for the engine to check on replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..rules.drive import (
    DriveSetup,
    PrizeRule,
    PrizeSpec,
    Role,
    RosterChange,
    RosterKind,
    Seat,
    SeatFix,
    StartFrom,
)


class HasInputs(Protocol):
    """A stored drive's row, as far as these readers look at it."""

    roster: list[dict[str, Any]]
    seatings: list[dict[str, Any]]


def setup_options(setup: DriveSetup) -> dict[str, Any]:
    """The set-up's options as stored: the engine's own codes, by the names ``create`` takes."""
    return {
        "format": setup.format.value,
        "hands": setup.hands,
        "interval_after": setup.interval_after,
        "trumps": [trump.value for trump in setup.trumps],
        "sit_out_tricks": setup.sit_out_tricks,
        "tie_break": setup.tie_break.value,
        "up_direction": setup.up_direction.value,
        "winners_move": setup.winners_move,
        "one_prize_each": setup.one_prize_each,
    }


def prize_data(prize: PrizeSpec) -> dict[str, Any]:
    """An organiser's prize as stored."""
    return {"rule": prize.rule.value, "name": prize.name, "place": prize.place, "player": prize.player}


def read_prize(data: Mapping[str, Any]) -> PrizeSpec:
    """A stored prize for the engine to check."""
    return PrizeSpec(
        rule=PrizeRule(data["rule"]),
        name=data.get("name"),
        place=data.get("place"),
        player=data.get("player"),
    )


def roster_data(change: RosterChange) -> dict[str, Any]:
    """An arrival, a departure, a substitute or a table that goes, as stored (only the fields it has)."""
    data: dict[str, Any] = {"hand": change.hand, "kind": change.kind.value}
    if change.player is not None:
        data["player"] = change.player
    if change.kind in (RosterKind.ARRIVE, RosterKind.SUBSTITUTE):
        data["start"] = change.start.value
    if change.role is not None:
        data["role"] = change.role.value
    if change.replaces is not None:
        data["replaces"] = change.replaces
    if change.table is not None:
        data["table"] = change.table
    return data


def roster_of(record: HasInputs) -> tuple[RosterChange, ...]:
    """The stored roster changes, for the engine to check on replay (a late player stored before
    roles were chosen plays the role of their entry order)."""
    return tuple(
        RosterChange(
            hand=item["hand"],
            kind=RosterKind(item["kind"]),
            player=item.get("player"),
            start=StartFrom(item.get("start", StartFrom.ZERO.value)),
            role=None if item.get("role") is None else Role(item["role"]),
            replaces=item.get("replaces"),
            table=item.get("table"),
        )
        for item in record.roster or ()
    )


def seating_data(fix: SeatFix) -> dict[str, Any]:
    """Where a player actually sat, as stored."""
    return {"hand": fix.hand, "player": fix.player, "table": fix.table, "seat": fix.seat.value}


def seatings_of(record: HasInputs) -> tuple[SeatFix, ...]:
    """The stored records of where players actually sat, for the engine to check on replay."""
    return tuple(
        SeatFix(hand=item["hand"], player=item["player"], table=item["table"], seat=Seat(item["seat"]))
        for item in record.seatings or ()
    )

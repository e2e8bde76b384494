"""Reading a drive's forms: the set-up, a table's hand and a prize, as the engine's inputs.

Nothing here judges a value: the engine refuses what it cannot accept, with
its reason. Values that are not even numbers are passed on as they came, so
the engine's refusal names them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
    Role,
    Seat,
    StartFrom,
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
        "winners_move": "no",
        "one_prize_each": "",
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
        "winners_move": values["winners_move"] == "yes",
        "one_prize_each": values["one_prize_each"] == "yes",
    }
    return values["name"], players, options


@dataclass(frozen=True, kw_only=True)
class HandForm:
    """A table's hand as the form sent it: what was entered and what the phone showed.

    ``apply`` is set once the correction's preview was shown and accepted.
    """

    entry: HandEntry
    seen: Seen
    apply: bool
    values: dict[str, str]


def _seen(values: Mapping[str, str], hand: int, table: int) -> Seen:
    """What the page showed of the table's hand: its four players and the tricks entered, if any."""
    numbers = (whole_number(part, most=9_999) for part in values.get("seats", "").split(",")[:4])
    seats = tuple(seat for seat in numbers if seat is not None)
    return Seen(
        hand=hand,
        table=table,
        players=seats if len(seats) == 4 else None,
        north_south=whole_number(values.get("was", "").strip(), most=13),
    )


def _hand_number(raw: str) -> int:
    hand = _number(raw)
    if not isinstance(hand, int):
        raise RuleViolation("drive_form_hand_lost", field="hand")
    return hand


def read_hand(form: Mapping[str, str], table: int, *, needs_confirmation: bool = False) -> HandForm:
    """The hand form of ``table``: the tricks of one pair, and what the page showed of the table.

    No pair is chosen for the player: one not tapped is refused, never guessed. A table's own
    result ``needs_confirmation`` by the other pair.
    """
    values = {name: form.get(name, "") for name in ("hand", "pair", "tricks", "seats", "was")}
    hand = _hand_number(values["hand"])
    pairs = {pair.value: pair for pair in Pair}
    if values["pair"] not in pairs:
        raise RuleViolation("drive_form_pair_missing", field="pair")
    tricks_raw = values["tricks"].strip()
    if not tricks_raw:
        raise RuleViolation("drive_form_tricks_missing", field="tricks")
    tricks = _number(tricks_raw)
    entry = HandEntry(
        hand=hand,
        table=table,
        tricks=tricks,  # type: ignore[arg-type]
        pair=pairs[values["pair"]],
        needs_confirmation=needs_confirmation,
    )
    apply = form.get("apply") == "yes"
    return HandForm(entry=entry, seen=_seen(values, hand, table), apply=apply, values=values)


def read_confirmation(form: Mapping[str, str], table: int) -> tuple[Seen, int | str]:
    """The confirmation of a table's result: what the phone showed, and who tapped their name."""
    hand = _hand_number(form.get("hand", ""))
    player = _number(form.get("player", ""))
    return _seen(form, hand, table), player


@dataclass(frozen=True, kw_only=True)
class Arrival:
    """A late player (``name``) in ``role`` (None: the one the engine suggests), or in a partner drive
    a late pair (``name`` the lady, ``partner`` the gent); their total starts at 0 or the lowest total."""

    name: str
    start: StartFrom
    role: Role | None = None
    partner: str | None = None


@dataclass(frozen=True, kw_only=True)
class Departure:
    """The player who leaves (their index, or what came, for the engine to refuse), and the
    substitute who takes their place, if one is named."""

    player: int | str
    substitute: str | None
    start: StartFrom


def _start(form: Mapping[str, str]) -> StartFrom:
    return StartFrom.LOWEST if form.get("start") == StartFrom.LOWEST.value else StartFrom.ZERO


def read_arrival(form: Mapping[str, str], *, pair: bool = False) -> Arrival:
    """A late player's name, role and start; with ``pair`` (a partner drive) the pair's two names."""
    name = form.get("name", "")
    if pair:
        return Arrival(name=name, start=_start(form), partner=form.get("partner_name", ""))
    role_code = form.get("role", "")
    try:
        role = Role(role_code) if role_code else None
    except ValueError:
        raise RuleViolation("drive_roster_role", field="role", value=repr(role_code[:20])) from None
    return Arrival(name=name, start=_start(form), role=role)


def read_departure(form: Mapping[str, str]) -> Departure:
    """The player who leaves and the substitute taking over, if the organiser typed one."""
    player = _number(form.get("player", ""))
    if player == "":
        raise RuleViolation("drive_form_leaver_missing", field="player")
    substitute = form.get("substitute", "").strip() or None
    return Departure(player=player, substitute=substitute, start=_start(form))


def read_prize(form: Mapping[str, str]) -> PrizeSpec:
    """A prize the organiser adds: its name, its rule and the place or player it needs."""
    try:
        rule = PrizeRule(form.get("rule", ""))
    except ValueError:
        raise RuleViolation("drive_form_prize_rule", field="rule") from None
    place = _number(form.get("place", "")) if rule is PrizeRule.PLACE else None
    player = _number(form.get("player", "")) if rule is PrizeRule.CHOSEN else None
    return PrizeSpec(rule=rule, name=form.get("name", ""), place=place, player=player)  # type: ignore[arg-type]


def read_card(form: Mapping[str, str], hands: Iterable[int]) -> dict[int, int]:
    """A tally card typed in: by hand, the tricks the card gives the player's pair (rows left
    empty are skipped); a row that is not a whole number is refused, naming its hand."""
    rows: dict[int, int] = {}
    for hand in hands:
        raw = form.get(f"hand-{hand}", "").strip()
        if not raw:
            continue
        tricks = _number(raw)
        if not isinstance(tricks, int):
            raise RuleViolation("drive_form_card_tricks", field=f"hand-{hand}", hand=hand, value=raw)
        rows[hand] = tricks
    return rows


def read_seat(form: Mapping[str, str]) -> tuple[int | str, int | str, Seat]:
    """Where a player actually sat: the player (index), the table and the seat (N, E, S or W)."""
    player, table = _number(form.get("player", "")), _number(form.get("table", ""))
    try:
        seat = Seat(form.get("seat", ""))
    except ValueError:
        raise RuleViolation("drive_form_seat_missing", field="seat") from None
    if player == "" or table == "":
        raise RuleViolation("drive_form_seat_missing", field="seat")
    return player, table, seat


def read_table(form: Mapping[str, str]) -> int | str:
    """The table that goes (its number), or what came, for the engine to refuse."""
    table = _number(form.get("table", ""))
    if table == "":
        raise RuleViolation("drive_form_table_missing", field="table")
    return table

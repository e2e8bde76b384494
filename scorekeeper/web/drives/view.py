"""What a drive's pages show, worked out from the engine's replay and worded by drive_words.

Views call these and pass the dictionaries to templates; templates never work
out a seat, a score or a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ... import words
from ...drives.store import StoredDrive
from ...rules.drive import (
    SEATS,
    CorrectionEffect,
    Drive,
    DriveFormat,
    DriveState,
    HandEntry,
    Pair,
    Placement,
    PrizeResult,
    PrizeRule,
    Role,
    RosterChange,
    RosterKind,
)
from ...rules.errors import RuleViolation
from ...words import gettext, ngettext
from ..wording import in_reader_order
from .forms import HandForm
from .wording import (
    FORMAT_NAMES,
    MOVE_WORDS,
    PAIR_NAMES,
    SEAT_NAMES,
    correction_words,
    movement_words,
    names_list,
    no_winner,
    pair_names,
    prize_name,
    result_format,
    result_words,
    setup_words,
    tables_words,
    trump_name,
)

# Past this many players level for a prize, the page counts them instead of naming them all.
MOST_WINNERS_NAMED = 4


def overview(record: StoredDrive, drive: Drive) -> dict[str, Any]:
    """What every page of a drive shows around its own content."""
    state = drive.state
    setup = drive.setup
    return {
        "record": record,
        "drive": drive,
        "state": state,
        "names": setup.players,
        "format_name": FORMAT_NAMES[setup.format],
        "setup_lines": setup_words(setup),
        "rules": movement_words(state.rule),
        "status": status_words(state),
        "tables": state.layout.tables,
    }


def status_words(state: DriveState) -> str:
    """ "Hand 5 of 24 · ♥ Hearts · waiting for tables 2 and 7", or the drive's end."""
    current = state.current
    if current is None:
        return ngettext(
            "All %(hands)s hand played: the drive is over",
            "All %(hands)s hands played: the drive is over",
            state.setup.hands,
        ) % {"hands": state.setup.hands}
    waiting = current.waiting_tables
    head = gettext("Hand %(hand)s of %(hands)s · %(trump)s") % {
        "hand": current.number,
        "hands": state.setup.hands,
        "trump": trump_name(current.trump),
    }
    if state.at_interval:
        return gettext("Interval · then %(head)s") % {"head": head}
    unconfirmed = current.unconfirmed_tables
    if unconfirmed:
        to_confirm = {"head": head, "tables": tables_words(unconfirmed)}
        head = gettext("%(head)s · %(tables)s to confirm") % to_confirm
    if not waiting:
        return head
    if len(waiting) == len(current.table_numbers):
        return gettext("%(head)s · being played") % {"head": head}
    return gettext("%(head)s · waiting for %(tables)s") % {"head": head, "tables": tables_words(waiting)}


def table_line(drive: Drive, hand: int, table: int) -> dict[str, Any]:
    """One table in one hand: the four players by seat, the pairs by name, the result if entered,
    and who may confirm it."""
    state = drive.state
    line = state.table_hand(hand, table)
    names = drive.setup.players
    hand_state = state.hand(hand)
    confirming = line.confirming_pair
    confirmers = () if confirming is None else line.pair_players(confirming)
    not_in = [number for number in hand_state.tables_not_in if number != table]
    return {
        "hand": hand,
        "table": table,
        "trump": trump_name(drive.setup.trump_for(hand)),
        "seats": [(SEAT_NAMES[seat], names[line.player_at(seat)]) for seat in SEATS],
        "pairs": [
            (pair.value, PAIR_NAMES[pair], pair_names([names[player] for player in line.pair_players(pair)]))
            for pair in Pair
        ],
        "tricks": line.tricks,
        "result": None if line.tricks is None else result_words(drive, line),
        "result_format": result_format(),
        "confirmed": line.confirmed,
        "corrected": line.corrected,
        "confirmers": [(player, names[player]) for player in confirmers],
        "confirmer_names": names_list([names[player] for player in confirmers]),
        "confirmed_by": None if line.confirmed_by is None else names[line.confirmed_by],
        "seen_seats": ",".join(str(player) for player in line.players),
        "in_play": state.hand_in_play == hand,
        "waiting": hand_state.waiting_tables,
        "not_in": not_in,
        "waiting_words": waiting_words(len(not_in)),
        "wait_key": wait_key(drive, table),
        "sitting_out": [names[player] for player in hand_state.sitting_out],
        "movement_called": drive.movement_called(hand),
    }


def waiting_words(count: int) -> str:
    """ "Waiting for 3 more tables." — the tables still to enter the hand or to confirm it."""
    if not count:
        return gettext("Every other table is in: this page shows where you go next in a moment.")
    template = ngettext("Waiting for %(count)s more table.", "Waiting for %(count)s more tables.", count)
    return template % {"count": count}


def wait_key(drive: Drive, table: int) -> str:
    """What a waiting table phone compares to know its page is out of date: the hand in play and
    this table's result in it. Other tables entering leave it the same, so the phone does not reload."""
    state = drive.state
    hand = state.hand_in_play
    if hand is None:
        return "over"
    line = state.table_hand(hand, table)
    if line.entry is None:
        return f"{hand}"
    entry = line.entry
    return f"{hand}:{entry.north_south_tricks}:{int(entry.confirmed)}:{int(entry.corrected)}"


def waiting(drive: Drive, table: int) -> dict[str, Any]:
    """The small answer a waiting table phone polls: its key, and the tables still not in, in words."""
    state = drive.state
    not_in = [number for number in state.tables_not_in if number != table]
    return {"key": wait_key(drive, table), "waiting": waiting_words(len(not_in)), "count": len(not_in)}


def hand_form_values(line: dict[str, Any], typed: Mapping[str, str] | None) -> dict[str, str]:
    """The hand form's fields: as typed after a refusal, else the tricks stored, else empty.

    A new result has no pair chosen: the player says whose tricks they are entering.
    """
    if typed is not None:
        return {"pair": typed.get("pair", ""), "tricks": typed.get("tricks", "")}
    tricks = line["tricks"]
    if tricks is None:
        return {"pair": "", "tricks": ""}
    return {"pair": Pair.NORTH_SOUTH.value, "tricks": str(tricks[0])}


def correction_preview(drive: Drive, effect: CorrectionEffect, form: HandForm) -> dict[str, Any]:
    """What a correction would change, in words, and the fields that save it."""
    return {
        "words": correction_words(drive, effect),
        "pair": form.values["pair"],
        "tricks": form.values["tricks"],
    }


def saved_message(drive: Drive, entry: HandEntry, *, corrected: bool = False) -> str:
    """ "Table 3, hand 5: Ann & Bob 8 — Cat & Dan 5 — saved"."""
    line = drive.state.table_hand(entry.hand, entry.table)
    values = {"table": entry.table, "hand": entry.hand, "result": result_words(drive, line)}
    if corrected:
        return gettext("Table %(table)s, hand %(hand)s: %(result)s — corrected") % values
    return gettext("Table %(table)s, hand %(hand)s: %(result)s — saved") % values


def hand_rows(drive: Drive, hand: int) -> dict[str, Any]:
    """Every table's line in one hand, for the organiser's list."""
    rows = [table_line(drive, hand, table) for table in drive.state.hand(hand).table_numbers]
    return {
        "number": hand,
        "trump": trump_name(drive.setup.trump_for(hand)),
        "rows": rows,
        "sitting_out": rows[0]["sitting_out"] if rows else [],
    }


def placement_words(drive: Drive, place: Placement) -> dict[str, Any]:
    """Where a player goes: "table 4, North", their partner and opponents, or sitting out."""
    names = drive.setup.players
    if place.absent:
        return {
            "name": names[place.player],
            "player": place.player,
            "where": gettext("not playing this hand"),
            "table": None,
            "seat": None,
            "partner": None,
            "opponents": "",
            "move": "",
            "sit_out_tricks": drive.setup.sit_out_tricks,
            "absent": True,
        }
    if place.sitting_out or place.table is None or place.seat is None:
        return {
            "name": names[place.player],
            "player": place.player,
            "where": gettext("sits out"),
            "table": None,
            "seat": None,
            "partner": None,
            "opponents": "",
            "move": MOVE_WORDS[place.move] if place.move else "",
            "sit_out_tricks": drive.setup.sit_out_tricks,
        }
    return {
        "name": names[place.player],
        "player": place.player,
        "where": gettext("table %(table)s, %(seat)s")
        % {"table": place.table, "seat": SEAT_NAMES[place.seat]},
        "table": place.table,
        "seat": SEAT_NAMES[place.seat],
        "partner": None if place.partner is None else names[place.partner],
        "opponents": names_list([names[player] for player in place.opponents]),
        "move": MOVE_WORDS[place.move] if place.move else "",
        "sit_out_tricks": drive.setup.sit_out_tricks,
    }


def roster(drive: Drive) -> dict[str, Any]:
    """The organiser's arrivals, departures and tables that stop: from which hand a change counts
    (and whether that is the hand just called), who can leave, the tables playing, the role a late
    player is offered first, and the changes so far in words."""
    try:
        hand: int | None = drive.open_hand()
    except RuleViolation:
        hand = None
    names = drive.setup.players
    present = (
        []
        if hand is None or hand == 1
        else [
            (player, names[player])
            for player in range(drive.setup.player_count)
            if drive.present(player, hand) and drive.present(player, hand - 1)
        ]
    )
    return {
        "hand": hand,
        "called": hand is not None and hand <= len(drive.state.hands),
        "present": sorted(present, key=lambda item: in_reader_order(item[1])),
        "lines": [change_line(drive, change) for change in drive.roster],
        "suggested_role": None if hand is None else drive.suggested_role().value,
        "pairs": drive.setup.format is DriveFormat.PARTNER,
        "playing": list(drive.state.table_numbers),
    }


def change_line(drive: Drive, change: RosterChange) -> str:
    """One roster change as the organiser's list says it."""
    names = drive.setup.players
    values: dict[str, Any] = {"hand": change.hand}
    if change.player is not None:
        values["name"] = names[change.player]
    if change.kind is RosterKind.REMOVE_TABLE:
        return gettext("Table %(table)s stopped from hand %(hand)s") % {**values, "table": change.table}
    if change.kind is RosterKind.LEAVE:
        return gettext("%(name)s left from hand %(hand)s") % values
    if change.kind is RosterKind.SUBSTITUTE:
        assert change.replaces is not None
        return gettext("%(name)s took over from %(leaver)s from hand %(hand)s") % {
            **values,
            "leaver": names[change.replaces],
        }
    if drive.state.roles[change.player or 0] is Role.LADY:
        return gettext("%(name)s joined from hand %(hand)s as a lady") % values
    return gettext("%(name)s joined from hand %(hand)s as a gent") % values


def caller(drive: Drive, *, withheld: bool = False) -> dict[str, Any]:
    """The caller's screen: the hand and trump, the tables not in yet, "move now", everyone's seat;
    the prizes at the interval, and at the end unless ``withheld`` (not yet announced)."""
    state = drive.state
    current = state.current
    places = [placement_words(drive, place) for place in state.next_placements()]
    places.sort(key=lambda place: in_reader_order(place["name"]))
    return {
        "hand": None if current is None else current.number,
        "trump": None if current is None else trump_name(current.trump),
        "waiting": [] if current is None else list(current.waiting_tables),
        # Entered but not yet confirmed by the other pair: the movement waits for them too.
        "unconfirmed": [] if current is None else list(current.unconfirmed_tables),
        "move_now": state.move_now,
        "interval": state.at_interval,
        "finished": state.finished,
        "places": places,
        "prizes": decided_prizes(drive) if state.at_interval or (state.finished and not withheld) else [],
        "withheld": withheld,
    }


def player(drive: Drive, index: int, *, withheld: bool = False) -> dict[str, Any]:
    """A player's phone: where they go now, their card so far, their total and place (the place
    only once announced, when the drive is over: ``withheld``)."""
    state = drive.state
    names = drive.setup.players
    now = None if state.current is None else placement_words(drive, state.current.placement(index))
    standing = next(line for line in state.standings if line.player == index)
    rows = [
        {
            "hand": row.hand,
            "trump": trump_name(row.trump),
            "symbol": row.trump.symbol if row.trump.is_suit else words.trump_name(row.trump),
            "label": words.trump_name(row.trump) if row.trump.is_suit else "",
            "table": gettext("Sits out") if row.sat_out else "—" if row.table is None else str(row.table),
            "partner": "—" if row.partner is None else names[row.partner],
            "tricks": "" if row.tricks is None else str(row.tricks),
            "total": "" if row.running_total is None else str(row.running_total),
        }
        for row in state.card(index)
    ]
    return {
        "index": index,
        "name": names[index],
        "now": now,
        "hand": None if state.current is None else state.current.number,
        "trump": None if state.current is None else trump_name(state.current.trump),
        "move_now": state.move_now,
        "standing": standing,
        "rows": rows,
        "withheld": withheld,
    }


def leaderboard(drive: Drive, *, withheld: bool = False) -> dict[str, Any]:
    """Every player, best first (a player who left marked, ``left_after`` their last hand), and the
    prizes once the interval or the end is reached; at the end nothing until announced (``withheld``)."""
    state = drive.state
    names = drive.setup.players
    standings = () if withheld else state.standings
    lines = [
        (line.rank, line.tied, names[line.player], line.total, line.hands_won, line.hands_scored)
        for line in standings
    ]
    # Worded once, not once a line: a hall of 160 lines is read after every table's entry.
    tied_rank = gettext("%(rank)s=")
    left_words = gettext("left after hand %(hand)s")
    rows = [  # (rank, name, total, hands won, hands scored, "left after hand 9" or "")
        (
            tied_rank % {"rank": line.rank} if line.tied else str(line.rank),
            names[line.player],
            line.total,
            line.hands_won,
            line.hands_scored,
            "" if line.left_after is None else left_words % {"hand": line.left_after},
        )
        for line in standings
    ]
    return {
        "lines": lines,
        "rows": rows,
        "any_left": any(row[5] for row in rows),
        "left_after": [line.left_after for line in standings],
        "show_prizes": (state.at_interval or state.finished) and not withheld,
        "prizes": [] if withheld else decided_prizes(drive),
        "finished": state.finished,
        "withheld": withheld,
    }


def prizes(drive: Drive) -> list[dict[str, Any]]:
    """Each prize, who wins it so far, the score it is judged on and whether it is decided."""
    names = drive.setup.players
    state = drive.state
    return [{**_prize(result, names), "played_for": _played_for(state, result)} for result in state.prizes]


def _played_for(state: DriveState, result: PrizeResult) -> bool:
    """True once a hand the prize counts is complete: before, "everyone level (0)" says nothing."""
    complete = state.hands_complete
    if result.prize.rule is PrizeRule.CHOSEN:
        return True
    if result.prize.rule is PrizeRule.BEST_SECOND_HALF and state.setup.interval_after is not None:
        return complete > state.setup.interval_after
    return complete > 0


def decided_prizes(drive: Drive) -> list[dict[str, Any]]:
    """The prizes whose hands are all in: at the interval the first half's, at the end every one."""
    names = drive.setup.players
    return [_prize(result, names) for result in drive.state.prizes if result.decided]


def _prize(result: PrizeResult, names: tuple[str, ...]) -> dict[str, Any]:
    if len(result.winners) > MOST_WINNERS_NAMED:
        count = len(result.winners)
        winners = ngettext("%(count)s player level", "%(count)s players level", count) % {"count": count}
    elif not result.winners:  # one prize each: everyone who could take it has a higher prize
        winners = no_winner()
    else:
        winners = names_list([names[player] for player in result.winners])
    return {
        "name": prize_name(result),
        "winners": winners,
        "score": result.score,
        "decided": result.decided,
        "tied": result.tied,
    }

"""What a drive's pages show, worked out from the engine's replay and worded by drive_words.

Views call these and pass the dictionaries to templates; templates never work
out a seat, a score or a rule.
"""

from __future__ import annotations

from typing import Any

from ... import words
from ...drives.store import StoredDrive
from ...rules.drive import SEATS, Drive, DriveState, HandEntry, Pair, Placement, PrizeResult
from ...rules.drive.state import TRICKS_PER_HAND
from ...words import gettext
from .forms import HandForm
from .wording import (
    FORMAT_NAMES,
    MOVE_WORDS,
    PAIR_NAMES,
    PAIR_SHORT,
    SEAT_NAMES,
    movement_words,
    names_list,
    prize_name,
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
        return gettext("All %(hands)s hands played: the drive is over") % {"hands": state.setup.hands}
    waiting = current.waiting_tables
    head = gettext("Hand %(hand)s of %(hands)s · %(trump)s") % {
        "hand": current.number,
        "hands": state.setup.hands,
        "trump": trump_name(current.trump),
    }
    if state.at_interval:
        return gettext("Interval · then %(head)s") % {"head": head}
    if not waiting:
        return head
    if len(waiting) == state.layout.tables:
        return gettext("%(head)s · being played") % {"head": head}
    return gettext("%(head)s · waiting for %(tables)s") % {"head": head, "tables": tables_words(waiting)}


def table_line(drive: Drive, hand: int, table: int) -> dict[str, Any]:
    """One table in one hand: the four players by seat, the pairs, and the tricks if entered."""
    state = drive.state
    line = state.table_hand(hand, table)
    names = drive.setup.players
    pairs = {pair: names_list([names[player] for player in line.pair_players(pair)]) for pair in Pair}
    return {
        "hand": hand,
        "table": table,
        "trump": trump_name(drive.setup.trump_for(hand)),
        "seats": [(SEAT_NAMES[seat], names[line.player_at(seat)]) for seat in SEATS],
        "pairs": [(pair.value, PAIR_NAMES[pair], pairs[pair]) for pair in Pair],
        "tricks": line.tricks,
        "seen_seats": ",".join(str(player) for player in line.players),
        "in_play": state.hand_in_play == hand,
        "waiting": state.hand(hand).waiting_tables,
        "sitting_out": [names[player] for player in state.hand(hand).sitting_out],
        "correctable_movement": line.entered and state.hands_complete >= hand,
    }


def hand_form_values(line: dict[str, Any], form: HandForm | None) -> dict[str, str]:
    """The hand form's fields: as typed after a refusal, else the tricks stored, else empty."""
    if form is not None:
        return {"pair": form.values["pair"] or Pair.NORTH_SOUTH.value, "tricks": form.values["tricks"]}
    tricks = line["tricks"]
    return {"pair": Pair.NORTH_SOUTH.value, "tricks": "" if tricks is None else str(tricks[0])}


def saved_message(entry: HandEntry) -> str:
    """ "Table 3, hand 5: N–S 8, E–W 5 — saved"."""
    north_south = entry.north_south_tricks
    saved = gettext("Table %(table)s, hand %(hand)s: %(ns)s %(ns_tricks)s, %(ew)s %(ew_tricks)s — saved")
    return saved % {
        "table": entry.table,
        "hand": entry.hand,
        "ns": PAIR_SHORT[Pair.NORTH_SOUTH],
        "ns_tricks": north_south,
        "ew": PAIR_SHORT[Pair.EAST_WEST],
        "ew_tricks": TRICKS_PER_HAND - north_south,
    }


def hand_rows(drive: Drive, hand: int) -> dict[str, Any]:
    """Every table's line in one hand, for the organiser's list."""
    rows = [table_line(drive, hand, table) for table in range(1, drive.state.layout.tables + 1)]
    return {
        "number": hand,
        "trump": trump_name(drive.setup.trump_for(hand)),
        "rows": rows,
        "sitting_out": rows[0]["sitting_out"] if rows else [],
    }


def placement_words(drive: Drive, place: Placement) -> dict[str, Any]:
    """Where a player goes: "table 4, North", their partner and opponents, or sitting out."""
    names = drive.setup.players
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


def caller(drive: Drive) -> dict[str, Any]:
    """The caller's screen: the hand and trump, the tables not in yet, "move now", everyone's seat."""
    state = drive.state
    current = state.current
    places = [placement_words(drive, place) for place in state.next_placements()]
    places.sort(key=lambda place: place["name"].casefold())
    return {
        "hand": None if current is None else current.number,
        "trump": None if current is None else trump_name(current.trump),
        "waiting": [] if current is None else list(current.waiting_tables),
        "move_now": state.move_now,
        "interval": state.at_interval,
        "finished": state.finished,
        "places": places,
        "prizes": decided_prizes(drive) if state.at_interval or state.finished else [],
    }


def player(drive: Drive, index: int) -> dict[str, Any]:
    """A player's phone: where they go now, their card so far, their total and place."""
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
            "table": gettext("Sits out") if row.sat_out else str(row.table),
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
    }


def leaderboard(drive: Drive) -> dict[str, Any]:
    """Every player, best first, and the prizes once the interval or the end is reached."""
    state = drive.state
    names = drive.setup.players
    lines = [
        (line.rank, line.tied, names[line.player], line.total, line.hands_won, line.hands_scored)
        for line in state.standings
    ]
    return {
        "lines": lines,
        "show_prizes": state.at_interval or state.finished,
        "prizes": decided_prizes(drive),
        "finished": state.finished,
    }


def prizes(drive: Drive) -> list[dict[str, Any]]:
    """Each prize, who wins it so far, the score it is judged on and whether it is decided."""
    names = drive.setup.players
    return [_prize(result, names) for result in drive.state.prizes]


def decided_prizes(drive: Drive) -> list[dict[str, Any]]:
    """The prizes whose hands are all in: at the interval the first half's, at the end every one."""
    names = drive.setup.players
    return [_prize(result, names) for result in drive.state.prizes if result.decided]


def _prize(result: PrizeResult, names: tuple[str, ...]) -> dict[str, Any]:
    if len(result.winners) > MOST_WINNERS_NAMED:
        winners = gettext("%(count)s players level") % {"count": len(result.winners)}
    else:
        winners = names_list([names[player] for player in result.winners])
    return {
        "name": prize_name(result),
        "winners": winners,
        "score": result.score,
        "decided": result.decided,
        "tied": result.tied,
    }

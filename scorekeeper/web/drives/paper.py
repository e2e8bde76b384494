"""What a drive's printed cards say: the players' tally cards and the tables' cards.

A tally card has a row per hand: the hand and its trump, the table and seat, partner, opponents,
tricks, running total and a column for the opponents' initials. The rows whose seating is not
known yet are left for the pencil. How the cards are set on the sheet (four, two or one to a
sheet, every hand's row on every card) is tally.py's. A table card marks the four seats and says
in one line where that table's players go after a hand.
"""

from __future__ import annotations

from typing import Any

from ... import words
from ...pdf import Paper
from ...rules.cards import Trump
from ...rules.drive import SEATS, Drive, LosersMove, MovementRule, Seat, UpDirection, WinnersMove
from ...words import gettext, trump_sign
from . import tally
from .wording import SEAT_NAMES, names_list

# A hand the player was not there for (a late arrival's first hands, a leaver's last ones).
ABSENT_ROW = {"table": "—", "seat": "", "partner": "—", "opponents": "", "tricks": "—", "total": "—"}


def tally_card(drive: Drive, player: int, seats: dict[Seat, str] | None = None) -> dict[str, Any]:
    """A player's tally card: the rows the engine knows, then each later hand's trump only (``seats``:
    the seats' names, worded once for all the cards)."""
    state = drive.state
    names = drive.setup.players
    seats = seats or {seat: SEAT_NAMES[seat] for seat in SEATS}
    sits_out = gettext("Sits out")
    rows: list[dict[str, Any]] = []
    for row in state.card(player):
        if row.absent:  # not yet arrived, or gone: a dash across the row, as a card is marked by hand
            rows.append({"hand": row.hand, "trump": trump_mark(row.trump), "absent": True, **ABSENT_ROW})
            continue
        place = state.hand(row.hand).placement(player)
        rows.append(
            {
                "hand": row.hand,
                "trump": trump_mark(row.trump),
                "table": sits_out if row.sat_out else str(row.table),
                "seat": "" if row.seat is None else seats[row.seat],
                "partner": "—" if row.partner is None else names[row.partner],
                "opponents": names_list([names[other] for other in place.opponents]),
                "tricks": "" if row.tricks is None else str(row.tricks),
                "total": "" if row.running_total is None else str(row.running_total),
                "sat_out": row.sat_out,
            }
        )
    for hand in range(len(rows) + 1, drive.setup.hands + 1):
        rows.append({"hand": hand, "trump": trump_mark(drive.setup.trump_for(hand))})
    return {"name": names[player], "rows": rows, "interval_after": drive.setup.interval_after}


def trump_mark(trump: Trump) -> str:
    """ "♥" for a suit (the cards are narrow), the word for no trumps."""
    return trump.symbol if trump.is_suit else words.trump_name(trump)


def tally_pages(drive: Drive, paper: Paper) -> dict[str, Any]:
    """Every player's card, in entry order, grouped by the sheet they are printed on, and the
    layout they are printed in (tally.py)."""
    seats = {seat: SEAT_NAMES[seat] for seat in SEATS}
    cards = [tally_card(drive, player, seats) for player in range(drive.setup.player_count)]
    headings = [
        gettext("Hand"),
        gettext("Table"),
        gettext("Partner"),
        gettext("Opponents"),
        gettext("Tricks"),
        gettext("Total"),
        gettext("Initials"),
    ]
    signs = {trump: trump_sign(trump) for trump in drive.setup.trumps}
    digits = (len(str(drive.setup.hands)), len(str(drive.state.layout.tables)))
    cells = [
        [_printed_row(row, signs[drive.setup.trump_for(row["hand"])], digits) for row in card["rows"]]
        for card in cards
    ]
    layout = tally.layout_cards(
        paper, drive.setup.hands, headings, cells, drive.setup.interval_after, right=frozenset({4, 5})
    )
    printed = [
        {**card, **tally.printed_card(layout, card["name"], rows)}
        for card, rows in zip(cards, cells, strict=True)
    ]
    per_sheet = layout.cards_per_sheet
    pages = [printed[start : start + per_sheet] for start in range(0, len(printed), per_sheet)]
    return {"pages": pages, "layout": layout}


def _printed_row(row: dict[str, Any], trump: str, digits: tuple[int, int]) -> list[str]:
    """A card's row as its columns' texts: "12 ♠", " 3 North" (the numbers flush right in ``digits``
    places), partner, opponents, tricks, total; a hand not yet seated: its number and trump only."""
    hand = f"{row['hand']:>{digits[0]}} {trump}"
    if "table" not in row:
        return [hand]
    seated = not (row.get("sat_out") or row.get("absent"))
    where = f"{row['table']:>{digits[1]}} {row['seat']}" if seated else row["table"]
    return [hand, where, row["partner"], row["opponents"], row["tricks"], row["total"]]


def table_after(table: int, tables: int, steps: int, direction: UpDirection) -> int:
    """The table ``steps`` up (negative: down) from ``table``; the ends wrap round."""
    if direction is UpDirection.LOWER:
        steps = -steps
    return (table - 1 + steps) % tables + 1


def movement_line(rule: MovementRule, table: int) -> str:
    """Where this table's players go after a hand, in one line, with the tables named.

    With ``winners_move`` (a local custom, RULES.md §10) the winning pair moves as the losers
    otherwise would, and the losing pair stays as the winners otherwise would.
    """
    up = table_after(table, rule.tables, 1, rule.up_direction)
    down = table_after(table, rule.tables, -1, rule.up_direction)
    winners_move = rule.winners_move
    if rule.losers is LosersMove.TOGETHER_UP:
        if winners_move:
            return gettext("Winners move together to table %(up)s; losers stay.") % {"up": up}
        return gettext("Losers move together to table %(up)s; winners stay.") % {"up": up}
    moving = gettext("%(up_seats)s up to table %(up)s, %(down_seats)s down to table %(down)s") % {
        "up_seats": names_list([SEAT_NAMES[seat] for seat in rule.up_seats]),
        "up": up,
        "down_seats": names_list([SEAT_NAMES[seat] for seat in rule.down_seats]),
        "down": down,
    }
    if rule.winners is WinnersMove.STAY_AND_SPLIT:
        staying = gettext("stay, South or West changing seat")
    else:
        staying = gettext("stay")
    if winners_move:
        return gettext("Winners: %(moving)s; losers %(staying)s.") % {"moving": moving, "staying": staying}
    return gettext("Losers: %(moving)s; winners %(staying)s.") % {"moving": moving, "staying": staying}


def table_cards(drive: Drive, links: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each table's card: its number, the seats, its movement line and its phone link's QR code."""
    rule = drive.state.rule
    return [
        {
            **link,
            "seats": {seat.name.lower(): SEAT_NAMES[seat] for seat in rule.up_seats + rule.down_seats},
            "movement": movement_line(rule, link["number"]),
        }
        for link in links
    ]

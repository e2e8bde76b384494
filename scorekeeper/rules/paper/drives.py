"""A drive's table card made to be read: a box per digit for each hand's tricks, N–S and E–W.

The card stays on its table all evening; after each hand the table writes both pairs' tricks on it.
Both are written because they check each other: a hand has 13 tricks. The organiser photographs
every card at the end (or after any hand), and each hand read becomes the organiser's entry for
that table, checked by the drive's engine like one typed in: a hand is recorded once the hand before
it is in at every table (the movement depends on it), so a card read before the others waits for
them, confirmed, and goes in with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..drive import Drive, HandEntry, Pair
from ..drive.state import TRICKS_PER_HAND
from ..errors import RuleViolation
from ..text import Text
from .sheet import BOX_WIDTH, CONTENT_INSET, Field, PaperSize, Rect, RowSpec, SheetPage

# Two blocks of hands side by side: hand, trump, then N–S and E–W, two boxes each.
HAND_COLUMN = 12.0
TRUMP_COLUMN = 12.0
PAIR_COLUMN = 2 * BOX_WIDTH + 4.0
BLOCK_GAP = 10.0
CARD_ROW = 10.0
CARD_BOX_HEIGHT = 8.0
PAIRS = (Pair.NORTH_SOUTH, Pair.EAST_WEST)


def block_width() -> float:
    """The width of one block of hands."""
    return HAND_COLUMN + TRUMP_COLUMN + 2 * PAIR_COLUMN


def card_rows(page: PaperSize, top: float) -> int:
    """How many hands one block holds on ``page`` below ``top``."""
    return int((page.height - CONTENT_INSET - top) // CARD_ROW)


def card_page(page: PaperSize, *, number: int, first: int, last: int, top: float) -> SheetPage:
    """The card's page holding hands ``first``…``last`` from ``top``: two blocks side by side, the
    first half of the hands in the left one."""
    hands = list(range(first, last + 1))
    per_block = (len(hands) + 1) // 2
    fields = []
    for index, hand in enumerate(hands):
        block, row = divmod(index, per_block)
        x = CONTENT_INSET + block * (block_width() + BLOCK_GAP) + HAND_COLUMN + TRUMP_COLUMN
        y = top + row * CARD_ROW + (CARD_ROW - CARD_BOX_HEIGHT) / 2
        for pair_index in range(len(PAIRS)):
            left = x + pair_index * PAIR_COLUMN + 2.0
            boxes = tuple(Rect(left + digit * BOX_WIDTH, y, BOX_WIDTH, CARD_BOX_HEIGHT) for digit in range(2))
            fields.append(
                Field(
                    key=f"{hand}.{pair_index}.tricks",
                    row=hand,
                    column=pair_index,
                    what="tricks",
                    most=TRICKS_PER_HAND,
                    boxes=boxes,
                )
            )
    rows = tuple(RowSpec(number=hand, most=TRICKS_PER_HAND) for hand in hands)
    return SheetPage(number=number, rows=rows, top=top, fields=tuple(fields))


def row_place(page: SheetPage, hand: int) -> tuple[float, float]:
    """Where hand ``hand``'s row starts on the card (its block's left edge, the row's top)."""
    per_block = (len(page.rows) + 1) // 2
    block, row = divmod(hand - page.first, per_block)
    return CONTENT_INSET + block * (block_width() + BLOCK_GAP), page.top + row * CARD_ROW


@dataclass(frozen=True, slots=True)
class HandCheck:
    """What the drive's engine made of one hand on a card: ``state`` "new" (to enter), "same"
    (entered already, and the card agrees), "changed" (entered otherwise: the card corrects it),
    "later" (right, but waits for other tables' cards of the hand before), "empty" or "refused"."""

    hand: int
    state: str
    refusal: RuleViolation | None = None
    flagged: tuple[str, ...] = ()
    north_south: int | None = None


def check_card(
    drive: Drive, table: int, page: SheetPage, values: Mapping[str, int | None]
) -> list[HandCheck]:
    """Each hand of the card as ``values`` read it, judged by the drive's engine: both pairs' tricks
    written and adding up to 13, then entered (or corrected) at ``table`` if the drive can take it now."""
    checks = []
    for row in page.rows:
        hand = row.number
        keys = [f"{hand}.{index}.tricks" for index in range(len(PAIRS))]
        north_south, east_west = (values.get(key) for key in keys)
        if north_south is None and east_west is None:
            checks.append(HandCheck(hand=hand, state="empty"))
            continue
        try:
            if north_south is None or east_west is None:
                raise RuleViolation("paper_pair_missing", field="paper", hand=hand)
            if north_south + east_west != TRICKS_PER_HAND:
                raise RuleViolation(
                    "paper_drive_total",
                    field="tricks",
                    hand=hand,
                    north_south=north_south,
                    east_west=east_west,
                    total=north_south + east_west,
                )
            entry = HandEntry(hand=hand, table=table, tricks=north_south, pair=Pair.NORTH_SOUTH)
            entered = drive.entered(hand, table)
            if entered is not None and entered.north_south_tricks == north_south:
                checks.append(HandCheck(hand=hand, state="same", north_south=north_south))
                continue
            state = "changed" if entered is not None else "new"
            if entered is not None:
                drive = drive.correct(entry)
            elif hand > len(drive.state.hands) or drive.state.hand(hand).table(table) is None:
                state = "later"
            else:
                try:
                    drive = drive.enter(entry)
                except RuleViolation as refused:
                    if refused.code != "drive_hand_not_open":
                        raise
                    state = "later"
        except RuleViolation as refused:
            flagged = tuple(key for key in keys if values.get(key) is None) or tuple(keys)
            checks.append(HandCheck(hand=hand, state="refused", refusal=refused, flagged=flagged))
            continue
        checks.append(HandCheck(hand=hand, state=state, north_south=north_south))
    return checks


def hand_text(check: HandCheck) -> Text | None:
    """What the confirm screen says of a hand that is not simply new."""
    if check.state == "refused" and check.refusal is not None:
        return check.refusal.text
    if check.state == "later":
        return Text("paper_hand_later", hand=check.hand, before=check.hand - 1)
    if check.state in ("same", "changed"):
        return Text(f"paper_hand_{check.state}", hand=check.hand)
    return None

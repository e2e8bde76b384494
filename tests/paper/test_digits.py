"""A box's ink as the reader cuts it: the frame's remains go, a digit's strokes stay, and a box
whose strokes are lighter than ink is read a second time with them counted."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from scorekeeper.paper.digits import TURNS, WIDER_INSETS, _wipe_frame, box_reads, ink_of
from scorekeeper.paper.photo import SCALE
from scorekeeper.rules.paper import Rect

PAPER = 220


def test_the_frames_remains_go_and_a_foot_written_on_the_frame_stays() -> None:
    ink = np.zeros((40, 30), np.float32)
    ink[5:30, 14:17] = 1.0  # a stroke coming down
    ink[-3:-1, 4:26] = 1.0  # a 2's foot, written low: paper at both ends of its rows
    ink[-1, :] = 1.0  # the frame's remains, running off both ends of the cut
    ink[:, 0] = 1.0  # and down its left side
    _wipe_frame(ink)
    assert not ink[-1].any() and not ink[:, 0].any()
    assert ink[-3:-1, 4:26].all() and ink[5:30, 14:17].all()


def page_with(box: Rect, strokes: list[tuple[slice, slice, int]]) -> NDArray[np.uint8]:
    """A flattened page, paper-grey, with ``strokes`` (rows and columns inside ``box``, and grey)."""
    page = np.full((200, 200), PAPER, np.uint8)
    top, left = round(box.y * SCALE), round(box.x * SCALE)
    for rows, columns, grey in strokes:
        page[top + rows.start : top + rows.stop, left + columns.start : left + columns.stop] = grey
    return page


def test_a_box_of_faint_strokes_is_read_once_more_and_doubted_where_that_reading_differs() -> None:
    box = Rect(5.0, 5.0, 7.0, 9.0)
    dark, faint = round(PAPER * 0.5), round(PAPER * 0.78)  # half as dark as paper; a fifth darker
    ink_only = page_with(box, [(slice(20, 32), slice(20, 30), dark)])
    with_faint = page_with(box, [(slice(10, 55), slice(8, 40), faint), (slice(20, 32), slice(20, 30), dark)])
    assert ink_of(ink_only, box).faint <= ink_of(ink_only, box).cover
    assert ink_of(with_faint, box).faint > ink_of(with_faint, box).cover
    ways = 1 + len(TURNS) + len(WIDER_INSETS)
    seen: list[int] = []

    def predict(rows: NDArray[np.float64]) -> NDArray[np.float64]:
        """A 4 every way but the lighter reading, which sees a 9."""
        seen.append(len(rows))
        chances = np.zeros((len(rows), 10))
        chances[:, 4] = 1.0
        if len(rows) > ways:
            chances[ways:, 4], chances[ways:, 9] = 0.0, 1.0
        return chances

    (plain,) = box_reads(ink_only, [box], predict)
    (second_look,) = box_reads(with_faint, [box], predict)
    assert seen == [ways, ways + 1]
    assert plain.digits[4] == 1.0
    assert second_look.digits[4] == ways / (ways + 1) and second_look.digits[9] == 1 / (ways + 1)

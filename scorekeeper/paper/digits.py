"""One digit box read: is anything written in it, and which digit is it?

A box is cut from the flattened page a little inside its printed frame. What is darker than the
box's own paper (measured in the box, so a shadow or a dim corner does not matter) is ink; what is
left of the frame along the edges is wiped. Too little ink is an empty box; a faint mark is neither
surely empty nor surely written, and says so in its chances.

A written digit is drawn the way scikit-learn's handwritten digits were (``load_digits``, the UCI
"optdigits" set): scaled to fill the height of a square and centred, here 16×16. The classifier
(``model.py``) was trained on that set (enlarged from its 8×8) and on digits drawn in handwriting
fonts and distorted, all in that same form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from ..rules.paper import BoxRead, Rect
from .photo import SCALE, Image, cut

Features = NDArray[np.float64]

# Cut this far inside a box's printed frame (mm): the frame is 0.25 mm wide, the photo ±0.6 mm off.
INSET = 0.55
# Each written box is read several ways, and the classifier's chances over them averaged: a digit
# is only as sure as it stays when its box is cut wider (a stroke written on the frame, a 2's foot,
# is cut off by INSET alone, and the rest is a confident 7) and when it is turned a little. One
# reading alone is often sure of a wrong digit; readings that disagree lower the chance of each, and
# the confirm screen doubts it (on the benchmark's corpus, with another seed than the figures', this
# halved the misreads and opened 95 % of those left, for two more values opened a hundred).
WIDER_INSETS = (0.30, 0.15)
TURNS = (7.0, -7.0)
# A pixel is ink when it is this much darker than the box's paper (as a share of the paper's grey).
INK_CONTRAST = 0.30
# A box whose pixels darker than paper but lighter than ink outnumber its ink (a pencil, a worn pen,
# a shadow over the box) may hold strokes too light to count: it is read once more with strokes half
# as dark counted as ink, and a digit that changes with them is doubted (a faint 3's tail, lost to
# INK_CONTRAST, left a blob read as a sure 4).
FAINT_CONTRAST = INK_CONTRAST / 2
# The share of a box's pixels that ink must cover for the box to count as written, and below which
# it surely is not: between the two it is a faint mark.
WRITTEN = 0.035
EMPTY = 0.012
SIDE = 16
CELL = 4
BINS = 9


@dataclass(frozen=True)
class BoxImage:
    """A box's ink (1.0 ink, 0.0 paper), the share of the box it covers, and the share that is
    darker than paper but too light to count as ink (``faint``)."""

    ink: NDArray[np.float32]
    cover: float
    faint: float = 0.0


def ink_of(page: Image, rect: Rect, inset: float = INSET, contrast: float = INK_CONTRAST) -> BoxImage:
    """The ink inside ``rect`` on the flattened ``page``, cut ``inset`` mm inside the frame, the
    frame's remains wiped from its edges: what is ``contrast`` darker than the box's paper."""
    crop = cut(page, rect, inset).astype(np.float32)
    if crop.size == 0:
        return BoxImage(ink=np.zeros((1, 1), np.float32), cover=0.0)
    paper = float(np.percentile(crop, 90))
    paper = max(paper, 40.0)
    ink = np.clip((paper - crop) / (paper * contrast * 2), 0.0, 1.0)
    faint = float(np.count_nonzero((ink >= 0.25) & (ink < 0.5))) / ink.size
    ink[ink < 0.5] = 0.0
    _wipe_frame(ink)
    cover = float(np.count_nonzero(ink)) / ink.size
    return BoxImage(ink=ink, cover=cover, faint=faint)


def _wipe_frame(ink: NDArray[np.float32]) -> None:
    """Clear what is left of the printed frame along an edge: the rows or columns that are ink nearly
    from end to end, counted from the edge inwards and only while they follow one another. A
    stroke's line near the edge (a 2's foot, a 7's bar) lies beyond a gap of paper and is kept: were
    it wiped, a 2 would be read as a 7 with full confidence. So is a stroke written on the edge
    itself, a 2's foot drawn low: the frame runs on past the ends of the cut, so its remains run in
    from an end of the line, where a stroke leaves paper between it and the ends (``_frame_like``)."""
    height, width = ink.shape
    reach = max(2, round(0.5 * SCALE))
    for lines, span in (
        (range(reach), width),
        (range(height - 1, height - 1 - reach, -1), width),
    ):
        for index in lines:
            if not _frame_like(ink[index], span):
                break
            ink[index] = 0.0
    for lines, span in (
        (range(reach), height),
        (range(width - 1, width - 1 - reach, -1), height),
    ):
        for index in lines:
            if not _frame_like(ink[:, index], span):
                break
            ink[:, index] = 0.0


# A frame's remains start this many pixels from an end of the cut line (it runs on beyond the cut),
# and run on across gaps (JPEG noise) no wider than FRAME_GAP.
FRAME_END = 2
FRAME_GAP = 2


def _frame_like(line: NDArray[np.float32], span: int) -> bool:
    """True when a line of the cut box may be the frame's remains: ink that runs from an end of the
    line over more than 0.6 of it."""
    inked = np.flatnonzero(line)
    if inked.size <= 0.6 * span:
        return False
    return max(_run_from_start(inked), _run_from_start(len(line) - 1 - inked[::-1])) > 0.6 * span


def _run_from_start(inked: NDArray[np.intp]) -> int:
    """How far the ink at positions ``inked`` (ascending) runs from the line's start, gaps of at most
    FRAME_GAP bridged; 0 when it does not start within FRAME_END of it."""
    if inked[0] >= FRAME_END:
        return 0
    breaks = np.flatnonzero(np.diff(inked) > FRAME_GAP + 1)
    last = inked[breaks[0]] if breaks.size else inked[-1]
    return int(last) + 1


def glyph_of(ink: NDArray[np.float32]) -> NDArray[np.float32] | None:
    """The digit's ink cropped tightly, specks left out; None when there is no ink to draw."""
    mask = (ink > 0).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return None
    # Specks (dust, JPEG noise) far smaller than the largest stroke are no part of the digit.
    largest = int(stats[1:, cv2.CC_STAT_AREA].max())
    keep = np.zeros(count, bool)
    keep[1:] = stats[1:, cv2.CC_STAT_AREA] >= max(3, largest * 0.12)
    digit = np.where(keep[labels], ink, 0.0).astype(np.float32)
    return _tight(digit)


def _tight(ink: NDArray[np.float32]) -> NDArray[np.float32] | None:
    ys, xs = np.nonzero(ink)
    if ys.size == 0:
        return None
    return ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def features(ink: NDArray[np.float32]) -> Features | None:
    """The digit in the optdigits form (``optdigits``); None when there is no ink to draw."""
    glyph = glyph_of(ink)
    return None if glyph is None else optdigits(glyph)


def _turned(glyph: NDArray[np.float32], angle: float) -> NDArray[np.float32]:
    """``glyph`` turned by ``angle`` degrees, cropped tightly again."""
    pad = max(glyph.shape) // 3
    canvas = np.pad(glyph, pad)
    turn = cv2.getRotationMatrix2D((canvas.shape[1] / 2, canvas.shape[0] / 2), angle, 1.0)
    turned = np.asarray(cv2.warpAffine(canvas, turn, (canvas.shape[1], canvas.shape[0])), np.float32)
    turned[turned < 0.3] = 0.0
    tight = _tight(turned)
    return glyph if tight is None else tight


def readings(page: Image, rect: Rect, glyph: NDArray[np.float32], faint: bool = False) -> list[Features]:
    """The ways a written box is read: its ``glyph`` as cut at INSET, turned each way of TURNS, and
    the box cut wider (WIDER_INSETS; the frame's remains wiped), each in the optdigits form; a
    ``faint`` box is read once more with lighter strokes counted as ink (``FAINT_CONTRAST``)."""
    ways = [glyph, *(_turned(glyph, angle) for angle in TURNS)]
    for inset in WIDER_INSETS:
        wider = glyph_of(ink_of(page, rect, inset).ink)
        ways.append(glyph if wider is None else wider)
    if faint:
        lighter = glyph_of(ink_of(page, rect, contrast=FAINT_CONTRAST).ink)
        ways.append(glyph if lighter is None else lighter)
    return [optdigits(way) for way in ways]


def optdigits(glyph: NDArray[np.float32]) -> Features:
    """A tightly cropped glyph (ink 0–1) scaled to fill SIDE pixels of height (or of width, if
    wider) and centred: SIDE×SIDE numbers of 0–1, as scikit-learn's digits are drawn (their 8×8
    grid is enlarged to it by ``from_packaged``)."""
    height, width = glyph.shape
    ratio = SIDE / max(height, width)
    new_h, new_w = max(1, round(height * ratio)), max(1, round(width * ratio))
    scaled = cv2.resize(glyph, (new_w, new_h), interpolation=cv2.INTER_AREA)
    square = np.zeros((SIDE, SIDE), np.float32)
    top, left = (SIDE - new_h) // 2, (SIDE - new_w) // 2
    square[top : top + new_h, left : left + new_w] = scaled
    return square.reshape(SIDE * SIDE).astype(np.float64)


def from_packaged(rows: NDArray[np.float64]) -> Features:
    """scikit-learn's 8×8 digits (0–16) in the same form: enlarged to SIDE×SIDE of 0–1."""
    out = [
        cv2.resize(
            (row.reshape(8, 8) / 16.0).astype(np.float32), (SIDE, SIDE), interpolation=cv2.INTER_LINEAR
        )
        for row in rows
    ]
    return np.array(out, dtype=np.float64).reshape(len(rows), SIDE * SIDE)


def described(rows: Features) -> Features:
    """What the classifier is given for each digit (rows of SIDE×SIDE pixels): the pixels, and how
    the strokes run in each 4×4 cell — a histogram of the gradients' directions in 9 bins, weighted
    by their strength — which does not care how thick a pen or how dark a pencil was."""
    images = rows.reshape(-1, SIDE, SIDE).astype(np.float32)
    across = np.stack([cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=3) for image in images])
    down = np.stack([cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=3) for image in images])
    strength = np.hypot(across, down)
    direction = np.minimum(((np.arctan2(down, across) % np.pi) / np.pi * BINS).astype(np.int64), BINS - 1)
    cells = SIDE // CELL
    histograms = np.zeros((len(images), cells, cells, BINS), np.float32)
    for index in range(BINS):
        weighted = strength * (direction == index)
        histograms[..., index] = weighted.reshape(-1, cells, CELL, cells, CELL).sum(axis=(2, 4))
    flat = histograms.reshape(len(images), -1)
    flat /= np.linalg.norm(flat, axis=1, keepdims=True) + 1e-6
    return np.hstack([flat * 4.0, rows.reshape(len(images), -1)]).astype(np.float64)


def empty_chance(cover: float) -> float:
    """The chance a box with ``cover`` of ink was left empty: 1 below EMPTY, 0 above WRITTEN."""
    if cover <= EMPTY:
        return 1.0
    if cover >= WRITTEN:
        return 0.0
    return (WRITTEN - cover) / (WRITTEN - EMPTY)


def box_reads(
    page: Image, rects: list[Rect], predict: Callable[[Features], NDArray[np.float64]]
) -> list[BoxRead]:
    """What each box of ``rects`` holds, read from the flattened ``page`` in one batch: a written
    box's chances of each digit are the average over its ``readings``."""
    images = [ink_of(page, rect) for rect in rects]
    found: list[tuple[int, list[Features]]] = []
    for index, (image, rect) in enumerate(zip(images, rects, strict=True)):
        glyph = glyph_of(image.ink)
        if glyph is not None:
            found.append((index, readings(page, rect, glyph, faint=image.faint > image.cover)))
    rows = [row for _, read in found for row in read]
    chances = predict(described(np.array(rows))) if rows else np.zeros((0, 10))
    by_index = {}
    at = 0
    for index, read in found:
        by_index[index] = chances[at : at + len(read)].mean(axis=0)
        at += len(read)
    reads = []
    for index, image in enumerate(images):
        if index not in by_index:
            reads.append(BoxRead(empty=1.0, digits=(0.1,) * 10))
            continue
        row = by_index[index]
        reads.append(BoxRead(empty=empty_chance(image.cover), digits=tuple(float(value) for value in row)))
    return reads

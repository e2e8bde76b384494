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
# A pixel is ink when it is this much darker than the box's paper (as a share of the paper's grey).
INK_CONTRAST = 0.30
# The share of a box's pixels that ink must cover for the box to count as written, and below which
# it surely is not: between the two it is a faint mark.
WRITTEN = 0.035
EMPTY = 0.012
SIDE = 16
CELL = 4
BINS = 9


@dataclass(frozen=True)
class BoxImage:
    """A box's ink (1.0 ink, 0.0 paper) and the share of the box it covers."""

    ink: NDArray[np.float32]
    cover: float


def ink_of(page: Image, rect: Rect) -> BoxImage:
    """The ink inside ``rect`` on the flattened ``page``, the frame's remains wiped from its edges."""
    crop = cut(page, rect, INSET).astype(np.float32)
    if crop.size == 0:
        return BoxImage(ink=np.zeros((1, 1), np.float32), cover=0.0)
    paper = float(np.percentile(crop, 90))
    paper = max(paper, 40.0)
    ink = np.clip((paper - crop) / (paper * INK_CONTRAST * 2), 0.0, 1.0)
    ink[ink < 0.5] = 0.0
    _wipe_frame(ink)
    cover = float(np.count_nonzero(ink)) / ink.size
    return BoxImage(ink=ink, cover=cover)


def _wipe_frame(ink: NDArray[np.float32]) -> None:
    """Clear a line of the printed frame along an edge: a row or column near the edge that is ink
    nearly from end to end (a written stroke is not)."""
    height, width = ink.shape
    reach = max(2, round(0.5 * SCALE))
    for index in list(range(reach)) + list(range(height - reach, height)):
        if np.count_nonzero(ink[index]) > 0.6 * width:
            ink[index] = 0.0
    for index in list(range(reach)) + list(range(width - reach, width)):
        if np.count_nonzero(ink[:, index]) > 0.6 * height:
            ink[:, index] = 0.0


def features(ink: NDArray[np.float32]) -> Features | None:
    """The digit in the optdigits form: 8×8 counts of 0–16; None when there is no ink to draw."""
    mask = (ink > 0).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return None
    # Specks (dust, JPEG noise) far smaller than the largest stroke are no part of the digit.
    largest = int(stats[1:, cv2.CC_STAT_AREA].max())
    keep = np.zeros(count, bool)
    keep[1:] = stats[1:, cv2.CC_STAT_AREA] >= max(3, largest * 0.12)
    digit = np.where(keep[labels], ink, 0.0).astype(np.float32)
    ys, xs = np.nonzero(digit)
    if ys.size == 0:
        return None
    return optdigits(digit[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])


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
    """What each box of ``rects`` holds, read from the flattened ``page`` in one batch."""
    images = [ink_of(page, rect) for rect in rects]
    written = [(index, features(image.ink)) for index, image in enumerate(images)]
    found = [(index, feature) for index, feature in written if feature is not None]
    chances = predict(described(np.array([feature for _, feature in found]))) if found else np.zeros((0, 10))
    by_index = {index: row for (index, _), row in zip(found, chances, strict=True)}
    reads = []
    for index, image in enumerate(images):
        if index not in by_index:
            reads.append(BoxRead(empty=1.0, digits=(0.1,) * 10))
            continue
        row = by_index[index]
        reads.append(BoxRead(empty=empty_chance(image.cover), digits=tuple(float(value) for value in row)))
    return reads

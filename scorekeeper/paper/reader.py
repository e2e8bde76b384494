"""A photographed page read: every field's value, with its confidence and any doubt.

``straighten`` (photo.py) finds the page and what it is; the caller finds the page's fields (the
engine's paper room knows where each box is, from the QR code and the table); this reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from ..rules.paper import BoxRead, Field, ValueRead, read_value
from .digits import box_reads
from .model import CLASSIFIER
from .photo import Image

Predict = Callable[[NDArray[np.float64]], NDArray[np.float64]]


def read_fields(page: Image, fields: Sequence[Field], predict: Predict = CLASSIFIER) -> dict[str, ValueRead]:
    """Each field's value as read from the flattened ``page``, by key."""
    rects = [box for field in fields for box in field.boxes]
    reads = box_reads(page, rects, predict)
    values: dict[str, ValueRead] = {}
    at = 0
    for field in fields:
        boxes: list[BoxRead] = reads[at : at + len(field.boxes)]
        at += len(field.boxes)
        values[field.key] = read_value(field, boxes)
    return values

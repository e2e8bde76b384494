"""The photo's crop of each value, for the confirm screen to show beside what was read."""

from __future__ import annotations

import base64
from typing import Any

import cv2
import numpy as np

from ..rules.paper import Field, Rect, ValueRead
from . import readings
from .photo import Straightened, cut

# Around a value's boxes, the crop shows this much more of the page (mm): the neighbours' edges.
CROP_MARGIN = 1.2


def crops(page_jpeg: bytes, fields: list[Field]) -> dict[str, str]:
    """Each field's crop of the flattened page, as a PNG data address, by key."""
    decoded = cv2.imdecode(np.frombuffer(page_jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)
    found: dict[str, str] = {}
    if decoded is None:
        return found
    page = np.asarray(decoded, dtype=np.uint8)
    for field in fields:
        area = field.area
        rect = Rect(
            area.x - CROP_MARGIN,
            area.y - CROP_MARGIN,
            area.width + 2 * CROP_MARGIN,
            area.height + 2 * CROP_MARGIN,
        )
        crop = cut(page, rect)
        if crop.size == 0:
            continue
        ok, png = cv2.imencode(".png", crop, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        if ok:
            found[field.key] = "data:image/png;base64," + base64.b64encode(png.tobytes()).decode()
    return found


def kept_value(read: ValueRead) -> dict[str, Any]:
    """A value read as a reading keeps it: value, confidence, and any doubt as a code and parameters."""
    doubt = read.doubt
    return {
        "value": read.value,
        "confidence": read.confidence,
        "doubt": None if doubt is None else {"code": doubt.code, "params": dict(doubt.params)},
    }


PAGE_QUALITY = 80
"""The JPEG quality of the flattened page a reading keeps (for the confirm screen's crops)."""


def keep_reading(
    *, device: str, owner: str | None, straightened: Straightened, values: dict[str, ValueRead]
) -> str:
    """Keep what a photo read, and its flattened page, for ``device`` to confirm (a game's sheet or a
    drive's table card alike); the reading's new id."""
    ok, jpeg = cv2.imencode(".jpg", straightened.page, [cv2.IMWRITE_JPEG_QUALITY, PAGE_QUALITY])
    assert ok, "OpenCV encodes any page it drew"
    return readings.keep(
        device=device,
        owner=owner,
        sheet=straightened.identity.query(),
        values={key: kept_value(value) for key, value in values.items()},
        page=jpeg.tobytes(),
    )

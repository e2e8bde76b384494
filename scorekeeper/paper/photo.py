"""A photographed sheet straightened: its corner marks found, its QR code read, its page flattened.

The four marks are the only solid squares on a sheet (the QR code's finder squares are rings), so
they are found among the photo's dark blobs as the squarest, fullest four that span the page. The
mapping from the photo to the page is the perspective that sends their centres where the sheet put
them; which paper and orientation that is, and which mark is which corner, is settled by reading
the QR code where that page prints it. The page is then drawn again flat, at ``SCALE`` pixels a
millimetre, for the boxes to be cut out at their places (``digits.py`` reads them).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

import cv2
import numpy as np
from numpy.typing import NDArray

from ..rules.errors import RuleViolation
from ..rules.paper import (
    PaperSize,
    Rect,
    SheetId,
    UnreadableSheet,
    corner_marks,
    paper_size,
    qr_place,
    read_sheet_id,
)

Image = NDArray[np.uint8]
Points = NDArray[np.float32]

# Pixels a millimetre of the flattened page: a digit box 6.5 mm wide is 45 pixels.
SCALE = 7.0
QR_SCALE = 16.0
# A drive's table card names its drive in the link's path, not again in the query: a shorter link
# makes a QR code of fewer, larger modules, which a photo reads more often.
DRIVE_CARD_PATH = re.compile(r"/drives/([0-9a-f]{32})/paper$")
# A photo is worked on with its long side no longer than this (a phone's 12 MP photo is halved).
LONGEST_SIDE = 2400
FIND_SIDE = 1000
MARK_KERNEL = 45
PAPERS = ("a4", "letter")
# Candidates tried towards each corner, and sets of four tried after the first, when a dark square
# beyond the page was taken for a mark.
CORNER_CHOICES = 3
MARK_SETS = 12
MOST_DARK_AROUND = 0.2
ORIENTATIONS = ("portrait", "landscape")


class PhotoRefused(RuleViolation):
    """A photo the reader cannot use: not an image, no sheet's corner marks, or no QR code."""

    field = "photo"


@dataclass(frozen=True)
class Straightened:
    """A sheet's page as the photo shows it, drawn flat: ``page`` at SCALE pixels a millimetre, what
    its QR code says, and where the photo's corners of the page lie on it (for a crop's frame)."""

    identity: SheetId
    paper: PaperSize
    page: Image
    marks_found: tuple[tuple[float, float], ...]


def decode(data: bytes) -> Image:
    """The photo in grey, its long side at most LONGEST_SIDE (a phone's photo is decoded at half or
    a quarter of its size, which is quicker than decoding it whole)."""
    raw = np.frombuffer(data, dtype=np.uint8)
    header = cv2.imdecode(raw, cv2.IMREAD_REDUCED_GRAYSCALE_8)
    if header is None or header.size == 0:
        raise PhotoRefused("paper_not_an_image")
    longest = max(header.shape) * 8
    flag = cv2.IMREAD_GRAYSCALE
    for reduced, factor in ((cv2.IMREAD_REDUCED_GRAYSCALE_4, 4), (cv2.IMREAD_REDUCED_GRAYSCALE_2, 2)):
        if longest / factor >= LONGEST_SIDE * 0.75:
            flag = reduced
            break
    image = cv2.imdecode(raw, flag)
    if image is None:
        raise PhotoRefused("paper_not_an_image")
    if max(image.shape) > LONGEST_SIDE:
        ratio = LONGEST_SIDE / max(image.shape)
        image = cv2.resize(image, None, fx=ratio, fy=ratio, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(image, dtype=np.uint8)


def find_marks(image: Image) -> Points:
    """The centres of the sheet's four corner marks in the photo, clockwise from the top left as the
    photo shows them; PhotoRefused ("paper_no_marks") when four cannot be found."""
    for found in _corner_sets(_mark_candidates(image)):
        return found
    raise PhotoRefused("paper_no_marks")


def _mark_candidates(image: Image) -> list[tuple[float, float, float]]:
    """Every solid dark square of the photo that could be a corner mark: its centre and side."""
    ratio = FIND_SIDE / max(image.shape)
    small = cv2.resize(image, None, fx=ratio, fy=ratio, interpolation=cv2.INTER_AREA) if ratio < 1 else image
    ratio = min(ratio, 1.0)
    # The paper's own brightness everywhere (what is dark and smaller than the kernel is closed over:
    # marks, print, ink); a pixel far darker than its paper is dark. A desk, a shadow or the dim side
    # of the page is as large as the kernel or larger, and stays as it is.
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (MARK_KERNEL, MARK_KERNEL))
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, kernel).astype(np.float32) + 1.0
    dark = ((small.astype(np.float32) + 1.0) / paper < 0.55).astype(np.uint8) * 255
    contours, _ = cv2.findContours(dark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    longest = max(small.shape)
    candidates: list[tuple[float, float, float]] = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if not (longest * 0.006) ** 2 <= area <= (longest * 0.05) ** 2:
            continue
        (cx, cy), (w, h), _ = cv2.minAreaRect(contour)
        if w <= 0 or h <= 0 or not 0.7 <= w / h <= 1.43 or area / (w * h) < 0.8:
            continue
        x, y, bw, bh = cv2.boundingRect(contour)
        mask = np.zeros((bh, bw), np.uint8)
        cv2.drawContours(mask, [contour - [x, y]], -1, 255, -1, offset=(0, 0))
        inside = dark[y : y + bh, x : x + bw][mask > 0]
        if inside.size == 0 or float(np.mean(inside > 0)) < 0.85:
            continue  # a ring (the QR code's finder squares) or a box, not a solid mark
        candidates.append((cx / ratio, cy / ratio, float(np.sqrt(area)) / ratio))
    if len(candidates) < 4:
        raise PhotoRefused("paper_no_marks")
    return candidates


def _corner_sets(candidates: list[tuple[float, float, float]]) -> Iterator[Points]:
    """Sets of four candidates, one towards each of the photo's corners and of like sizes: first the
    four furthest out, then, in case one of them was a dark square of the desk beyond the page,
    sets with the next candidates towards a corner (CORNER_CHOICES each)."""
    points = np.array([(x, y) for x, y, _ in candidates], dtype=np.float32)
    sums, differences = points.sum(axis=1), points[:, 0] - points[:, 1]
    ranked = [
        list(np.argsort(sums)[:CORNER_CHOICES]),
        list(np.argsort(-differences)[:CORNER_CHOICES]),
        list(np.argsort(-sums)[:CORNER_CHOICES]),
        list(np.argsort(differences)[:CORNER_CHOICES]),
    ]
    ranks = itertools.product(*(range(len(choices)) for choices in ranked))
    for rank in sorted(ranks, key=sum):
        chosen = [int(ranked[corner][place]) for corner, place in enumerate(rank)]
        if len(set(chosen)) < 4:
            continue
        sizes = [candidates[index][2] for index in chosen]
        if max(sizes) > 2.5 * min(sizes):
            continue
        yield points[chosen]


def _mark_centres(paper: PaperSize) -> Points:
    return np.array([mark.centre for mark in corner_marks(paper)], dtype=np.float32)


def _layouts(found: Points) -> Iterator[tuple[PaperSize, Points, int]]:
    """Each paper and orientation the marks could belong to, likeliest first, with the marks turned
    each way the page could lie (upright first, then upside down, then on either side)."""
    top = np.linalg.norm(found[1] - found[0]) + np.linalg.norm(found[2] - found[3])
    side = np.linalg.norm(found[3] - found[0]) + np.linalg.norm(found[2] - found[1])
    seen = float(side / top) if top else 1.0
    options = []
    for turn in range(4):
        turned = np.roll(found, -turn, axis=0)
        aspect = seen if turn % 2 == 0 else 1 / seen
        for paper in PAPERS:
            for orientation in ORIENTATIONS:
                size = paper_size(paper, orientation)
                centres = _mark_centres(size)
                expected = float((centres[3][1] - centres[0][1]) / (centres[1][0] - centres[0][0]))
                options.append((turn, abs(np.log(aspect / expected)), size, turned))
    options.sort(key=lambda option: (option[0] > 0, option[1]))
    for turn, _, size, turned in options:
        yield size, turned, turn


def straighten_upload(data: bytes | None) -> Straightened:
    """An uploaded photo (None or empty: none was chosen) decoded and drawn flat, or PhotoRefused."""
    if not data:
        raise PhotoRefused("paper_photo_missing")
    return straighten(decode(data))


def straighten(image: Image) -> Straightened:
    """The photographed page drawn flat, once its marks are found and its QR code read."""
    sets = _corner_sets(_mark_candidates(image))
    found = next(sets, None)
    if found is None:
        raise PhotoRefused("paper_no_marks")
    for paper, marks, turn in _layouts(found):
        identity = _read_qr(image, marks, paper)
        if identity is None:
            continue
        if (identity.paper, identity.orientation) != tuple(paper.code.split("-")):
            paper = paper_size(identity.paper, identity.orientation)
        page = _flatten(image, marks, paper)
        if not _marks_where_printed(page, paper):
            # A mark taken from beyond the page: the code was read, but the page is drawn askew.
            for other in itertools.islice(sets, MARK_SETS):
                marks = np.roll(other, -turn, axis=0)
                page = _flatten(image, marks, paper)
                if _marks_where_printed(page, paper):
                    break
            else:
                raise PhotoRefused("paper_no_marks")
        return Straightened(
            identity=identity,
            paper=paper,
            page=page,
            marks_found=tuple((float(x), float(y)) for x, y in marks),
        )
    raise PhotoRefused("paper_no_code")


def _flatten(image: Image, marks: Points, paper: PaperSize) -> Image:
    """The page drawn flat from ``marks`` (the photo's corner marks, as ``paper`` prints them)."""
    transform = cv2.getPerspectiveTransform(marks, _mark_centres(paper) * SCALE)
    size = (round(paper.width * SCALE), round(paper.height * SCALE))
    page = cv2.warpPerspective(image, transform, size, flags=cv2.INTER_LINEAR, borderValue=255)
    return np.ascontiguousarray(page, dtype=np.uint8)


def _marks_where_printed(page: Image, paper: PaperSize) -> bool:
    """True when the flattened ``page`` shows each corner mark where the sheet prints it: solid dark
    inside, far darker than the paper around it, and paper around it."""
    for mark in corner_marks(paper):
        inside = cut(page, mark, inset=mark.width * 0.25)
        around = cut(page, Rect(mark.x - mark.width, mark.y - mark.height, 3 * mark.width, 3 * mark.height))
        if inside.size == 0 or around.size == 0:
            return False
        dark = 0.6 * float(np.percentile(around, 90))
        if float(np.mean(inside)) > dark:
            return False
        # The mark is a ninth of the area around it: much more dark there is the desk, not paper.
        if float(np.mean(around < dark)) > MOST_DARK_AROUND:
            return False
    return True


def _read_qr(image: Image, marks: Points, paper: PaperSize) -> SheetId | None:
    """What the QR code says, read where ``paper`` prints it if the marks are where ``marks`` say."""
    place = qr_place(paper)
    margin = 4.0
    shifted = _mark_centres(paper) - np.array([place.x - margin, place.y - margin], dtype=np.float32)
    transform = cv2.getPerspectiveTransform(marks, shifted * QR_SCALE)
    side = round((place.width + 2 * margin) * QR_SCALE)
    crop = cv2.warpPerspective(image, transform, (side, side), flags=cv2.INTER_LINEAR, borderValue=255)
    text = _decode_qr(np.ascontiguousarray(crop, dtype=np.uint8))
    if not text:
        return None
    link = urlsplit(text)
    pairs = parse_qsl(link.query, keep_blank_values=True)
    drive = DRIVE_CARD_PATH.search(link.path)
    if drive is not None and not any(name == "dv" for name, _ in pairs):
        pairs.append(("dv", drive.group(1)))
    try:
        return read_sheet_id(pairs)
    except UnreadableSheet:
        return None


def _decode_qr(crop: Image) -> str:
    """The text of the QR code in ``crop`` (a straightened close-up), or "" if none can be read:
    OpenCV's two detectors tried in turn, the second on a sharpened copy too."""
    for detector, image in (
        (cv2.QRCodeDetectorAruco(), crop),
        (cv2.QRCodeDetector(), crop),
        (cv2.QRCodeDetectorAruco(), _sharpened(crop)),
    ):
        text = str(detector.detectAndDecode(image)[0] or "")
        if text:
            return text
    return ""


def _sharpened(image: Image) -> Image:
    blurred = cv2.GaussianBlur(image, (0, 0), 2.0)
    return np.ascontiguousarray(cv2.addWeighted(image, 1.8, blurred, -0.8, 0), dtype=np.uint8)


def cut(page: Image, rect: Rect, inset: float = 0.0) -> Image:
    """The part of the flattened ``page`` inside ``rect`` (mm), ``inset`` mm in from its edges."""
    left, top = round((rect.x + inset) * SCALE), round((rect.y + inset) * SCALE)
    right = round((rect.x + rect.width - inset) * SCALE)
    bottom = round((rect.y + rect.height - inset) * SCALE)
    height, width = page.shape
    return page[max(0, top) : min(height, bottom), max(0, left) : min(width, right)]

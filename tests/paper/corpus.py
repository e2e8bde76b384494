"""A corpus of filled and photographed sheets, made from the app's own PDFs.

A sheet is printed by the app (its real PDF), turned into a picture of the paper (pdftoppm), filled
in by a "hand" — digits drawn in a handwriting font, or scikit-learn's handwritten digits that the
classifier never trained on — with the values of a game the engine accepts, then photographed
synthetically: the page laid on a desk, turned up to 15°, seen in perspective, lit unevenly, a
shadow across it, blurred and saved as a phone would save a JPEG. Every step draws from one seeded
random generator, so a corpus is the same each time it is made.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

from scorekeeper.paper.training import FONT_FOLDER, HANDWRITING_FONTS, UNSEEN_FONTS, packaged_digits
from scorekeeper.rules import Game, Table
from scorekeeper.rules.paper import Field

RENDER_DPI = 200
PX_PER_MM = RENDER_DPI / 25.4
LIGHT_STEP = 8  # the light and the shadow are worked out on a grid this many times coarser

Gray = NDArray[np.uint8]


def page_pictures(pdf: bytes, dpi: int = RENDER_DPI) -> list[Gray]:
    """Each page of ``pdf`` as a grey picture at ``dpi`` (poppler's pdftoppm)."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-gray", "-png", str(source), str(Path(folder) / "page")], check=True
        )
        pages = sorted(Path(folder).glob("page-*.png"))
        return [cv2.imread(str(page), cv2.IMREAD_GRAYSCALE) for page in pages]


# --- the hands that fill a sheet ---------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One writer: draws a digit's ink (0–1) into a box ``width``×``height`` pixels."""

    name: str
    draw: Callable[[int, int, int, np.random.Generator], NDArray[np.float32]]
    unseen: bool


def font_hand(path: Path, *, unseen: bool) -> Hand:
    """A writer whose digits are ``path``'s, each a little turned, sized and placed by hand."""
    fonts: dict[int, ImageFont.FreeTypeFont] = {}

    def draw(digit: int, width: int, height: int, rng: np.random.Generator) -> NDArray[np.float32]:
        size = int(height * rng.uniform(0.85, 1.25))
        font = fonts.setdefault(size, ImageFont.truetype(str(path), size))
        canvas = Image.new("L", (width * 3, height * 3), 0)
        ImageDraw.Draw(canvas).text((width * 1.5, height * 1.5), str(digit), font=font, fill=255, anchor="mm")
        canvas = canvas.rotate(rng.uniform(-8, 8), resample=Image.BICUBIC)
        ink = np.asarray(canvas, dtype=np.float32) / 255.0
        return _fit(ink, width, height, rng)

    return Hand(name=path.stem, draw=draw, unseen=unseen)


def dataset_hand(rng_seed: int) -> Hand:
    """A writer from scikit-learn's handwritten digits, held out of the classifier's training: each
    8×8 digit drawn up to the box's size."""
    by_digit: dict[int, NDArray[np.float64]] = {}

    def draw(digit: int, width: int, height: int, rng: np.random.Generator) -> NDArray[np.float32]:
        if not by_digit:  # loaded when first written with: importing scikit-learn costs a second
            data, labels, held_out = packaged_digits()
            by_digit.update({each: data[held_out & (labels == each)] for each in range(10)})
        samples = by_digit[digit]
        sample = samples[rng.integers(len(samples))].reshape(8, 8).astype(np.float32) / 16.0
        big = cv2.resize(sample, (48, 48), interpolation=cv2.INTER_CUBIC)
        big = cv2.GaussianBlur(big, (5, 5), 1.2)
        ink = np.clip((big - 0.35) * 3.0, 0.0, 1.0)
        return _fit(ink, width, height, rng)

    return Hand(name="sklearn-digits", draw=draw, unseen=True)


def _fit(ink: NDArray[np.float32], width: int, height: int, rng: np.random.Generator) -> NDArray[np.float32]:
    """The glyph cropped and scaled to 60–85 % of the box's height, placed a little off centre."""
    ys, xs = np.nonzero(ink > 0.2)
    if ys.size == 0:
        return np.zeros((height, width), np.float32)
    glyph = ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    scale = height * rng.uniform(0.6, 0.85) / glyph.shape[0]
    if glyph.shape[1] * scale > width * 0.85:
        scale = width * 0.85 / glyph.shape[1]
    glyph = cv2.resize(glyph, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    box = np.zeros((height, width), np.float32)
    gh, gw = glyph.shape
    top = int(np.clip((height - gh) / 2 + rng.normal(0, height * 0.05), 0, height - gh))
    left = int(np.clip((width - gw) / 2 + rng.normal(0, width * 0.06), 0, width - gw))
    box[top : top + gh, left : left + gw] = glyph
    return box


def hands(seed: int = 7) -> list[Hand]:
    """Every writer of the corpus: each handwriting font (those the classifier never trained on
    marked ``unseen``) and scikit-learn's held-out digits."""
    found = [
        font_hand(FONT_FOLDER / name, unseen=name in UNSEEN_FONTS)
        for name in (*HANDWRITING_FONTS, *UNSEEN_FONTS)
        if (FONT_FOLDER / name).is_file() and "DejaVu" not in name
    ]
    return [*found, dataset_hand(seed)]


def fill(
    picture: Gray,
    fields: Sequence[Field],
    values: dict[str, int | None],
    hand: Hand,
    rng: np.random.Generator,
) -> Gray:
    """``picture`` (a printed page) with each field's value written into its boxes by ``hand``: right
    in its boxes, or (now and then, a single digit) in the left one."""
    page = picture.astype(np.float32)
    pen = rng.uniform(25, 110)  # a dark pen to a soft pencil
    for field in fields:
        value = values.get(field.key)
        if value is None:
            continue
        digits = [int(char) for char in str(value)]
        start = len(field.boxes) - len(digits)
        if len(digits) == 1 and len(field.boxes) > 1 and rng.random() < 0.15:
            start = 0
        for offset, digit in enumerate(digits):
            box = field.boxes[start + offset]
            left, top = round(box.x * PX_PER_MM), round(box.y * PX_PER_MM)
            width, height = round(box.width * PX_PER_MM), round(box.height * PX_PER_MM)
            ink = hand.draw(digit, width, height, rng) * rng.uniform(0.85, 1.0)
            region = page[top : top + height, left : left + width]
            region[:] = region * (1 - ink) + pen * ink
    return np.clip(page, 0, 255).astype(np.uint8)


# --- the camera --------------------------------------------------------------------------------


def photograph(page: Gray, rng: np.random.Generator, *, quality: tuple[int, int] = (55, 85)) -> bytes:
    """A phone's JPEG of ``page`` lying on a desk: turned up to 15°, in perspective, unevenly lit,
    a soft shadow across it, slightly blurred and noisy."""
    height, width = page.shape
    out_long = int(rng.uniform(1900, 2600))
    canvas_w, canvas_h = (
        (out_long, int(out_long * 0.75)) if width > height else (int(out_long * 0.75), out_long)
    )
    angle = np.deg2rad(rng.uniform(-15, 15))
    fill_share = rng.uniform(0.72, 0.9)
    scale = min(canvas_w * fill_share / width, canvas_h * fill_share / height)
    scale /= abs(np.cos(angle)) + abs(np.sin(angle)) * max(width, height) / min(width, height) * 0.35
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    centred = (corners - [width / 2, height / 2]) * scale
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]], np.float32)
    placed = centred @ turn.T + [canvas_w / 2, canvas_h / 2]
    placed += rng.normal(0, 0.025 * min(canvas_w, canvas_h), placed.shape)  # the camera's tilt
    transform = cv2.getPerspectiveTransform(corners, placed.astype(np.float32))
    desk = rng.uniform(50, 150)
    photo = cv2.warpPerspective(
        page.astype(np.float32), transform, (canvas_w, canvas_h), flags=cv2.INTER_AREA, borderValue=desk
    )
    texture = cv2.GaussianBlur(rng.normal(0, 12, (canvas_h, canvas_w)).astype(np.float32), (0, 0), 3)
    outside = cv2.warpPerspective(np.ones_like(page, np.float32), transform, (canvas_w, canvas_h)) < 0.5
    photo[outside] += texture[outside]
    photo *= _light(canvas_w, canvas_h, rng)
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.4, 1.3))
    photo += rng.normal(0, rng.uniform(1.5, 4.5), photo.shape).astype(np.float32)
    gray = np.clip(photo, 0, 255).astype(np.uint8)
    tint = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.92, 1.0), 1.0])  # warm indoor light
    colour = np.clip(gray[:, :, None] * tint[None, None, :], 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", colour, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(*quality))])
    assert ok
    return jpeg.tobytes()


def _light(width: int, height: int, rng: np.random.Generator) -> NDArray[np.float32]:
    """Uneven light (brighter towards one side) and a soft-edged shadow (a hand, a phone) over part.

    Both vary slowly across the picture, so they are worked out on a grid an eighth of its size and
    drawn up to it, for the same light at a fraction of the cost."""
    full_width, full_height = width, height
    width, height = -(-width // LIGHT_STEP), -(-height // LIGHT_STEP)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    gx, gy = rng.uniform(-0.35, 0.35, 2)
    light = 1.0 + gx * (xs / width - 0.5) + gy * (ys / height - 0.5)
    light *= rng.uniform(0.75, 1.05)
    # A shadow: a half-plane through a random point, at a random angle, with a blurred edge.
    px, py = rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height
    theta = rng.uniform(0, 2 * np.pi)
    distance = (xs - px) * np.cos(theta) + (ys - py) * np.sin(theta)
    softness = rng.uniform(0.02, 0.08) * max(width, height)
    shadow = 1.0 - rng.uniform(0.2, 0.45) / (1.0 + np.exp(-distance / softness))
    small = (light * shadow).astype(np.float32)
    return cv2.resize(small, (full_width, full_height), interpolation=cv2.INTER_LINEAR)


# --- legal games to write ------------------------------------------------------------------------


def legal_entries(table: Table, deals: int, rng: np.random.Generator) -> list[dict[str, Any]]:
    """The entries of ``deals`` deals of a bid-exactly game that the engine accepts: random bids
    (the last bidder's moved off the hook) and random tricks that add up to the cards."""
    game, entries = Game(table), []
    for _ in range(deals):
        facts = game.state.current
        if facts is None:
            break
        bids: list[int | None] = [None] * table.size
        for seat in facts.bidding_order:
            bids[seat] = int(rng.integers(0, min(facts.cards, 4) + 1))
        last = facts.last_bidder
        if facts.hook and sum(bid or 0 for bid in bids) == facts.cards:
            value = bids[last] or 0
            bids[last] = value + 1 if value < facts.cards else value - 1
        tricks: list[int | None] = [None] * table.size
        shares = rng.multinomial(facts.cards, [1 / len(facts.bidding_order)] * len(facts.bidding_order))
        for seat, took in zip(facts.bidding_order, shares, strict=True):
            tricks[seat] = int(took)
        entry = {"bids": bids, "tricks": tricks}
        game = game.record(table.variant.engine.read_entry(len(game.entries) + 1, entry))
        entries.append(entry)
    return entries


def values_of(entries: Sequence[dict[str, Any]]) -> dict[str, int | None]:
    """The field values (by key) a sheet shows for ``entries`` (deal n is entries[n − 1])."""
    values: dict[str, int | None] = {}
    for number, entry in enumerate(entries, start=1):
        for seat, bid in enumerate(entry["bids"]):
            values[f"{number}.{seat}.bid"] = bid
        for seat, took in enumerate(entry.get("tricks") or []):
            values[f"{number}.{seat}.tricks"] = took
    return values


def cycle(items: Sequence[Hand]) -> Iterator[Hand]:
    """The hands in turn, for ever."""
    while True:
        yield from items

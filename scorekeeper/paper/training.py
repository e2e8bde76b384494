"""The digits the classifier learns from, all in the optdigits form (``digits.optdigits``).

Two sources, nothing downloaded:

- scikit-learn's handwritten digits (``sklearn.datasets.load_digits``: 1,797 digits written by 43
  people, shipped with the package), but one in five of them, kept for the tests' corpus;
- every digit drawn in the handwriting fonts Debian packages (``HANDWRITING_FONTS``; bin/setup
  installs them) and DejaVu Sans, each distorted ``VARIANTS`` times the way hands and cameras
  distort them: turned up to 12°, slanted, squeezed, written thinner or bolder, blurred.

Everything is drawn from one seeded random generator, so the same fonts and libraries give the same
digits, and the same model.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

from .digits import from_packaged, optdigits

SEED = 20261207
VARIANTS = 40
PACKAGED_VARIANTS = 2
# One in HELD_OUT of scikit-learn's digits (those whose index is a multiple of it) is left out of
# training, for the corpus to test on digits the model never saw.
HELD_OUT = 5
FONT_FOLDER = Path("/usr/share/fonts")
# Debian's handwriting fonts (packages fonts-bwht, fonts-breip, fonts-dkg-handwriting,
# fonts-humor-sans, fonts-rufscript, fonts-sjfonts, fonts-comic-neue), and DejaVu Sans.
HANDWRITING_FONTS = (
    "opentype/bwht/BecauseWeBuild-Regular.otf",
    "opentype/bwht/BecauseWeConnect-Regular.otf",
    "opentype/bwht/BecauseWeCreate-Regular.otf",
    "opentype/bwht/BecauseWeLearn-Regular.otf",
    "opentype/bwht/BecauseWeMentor-Regular.otf",
    "opentype/bwht/BecauseWeOrganize-Regular.otf",
    "opentype/comic-neue/ComicNeue-Regular.otf",
    "opentype/comic-neue/ComicNeue-Bold.otf",
    "truetype/breip/Breip.ttf",
    "truetype/fifthhorseman/dkg.ttf",
    "truetype/fifthhorseman/dkgBd.ttf",
    "truetype/fifthhorseman/dkgIt.ttf",
    "truetype/humor-sans/Humor-Sans.ttf",
    "truetype/rufscript/Rufscript010.ttf",
    "truetype/sjfonts/Delphine.ttf",
    "truetype/dejavu/DejaVuSans.ttf",
)
# Fonts kept out of training, for the corpus to test on hands the model never saw.
UNSEEN_FONTS = ("truetype/sjfonts/SteveHand.ttf", "opentype/comic-neue/ComicNeue-Italic.otf")
DEBIAN_FONT_PACKAGES = (
    "fonts-bwht",
    "fonts-breip",
    "fonts-comic-neue",
    "fonts-dkg-handwriting",
    "fonts-humor-sans",
    "fonts-rufscript",
    "fonts-sjfonts",
    "fonts-dejavu-core",
)


# What a font draws for a character it lacks (its "tofu" box) is drawn for this one too.
NOT_A_CHARACTER = "\U0010fffd"


def font_files(names: tuple[str, ...] = HANDWRITING_FONTS) -> list[Path]:
    """The fonts of ``names`` this machine has."""
    return [FONT_FOLDER / name for name in names if (FONT_FOLDER / name).is_file()]


def packaged_digits() -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.bool_]]:
    """scikit-learn's handwritten digits: features, labels, and which are held out."""
    from sklearn.datasets import load_digits

    bunch = load_digits()
    data = np.asarray(bunch.data, dtype=np.float64)
    labels = np.asarray(bunch.target, dtype=np.int64)
    held_out = np.arange(len(labels)) % HELD_OUT == 0
    return data, labels, held_out


def glyph(font: ImageFont.FreeTypeFont, text: str) -> NDArray[np.float32]:
    """``text`` (a digit) drawn in ``font``: ink 0–1 on a canvas with room to turn it."""
    canvas = Image.new("L", (256, 256), 0)
    ImageDraw.Draw(canvas).text((128, 128), text, font=font, fill=255, anchor="mm")
    return np.asarray(canvas, dtype=np.float32) / 255.0


def distort(ink: NDArray[np.float32], rng: np.random.Generator) -> NDArray[np.float32]:
    """``ink`` as a hand or a camera might give it: turned, slanted, squeezed, bolder, blurred, and
    as small as a box holds it (30 to 50 pixels high on the flattened page)."""
    angle = rng.uniform(-12, 12)
    shear = rng.uniform(-0.3, 0.3)
    squeeze = rng.uniform(0.8, 1.2)
    centre = (ink.shape[1] / 2, ink.shape[0] / 2)
    turn = cv2.getRotationMatrix2D(centre, angle, 1.0)
    turn[0, 1] += shear
    turn[0, 0] *= squeeze
    turn[0, 2] = centre[0] - turn[0, 0] * centre[0] - turn[0, 1] * centre[1]
    turned = cv2.warpAffine(ink, turn, (ink.shape[1], ink.shape[0]), flags=cv2.INTER_LINEAR)
    out: NDArray[np.float32] = _elastic(np.asarray(turned, dtype=np.float32), rng)
    bolder = int(rng.integers(0, 3))
    if bolder:
        out = np.asarray(cv2.dilate(out, np.ones((3, 3), np.uint8), iterations=bolder), dtype=np.float32)
    ys, xs = np.nonzero(out > 0.3)
    if ys.size == 0:
        return out
    out = out[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    high = rng.uniform(30, 50)
    out = np.asarray(
        cv2.resize(out, None, fx=high / out.shape[0], fy=high / out.shape[0], interpolation=cv2.INTER_AREA),
        dtype=np.float32,
    )
    if rng.random() < 0.5:
        out = np.asarray(cv2.GaussianBlur(out, (3, 3), rng.uniform(0.4, 1.0)), dtype=np.float32)
    out = np.clip(out * rng.uniform(1.0, 1.8), 0.0, 1.0)
    out[out < 0.5] = 0.0
    return np.asarray(out, dtype=np.float32)


def _elastic(ink: NDArray[np.float32], rng: np.random.Generator) -> NDArray[np.float32]:
    """``ink`` bent as no two hands draw a stroke alike: each pixel moved by a smooth random field."""
    height, width = ink.shape
    strength = rng.uniform(2.0, 6.0)
    fields = [
        cv2.GaussianBlur(rng.uniform(-1, 1, (height, width)).astype(np.float32), (0, 0), 9) for _ in range(2)
    ]
    fields = [field / (np.abs(field).max() + 1e-6) * strength for field in fields]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    return np.asarray(cv2.remap(ink, xs + fields[0], ys + fields[1], cv2.INTER_LINEAR), dtype=np.float32)


def drawn_packaged(
    rows: NDArray[np.float64], labels: NDArray[np.int64], variants: int, rng: np.random.Generator
) -> Iterator[tuple[NDArray[np.float64], int]]:
    """scikit-learn's 8×8 digits drawn large (as a pen would have drawn them) and distorted like the
    fonts' digits, ``variants`` times each."""
    for row, label in zip(rows, labels, strict=True):
        small = (row.reshape(8, 8) / 16.0).astype(np.float32)
        for _ in range(variants):
            big = cv2.resize(small, (64, 64), interpolation=cv2.INTER_CUBIC)
            big = cv2.GaussianBlur(big, (0, 0), rng.uniform(1.0, 2.5))
            ink = np.clip((big - rng.uniform(0.25, 0.5)) * 3.0, 0.0, 1.0)
            canvas = np.zeros((128, 128), np.float32)
            canvas[32:96, 32:96] = ink
            drawn = distort(canvas, rng)
            ys, xs = np.nonzero(drawn)
            if ys.size:
                yield optdigits(drawn[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]), int(label)


def font_digits(
    fonts: list[Path], variants: int, rng: np.random.Generator
) -> Iterator[tuple[NDArray[np.float64], int]]:
    """Every digit in every font, ``variants`` times distorted, in the optdigits form (a font that
    lacks a digit, and draws a box for it, gives none)."""
    for path in fonts:
        for size in (72, 96):
            font = ImageFont.truetype(str(path), size)
            missing = glyph(font, NOT_A_CHARACTER)
            for digit in range(10):
                clean = glyph(font, str(digit))
                if not clean.any() or np.array_equal(clean, missing):
                    continue
                for _ in range(variants // 2):
                    ink = distort(clean, rng)
                    ys, xs = np.nonzero(ink)
                    if ys.size == 0:
                        continue
                    yield optdigits(ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]), digit


def training_set(seed: int = SEED) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Every training digit: scikit-learn's (but those held out) and the fonts' distorted digits."""
    rng = np.random.default_rng(seed)
    data, labels, held_out = packaged_digits()
    rows = [from_packaged(data[~held_out])]
    targets = [labels[~held_out]]
    drawn = list(font_digits(font_files(), VARIANTS, rng))
    drawn += drawn_packaged(data[~held_out], labels[~held_out], PACKAGED_VARIANTS, rng)
    if drawn:
        rows.append(np.array([features for features, _ in drawn]))
        targets.append(np.array([digit for _, digit in drawn], dtype=np.int64))
    return np.concatenate(rows), np.concatenate(targets)

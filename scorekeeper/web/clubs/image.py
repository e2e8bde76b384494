"""The Open Graph image of a results page: the top of the results drawn on a 1200×630 PNG.

A link to a club's results pasted into a chat app shows this picture. It is drawn with Pillow from
the same lines the page shows, and the same text is kept in the PNG's ``Description`` text chunk
(what a reader of the file, or a test, finds without seeing it). DejaVu Sans is used when the
system has it, else Pillow's own scalable font (Pillow ≥ 10.1), else its small bitmap font: a
missing font never fails the picture.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

WIDTH, HEIGHT = 1200, 630
MARGIN = 60
GREEN = (11, 93, 59)
PAPER = (250, 248, 242)
INK = (28, 28, 28)
SOFT = (90, 90, 90)
GOLD = (140, 100, 0)
MOST_LINES = 6
MOST_LETTERS = 200
"""More letters than any line of the picture shows: a longer text is cut before it is measured."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass(frozen=True, kw_only=True)
class Picture:
    """What the image shows: a title, a line under it, the top lines of the results and a footer."""

    title: str
    subtitle: str
    lines: Sequence[str]
    footer: str

    def text(self) -> str:
        """The picture's words, one line each, as kept in its ``Description`` chunk."""
        return "\n".join([self.title, self.subtitle, *self.lines[:MOST_LINES], self.footer])


@lru_cache(maxsize=16)
def font(size: int, *, bold: bool = False) -> Font:
    """DejaVu Sans at ``size`` if the system has it, else Pillow's own font (scaled when it can be)."""
    for name in ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf") if bold else ("DejaVuSans.ttf",):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # a Pillow before 10.1: the small bitmap font
        return ImageFont.load_default()


def draw_png(picture: Picture) -> bytes:
    """The 1200×630 PNG of ``picture``, with its words in the ``Description`` text chunk."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, WIDTH, 150), fill=GREEN)
    heading, under = font(56, bold=True), font(30)
    pen.text((MARGIN, 30), _fit(pen, picture.title, heading), fill=(255, 255, 255), font=heading)
    pen.text((MARGIN, 100), _fit(pen, picture.subtitle, under), fill=(220, 236, 226), font=under)
    top = 185
    for index, line in enumerate(picture.lines[:MOST_LINES]):
        chosen = font(44 if index == 0 else 36, bold=index == 0)
        pen.text((MARGIN, top), _fit(pen, line, chosen), fill=GOLD if index == 0 else INK, font=chosen)
        top += 64 if index == 0 else 56
    footer = font(26)
    pen.text((MARGIN, HEIGHT - 60), _fit(pen, picture.footer, footer), fill=SOFT, font=footer)
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=_described(picture.text()))
    return out.getvalue()


def _described(words: str) -> PngInfo:
    """The PNG's ``Description``: a tEXt chunk (Latin-1), or an iTXt chunk (UTF-8) for other letters."""
    info = PngInfo()
    try:
        words.encode("latin-1")
    except UnicodeEncodeError:
        info.add_itxt("Description", words)
    else:
        info.add_text("Description", words)
    return info


def _fit(pen: ImageDraw.ImageDraw, text: str, chosen: Font) -> str:
    """``text`` cut with "…" so that it fits between the margins: measured once whole and, when it is
    too long, its cut found by bisection (a few measurements, whatever its length; cutting it a
    letter at a time measured a record's line of 200 holders thousands of times)."""
    room = WIDTH - 2 * MARGIN
    text = text[:MOST_LETTERS]  # no font this size fits more on one line
    if pen.textlength(text, font=chosen) <= room:
        return text
    fits, too_long = 0, len(text)  # the longest start known to fit with "…", the shortest known not to
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if pen.textlength(text[:middle].rstrip() + "…", font=chosen) <= room:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "…"

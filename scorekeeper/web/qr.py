"""QR codes drawn by the app itself, as inline SVG."""

from __future__ import annotations

import io
from functools import lru_cache

import segno
from markupsafe import Markup


@lru_cache(maxsize=2048)
def qr_svg(url: str, *, title: str) -> Markup:
    """An SVG QR code of ``url`` that scales with its box.

    Encoding takes segno about 13 ms and a game's link never changes, so each
    worker keeps the codes it has drawn.
    """
    code = segno.make(url, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=1, border=2, xmldecl=False, svgclass="qr", title=title, omitsize=True)
    return Markup(out.getvalue().decode())


def sheet_qr_svg(url: str) -> Markup:
    """The QR code a sheet made to be read prints on each page: low error correction, for the fewest
    and largest modules a photo can read (the corner marks, not the code, carry the page's geometry)."""
    code = segno.make(url, error="l", boost_error=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=1, border=1, xmldecl=False, svgclass="qr", omitsize=True)
    return Markup(out.getvalue().decode())

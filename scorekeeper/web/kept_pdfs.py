"""The app's shelf of PDFs: where it is, how big it may grow, and a kept PDF as a download.

``PDF_SHELF_BYTES`` in the app's configuration bounds the shelf (64 MiB unless
set; ``SCOREKEEPER_PDF_SHELF_MB`` in the environment sets it in MiB; 0 keeps
nothing and renders every download). ``PDF_SHELF_FOLDER`` moves it from the
instance folder's ``pdfs/``; every worker of the app must use the same folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import weasyprint
from flask import Flask, Response, current_app, request

from ..pdf_shelf import PdfShelf, build_fingerprint

DEFAULT_SHELF_BYTES = 64 * 1024 * 1024
PACKAGE = Path(__file__).resolve().parent.parent


def shelf_key(kind: str, *parts: object) -> str:
    """The key of a PDF: its kind, everything it shows, and the build of the app that made it."""
    return "/".join([kind, *map(str, parts), _build(current_app)])


def kept_pdf(key: str, make: Callable[[], bytes], filename: str) -> Response:
    """The PDF kept under ``key`` (made now if missing) as an attachment named ``filename``.

    Its ETag is the key's digest: a phone that already holds this version is
    answered 304 Not Modified and downloads nothing.
    """
    shelf = _shelf(current_app)
    digest = shelf.digest(key)
    if request.if_none_match.contains(digest):
        response = Response(status=304)
    else:
        kept = shelf.get_or_make(key, make)
        response = Response(kept.pdf, mimetype="application/pdf")
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.set_etag(digest)
    # A phone may keep the file but must ask each time whether the game has changed since.
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _shelf(app: Flask) -> PdfShelf:
    """The app's shelf, made on first use from its configuration."""
    shelf: PdfShelf | None = app.extensions.get("scorekeeper.pdf_shelf")
    if shelf is None:
        configured = app.config.get("PDF_SHELF_BYTES")
        if configured is None:
            from_env = os.environ.get("SCOREKEEPER_PDF_SHELF_MB")
            configured = int(from_env) * 1024 * 1024 if from_env else DEFAULT_SHELF_BYTES
        folder = Path(app.config.get("PDF_SHELF_FOLDER") or Path(app.instance_path) / "pdfs")
        shelf = app.extensions["scorekeeper.pdf_shelf"] = PdfShelf(folder, max_bytes=int(configured))
    return shelf


def _build(app: Flask) -> str:
    """The fingerprint of the code, templates, static files and translation catalogues this app
    renders with (a catalogue that changes words a PDF prints changes its key)."""
    catalogues = [
        (Path(app.root_path) / folder).resolve()
        for folder in str(app.config.get("BABEL_TRANSLATION_DIRECTORIES", "translations")).split(";")
    ]
    roots = (
        PACKAGE,
        Path(app.template_folder or "templates").resolve(),
        Path(app.static_folder or "static"),
        *(folder for folder in catalogues if folder.is_dir() and not folder.is_relative_to(PACKAGE)),
    )
    return _fingerprint(roots)


@lru_cache(maxsize=4)
def _fingerprint(roots: tuple[Path, ...]) -> str:
    """Worked out once per process: the files do not change under a running app."""
    return build_fingerprint(roots, f"weasyprint {weasyprint.__version__}")

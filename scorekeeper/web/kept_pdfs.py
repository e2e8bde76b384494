"""The app's shelf of PDFs: where it is, how big it may grow, and a kept PDF as a download on the
reader's paper and in their language (the game sheets and the drive's PDFs alike).

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
from flask import Flask, Response, current_app, render_template, request, url_for

from ..pdf import Paper, paper_for, render_pdf
from ..pdf_shelf import PdfBeingMade, PdfShelf, build_fingerprint
from .language import current_language, region_tags

DEFAULT_SHELF_BYTES = 64 * 1024 * 1024
BEING_MADE_RETRY_SECONDS = 5
PACKAGE = Path(__file__).resolve().parent.parent


def shelf_key(kind: str, *parts: object) -> str:
    """The key of a PDF: its kind, everything it shows, and the build of the app that made it."""
    return "/".join([kind, *map(str, parts), _build(current_app)])


def kept_pdf(key: str, make: Callable[[], bytes], filename: str, *, queue: str | None = None) -> Response:
    """The PDF kept under ``key`` (made now if missing) as an attachment named ``filename``.

    Its ETag is the key's digest: a phone that already holds this version is
    answered 304 Not Modified and downloads nothing. With ``queue`` (a PDF that
    costs seconds), one of the queue's PDFs is made at a time and a request that
    comes meanwhile is answered at once, 503 with ``Retry-After``, by a page that
    asks again by itself: no worker waits on another's render.
    """
    shelf = _shelf(current_app)
    digest = shelf.digest(key)
    if request.if_none_match.contains(digest):
        response = Response(status=304)
    else:
        try:
            kept = shelf.get_or_make(key, make, queue=queue)
        except PdfBeingMade:
            page = render_template("errors/being_made.html", retry=BEING_MADE_RETRY_SECONDS)
            headers = {"Retry-After": str(BEING_MADE_RETRY_SECONDS), "Cache-Control": "no-store"}
            return Response(page, status=503, headers=headers)
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


def pdf_paper() -> Paper:
    """``?paper=a4|letter`` when given, else the paper of the region of the reader's language
    (language.region_tags: "en-US" gives Letter; "de" picked with no region, A4)."""
    return paper_for(request.args.get("paper"), region_tags())


def pdf_language() -> str:
    """The language a PDF is printed in, which names it on the shelf: the reader's (the picker's
    choice, else the browser's), as every page of theirs reads. Two readers in two languages get
    two PDFs; a second reader in the same language gets the kept one."""
    return current_language()


def pdf_download(
    key: str, render_html: Callable[[], str], filename: str, *, queue: str | None = None
) -> Response:
    """The kept PDF of ``key`` as an attachment, made from ``render_html()`` the first time.

    WeasyPrint reads only the app's static files. The response carries the
    key's digest as its ETag, so a phone asking again gets 304 Not Modified
    until the game changes.
    """

    def make() -> bytes:
        return render_pdf(
            render_html(),
            base_url=request.url_root,
            static_folder=Path(current_app.static_folder or "static"),
            static_url=url_for("static", filename="", _external=True),
        )

    return kept_pdf(key, make, filename, queue=queue)

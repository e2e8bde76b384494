"""The app's shelf of PDFs: where it is, how big it may grow, and a kept PDF as a download on the
reader's paper and in their language (the game sheets and the drive's PDFs alike); and the PDFs made
in the background (the drive's), with the page that says they are being prepared.

``PDF_SHELF_BYTES`` in the app's configuration bounds the shelf (64 MiB unless
set; ``SCOREKEEPER_PDF_SHELF_MB`` in the environment sets it in MiB; 0 keeps
nothing and renders every download). ``PDF_SHELF_FOLDER`` moves it from the
instance folder's ``pdfs/``; every worker of the app must use the same folder.
``PDF_QUEUE_URL`` (``SCOREKEEPER_PDF_QUEUE``, else the Redis of RATELIMIT_STORAGE_URI) is the
Redis whose RQ workers make the background PDFs (pdf_jobs.py); without one, a thread of each
worker process makes them. ``PDF_WAIT_SECONDS`` (0.25) is how long a request that queued a PDF
waits for it before it answers "being prepared".
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import weasyprint
from flask import Flask, Response, current_app, g, render_template, request, url_for

from ..pdf import Paper, paper_for, render_pdf
from ..pdf_jobs import Made, PdfJob, PdfQueue, Progress, queue_for
from ..pdf_shelf import Kept, PdfShelf, build_fingerprint
from .language import current_language, region_tags

DEFAULT_SHELF_BYTES = 64 * 1024 * 1024
# The "being prepared" page asks again this often; a request that queued a PDF waits this long for it.
PREPARING_RETRY_SECONDS = 3
DEFAULT_WAIT_SECONDS = 0.25
WAIT_STEP_SECONDS = 0.05
# In a URL: the reader comes from the "being prepared" page (answered, once the PDF is made, with a
# page that starts the download, rather than with the file, which would leave that page showing).
WAITING_ARG = "prepared"
# On ``g``: this request only asks after a PDF it queued before, and is not counted by the limits.
ASKED_AGAIN = "scorekeeper_pdf_asked_again"
REDIS_URL = re.compile(r"rediss?://\S+")
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
    if request.if_none_match.contains(shelf.digest(key)):
        return _not_modified(shelf.digest(key))
    return _attachment(shelf.get_or_make(key, make), filename)


@dataclass(frozen=True, kw_only=True)
class Preparing:
    """What the "being prepared" page says, in the reader's words: its title ("Preparing the tally
    cards"), what is being made ("A card for each of the 160 players of …"), the ready page's title,
    the download's link text, and the way back to where the reader came from."""

    title: str
    detail: str
    ready: str
    download: str
    back_url: str
    back: str


def prepared_pdf(
    key: str, render_html: Callable[[], str], filename: str, preparing: Callable[[], Preparing]
) -> Response:
    """The PDF kept under ``key`` as an attachment; when it is missing, made in the background.

    A request never renders the PDF itself: it renders the page's HTML (``render_html``), queues it
    (pdf_jobs.py) and waits ``PDF_WAIT_SECONDS`` at most; a PDF not made by then is answered 202 by
    a page that says what is being prepared and asks again by itself every few seconds (its script
    in the background; without one, a meta refresh). Asking again finds the job queued, renders
    nothing and waits as briefly; the limits do not count it (``asked_again``). Once made, the page
    that asked again is answered by a page that starts the download (so that the "being prepared"
    page does not stay on the screen), anyone else by the file. A PDF the job could not make is said
    so (500), and the next request tries again.
    """
    shelf = _shelf(current_app)
    digest = shelf.digest(key)
    if request.if_none_match.contains(digest):
        return _not_modified(digest)
    kept = shelf.get(key)
    if kept is None:
        queue = _queue(current_app)
        state = queue.state(digest)
        if state is Progress.UNKNOWN and shelf.being_made(key):
            state = Progress.WAITING  # another worker's thread is making it
        if state is Progress.WAITING:
            setattr(g, ASKED_AGAIN, True)
        elif state is Progress.UNKNOWN:
            queue.submit(_job(key, render_html()))
        if not isinstance(state, Made) and state is not Progress.FAILED:
            state = _wait_for(queue, digest, shelf, key)
        if state is Progress.FAILED:
            return _pdf_page(preparing(), "failed", status=500)
        if not isinstance(state, Made):
            return _preparing_page(preparing())
        kept = shelf.get(key) or shelf.put(key, state.pdf)
    if WAITING_ARG in request.args:
        setattr(g, ASKED_AGAIN, True)
        return _pdf_page(preparing(), "ready", status=200)
    return _attachment(kept, filename)


def asked_again() -> bool:
    """True when this request only asked after a PDF being prepared (the limits do not count it)."""
    return bool(g.get(ASKED_AGAIN, False))


def _job(key: str, html: str) -> PdfJob:
    shelf = _shelf(current_app)
    return PdfJob(
        key=key,
        html=html,
        base_url=request.url_root,
        static_folder=str(Path(current_app.static_folder or "static").resolve()),
        static_url=url_for("static", filename="", _external=True),
        shelf_folder=str(shelf.folder.resolve()),
        shelf_bytes=shelf.max_bytes,
    )


def _wait_for(queue: PdfQueue, digest: str, shelf: PdfShelf, key: str) -> Made | Progress:
    """The job's state once it is made (or failed), or after PDF_WAIT_SECONDS; a PDF another worker
    made meanwhile is found on the shelf."""
    deadline = time.monotonic() + float(current_app.config.get("PDF_WAIT_SECONDS", DEFAULT_WAIT_SECONDS))
    while True:
        state = queue.state(digest)
        if isinstance(state, Made) or state is Progress.FAILED:
            return state
        kept = shelf.get(key)
        if kept is not None:
            return Made(kept.pdf)
        if time.monotonic() >= deadline:
            return state
        time.sleep(WAIT_STEP_SECONDS)


def _preparing_page(preparing: Preparing) -> Response:
    response = _pdf_page(preparing, "preparing", status=202)
    response.headers["Retry-After"] = str(PREPARING_RETRY_SECONDS)
    return response


def _pdf_page(preparing: Preparing, stage: str, *, status: int) -> Response:
    """The page for a PDF being prepared, ready, or failed, with the links it needs."""
    # The reader's own choices (?paper=) carry over; url_for's own arguments (_scheme…) never do.
    args = {name: value for name, value in request.args.items() if not name.startswith("_")}
    args.pop(WAITING_ARG, None)
    endpoint = request.endpoint or "home.index"
    file_url = url_for(endpoint, **{**args, **(request.view_args or {})})
    again_url = url_for(endpoint, **{**args, **(request.view_args or {}), WAITING_ARG: "1"})
    page = render_template(
        "pdf_preparing.html",
        stage=stage,
        preparing=preparing,
        file_url=file_url,
        again_url=again_url,
        retry=PREPARING_RETRY_SECONDS,
    )
    return Response(page, status=status, headers={"Cache-Control": "no-store"})


def _attachment(kept: Kept, filename: str) -> Response:
    response = Response(kept.pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return _cache_headers(response, kept.digest)


def _not_modified(digest: str) -> Response:
    return _cache_headers(Response(status=304), digest)


def _cache_headers(response: Response, digest: str) -> Response:
    response.set_etag(digest)
    # A phone may keep the file but must ask each time whether the game has changed since.
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def init_pdfs(app: Flask) -> None:
    """Make the app's queue of background PDFs now (after the request limits' settings, whose Redis
    it uses by default), and, but in tests, the build's fingerprint the PDFs are kept by: no
    request pays for either."""
    _queue(app)
    if not app.testing:
        _build(app)


def _queue(app: Flask) -> PdfQueue:
    """The app's queue of background PDFs, made on first use from its configuration."""
    queue: PdfQueue | None = app.extensions.get("scorekeeper.pdf_queue")
    if queue is None:
        queue = app.extensions["scorekeeper.pdf_queue"] = queue_for(pdf_queue_url(app.config, os.environ))
    return queue


def pdf_queue_url(config: Mapping[str, Any], environ: Mapping[str, str]) -> str | None:
    """The Redis the PDFs are queued on: ``PDF_QUEUE_URL``, else ``SCOREKEEPER_PDF_QUEUE``, else the
    Redis the request limits count in (its URI as the limits' store may wrap it: "fallback+redis://…");
    None for none (a thread of each process makes them)."""
    named = config.get("PDF_QUEUE_URL") or environ.get("SCOREKEEPER_PDF_QUEUE")
    if named:
        return str(named)
    found = REDIS_URL.search(str(config.get("RATELIMIT_STORAGE_URI", "")))
    return found.group(0) if found else None


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


def pdf_download(key: str, render_html: Callable[[], str], filename: str) -> Response:
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

    return kept_pdf(key, make, filename)

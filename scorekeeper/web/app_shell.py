"""The installed app: its web app manifest, its service worker and the page shown offline.

The service worker is served from the site's root (its scope then covers every
page) with the list of files it keeps and a version that changes with any of
them, so a new release installs a new worker that drops the old copies.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, get_flashed_messages, render_template, request, url_for

from ..words import gettext
from .language import current_language

bp = Blueprint("app_shell", __name__)

SHELL = (
    "app.css",
    "app.js",
    "soft.js",
    "queue.js",
    "offline.js",
    "screen.js",
    "check.js",
    "deal.js",
    "sheet.js",
    "icons/app.svg",
)
"""The files every game page uses: kept when the worker installs. Others are kept as they are used (the
live view's script among them: a phone that follows a game is online to follow it)."""

LATER = (
    "queue_send.js",
    "follow.js",
    "offline_play.js",
    "offline_screen.js",
    "offline_events.js",
    "offline_merge.js",
    "offline_merge.css",
)
"""What a game's page fetches in the background to go on offline: kept by the worker once installed, never
part of a page's first load."""

LIGHT = {"theme": "#0b5d3b", "background": "#fdfcf8"}
DARK = {"theme": "#12402c", "background": "#0f1318"}
"""The bar's colour (the phone's status bar) and the page's, as app.css has them in each scheme."""


KEEP_HEADER = "X-Scorekeeper-Keep"
"""Sent by the service worker when it fetches a page to keep a copy for offline use."""


@bp.app_context_processor
def page_messages() -> dict[str, object]:
    """``page_messages()`` for base.html: the messages flashed for the page the player opens.

    The worker's own fetch of a page (its offline copy, made while the player moves on)
    takes none: a message popped there would never be seen, and the copy would show it
    again offline.
    """

    def messages() -> list[str]:
        if request.headers.get(KEEP_HEADER):
            return []
        return [str(message) for message in get_flashed_messages()]

    return {"page_messages": messages}


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """What a phone needs to install the app: names, start page, standalone window, colours, icons."""
    icons: list[dict[str, str]] = [
        {"src": url_for("static", filename="icons/app.svg"), "sizes": "any", "type": "image/svg+xml"}
    ]
    for purpose, name in (("any", "app"), ("maskable", "maskable")):
        for size in (192, 512):
            icons.append(
                {
                    "src": url_for("static", filename=f"icons/{name}-{size}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": purpose,
                }
            )
    body: dict[str, Any] = {
        "id": "/",
        # In the reader's language, as the phone installs it (the app's own name stays).
        "name": gettext("Scorekeeper for whist-family card games"),
        "short_name": "Scorekeeper",
        "description": gettext(
            "Keeps the score and referees the rules of Oh Hell and its family at a real table."
        ),
        "lang": current_language(),
        "start_url": url_for("home.index"),
        "scope": "/",
        "display": "standalone",
        "theme_color": LIGHT["theme"],
        "background_color": LIGHT["background"],
        "categories": ["games", "utilities"],
        "icons": icons,
    }
    response = current_app.response_class(json.dumps(body), mimetype="application/manifest+json")
    response.cache_control.no_cache = True
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """static/sw.js, told which files to keep and under which version."""
    script, version = _worker()
    build = {
        "version": version,
        "shell": [url_for("static", filename=name) for name in SHELL]
        + [url_for("app_shell.manifest"), url_for("app_shell.offline")],
        "later": [url_for("static", filename=name) for name in LATER],
        "offline": url_for("app_shell.offline"),
        "static": url_for("static", filename=""),
    }
    body = f"self.BUILD = {json.dumps(build)};\n{script}"
    response = current_app.response_class(body, mimetype="text/javascript")
    response.cache_control.no_cache = True
    return response


@bp.get("/offline")
def offline() -> str:
    """What the app shows for a page this phone never opened, when there is no connection."""
    return render_template("offline.html")


def _worker() -> tuple[str, str]:
    """The worker's source and a version drawn from every static file (worked out once)."""
    kept = current_app.extensions.get("scorekeeper.worker")
    if kept is None:
        folder = Path(current_app.static_folder or "static")
        digest = hashlib.sha256()
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                digest.update(str(path.relative_to(folder)).encode())
                digest.update(path.read_bytes())
        kept = current_app.extensions["scorekeeper.worker"] = (
            (folder / "sw.js").read_text(),
            digest.hexdigest()[:16],
        )
    return kept

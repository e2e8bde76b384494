"""Error pages in the app's own words."""

from __future__ import annotations

from flask import Flask, Response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .api import http_error_json

TITLES = {
    400: "That request could not be read",
    403: "This phone cannot change that game",
    404: "Nothing here",
    405: "Not like that",
    409: "That cannot be changed now",
    413: "That is too much to send",
}


def register_error_pages(app: Flask) -> None:
    """Render HTTP errors as pages that say what happened and where to go."""

    @app.errorhandler(CSRFError)
    def csrf_refused(error: CSRFError) -> tuple[str, int]:
        message = (
            "The form had expired or came from elsewhere, so nothing was saved. "
            "Go back, reload, and try again."
        )
        return render_template("errors/error.html", title="Nothing was saved", message=message), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int] | tuple[Response, int]:
        if request.path.startswith("/api/"):
            return http_error_json(error)
        code = error.code or 500
        title = TITLES.get(code, error.name)
        return render_template("errors/error.html", title=title, message=error.description), code

"""The JSON API of API.md under /api/v1, and its OpenAPI document."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Add the API's blueprint to ``app``."""
    from . import clubs, drive_writes, drives, routes  # noqa: F401  (drives and clubs add their routes to the API's blueprint)

    app.register_blueprint(routes.bp)

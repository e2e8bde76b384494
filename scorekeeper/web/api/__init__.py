"""The JSON API of API.md under /api/v1, and its OpenAPI document."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Add the API's blueprint to ``app``."""
    from . import drive_writes, drives, routes  # noqa: F401  (the drives' modules add their routes)

    app.register_blueprint(routes.bp)

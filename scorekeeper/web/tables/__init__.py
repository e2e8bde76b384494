"""Tables (groups of players who meet again): their pages, roster, statistics, history and files,
and what they add to the home page and the new-game form."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Add the tables' blueprints to ``app``."""
    from . import files, pages, parts, stats

    for blueprint in (pages.bp, stats.bp, files.bp, parts.bp):
        app.register_blueprint(blueprint)
    files.allow_large_imports(app)

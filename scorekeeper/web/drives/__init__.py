"""Whist drives: setting one up, the organiser's and the tables' pages, the hall's screens and the
drive's PDFs (tally cards, table cards, results)."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Add the drives' blueprints to ``app``."""
    from . import pages, pdfs, screens

    for blueprint in (pages.bp, screens.bp, pdfs.bp):
        app.register_blueprint(blueprint)

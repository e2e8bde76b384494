"""Whist drives: setting one up, the organiser's and the tables' pages, the hall's screens and the
drive's PDFs (tally cards, table cards, results) and its data (CSV and JSON)."""

from __future__ import annotations

from flask import Flask

from .view import status_words

__all__ = ["register", "status_words"]


def register(app: Flask) -> None:
    """Add the drives' blueprints to ``app``."""
    from . import cards, exchange, pages, pdfs, photos, reveal, roster, screens

    del roster  # its views join the drive's own blueprint (pages.bp) on import
    for blueprint in (pages.bp, screens.bp, pdfs.bp, exchange.bp, cards.bp, reveal.bp, photos.bp):
        app.register_blueprint(blueprint)
    photos.register(app)

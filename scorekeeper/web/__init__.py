"""The web layer: the app's shell here (the home page, errors, language, limits, security, health,
compression, proxy, the words of the pages and the phone's identity) and one package per feature,
each registering its own blueprints: ``games/``, ``tables/``, ``drives/``, ``clubs/``, ``api/``.

Layers (import-linter, ``pyproject.toml``): the home page above the features; the tables and the
API read a game through ``games``' exports; the shell's modules below them all.
"""

from __future__ import annotations

from flask import Flask


def register_shell(app: Flask) -> None:
    """Add the shell's own pages to ``app``: the home page, the app shell (manifest, service
    worker, offline page), what this phone keeps (and carrying it to another), and the clubs'
    pages. The language picker comes with the reader's language (``wrap_pages``)."""
    from . import app_shell, clubs, home, phone

    for blueprint in (home.bp, app_shell.bp, phone.bp):
        app.register_blueprint(blueprint)
    clubs.register(app)


def wrap_pages(app: Flask) -> None:
    """What wraps every page of every feature (call after their blueprints): request limits (by
    endpoint), the queue of background PDFs, health, error pages, compression, security headers, the
    proxy, the words and the reader's language."""
    from . import clubs, compress, errors, health, kept_pdfs, language, limits, proxy, security, wording

    limits.init_limits(app)
    kept_pdfs.init_pdfs(app)
    clubs.limit_writes(app)
    health.init_health(app)
    errors.register_error_pages(app)
    compress.enable_compression(app)
    security.add_security_headers(app)
    proxy.trust_proxies(app)
    wording.init_wording(app)
    language.init_language(app)

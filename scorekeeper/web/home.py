"""The home page: every variant the engine knows, grouped by family."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..rules import families
from .health import health as database_health

bp = Blueprint("home", __name__)


@bp.get("/healthz")
def health() -> tuple[str, int, dict[str, str]]:
    """Answer "ok" while the database reads and saves; 503 and what is wrong when it does not.

    The database is probed at most once a second per worker (see web/health.py),
    so this stays a trivial answer for load balancers and the load benchmark.
    """
    verdict = database_health().verdict()
    headers = {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
    if verdict.ok:
        return "ok", 200, headers
    return f"database: cannot save ({verdict.problem})", 503, headers


@bp.get("/")
def index() -> str:
    """List the variants by family, each with its summary and player range."""
    return render_template("home/index.html", families=families())

"""The home page: every variant the engine knows, grouped by family."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..rules import families

bp = Blueprint("home", __name__)


@bp.get("/healthz")
def health() -> tuple[str, int, dict[str, str]]:
    """A trivial answer for load balancers and for the load benchmark's baseline."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}


@bp.get("/")
def index() -> str:
    """List the variants by family, each with its summary and player range."""
    return render_template("home/index.html", families=families())

"""How many examples the web layer's property tests draw on each run.

The SQLite run draws them all. The PostgreSQL run repeats the web tests for what the database answers
differently (its types, its text, its locks and its plans), not for more of the engine's cases, which
the SQLite run has drawn already: it draws a third, so that CI keeps within its thirty minutes.
"""

from __future__ import annotations

import os

ON_POSTGRES = bool(os.environ.get("SCOREKEEPER_TEST_DATABASE_URL"))
SHARE_ON_POSTGRES = 3
"""The PostgreSQL run draws one example in this many."""


def examples(on_sqlite: int) -> int:
    """The examples to draw on this run: ``on_sqlite`` on SQLite, a third of them (at least one) on
    PostgreSQL."""
    return max(1, on_sqlite // SHARE_ON_POSTGRES) if ON_POSTGRES else on_sqlite

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
FUZZ_SHARE_ON_POSTGRES = 10
"""The API fuzz on the PostgreSQL run draws one example in this many: what PostgreSQL alone may refuse
(a NUL in a text, a number past its column's range) is sent to every route and field on that run by
test_hostile_everywhere.py, so the fuzz there only needs to reach the database with bodies of every
shape."""


def examples(on_sqlite: int, share: int = SHARE_ON_POSTGRES) -> int:
    """The examples to draw on this run: ``on_sqlite`` on SQLite, one in ``share`` of them (at least
    one) on PostgreSQL."""
    return max(1, on_sqlite // share) if ON_POSTGRES else on_sqlite

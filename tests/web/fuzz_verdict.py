"""What the whole API fuzz must have done (tests/web/test_api_fuzz.py, judged in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .budget import FUZZ_SHARE_ON_POSTGRES, examples

HOSTILE_KINDS = {
    "deep arrays",
    "deep objects",
    "long numbers",
    "NaN and infinities",
    "control characters",
    "other encodings",
    "bytes that are not UTF-8",
}
MOST_REQUESTS = examples(1000, FUZZ_SHARE_ON_POSTGRES)
"""The fewest requests the whole fuzz may send (fewer on the PostgreSQL run, which draws fewer)."""
LEAST_HOSTILE = examples(70, FUZZ_SHARE_ON_POSTGRES)  # about a tenth of the requests


def fuzz_faults(sent: Sequence[int], hostile: Mapping[str, int]) -> str:
    """What the fuzz failed to do, in a sentence; empty when it did all of it."""
    faults = []
    if len(sent) < MOST_REQUESTS:
        faults.append(f"schemathesis sent {len(sent)} requests, fewer than {MOST_REQUESTS}")
    if errors := sorted({status for status in sent if status >= 500}):
        faults.append(f"server errors {errors}")
    if missing := sorted(HOSTILE_KINDS - set(hostile)):
        faults.append(f"hostile bodies never sent: {missing}")
    if sum(hostile.values()) < LEAST_HOSTILE:
        faults.append(f"only {sum(hostile.values())} hostile bodies")
    return "; ".join(faults)

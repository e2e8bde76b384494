"""What every test shares: Hypothesis without a deadline.

Hypothesis fails an example that takes longer than its deadline (200 ms unless a test says
otherwise), a time limit that a machine busy with other work can break; the suite must pass there
too. What an example may cost is for the benchmarks to measure, and every property keeps its
budget of examples (``max_examples``).
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

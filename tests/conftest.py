"""What every test shares: Hypothesis without a clock.

Hypothesis fails an example that takes longer than its deadline (200 ms unless a test says
otherwise), and a property whose examples are slow to draw (its "too slow" health check): both are
time limits that a machine busy with other work can break, and the suite must pass there too. What
an example may cost is for the benchmarks to measure, and every property keeps its budget of
examples (``max_examples``).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("no-clock", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("no-clock")

"""What every test shares: Hypothesis without a clock.

Hypothesis fails an example that takes longer than its deadline (200 ms unless a test says
otherwise), and a property whose examples are slow to draw (its "too slow" health check): both are
time limits that a machine busy with other work can break, and the suite must pass there too. What
an example may cost is for the benchmarks to measure, and every property keeps its budget of
examples (``max_examples``).
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.app_starts import share_url_builders

share_url_builders()

settings.register_profile("no-clock", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("no-clock")


# The API fuzz (tests/web/test_api_fuzz.py) is judged on everything it sent, whichever of pytest-xdist's
# processes sent it: with --dist worksteal one module's tests are shared out between processes, so no
# single test can see the whole fuzz. Each process hands its counts on at its end; the run fails when
# the whole fuzz sent too little, got a 5xx, or left a kind of hostile body unsent.
FUZZ_MODULE = "tests.web.test_api_fuzz"
_FUZZ: dict[str, Any] = {"sent": [], "hostile": Counter(), "ran": False}


def _fuzz_counts() -> dict[str, Any] | None:
    module = sys.modules.get(FUZZ_MODULE)
    if module is None or not getattr(module, "SENT", None):
        return None
    return {"sent": list(module.SENT), "hostile": dict(module.HOSTILE)}


def pytest_testnodedown(node: Any, error: Any) -> None:
    """On the controlling process: a worker's part of the fuzz."""
    part = getattr(node, "workeroutput", {}).get("api_fuzz")
    if part:
        _FUZZ["sent"].extend(part["sent"])
        _FUZZ["hostile"].update(part["hostile"])
        _FUZZ["ran"] = True


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    counts = _fuzz_counts()
    if hasattr(session.config, "workeroutput"):  # a worker: hand its part on
        if counts:
            session.config.workeroutput["api_fuzz"] = counts
        return
    if counts:  # one process ran everything
        _FUZZ["sent"].extend(counts["sent"])
        _FUZZ["hostile"].update(counts["hostile"])
        _FUZZ["ran"] = True
    if not _FUZZ["ran"] or session.config.getoption("keyword") or _fuzz_selected_in_part(session):
        return
    from tests.web.fuzz_verdict import fuzz_faults

    faults = fuzz_faults(_FUZZ["sent"], _FUZZ["hostile"])
    if faults:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"API fuzz: {faults}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _fuzz_selected_in_part(session: pytest.Session) -> bool:
    """True when only some of the fuzz's tests were asked for (a node id naming one of them)."""
    return any("test_api_fuzz.py::" in argument for argument in session.config.args)

"""Two phones keeping one game, stepped at random by Hypothesis's stateful testing (offline_model.py):
going offline and online, closed and reopened, moving between every page of the game by a tap or by its
address, deals, an arrival and a sit-out on either phone (offline too), deal 1 corrected, choices where
a merge stops, play again. After every step nothing acknowledged is lost or doubled, no screen offers a
deal the server already holds as if it were new, and the sheets follow the server. A small budget here;
benchmarks/offline_soak.py runs it long."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test
from playwright.sync_api import Browser, Playwright

from .offline_model import TwoPhones

BUDGET = settings(
    max_examples=2,
    stateful_step_count=8,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # no shrinking: each step drives two browsers
    suppress_health_check=list(HealthCheck),
    derandomize=True,  # the same sequences in every CI run; the soak benchmark draws new ones
)


@pytest.mark.browser
def test_two_phones_stepped_at_random_lose_nothing_double_nothing_and_agree(
    browser: Browser, playwright: Playwright, live_server: str
) -> None:
    steps: list[str] = []
    try:
        run_state_machine_as_test(
            lambda: TwoPhones(browser, playwright, live_server, steps.append), settings=BUDGET
        )
    finally:
        print("\n".join(steps))

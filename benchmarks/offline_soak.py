"""Two phones keeping one game, stepped at random for a long time: the soak run of the offline model.

Run: .venv/bin/python benchmarks/offline_soak.py [--examples 20] [--steps 25] [--seed N] [--quick]

Hypothesis's stateful testing drives two phones (Debian's Chromium, each its own browser context) on a
short game of Custom Oh Hell for four (tests/browser/offline_model.py): offline and online, closed and
reopened, every page of the game by a tap or its address, deals, arrivals and sit-outs (offline too),
deal 1 corrected, choices where a merge stops, play again. After every step: nothing acknowledged is
lost or doubled, no screen offers a deal the server already holds as if it were new, and the sheets
follow the server within the window. It prints every sequence it ran, step by step, and the
counterexample if one fails (not shrunk: each step drives two browsers; rerun its seed to see it again):

    sequence 1: game 3f…
      A goes offline
      A enters deal 1 offline
      ...
    6 sequences, 80 steps in 203 s: no counterexample   (--examples 6 --steps 20 --seed 2026, busy machine)

The CI runs the same model with a small budget (tests/browser/test_offline_model.py). --quick runs two
short sequences (the same code path; the first one Hypothesis draws is empty) to check the script works.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.stateful import get_state_machine_test
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, serve_app
from tests.browser.offline_model import TwoPhones


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20, help="sequences to run (default 20)")
    parser.add_argument("--steps", type=int, default=25, help="the most steps a sequence takes (default 25)")
    parser.add_argument("--seed", type=int, default=None, help="the seed to draw the sequences from")
    parser.add_argument("--quick", action="store_true", help="two short sequences: the same code path")
    options = parser.parse_args()
    examples, steps = (2, 4) if options.quick else (options.examples, options.steps)
    chosen = options.seed if options.seed is not None else random.randrange(2**32)
    print(f"seed {chosen}: {examples} sequences of up to {steps} steps")
    lines: list[str] = []
    sequences = 0

    def log(line: str) -> None:
        nonlocal sequences
        if line.startswith("game "):
            sequences += 1
            line = f"sequence {sequences}: {line}"
        else:
            line = f"  {line}"
        lines.append(line)
        print(line, flush=True)

    budget = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        phases=(Phase.generate,),
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        server = serve_app(Path(folder), Path(folder) / "translations", "soak")
        base = next(server)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                try:
                    soak = get_state_machine_test(
                        lambda: TwoPhones(browser, playwright, base, log),
                        settings=budget,
                        _min_steps=steps // 2,
                    )
                    seed(chosen)(soak)()
                    verdict = "no counterexample"
                except Exception as failure:  # the counterexample: printed with the steps that led to it
                    for found in getattr(failure, "exceptions", None) or [failure]:
                        traceback.print_exception(found)
                    verdict = f"COUNTEREXAMPLE (rerun with --seed {chosen}): {failure!r}"
                finally:
                    browser.close()
        finally:
            server.close()
    took = time.perf_counter() - started
    ran = sum(1 for line in lines if line.startswith("  "))
    print(f"{sequences} sequences, {ran} steps in {took:,.0f} s: {verdict}")
    if verdict != "no counterexample":
        sys.exit(1)


if __name__ == "__main__":
    main()

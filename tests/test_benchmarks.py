"""Every benchmark runs in its smoke mode, so that none can rot unnoticed while the README quotes it.

``--quick`` runs a benchmark with small sizes through the same code path as its full run (a few
seconds on an idle machine); a benchmark that raises, or prints nothing, fails here. The full runs
stay scripts that print figures (benchmarks/README.md). Each benchmark says in its first lines the
one command that runs it from a fresh clone after the README's set-up.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
HELPERS = {
    "taps_events.py": "taps.py",  # the table events' and corrections' lines of taps.py
    "taps_evening.py": "taps.py",  # the evening's lines of taps.py (a correction's knock-ons, play again)
    "lighthouse_game.py": "lighthouse.sh",  # the game whose pages lighthouse.sh measures
}
"""Scripts of benchmarks/ that are parts of another benchmark, and the benchmark that runs each."""
# The smoke runs start servers and browsers of their own: on a machine kept busy by other work a
# run can take ten times its idle time, and a run that hangs must still end.
SMOKE_TIMEOUT_SECONDS = 900


def benchmarks() -> list[Path]:
    """Every benchmark script: each Python file and shell script of benchmarks/ but the helpers."""
    scripts = [*BENCHMARKS.glob("*.py"), *BENCHMARKS.glob("*.sh")]
    return sorted(script for script in scripts if script.name not in HELPERS)


def command(script: Path) -> list[str]:
    """How the README's set-up runs the script (the project's virtual environment, or sh)."""
    if script.suffix == ".sh":
        return ["sh", str(script.relative_to(ROOT))]
    return [sys.executable, str(script.relative_to(ROOT))]


def documented_command(script: Path) -> str:
    """The command the script's first lines must give."""
    if script.suffix == ".sh":
        return f"sh benchmarks/{script.name}"
    return f".venv/bin/python benchmarks/{script.name}"


@pytest.mark.parametrize("script", benchmarks(), ids=lambda script: script.name)
def test_the_benchmark_runs_in_its_smoke_mode(script: Path) -> None:
    finished = subprocess.run(
        [*command(script), "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=SMOKE_TIMEOUT_SECONDS,
        check=False,
    )
    said = f"stdout:\n{finished.stdout[-3000:]}\nstderr:\n{finished.stderr[-3000:]}"
    assert finished.returncode == 0, f"{script.name} --quick failed ({finished.returncode}):\n{said}"
    assert finished.stdout.strip(), f"{script.name} --quick printed no figure:\n{said}"


@pytest.mark.parametrize("script", benchmarks(), ids=lambda script: script.name)
def test_the_first_lines_give_the_command_and_its_smoke_mode(script: Path) -> None:
    """The command runs from a fresh clone once the README's set-up (./bin/test) has made .venv."""
    opening = "\n".join(script.read_text().splitlines()[:8])
    assert documented_command(script) in opening, f"{script.name}'s first lines do not say how to run it"
    assert "--quick" in opening, f"{script.name}'s first lines do not name its smoke mode"


def test_every_helper_is_run_by_its_benchmark() -> None:
    for helper, runner in HELPERS.items():
        assert (BENCHMARKS / helper).is_file(), f"benchmarks/{helper} is gone: take it out of HELPERS"
        assert Path(helper).stem in (BENCHMARKS / runner).read_text(), f"{runner} no longer runs {helper}"

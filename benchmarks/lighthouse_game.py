"""Make the finished 33-deal, 7-player Romanian game that benchmarks/lighthouse.sh measures; print its id.

    SCOREKEEPER_INSTANCE=DIR .venv/bin/python benchmarks/lighthouse_game.py DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

from scorekeeper import create_app

sys.path.insert(0, str(Path(__file__).parent))
from pages import build_game


def main() -> None:
    folder = sys.argv[1]
    app = create_app({"RATELIMIT_ENABLED": False}, instance_path=folder)
    print(build_game(app.test_client()))


if __name__ == "__main__":
    main()

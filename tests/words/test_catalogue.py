"""The catalogue template is kept in step with the code: extracting the messages again finds none
that the committed ``scorekeeper/translations/messages.pot`` lacks (run ``bin/extract-messages``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent.parent
COMMITTED = ROOT / "scorekeeper" / "translations" / "messages.pot"


def message_ids(path: Path) -> set[str | tuple[str, ...]]:
    with path.open("rb") as source:
        return {message.id for message in read_po(source) if message.id}


def test_every_message_the_code_has_is_in_the_committed_catalogue(tmp_path: Path) -> None:
    extracted = tmp_path / "messages.pot"
    subprocess.run(["sh", str(ROOT / "bin" / "extract-messages"), str(extracted)], check=True)
    missing = message_ids(extracted) - message_ids(COMMITTED)
    assert not missing, f"run bin/extract-messages: the catalogue lacks {sorted(map(str, missing))}"
    stale = message_ids(COMMITTED) - message_ids(extracted)
    assert not stale, f"run bin/extract-messages: the catalogue keeps {sorted(map(str, stale))}"

"""The marker of the English a variant declares for a reader: names, summaries, option labels and help.

The engine speaks in codes, but a variant's declaration holds some English of its own (its name,
its summary, the label and help of each option, the labels of its choices, its word for a deal).
``N_`` marks each such string where it is written, so that ``bin/extract-messages`` (``-k N_``)
puts it in the catalogue; it returns the string unchanged, so the engine and the JSON API keep the
English. The web layer translates a declared string where a page, a form or a PDF shows it
(``scorekeeper.words.declared``).
"""

from __future__ import annotations

from collections.abc import Callable

StandIn = Callable[[int], str]
"""Words the name of the player in seat (or place) ``number`` for a table nobody has sat at yet."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue; it is translated where a reader sees it."""
    return message


def english_stand_in(number: int) -> str:
    """The English stand-in name of player ``number``: "Player 1". The web layer gives its own, in the
    reader's language (``scorekeeper.words.stand_in``); the JSON API keeps this one."""
    return f"Player {number}"

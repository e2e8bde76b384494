"""A pseudo-locale for tests: every message of the catalogue template, accented, wrapped in
brackets and made about 40 % longer, so that a page read in it shows at a glance any English left
outside gettext (plain ASCII words) and any layout too tight for longer words.

Built from the committed ``scorekeeper/translations/messages.pot`` into a folder of the test's own;
Esperanto's code (``eo``) stands for it because Babel must know the locale, and the app offers no
Esperanto of its own.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

POT = Path(__file__).resolve().parent.parent / "scorekeeper" / "translations" / "messages.pot"
PSEUDO = "eo"
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçďéƒğĥíĵķľɱñöþʠřšţüṽŵẋýžÁƁÇĎÉƑĞĤÍĴĶĽṀÑÖÞǪŘŠŢÜṼŴẊÝŽ",
)
# Placeholders (%(name)s, %s, %%, {name}) and HTML entities pass through unchanged.
KEPT = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)[sd]|%[sd%]|\{[A-Za-z_]+\}|&[A-Za-z]+;|&#\d+;")


def pseudo(message: str) -> str:
    """``[Ďéàľéř ~~~]``: every letter accented, placeholders kept, about 40 % longer."""
    if not message:
        return message
    pieces: list[str] = []
    last = 0
    for kept in KEPT.finditer(message):
        pieces.append(message[last : kept.start()].translate(ACCENTED))
        pieces.append(kept.group(0))
        last = kept.end()
    pieces.append(message[last:].translate(ACCENTED))
    padding = "~" * max(1, round(len(message) * 0.4))
    return "[" + "".join(pieces) + " " + padding + "]"


def build(folder: Path, code: str = PSEUDO) -> Path:
    """Write the pseudo catalogue under ``folder`` as Flask-Babel reads it, as the catalogue of
    language ``code`` (``eo`` unless a test needs one of ours to have a catalogue); returns it."""
    with POT.open("rb") as source:
        template = read_po(source)
    catalogue = Catalog(locale=code, fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalogue.add(message.id, tuple(pseudo(form) for form in message.id), context=message.context)
        else:
            catalogue.add(message.id, pseudo(message.id), context=message.context)
    target = folder / code / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / "messages.mo").open("wb") as compiled:
        write_mo(compiled, catalogue)
    return folder

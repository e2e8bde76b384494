"""What a language's catalogue must be before it ships: complete, in step with the catalogue
template, every placeholder kept, every plural form written, compilable, and its glossary beside it.

Used by ``tests/words/test_translations.py`` in CI and by translators while they work::

    .venv/bin/python tests/catalogue_check.py ro        # the problems of the Romanian catalogue
"""

from __future__ import annotations

import re
import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parent.parent / "scorekeeper" / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"
TRANSLATED_LANGUAGES = ("ro", "de", "fr", "es", "it", "pt")
"""Every language the app is written for besides English, its source language."""

# What a translation must carry over unchanged: gettext's and str.format's placeholders.
PLACEHOLDER = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)[sd]|%[sd%]|\{[A-Za-z_][A-Za-z0-9_]*\}")


def catalogue_path(code: str) -> Path:
    """Where language ``code``'s catalogue is kept."""
    return TRANSLATIONS / code / "LC_MESSAGES" / "messages.po"


def glossary_path(code: str) -> Path:
    """Where language ``code``'s glossary of card words is kept, next to its catalogue."""
    return TRANSLATIONS / code / "GLOSSARY.md"


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def _forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _message_problems(source: Message, translated: Message, plurals: int) -> list[str]:
    label = repr(source.id[0] if isinstance(source.id, tuple) else source.id)[:90]
    if translated.fuzzy:
        return [f"{label}: marked fuzzy (check it and remove the flag)"]
    forms = _forms(translated)
    if isinstance(source.id, tuple) and len(forms) != plurals:
        return [f"{label}: {len(forms)} plural forms where the language has {plurals}"]
    problems = [f"{label}: not translated" for form in forms[:1] if not form.strip()]
    if problems or any(not form.strip() for form in forms):
        return problems or [f"{label}: a plural form is empty"]
    if isinstance(source.id, tuple):
        # The first form keeps what the singular has; the others what the plural has.
        singular, plural = set(_placeholders(source.id[0])), set(_placeholders(source.id[1]))
        if not singular <= set(_placeholders(forms[0])) <= singular | plural:
            problems.append(f"{label}: the first plural form's placeholders differ: {forms[0]!r}")
        problems.extend(
            f"{label}: a plural form's placeholders differ: {form!r}"
            for form in forms[1:]
            if set(_placeholders(form)) != plural
        )
    elif _placeholders(forms[0]) != _placeholders(source.id):
        problems.append(
            f"{label}: placeholders {_placeholders(source.id)} became {_placeholders(forms[0])}"
        )
    return problems


def problems(code: str) -> list[str]:
    """Everything wrong with language ``code``'s catalogue; empty when it may ship."""
    path = catalogue_path(code)
    if not path.is_file():
        return [f"{path} is missing"]
    found: list[str] = []
    if not glossary_path(code).is_file():
        found.append(f"{glossary_path(code)} is missing")
    template = _read(TEMPLATE)
    catalogue = _read(path, locale=code)
    if str(catalogue.locale) != code:
        found.append(f"the catalogue's language is {catalogue.locale}, not {code}")
    if catalogue.fuzzy:
        found.append("the catalogue's header is marked fuzzy: pybabel compile would skip it")
    for source in template:
        if not source.id:
            continue
        translated = catalogue.get(source.id, source.context)
        if translated is None:
            found.append(f"{source.id!r:.90}: missing (run pybabel update)")
            continue
        found.extend(_message_problems(source, translated, catalogue.num_plurals))
    known = {(message.id, message.context) for message in template if message.id}
    found.extend(
        f"{message.id!r:.90}: no longer in the template (run pybabel update)"
        for message in catalogue
        if message.id and (message.id, message.context) not in known
    )
    # pybabel compile's own checks (bin/setup runs it and stops on an error): a form that names a
    # placeholder its English form does not have, "%(deals)s" in the singular, fails there.
    found.extend(
        f"{message.id!r:.90}: pybabel compile refuses it: {error}"
        for message, errors in catalogue.check()
        for error in errors
    )
    try:
        write_mo(BytesIO(), catalogue)
    except Exception as error:  # any failure to compile is a problem to report
        found.append(f"does not compile: {error}")
    return found


def main(codes: list[str]) -> int:
    """Print each catalogue's problems; exit 1 when any has one."""
    failed = False
    for code in codes or list(TRANSLATED_LANGUAGES):
        found = problems(code)
        print(f"{code}: {len(found)} problem(s)")
        for problem in found:
            print(f"  {problem}")
        failed = failed or bool(found)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

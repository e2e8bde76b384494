"""A secret with its end changed, for the tests that a wrong key or link opens nothing."""

from __future__ import annotations


def tampered(secret: str, count: int = 1) -> str:
    """``secret`` with each of its last ``count`` characters replaced by another one: never ``secret``
    itself, as a fixed ending ("x", "0000") is whenever the random secret already ends so."""
    kept, changed = secret[:-count], secret[-count:]
    return kept + "".join("1" if character == "0" else "0" for character in changed)

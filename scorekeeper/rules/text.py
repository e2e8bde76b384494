"""What the engine has to say, as data: a stable code and its parameters, never a sentence.

The engine refuses an input, reminds the table of a rule, notes why a game goes
on or explains a deal's points; it says each as a :class:`Text` — a code such as
``"hook"`` and the parameters a sentence needs (``player="Peggy", forbidden=3,
cards=7``). The web layer (``scorekeeper.words``) turns a text into a sentence
in the reader's language, so no sentence is built here and every language is
worded the same way, at the edge.

Parameters hold what a sentence names: players' names (not seats), numbers,
codes (a trump "H", a bid kind "null"), the text of another refusal
(a nested :class:`Text`), or a tuple of them (the names in a list).
"""

from __future__ import annotations

from typing import TypeAlias

Param: TypeAlias = "str | int | bool | Text | tuple[Param, ...] | None"
"""One parameter of a text."""


class Text:
    """A code and its parameters: one thing the engine says, for the web layer to word.

    Immutable and hashable (equal texts say the same thing), so that texts can
    sit in cached facts and sets.
    """

    __slots__ = ("_hash", "code", "params")

    code: str
    params: dict[str, Param]
    _hash: int | None

    def __init__(self, code: str, /, **params: Param) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Text is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self.code == other.code and self.params == other.params

    def __hash__(self) -> int:
        found: int | None = self._hash
        if found is None:
            found = hash((self.code, tuple(sorted(self.params.items()))))
            object.__setattr__(self, "_hash", found)
        return found

    def __repr__(self) -> str:
        shown = ", ".join(f"{key}={value!r}" for key, value in self.params.items())
        return f"Text({self.code!r}{', ' if shown else ''}{shown})"

    def replace(self, **params: Param) -> Text:
        """The same text with some parameters changed."""
        return Text(self.code, **{**self.params, **params})

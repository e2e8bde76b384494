"""What the engine says, checked as it says it: a code and its parameters, never English.

The engine words nothing (the web layer does, in the reader's language), so its
tests name the refusal's ``code`` and ``params`` — what every translation is
worded from — rather than a sentence.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.text import Param, Text


@contextmanager
def refused(
    kind: type[RuleViolation] | tuple[type[RuleViolation], ...],
    expected: str | Text,
    /,
    **params: Param,
) -> Iterator[pytest.ExceptionInfo[RuleViolation]]:
    """Expect the block to raise ``kind`` saying ``expected``: a code and exactly these parameters,
    or a whole :class:`Text`."""
    text = expected if isinstance(expected, Text) else Text(expected, **params)
    with pytest.raises(kind) as caught:
        yield caught
    assert caught.value.text == text


def codes(texts: object) -> list[str]:
    """The codes of some texts, in order (for checks that only need which things were said)."""
    assert isinstance(texts, (list, tuple)), texts
    return [text.code for text in texts if isinstance(text, Text)]

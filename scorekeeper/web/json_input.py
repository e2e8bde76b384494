"""Reading JSON that anyone may send: an API body or an imported file.

Python's own parser is safe for what a game needs, but hostile shapes make it
raise errors that no view expects: nesting a thousand levels deep overflows its
recursion (RecursionError), a number of more than 4,300 digits is refused with
a bare ValueError, and a ``"\\ud800"`` escape gives a string that cannot be
written back as UTF-8 (a lone surrogate). Every such body is refused here, as
an ``UnreadableJson`` carrying what to tell the sender (a code the words word), before any
view sees it.

Every check is one pass, linear in the body: the parser itself (whose C code
counts its own nesting and raises RecursionError long before the stack runs
out), then one walk of the parsed value for its depth and its text. A check
run over the raw text with a regular expression could go back over the rest
of the body from every quote of a string that never closes: quadratic, in C
code that holds the interpreter's lock, so one hostile 100 KB body could stall
a worker for a minute.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ..rules import Param, Text

# No document of the app nests deeper than five levels (an imported file's
# deals → a deal → its bids → a bid); this leaves room.
MOST_DEPTH = 16


class UnreadableJson(ValueError):
    """A body that cannot be read as a game's JSON; ``text`` says why (a code and its parameters)."""

    def __init__(self, code: str, /, **params: Param) -> None:
        super().__init__(code)
        self.text = Text(code, **params)


class NotJson(UnreadableJson):
    """Not JSON at all (a syntax error, or bytes that are not text): callers say it in their words."""


def read_json(raw: bytes | str) -> Any:
    """The value the JSON in ``raw`` holds; raises UnreadableJson for anything a game cannot hold."""
    try:
        text = raw if isinstance(raw, str) else raw.decode(json.detect_encoding(raw))
    except UnicodeDecodeError:
        raise NotJson("json_not_utf8") from None
    try:
        value = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise NotJson("json_syntax", problem=error.msg, position=error.pos) from None
    except RecursionError:  # nested deeper than the parser goes: far deeper than MOST_DEPTH
        raise UnreadableJson("json_too_deep", most=MOST_DEPTH) from None
    _check_value(value)
    return value


def _whole_number(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:  # longer than Python converts (sys.get_int_max_str_digits)
        raise UnreadableJson("json_number_too_long", digits=sys.get_int_max_str_digits()) from None


def _no_constant(name: str) -> float:
    raise UnreadableJson("json_constant", name=name)


def _check_value(value: Any) -> None:
    """Refuse a value nested deeper than MOST_DEPTH, or any string (key or value) holding half of a
    surrogate pair (it is not text): one walk over the parsed value."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth >= MOST_DEPTH:
                raise UnreadableJson("json_too_deep", most=MOST_DEPTH)
            inside = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in inside)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                code = f"\\u{ord(item[error.start]):04x}"
                raise UnreadableJson("json_broken_character", character=code) from None

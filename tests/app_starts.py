"""Each web test starts an app of its own, a thousand times a run and again on PostgreSQL; a quarter
of a second of each start went into Werkzeug compiling, for every one of the app's 168 URL rules, two
URL builders: Python source generated from the rule, parsed and compiled. The code depends only on
the rule, so each test process compiles it once and every later app of that process shares it (the
builder reads the rule's converters from the rule it is bound to at each call, never from the one it
was compiled for). This changes no behaviour: the same function Werkzeug would compile, compiled once.
"""

from __future__ import annotations

from collections.abc import Callable

from werkzeug.routing.rules import Rule

_compile_builder = Rule._compile_builder
_BUILDERS: dict[tuple[object, ...], Callable[..., tuple[str, str]]] = {}


def _rule_key(rule: Rule, append_unknown: bool) -> tuple[object, ...]:
    """All that the builder's source is generated from."""
    assert rule.map is not None
    defaults = rule.defaults or {}
    constants = tuple(
        sorted(
            (key, repr(value), rule._converters[key].to_url(value) if key in rule._converters else None)
            for key, value in defaults.items()
        )
    )
    place = (rule.map.host_matching, rule.host, rule.subdomain, rule.merge_slashes)
    return (rule.rule, place, tuple(rule._trace), constants, append_unknown)


def _compile_builder_once(self: Rule, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
    key = _rule_key(self, append_unknown)
    builder = _BUILDERS.get(key)
    if builder is None:
        builder = _BUILDERS[key] = _compile_builder(self, append_unknown)
    return builder


def share_url_builders() -> None:
    """From now on, a URL rule's builders are compiled once per process (see the module's text)."""
    Rule._compile_builder = _compile_builder_once


"""The words of the app: every code the engine (and the web layer) says, turned into a sentence.

The engine speaks in codes (:class:`~scorekeeper.rules.text.Text`, and the
``code`` and ``params`` of every refusal); this package is the one place that
words them. Each area has its module (``refusals``, ``events``, ``oneonta``,
``facts``, ``judge``, ``explain``, ``drive``, ``web``), each a table of codes and
their templates, written for gettext: named placeholders, and plural forms
through ``ngettext`` where a number counts something.

From Python::

    from scorekeeper.words import Speaker, english
    english(refusal)                       # the English sentence, for a game that says "deal"
    Speaker(variant.deal_word)(text)       # for a game that says "hand"

From a template, through the filter and global the app factory registers
(``scorekeeper.web.wording``): ``{{ note|say }}``, ``{{ error|say }}``.
"""

from __future__ import annotations

from ..rules.errors import RuleViolation
from ..rules.options import OptionSpec, OptionValue
from ..rules.rulebook import OptionLine
from ..rules.text import Param, Text
from ..rules.variant import DEAL, DealWord
from . import (  # noqa: F401  (their words)
    corrections,
    drive,
    event_laws,
    events,
    explain,
    facts,
    judge,
    offline,
    oneonta,
    paper,
    paper_sheets,
    refusals,
    secrecy,
    tables,
    web,
)
from ._core import (
    CATALOGUE,
    DEAL_WORD_KEYS,
    DealWords,
    Phrase,
    Speaker,
    and_list,
    capitalised,
    clauses,
    deal_words,
    declared,
    gettext,
    in_sentence,
    labelled,
    names_list,
    ngettext,
    signed,
    stand_in,
    total,
    true_minus,
    use_locale,
    use_translations,
    whole,
)
from .cards import bid_kind, order_words, pair_words, trump_lower, trump_name, trump_sign
from .collation import collation_key, in_order

__all__ = [
    "CATALOGUE",
    "DEAL_WORD_KEYS",
    "DealWords",
    "Phrase",
    "Speaker",
    "and_list",
    "bid_kind",
    "capitalised",
    "clauses",
    "collation_key",
    "deal_words",
    "declared",
    "english",
    "gettext",
    "in_order",
    "in_sentence",
    "labelled",
    "names_list",
    "ngettext",
    "option_line",
    "option_value",
    "order_words",
    "pair_words",
    "params_json",
    "signed",
    "stand_in",
    "total",
    "true_minus",
    "trump_lower",
    "trump_name",
    "trump_sign",
    "use_locale",
    "use_translations",
    "whole",
]


def english(said: Text | RuleViolation | Param, deal_word: DealWord = DEAL) -> str:
    """The sentence for a text or a refusal, in a game whose players say ``deal_word``."""
    return Speaker(deal_word)(said)


def option_value(spec: OptionSpec, value: OptionValue) -> str:
    """How an option's value reads on a page: its choice's label, "on" or "off", the number."""
    if spec.kind == "bool":
        return gettext("on") if value else gettext("off")
    if spec.kind == "choice":
        return declared(spec.choice_label(value))
    return str(value)


def option_line(line: OptionLine) -> dict[str, object]:
    """One option of a rules page in words: label, help, choices, default and value."""
    spec = line.spec
    if spec.kind == "choice":
        choices = tuple(option_value(spec, choice) for choice in spec.choices)
    elif spec.kind == "bool":
        choices = (gettext("on"), gettext("off"))
    else:
        low, high = line.bounds
        choices = (gettext("%(low)s to %(high)s") % {"low": low, "high": high},)
    return {
        "name": spec.name,
        "label": declared(spec.label),
        "help": declared(spec.help),
        "choices": choices,
        "default": option_value(spec, line.default),
        "value": option_value(spec, line.value),
    }


def params_json(params: dict[str, Param]) -> dict[str, object]:
    """A refusal's parameters as JSON: a nested text as ``{"code", "params"}``, a tuple as a list."""
    return {key: _param_json(value) for key, value in params.items()}


def _param_json(value: Param) -> object:
    if isinstance(value, Text):
        return {"code": value.code, "params": params_json(value.params)}
    if isinstance(value, tuple):
        return [_param_json(item) for item in value]
    return value

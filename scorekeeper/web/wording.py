"""The words in the web layer: what a request's pages, API answers and files say, through
``scorekeeper.words``.

A game's texts are worded with its variant's word for a deal: loading a game
(``store.game_of``) or a variant's page (``use_variant``) sets it for the
request. Templates word any engine text with the ``say`` filter (also a
global): ``{{ note|say }}``, ``{{ error|say }}``, ``{{ choice.reason|say }}``,
``{{ call|say }}`` for a Bid Whist call or an Oneonta bid, ``{{ suit|say }}``
for a trump. Views call :func:`say` the same way.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, has_app_context

from .. import words
from ..rules import RuleViolation, Text, Trump, Variant
from ..rules.variant import DEAL, DealWord


class Worded(dict[Any, str]):
    """Words for codes, marked for the catalogue (``N_``) where they are written and read in the
    reader's language: ``LABELS[code]`` (in a view or a template) and ``LABELS.get(code, …)`` are
    translated."""

    def __getitem__(self, key: Any) -> str:
        return words.gettext(super().__getitem__(key))

    def get(self, key: Any, default: Any = None) -> Any:  # type: ignore[override]
        try:
            return self[key]
        except KeyError:
            return default


_DEAL_WORD = "scorekeeper_deal_word"


def use_variant(variant: Variant) -> None:
    """Word this request's texts for ``variant`` (its word for a deal)."""
    setattr(g, _DEAL_WORD, variant.deal_word)


def deal_word() -> DealWord:
    """The word for a deal in this request's texts: the game's or variant's set, else "deal"."""
    if not has_app_context():
        return DEAL
    found: DealWord = g.get(_DEAL_WORD, DEAL)
    return found


def say(said: Any, variant: Variant | None = None) -> str:
    """The sentence for an engine text, a refusal, a call or bid (anything with ``said``) or a trump;
    plain text as it is; nothing for None. ``variant`` words it for another game than this request's."""
    if said is None:
        return ""
    if isinstance(said, Trump):
        return words.trump_name(said)
    if not isinstance(said, (Text, RuleViolation, str, int, tuple)) and hasattr(said, "said"):
        said = said.said
    speaker = words.Speaker(variant.deal_word if variant is not None else deal_word())
    return speaker(said)


def refusal_json(refused: RuleViolation) -> dict[str, Any]:
    """A refusal as the API answers it: the sentence, the field at fault, the code and its parameters
    (and the seat at fault, when one player's input is)."""
    body: dict[str, Any] = {"error": say(refused)}
    if refused.field is not None:
        body["field"] = refused.field
    body["code"] = refused.code
    body["params"] = words.params_json(refused.params)
    if refused.seat is not None:
        body["seat"] = refused.seat
    return body


def init_wording(app: Flask) -> None:
    """Make ``say`` a filter and a global of the templates, with the option words."""
    app.jinja_env.filters["say"] = say
    app.jinja_env.globals["say"] = say
    app.jinja_env.globals["option_value"] = words.option_value

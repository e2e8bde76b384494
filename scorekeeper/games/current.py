"""The game this request works on: its variant's word for a deal ("hand" in Bid Whist).

Loading a game (``store.game_of``) or a variant's page sets it; the web layer's
words (``web/wording.py``) read it, so every text of the request names a deal as
that game does. It lives with the games' store, which sets it, rather than in the
web layer, so that the store imports nothing of the web.
"""

from __future__ import annotations

from flask import g, has_app_context

from ..rules import Variant
from ..rules.variant import DEAL, DealWord

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

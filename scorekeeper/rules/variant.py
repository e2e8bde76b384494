"""The declaration every variant makes, and the engine protocol it points at.

A variant is frozen, keyword-only data: its names, the players it allows, its
options, and the engine of its family configured with small functions. Pages,
forms, the API and the PDF read this declaration; none of them branches on a
variant's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .declared import N_
from .options import OptionSpec
from .tricks import Ranking, standard_ranking

if TYPE_CHECKING:
    from .constraints import Foresight
    from .explain import Explainer
    from .outlook.race import Race
    from .state import DealFacts, GameState
    from .table import Table
    from .text import Text
    from .walk import TableLaws


class Engine(Protocol):
    """How a family of games turns a table and its recorded inputs into state.

    ``input_kind`` names the kind of entry the family records, so a page can
    choose the form that fits ("exact_bids", ...) without knowing the variant.
    ``laws`` says what the family's own laws allow of the table events.
    """

    @property
    def laws(self) -> TableLaws:
        """What the family's laws say about players joining, leaving, sitting out, misdeals."""
        ...

    @property
    def input_kind(self) -> str:
        """The kind of per-deal entry this family records."""
        ...

    def replay(self, table: Table, log: Sequence[object]) -> GameState:
        """Check every deal entry and table event of the log against the rules; derive the state."""
        ...

    def deal_count(self, table: Table) -> int | None:
        """How many deals a game lasts, or None when it ends on a score."""
        ...

    def describe_deck(self, table: Table) -> Text:
        """The pack the table needs (a text: 32 cards, 7 to ace of each suit)."""
        ...

    def read_entry(self, number: int, data: Mapping[str, object]) -> object:
        """Turn a deal's inputs as JSON-like data (API body, stored row, test file)
        into the family's entry; raise a RuleViolation for a wrong shape or type."""
        ...

    def write_entry(self, entry: object) -> dict[str, object]:
        """The JSON-like data ``read_entry`` reads back into the same entry."""
        ...

    def foresee(self, table: Table, state: GameState, count: int) -> Foresight:
        """The deal due and those after it (``count`` at most) whose facts the rules decide in
        advance, each with the rules of its entry as declared data (constraints.py); or why none."""
        ...

    def race(self, table: Table, state: GameState) -> Race | None:
        """What the game has left to race for (outlook/race.py): the totals, who still scores and
        what each deal left can score; None where the players do not race each other (one player
        against the game, or the whole table as one team)."""
        ...


@dataclass(frozen=True, kw_only=True, slots=True)
class DealWord:
    """What a game's players call one deal ("deal", or "hand" in Bid Whist), in every form a page needs.

    The English words are the declaration (marked ``N_`` for the catalogue); the web layer words
    them in the reader's language (``words.deal_words``: every form, and "3 deals" with the plural
    the language takes) and puts them in every sentence that speaks of a deal (``%(deal)s``).
    """

    singular: str
    plural: str

    @property
    def title(self) -> str:
        """The word starting a sentence or heading: "Deal", "Hand"."""
        return self.singular[:1].upper() + self.singular[1:]

    @property
    def titles(self) -> str:
        """The plural starting a sentence or heading: "Deals", "Hands"."""
        return self.plural[:1].upper() + self.plural[1:]


DEAL = DealWord(singular=N_("deal"), plural=N_("deals"))
HAND = DealWord(singular=N_("hand"), plural=N_("hands"))


@dataclass(frozen=True, kw_only=True, eq=False)
class Variant:
    """One game the app keeps score for, declared once."""

    code: str
    name: str
    family: str
    # The club ladder its games are rated on ("oh_hell", "romanian", "whist"; see rules.club.LADDERS).
    ladder: str
    summary: str
    min_players: int
    max_players: int
    engine: Engine
    # How the family's points are explained, with worked examples and the end of a game.
    explainer: Explainer
    options: tuple[OptionSpec, ...] = ()
    aliases: tuple[str, ...] = ()
    check_table: Callable[[Table], None] | None = None
    # How tricks are won (deck, cards a trick, Jokers, trumps, rank orders) for the trick
    # judge; given a deal's facts when judging that deal, None for the table as a whole.
    ranking: Callable[[Table, DealFacts | None], Ranking] = standard_ranking
    # What the players call one deal; every page, the PDF and the texts say it this way.
    deal_word: DealWord = DEAL

    def option(self, name: str) -> OptionSpec:
        """The declaration of one option by name."""
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def __repr__(self) -> str:
        return f"<Variant {self.code}>"

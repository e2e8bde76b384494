"""The machinery of the words: the catalogue of codes, phrases, and the speaker that words a text.

A code's wording is a :class:`Phrase` (a template with named placeholders,
plural-aware through ``count``) or a small function for sentences that choose
between templates. Templates go through ``gettext``/``ngettext`` when they are
used, so that a translation catalogue can stand in for the English ones; until
then both return the English template. Placeholders are ``%(name)s``, named
after the text's parameters, plus ``%(deal)s``, ``%(Deal)s``, ``%(deals)s`` and
``%(Deals)s``: the game's own word for a deal ("hand" in Bid Whist).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from babel.numbers import format_decimal

from ..rules.declared import N_ as N_  # the web layer marks its own words with the same marker
from ..rules.errors import RuleViolation
from ..rules.text import Param, Text
from ..rules.variant import DEAL, DealWord

Params = Mapping[str, Param]
Wording = Callable[["Speaker", Params], str]
"""How one code is worded: from the speaker (nested texts, the deal word) and the parameters."""
DEAL_WORD_KEYS = ("deal", "Deal", "deals", "Deals")
DECLARED_PARAMS = frozenset({"variant"})
"""Parameters that hold a variant's declared English (its name), translated where a sentence uses them."""


Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


_translations: list[tuple[Translate, TranslatePlural]] = [(_english, _english_plural)]


def use_translations(translate: Translate, translate_plural: TranslatePlural) -> None:
    """Look every template up through these (the web layer's gettext and ngettext, which follow the
    reader's language); without them the templates are the English ones."""
    _translations[0] = (translate, translate_plural)


_locale: list[Callable[[], str]] = [lambda: "en"]


def use_locale(locale: Callable[[], str]) -> None:
    """Format numbers for the locale this gives (the web layer's: the reader's language); without
    it, for English."""
    _locale[0] = locale


def whole(number: int) -> str:
    """A whole number as the reader's locale writes it: "12,500" in English, "12.500" in German; below
    zero with the true minus sign ("−1,250")."""
    return true_minus(format_decimal(number, locale=_locale[0]()))


# Languages that write every noun with a capital: a label ("Revoke", "Trumpf aufdecken") set inside a
# sentence keeps its first letter as written there.
_NOUNS_CAPITALISED = frozenset({"de"})


def in_sentence(label: str) -> str:
    """A label or heading ("Revoke", "Deal 3", "Spades") as it reads inside a sentence: its first
    letter in lower case ("the revoke"), except in a language whose nouns keep their capitals."""
    if _locale[0]().split("_")[0] in _NOUNS_CAPITALISED:
        return label
    return label[:1].lower() + label[1:]


def gettext(message: str) -> str:
    """The template in the reader's language (the English template where no catalogue has it)."""
    return _translations[0][0](message)


def ngettext(singular: str, plural: str, number: int) -> str:
    """The singular or plural template for ``number``, in the reader's language."""
    return _translations[0][1](singular, plural, number)


def declared(text: str) -> str:
    """What a variant declares for a reader (its name, summary, an option's label or help, a choice's
    label, a family's name; marked ``N_`` where written) in the reader's language."""
    return gettext(text) if text else text


@dataclass(frozen=True, slots=True)
class DealWords:
    """A game's word for a deal in the reader's language, in every form a page needs."""

    english: DealWord
    singular: str
    plural: str

    @property
    def title(self) -> str:
        """The word starting a sentence or heading: "Deal", "Hand"."""
        return capitalised(self.singular)

    @property
    def titles(self) -> str:
        """The plural starting a sentence or heading: "Deals", "Hands"."""
        return capitalised(self.plural)

    def count(self, number: int) -> str:
        """ "1 deal", "3 deals": in the plural form the reader's language takes for ``number``."""
        counted = _DEAL_COUNTS.get(self.english.singular)
        if counted is None:
            return f"{number} {self.singular if number == 1 else self.plural}"
        return counted(number) % {"number": number}


_DEAL_COUNTS: dict[str, Callable[[int], str]] = {
    "deal": lambda number: ngettext("%(number)s deal", "%(number)s deals", number),
    "hand": lambda number: ngettext("%(number)s hand", "%(number)s hands", number),
}


def stand_in(number: int) -> str:
    """The name of player ``number`` at a table nobody has sat at yet ("Player 1"), in the reader's
    language: the engine's stand-in names (``rules.declared.StandIn``) as a page words them."""
    return gettext("Player %(number)s") % {"number": number}


def capitalised(word: str) -> str:
    """``word`` (a label, a sentence) with its first letter in capitals and every other as written: "Die
    niedrigste Summe", never Python's ``str.capitalize`` "Die niedrigste summe", which lower-cases the
    rest (a German noun, a name). A translation may open with a sign: "¡", "[".
    """
    for index, char in enumerate(word):
        if char.isalpha():
            return word[:index] + char.upper() + word[index + 1 :]
    return word


def deal_words(word: DealWord) -> DealWords:
    """A game's word for a deal ("deal", "hand" in Bid Whist) in the reader's language."""
    return DealWords(english=word, singular=declared(word.singular), plural=declared(word.plural))


@dataclass(frozen=True, slots=True)
class Phrase:
    """A template with named placeholders; with ``plural``, chosen by the number in ``count``."""

    singular: str
    plural: str | None = None
    count: str | None = None

    def __call__(self, speaker: Speaker, params: Params, /) -> str:
        if not self.singular:
            return ""  # gettext("") is the catalogue's header, never an empty message
        if self.plural is None or self.count is None:
            template = gettext(self.singular)
        else:
            # The form follows the number's size, as CLDR's plural rules do: "−1 point", and in Romanian
            # "−20 de puncte" (gettext's formula would read −1 % 100 as 99).
            template = ngettext(self.singular, self.plural, abs(_number(params[self.count])))
        return template % speaker.fill(params)


def say(template: str) -> Phrase:
    """A phrase with one form."""
    return Phrase(template)


def say_n(singular: str, plural: str, count: str) -> Phrase:
    """A phrase whose form follows the number in parameter ``count`` (card/cards)."""
    return Phrase(singular, plural, count)


CATALOGUE: dict[str, Wording] = {}


def words(entries: Mapping[str, Wording]) -> None:
    """Add the wordings of some codes to the catalogue; a code is worded in one place only."""
    for code, wording in entries.items():
        if code in CATALOGUE:
            raise RuntimeError(f"the code {code!r} is worded twice")
        CATALOGUE[code] = wording


def worded(code: str) -> Callable[[Wording], Wording]:
    """Decorator: the function words ``code``."""

    def store(function: Wording) -> Wording:
        words({code: function})
        return function

    return store


class Speaker:
    """Words texts for one game: its word for a deal fills ``%(deal)s`` and the like."""

    __slots__ = ("deal_word",)

    def __init__(self, deal_word: DealWord = DEAL) -> None:
        self.deal_word = deal_word

    def __call__(self, said: Text | RuleViolation | Param | None) -> str:
        """The sentence for a text or a refusal; plain data (a name, a number) as it is."""
        if isinstance(said, RuleViolation):
            said = said.text
        if isinstance(said, Text):
            try:
                wording = CATALOGUE[said.code]
            except KeyError:
                raise LookupError(f"no words for the code {said.code!r}") from None
            return wording(self, said.params)
        if said is None:
            return ""
        if isinstance(said, tuple):
            return names_list(self(item) for item in said)
        if isinstance(said, int) and not isinstance(said, bool):
            return total(said)
        return str(said)

    def fill(self, params: Params) -> dict[str, object]:
        """The values of a template's placeholders: nested texts worded, lists of names joined."""
        word = deal_words(self.deal_word)
        values: dict[str, object] = {
            "deal": word.singular,
            "Deal": word.title,
            "deals": word.plural,
            "Deals": word.titles,
        }
        for key, value in params.items():
            if isinstance(value, (Text, tuple)):
                values[key] = self(value)
            elif key in DECLARED_PARAMS and isinstance(value, str):
                values[key] = declared(value)
            elif isinstance(value, int) and not isinstance(value, bool) and value < 0:
                values[key] = total(value)  # "−3": the true minus sign, never a hyphen
            else:
                values[key] = value
        return values


def _number(value: Param) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a plural needs a whole number, not {value!r}")
    return value


# --- small pieces many sentences share -------------------------------------------------------


def names_list(names: Iterable[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def and_list(names: Iterable[str]) -> str:
    """ "Ann and Bob and Cy": every name joined by "and"."""
    return gettext(" and ").join(names)


MINUS = "\N{MINUS SIGN}"
"""The one sign a negative number is written with, on every page, chart and PDF (never a hyphen)."""


def signed(points: int) -> str:
    """Points as the sheet prints them, with a real minus sign: "+8", "−2", "0". The one helper for a
    number shown with its sign (a deal's points, a change, an adjustment, a swing)."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


def total(points: int) -> str:
    """A total as the sheet prints it, with the same real minus sign as ``signed``: "8", "−2", "0"."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def true_minus(number: str) -> str:
    """A number as a formatter wrote it ("-0.07", "-1,250") with its leading hyphen-minus made the
    true minus sign ("−0.07"): for what a locale's formatter writes."""
    return MINUS + number[1:] if number.startswith("-") else number


def labelled(label: str, value: object) -> str:
    """ "Play to: 5": a label and its value joined as the reader's language punctuates them (French
    sets a non-breaking space before the colon), never with a colon written in code."""
    return gettext("%(label)s: %(value)s") % {"label": label, "value": value}


def clauses(parts: Iterable[str]) -> str:
    """The clauses of one explanation joined by semicolons, as the reader's language punctuates
    them ("= +2; +2 for the deal"; French sets a non-breaking space before each semicolon)."""
    items = list(parts)
    text = items[0] if items else ""
    for part in items[1:]:
        text = gettext("%(before)s; %(after)s") % {"before": text, "after": part}
    return text


def names_param(value: Param) -> tuple[str, ...]:
    """A parameter holding a list of names, as strings."""
    assert isinstance(value, tuple), value
    return tuple(str(item) for item in value)


def number_param(value: Param) -> int:
    """A parameter holding a whole number."""
    return _number(value)

"""From what each box of a photographed sheet seems to hold to the values the table wrote.

The reader (``scorekeeper.paper``) gives each box the chance that it was left empty and, if not,
the chance of each digit. A value is read from its boxes as the most likely of the values it may
hold (0 to the field's ``most``, or nothing written): one digit written in either box of two is that
digit; two digits are tens and units. Its confidence is that value's share of the chances of every
value it may hold, and a value is doubted (``doubt``) when that share is low, when the boxes looked
most like a value the field cannot hold, or when a box holds a faint mark that may or may not be a
digit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..text import Text
from .sheet import Field

# Below this confidence a value is doubted and shown open on the confirm screen.
DOUBTED_BELOW = 0.90
# A box whose chance of being empty lies between these is a faint mark: doubted whatever it reads.
FAINT = (0.15, 0.85)


@dataclass(frozen=True, slots=True)
class BoxRead:
    """What one box seems to hold: the chance it is empty, and each digit's chance if it is not
    (``digits``: ten chances that add up to 1)."""

    empty: float
    digits: tuple[float, ...]

    def chance(self, digit: int | None) -> float:
        """The chance the box holds ``digit`` (None: nothing)."""
        if digit is None:
            return self.empty
        return (1.0 - self.empty) * self.digits[digit]


@dataclass(frozen=True, slots=True)
class ValueRead:
    """A field's value as read: ``value`` (None: nothing written), its confidence, and why it is
    doubted, if it is."""

    key: str
    value: int | None
    confidence: float
    doubt: Text | None

    @property
    def doubted(self) -> bool:
        """True when the confirm screen should ask about it."""
        return self.doubt is not None


def value_chance(value: int | None, boxes: Sequence[BoxRead]) -> float:
    """The chance that ``boxes`` hold ``value`` written the way a hand writes it: right-aligned, or
    (a single digit) in any one box with the others empty."""
    if value is None:
        chance = 1.0
        for box in boxes:
            chance *= box.empty
        return chance
    digits = [int(char) for char in str(value)]
    if len(digits) > len(boxes):
        return 0.0
    best = 0.0
    spare = len(boxes) - len(digits)
    for start in range(spare + 1) if len(digits) == 1 else (spare,):
        chance = 1.0
        for index, box in enumerate(boxes):
            written = digits[index - start] if start <= index < start + len(digits) else None
            chance *= box.chance(written)
        best = max(best, chance)
    return best


def read_value(field: Field, boxes: Sequence[BoxRead]) -> ValueRead:
    """The most likely value of ``field`` given what its boxes seem to hold."""
    allowed: list[int | None] = [None, *range(field.most + 1)]
    chances = {value: value_chance(value, boxes) for value in allowed}
    total = sum(chances.values())
    best = max(allowed, key=lambda value: chances[value])
    confidence = chances[best] / total if total > 0 else 0.0
    anywhere = max(
        [None, *range(10 ** len(boxes))], key=lambda value: value_chance(value, boxes)
    )  # what the boxes look like, whatever the rules allow
    doubt = None
    if total <= 0 or (anywhere != best and anywhere is not None and anywhere > field.most):
        doubt = Text("paper_doubt_range", most=field.most)
    elif any(FAINT[0] < box.empty < FAINT[1] for box in boxes):
        doubt = Text("paper_doubt_faint")
    elif confidence < DOUBTED_BELOW:
        doubt = Text("paper_doubt_unsure")
    return ValueRead(key=field.key, value=best, confidence=round(confidence, 4), doubt=doubt)

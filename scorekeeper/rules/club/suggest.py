"""Names that may be one person ("Cristi" and "Cristian", "Ann B." and "Ann Baker"), for a club's
organiser to link: a suggestion only, the organiser decides (two who sat at one game are never one,
and the store leaves those out).

Two names look alike when, compared as the engine compares names (case and accents as typed, spaces
made single), one is the start of the other and both keep at least three letters ("Cristi",
"Cristian"); or their first words agree and each later word of the shorter starts a later word of
the longer ("Ann B.", "Ann Baker"); or two neighbouring letters were swapped in a name of four
letters or more ("Jonh", "John"), or one mistyped in a name of five or more ("Cristina",
"Crystina"; "Mary" and "Mark" are two names). Names differing in a number ("Table 1",
"Table 2") are told apart by it. Names are compared within groups of the same first letter, so a
club of two thousand members compares a few hundred thousand pairs at most.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..table import same_name_key

SHORTEST = 3
"""Letters a shorter name must keep to be taken for the start of a longer one."""
SLIP_FROM = 4
"""Letters a name must have for two swapped letters to be taken for a slip (one more for a letter
typed for another)."""


def looks_like(first: str, second: str) -> bool:
    """Whether two names may be one person's (see the module's rules)."""
    one, two = _key(first), _key(second)
    if one == two or not one or not two:
        return False
    shorter, longer = sorted((one, two), key=len)
    if len(shorter) >= SHORTEST and longer.startswith(shorter):
        return True
    if _initialled(shorter.split(), longer.split()):
        return True
    return _one_slip(one, two)


def alike_pairs(names: Mapping[int, str], *, most: int = 20) -> list[tuple[int, int]]:
    """Pairs of members (by id, the lower first) whose names look alike, at most ``most``, in order
    of their names."""
    groups: dict[str, list[tuple[str, int]]] = {}
    for member, name in names.items():
        key = _key(name)
        if key:
            groups.setdefault(key[0], []).append((key, member))
    found: list[tuple[str, str, int, int]] = []
    for group in groups.values():
        group.sort()
        for index, (one, first) in enumerate(group):
            for two, second in group[index + 1 :]:
                if looks_like(names[first], names[second]):
                    low, high = sorted((first, second))
                    found.append((one, two, low, high))
    found.sort()
    return [(low, high) for _one, _two, low, high in found[:most]]


def _key(name: str) -> str:
    return " ".join(same_name_key(name).replace(".", " ").split())


def _initialled(short: list[str], long: list[str]) -> bool:
    """ "ann b" and "ann baker": the same first word, each later word of the shorter the start of the
    longer's word in its place."""
    if len(short) < 2 or len(short) != len(long) or short[0] != long[0]:
        return False
    return all(whole.startswith(word) for word, whole in zip(short[1:], long[1:], strict=True))


def _one_slip(one: str, two: str) -> bool:
    """One letter typed for another, or two neighbours swapped, in names of SLIP_FROM letters or more
    (a digit differing is no slip: "Member 1", "Member 2")."""
    if len(one) != len(two) or len(one) < SLIP_FROM:
        return False
    differ = [index for index, (a, b) in enumerate(zip(one, two, strict=True)) if a != b]
    if any(one[index].isdigit() or two[index].isdigit() for index in differ):
        return False
    if len(differ) == 1:
        return len(one) > SLIP_FROM  # "Mary" and "Mark" are two names; "Cristina", "Crystina" one
    first, second = differ[0], differ[-1]
    swapped = one[first] == two[second] and one[second] == two[first]
    return len(differ) == 2 and second == first + 1 and swapped

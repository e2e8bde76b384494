"""Names that may be one person ("Cristi" and "Cristian", "Ann B." and "Ann Baker"), for a club's
organiser to link: a suggestion only, the organiser decides (two who sat at one game are never one,
and the store leaves those out).

Two names look alike when, compared as the engine compares names (case and accents as typed, spaces
made single), one is the start of the other and both keep at least three letters ("Cristi",
"Cristian"); or their first words agree and each later word of the shorter starts a later word of
the longer ("Ann B.", "Ann Baker"); or two neighbouring letters were swapped in a name of four
letters or more ("Jonh", "John"), or one mistyped in a name of five or more ("Cristina",
"Crystina"; "Mary" and "Mark" are two names). Names differing in a number ("Table 1",
"Table 2") are told apart by it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..table import same_name_key

SHORTEST = 3
"""Letters a shorter name must keep to be taken for the start of a longer one."""
MOST_WORDS = 4
"""Words a name may have for its shortenings to be looked for ("Ann B." of "Ann Baker")."""
SLIP_FROM = 4
"""Letters a name must have for two swapped letters to be taken for a slip (one more for a letter
typed for another)."""


def looks_like(first: str, second: str) -> bool:
    """Whether two names may be one person's (see the module's rules)."""
    return _keys_alike(_key(first), _key(second))


def _keys_alike(one: str, two: str) -> bool:
    """``looks_like`` of two names already made keys."""
    if one == two or not one or not two:
        return False
    shorter, longer = sorted((one, two), key=len)
    if len(shorter) >= SHORTEST and longer.startswith(shorter) and _cuttable(longer, len(shorter)):
        return True
    if _initialled(shorter.split(), longer.split()):
        return True
    return _one_slip(one, two)


def alike_pairs(names: Mapping[int, str], *, most: int = 20) -> list[tuple[int, int]]:
    """Pairs of members (by id, the lower first) whose names look alike, at most ``most``, in order
    of their names. Found through indexes rather than by comparing every pair (a club of two
    thousand members would be two million comparisons): each name's starts and shortened words, its
    letters one at a time left out, its neighbours swapped."""
    by_key: dict[str, list[int]] = {}
    for member, name in names.items():
        key = _key(name)
        if key:
            by_key.setdefault(key, []).append(member)
    candidates: set[tuple[str, str]] = set()
    holes: dict[str, list[str]] = {}  # one letter left out: two names sharing a hole differ there only
    for key in by_key:
        shorter = {key[:end] for end in range(SHORTEST, len(key)) if _cuttable(key, end)}
        shorter |= _shortened_words(key)
        for index in range(len(key) - 1):  # two neighbours swapped
            shorter.add(key[:index] + key[index + 1] + key[index] + key[index + 2 :])
        candidates.update(_pair(other, key) for other in shorter if other != key and other in by_key)
        for index in range(len(key)):
            if not key[index].isdigit():  # a digit typed for another is another number: no slip
                holes.setdefault(key[:index] + "\0" + key[index + 1 :], []).append(key)
    for group in holes.values():
        candidates.update(_pair(one, two) for index, one in enumerate(group) for two in group[index + 1 :])
    found = sorted(
        (one, two, min(first, second), max(first, second))
        for one, two in candidates
        if _keys_alike(one, two)
        for first in by_key[one]
        for second in by_key[two]
    )
    return [(low, high) for _one, _two, low, high in found[:most]]


def _pair(one: str, two: str) -> tuple[str, str]:
    return (one, two) if one <= two else (two, one)


def _cuttable(text: str, end: int) -> bool:
    """Whether ``text`` cut at ``end`` is a shortening of it, not another number ("1" of "10")."""
    return not (text[end - 1].isdigit() and text[end].isdigit())


def _shortened_words(key: str) -> set[str]:
    """The key with its later words shortened every way ("ann b", "ann ba"… of "ann baker")."""
    words = key.split()
    if len(words) < 2 or len(words) > MOST_WORDS:
        return set()
    found = {words[0]}
    for word in words[1:]:
        cuts = [word[:end] for end in range(1, len(word) + 1) if end == len(word) or _cuttable(word, end)]
        found = {f"{start} {cut}" for start in found for cut in cuts}
    return found


def _key(name: str) -> str:
    return " ".join(same_name_key(name).replace(".", " ").split())


def _initialled(short: list[str], long: list[str]) -> bool:
    """ "ann b" and "ann baker": the same first word, each later word of the shorter the start of the
    longer's word in its place."""
    if len(short) < 2 or len(short) != len(long) or short[0] != long[0]:
        return False
    pairs = zip(short[1:], long[1:], strict=True)
    return all(
        whole.startswith(word) and (word == whole or _cuttable(whole, len(word))) for word, whole in pairs
    )


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

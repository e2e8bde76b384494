"""Players' names as a narrow column shows them: the standings strip and the deal screen's columns
abbreviate them the same way, so "Ana" is the same player everywhere the game shows her."""

from __future__ import annotations


def short_names(names: list[str], shortest: int = 3, longest: int = 4) -> list[str]:
    """Names short enough for a narrow column, still telling everyone apart.

    A name of at most ``longest`` letters stays whole; a longer one is cut to the
    shortest beginning (from ``shortest`` letters) that no other name shares; a
    partnership ("Ann & Cy") goes by its players' initials ("A&C").
    """
    shown = []
    for name in names:
        if " & " in name:
            shown.append("&".join(part.strip()[:1] for part in name.split(" & ")))
            continue
        if len(name) <= longest:
            shown.append(name)
            continue
        others = [other.lower() for other in names if other != name]
        size = shortest
        while size < len(name) and any(other.startswith(name[:size].lower()) for other in others):
            size += 1
        shown.append(name[:size])
    return shown

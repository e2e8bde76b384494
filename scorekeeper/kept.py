"""Things kept per game version: a version of a game always replays and renders the same.

A score sheet is read far more often than its game changes (every phone at
the table, the live view, a tournament's wall), and replaying a game and
rendering a long grid are the costliest parts of a request. What is kept is
keyed by the game's id and version (plus whatever else the page depends on),
so a change, which raises the version, can never be answered from an old copy.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

Kept = TypeVar("Kept")


class KeptByVersion(Generic[Kept]):
    """A small least-recently-used store, safe across a worker's threads."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Kept | None:
        """The item kept under ``key``, if any."""
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
            return item

    def put(self, key: Hashable, item: Kept) -> None:
        """Keep ``item``; the least recently used item goes when the store is full."""
        with self._lock:
            self._items[key] = item
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget every kept item."""
        with self._lock:
            self._items.clear()

"""Rendered pages kept per game version: a version of a game always renders the same page.

A score sheet is read far more often than its game changes (every phone at
the table, the live view, a tournament's wall), and rendering a long grid is
the costliest part of a request. A page is kept only when nothing in it is
particular to the visitor beyond what the key names.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class RenderedPages:
    """A small least-recently-used store of rendered pages, safe across a worker's threads."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._pages: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> str | None:
        """The page kept under ``key``, if any."""
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: Hashable, page: str) -> None:
        """Keep ``page``; the least recently used page goes when the store is full."""
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > self._size:
                self._pages.popitem(last=False)

    def clear(self) -> None:
        """Forget every kept page."""
        with self._lock:
            self._pages.clear()

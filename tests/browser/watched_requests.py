"""The requests a page makes while it is watched, for a test to say what was under way when an answer it
waited for never came (a save on a loaded machine once had none within 30 s)."""

from __future__ import annotations

import time

from playwright.sync_api import Page, Request


class WatchedRequests:
    """The requests a page makes while watched, and which of them are still under way (what to look at
    when a save had no answer)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.started = time.monotonic()
        self.seen: list[str] = []
        self.open: dict[Request, str] = {}
        page.on("request", self._request)
        page.on("requestfinished", self._finished)
        page.on("requestfailed", self._failed)

    def _when(self) -> str:
        return f"{time.monotonic() - self.started:.1f} s"

    def _request(self, request: Request) -> None:
        self.open[request] = f"{request.method} {request.url.split('//', 1)[-1]} at {self._when()}"

    def _finished(self, request: Request) -> None:
        self.seen.append(f"{self.open.pop(request, request.url)}, done at {self._when()}")

    def _failed(self, request: Request) -> None:
        said = self.open.pop(request, request.url)
        self.seen.append(f"{said}, FAILED at {self._when()}: {request.failure}")

    def stop(self) -> None:
        """Stop watching (what was seen is kept)."""
        self.page.remove_listener("request", self._request)
        self.page.remove_listener("requestfinished", self._finished)
        self.page.remove_listener("requestfailed", self._failed)

    def __str__(self) -> str:
        return f"finished: {self.seen[-15:]}; under way: {list(self.open.values())}"

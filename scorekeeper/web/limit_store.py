"""Where the request limits count: Redis when it answers within a fifth of a second, else each
worker's memory, until Redis answers again.

With Redis stalled (SIGSTOP) every limited request waited 5 s (the Redis client's default timeout),
two of them answered 500, and once Redis answered again 35 requests in a row past a limit all passed
(Flask-Limiter's own fallback drops every route's limit while its store is down, and looks for it
again only after a back-off of up to a minute). This store keeps every route's limits in force:

- each call to Redis waits at most ``TIMEOUT`` (connecting or answering), with no retry;
- a call that fails marks Redis away; from then on the limits count in this worker's memory
  (limits' MemoryStorage), as they do without Redis, and one request at most every ``RETRY`` seconds
  tries Redis again (the others do not wait for it);
- the first call Redis answers makes its counts apply again, as they stood.

``init_limits`` (limits.py) puts it in front of a ``redis://`` (``rediss://``, ``redis+unix://``)
RATELIMIT_STORAGE_URI. ``/healthz`` says whether Redis answers (``redis_away``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from limits.storage import MemoryStorage, RedisStorage, Storage

TIMEOUT = 0.2
"""The longest a request waits for Redis (seconds), to connect or for an answer."""
RETRY = 1.0
"""How often a worker whose Redis is away tries it again (seconds)."""
PROBE = 1.0
"""How often /healthz asks Redis whether it answers (seconds, per worker)."""
SCHEME = "fallback+"
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://")

_log = logging.getLogger(__name__)
Result = TypeVar("Result")


def with_fallback(uri: str) -> str:
    """The storage URI that puts this store in front of a Redis URI (any other is left as it is)."""
    return SCHEME + uri if uri.startswith(REDIS_SCHEMES) else uri


class RedisOrMemory(Storage):
    """Redis while it answers in time, this worker's memory while it does not."""

    STORAGE_SCHEME = [SCHEME + scheme.removesuffix("://") for scheme in REDIS_SCHEMES]  # noqa: RUF012 (limits' own)

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        # Redis's client is installed with the deployment's extras ([deploy]), not for the SQLite default.
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        # No retry: redis-py tries a failed call three more times by default.
        client: dict[str, Any] = {"retry": Retry(NoBackoff(), 0), **options}
        self.redis = RedisStorage(
            uri.removeprefix(SCHEME), socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT, **client
        )
        self.memory = MemoryStorage()
        self._errors = self.redis.base_exceptions
        self._away_until = 0.0  # while away: when a request may try Redis again
        self._away_since: float | None = None
        self._trying = threading.Lock()
        self._probed_at = -PROBE
        self._probing = threading.Lock()

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return self._errors

    @property
    def away_since(self) -> float | None:
        """When Redis stopped answering (time.monotonic), or None while it answers."""
        return self._away_since

    def _use(self, redis: Callable[[], Result], memory: Callable[[], Result]) -> Result:
        """``redis``'s answer while Redis answers in time, else ``memory``'s."""
        if self._away_since is not None and (
            time.monotonic() < self._away_until or not self._trying.acquire(blocking=False)
        ):
            return memory()  # away: another request is trying it, or tried it a moment ago
        held = self._away_since is not None
        try:
            found = redis()
        except self._errors as error:
            now = time.monotonic()
            if self._away_since is None:
                _log.warning("Redis does not answer (%s): the request limits count in memory", error)
                self._away_since = now
            self._away_until = now + RETRY
            return memory()
        finally:
            if held:
                self._trying.release()
        if self._away_since is not None:
            _log.warning("Redis answers again: the request limits count there again")
            self._away_since = None
        return found

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        return self._use(
            lambda: self.redis.incr(key, expiry, amount), lambda: self.memory.incr(key, expiry, amount)
        )

    def get(self, key: str) -> int:
        return self._use(lambda: self.redis.get(key), lambda: self.memory.get(key))

    def get_expiry(self, key: str) -> float:
        return self._use(lambda: self.redis.get_expiry(key), lambda: self.memory.get_expiry(key))

    def clear(self, key: str) -> None:
        self._use(lambda: self.redis.clear(key), lambda: self.memory.clear(key))

    def reset(self) -> int | None:
        self.memory.reset()
        return self._use(self.redis.reset, lambda: None)

    def check(self) -> bool:
        """True when Redis answers a ping in time (the limits then count there)."""
        return self._use(self._ping, lambda: False)

    def away(self) -> bool:
        """True when Redis does not answer in time. Asked at most once every ``PROBE`` seconds per
        worker and never by two threads at once (the others take the last answer): /healthz stays
        quick whatever Redis does."""
        now = time.monotonic()
        if now - self._probed_at >= PROBE and self._probing.acquire(blocking=False):
            try:
                self._probed_at = now
                self.check()
            finally:
                self._probing.release()
        return self._away_since is not None

    def _ping(self) -> bool:
        if not self.redis.get_connection().ping():
            raise self.redis.dependency.RedisError("no answer to PING")
        return True


def redis_away(storage: Storage) -> bool:
    """True when the limits count in a Redis that does not answer in time (see ``RedisOrMemory.away``)."""
    return isinstance(storage, RedisOrMemory) and storage.away()

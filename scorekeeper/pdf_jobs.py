"""PDFs made away from the request: a job queue on Redis (RQ) where the deployment runs one, else a
thread of the app's own process.

A drive's PDFs cost WeasyPrint up to a few seconds (160 players' tally cards), and anyone may ask
for them: a request that held its worker that long left the hall's other phones waiting. So a
request that finds its PDF missing from the shelf renders the page's HTML (cheap), hands it to a
queue as a ``PdfJob`` and answers at once; the job renders the PDF and puts it on the shelf, where
the reader's next request (the "being prepared" page asks again by itself) finds it.

- ``RedisQueue`` (``SCOREKEEPER_PDF_QUEUE=redis://…``, by default the Redis of the request limits):
  the jobs are run by RQ workers, ``python -m scorekeeper.pdf_jobs`` (one process beside gunicorn;
  more for more cores), never by the web workers; the app makes its queue when it starts, so that
  no request pays for importing RQ. A job also returns the PDF, kept by Redis for
  ``RESULT_SECONDS``, so an app server on another machine, with its own shelf, gets it too. Should
  no worker be running, or Redis not answer, the app falls back to its own thread: slower pages
  meanwhile, never a PDF that does not come.
- ``ThreadQueue`` (the embedded SQLite default, ``bin/serve``, ``bin/hall``): one background thread
  per process makes the PDFs one after another.

Each job is known by the digest of its PDF's shelf key, so a PDF asked for by forty phones is
queued once. Nothing here knows Flask: a job is the page's HTML and where to put the PDF.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Protocol

from .pdf import render_pdf
from .pdf_shelf import PdfShelf

LOGGER = logging.getLogger(__name__)

QUEUE_NAME = "scorekeeper-pdfs"
# A job waits at most this long for a worker, runs at most JOB_SECONDS, and its PDF (or its failure)
# stays in Redis RESULT_SECONDS for the app servers to take.
WAIT_SECONDS = 600
JOB_SECONDS = 180
RESULT_SECONDS = 600
# Two requests that find the same PDF missing at the same moment: the first claims it for this long.
CLAIM_SECONDS = 15
# Redis is on the same network: an answer slower than this means it is stalled; the thread takes over.
REDIS_TIMEOUT_SECONDS = 0.5
# The thread keeps the last few PDFs it made, for a shelf that keeps nothing (PDF_SHELF_BYTES = 0).
THREAD_RESULTS = 8


@dataclass(frozen=True, kw_only=True)
class PdfJob:
    """A PDF to make: the rendered page, where its static files are, and the shelf it goes on."""

    key: str  # the PDF's shelf key (PdfShelf.digest of it names the job)
    html: str
    base_url: str
    static_folder: str
    static_url: str
    shelf_folder: str
    shelf_bytes: int

    @property
    def shelf(self) -> PdfShelf:
        """The shelf the PDF is kept on."""
        return PdfShelf(Path(self.shelf_folder), max_bytes=self.shelf_bytes)

    @property
    def digest(self) -> str:
        """The job's name: the digest of its PDF's key."""
        return PdfShelf.digest(self.key)


def make(job: PdfJob) -> bytes:
    """Render the job's PDF and keep it on its shelf; the PDF (RQ keeps it as the job's result).

    Holds the PDF's job lock while rendering, so that requests say "being prepared", and a second
    job for the same PDF (another worker's thread) waits and takes the first one's file.
    """
    shelf = job.shelf
    with shelf.job_lock(job.key):
        kept = shelf.get(job.key)
        if kept is not None:
            return kept.pdf
        pdf = render_pdf(
            job.html,
            base_url=job.base_url,
            static_folder=Path(job.static_folder),
            static_url=job.static_url,
        )
        shelf.put(job.key, pdf)
    return pdf


class Progress(Enum):
    """Where a job stands, as a queue knows it."""

    UNKNOWN = "unknown"  # never queued here, or forgotten
    WAITING = "waiting"  # queued or being made
    FAILED = "failed"


@dataclass(frozen=True)
class Made:
    """A job done: its PDF."""

    pdf: bytes


JobState = Progress | Made


class PdfQueue(Protocol):
    """Where PDF jobs go."""

    def submit(self, job: PdfJob) -> bool:
        """Queue ``job`` unless the same PDF is queued already; True when queued now."""
        ...  # pragma: no cover

    def state(self, digest: str) -> JobState:
        """What became of the job named ``digest``."""
        ...  # pragma: no cover


class ThreadQueue:
    """One background thread of this process makes the PDFs, one after another."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._jobs: OrderedDict[str, Future[bytes]] = OrderedDict()
        self._lock = threading.Lock()
        self._pid = os.getpid()

    def submit(self, job: PdfJob) -> bool:
        """Queue ``job`` for the thread unless it has the same PDF queued or being made."""
        with self._lock:
            if self._pid != os.getpid() or self._executor is None:
                # Made in another process before a fork (gunicorn's preload): start afresh here.
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scorekeeper-pdf")
                self._jobs.clear()
                self._pid = os.getpid()
            running = self._jobs.get(job.digest)
            if running is not None and not running.done():
                return False
            self._jobs[job.digest] = self._executor.submit(make, job)
            self._jobs.move_to_end(job.digest)
            self._forget_old()
            return True

    def state(self, digest: str) -> JobState:
        """Waiting while the thread has the job in hand, else the PDF or the failure it left."""
        with self._lock:
            future = self._jobs.get(digest) if self._pid == os.getpid() else None
        if future is None:
            return Progress.UNKNOWN
        if not future.done():
            return Progress.WAITING
        failure = future.exception()
        if failure is not None:
            LOGGER.error("A PDF could not be made", exc_info=failure)
            with self._lock:
                self._jobs.pop(digest, None)
            return Progress.FAILED
        return Made(future.result())

    def wait(self, digest: str, timeout: float) -> JobState:
        """The job's state once the thread is done with it, or after ``timeout`` seconds."""
        with self._lock:
            future = self._jobs.get(digest) if self._pid == os.getpid() else None
        if future is not None:
            wait([future], timeout=timeout)
        return self.state(digest)

    def _forget_old(self) -> None:
        """Drop the oldest finished jobs past THREAD_RESULTS (their PDFs are on the shelf)."""
        finished = [digest for digest, future in self._jobs.items() if future.done()]
        for digest in finished[: max(0, len(finished) - THREAD_RESULTS)]:
            del self._jobs[digest]


class RedisQueue:
    """RQ's queue on the deployment's Redis; this process's thread when no RQ worker runs or Redis
    does not answer."""

    def __init__(self, url: str, fallback: ThreadQueue) -> None:
        from redis import Redis
        from rq import Queue

        self._redis = Redis.from_url(
            url, socket_timeout=REDIS_TIMEOUT_SECONDS, socket_connect_timeout=REDIS_TIMEOUT_SECONDS
        )
        self._queue = Queue(QUEUE_NAME, connection=self._redis)
        self.fallback = fallback

    def submit(self, job: PdfJob) -> bool:
        """Queue ``job`` in Redis for an RQ worker (once, whoever else asks at the same moment)."""
        from redis.exceptions import RedisError

        try:
            if not self._workers_running():
                LOGGER.warning("No PDF worker runs on %s: this process makes the PDF itself", QUEUE_NAME)
                return self.fallback.submit(job)
            if not self._redis.set(f"{QUEUE_NAME}:claim:{job.digest}", 1, nx=True, ex=CLAIM_SECONDS):
                return False
            self._queue.enqueue_call(
                make,
                args=(job,),
                job_id=_job_id(job.digest),
                timeout=JOB_SECONDS,
                ttl=WAIT_SECONDS,
                result_ttl=RESULT_SECONDS,
                failure_ttl=RESULT_SECONDS,
                description=f"PDF {job.digest}",
            )
            return True
        except RedisError:
            LOGGER.warning("Redis does not answer: this process makes the PDF itself", exc_info=True)
            return self.fallback.submit(job)

    def state(self, digest: str) -> JobState:
        """The job as Redis knows it (or as this process's thread does, for one it made itself)."""
        from redis.exceptions import RedisError
        from rq.exceptions import NoSuchJobError
        from rq.job import Job, JobStatus

        local = self.fallback.state(digest)
        if local is not Progress.UNKNOWN:
            return local
        try:
            job = Job.fetch(_job_id(digest), connection=self._redis)
            status = job.get_status()
            if status == JobStatus.FINISHED:
                pdf = job.return_value()
                return Made(pdf) if isinstance(pdf, bytes) else Progress.UNKNOWN
            if status in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED):
                LOGGER.error("A PDF job failed: %s", job.exc_info)
                job.delete()
                self._redis.delete(f"{QUEUE_NAME}:claim:{digest}")
                return Progress.FAILED
            return Progress.WAITING
        except NoSuchJobError:
            return Progress.UNKNOWN
        except RedisError:
            LOGGER.warning("Redis does not answer about a PDF job", exc_info=True)
            return Progress.UNKNOWN

    def _workers_running(self) -> bool:
        from rq import Worker

        return bool(Worker.count(connection=self._redis, queue=self._queue))


def _job_id(digest: str) -> str:
    return f"pdf-{digest}"


def queue_for(url: str | None) -> PdfQueue:
    """The queue for ``url`` (``redis://…`` or ``rediss://…``); a thread of this process for none."""
    thread = ThreadQueue()
    if url and url.startswith(("redis://", "rediss://")):
        return RedisQueue(url, thread)
    return thread


def run_worker(url: str, *, burst: bool = False) -> None:
    """Run an RQ worker that makes the PDFs queued on ``url`` until stopped (or, ``burst``, until the
    queue is empty).

    The jobs run in the worker's own process, one after another (RQ's SimpleWorker, no fork a job):
    the fonts WeasyPrint found and the stylesheets it parsed serve every job. A job that runs past
    JOB_SECONDS is stopped and counted as failed.
    """
    from redis import Redis
    from rq import Queue, SimpleWorker

    render_pdf("<p>.</p>", base_url="http://localhost/", static_folder=Path("."), static_url="http://localhost/")
    connection = Redis.from_url(url)
    worker = SimpleWorker([Queue(QUEUE_NAME, connection=connection)], connection=connection)
    worker.work(burst=burst, with_scheduler=False)


def main(arguments: list[str] | None = None) -> int:
    """``python -m scorekeeper.pdf_jobs [--burst]``: a PDF worker on ``SCOREKEEPER_PDF_QUEUE`` (else
    ``RATELIMIT_STORAGE_URI``), the Redis the app servers queue their PDFs on."""
    arguments = sys.argv[1:] if arguments is None else arguments
    url = os.environ.get("SCOREKEEPER_PDF_QUEUE") or os.environ.get("RATELIMIT_STORAGE_URI", "")
    if not url.startswith(("redis://", "rediss://")):
        print(
            "Set SCOREKEEPER_PDF_QUEUE to the Redis the app servers use (redis://HOST:6379/0).",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    run_worker(url, burst="--burst" in arguments)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

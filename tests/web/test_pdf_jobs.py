"""PDFs made in the background (pdf_jobs.py): a job renders its page once and keeps the PDF on the shelf,
whoever else asks for it meanwhile; the shelf tells a request that a job is making it; and a queue on a
Redis that does not answer falls back to the process's own thread."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from scorekeeper import pdf_jobs
from scorekeeper.pdf_jobs import Made, PdfJob, Progress, RedisQueue, ThreadQueue, queue_for
from scorekeeper.pdf_shelf import PdfShelf
from scorekeeper.web.kept_pdfs import pdf_queue_url

STATIC = Path(__file__).resolve().parents[2] / "static"
PAGE = "<!doctype html><html><body><p>Table 1</p></body></html>"


def job(folder: Path, key: str = "drive-tally/1") -> PdfJob:
    return PdfJob(
        key=key,
        html=PAGE,
        base_url="http://localhost/",
        static_folder=str(STATIC),
        static_url="http://localhost/static/",
        shelf_folder=str(folder),
        shelf_bytes=1 << 20,
    )


class HeldRender:
    """A render that waits until released, counting the pages it renders."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.pages: list[str] = []
        real = pdf_jobs.render_pdf

        def render(html: str, **kwargs: object) -> bytes:
            self.pages.append(html)
            self.started.set()
            assert self.release.wait(60), "the test never released the render"
            return real(html, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(pdf_jobs, "render_pdf", render)


def finished(queue: ThreadQueue, digest: str) -> Made:
    """The job's PDF, once the thread is done with it."""
    state = queue.wait(digest, 60)
    assert isinstance(state, Made), state
    return state


def test_a_job_renders_once_and_keeps_the_pdf_on_the_shelf_while_a_request_is_told_it_is_being_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldRender(monkeypatch)
    shelf = PdfShelf(tmp_path, max_bytes=1 << 20)
    one, other = ThreadQueue(), ThreadQueue()  # two workers' threads
    pdf = job(tmp_path)
    assert one.submit(pdf)
    assert not one.submit(pdf)  # queued already: the forty phones asking queue it once
    assert held.started.wait(60)
    assert shelf.being_made(pdf.key) and one.state(pdf.digest) is Progress.WAITING
    assert other.submit(pdf)  # another worker, not knowing: its job waits for the first one's lock
    held.release.set()
    made = finished(one, pdf.digest)
    assert made.pdf.startswith(b"%PDF-")
    assert finished(other, pdf.digest).pdf == made.pdf
    assert len(held.pages) == 1  # the second job found the first one's file
    kept = shelf.get(pdf.key)
    assert kept is not None and kept.pdf == made.pdf and not shelf.being_made(pdf.key)


def test_a_job_that_fails_is_said_so_once_and_then_forgotten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(html: str, **kwargs: object) -> bytes:
        raise ValueError("the page could not be laid out")

    monkeypatch.setattr(pdf_jobs, "render_pdf", broken)
    queue = ThreadQueue()
    failing = job(tmp_path)
    assert queue.submit(failing)
    assert queue.wait(failing.digest, 60) is Progress.FAILED
    assert queue.state(failing.digest) is Progress.UNKNOWN  # asked again, it is made afresh
    assert PdfShelf(tmp_path, max_bytes=1 << 20).get(failing.key) is None


def test_a_redis_that_does_not_answer_leaves_the_pdf_to_the_processs_own_thread(tmp_path: Path) -> None:
    queue = queue_for("redis://127.0.0.1:9/0")  # nothing listens on the discard port
    assert isinstance(queue, RedisQueue)
    pdf = job(tmp_path)
    assert queue.submit(pdf)
    finished(queue.fallback, pdf.digest)
    made = queue.state(pdf.digest)
    assert isinstance(made, Made) and made.pdf.startswith(b"%PDF-")
    assert isinstance(queue_for(None), ThreadQueue) and isinstance(queue_for("memory://"), ThreadQueue)


def test_the_pdfs_queue_on_the_redis_named_for_them_else_on_the_request_limits_one() -> None:
    limits = {"RATELIMIT_STORAGE_URI": "redis://10.1.1.1:6379/0"}
    assert pdf_queue_url(limits, {}) == "redis://10.1.1.1:6379/0"
    # As the limits' own store wraps it, to count in memory while Redis does not answer.
    assert pdf_queue_url({"RATELIMIT_STORAGE_URI": "fallback+rediss://h:6380/1"}, {}) == "rediss://h:6380/1"
    assert pdf_queue_url(limits, {"SCOREKEEPER_PDF_QUEUE": "redis://q/2"}) == "redis://q/2"
    assert pdf_queue_url(
        {**limits, "PDF_QUEUE_URL": "redis://c/3"}, {"SCOREKEEPER_PDF_QUEUE": "redis://q/2"}
    ) == ("redis://c/3")
    assert pdf_queue_url({"RATELIMIT_STORAGE_URI": "memory://"}, {}) is None

"""A drive's PDFs on the documented deployment: gunicorn with deploy/gunicorn.conf.py, Redis, and the
README's PDF worker (``python -m scorekeeper.pdf_jobs``). Several drives' tally cards and results asked
for at once no longer hold the web workers: /healthz answers fast all along, no web worker spends long on
any PDF request, the worker makes every PDF, and each reader gets theirs by following the "being
prepared" page."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import redis
from rq import Worker

from scorekeeper import create_app
from tests.stored_drives import played_drive

from .conftest import ROOT, Gunicorn, get

DRIVES = 3
PLAYERS = 20  # five tables: each drive's tally cards cost WeasyPrint half a second
REFRESH = re.compile(r'<meta http-equiv="refresh" content="\d+; url=([^"]+)">')
ACCESS_LINE = re.compile(r'"?GET (\S+) HTTP/1\.1"? (\d{3}) (\d+)$')
FAST_SECONDS = 1.5


def pdf_worker(folder: Path, redis_url: str) -> subprocess.Popen[bytes]:
    """The README's PDF worker, started (it says when it is there: ``wait_for_worker``)."""
    env = {**os.environ, "RATELIMIT_STORAGE_URI": redis_url}  # as the README's environment has it
    with open(folder / "pdf-worker.log", "wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.pdf_jobs"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip


def wait_for_worker(worker: subprocess.Popen[bytes], folder: Path, redis_url: str) -> None:
    """Until the PDF worker has told Redis it is there."""
    connection = redis.Redis.from_url(redis_url)
    deadline = time.monotonic() + 60
    while not Worker.count(connection=connection):
        assert worker.poll() is None and time.monotonic() < deadline, (folder / "pdf-worker.log").read_text()
        time.sleep(0.05)


def stop(worker: subprocess.Popen[bytes]) -> None:
    """Stop the PDF worker as an operator would: SIGTERM lets RQ finish the job in hand (on a busy
    machine that can take a while); a second SIGTERM is RQ's cold shutdown."""
    worker.send_signal(signal.SIGTERM)
    try:
        worker.wait(60)
    except subprocess.TimeoutExpired:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def download(port: int, path: str) -> bytes:
    """What a reader's browser does: follow the "being prepared" page (each request to it waits a
    moment on the server) until the page that starts the download, then take the file."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, body = get(port, path, timeout=30)
        if status == 200 and body.startswith(b"%PDF-"):
            return body
        found = REFRESH.search(body.decode(errors="replace"))
        assert status in (200, 202) and found is not None, (path, status, body[:300])
        path = found.group(1).replace("&amp;", "&")
    raise AssertionError(f"{path}: no PDF in 120 s")


def read_at_once(port: int, drives: list[str]) -> tuple[list[float], dict[str, bytes]]:
    """Every drive's tally cards, then its results, each drive by a reader of its own, all at once,
    while another asks /healthz over and over: how long each /healthz took, and the PDFs."""
    health: list[float] = []
    papers: dict[str, bytes] = {}
    stop = threading.Event()

    def ask_health() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            status, _ = get(port, "/healthz", timeout=30)
            health.append(time.perf_counter() - started if status == 200 else float("inf"))

    def read(drive_id: str) -> None:
        for kind in ("tally-cards", "results"):
            papers[f"{drive_id}/{kind}"] = download(port, f"/drives/{drive_id}/{kind}.pdf")

    prober = threading.Thread(target=ask_health)
    readers = [threading.Thread(target=read, args=(drive_id,)) for drive_id in drives]
    prober.start()
    try:
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join(180)
    finally:
        stop.set()
        prober.join(60)
    return health, papers


def test_several_drives_pdfs_at_once_leave_the_web_workers_free(tmp_path: Path, redis_url: str) -> None:
    database = f"sqlite:///{tmp_path / 'drives.sqlite'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": database}, instance_path=str(tmp_path / "setup"))
    drives = [played_drive(app, f"Drive {number}", PLAYERS, seed=number) for number in range(DRIVES)]
    settings = {
        "RATELIMIT_STORAGE_URI": redis_url,  # the PDFs queue on the limits' Redis unless told otherwise
        "RATELIMIT_PDF": "600 per minute",
        # gunicorn's own time for each request, in microseconds, at the end of its access log line.
        "GUNICORN_CMD_ARGS": "--access-logformat '%(r)s %(s)s %(D)s'",
    }
    worker = pdf_worker(tmp_path, redis_url)
    try:
        server = Gunicorn(tmp_path, database, settings=settings)  # while the PDF worker starts too
        try:
            wait_for_worker(worker, tmp_path, redis_url)
            health, papers = read_at_once(server.port, drives)
        finally:
            server.stop()
    finally:
        stop(worker)
    assert len(papers) == 2 * DRIVES and all(pdf.startswith(b"%PDF-") for pdf in papers.values())
    assert len(health) > 10 and max(health) < FAST_SECONDS, sorted(health)[-5:]
    log = server.log.read_text(errors="replace")
    asked = []  # each PDF request: its path, status and how long a web worker spent on it
    for line in log.splitlines():
        found = ACCESS_LINE.search(line)
        if found and ".pdf" in found.group(1):
            asked.append((found.group(1), int(found.group(2)), int(found.group(3)) / 1e6))
    assert any(status == 202 for _, status, _ in asked), asked  # a reader was told it was being prepared
    slowest = max(asked, key=lambda item: item[2])
    assert slowest[2] < FAST_SECONDS, slowest
    assert "makes the PDF itself" not in log  # every PDF came from the PDF worker
    made = (tmp_path / "pdf-worker.log").read_text(errors="replace")
    assert made.count("Job OK") == 2 * DRIVES, made[-2000:]

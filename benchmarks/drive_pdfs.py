"""What a whist drive's PDFs cost: the tally cards of 40 tables × 24 hands, and the web workers while four
drives' PDFs are asked for at once.

    .venv/bin/python benchmarks/drive_pdfs.py [--quick]

(after the README's set-up and ``.venv/bin/pip install -e '.[deploy]'``; Debian's redis-server for the
second part's queue, without which the web workers' own threads make the PDFs and it says so.)

1. CPU: a 160-player drive played to hand 24 of 24 (stored at once, tests/stored_drives.py), its tally
   cards' page rendered by WeasyPrint as the background job does it: CPU seconds (process time, the
   best of three), beside the floor measured in the same run, one table's four cards. Also the CPU the
   request itself spends to queue them (the drive's replay and the page's HTML); and, for comparison
   in the same run, the same cards set as they were until the tally cards had a layout of their own
   (web/drives/tally.py): a table of cells on each card, under the app's stylesheets (17 s).
2. The web workers: gunicorn as deployed (deploy/gunicorn.conf.py: 2 workers × 2 threads) on SQLite,
   with Redis and one PDF worker (``python -m scorekeeper.pdf_jobs``), four drives of 160 players
   stored before it starts. Four clients ask at once for a drive's tally cards each, then its results
   sheet (anonymously, as anyone may), following the "being prepared" page as a browser does (its meta
   refresh) until each PDF arrives, while a fifth asks /healthz over and over. Printed: the longest
   time a web worker spent on any of those requests (gunicorn's own request time, %(D)s), /healthz's
   slowest and median answer meanwhile, beside the floor, /healthz with nothing else going on; and
   the time until the last PDF arrived.

``--quick``: the same code paths with small drives (24 players' cards, then four drives of 8), one
rendering each, one web worker, and the "being prepared" page asked again at once rather than after
its 3 seconds.
Traffic goes to 127.0.0.1 only; every loop is bounded in time. Prints figures; asserts nothing about
them.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, pdf_jobs  # noqa: E402
from scorekeeper.pdf import render_pdf  # noqa: E402
from tests.stored_drives import played_drive  # noqa: E402

REFRESH = re.compile(r'<meta http-equiv="refresh" content="(\d+); url=([^"]+)">')
DEADLINE_SECONDS = 300


# --- 1. the tally cards' CPU ---------------------------------------------------------------


def tally_page(app: Any, drive_id: str) -> tuple[str, float]:
    """The tally cards' page as the request hands it to the queue, and the CPU seconds the request
    spent to make it (the job itself is caught, not run)."""
    caught: list[pdf_jobs.PdfJob] = []

    class Catching:
        def submit(self, job: pdf_jobs.PdfJob) -> bool:
            caught.append(job)
            return True

        def state(self, digest: str) -> pdf_jobs.JobState:
            return pdf_jobs.Progress.WAITING if caught else pdf_jobs.Progress.UNKNOWN

    app.extensions["scorekeeper.pdf_queue"] = Catching()
    client = app.test_client()
    started = time.process_time()
    answer = client.get(f"/drives/{drive_id}/tally-cards.pdf?paper=a4")
    spent = time.process_time() - started
    assert answer.status_code == 202 and caught, answer.status_code
    del app.extensions["scorekeeper.pdf_queue"]
    return caught[0].html, spent


# The tally cards as they were printed before: a table of cells a card, four cards to an A4 page.
CELLS_STYLE = """@page { size: A4 portrait; margin: 5mm; }
.tally-sheet { break-after: page; overflow: hidden; }
.tally-card { float: left; overflow: hidden; padding: 3.5mm 4mm; border: 0.5pt dashed #777;
              box-sizing: border-box; width: 100mm; height: 143.5mm; }
.tally-name { font-size: 12pt; margin: 0; line-height: 1.2; }
.tally-drive { margin: 0 0 1.2mm; font-size: 7pt; }
table.tally { width: 100%; border-collapse: collapse; font-size: 6.8pt; line-height: 1.15;
              table-layout: fixed; }
.tally th, .tally td { border: 0.4pt solid #888; padding: 0.7mm 0.8mm; text-align: left; }
.tally td:nth-child(4), .tally td:nth-child(5) { overflow-wrap: break-word; }
.tally thead th { background: #e8e8e8; font-size: 5.4pt; white-space: nowrap; }
"""
CELLS_HEADINGS = ("Hand", "Table", "Seat", "Partner", "Opponents", "Trump", "Tricks", "Total", "Initials")


def cells_page(app: Any, drive_id: str) -> str:
    """The drive's tally cards laid out as they were before, for the comparison."""
    from html import escape

    from scorekeeper.drives import store
    from scorekeeper.pdf import PAPERS
    from scorekeeper.web.drives.paper import tally_pages

    with app.test_request_context("/"):
        _record, drive = store.load_drive(drive_id)
        cards = [card for page in tally_pages(drive, PAPERS["a4"])["pages"] for card in page]
    head = "".join(f"<th>{heading}</th>" for heading in CELLS_HEADINGS)
    fields = ("hand", "table", "seat", "partner", "opponents", "trump", "tricks", "total")
    parts = [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<link rel="stylesheet" href="/static/app.css"><link rel="stylesheet" href="/static/print.css">',
        f"<style>{CELLS_STYLE}</style></head><body>",
    ]
    for start in range(0, len(cards), 4):
        parts.append('<div class="tally-sheet">')
        for card in cards[start : start + 4]:
            rows = "".join(
                "<tr>"
                + "".join(f"<td>{escape(str(row.get(field, '')))}</td>" for field in fields)
                + "<td></td></tr>"
                for row in card["rows"]
            )
            parts.append(
                f'<section class="tally-card"><h2 class="tally-name">{escape(card["name"])}</h2>'
                f'<p class="tally-drive">County championship</p><table class="tally"><thead><tr>{head}</tr>'
                f"</thead><tbody>{rows}</tbody></table></section>"
            )
        parts.append("</div>")
    return "".join(parts) + "</body></html>"


def render_cpu(job_html: str, repeats: int) -> float:
    """The least CPU seconds of ``repeats`` renderings of the page, as the background job renders it."""
    times = []
    for _ in range(repeats):
        started = time.process_time()
        render_pdf(
            job_html,
            base_url="http://localhost/",
            static_folder=ROOT / "static",
            static_url="http://localhost/static/",
        )
        times.append(time.process_time() - started)
    return min(times)


def cpu_part(quick: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        players = 24 if quick else 160
        big = played_drive(app, "County championship", players)
        small = played_drive(app, "One table", 4)
        big_page, request_cpu = tally_page(app, big)
        small_page, _ = tally_page(app, small)
        repeats = 1 if quick else 3
        render_cpu(small_page, 1)  # fonts and stylesheets found once, as by a running worker
        floor = render_cpu(small_page, repeats)
        cards = render_cpu(big_page, repeats)
        print(f"1. Tally cards, {players} players × 24 hands, reprinted after hand 24 (A4, CPU)")
        print(f"   floor: one table's 4 cards: {floor:.2f} s")
        print(f"   the {players} cards, rendered by the background job: {cards:.2f} s (target ≤ 3 s)")
        print(f"   the request that queues them (replay + HTML): {request_cpu:.2f} s")
        if not quick:  # some 40 s of CPU on a busy machine: not for the smoke run
            before = render_cpu(cells_page(app, big), 1)
            print(f"   the same cards as a table of cells, as printed before: {before:.2f} s")


# --- 2. the web workers while four drives' PDFs are asked for -------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(port: int, path: str, timeout: float = 60) -> tuple[int, bytes, float]:
    """One GET on a fresh connection: status, body and seconds."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read(), time.perf_counter() - started
    finally:
        connection.close()


def wait_for(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 120  # gunicorn starts slowly beside the browser tests (bin/test)
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if get(port, "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server did not start:\n{log.read_text(errors='replace')[-3000:]}")


def start_redis(folder: Path) -> tuple[subprocess.Popen[bytes] | None, str | None]:
    server = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(server).exists():
        return None, None
    port = free_port()
    command = [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(
        command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 15
    import redis

    while time.monotonic() < deadline:
        try:
            redis.Redis.from_url(url).ping()
            return process, url
        except redis.RedisError:
            time.sleep(0.05)
    process.kill()
    return None, None


def start_pdf_worker(env: dict[str, str], folder: Path) -> subprocess.Popen[bytes]:
    """The README's PDF worker (``wait_for_pdf_worker``: until it is there)."""
    with open(folder / "worker.log", "wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.pdf_jobs"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip


def wait_for_pdf_worker(url: str) -> None:
    """Until the PDF worker has told Redis it is there (30 s at most)."""
    import redis
    from rq import Worker

    connection = redis.Redis.from_url(url)
    deadline = time.monotonic() + 30
    while not Worker.count(connection=connection) and time.monotonic() < deadline:
        time.sleep(0.1)


def download(port: int, path: str, finished: list[float], started: float, pace: bool) -> None:
    """Follow the "being prepared" page as a browser does until the PDF comes (``pace``: after the
    seconds it says, else at once)."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while time.monotonic() < deadline:
        status, body, _ = get(port, path)
        if status == 200 and body.startswith(b"%PDF-"):
            finished.append(time.perf_counter() - started)
            return
        found = REFRESH.search(body.decode(errors="replace"))
        if status not in (200, 202) or found is None:
            raise SystemExit(f"{path}: {status} {body[:200]!r}")
        time.sleep(int(found.group(1)) if pace else 0)
        path = found.group(2).replace("&amp;", "&")
    raise SystemExit(f"{path}: no PDF within {DEADLINE_SECONDS} s")


def workers_part(quick: bool) -> None:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-drive-pdfs-"))
    processes: list[subprocess.Popen[bytes]] = []
    try:
        database = f"sqlite:///{folder / 'drives.sqlite'}"
        app = create_app({"SQLALCHEMY_DATABASE_URI": database}, instance_path=str(folder / "setup"))
        players = 8 if quick else 160
        drives = [played_drive(app, f"Drive {number}", players, seed=number) for number in range(1, 5)]
        redis_process, redis_url = start_redis(folder)
        if redis_process is not None:
            processes.append(redis_process)
        port = free_port()
        access = folder / "access.log"
        env = {
            **os.environ,
            "SCOREKEEPER_INSTANCE": str(folder / "instance"),
            "SCOREKEEPER_SECRET_KEY": "benchmark",
            "SQLALCHEMY_DATABASE_URI": database,
            "SCOREKEEPER_BIND": f"127.0.0.1:{port}",
            "RATELIMIT_ENABLED": "0",
            # The smoke run starts one web worker of two threads: every process imports the whole app.
            "SCOREKEEPER_WORKERS": "1" if quick else "2",
            **({"SCOREKEEPER_PDF_QUEUE": redis_url} if redis_url else {}),
        }
        if redis_url:
            processes.append(start_pdf_worker(env, folder))  # starting while gunicorn starts
        log = folder / "gunicorn.log"
        gunicorn = [
            sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
            "--access-logfile", str(access), "--access-logformat", "%(r)s %(s)s %(D)s",
            "scorekeeper:create_app()",
        ]  # fmt: skip
        with open(log, "wb") as output:
            server = subprocess.Popen(
                gunicorn, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        processes.append(server)
        wait_for(port, server, log)
        if redis_url:
            wait_for_pdf_worker(redis_url)
        rounds = 3 if quick else 10
        floor = [get(port, "/healthz")[2] for _ in range(rounds * 10)]
        started = time.perf_counter()
        finished: list[float] = []
        healthz: list[float] = []
        stop = threading.Event()

        def probe() -> None:
            while not stop.is_set():
                healthz.append(get(port, "/healthz")[2])
                stop.wait(0.05)

        prober = threading.Thread(target=probe)
        prober.start()
        clients = [
            threading.Thread(target=fetch_all, args=(port, drive_id, finished, started, not quick))
            for drive_id in drives
        ]
        for client in clients:
            client.start()
        for client in clients:
            client.join(DEADLINE_SECONDS)
        stop.set()
        prober.join()

        busy = [
            int(line.rsplit(" ", 1)[1]) / 1e6
            for line in access.read_text().splitlines()
            if ".pdf" in line and line.rsplit(" ", 1)[1].isdigit()
        ]
        queue = "Redis and one PDF worker" if redis_url else "no Redis: each web worker's own thread"
        workers = "1 × 2" if quick else "2 × 2"
        print(f"2. Four drives of {players} players at once, gunicorn {workers} on SQLite, {queue}")
        print(f"   floor: /healthz alone, median {statistics.median(floor) * 1000:.1f} ms")
        print(
            f"   /healthz meanwhile: median {statistics.median(healthz) * 1000:.1f} ms, "
            f"slowest {max(healthz) * 1000:.1f} ms ({len(healthz)} asked)"
        )
        print(
            f"   the longest a web worker was busy on a PDF request: {max(busy):.2f} s "
            f"({len(busy)} requests, {sum(seconds > 1 for seconds in busy)} over 1 s, median "
            f"{statistics.median(busy):.2f} s; target ≤ 1 s)"
        )
        print(f"   every drive's tally cards and results in: {max(finished):.1f} s ({len(finished)} PDFs)")
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
        shutil.rmtree(folder, ignore_errors=True)


def fetch_all(port: int, drive_id: str, finished: list[float], started: float, pace: bool) -> None:
    """A reader of the drive downloads its tally cards, then its results sheet (anyone may)."""
    for kind in ("tally-cards", "results"):
        download(port, f"/drives/{drive_id}/{kind}.pdf", finished, started, pace)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small drives, one round: a smoke run")
    quick = parser.parse_args().quick
    cpu_part(quick)
    workers_part(quick)


if __name__ == "__main__":
    main()

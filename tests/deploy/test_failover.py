"""Two app servers behind the documented nginx fail over smoothly (issue 47, item 3): killing one
worker on each server within a second made nginx answer 502 to 42 of 86 requests for 8.5 s, both
servers healthy all along (nginx's default max_fails=1 fail_timeout=10s took each out of rotation
at its first failed request).

Here phones download a game's score sheet through nginx while a worker of each server is killed
(SIGKILL, as the kernel's OOM killer or a crash does) in the middle of drawing it: gunicorn starts
another, nginx sends each request the dead worker dropped on to the other server, and keeps both
in rotation. Not one answer is a 502. (With nginx's defaults, the same run answers 502.)
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import ssl
import threading
from collections import Counter
from pathlib import Path

from .conftest import Gunicorn, Nginx, migrate

# More phones asking at once than the two servers have threads (2 workers × 2 threads each): every
# worker is in the middle of a request when it is killed, however fast the machine draws a sheet.
PHONES = 12
BEFORE, AFTER = PHONES, 2 * PHONES  # answers before the workers are killed, and after


def fetch(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=60, context=context)
    headers = {"Content-Type": "application/json"} if body else {}
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def workers_of(server: Gunicorn) -> list[int]:
    master = server.process.pid
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def test_a_worker_killed_on_each_server_costs_no_phone_a_502(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite'}"
    migrate(database, tmp_path)
    # Every sheet drawn afresh (no PDF kept): each worker is in the middle of one when it is killed.
    settings = {"SCOREKEEPER_WORKERS": "2", "RATELIMIT_ENABLED": "0", "SCOREKEEPER_PDF_SHELF_MB": "0"}
    servers = [Gunicorn(tmp_path, database, name=name, settings=settings) for name in ("first", "second")]
    proxy = Nginx(tmp_path, [server.port for server in servers])
    try:
        game = {"variant": "oh-hell", "players": ["Ann", "Bob", "Cy", "Dee"]}
        status, body = fetch(proxy.port, "POST", "/api/v1/games", json.dumps(game).encode())
        assert status == 201
        game_id = json.loads(body)["id"]
        paths = [f"/games/{game_id}/sheet.pdf"]

        answers: list[int] = []
        lock = threading.Condition()
        killed = threading.Event()
        done = threading.Event()

        def phone(number: int) -> None:
            sent = number
            while not done.is_set():
                status, _ = fetch(proxy.port, "GET", paths[sent % len(paths)])
                sent += 1
                with lock:
                    answers.append(status)
                    lock.notify_all()
                    if killed.is_set() and len(answers) >= BEFORE + AFTER:
                        done.set()

        phones = [threading.Thread(target=phone, args=(number,)) for number in range(PHONES)]
        for thread in phones:
            thread.start()
        with lock:  # the phones' answers, not time, decide when to kill
            assert lock.wait_for(lambda: len(answers) >= BEFORE, timeout=120)
        victims = [workers_of(server)[0] for server in servers]
        for pid in victims:
            os.kill(pid, signal.SIGKILL)
        killed.set()
        for thread in phones:
            thread.join(timeout=300)
        assert done.is_set()
        for server in servers:  # gunicorn started another worker in each dead one's place
            assert len(workers_of(server)) == 2 and not set(workers_of(server)) & set(victims)
        # The killed workers were answering: nginx saw their connections drop, and sent the requests on.
        failures = proxy.log.read_text(errors="replace")
        assert "upstream prematurely closed" in failures or "reset by peer" in failures, failures[-3000:]
    finally:
        proxy.stop()
        for server in servers:
            server.stop()
    counted = Counter(answers)
    assert counted == Counter({200: len(answers)}), counted

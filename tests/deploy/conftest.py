"""The documented deployment, started for real: gunicorn with deploy/gunicorn.conf.py, nginx
with deploy/nginx/scorekeeper-proxy.conf, and PostgreSQL from bin/postgres-for-tests.

Every server listens on 127.0.0.1 on a free port, lives in a temporary folder, and is
stopped when its test ends.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"
NGINX_PROXY_CONF = ROOT / "deploy" / "nginx" / "scorekeeper-proxy.conf"
NGINX_HTTP_CONF = ROOT / "deploy" / "nginx" / "scorekeeper-http.conf"
NGINX_SITE_CONF = ROOT / "deploy" / "nginx" / "scorekeeper-site.conf"
# What the README sets in nginx.conf: room for idle connections beside the phones' own.
NGINX_WORKER_CONNECTIONS = 8192
NGINX_OPEN_FILES = 16384
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SECRET = "deployment-tests-secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_answering(
    port: int, process: subprocess.Popen[bytes], log: Path, *, tls: bool = False
) -> None:
    """Wait until ``/healthz`` answers 200 on ``port`` (two minutes at most: starting gunicorn on a
    machine kept busy by other work can take one)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            if get(port, "/healthz", tls=tls)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    process.kill()
    process.wait()
    raise AssertionError(f"the server did not start:\n{log.read_text(errors='replace')[-4000:]}")


def get(port: int, path: str, *, tls: bool = False, timeout: float = 30) -> tuple[int, bytes]:
    """One GET on a fresh connection: status and body (an answer may take a while on a busy machine;
    a test that holds the server to a time says so itself)."""
    if tls:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        connection: http.client.HTTPConnection = http.client.HTTPSConnection(
            "127.0.0.1", port, timeout=timeout, context=context
        )
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


class Gunicorn:
    """gunicorn serving the app as the README runs it, with deploy/gunicorn.conf.py."""

    def __init__(
        self, folder: Path, database: str, *, name: str = "app", settings: dict[str, str] | None = None
    ) -> None:
        self.port = free_port()
        self.log = folder / f"{name}.log"
        env = {
            **os.environ,
            "SCOREKEEPER_INSTANCE": str(folder / f"{name}-instance"),
            "SCOREKEEPER_SECRET_KEY": SECRET,
            "SQLALCHEMY_DATABASE_URI": database,
            "SCOREKEEPER_AUTO_MIGRATE": "0",
            "SCOREKEEPER_TRUSTED_PROXIES": "1",
            "SCOREKEEPER_BIND": f"127.0.0.1:{self.port}",
            **(settings or {}),
        }
        command = [sys.executable, "-m", "gunicorn", "-c", str(GUNICORN_CONF), "scorekeeper:create_app()"]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        wait_until_answering(self.port, self.process, self.log)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def migrate(database: str, folder: Path) -> None:
    """The README's migration step: ``flask --app scorekeeper db upgrade``, once per release."""
    env = {
        **os.environ,
        "SQLALCHEMY_DATABASE_URI": database,
        "SCOREKEEPER_AUTO_MIGRATE": "0",
        "SCOREKEEPER_SECRET_KEY": SECRET,
        "SCOREKEEPER_INSTANCE": str(folder / "migrate-instance"),
    }
    flask = [sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"]
    subprocess.run(flask, cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)


class Nginx:
    """nginx in front of gunicorn with the repository's proxy settings, over TLS (a throw-away
    self-signed certificate), as the README's site file sets it up."""

    def __init__(self, folder: Path, upstream_ports: list[int]) -> None:
        if not Path(NGINX).exists():
            pytest.fail("nginx is missing: install Debian's nginx package (bin/test does)")
        self.folder = Path(tempfile.mkdtemp(prefix="scorekeeper-nginx-"))
        self.folder.chmod(0o755)  # its workers run as nobody when the tests run as root
        (self.folder / "temp").mkdir(mode=0o777)
        (self.folder / "temp").chmod(0o777)
        self.port = free_port()
        certificate, key = self.folder / "cert.pem", self.folder / "key.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(certificate)],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
        # Each app server as the site file's upstream has it: its address, with the same parameters.
        listed = re.search(r"^\s*server 127\.0\.0\.1:8000(.*);$", NGINX_SITE_CONF.read_text(), re.MULTILINE)
        assert listed, "the site file's upstream lists no server 127.0.0.1:8000"
        servers = "\n".join(f"        server 127.0.0.1:{port}{listed.group(1)};" for port in upstream_ports)
        temp = self.folder / "temp"
        user = "user nobody nogroup;" if os.geteuid() == 0 else ""
        (self.folder / "nginx.conf").write_text(
            f"""{user}
worker_processes 1;
worker_rlimit_nofile {NGINX_OPEN_FILES};
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log warn;
events {{ worker_connections {NGINX_WORKER_CONNECTIONS}; }}
http {{
    include {NGINX_HTTP_CONF};
    access_log {folder}/nginx-access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    upstream scorekeeper_app {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{self.port} ssl;
        ssl_certificate {certificate};
        ssl_certificate_key {key};
        include {NGINX_PROXY_CONF};
    }}
}}
"""
        )
        self.log = self.folder / "error.log"
        command = [NGINX, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf"), "-e", str(self.log)]
        with open(self.folder / "stderr.log", "wb") as stderr:
            self.process = subprocess.Popen(
                [*command, "-g", "daemon off;"],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                start_new_session=True,
            )
        wait_until_answering(self.port, self.process, self.folder / "stderr.log", tls=True)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL cluster from bin/postgres-for-tests; yields its URL."""
    started = subprocess.run(
        ["sh", str(ROOT / "bin" / "postgres-for-tests"), "start"],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    folder, url = started.stdout.split()
    try:
        yield url
    finally:
        stop = ["sh", str(ROOT / "bin" / "postgres-for-tests"), "stop", folder]
        subprocess.run(stop, timeout=60, check=False)


REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@dataclass(frozen=True)
class RedisServer:
    """A Redis server of a test: the URL the app reads in RATELIMIT_STORAGE_URI, and its process
    (which a test may stop and continue)."""

    url: str
    process: subprocess.Popen[bytes]


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The URL of a throw-away Redis server (``redis_server``)."""
    return redis_server.url


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A throw-away Redis server on loopback, as the README runs one for the request limits."""
    if not Path(REDIS_SERVER).exists():
        pytest.fail("redis-server is missing: install Debian's redis-server package (bin/test does)")
    port = free_port()
    folder = tmp_path / "redis"
    folder.mkdir()
    command = [
        REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
        "--save", "", "--appendonly", "no", "--daemonize", "no",
    ]  # fmt: skip
    with open(folder / "redis.log", "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise AssertionError(f"redis did not start:\n{(folder / 'redis.log').read_text()[-2000:]}")
            time.sleep(0.05)
        yield RedisServer(url=f"redis://127.0.0.1:{port}/0", process=process)
    finally:
        process.send_signal(signal.SIGCONT)  # a test that stopped it may have failed before continuing it
        process.terminate()
        process.wait(timeout=15)

"""PDFs kept on disk, each made once for what it shows.

A game's score sheet depends only on the game's version and the reader's
choices (paper, orientation, language); a blank sheet only on its table and
choices. Rendering one costs WeasyPrint a few hundred milliseconds, while every
phone at the table may download it, so each PDF is kept in a folder (the
instance folder's ``pdfs/``) under a digest of its key and served from there.

- The key names everything the PDF shows, including the game's version and the
  build of the app that made it (its code, templates and static files, and the
  WeasyPrint version): a change or a correction raises the version, so a new
  key can never find an old file.
- Files are written to a temporary name and renamed into place, so another
  worker sees the whole file or none; each carries its length and SHA-256, and
  a file that does not match (cut short by a crash, damaged on disk) is
  removed and never served.
- Two requests for the same missing PDF (several phones at once) take turns on
  a lock file, so the second finds the first one's file instead of rendering
  it again; the lock is an ``flock`` and works across gunicorn workers.
- The folder's total size is bounded: after each new file the least recently
  used files (their modification time is renewed when served) go first.
- A PDF that costs seconds (a drive's 160 tally cards) is made away from the
  request, by a job (pdf_jobs.py) that holds the PDF's own *job lock* while it
  renders: a request finds the lock held and says "being prepared" at once
  (``being_made``) instead of waiting, and two jobs for the same PDF in two
  workers take turns, the second finding the first one's file.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on POSIX: no lock, two phones at once may both render
    fcntl = None  # type: ignore[assignment]

MAGIC = b"scorekeeper-pdf 1"
SUFFIX = ".pdf"
PART_PREFIX = ".part-"
LOCK_PREFIX = ".lock-"
JOB_PREFIX = ".job-"
STALE_JOB_SECONDS = 24 * 3600
# A temporary file this old was left by a worker that died while writing it.
STALE_PART_SECONDS = 3600


@dataclass(frozen=True)
class Kept:
    """A PDF as served: its bytes and a digest of its key (an ETag)."""

    pdf: bytes
    digest: str


class PdfShelf:
    """A folder of PDFs, each under the digest of its key, at most ``max_bytes`` in all."""

    def __init__(self, folder: Path, *, max_bytes: int) -> None:
        self.folder = folder
        self.max_bytes = max_bytes

    @staticmethod
    def digest(key: str) -> str:
        """The name a key's PDF is kept under (hex, without the suffix)."""
        return hashlib.sha256(key.encode()).hexdigest()[:40]

    def get(self, key: str) -> Kept | None:
        """The PDF kept under ``key``, whole and checked; None when there is none."""
        digest = self.digest(key)
        path = self.folder / f"{digest}{SUFFIX}"
        try:
            stored = path.read_bytes()
        except FileNotFoundError:
            return None
        pdf = _unwrap(stored)
        if pdf is None:
            with suppress(FileNotFoundError):
                path.unlink()
            return None
        with suppress(OSError):
            os.utime(path)  # served: it is now the most recently used
        return Kept(pdf, digest)

    def get_or_make(self, key: str, make: Callable[[], bytes]) -> Kept:
        """The PDF kept under ``key``, or ``make()``'s, kept for next time.

        While one request makes a PDF, another asking for the same key waits
        for it rather than rendering it a second time.
        """
        kept = self.get(key)
        if kept is not None:
            return kept
        digest = self.digest(key)
        if self.max_bytes <= 0:
            return Kept(make(), digest)
        self.folder.mkdir(parents=True, exist_ok=True)
        with self._lock(digest):
            kept = self.get(key)
            if kept is not None:
                return kept
            pdf = make()
            self._write(digest, pdf)
        self._trim()
        return Kept(pdf, digest)

    def put(self, key: str, pdf: bytes) -> Kept:
        """Keep ``pdf`` under ``key`` (unless the shelf keeps nothing)."""
        digest = self.digest(key)
        if self.max_bytes > 0:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._write(digest, pdf)
            self._trim()
        return Kept(pdf, digest)

    def _write(self, digest: str, pdf: bytes) -> None:
        """Write the file under a temporary name, then rename it into place in one step."""
        descriptor, part = tempfile.mkstemp(dir=self.folder, prefix=PART_PREFIX, suffix=SUFFIX)
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(_wrap(pdf))
            os.replace(part, self.folder / f"{digest}{SUFFIX}")
        except BaseException:
            with suppress(FileNotFoundError):
                os.unlink(part)
            raise

    @contextmanager
    def _lock(self, digest: str) -> Iterator[None]:
        """Hold the lock of this digest's stripe (one of 256 lock files) across workers."""
        if fcntl is None:
            yield
            return
        descriptor = os.open(
            self.folder / f"{LOCK_PREFIX}{digest[:2]}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600
        )
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            os.close(descriptor)  # closing the descriptor releases its lock

    @contextmanager
    def job_lock(self, key: str) -> Iterator[None]:
        """Hold the lock of the job that makes ``key``'s PDF (its own lock file, across workers and
        processes), waiting for another job that holds it: the second finds the first one's file."""
        if fcntl is None:
            yield
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(self._job_file(key), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            os.utime(descriptor)  # in use: _trim leaves it
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            os.close(descriptor)  # closing the descriptor releases its lock

    def being_made(self, key: str) -> bool:
        """True while a job (in any worker of this machine) holds the lock of ``key``'s PDF."""
        if fcntl is None:
            return False
        try:
            descriptor = os.open(self._job_file(key), os.O_RDWR | os.O_CLOEXEC)
        except FileNotFoundError:
            return False
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(descriptor)
        return False

    def _job_file(self, key: str) -> Path:
        return self.folder / f"{JOB_PREFIX}{self.digest(key)}"

    def _trim(self) -> None:
        """Remove the least recently used PDFs until the folder holds at most ``max_bytes``."""
        files = []
        now = time.time()
        with os.scandir(self.folder) as entries:
            for entry in entries:
                with suppress(FileNotFoundError):
                    if entry.name.startswith(PART_PREFIX):
                        if now - entry.stat().st_mtime > STALE_PART_SECONDS:
                            os.unlink(entry.path)
                    elif entry.name.startswith(JOB_PREFIX):
                        if now - entry.stat().st_mtime > STALE_JOB_SECONDS:
                            os.unlink(entry.path)  # the lock of a job done a day ago
                    elif entry.name.endswith(SUFFIX):
                        stat = entry.stat()
                        files.append((stat.st_mtime_ns, stat.st_size, entry.path))
        total = sum(size for _, size, _ in files)
        for _, size, path in sorted(files):
            if total <= self.max_bytes:
                break
            with suppress(FileNotFoundError):
                os.unlink(path)
            total -= size


def _wrap(pdf: bytes) -> bytes:
    """The file kept for a PDF: a header line with its length and SHA-256, then the PDF."""
    header = b"%s %d %s\n" % (MAGIC, len(pdf), hashlib.sha256(pdf).hexdigest().encode())
    return header + pdf


def _unwrap(stored: bytes) -> bytes | None:
    """The PDF in a kept file, or None when the file is not whole and as written."""
    header, newline, pdf = stored.partition(b"\n")
    parts = header.split(b" ")
    if not newline or len(parts) != 4 or b" ".join(parts[:2]) != MAGIC:
        return None
    length, checksum = parts[2], parts[3]
    if not length.isdigit() or int(length) != len(pdf):
        return None
    if hashlib.sha256(pdf).hexdigest().encode() != checksum:
        return None
    return pdf


def build_fingerprint(roots: Iterable[Path], *extra: str) -> str:
    """A digest of every file under ``roots`` (path and content) and of ``extra``.

    It changes whenever the app that renders the PDFs changes (its code, its
    templates, its stylesheets), so a new release never serves an old sheet.
    """
    digest = hashlib.sha256()
    for text in extra:
        digest.update(text.encode() + b"\0")
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root)).encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]

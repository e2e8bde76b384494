"""Reading an uploaded file within bounds: refused before it costs a worker seconds or gigabytes.

A 31 KB gzipped club file unpacked to megabytes of tiny lists made one worker grow by 1.6 GB and
spend 11 s of CPU, and a 92 KB one held 600,000 deals: every upload was parsed whole before
anything was checked. Each kind of file now has its ``Bounds`` — its size as sent and unpacked, how
many items (games, deals, events, drives, hands) it may hold in all, and how much memory its parsed
value may take — and is read in three passes over the upload (which werkzeug keeps in a temporary
file once it is large):

0. **count**: its lists and objects, at the speed of C, each the least such a value takes;
1. **measure**: the bytes are unpacked 64 KB at a time (gzip or not) and fed to a streaming JSON
   parser (ijson's C backend) that keeps nothing but counts — the size unpacked, the depth, the items
   of the lists that count, and what each value would take in memory once built. Past any bound it
   stops at once, before anything of the file is built;
2. **read**: only then is the file unpacked again and read by Python's own parser (exchange.py's
   ``read_file``), whose checks (numbers, characters) stand as they were; what it builds is within
   the bounds.

Refusals: the caller's RuleViolation codes (``too_large`` past a size or the memory; ``too_many``,
with ``most``, past the items) and UnreadableFile for a file that is not JSON or not unpacked.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

import ijson

from ...rules import RuleViolation, Text
from ..json_input import MOST_DEPTH
from .exchange import UnreadableFile, read_file

SLICE = 64 * 1024
GZIP_MAGIC = b"\x1f\x8b"
UTF8_BOM = b"\xef\xbb\xbf"
# What a value built by Python's parser takes beside its own size (_measure): its place in its list
# or object.
_SLOT = 8
_CONTAINER = 56 + _SLOT  # the least a list or an object takes
_ENDS = frozenset({"end_map", "end_array"})
_STARTS = frozenset({"start_map", "start_array"})


@dataclass(frozen=True, kw_only=True)
class Bounds:
    """What one kind of uploaded file may hold, and the refusals (RuleViolation codes) that say so.

    ``counted`` names the lists whose items count against ``most_items`` wherever they stand (every
    game's "deals" in a table's file, say), all of them together across the whole file.
    """

    packed: int
    unpacked: int
    memory: int
    counted: frozenset[str]
    most_items: int
    missing: str
    too_large: str
    too_many: str


def read_bounded(stream: IO[bytes] | None, bounds: Bounds) -> object:
    """The JSON value of the uploaded ``stream`` (gzipped or not), refused past ``bounds`` before
    anything of it is built. ``stream`` must be seekable (an upload is)."""
    if stream is None or not stream.read(1):
        raise RuleViolation(bounds.missing, field="file")
    stream.seek(0)
    _count_containers(_unpacked(stream, bounds), bounds)
    stream.seek(0)
    _measure(_unpacked(stream, bounds), bounds)
    stream.seek(0)
    return read_file(b"".join(_unpacked(stream, bounds)))


def _count_containers(slices: Iterator[bytes], bounds: Bounds) -> None:
    """Refuse a file whose lists and objects alone would take more than its memory, counted at the
    speed of C (bytes.count) before any of it is parsed: a bomb of empty lists is refused in
    milliseconds rather than after a second of parsing. (A bracket inside a text counts too: a real
    file has a handful.)"""
    containers = 0
    for piece in slices:
        containers += piece.count(b"[") + piece.count(b"{")
        if containers * _CONTAINER > bounds.memory:
            raise RuleViolation(bounds.too_large, field="file")


def _unpacked(stream: IO[bytes], bounds: Bounds) -> Iterator[bytes]:
    """The file's bytes, a slice at a time, un-gzipped if it was compressed and without a UTF-8
    byte-order mark; refused past its size as sent or unpacked."""
    first = stream.read(SLICE)
    sent, given = len(first), 0
    if sent > bounds.packed:
        raise RuleViolation(bounds.too_large, field="file")
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS) if first.startswith(GZIP_MAGIC) else None
    pieces = _inflated(inflater, first) if inflater is not None else iter((first,))
    while True:
        for piece in pieces:
            piece = piece.removeprefix(UTF8_BOM) if given == 0 else piece
            given += len(piece)
            if given > bounds.unpacked:
                raise RuleViolation(bounds.too_large, field="file")
            if piece:
                yield piece
        if inflater is not None and inflater.eof and inflater.unused_data.strip(b"\x00"):
            # Another gzip member follows (as `cat a.gz b.gz` makes one): gzip reads them all.
            rest, inflater = inflater.unused_data, zlib.decompressobj(16 + zlib.MAX_WBITS)
            pieces = _inflated(inflater, rest)
            continue
        more = stream.read(SLICE)
        if not more:
            break
        sent += len(more)
        if sent > bounds.packed:
            raise RuleViolation(bounds.too_large, field="file")
        pieces = _inflated(inflater, more) if inflater is not None else iter((more,))
    if inflater is not None and not inflater.eof:
        raise UnreadableFile("file_not_unpacked")  # cut short


def _inflated(inflater: zlib._Decompress, packed: bytes) -> Iterator[bytes]:
    """What ``packed`` unpacks to, no more than a slice at a time (a bomb never unpacks whole)."""
    try:
        piece = inflater.decompress(packed, SLICE)
        yield piece
        while inflater.unconsumed_tail or len(piece) == SLICE:
            piece = inflater.decompress(inflater.unconsumed_tail, SLICE)
            if not piece and not inflater.unconsumed_tail:
                return
            yield piece
    except zlib.error:
        raise UnreadableFile("file_not_unpacked") from None


class _Slices:
    """The unpacked slices as the file-like object the streaming parser reads."""

    def __init__(self, slices: Iterator[bytes]) -> None:
        self._slices = slices
        self._rest = memoryview(b"")

    def read(self, size: int = -1) -> bytes:
        if not self._rest:
            self._rest = memoryview(next(self._slices, b""))
        size = len(self._rest) if size < 0 else size
        found, self._rest = self._rest[:size], self._rest[size:]
        return bytes(found)


def _measure(slices: Iterator[bytes], bounds: Bounds) -> None:
    """Walk the file's JSON without building it; refuse it past its depth, items or memory."""
    counted, most_items, most_memory = bounds.counted, bounds.most_items, bounds.memory
    counting: list[bool] = []  # for each open list or object: whether its items count
    keys: set[str] = set()  # Python's parser keeps one copy of each key of a document
    key: object = None
    previous = ""
    items = memory = 0
    try:
        for event, value in ijson.basic_parse(_Slices(slices), buf_size=SLICE, use_float=True):
            if event in _ENDS:
                counting.pop()
                previous = event
                continue
            if event == "map_key":
                # An object's table takes 120 bytes with its first key, then about 24 a key.
                memory += 120 if previous == "start_map" else 24
                if value not in keys:
                    keys.add(value)
                    memory += _text_cost(value)
                key, previous = value, event
                continue
            memory += _SLOT
            if counting and counting[-1]:
                items += 1
                if items > most_items:
                    raise RuleViolation(bounds.too_many, field="file", most=most_items)
            if event in _STARTS:
                if len(counting) >= MOST_DEPTH:
                    raise UnreadableFile("file_unreadable", reason=Text("json_too_deep", most=MOST_DEPTH))
                counting.append(event == "start_array" and key in counted)
                memory += 64 if event == "start_map" else 56
            elif event == "string":
                memory += _text_cost(value)
            elif event == "number":
                memory += 24 if type(value) is float else 0 if -5 <= value <= 256 else 32
            if memory > most_memory:
                raise RuleViolation(bounds.too_large, field="file")
            key, previous = None, event
    except RuleViolation:
        raise
    except ijson.JSONError as error:
        if "overflow" in str(error):  # a number past 64 bits: no game, table or drive holds one
            raise UnreadableFile("file_unreadable", reason=Text("json_number_too_large")) from None
        raise UnreadableFile("file_not_json") from None
    except ValueError:  # broken text (a byte that is not UTF-8)
        raise UnreadableFile("file_not_json") from None


def _text_cost(text: str) -> int:
    """What Python takes for ``text``: a head and a byte a letter, up to four past Latin-1."""
    return 49 + len(text) if text.isascii() else 80 + 4 * len(text)

"""An odds table's rows as plain bytes in one file of the user cache, mapped read-only: the
processes of one simulation then read the same pages of memory, where each would otherwise
decompress the blocks it reads into its own.

The compressed files stay the table (small on disk, a few blocks read by a call of a few
lookups); this file is a copy written from them the first time a simulation on several
processes plays by the table, beside them. Its layout: MAGIC, the header's length (8 bytes,
little-endian) and checksum (4), the header (JSON: the format, the rules key, each column's
rows, size and place, and the checksum of all the rows), padded to ROOM bytes, then each
column's rows one after the other, every row's bytes together. The rows' checksum is checked
each time the file is mapped, by reading it (the pages go to the system's cache, shared, not
to the process's memory): a file damaged or cut short is written again.
"""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from mazo.solver.play import kept
from mazo.solver.play.kept import DAMAGED, FORMAT

MAGIC = b"mazo odds rows\n"
SUFFIX = ".rows"
ROOM = 4096  # the header's bytes, padded: the rows start on a page of their own
CHUNK = 1 << 23  # bytes read at a time to check the rows


@dataclass(frozen=True, slots=True)
class Plain:
    """One column to write: its rows' count and size, and its blocks of rows in order."""

    count: int
    size: int
    blocks: Iterable[bytes]


@dataclass(frozen=True, slots=True)
class Mapped:
    """A column's rows in the mapped file, read a block at a time as a table's Rows reads."""

    rows: memoryview
    step: int  # bytes a block

    def __call__(self, block: int) -> memoryview:
        return self.rows[block * self.step : (block + 1) * self.step]


def write(table: Path, key: str, columns: dict[str, Plain]) -> None:
    """The rows file of the table at `table` (kept.path's), written whole or not at all."""
    path = kept.named(table, SUFFIX)
    part = kept.named(table, f"{SUFFIX}.{os.getpid()}.part")
    described, checksum, at = {}, zlib.adler32(b""), 0
    try:
        with part.open("wb") as f:
            f.seek(ROOM)
            for name, column in columns.items():
                start = at
                for block in column.blocks:
                    f.write(block)
                    checksum = zlib.adler32(block, checksum)
                    at += len(block)
                if at - start != column.count * column.size:
                    raise ValueError(f"{name}: the blocks do not hold the rows")
                described[name] = {"count": column.count, "size": column.size, "at": start}
            header = json.dumps(
                {"format": FORMAT, "key": key, "columns": described, "checksum": checksum},
                sort_keys=True,
            ).encode()
            head = MAGIC + len(header).to_bytes(8, "little")
            head += zlib.adler32(header).to_bytes(4, "little") + header
            if len(head) > ROOM:
                raise ValueError("the rows' header is larger than its room")
            f.seek(0)
            f.write(head)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            part.unlink()
        raise


def mapped(table: Path, key: str, per_block: dict[str, int]) -> dict[str, Mapped] | None:
    """Each column's rows, mapped read-only from the rows file of the table at `table`, in
    blocks of `per_block` rows as the table reads them; None when the file is missing, of
    another version or rules, or damaged."""
    path = kept.named(table, SUFFIX)
    try:
        with kept.opened(path) as f:
            size = os.fstat(f.fileno()).st_size
            header = _header(f.read(ROOM), key)
            if header is None or not _whole(_chunks(f), header, size):
                return None
            view = memoryview(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))
        found = {}
        for name, column in header["columns"].items():
            start, length = ROOM + column["at"], column["count"] * column["size"]
            found[name] = Mapped(view[start : start + length], per_block[name] * column["size"])
    except DAMAGED:  # missing or not a regular file too: DamagedTable is a ValueError
        return None
    return found if found.keys() == per_block.keys() else None


def _header(head: bytes, key: str) -> dict[str, Any] | None:
    """The header, believed only when its checksum, version and rules key are this table's."""
    if not head.startswith(MAGIC):
        return None
    at = len(MAGIC)
    length = int.from_bytes(head[at : at + 8], "little")
    checksum = int.from_bytes(head[at + 8 : at + 12], "little")
    text = head[at + 12 : at + 12 + length]
    if len(text) != length or zlib.adler32(text) != checksum:
        return None
    header = json.loads(text)
    return header if (header["format"], header["key"]) == (FORMAT, key) else None


def _chunks(f: BinaryIO) -> Iterator[bytes]:
    while chunk := f.read(CHUNK):
        yield chunk


def _whole(chunks: Iterator[bytes], header: dict[str, Any], size: int) -> bool:
    """Whether the rows after the header are all there and as written: every column inside
    the file, the last at its end, and the checksum of them all the header's."""
    ends = [ROOM + c["at"] + c["count"] * c["size"] for c in header["columns"].values()]
    if max(ends, default=ROOM) != size or any(c["at"] < 0 for c in header["columns"].values()):
        return False
    checksum = zlib.adler32(b"")
    for chunk in chunks:
        checksum = zlib.adler32(chunk, checksum)
    return bool(checksum == header["checksum"])

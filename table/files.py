"""Reading a file that someone else may have put in its place: only a regular file, and only
so much of it. A FIFO would hang the read, a device or a huge file fill the memory: each is
one clear error (an OSError that says what is there) instead.

Writing one whole or not at all (`replaced`): a full disk or a stop halfway leaves the file
as it was, never half a file, and no copy lying beside it."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import IO


class Thing(StrEnum):
    """What can be at a path instead of a regular file (its words: WORDS, and the screen's)."""

    FOLDER = "folder"
    FIFO = "fifo"
    DEVICE = "device"
    SOCKET = "socket"
    DANGLING = "dangling"  # a symbolic link to nothing
    LOOP = "loop"  # symbolic links that lead to each other
    OTHER = "other"


WORDS = {
    Thing.FOLDER: "a folder",
    Thing.FIFO: "a named pipe (FIFO)",
    Thing.DEVICE: "a device",
    Thing.SOCKET: "a socket",
    Thing.DANGLING: "a link to nothing",
    Thing.LOOP: "a loop of links",
    Thing.OTHER: "not a file",
}
KINDS = (
    (stat.S_ISDIR, Thing.FOLDER),
    (stat.S_ISFIFO, Thing.FIFO),
    (stat.S_ISCHR, Thing.DEVICE),
    (stat.S_ISBLK, Thing.DEVICE),
    (stat.S_ISSOCK, Thing.SOCKET),
)


class NotAFile(OSError):
    """Something other than a regular file is at `filename`: `thing` says what."""

    def __init__(self, path: Path | str, thing: Thing) -> None:
        super().__init__(errno.EINVAL, f"{WORDS[thing]} is there, not a file", str(path))
        self.thing = thing

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class TooBig(OSError):
    """A regular file longer than its reader takes."""

    def __init__(self, path: Path | str, limit: int) -> None:
        super().__init__(errno.EFBIG, f"longer than {limit:,} bytes: not what it should be")
        self.filename = str(path)

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _kind(mode: int) -> Thing | None:
    if stat.S_ISREG(mode):
        return None
    return next((thing for test, thing in KINDS if test(mode)), Thing.OTHER)


STREAMS = (Thing.FIFO, Thing.DEVICE)
"""What `read_bytes(streams=True)` reads as well: a pipe (/dev/stdin, a shell's <(...)), a
named pipe (read once its writer comes, as `cat` would), a terminal."""


def read_bytes(path: Path | str, limit: int, streams: bool = False) -> bytes:
    """A regular file's bytes (or a stream's, with `streams`), at most `limit` of them;
    NotAFile, TooBig or another OSError."""
    blocking = 0 if streams else os.O_NONBLOCK  # O_NONBLOCK: a FIFO's open waits for a writer
    try:
        fd = os.open(path, os.O_RDONLY | blocking | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        if os.path.islink(path):
            raise NotAFile(path, Thing.DANGLING) from None
        raise
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise NotAFile(path, Thing.LOOP) from None
        raise
    try:
        thing = _kind(os.fstat(fd).st_mode)
        if thing is not None and not (streams and thing in STREAMS):
            raise NotAFile(path, thing)
        chunks, size = [], 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise TooBig(path, limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


@contextlib.contextmanager
def replaced(path: Path | str, mode: str = "wb", **options) -> Iterator[IO]:
    """A new file to write (`open`'s `mode` and `options`) that takes `path`'s place once the
    block ends, on disk (fsync'd, then renamed); when the block or the disk fails, the copy
    is removed and `path` is as it was."""
    path = Path(path)
    tmp = path.with_name(path.name + ".new")
    try:
        with open(_fresh(tmp), mode, **options) as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException as err:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(err, OSError) and err.filename == str(tmp):
            err.filename = str(path)  # the file people asked for, not our copy's name
        raise


def write_whole(path: Path | str, data: bytes) -> None:
    """`data` as the whole of the file at `path`, as `replaced` writes it; raises OSError."""
    with replaced(path) as out:
        out.write(data)


def _fresh(path: Path) -> int:
    """A new empty file at `path`, opened to write (its descriptor). Whatever was there is
    removed first, never opened: a copy a stop left, or a FIFO (opening it would wait for a
    reader for ever), a link (the file it leads to would be written over) or a device. A
    folder there is an OSError."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC  # O_EXCL: never through a link
    return os.open(path, flags, 0o666)

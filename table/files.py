"""Reading a file that someone else may have put in its place: only a regular file, and only
so much of it. A FIFO would hang the read, a device or a huge file fill the memory: each is
one clear error (an OSError that says what is there) instead."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

KINDS = (  # what a path can be besides a regular file, in the words the messages use
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotAFile(OSError):
    """Something other than a regular file is at `filename`: `what` says what."""

    def __init__(self, path: Path | str, what: str) -> None:
        super().__init__(errno.EINVAL, f"{what} is there, not a file", str(path))
        self.what = what

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class TooBig(OSError):
    """A regular file longer than its reader takes."""

    def __init__(self, path: Path | str, limit: int) -> None:
        super().__init__(errno.EFBIG, f"longer than {limit:,} bytes: not what it should be")
        self.filename = str(path)

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def what_is_at(path: Path | str) -> str | None:
    """What is at `path` if it is not a regular file (through links): a folder, a link to
    nothing, a loop of links...; None for a regular file or nothing at all."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "a link to nothing" if os.path.islink(path) else None
    except OSError as err:
        if err.errno == errno.ELOOP:
            return "a loop of links"
        raise
    return _kind(mode)


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in KINDS if test(mode)), "not a file")


def read_bytes(path: Path | str, limit: int) -> bytes:
    """A regular file's bytes, at most `limit` of them; NotAFile, TooBig or another OSError."""
    try:  # O_NONBLOCK: opening a FIFO waits for a writer without it
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        if os.path.islink(path):
            raise NotAFile(path, "a link to nothing") from None
        raise
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise NotAFile(path, "a loop of links") from None
        raise
    try:
        what = _kind(os.fstat(fd).st_mode)
        if what is not None:
            raise NotAFile(path, what)
        chunks, size = [], 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise TooBig(path, limit)
        return b"".join(chunks)
    finally:
        os.close(fd)

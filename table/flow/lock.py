"""One table per state folder: an flock on `<state_dir>/table.lock`, held for the process's
life, with the holder's process id in the file so a second table can say who has it.

A file can be removed while it is locked (or its whole folder): a second table would then lock
a new one. So the table also holds a name no file operation reaches, a Unix socket in Linux's
abstract namespace named after the folder's path, for as long as it runs; the file is locked
again at the next write.

Both are released by the kernel when the process ends, however it ends, so a table killed
mid-game never leaves a stale lock behind. Readers (`uno-table replay`) skip them.
"""

from __future__ import annotations

import errno
import fcntl
import os
import socket
import struct
from pathlib import Path

# Python's own SHA-256, as the standard library's `random` takes its SHA-512: `hashlib` loads
# OpenSSL's libcrypto, 3 MiB resident for one digest of a path.
try:
    from _sha2 import sha256  # Python 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        from hashlib import sha256

LOCK_NAME = "table.lock"


class Locked(Exception):
    """Another process holds the state folder: `pid` says which (None when it wrote none)."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        who = f"process {pid}" if pid else "another process"
        super().__init__(f"{folder} is in use by another table ({who}); stop it first")
        self.folder = folder
        self.pid = pid


class StateLock:
    """The lock of one state folder, taken once and held until `release` or the process ends."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._fd: int | None = None
        self._name: socket.socket | None = None  # the folder's name, held while the table runs

    @property
    def path(self) -> Path:
        return self.folder / LOCK_NAME

    @property
    def held(self) -> bool:
        return self._fd is not None

    def take(self) -> None:
        """Take the lock, making the folder if need be; nothing when held already.

        Raises Locked when another process holds it (without writing anything), or OSError."""
        if self._fd is not None and self._still_ours():
            return
        self._release_file()
        if self._name is None:
            self._name = _hold_name(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = _open(self.path)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _pid_in(fd)
            os.close(fd)
            raise Locked(self.folder, pid) from None
        except OSError:
            os.close(fd)
            raise
        self._fd = fd
        try:  # the pid is for people and the next table's message: the lock works without it
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass

    def _still_ours(self) -> bool:
        """The lock file is still the one locked (not removed with its folder)."""
        try:
            return os.path.samestat(os.stat(self.path), os.fstat(self._fd))
        except OSError:
            return False

    def release(self) -> None:
        """Let another table have the folder."""
        self._release_file()
        if self._name is not None:
            self._name.close()
            self._name = None

    def _release_file(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the last descriptor releases the flock
            self._fd = None


def _open(path: Path) -> int:
    """The lock file, made if need be; never through a link: the pid written into it would
    cut whatever the link leads to (the journal, too), or make a file where it points."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "a link is where the lock file goes", str(path)) from None
        raise


def _hold_name(folder: Path) -> socket.socket:
    """Bind the folder's abstract socket name (Locked when another process holds it)."""
    path = os.path.realpath(folder).encode()
    name = b"\0uno-table-lock-" + sha256(path).hexdigest()[:32].encode()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC)
    try:
        sock.bind(name)
        sock.listen(1)  # a second table connects only to ask who holds it
    except OSError as err:
        sock.close()
        if err.errno != errno.EADDRINUSE:
            raise
        raise Locked(Path(folder), _holder(name)) from None
    return sock


def _holder(name: bytes) -> int | None:
    """The process holding an abstract socket name, as the kernel says (None if it cannot)."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC) as probe:
            probe.settimeout(1.0)
            probe.connect(name)
            creds = probe.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except OSError:
        return None
    return struct.unpack("3i", creds)[0] or None


def _pid_in(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None

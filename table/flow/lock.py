"""One table per state folder: an flock on `<state_dir>/table.lock`, held for the process's
life, with the holder's process id in the file so a second table can say who has it.

The lock is advisory and released by the kernel when the process ends, however it ends, so a
table killed mid-game never leaves a stale lock behind. Readers (`uno-table replay`) skip it.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

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
        self.release()
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
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
        if self._fd is not None:
            os.close(self._fd)  # closing the last descriptor releases the flock
            self._fd = None


def _pid_in(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None

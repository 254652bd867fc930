"""An fsync on a thread of its own: the table draws the next frame while the disk makes an
action durable, and shows that frame only once the fsync returned (table/flow/loop.py)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor


class Syncer:
    """Runs `sync(fd)` on one thread, started at the first use; `close` ends the thread."""

    def __init__(self, sync: Callable[[int], None]) -> None:
        self._sync = sync
        self._pool: ThreadPoolExecutor | None = None

    def start(self, fd: int) -> Future[None]:
        """`sync(fd)` begun; the future holds what it raised (an OSError: not on disk)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal fsync")
        return self._pool.submit(self._sync, fd)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None

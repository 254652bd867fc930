"""An fsync on a thread of its own: the table draws the next frame while the disk makes an
action durable, and shows that frame only once the fsync returned (table/flow/loop.py)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor


class Syncer:
    """Runs `sync(fd)` calls on one thread, started at the first use; `close` ends the thread.

    It keeps no `sync` of its own: a journal's bound method kept here would make a cycle
    (journal, syncer, journal), which only Python's cyclic collector frees, long after."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None

    def start(self, sync: Callable[[int], None], fd: int) -> Future[None]:
        """`sync(fd)` begun; the future holds what it raised (an OSError: not on disk)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal fsync")
        return self._pool.submit(sync, fd)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None

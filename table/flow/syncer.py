"""An fsync on a thread of its own: the table draws the next frame while the disk makes an
action durable, and shows that frame only once the fsync returned (table/flow/loop.py).

`start` returns only once the fsync has begun. Otherwise the thread would wait for the GIL
while the loop draws (Python lets a waiting thread in only after 5 ms, or when the holder
blocks), and the fsync would start when the frame is done: drawn, then synced, not both at
once. The thread holds the GIL from its signal until the fsync's system call lets go of it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor


class Syncer:
    """Runs `sync(fd)` calls on one thread, started at the first use; `close` ends the thread.

    It keeps no `sync` of its own: a journal's bound method kept here would make a cycle
    (journal, syncer, journal), which only Python's cyclic collector frees, long after."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None

    def start(self, sync: Callable[[int], None], fd: int) -> Future[None]:
        """`sync(fd)` begun on the thread; the future holds what it raised (an OSError: not on
        disk)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal fsync")
        begun = threading.Event()
        future = self._pool.submit(_run, sync, fd, begun)
        begun.wait()
        return future

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


def _run(sync: Callable[[int], None], fd: int, begun: threading.Event) -> None:
    begun.set()
    sync(fd)

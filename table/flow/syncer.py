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
    """Runs `sync(fd)` on one thread, started at the first use; `close` ends the thread."""

    def __init__(self, sync: Callable[[int], None]) -> None:
        self._sync = sync
        self._pool: ThreadPoolExecutor | None = None

    def start(self, fd: int) -> Future[None]:
        """`sync(fd)` begun on the thread; the future holds what it raised (an OSError: not on
        disk)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal fsync")
        begun = threading.Event()
        future = self._pool.submit(self._run, fd, begun)
        begun.wait()
        return future

    def _run(self, fd: int, begun: threading.Event) -> None:
        begun.set()
        self._sync(fd)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None

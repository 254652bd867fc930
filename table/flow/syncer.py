"""An fsync on a thread of its own: the table draws the next frame while the disk makes an
action durable, and shows that frame only once the fsync returned (table/flow/loop.py).

`start` returns only once the fsync has begun. Otherwise the thread would wait for the GIL
while the loop draws (Python lets a waiting thread in only after 5 ms, or when the holder
blocks), and the fsync would start when the frame is done: drawn, then synced, not both at
once. The thread holds the GIL from its signal until the fsync's system call lets go of it.

Each hand-off between the two threads is one lock of C's (`_thread`), not an executor's
future: that one's conditions and semaphore run Python on both sides of every hand-off,
each step waiting for the GIL.

`os.fsync` itself (the journal's own sync) runs on glibc's AIO thread instead, where there is
one (table/flow/aio.py): no Python thread, so no wait for the GIL at either end. Any other
sync (a test's, holding the fsync on an event) runs on the Python thread.
"""

from __future__ import annotations

import _thread
import os
import queue
import threading
from collections.abc import Callable

from table.flow.aio import Aio, AioSync


class Syncing:
    """One `sync(fd)` given to the thread; `result()` waits for it to return."""

    def __init__(self, sync: Callable[[int], None], fd: int) -> None:
        self._sync, self._fd = sync, fd
        self._begun, self._done = _thread.allocate_lock(), _thread.allocate_lock()
        self._begun.acquire()
        self._done.acquire()
        self._error: BaseException | None = None

    def run(self) -> None:
        """On the thread: say it has begun, then sync."""
        self._begun.release()
        try:
            self._sync(self._fd)
        except BaseException as err:  # handed to whoever waits in result(), as a Future would
            self._error = err
        finally:
            self._done.release()

    def begun(self) -> None:
        """Wait until the thread has begun the sync."""
        self._begun.acquire()

    def result(self) -> None:
        """Wait for the sync to return; raise what it raised (an OSError: not on disk)."""
        with self._done:
            pass
        if self._error is not None:
            raise self._error


class Syncer:
    """Runs `sync(fd)` calls on one thread, started at the first use; `close` ends the thread.

    It keeps no `sync` of its own: a journal's bound method kept here would make a cycle
    (journal, syncer, journal), which only Python's cyclic collector frees, long after."""

    def __init__(self) -> None:
        self._aio = Aio.load()
        self._jobs: queue.SimpleQueue[Syncing | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def start(self, sync: Callable[[int], None], fd: int) -> Syncing | AioSync:
        """`sync(fd)` begun on the thread, os.fsync on glibc's (its `result()` waits for it)."""
        if sync is os.fsync and self._aio is not None:
            return AioSync(self._aio, fd)
        if self._thread is None:
            self._thread = threading.Thread(
                target=_serve, args=(self._jobs,), name="journal fsync", daemon=True
            )
            self._thread.start()
        job = Syncing(sync, fd)
        self._jobs.put(job)
        job.begun()
        return job

    def close(self) -> None:
        """End the thread once the syncs given to it have returned."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None


def _serve(jobs: queue.SimpleQueue[Syncing | None]) -> None:
    while (job := jobs.get()) is not None:
        job.run()

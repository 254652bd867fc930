"""One wait for every input source: the loop sleeps here until any of them has something.

Hardware threads put events on an `Inbox`, which pokes the `Wakeup`; the window adds the
file descriptors it reads input from (and, for a window whose input cannot be seen, a poll
interval); a signal's handler wakes it too. Idle, nothing runs until a source has input or
the timeout (a deadline, the watchdog) passes.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import signal
from collections.abc import Callable, Iterable
from typing import Any

Fds = Callable[[], Iterable[int]]


class Wakeup:
    """A pipe any thread (or a signal) may poke, and other file descriptors to wait on."""

    def __init__(self) -> None:
        self._read, self._write = os.pipe()
        for fd in (self._read, self._write):
            os.set_blocking(fd, False)  # a full pipe means "already poked", never a stuck thread
        self._sources: list[Fds] = []
        self._signals = False
        self._deaf: set[int] = set()  # hung-up fds, ignored until their owner closes them
        self.poll: float | None = None  # the longest sleep, when a source cannot wake us

    def poke(self) -> None:
        """Wake the waiting loop (from any thread)."""
        if self._write < 0:
            return  # closed: its number may be another file's by now
        # Full: a wake-up is pending already; closed meanwhile: nobody waits.
        with contextlib.suppress(OSError):
            os.write(self._write, b"\0")

    def add(self, fds: Fds = tuple, poll: float | None = None) -> None:
        """Wait on `fds()` (listed again at every wait) too; sleep at most `poll` s if given."""
        self._sources.append(fds)
        if poll is not None:
            self.poll = poll if self.poll is None else min(self.poll, poll)

    @property
    def poke_fd(self) -> int:
        """The pipe's write end (-1 once closed): one byte written there is a poke."""
        return self._write

    @property
    def ignored(self) -> set[int]:
        """The fds that hung up (an unplugged device): not waited on until they are closed."""
        return set(self._deaf)

    def wake_on_signals(self) -> None:
        """Make every signal (SIGTERM from systemd) wake the loop: its handler then runs."""
        signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)
        self._signals = True

    def wait(self, timeout: float) -> None:
        """Sleep until poked, a source's fd is readable, or `timeout` (or the poll) passes."""
        if self.poll is not None:
            timeout = min(timeout, self.poll)
        poller = select.poll()
        poller.register(self._read, select.POLLIN)
        fds = self.watched()
        for fd in fds:
            poller.register(fd, select.POLLIN)
        # A signal interrupts the poll: Python runs its handler, and the poke it wrote ends it.
        ready = poller.poll(max(0, round(timeout * 1000)))
        self._drain()
        self._ignore_hangups(ready, fds)

    def watched(self) -> set[int]:
        """The file descriptors a wait watches now, besides the pipe (hung-up ones left out)."""
        fds = {fd for source in self._sources for fd in source()}
        self._deaf &= fds  # a closed fd's number may come back as another device
        return fds - self._deaf - {self._read}

    def _ignore_hangups(self, ready: list[tuple[int, int]], fds: set[int]) -> None:
        # An unplugged device's fd reports a hang-up until its owner closes it: do not spin.
        hung = select.POLLHUP | select.POLLERR | select.POLLNVAL
        self._deaf |= {fd for fd, flags in ready if fd in fds and flags & hung}

    def _drain(self) -> None:
        with contextlib.suppress(BlockingIOError):
            while os.read(self._read, 512):
                pass

    def close(self) -> None:
        """Close the pipe (after the loop has stopped)."""
        if self._signals:
            signal.set_wakeup_fd(-1)
        fds, self._read, self._write = (self._read, self._write), -1, -1
        for fd in fds:
            if fd >= 0:
                os.close(fd)


class Inbox(queue.Queue):
    """The queue input events go on: every put wakes the loop's `Wakeup`."""

    def __init__(self) -> None:
        super().__init__()
        self.wakeup = Wakeup()

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        self.wakeup.poke()

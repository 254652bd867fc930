"""An fsync on glibc's own POSIX AIO thread (`aio_fsync`), called through ctypes.

That thread is C's: it needs no GIL to begin the fsync, nor to say it has returned. A Python
thread's fsync, done while the loop draws, waits for the GIL to return (until the loop blocks,
or Python's 5 ms switch); the loop then waits for that thread to be scheduled, take the GIL,
say so and block again: on a loaded machine each of those waits is a scheduler's slice. Here
the loop asks glibc whether the fsync is done; it sleeps (without the GIL) only when it is not.

glibc's thread, woken for an fsync, runs where the loop runs: the kernel puts a woken thread
on its waker's CPU, and the fsync's own work (the filesystem, the disk's queue) then stops the
loop from drawing, some 0.1 ms an action here. So that thread is kept off the CPU the loop is on
(`Aio.begin`), wherever another CPU is free to take it.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import threading

SIGEV_NONE = 1  # Linux's: no signal, no thread when the request completes
_SIGEVENT_SIZE = 64  # bytes, on every Linux ABI
IDLE_TIME = 24 * 3600  # seconds glibc's AIO thread waits for the next request before it ends


class _AioInit(ctypes.Structure):
    """glibc's struct aioinit (aio_init's tuning)."""

    _fields_ = [
        (name, ctypes.c_int)
        for name in ("threads", "num", "locks", "usedba", "debug", "numusers", "idle_time", "_")
    ]


class _SigEvent(ctypes.Structure):
    _fields_ = [
        ("value", ctypes.c_void_p),
        ("signo", ctypes.c_int),
        ("notify", ctypes.c_int),
        ("rest", ctypes.c_byte * (_SIGEVENT_SIZE - ctypes.sizeof(ctypes.c_void_p) - 8)),
    ]


class _AioCb(ctypes.Structure):
    """glibc's struct aiocb64 (the 64-bit offset one on every ABI)."""

    _fields_ = [
        ("fildes", ctypes.c_int),
        ("lio_opcode", ctypes.c_int),
        ("reqprio", ctypes.c_int),
        ("buf", ctypes.c_void_p),
        ("nbytes", ctypes.c_size_t),
        ("sigevent", _SigEvent),
        ("next_prio", ctypes.c_void_p),
        ("abs_prio", ctypes.c_int),
        ("policy", ctypes.c_int),
        ("error_code", ctypes.c_int),
        ("return_value", ctypes.c_ssize_t),
        ("offset", ctypes.c_int64),
        ("reserved", ctypes.c_char * 32),
    ]


class Aio:
    """glibc's AIO calls (`load` is None where the C library has none: musl, not Linux)."""

    def __init__(self, keeps_gil: ctypes.PyDLL, lets_go: ctypes.CDLL) -> None:
        pointer = ctypes.POINTER(_AioCb)
        # Calls that never block keep the GIL: a call that let go of it would have the loop
        # wait to take it back from whichever thread took it meanwhile (a device's, the bench's).
        fsync, error, reap = keeps_gil.aio_fsync64, keeps_gil.aio_error64, keeps_gil.aio_return64
        fsync.argtypes = [ctypes.c_int, pointer]
        error.argtypes = reap.argtypes = [pointer]
        reap.restype = ctypes.c_ssize_t
        self.fsync, self.error, self.reap = fsync, error, reap
        # The one that sleeps lets go of it: every other thread runs meanwhile.
        self.suspend = lets_go.aio_suspend64
        self.suspend.argtypes = [ctypes.POINTER(pointer), ctypes.c_int, ctypes.c_void_p]
        # One fsync at a time, on a thread kept between actions: by default it ends after 1 s
        # idle, and players act every few seconds, so each action would start a new one.
        keeps_gil.aio_init(ctypes.byref(_AioInit(threads=1, num=1, idle_time=IDLE_TIME)))
        self._cpu = keeps_gil.sched_getcpu
        self._cpus = frozenset(os.sched_getaffinity(0))
        self.worker: int | None = None
        """glibc's AIO thread (its thread id) once seen; 0 when it could not be told apart."""
        self._kept_off = -1  # the CPU the worker was last kept off

    def begin(self, cb: _AioCb) -> int:
        """`aio_fsync` of `cb`'s file (0, or -1 and errno), on glibc's thread, kept off the
        CPU the caller is on: the first request makes that thread, the next ones steer it."""
        if self.worker is None and len(self._cpus) > 1:
            before = _tasks()
            code = self.fsync(os.O_SYNC, cb)  # O_SYNC: fsync's own guarantee, not fdatasync
            self.worker = _newcomer(before)
            return code
        self._keep_off()
        return self.fsync(os.O_SYNC, cb)

    def _keep_off(self) -> None:
        worker, cpu = self.worker, self._cpu()
        if not worker or cpu == self._kept_off or cpu < 0:
            return
        try:
            if not os.path.isdir(f"/proc/self/task/{worker}"):
                raise ProcessLookupError(worker)  # its idle time passed: the next is another
            # Never empty: a worker is looked for only where the process has two CPUs or more.
            os.sched_setaffinity(worker, self._cpus - {cpu})
        except OSError:
            self.worker, self._kept_off = None, -1  # the next request looks for it again
            return
        self._kept_off = cpu

    @classmethod
    @functools.cache  # one a process, as glibc's thread is: every journal's Aio steers it
    def load(cls) -> Aio | None:
        """The calls from the C library this process runs on, or None."""
        try:
            return cls(ctypes.PyDLL(None, use_errno=True), ctypes.CDLL(None))
        except (OSError, AttributeError):
            return None


def _tasks() -> set[int]:
    """This process's threads (their ids), or none where /proc cannot say."""
    try:
        return {int(task) for task in os.listdir("/proc/self/task")}
    except OSError:
        return set()


def _newcomer(before: set[int]) -> int:
    """The one thread started since `before` that is not Python's: glibc's AIO thread (0
    when there is not exactly one)."""
    if not before:
        return 0
    new = _tasks() - before - {thread.native_id for thread in threading.enumerate()}
    return new.pop() if len(new) == 1 else 0


class AioSync:
    """One fsync of `fd`, begun on glibc's AIO thread when made; `result()` waits for it."""

    def __init__(self, aio: Aio, fd: int) -> None:
        self._aio = aio
        self._cb = _AioCb(fildes=fd)  # glibc holds its address until the request is reaped
        self._cb.sigevent.notify = SIGEV_NONE
        self._list = (ctypes.POINTER(_AioCb) * 1)(ctypes.pointer(self._cb))
        self._error: int | None = None  # the fsync's errno once reaped (0: on disk)
        if aio.begin(self._cb) != 0:
            self._error = ctypes.get_errno() or errno.EIO  # never queued: nothing to reap

    def done(self) -> bool:
        """Whether the fsync has returned (never waits)."""
        return self._error is not None or self._aio.error(self._cb) != errno.EINPROGRESS

    def result(self) -> None:
        """Wait for the fsync to return; raise OSError with its errno when it failed."""
        if self._error is None:
            while (code := self._aio.error(self._cb)) == errno.EINPROGRESS:
                self._aio.suspend(self._list, 1, None)  # EINTR (a signal): look again
            self._aio.reap(self._cb)
            self._error = code
        if self._error:
            raise OSError(self._error, os.strerror(self._error))

    def __del__(self) -> None:
        # glibc writes into the control block until the fsync returns: never free it before.
        if self._error is None:
            while self._aio.error(self._cb) == errno.EINPROGRESS:
                self._aio.suspend(self._list, 1, None)
            self._aio.reap(self._cb)

"""An fsync on glibc's own POSIX AIO thread (`aio_fsync`), called through ctypes.

That thread is C's: it needs no GIL to begin the fsync, nor to say it has returned. A Python
thread's fsync, done while the loop draws, waits for the GIL to return (until the loop blocks,
or Python's 5 ms switch); the loop then waits for that thread to be scheduled, take the GIL,
say so and block again: on a loaded machine each of those waits is a scheduler's slice. Here
the loop asks glibc whether the fsync is done; it sleeps (without the GIL) only when it is not.
"""

from __future__ import annotations

import ctypes
import errno
import os

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

    @classmethod
    def load(cls) -> Aio | None:
        """The calls from the C library this process runs on, or None."""
        try:
            return cls(ctypes.PyDLL(None, use_errno=True), ctypes.CDLL(None))
        except (OSError, AttributeError):
            return None


class AioSync:
    """One fsync of `fd`, begun on glibc's AIO thread when made; `result()` waits for it."""

    def __init__(self, aio: Aio, fd: int) -> None:
        self._aio = aio
        self._cb = _AioCb(fildes=fd)  # glibc holds its address until the request is reaped
        self._cb.sigevent.notify = SIGEV_NONE
        self._list = (ctypes.POINTER(_AioCb) * 1)(ctypes.pointer(self._cb))
        self._error: int | None = None  # the fsync's errno once reaped (0: on disk)
        if aio.fsync(os.O_SYNC, self._cb) != 0:  # O_SYNC: fsync's own guarantee, not fdatasync
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

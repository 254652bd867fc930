"""The journal's own fsync runs on glibc's AIO thread (no Python thread, no wait for the GIL),
and its `result()` returns only once the fsync has: what it did, or the error it met."""

from __future__ import annotations

import ctypes
import errno
import os
import subprocess
import sys
import threading

import pytest

from engine import Game, RuleSet
from table.flow.aio import SIGEV_NONE, Aio, AioSync, _AioCb
from table.flow.journal import Journal, read

HANG_GUARD = 30.0  # seconds: only ever reached when a wait never ends

AIO = Aio.load()
needs_aio = pytest.mark.skipif(AIO is None, reason="no POSIX AIO in this C library")


def _game() -> Game:
    game = Game.new(2, RuleSet(), seed=7)
    while game.awaiting.kind != "turn":
        game.apply(game.legal_actions()[0])
    return game


@needs_aio
def test_the_journals_fsync_runs_on_no_python_thread(tmp_path):
    game = _game()
    journal = Journal.create(tmp_path / "game.jsonl", game)
    try:
        threads = set(threading.enumerate())
        journal.apply(game, game.legal_actions()[0], wait=False)
        assert journal.pending
        assert set(threading.enumerate()) == threads  # glibc's thread is not Python's
        journal.saved(game)
        assert not journal.pending
        assert len(read(journal.path).actions) == len(game.history)
    finally:
        journal.close()


@needs_aio
def test_a_failed_fsync_raises_its_error_from_result():
    read_end, write_end = os.pipe()
    try:
        sync = AioSync(AIO, write_end)  # a pipe cannot be synced: EINVAL, from glibc's thread
        with pytest.raises(OSError) as failed:
            sync.result()
        assert failed.value.errno == errno.EINVAL
        assert sync.done()
    finally:
        os.close(read_end)
        os.close(write_end)


@needs_aio
def test_an_fsync_that_cannot_begin_raises_from_result_too():
    read_end, write_end = os.pipe()
    os.close(read_end)
    os.close(write_end)
    sync = AioSync(AIO, write_end)  # closed: glibc refuses it at once
    assert sync.done()
    with pytest.raises(OSError) as failed:
        sync.result()
    assert failed.value.errno == errno.EBADF


@needs_aio
def test_result_waits_until_the_fsync_has_run():
    """glibc runs one file's requests in turn: a read of an empty pipe holds the fsync back
    until the test writes to the pipe."""
    read_end, write_end = os.pipe()
    libc = ctypes.CDLL(None, use_errno=True)
    libc.aio_read64.argtypes = [ctypes.POINTER(_AioCb)]
    byte = ctypes.create_string_buffer(1)
    holder = _AioCb(fildes=read_end, buf=ctypes.cast(byte, ctypes.c_void_p), nbytes=1)
    holder.sigevent.notify = SIGEV_NONE
    try:
        assert libc.aio_read64(ctypes.byref(holder)) == 0
        sync = AioSync(AIO, read_end)
        outcome: list[int | None] = []

        def wait() -> None:
            try:
                sync.result()
                outcome.append(None)
            except OSError as err:
                outcome.append(err.errno)

        waiter = threading.Thread(target=wait)
        waiter.start()
        waiter.join(0.2)
        assert waiter.is_alive() and not sync.done() and outcome == []  # still held
        os.write(write_end, b"x")
        waiter.join(HANG_GUARD)
        assert outcome == [errno.EINVAL]  # it ran, then: a pipe cannot be synced
    finally:
        libc.aio_return64.argtypes = [ctypes.POINTER(_AioCb)]
        while libc.aio_error64(ctypes.byref(holder)) == errno.EINPROGRESS:
            os.write(write_end, b"x")  # a failed assertion: let the held read end
        libc.aio_return64(ctypes.byref(holder))
        os.close(read_end)
        os.close(write_end)


THREAD_PROBE = """
import os, sys, tempfile, time
from table.flow.aio import Aio, AioSync
aio = Aio.load()
fd = os.open(os.path.join(tempfile.mkdtemp(), "f"), os.O_CREAT | os.O_WRONLY)
before = len(os.listdir("/proc/self/task"))
AioSync(aio, fd).result()
time.sleep(float(sys.argv[1]))  # glibc's default: a thread idle for 1 s ends
print(len(os.listdir("/proc/self/task")) - before)
"""


@needs_aio
@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="no /proc to count threads")
def test_the_aio_thread_waits_for_the_next_action_past_a_second(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", THREAD_PROBE, "1.6"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "1"  # still there: the next fsync starts no thread


STEER_PROBE = """
import os, sys, tempfile, threading
from table.flow.aio import Aio, AioSync
cpu = int(sys.argv[1])
aio = Aio.load()  # the CPUs this process may use: all of them
os.sched_setaffinity(0, {cpu})  # this thread (the loop's stand-in) on one of them
fd = os.open(os.path.join(tempfile.mkdtemp(), "f"), os.O_CREAT | os.O_WRONLY)
AioSync(aio, fd).result()  # the first request makes glibc's thread
AioSync(aio, fd).result()  # the next one steers it
mine = {t.native_id for t in threading.enumerate()}
print(aio.worker, int(aio.worker in mine), sorted(os.sched_getaffinity(aio.worker)))
os.sched_setaffinity(aio.worker, {cpu})
aio.worker = 2 ** 22 + 1  # not a thread of this process (above Linux's highest thread id)
os.sched_setaffinity(0, {int(sys.argv[2])})  # the loop moved: the worker is to be steered
AioSync(aio, fd).result()  # still synced; the worker is looked for again
AioSync(aio, fd).result()
print(aio.worker)
"""

CPUS = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []


@needs_aio
@pytest.mark.skipif(len(CPUS) < 2 or not os.path.isdir("/proc/self/task"), reason="one CPU")
def test_the_aio_thread_is_kept_off_the_cpu_the_loop_draws_on():
    cpu, other = CPUS[-1], CPUS[0]
    out = subprocess.run(
        [sys.executable, "-c", STEER_PROBE, str(cpu), str(other)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    first, second = out.stdout.strip().splitlines()
    worker, python, allowed = first.split(" ", 2)
    assert int(worker) > 0 and python == "0"  # glibc's thread, not one of Python's
    assert allowed == str([c for c in CPUS if c != cpu])
    # The one it was told is gone: no error, and no other thread is taken for it (glibc's own
    # is still there, so no new thread comes to be found).
    assert second == "0"

"""A card reader on a thread: a device's readings in, CodeScanned and DeviceProblem events out.

The device itself is a backend (a serial port and its framing, an NFC frontend, an evdev
keyboard): the thread opens it, reads it, reports it lost and finds it again.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Protocol

from hw.codebook import printable
from hw.events import CodeScanned, DeviceProblem, DeviceReady, InputEvent, Problem
from hw.framing import BadFrame, Frame, Reading
from hw.presence import Presence

log = logging.getLogger(__name__)


class ReaderUnavailable(Exception):
    """The device cannot be opened now: `kind` says why, `message` in English for the log,
    `detail` the system's words."""

    def __init__(self, kind: Problem, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.detail = detail


class DeviceLost(Exception):
    """The open device stopped answering: unplugged, or its port failed."""


class Source(Protocol):
    """An open device: `where` says what was opened, for people."""

    where: str

    def read(self) -> list[Reading]:
        """The next readings; [] after a while without any. Raises DeviceLost."""

    def cancel(self) -> None:
        """Make a read waiting in another thread return now."""

    def close(self) -> None:
        """Release the device."""


class Backend(Protocol):
    """How to open one kind of device."""

    def open(self) -> Source:
        """The open device; raises ReaderUnavailable."""


class CardReader:
    """Reads one card reader on a thread; survives garbage, repeats and unplugging.

    `decode` turns a scanned text into a card code, or None when it is not one. A reading the
    same as one seen less than `repeat` seconds before is not reported again (hw.presence);
    `clock` times both (monotonic seconds; a table script's clock jumps over its waits).
    `quiet_until_found`: a device not plugged in is not reported until it has been open once
    (where something else stands in for it, a reader never plugged in is no problem).
    """

    def __init__(
        self,
        name: str,
        backend: Backend,
        events: queue.Queue[InputEvent],
        decode: Callable[[str], str | None],
        *,
        repeat: float = 0.0,
        retry: float = 0.1,
        max_retry: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
        quiet_until_found: bool = False,
    ) -> None:
        self.name = name
        self.backend = backend
        self._quiet_absent = quiet_until_found  # cleared once the device has been open
        self._events = events
        self._decode = decode
        self._presence = Presence(repeat)
        self._clock = clock  # the table's: scan times and the repeat window are on it
        self._retry = retry
        self._max_retry = max_retry
        self._stop = threading.Event()
        # The open device, for close() to cancel a read that waits for input.
        self._source: Source | None = None
        self._source_lock = threading.Lock()
        self._down = False
        self.connected = False
        """Whether the device is open now: a scan made while it is not would be lost."""
        self.taken = 0
        """Bytes of the open device read and handed on as events (a serial port's; 0 for a
        device that does not count them): whoever writes them can wait for this, not a time."""
        self._thread = threading.Thread(target=self._run, name=f"reader-{name}", daemon=True)

    @property
    def down(self) -> bool:
        """Whether the device was reported not there (or lost) and has not opened since."""
        return self._down

    def start(self) -> CardReader:
        """Start reading in the background."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop reading and release the device."""
        self._stop.set()
        with self._source_lock:
            if self._source is not None:
                self._source.cancel()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def __enter__(self) -> CardReader:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        delay = self._retry
        while not self._stop.is_set():
            source = self._open()
            if source is None:
                self._stop.wait(delay)
                delay = min(delay * 2, self._max_retry)
                continue
            delay = self._retry
            try:
                self._read(source)
            except DeviceLost as exc:
                self._problem(Problem.DISCONNECTED, "reader disconnected", str(exc))
            except Exception as exc:  # a driver's surprise must not end the reader for good
                log.exception("reader %s failed", self.name)
                self._problem(Problem.FAILED, "reader failed", f"{type(exc).__name__}: {exc}")
            finally:
                self.connected = False
                with self._source_lock:
                    self._source = None
                    source.close()

    def _open(self) -> Source | None:
        try:
            source = self.backend.open()
        except ReaderUnavailable as exc:
            if not (exc.kind is Problem.NOT_FOUND and self._quiet_absent):
                self._problem(exc.kind, exc.message, exc.detail)
            return None
        except Exception as exc:  # a driver's surprise: tried again like any other failure
            log.exception("reader %s failed to open", self.name)
            self._problem(Problem.FAILED, "reader failed", f"{type(exc).__name__}: {exc}")
            return None
        with self._source_lock:
            self._source = source
        if self._stop.is_set():  # closed while opening: the cancel missed this source
            source.cancel()
        self._down = False
        self._quiet_absent = False
        self.taken = 0
        self.connected = True
        self._events.put(DeviceReady(self.name, source.where))
        return source

    def _problem(self, kind: Problem, message: str, raw: str | None = None) -> None:
        # One report an outage: retries stay quiet until the reader is back.
        if not self._down:
            self._down = True
            log.warning("%s: %s%s", self.name, message, f" ({raw})" if raw else "")
            self._events.put(DeviceProblem(self.name, kind, message, raw, down=True))

    def _read(self, source: Source) -> None:
        while not self._stop.is_set():
            for reading in source.read():
                event = self._event(reading, self._clock())
                if event is not None:
                    self._events.put(event)
            self.taken = getattr(source, "taken", 0)  # after its events are on the queue

    def _event(self, reading: Reading, at: float) -> InputEvent | None:
        if not self._presence.new(reading, at):
            return None  # the same card, still lying on the reader
        if isinstance(reading, BadFrame):
            return DeviceProblem(self.name, reading.kind, reading.message, reading.raw)
        assert isinstance(reading, Frame)
        if not printable(reading.text):
            return DeviceProblem(self.name, Problem.UNREADABLE, "unreadable scan", reading.text)
        code = self._decode(reading.text)
        if code is None:
            return DeviceProblem(self.name, Problem.UNKNOWN_CODE, "unknown code", reading.text)
        return CodeScanned(code, self.name, at, reading.text)

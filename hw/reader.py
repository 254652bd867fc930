"""A card reader on a serial port: a thread that turns lines into CodeScanned events."""

from __future__ import annotations

import os
import queue
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

import serial
from serial.tools import list_ports

from hw.codebook import printable
from hw.events import CodeScanned, DeviceProblem, DeviceReady, InputEvent

BY_ID = Path("/dev/serial/by-id")
VID_PID = re.compile(r"^([0-9a-fA-F]{4}):([0-9a-fA-F]{4})$")
MAX_LINE = 256
"""Bytes without a line end after which the reader gives up on a line (a stuck or noisy port)."""


def find_port(device: str) -> str | None:
    """The port of a path, a /dev/serial/by-id name or a USB 'VID:PID'; None when absent."""
    match = VID_PID.match(device)
    if match:
        vid, pid = (int(part, 16) for part in match.groups())
        for port in list_ports.comports():
            if port.vid == vid and port.pid == pid:
                return port.device
        return None
    path = Path(device) if "/" in device else BY_ID / device
    return str(path) if path.exists() else None


def found_ports() -> list[str]:
    """Every serial port this machine sees, with its description, for people."""
    return [f"{p.device} ({p.description}, {p.hwid})" for p in list_ports.comports()]


class LineSplitter:
    """Bytes in, whole lines out: CR, LF or CRLF ends a line; the rest waits for more bytes."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self._max = max_line
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """The lines `data` completes (without their ends, empty ones dropped)."""
        self._buffer += data
        *lines, rest = re.split(rb"\r\n|\r|\n", bytes(self._buffer))
        if len(rest) > self._max:
            # A line that never ends is handed on whole, as a line too long to be a scan.
            lines.append(rest)
            rest = b""
        self._buffer = bytearray(rest)
        return [line for line in lines if line.strip()]


class CardReader:
    """Reads one serial card reader on a thread; survives garbage and unplugging.

    `decode` turns a scanned text into a card code, or None when it is not one.
    """

    def __init__(
        self,
        name: str,
        device: str,
        events: queue.Queue[InputEvent],
        decode: Callable[[str], str | None],
        *,
        baud: int = 9600,
        retry: float = 0.1,
        max_retry: float = 2.0,
        read_timeout: float | None = None,
    ) -> None:
        self.name = name
        self.device = device
        self._events = events
        self._decode = decode
        self._baud = baud
        self._retry = retry
        self._max_retry = max_retry
        self._read_timeout = read_timeout
        self._stop = threading.Event()
        # The open port, for close() to cancel a read that waits for bytes (with no read
        # timeout the thread sleeps until bytes come, an unplug, or that cancel).
        self._port: serial.Serial | None = None
        self._port_lock = threading.Lock()
        self._down = False
        self.connected = False
        """Whether the port is open now: a scan written while it is not would be lost."""
        self._thread = threading.Thread(target=self._run, name=f"reader-{name}", daemon=True)

    def start(self) -> CardReader:
        """Start reading in the background."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop reading and release the port."""
        self._stop.set()
        with self._port_lock:
            if self._port is not None:
                self._port.cancel_read()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def __enter__(self) -> CardReader:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        delay = self._retry
        while not self._stop.is_set():
            port = self._open()
            if port is None:
                self._stop.wait(delay)
                delay = min(delay * 2, self._max_retry)
                continue
            delay = self._retry
            try:
                self._read(port)
            except (serial.SerialException, OSError) as exc:
                self._problem("reader disconnected", str(exc))
            finally:
                self.connected = False
                with self._port_lock:
                    self._port = None
                    port.close()

    def _open(self) -> serial.Serial | None:
        path = find_port(self.device)
        if path is None:
            self._problem(f"reader not found: {self.device}")
            return None
        try:
            port = serial.Serial(path, self._baud, timeout=self._read_timeout, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._problem(f"reader cannot open {path}", str(exc))
            return None
        with self._port_lock:
            self._port = port
        self._down = False
        self.connected = True
        self._events.put(DeviceReady(self.name, os.path.realpath(path)))
        return port

    def _problem(self, message: str, raw: str | None = None) -> None:
        # One report an outage: retries stay quiet until the reader is back.
        if not self._down:
            self._down = True
            self._events.put(DeviceProblem(self.name, message, raw, down=True))

    def _read(self, port: serial.Serial) -> None:
        lines = LineSplitter()
        while not self._stop.is_set():
            data = port.read(port.in_waiting or 1)
            for line in lines.feed(data):
                self._events.put(self._scan(line))

    def _scan(self, line: bytes) -> InputEvent:
        text = line.decode("utf-8", "replace").strip()
        if len(line) > MAX_LINE:
            return DeviceProblem(self.name, "line too long", text[:64])
        if not printable(text):
            return DeviceProblem(self.name, "unreadable scan", text)
        code = self._decode(text)
        if code is None:
            return DeviceProblem(self.name, "unknown code", text)
        return CodeScanned(code, self.name, time.monotonic(), text)

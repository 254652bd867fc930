"""A reader on a serial port (USB CDC, a USB-serial bridge, the Pi's UART) and its framing."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import serial

from hw.events import Problem
from hw.framing import Framer, Reading
from hw.ports import AmbiguousPort, find_port
from hw.reader import DeviceLost, ReaderUnavailable

BAUD = 9600
"""The speed a serial reader runs at unless told otherwise (what most modules ship at)."""


class SerialBackend:
    """Opens `device` (hw.ports names) at `baud`, with a fresh framer from `framer` each time."""

    def __init__(self, device: str, framer: Callable[[], Framer], baud: int = BAUD) -> None:
        self.device = device
        self._framer = framer
        self._baud = baud

    def open(self) -> SerialSource:
        try:
            path = find_port(self.device)
        except AmbiguousPort as exc:
            raise ReaderUnavailable(
                Problem.AMBIGUOUS, f"reader ambiguous: {self.device}", str(exc)
            ) from None
        if path is None:
            raise ReaderUnavailable(Problem.NOT_FOUND, f"reader not found: {self.device}")
        framer = self._framer()
        try:
            port = serial.Serial(path, self._baud, timeout=framer.patience(), exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise ReaderUnavailable(
                Problem.CANNOT_OPEN, f"reader cannot open {path}", str(exc)
            ) from None
        return SerialSource(port, framer, os.path.realpath(path))


class SerialSource:
    """An open port: each read hands its bytes to the framer."""

    def __init__(self, port: serial.Serial, framer: Framer, where: str) -> None:
        self._port = port
        self._framer = framer
        self.where = where
        self._read = 0
        self.taken = 0
        """Bytes read whose readings have been returned (or that wait for bytes to come, as
        half a line does): not a frame still waiting for its silence."""

    def read(self) -> list[Reading]:
        try:
            patience = self._framer.patience()
            if self._port.timeout != patience:
                self._port.timeout = patience
            # With no patience the read sleeps until bytes come, an unplug, or cancel().
            data = self._port.read(self._port.in_waiting or 1)
            if data and self._port.in_waiting:
                # The rest of what came with the byte that woke the read: a scan in one go.
                data += self._port.read(self._port.in_waiting)
        except (serial.SerialException, OSError) as exc:
            raise DeviceLost(str(exc)) from None
        self._read += len(data)
        readings = self._framer.feed(data, time.monotonic())
        if self._framer.patience() is None:
            self.taken = self._read
        return readings

    def cancel(self) -> None:
        self._port.cancel_read()

    def close(self) -> None:
        self._port.close()

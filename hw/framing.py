"""Bytes from a reader -> frames: one framer per serial protocol (lines, gap, rdm6300)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Protocol

from hw.events import Problem

MAX_LINE = 256
"""Bytes without an end after which a frame is given up (a stuck or noisy port)."""
RDM6300_DIGITS = 12
"""An RDM6300 frame's text between STX and ETX: 10 data digits and 2 checksum digits."""
STX, ETX = 0x02, 0x03


@dataclass(frozen=True)
class Frame:
    """One id as the device sent it, decoded as text (undecodable bytes become U+FFFD)."""

    text: str


@dataclass(frozen=True)
class BadFrame:
    """Bytes that cannot be an id: `kind` and `message` say why, `raw` shows them."""

    kind: Problem
    message: str
    raw: str


Reading = Frame | BadFrame


class Framer(Protocol):
    """Cuts a byte stream into readings."""

    def patience(self) -> float | None:
        """Seconds the next read may wait for bytes before feed(b"", now) is due; None: forever."""

    def feed(self, data: bytes, at: float) -> list[Reading]:
        """The readings that `data`, read at monotonic time `at`, completes (b"": silence)."""


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace").strip()


def _too_long(data: bytes) -> BadFrame:
    return BadFrame(Problem.GARBLED, "line too long", _text(data)[:64])


class LineFramer:
    """CR, LF or CRLF ends a frame (empty ones dropped); the rest waits for more bytes. A
    line said too long before its end came is dropped up to that end: its tail is no scan."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self._max = max_line
        self._buffer = b""
        self._skipping = False  # the rest of a line said too long: up to its end

    def patience(self) -> float | None:
        return None

    def feed(self, data: bytes, at: float = 0.0) -> list[Reading]:
        *lines, rest = re.split(rb"\r\n|\r|\n", self._buffer + data)
        if self._skipping:
            if not lines:
                self._buffer = b""
                return []
            lines, self._skipping = lines[1:], False
        if len(rest) > self._max:  # a line that never ends is handed on, too long to be a scan
            lines.append(rest)
            rest = b""
            self._skipping = True
        readings = [self._frame(line) for line in lines if line.strip()]
        self._buffer = rest
        return readings

    def _frame(self, line: bytes) -> Reading:
        return _too_long(line) if len(line) > self._max else Frame(_text(line))


class GapFramer:
    """A frame ends after `gap` seconds of silence: a scanner set to send no suffix.

    A suffix it sends anyway (CR, LF, Tab) is stripped, so either setting reads. A frame said
    too long before its silence came is dropped up to that silence: its tail is no scan."""

    def __init__(self, gap: float, max_line: int = MAX_LINE) -> None:
        self._gap = gap
        self._max = max_line
        self._buffer = b""
        self._last = 0.0
        self._skipping = False  # the rest of a frame said too long: up to the silence

    def patience(self) -> float | None:
        # Only a frame begun needs the silence timed: an idle reader sleeps until bytes come.
        return self._gap if self._buffer or self._skipping else None

    def feed(self, data: bytes, at: float) -> list[Reading]:
        readings: list[Reading] = []
        silence = at - self._last >= self._gap
        if self._buffer and silence:
            readings += self._flush()
        self._skipping = self._skipping and not silence
        if data:
            self._buffer += b"" if self._skipping else data
            self._last = at
        if len(self._buffer) > self._max:
            readings.append(_too_long(self._buffer))
            self._buffer = b""
            self._skipping = True
        return readings

    def _flush(self) -> list[Reading]:
        frame, self._buffer = _text(self._buffer), b""
        return [Frame(frame)] if frame else []


class Rdm6300Framer:
    """STX, 10 hex data digits, 2 checksum digits, ETX; no line ends. The id: the data digits.

    The checksum is the XOR of the five data bytes. Bytes outside a frame, a frame cut by the
    next STX, a frame longer than a frame can be (said at its first byte too many, not when the
    next frame comes) and a wrong checksum are bad frames."""

    def __init__(self) -> None:
        self._frame: bytes | None = None  # bytes after an STX, None between frames
        self._stray = b""
        self._said = False  # the stray bytes are the rest of a frame said too long already

    def patience(self) -> float | None:
        return None

    def feed(self, data: bytes, at: float = 0.0) -> list[Reading]:
        readings: list[Reading] = []
        for byte in data:
            readings += self._byte(byte)
        return readings

    def _byte(self, byte: int) -> list[Reading]:
        if byte == STX:
            bad = self._stray_frame() + self._cut_frame()
            self._frame = b""
            return bad
        if self._frame is None:
            if byte == ETX and self._said:  # the end of the frame said too long
                self._stray, self._said = b"", False
                return []
            self._stray += bytes([byte])
            if len(self._stray) < MAX_LINE:
                return []
            self._said = False  # garbage that goes on is said, however it began
            return self._stray_frame()
        if byte == ETX:
            frame, self._frame = self._frame, None
            return [check_rdm6300(frame)]
        self._frame += bytes([byte])
        if len(self._frame) > RDM6300_DIGITS:
            frame, self._frame, self._said = self._frame, None, True
            return [BadFrame(Problem.GARBLED, "frame too long", show(b"\x02" + frame))]
        return []

    def _stray_frame(self) -> list[Reading]:
        stray, self._stray, said = self._stray, b"", self._said
        self._said = False
        return [BadFrame(Problem.GARBLED, "not a frame", show(stray))] if stray and not said else []

    def _cut_frame(self) -> list[Reading]:
        frame, self._frame = self._frame, None
        return (
            [BadFrame(Problem.GARBLED, "frame cut short", show(b"\x02" + frame))]
            if frame is not None
            else []
        )


def check_rdm6300(digits: bytes) -> Reading:
    """The id of an RDM6300 frame's text (between STX and ETX), or why it is bad."""
    text = digits.decode("ascii", "replace")
    if len(digits) != RDM6300_DIGITS or not re.fullmatch(r"[0-9A-Fa-f]+", text):
        return BadFrame(Problem.GARBLED, "bad frame", show(b"\x02" + digits + b"\x03"))
    if _checksum(text[:10]) != int(text[10:], 16):
        return BadFrame(Problem.GARBLED, "bad checksum", text)
    return Frame(text[:10].upper())


def rdm6300_frame(tag: str) -> bytes:
    """The frame an RDM6300 sends for a 10-digit tag id (what tests and scripts write)."""
    if not re.fullmatch(r"[0-9A-Fa-f]{10}", tag):
        raise ValueError(f"an RDM6300 tag id is 10 hex digits, not {tag!r}")
    return b"\x02" + f"{tag}{_checksum(tag):02X}".encode() + b"\x03"


def _checksum(digits: str) -> int:
    """An RDM6300 frame's checksum of its 10 data digits: the XOR of the five bytes."""
    return reduce(xor, bytes.fromhex(digits))


def show(data: bytes) -> str:
    """Bytes as text for people: printable ASCII as it is, the rest as <hex>."""
    return "".join(chr(b) if 32 <= b < 127 else f"<{b:02x}>" for b in data)[:64]

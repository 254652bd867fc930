"""The reader protocols a configuration names, each made into a backend for hw.reader."""

from __future__ import annotations

from collections.abc import Callable, Collection
from enum import StrEnum
from pathlib import Path

from hw.camera_reader import CameraBackend
from hw.frames import FrameSource
from hw.framing import GapFramer, LineFramer, Rdm6300Framer
from hw.hid_reader import HidBackend
from hw.nfc_reader import NfcBackend
from hw.reader import Backend
from hw.serial_reader import BAUD, SerialBackend

BAUDS = (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200)
"""The speeds a serial reader may be set to."""


class ReaderProtocol(StrEnum):
    """How a reader sends ids (README, Hardware, says which device speaks which)."""

    LINES = "lines"  # serial: one id a line, CR, LF or CRLF
    GAP = "gap"  # serial: one id a burst, ended by `gap` seconds of silence (no suffix)
    RDM6300 = "rdm6300"  # serial: STX, 10 hex digits, 2 checksum digits, ETX; repeated
    NFC = "nfc"  # nfcpy: a PN532 or an ACR122U, polled
    HID = "hid"  # evdev: a keyboard-mode reader, grabbed
    CAMERA = "camera"  # OpenCV or picamera2: unmarked cards laid on a scan spot

    @property
    def serial(self) -> bool:
        """Whether the device is a serial port (named as hw.ports names them, with a baud)."""
        return self in (ReaderProtocol.LINES, ReaderProtocol.GAP, ReaderProtocol.RDM6300)

    @property
    def device(self) -> str:
        """How a configuration names a device of this protocol, for people."""
        match self:
            case ReaderProtocol.NFC:
                return "an nfcpy device such as tty:S0:pn532 or usb:072f:2200"
            case ReaderProtocol.HID:
                return "an input device path, a /dev/input/by-id name or a USB VID:PID"
            case ReaderProtocol.CAMERA:
                return "a V4L2 device such as /dev/video0, picamera2, or recorded frames"
        return "a path, a /dev/serial/by-id or by-path name or a USB VID:PID"


def backend(
    protocol: ReaderProtocol,
    device: str,
    *,
    baud: int = BAUD,
    gap: float = 0.05,
    faces: Path | None = None,
    codes: Collection[str] = (),
    frames: Callable[[], FrameSource] | None = None,
) -> Backend:
    """The backend that opens `device` and reads it by `protocol`; a camera reads the card
    faces in `faces`, keeps those of `codes`, and opens `frames` instead of `device` if given."""
    match ReaderProtocol(protocol):
        case ReaderProtocol.LINES:
            return SerialBackend(device, LineFramer, baud)
        case ReaderProtocol.GAP:
            return SerialBackend(device, lambda: GapFramer(gap), baud)
        case ReaderProtocol.RDM6300:
            return SerialBackend(device, Rdm6300Framer, baud)
        case ReaderProtocol.NFC:
            return NfcBackend(device)
        case ReaderProtocol.HID:
            return HidBackend(device)
        case ReaderProtocol.CAMERA:
            if faces is None:
                raise ValueError("a camera reader needs its faces file")
            return CameraBackend(device, faces, codes, frames=frames)

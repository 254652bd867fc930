"""An NFC reader through nfcpy (a PN532 on a UART, an ACR122U on USB), polled for tags.

These readers answer commands and never write on their own: the source asks for a tag,
reports its id (the UID, upper-case hex), then asks every `poll` seconds whether it is still
there, reporting it again each time, so that hw.presence keeps it one scan while it lies there.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from hw.events import Problem
from hw.framing import Frame, Reading
from hw.reader import DeviceLost, ReaderUnavailable

INSTALL = "pip install 'uno-table[nfc]'"
POLL = 0.1
"""Seconds between two looks at a tag lying on the reader (nfcpy's presence check)."""


def open_frontend(device: str) -> Any:
    """nfcpy's ContactlessFrontend on `device`, named nfcpy's way: tty:S0:pn532, usb:072f:2200."""
    try:
        import nfc
    except ImportError:
        raise ReaderUnavailable(
            Problem.READER_SOFTWARE, "NFC readers need nfcpy", f"install it: {INSTALL}"
        ) from None
    # nfcpy logs every search and every failed one (at ERROR), each retry again: the reader
    # reports an outage once, and its return, itself.
    logging.getLogger("nfc").setLevel(logging.CRITICAL)
    frontend = nfc.ContactlessFrontend()
    try:
        found = frontend.open(device)
    except (OSError, ValueError) as exc:
        raise ReaderUnavailable(
            Problem.CANNOT_OPEN, f"reader cannot open {device}", str(exc)
        ) from None
    if not found:
        raise ReaderUnavailable(Problem.NOT_FOUND, f"reader not found: {device}")
    return frontend


class NfcBackend:
    """Opens the frontend named `device`; `frontend` opens it (tests give nfcpy a device double)."""

    def __init__(
        self, device: str, frontend: Callable[[str], Any] = open_frontend, poll: float = POLL
    ) -> None:
        self.device = device
        self._frontend = frontend
        self._poll = poll

    def open(self) -> NfcSource:
        return NfcSource(self._frontend(self.device), self.device, self._poll)


class NfcSource:
    """An open frontend: waits for a tag, then watches it until it is gone."""

    def __init__(self, frontend: Any, where: str, poll: float) -> None:
        self._frontend = frontend
        self.where = where
        self._poll = poll
        self._cancelled = threading.Event()
        self._tag: Any = None

    def read(self) -> list[Reading]:
        if self._tag is not None:
            return self._still_there()
        options = {"on-connect": lambda tag: False, "iterations": 1, "interval": self._poll,
                   "beep-on-connect": False}  # fmt: skip
        # nfcpy returns the tag, or False when told to stop or when the device failed (it
        # logs the IOError and hides it): which of the two, only the cancel knows.
        tag = self._frontend.connect(rdwr=options, terminate=self._cancelled.is_set)
        if not tag:
            if self._cancelled.is_set():
                return []
            raise DeviceLost("the NFC reader stopped answering")
        self._tag = tag
        return [self._id(tag)]

    def _still_there(self) -> list[Reading]:
        if self._cancelled.wait(self._poll):
            return []
        tag, self._tag = self._tag, None
        if not tag.is_present:
            return []
        self._tag = tag
        return [self._id(tag)]

    @staticmethod
    def _id(tag: Any) -> Frame:
        return Frame(bytes(tag.identifier).hex().upper())

    def cancel(self) -> None:
        self._cancelled.set()

    def close(self) -> None:
        self._frontend.close()

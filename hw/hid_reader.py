"""A reader in keyboard (HID) mode, read from its own evdev device and grabbed.

Grabbed, its keys reach no one else: not SDL (which reads every keyboard on the Pi), so the
letters of a hex id never press the keyboard's button keys. It types the id and Enter.
"""

from __future__ import annotations

import contextlib
import os
import select
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hw.events import Problem
from hw.framing import LineFramer, Reading
from hw.ports import vid_pid
from hw.reader import DeviceLost, ReaderUnavailable

INSTALL = "pip install 'uno-table[hid]' (Linux only)"
BY_ID = Path("/dev/input/by-id")
KEY_DOWN = 1
UNKNOWN = "\ufffd"
"""What a key no id has becomes: the scan is then reported as unreadable."""


def _evdev() -> Any:
    try:
        import evdev
    except ImportError:
        raise ReaderUnavailable(
            Problem.READER_SOFTWARE, "HID readers need python-evdev", f"install it: {INSTALL}"
        ) from None
    return evdev


class KeyTyping:
    """evdev key events -> the text a reader types (US layout, as readers send it); Enter: LF."""

    def __init__(self) -> None:
        ecodes = _evdev().ecodes
        keys: dict[int, tuple[str, str]] = {}
        for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            keys[ecodes.ecodes[f"KEY_{char}"]] = (char.lower(), char)
        for digit, shifted in zip("1234567890", "!@#$%^&*()", strict=True):
            keys[ecodes.ecodes[f"KEY_{digit}"]] = (digit, shifted)
            keys[ecodes.ecodes[f"KEY_KP{digit}"]] = (digit, digit)
        for name, plain, shifted in (("MINUS", "-", "_"), ("SEMICOLON", ";", ":"),
                                     ("SPACE", " ", " "), ("DOT", ".", ">"), ("SLASH", "/", "?"),
                                     ("ENTER", "\n", "\n"), ("KPENTER", "\n", "\n"),
                                     ("TAB", "\n", "\n")):  # fmt: skip
            keys[ecodes.ecodes[f"KEY_{name}"]] = (plain, shifted)
        self._keys = keys
        self._shifts = {ecodes.KEY_LEFTSHIFT, ecodes.KEY_RIGHTSHIFT}
        self._ignored = {ecodes.KEY_LEFTCTRL, ecodes.KEY_RIGHTCTRL, ecodes.KEY_LEFTALT,
                         ecodes.KEY_RIGHTALT, ecodes.KEY_CAPSLOCK, ecodes.KEY_NUMLOCK}  # fmt: skip
        self._ev_key = ecodes.EV_KEY
        self._shift = False

    def feed(self, event: Any) -> str:
        """The text one input event types ('' for most: key ups, sync and scan-code reports)."""
        if event.type != self._ev_key:
            return ""
        if event.code in self._shifts:
            self._shift = event.value != 0
            return ""
        if event.value != KEY_DOWN or event.code in self._ignored:
            return ""
        plain, shifted = self._keys.get(event.code, (UNKNOWN, UNKNOWN))
        return shifted if self._shift else plain


def find_device(device: str) -> str | None:
    """The event device `device` names: a path, a /dev/input/by-id name or a USB 'VID:PID'."""
    usb = vid_pid(device)
    if usb is None:
        path = Path(device) if "/" in device else BY_ID / device
        return str(path) if path.exists() else None
    evdev = _evdev()
    found = []
    for path in evdev.list_devices():
        candidate = evdev.InputDevice(path)
        try:
            keys = candidate.capabilities().get(evdev.ecodes.EV_KEY, [])
            info = candidate.info
        finally:
            candidate.close()
        # A reader may show several event devices (a mouse, consumer keys): the one with Enter.
        if (info.vendor, info.product) == usb and evdev.ecodes.KEY_ENTER in keys:
            found.append(path)
    if len(found) > 1:
        raise ReaderUnavailable(
            Problem.AMBIGUOUS,
            f"reader ambiguous: {device}",
            f"{len(found)} keyboards fit ({', '.join(found)}): name one by /dev/input/by-path",
        )
    return found[0] if found else None


def open_device(path: str) -> Any:
    """python-evdev's InputDevice at `path`."""
    return _evdev().InputDevice(path)


class HidBackend:
    """Finds, opens and grabs the keyboard `device`; `opener` opens a path (tests: a double)."""

    def __init__(
        self,
        device: str,
        *,
        find: Callable[[str], str | None] = find_device,
        opener: Callable[[str], Any] = open_device,
    ) -> None:
        self.device = device
        self._find = find
        self._opener = opener

    def open(self) -> HidSource:
        path = self._find(self.device)
        if path is None:
            raise ReaderUnavailable(Problem.NOT_FOUND, f"reader not found: {self.device}")
        typing = KeyTyping()
        try:
            device = self._opener(path)
        except OSError as exc:
            raise ReaderUnavailable(
                Problem.CANNOT_OPEN, f"reader cannot open {path}", str(exc)
            ) from None
        try:
            device.grab()  # from now on its keys come here alone
        except OSError as exc:
            device.close()
            raise ReaderUnavailable(
                Problem.CANNOT_OPEN, f"reader cannot grab {path}", str(exc)
            ) from None
        return HidSource(device, typing, os.path.realpath(path))


class HidSource:
    """A grabbed keyboard device: its key events, typed into text, cut into lines."""

    def __init__(self, device: Any, typing: KeyTyping, where: str) -> None:
        self._device = device
        self._typing = typing
        self._lines = LineFramer()
        self.where = where
        self._wake_read, self._wake_write = os.pipe()

    def read(self) -> list[Reading]:
        try:
            ready, _, _ = select.select([self._device.fd, self._wake_read], [], [])
            if self._wake_read in ready:
                return []
            events = list(self._device.read())
        except BlockingIOError:
            return []
        except OSError as exc:
            raise DeviceLost(str(exc)) from None
        text = "".join(self._typing.feed(event) for event in events)
        return self._lines.feed(text.encode())

    def cancel(self) -> None:
        os.write(self._wake_write, b"x")

    def close(self) -> None:
        with contextlib.suppress(OSError):  # unplugged: nothing left to let go of
            self._device.ungrab()
        self._device.close()
        os.close(self._wake_read)
        os.close(self._wake_write)

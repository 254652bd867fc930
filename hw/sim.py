"""Simulated hardware that goes through the real code paths: mock pins and a pty reader."""

from __future__ import annotations

import fcntl
import os
import struct
import termios
import time
import tty
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gpiozero.pins.mock import MockFactory, MockPin, PinState

from hw.buttons import PadPins, SeatPins
from hw.events import Button
from hw.frames import FrameFeed
from hw.reader import CardReader


@dataclass
class StillClock:
    """A clock that moves only when `now` is set: simulated inputs are stamped on it while it
    stands still, and whoever plays them moves it over the time in which the table only
    waits, so no window depends on how fast the machine is."""

    now: float = 0.0

    def __call__(self) -> float:
        return self.now


class ClockedPin(MockPin):
    """A MockPin whose edges are stamped on its factory's `ticks` (gpiozero's MockPin stamps
    them on time.monotonic, whatever clock the factory ticks on), so that a press made at a
    time of the table's clock is seen at that time."""

    def _change_state(self, value: bool) -> bool:
        if self._state == value:
            return False
        at = self._factory.ticks()
        self._state = value
        self.states.append(PinState(at - self._last_change, value))
        self._last_change = at
        return True

    def clear_states(self) -> None:
        self._last_change = self._factory.ticks()
        self.states = [PinState(0.0, self._state)]


def clocked_pins(clock: Callable[[], float]) -> MockFactory:
    """A MockFactory whose ticks and pin edges are both on `clock`."""
    factory = MockFactory(pin_class=ClockedPin)
    factory.ticks = clock
    return factory


class SimButtons:
    """Presses buttons by driving the MockFactory pins that a Panel listens to."""

    def __init__(self, factory: MockFactory, seats: Sequence[SeatPins], pad: PadPins | None):
        self._factory = factory
        self._pins: dict[tuple[int | None, Button], int] = {}
        for seat, pins in enumerate(seats):
            for name, pin in pins.buttons().items():
                self._pins[seat, name] = pin
        if pad is not None:
            for name, pin in pad.buttons().items():
                self._pins[None, name] = pin

    def buttons(self) -> list[tuple[int | None, Button]]:
        """Every (seat, button) there is; seat None is the colour pad."""
        return list(self._pins)

    def press(self, seat: int | None, button: Button, bounces: int = 0) -> None:
        """Press and release a button; `bounces` extra edge pairs make it chatter like a contact."""
        pin = self._factory.pin(self._pins[seat, Button(button)])
        for _ in range(bounces + 1):
            pin.drive_low()
            pin.drive_high()

    def down(self, seat: int | None, button: Button) -> None:
        """Push a button and keep it down (`up` lets it go): a long press, edge by edge."""
        self._factory.pin(self._pins[seat, Button(button)]).drive_low()

    def up(self, seat: int | None, button: Button) -> None:
        """Let a button go."""
        self._factory.pin(self._pins[seat, Button(button)]).drive_high()

    def led_lit(self, pin: int) -> bool:
        """True while the LED on that pin is driven."""
        return bool(self._factory.pin(pin).state)


class SimReader:
    """A pseudo-terminal standing in for a serial card reader, reachable at `path`.

    `path` is a symlink to the pty, so unplug() and replug() can put a new device behind it.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._master: int | None = None
        self._slave: int | None = None
        self.replug()

    def replug(self) -> None:
        """Plug a (new) device in behind `path`."""
        self.unplug()
        self.sent = 0  # bytes written to this device (a reader's `taken` catches up with it)
        self._master, self._slave = os.openpty()
        # Raw from the start: no echo and no CR->LF translation before the reader sets it up.
        tty.setraw(self._slave)
        tmp = self.path.with_name(self.path.name + ".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(os.ttyname(self._slave))
        tmp.replace(self.path)

    def unplug(self) -> None:
        """Pull the device out: the reader sees its port fail."""
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None

    def send(self, data: bytes, pause: float = 0.0) -> None:
        """Write raw bytes as the reader's device would; `pause` s after them splits reads."""
        assert self._master is not None, "the simulated reader is unplugged"
        self.sent += os.write(self._master, data)
        if pause:
            time.sleep(pause)

    def scan(self, text: str) -> None:
        """A scan: the text and a CRLF, as most scanners send it."""
        self.send(text.encode() + b"\r\n")

    def pending(self) -> int:
        """Bytes written that the reader has not read yet (0 while unplugged)."""
        if self._slave is None:
            return 0
        raw = fcntl.ioctl(self._slave, termios.FIONREAD, b"\0\0\0\0")
        return struct.unpack("i", raw)[0]

    def close(self) -> None:
        """Unplug and remove the symlink."""
        self.unplug()
        self.path.unlink(missing_ok=True)


def in_flight(reader: CardReader, device: SimReader | FrameFeed) -> bool:
    """Whether input given to a simulated device has not been handed on by its reader yet:
    bytes unread, or read and not yet events; frames not yet seen (a camera that cannot open,
    e.g. without its faces, sees none)."""
    if isinstance(device, FrameFeed):
        return reader.connected and device.plugged and not device.idle()
    return device.pending() > 0 or (reader.connected and reader.taken < device.sent)

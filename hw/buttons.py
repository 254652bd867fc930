"""Seat panels and the colour pad on gpiozero: presses go on a queue, LEDs light up."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points

import gpiozero
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory

from hw.events import Button, ButtonPressed, ButtonReleased, InputEvent

MAX_EDGE_AGE = 1.0
"""An edge time more than this many seconds old is not believed (a factory with another clock)."""


@dataclass(frozen=True)
class SeatPins:
    """The BCM pins of one seat panel: three buttons to ground, an LED (or None)."""

    uno: int
    challenge: int
    draw: int
    led: int | None = None

    def buttons(self) -> dict[Button, int]:
        """Each button of the panel and its pin."""
        return {Button.UNO: self.uno, Button.CHALLENGE: self.challenge, Button.DRAW: self.draw}


@dataclass(frozen=True)
class PadPins:
    """The BCM pins of the colour pad's four buttons."""

    red: int
    yellow: int
    green: int
    blue: int

    def buttons(self) -> dict[Button, int]:
        """Each button of the pad and its pin."""
        return {
            Button.RED: self.red,
            Button.YELLOW: self.yellow,
            Button.GREEN: self.green,
            Button.BLUE: self.blue,
        }


class GpioUnavailable(RuntimeError):
    """The pin factory asked for cannot run here (no Pi, no library, no permission)."""


def make_pin_factory(name: str) -> Factory:
    """A new gpiozero pin factory by its gpiozero name: mock, lgpio, rpigpio, pigpio, native."""
    if name == "mock":
        return MockFactory()
    found = entry_points(group="gpiozero_pin_factories", name=name)
    if not found:
        raise GpioUnavailable(f"no gpiozero pin factory called {name!r}")
    try:
        return next(iter(found)).load()()
    except Exception as exc:  # any library or device error means the same: no GPIO here
        raise GpioUnavailable(f"pin factory {name!r} cannot start: {exc}") from exc


def factory_name(factory: Factory) -> str:
    """A short name for a pin factory, for people: 'MockFactory', 'LGPIOFactory'."""
    return type(factory).__name__


class Refractory:
    """Counts a press once however its contacts bounce, pressing and releasing: a press edge
    starts a new press only when the button had settled released, no edge of it (press or
    release) for `period` s. So a release that bounces is no second press, and the press
    still counts at its first edge, which orders two seats' presses."""

    def __init__(self, period: float) -> None:
        self._period = period
        self._last: dict[object, float] = {}
        self._lock = threading.Lock()

    def accept(self, key: object, at: float, pressed: bool = True) -> bool:
        """Take an edge of `key` at `at` (a press, or a release); True when it starts a press."""
        with self._lock:
            last = self._last.get(key)
            # Measured from the last edge, kept or not, so a long bounce train still counts once.
            self._last[key] = at
            return pressed and (last is None or at - last >= self._period)


class Panel:
    """Every seat panel and the colour pad on one pin factory; presses go on `events`, and
    the releases of the buttons named in `releases` (a press of theirs says so)."""

    def __init__(
        self,
        factory: Factory,
        seats: Sequence[SeatPins],
        pad: PadPins | None,
        events: queue.Queue[InputEvent],
        *,
        bounce: float = 0.005,
        refractory: float = 0.04,
        clock: Callable[[], float] = time.monotonic,
        releases: Collection[Button] = (),
    ) -> None:
        self.factory = factory
        self._events = events
        self._clock = clock  # the clock the edge times are on (the table's monotonic clock)
        self._refractory = Refractory(refractory)
        self._releases = frozenset(releases)
        self._down: set[tuple[int | None, Button]] = set()  # pressed, release not yet sent
        self._buttons: list[gpiozero.DigitalInputDevice] = []
        self._leds: dict[int, gpiozero.LED] = {}
        self._shown: dict[int, str] = {}
        try:
            for seat, pins in enumerate(seats):
                for name, pin in pins.buttons().items():
                    self._add_button(seat, name, pin, bounce)
                if pins.led is not None:
                    self._leds[seat] = gpiozero.LED(pins.led, pin_factory=factory)
            if pad is not None:
                for name, pin in pad.buttons().items():
                    self._add_button(None, name, pin, bounce)
        except Exception:
            self.close()
            raise

    def _add_button(self, seat: int | None, name: Button, pin: int, bounce: float) -> None:
        # Not gpiozero.Button: its hold thread wakes ten times a second per button, for a
        # "held" event the table never uses (16 buttons cost most of the idle CPU).
        device = gpiozero.DigitalInputDevice(
            pin, pull_up=True, bounce_time=bounce or None, pin_factory=self.factory
        )
        device.when_activated = lambda dev: self._edge(seat, name, dev, True)
        device.when_deactivated = lambda dev: self._edge(seat, name, dev, False)
        self._buttons.append(device)

    def _edge(self, seat: int | None, name: Button, device, pressed: bool) -> None:
        # Runs on gpiozero's thread: do as little as possible.
        at = _edge_time(device, self._clock(), pressed)
        key = (seat, name)
        if self._refractory.accept(key, at, pressed):
            released = name in self._releases
            if released:
                self._down.add(key)
            self._events.put(ButtonPressed(seat, name, at, released))
        elif not pressed and key in self._down:
            # The first release edge ends the press; its bounces, like a press's, are dropped.
            self._down.discard(key)
            self._events.put(ButtonReleased(seat, name, at))

    @property
    def led_seats(self) -> list[int]:
        """The seats that have an LED."""
        return sorted(self._leds)

    def on(self, seat: int) -> None:
        """Light the seat's LED (a seat without one is ignored)."""
        if seat in self._leds:
            self._leds[seat].on()

    def off(self, seat: int) -> None:
        """Turn the seat's LED off."""
        if seat in self._leds:
            self._leds[seat].off()

    def blink(self, seat: int, on_time: float = 0.5, off_time: float = 0.5) -> None:
        """Blink the seat's LED in the background until on() or off()."""
        if seat in self._leds:
            self._leds[seat].blink(on_time, off_time)

    def show(self, states: Mapping[int, str]) -> None:
        """Set LEDs from {seat: "on" | "off" | "blink"}; a seat already in its state is untouched,
        so calling this on every frame does not restart a blink."""
        actions = {"on": self.on, "off": self.off, "blink": self.blink}
        for seat, state in states.items():
            if self._shown.get(seat) != state:
                actions[state](seat)
                self._shown[seat] = state

    def is_lit(self, seat: int) -> bool:
        """True while the seat's LED is on (or in the on phase of a blink)."""
        return seat in self._leds and bool(self._leds[seat].is_lit)

    def close(self) -> None:
        """Release every pin."""
        for device in [*self._buttons, *self._leds.values()]:
            device.close()
        self._buttons.clear()
        self._leds.clear()

    def __enter__(self) -> Panel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _edge_time(device: gpiozero.DigitalInputDevice, now: float, pressed: bool) -> float:
    """The edge time on the clock `now` is read from: gpiozero's own edge tick where it can be
    believed (the time since the edge, in the factory's clock), else `now`."""
    age = device.active_time if pressed else device.inactive_time
    if age is None or not 0 <= age < MAX_EDGE_AGE:
        return now
    return now - age

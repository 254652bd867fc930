"""A long press: DRAW held at a seat (README, "Leaving the game").

Every press of DRAW does something at once (draw, pass, take a penalty, start), so a long press
of it can only mean something else if DRAW waits for its release: a press whose device reports
its release (`ButtonPressed.released`) is a tap when it ends within `HOLD` seconds, and DRAW
does what it always did, in the order of its edge; held longer it is a hold, and it draws
nothing. A device that reports no releases keeps DRAW acting at its press.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hw.events import Button, ButtonPressed, ButtonReleased

HOLD = 2.0
"""Seconds DRAW is held to ask to leave: far longer than any press meant as DRAW."""
CONFIRM = 6.0
"""Seconds the question stays on screen; then the seat stays."""
HOLD_BUTTON = Button.DRAW


@dataclass
class Holds:
    """The presses of the hold button that are still down, by the seat they are at."""

    hold: float = HOLD
    _down: dict[int, ButtonPressed] = field(default_factory=dict)

    @staticmethod
    def waits(press: ButtonPressed) -> bool:
        """Whether this press waits for its release (a seat's DRAW from a device that says it)."""
        return press.released and press.button is HOLD_BUTTON and press.seat is not None

    def press(self, press: ButtonPressed) -> None:
        """A press that waits: down until `release` or `held` takes it."""
        self._down[press.seat] = press

    def release(self, release: ButtonReleased) -> ButtonPressed | None:
        """The press a release ends, a tap (None when it was taken as a hold already)."""
        if release.button is not HOLD_BUTTON:
            return None
        return self._down.pop(release.seat, None)

    def is_down(self, press: ButtonPressed) -> bool:
        """Whether this press is still down (neither released nor taken)."""
        return self._down.get(press.seat) is press

    def take(self, press: ButtonPressed) -> None:
        """The press counts as a hold: its release will mean nothing."""
        if self.is_down(press):
            del self._down[press.seat]

    def due(self) -> float | None:
        """When the earliest press still down becomes a hold."""
        return min((p.at + self.hold for p in self._down.values()), default=None)

    def held(self, now: float) -> list[ButtonPressed]:
        """The presses held `hold` seconds by `now`, taken."""
        long = [p for p in self._down.values() if p.at + self.hold <= now]
        for press in long:
            self.take(press)
        return long

    def clear(self) -> None:
        """Forget every press down (the screen they were pressed on is gone)."""
        self._down.clear()

"""The input events that hw/ puts on the table's queue: values, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Button(StrEnum):
    """A button's name: the three of a seat panel, then the four of the colour pad."""

    UNO = "uno"
    CHALLENGE = "challenge"
    DRAW = "draw"
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"


SEAT_BUTTONS = (Button.UNO, Button.CHALLENGE, Button.DRAW)
PAD_BUTTONS = (Button.RED, Button.YELLOW, Button.GREEN, Button.BLUE)


@dataclass(frozen=True)
class ButtonPressed:
    """A button went down: `seat` None is the colour pad; `at` the edge time (monotonic s)."""

    seat: int | None
    button: Button
    at: float


@dataclass(frozen=True)
class CodeScanned:
    """A reader (by its name) read a card code at `at` (monotonic seconds); `tag` is what it
    sent: a tag id the deck map turned into `code`, or the printed code itself."""

    code: str
    reader: str
    at: float
    tag: str = ""


@dataclass(frozen=True)
class DeviceProblem:
    """Something a device sent or did that changes nothing but is shown: `raw` is its text.

    `down` is True when the device itself is lost (unplugged, not found), False for one bad input.
    """

    source: str
    message: str
    raw: str | None = None
    down: bool = False


@dataclass(frozen=True)
class DeviceReady:
    """A device is open and working (again): `detail` says where, e.g. the port it opened."""

    source: str
    detail: str


InputEvent = ButtonPressed | CodeScanned | DeviceProblem | DeviceReady

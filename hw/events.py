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
    """A button went down: `seat` None is the colour pad; `at` the edge time (monotonic s).

    `released` is True when the device reports this press's end too (a `ButtonReleased`), so
    that the table may wait to learn how long it was held."""

    seat: int | None
    button: Button
    at: float
    released: bool = False


@dataclass(frozen=True)
class ButtonReleased:
    """A button pressed (a `ButtonPressed` with `released`) went up at `at` (monotonic s)."""

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


class Problem(StrEnum):
    """What went wrong at a device, set where hw/ finds it (the screen words each kind)."""

    UNKNOWN_CODE = "unknown_code"  # a scan that is no card code (nor a tag of the deck map)
    UNREADABLE = "unreadable"  # a scan that is not printable text
    GARBLED = "garbled"  # bytes that are no frame: too long, cut short, a bad checksum
    DISCONNECTED = "disconnected"  # the open device stopped answering
    NOT_FOUND = "not_found"
    CANNOT_OPEN = "cannot_open"  # there, but it cannot be opened (or grabbed)
    AMBIGUOUS = "ambiguous"  # several devices fit the configured one
    FAILED = "failed"  # a driver's surprise: tried again
    READER_SOFTWARE = "reader_software"  # the reader's library is not installed
    SHOW_TWO_CARDS = "show_two_cards"  # a camera is not sure: two cards in view
    SHOW_PARTIAL = "show_partial"  # ... the card is not all on the spot
    SHOW_GLARE = "show_glare"  # ... glare on it
    SHOW_BLUR = "show_blur"  # ... blurred
    SHOW_AGAIN = "show_again"  # ... for another reason
    FACES_MISSING = "faces_missing"  # a camera without its faces file
    FACES_DAMAGED = "faces_damaged"
    FACES_OTHER_DECK = "faces_other_deck"
    CAMERA_NOT_FOUND = "camera_not_found"
    CAMERA_CANNOT_OPEN = "camera_cannot_open"  # or cannot read the images it is given
    CAMERA_SOFTWARE = "camera_software"  # OpenCV or picamera2 is not installed


@dataclass(frozen=True)
class DeviceProblem:
    """Something a device sent or did that changes nothing but is shown: `kind` says what,
    `detail` says it in English for the log, `raw` is what the device sent.

    `down` is True when the device itself is lost (unplugged, not found), False for one bad input.
    """

    source: str
    kind: Problem
    detail: str
    raw: str | None = None
    down: bool = False


@dataclass(frozen=True)
class DeviceReady:
    """A device is open and working (again): `detail` says where, e.g. the port it opened."""

    source: str
    detail: str


InputEvent = ButtonPressed | ButtonReleased | CodeScanned | DeviceProblem | DeviceReady

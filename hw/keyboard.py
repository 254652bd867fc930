"""The keyboard standing in for the buttons and the reader on a PC: key names in, events out.

Key names are pygame's (`pygame.key.name`): 'q', ',', 'f1', 'return'. Buttons sit on keys that
never occur in a card code, so a code can be typed at any time and sent with Enter.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from hw.events import (
    Button,
    ButtonPressed,
    ButtonReleased,
    CodeScanned,
    DeviceProblem,
    InputEvent,
    Problem,
)
from hw.framing import MAX_LINE

SEAT_KEYS = (("q", "a", "z"), ("u", "j", "m"), ("i", "k", ","), ("o", "l", "."), ("p", ";", "/"))
"""UNO, CHALLENGE and DRAW keys of seats 1..5: keyboard columns with no letter of a card code."""

PAD_KEYS = {"f1": Button.RED, "f2": Button.YELLOW, "f3": Button.GREEN, "f4": Button.BLUE}
SEND_KEYS = frozenset({"return", "enter"})
HELP_KEY = "h"
"""The key that shows and hides the help on screen: not a letter of any card code."""
READER = "keyboard"
"""The reader name of codes typed on the keyboard."""


@dataclass(frozen=True)
class KeyMap:
    """Which key is which button: key name -> (seat, button); seat None is the colour pad."""

    buttons: Mapping[str, tuple[int | None, Button]] = field(default_factory=dict)

    @classmethod
    def default(cls, seats: int) -> KeyMap:
        """The standard map for `seats` seats (at most five: the keyboard has five free columns)."""
        if not 0 < seats <= len(SEAT_KEYS):
            raise ValueError(f"the keyboard map has room for 1 to {len(SEAT_KEYS)} seats")
        keys: dict[str, tuple[int | None, Button]] = {}
        for seat, (uno, challenge, draw) in enumerate(SEAT_KEYS[:seats]):
            keys |= {uno: (seat, Button.UNO), challenge: (seat, Button.CHALLENGE)}
            keys[draw] = (seat, Button.DRAW)
        keys |= {key: (None, button) for key, button in PAD_KEYS.items()}
        return cls(MappingProxyType(keys))

    def describe(self) -> list[str]:
        """One line a button, for the screen: 'seat 1 uno: q'."""
        lines = []
        for key, (seat, button) in self.buttons.items():
            who = "colour pad" if seat is None else f"seat {seat + 1}"
            lines.append(f"{who} {button}: {key}")
        return lines


class Keyboard:
    """Turns key presses into input events: button keys at once, typed codes on Enter.

    `decode` turns the typed text into a card code, or None when it is not one; the keys of
    the buttons in `releases` say when they go up too (`key_up`), as a panel's do.
    """

    def __init__(
        self,
        keymap: KeyMap,
        decode: Callable[[str], str | None],
        releases: Collection[Button] = (),
    ) -> None:
        self.keymap = keymap
        self._decode = decode
        self._releases = frozenset(releases)
        self._down: set[str] = set()  # keys of such buttons pressed and not yet up
        self.typed = ""
        """The code being typed, shown on screen as a text box."""
        self._skipping = False  # the rest of a code said too long, up to its Enter

    def key(self, name: str, at: float) -> InputEvent | None:
        """The event a key press makes, or None (a letter of a code being typed, an unused key)."""
        name = name.lower()
        if name in self.keymap.buttons:
            seat, button = self.keymap.buttons[name]
            released = button in self._releases
            if released:
                self._down.add(name)
            return ButtonPressed(seat, button, at, released)
        if name in SEND_KEYS:
            return self._send(at)
        if name == "escape":  # a fresh start, after a code said too long too
            self.typed, self._skipping = "", False
        elif self._skipping:
            return None
        elif name == "backspace":
            self.typed = self.typed[:-1]
        else:
            char = name.strip("[]")  # keypad digits are named '[1]'
            # ASCII only: a layout's other letters have capitals that are ASCII ones (a long
            # s is an S), and other digits are no code's.
            if len(char) == 1 and char.isascii() and char.isalnum():
                return self._type(char.upper())
        return None

    def _type(self, char: str) -> InputEvent | None:
        """One more character; past a line's length (a key stuck down, a reader that sends no
        Enter) the code is said too long, as a serial reader's line is, and the rest of it,
        up to its Enter, is dropped: it would grow, and be drawn, without end."""
        if len(self.typed) < MAX_LINE:
            self.typed += char
            return None
        text, self.typed, self._skipping = self.typed, "", True
        return DeviceProblem(READER, Problem.GARBLED, "line too long", text[:64])

    def key_up(self, name: str, at: float) -> InputEvent | None:
        """The event a key's release makes: the end of a press whose release was promised."""
        name = name.lower()
        if name not in self._down:
            return None
        self._down.discard(name)
        seat, button = self.keymap.buttons[name]
        return ButtonReleased(seat, button, at)

    def release_all(self, at: float) -> list[InputEvent]:
        """The releases of every such key still down: the window lost the keyboard, so their
        own releases will not come."""
        return [event for name in sorted(self._down) if (event := self.key_up(name, at))]

    def _send(self, at: float) -> InputEvent | None:
        text, self.typed, self._skipping = self.typed, "", False
        if not text:
            return None
        code = self._decode(text)
        if code is None:
            return DeviceProblem(READER, Problem.UNKNOWN_CODE, "unknown code", text)
        return CodeScanned(code, READER, at)

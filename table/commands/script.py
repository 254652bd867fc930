"""`uno-table run --script FILE`: a file of presses and scans played through the real input
paths, then the table's state as one JSON line (DESIGN.md, "The table script").

Presses are edges on gpiozero MockFactory pins under the real Panel; scans are bytes written
into a pseudo-terminal that each configured reader opens in place of its device. The table
runs on its own clock, which jumps over the time in which it only waits, so a script of
minutes plays in about a second and every press still lands at its SECONDS.
"""

from __future__ import annotations

import dataclasses
import math
import os
import queue
import shlex
import tempfile
import time
import tomllib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from engine import Kind
from hw.buttons import Panel
from hw.events import PAD_BUTTONS, SEAT_BUTTONS, Button, ButtonPressed, CodeScanned
from hw.keyboard import SEAT_KEYS, Keyboard, KeyMap
from hw.sim import SimButtons, SimReader
from table.flow.loop import Loop
from table.flow.session import Phase, Session
from table.setup.config import Config
from table.setup.inputs import Inputs, codebook, start_readers

VERBS = ("press", "pad", "scan", "bytes", "unplug", "plug", "wait")
MAX_SECONDS = 10_000_000.0
STEP = 0.005  # seconds the loop waits for input at most while something is on its way
# Real seconds after an input before the clock may jump: a device's own time windows (a
# button's refractory period, a reader's silence between frames) must see real time pass.
DEVICE_QUIET = 0.05
PLUG_LIMIT = 5.0  # real seconds a replugged reader may take to open its port again
SCREEN_NAMES = {"color": "colour", "scoreboard": "scores"}


class ScriptError(ValueError):
    """A malformed script: the message says the file, the line and what is wrong."""


@dataclass(frozen=True)
class Step:
    """One line of a script: at `seconds` from the start, a press, bytes for a reader, a plug."""

    seconds: float
    verb: str
    line: int
    seat: int | None = None  # a press: the physical seat from 0; None for the colour pad
    button: Button | None = None
    reader: str = ""
    data: bytes = b""


# --- reading a script ----------------------------------------------------------------------------


def parse(text: str, seats: int, readers: Collection[str], source: str = "script") -> list[Step]:
    """The steps of a script for a table of `seats` seats and these reader names."""
    steps: list[Step] = []
    for number, raw in enumerate(text.splitlines(), 1):
        try:
            step = _line(raw, number, seats, readers)
        except ScriptError as err:
            raise ScriptError(f"{source}:{number}: {err}") from None
        if step is None:
            continue
        if steps and step.seconds < steps[-1].seconds:
            before = steps[-1]
            raise ScriptError(
                f"{source}:{number}: {step.seconds:g} s comes before line {before.line}'s "
                f"{before.seconds:g} s (SECONDS never decrease)"
            )
        steps.append(step)
    return steps


def _line(raw: str, number: int, seats: int, readers: Collection[str]) -> Step | None:
    try:
        words = shlex.split(raw, comments=True)
    except ValueError as err:  # an unclosed quote
        raise ScriptError(f"cannot read the line: {err}") from None
    if not words:
        return None
    seconds = _seconds(words[0])
    if len(words) < 2:
        raise ScriptError(f"a verb must follow the seconds ({', '.join(VERBS)})")
    verb, args = words[1], words[2:]
    if verb not in VERBS:
        raise ScriptError(f"unknown verb {verb!r} (known: {', '.join(VERBS)})")
    step = Step(seconds, verb, number)
    match verb:
        case "press":
            _count(verb, args, 2, "SEAT uno|challenge|draw")
            return dataclasses.replace(step, seat=_seat(args[0], seats), button=_button(args[1]))
        case "pad":
            _count(verb, args, 1, "red|yellow|green|blue")
            return dataclasses.replace(step, button=_button(args[0], PAD_BUTTONS))
        case "scan":
            _count(verb, args, 2, "READER ID")
            data = (args[1] + "\r\n").encode()
            return dataclasses.replace(step, reader=_reader(args[0], readers), data=data)
        case "bytes":
            if len(args) < 2:
                raise ScriptError("bytes takes READER HEX... (at least one byte)")
            data = _hex(args[1:])
            return dataclasses.replace(step, reader=_reader(args[0], readers), data=data)
        case "unplug" | "plug":
            _count(verb, args, 1, "READER")
            return dataclasses.replace(step, reader=_reader(args[0], readers))
    _count(verb, args, 0, "nothing")
    return step


def _seconds(word: str) -> float:
    try:
        value = float(word)
    except ValueError:
        raise ScriptError(f"a line starts with SECONDS from the start, not {word!r}") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise ScriptError(f"SECONDS must be from 0 to {MAX_SECONDS:g}, not {word!r}")
    return value


def _count(verb: str, args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise ScriptError(f"{verb} takes {usage}, not {len(args)} word(s): {' '.join(args)!r}")


def _seat(word: str, seats: int) -> int:
    if not word.isdigit() or not 1 <= int(word) <= seats:
        raise ScriptError(f"no seat {word!r}: the configuration has seats 1 to {seats}")
    return int(word) - 1


def _button(word: str, buttons=SEAT_BUTTONS) -> Button:
    if word not in buttons:
        raise ScriptError(f"no button {word!r} (known: {'|'.join(buttons)})")
    return Button(word)


def _reader(word: str, readers: Collection[str]) -> str:
    if word not in readers:
        known = ", ".join(repr(r) for r in readers) or "none"
        raise ScriptError(f"no reader {word!r} in the configuration (readers: {known})")
    return word


def _hex(words: list[str]) -> bytes:
    bad = next((w for w in words if not _is_byte(w)), None)
    if bad is not None:
        raise ScriptError(f"{bad!r} is not a byte in hex (00 to ff)")
    return bytes(int(w, 16) for w in words)


def _is_byte(word: str) -> bool:
    return len(word) == 2 and all(c in "0123456789abcdefABCDEF" for c in word)


def read_script(path: Path, config: Config) -> list[Step]:
    """A script file's steps for this configuration; ScriptError says what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        why = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise ScriptError(f"{path}: cannot read the script: {why}") from None
    return parse(text, len(config.seats), [r.name for r in config.readers], str(path))


# --- playing it ----------------------------------------------------------------------------------


@dataclass
class ScriptClock:
    """The table's clock: monotonic time plus the waits jumped over."""

    offset: float = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset


class _Rebased(queue.Queue):
    """The loop's queue: an input's edge or scan time moved onto the table's clock."""

    def __init__(self, clock: ScriptClock) -> None:
        super().__init__()
        self._clock = clock

    def put(self, item, block: bool = True, timeout: float | None = None) -> None:
        if isinstance(item, ButtonPressed | CodeScanned):
            item = dataclasses.replace(item, at=item.at + self._clock.offset)
        super().put(item, block, timeout)


class Player:
    """The whole table headless on mock pins and ptys, playing a script's steps in order."""

    def __init__(self, config: Config, folder: Path, headless: bool = True) -> None:
        self.clock = ScriptClock()
        self.sims = {
            r.name: SimReader(folder / f"reader-{n}") for n, r in enumerate(config.readers, 1)
        }
        readers = tuple(
            dataclasses.replace(r, device=str(self.sims[r.name].path)) for r in config.readers
        )
        self.config = config = dataclasses.replace(config, readers=readers)
        self.events = _Rebased(self.clock)
        factory = MockFactory()
        pins = [seat.pins for seat in config.seats]
        gpio = config.gpio
        panel = Panel(
            factory, pins, config.color_pad, self.events, bounce=gpio.bounce,
            refractory=gpio.refractory,
        )  # fmt: skip
        self.buttons = SimButtons(factory, pins, config.color_pad)
        book = codebook(config)
        keyboard = Keyboard(KeyMap.default(min(len(pins), len(SEAT_KEYS))), book.decode)
        self.inputs = Inputs(keyboard, panel, start_readers(config, self.events, book.decode))
        self.plugged = {name: True for name in self.sims}
        self.notices: list[str] = []
        self._notice = None
        self.window = None
        self.session = Session(
            config, config.state_dir, settle=gpio.settle, on_change=self._changed
        )
        from table.screen.window import Window, open_surface  # pygame starts here

        surface = open_surface(config, headless)
        self.window = Window(config, surface, self.events, None, "MockFactory")
        self.loop = Loop(
            self.session, self.events, self.inputs, self.window.frame, self.window.pump,
            dirty=self.window.wants_frame, clock=self.clock,
        )  # fmt: skip
        self.loop.after.append(self.window.react)
        self._last_input = 0.0
        self._plugged_at = 0.0
        self._sent: dict[str, float] = {}
        # Reader options that may not exist in every configuration's Reader (hence getattr).
        self._quiet_after = {
            r.name: DEVICE_QUIET + max(getattr(r, "repeat", 0.0), getattr(r, "gap", 0.0))
            for r in config.readers
        }
        self._changed()

    def close(self) -> None:
        """Stop the readers, release the pins, close the journal and the ptys."""
        self.inputs.close()
        for sim in self.sims.values():
            sim.close()
        if self.session.journal is not None:
            self.session.journal.close()

    def play(self, steps: list[Step]) -> dict:
        """Play every step at its time; the table's state once the last has settled."""
        self._plugged_at = time.monotonic()
        self._advance(None)  # the first frame drawn, the readers open
        start = self.clock()
        for step in steps:
            self._advance(start + step.seconds)
            self._do(step)
        self._advance(None)
        return report(self.session, self.window, self.notices)

    def _do(self, step: Step) -> None:
        self._last_input = time.monotonic()
        if step.verb in ("press", "pad"):
            self.buttons.press(step.seat, step.button)
        elif step.verb in ("scan", "bytes") and self.plugged[step.reader]:
            self._wait_open(step.reader)
            self.sims[step.reader].send(step.data)
            self._sent[step.reader] = time.monotonic()
        elif step.verb in ("unplug", "plug"):
            sim, plug = self.sims[step.reader], step.verb == "plug"
            if plug != self.plugged[step.reader]:
                sim.replug() if plug else sim.unplug()
                self.plugged[step.reader] = plug
                self._plugged_at = self._last_input

    def _wait_open(self, name: str) -> None:
        """A scan after `plug` waits for the reader to open its port (it would be lost)."""
        reader = next(r for r in self.inputs.readers if r.name == name)
        while not reader.connected and time.monotonic() - self._plugged_at < PLUG_LIMIT:
            self.loop.run_once(wait=STEP)

    def _advance(self, target: float | None) -> None:
        """Run the table until `target` on its clock (None: until every input is applied),
        jumping over the time in which it only waits for a deadline or the next step."""
        while True:
            now = self.clock()
            held = self._held_due()
            quiet = self._quiet()
            if target is None and held is None and quiet:
                self.loop.run_once(wait=0)
                return
            if target is not None and now >= target:
                return
            if not quiet:
                self.loop.run_once(wait=STEP if target is None else min(STEP, target - now))
                continue
            due = held if target is None else self.session.next_deadline()
            goal = min(t for t in (target, due) if t is not None)
            self.clock.offset += max(0.0, goal - now)
            self.loop.run_once(wait=0)

    def _held_due(self) -> float | None:
        controller = self.session.controller
        return controller.next_due() if controller is not None else None

    def _quiet(self) -> bool:
        """Nothing is on its way to the table: the clock may jump."""
        real = time.monotonic()
        if real - self._last_input < DEVICE_QUIET or not self.events.empty():
            return False
        opening = real - self._plugged_at < PLUG_LIMIT
        for reader in self.inputs.readers:
            if self.sims[reader.name].pending():
                return False
            if real - self._sent.get(reader.name, -1e9) < self._quiet_after[reader.name]:
                return False  # its own windows (a card's presence, a frame's silence) run
            if opening and reader.connected != self.plugged[reader.name]:
                return False
        return True

    def _changed(self) -> None:
        """Every notice the table puts up, as the screen shows it (the same one put up again
        while it is still shown is one notice on screen)."""
        notice = self.session.notice if self.window is not None else None
        if notice is None or notice is self._notice:
            return
        shown = shown_notice(self.window.view(self.session), notice.problem)
        last = self._notice
        if not (last and self.notices and self.notices[-1] == shown and last.until > self.clock()):
            self.notices.append(shown)
        self._notice = notice


def shown_notice(view, problem: bool) -> str:
    """A notice as it is on screen: a problem in the corner, a refusal in the prompt bar."""
    if problem:
        return view.devices.problem
    return footer(view)


def footer(view) -> str:
    """The prompt bar's line: the refusal with the seat's name, or the prompt."""
    refusal = view.refusal
    if refusal is None:
        return view.prompt
    seat = refusal.seat
    who = view.seats[seat].name if seat is not None and seat < len(view.seats) else ""
    return f"{who}: {refusal.text}" if who else refusal.text


# --- the report ----------------------------------------------------------------------------------


def report(session: Session, window, notices: list[str]) -> dict:
    """The table's state as the script's JSON line (seats as numbered in the configuration)."""
    view = window.view(session)
    game = session.game
    number = {n: physical + 1 for n, physical in enumerate(session.joined)}
    state = {
        "screen": screen_name(session, view),
        "preset": session.preset,
        "seats": [physical + 1 for physical in session.joined],
        "awaiting": {"kind": None, "seat": None},
        "top": None,
        "color": None,
        "direction": None,
        "hand_counts": {},
        "discard": [],
        "actions": [],
        "scores": {},
        "prompt": footer(view),
        "notices": list(notices),
        "journal": str(session.journal_path) if session.journal_path else None,
        "events": list(view.events),
        "leds": {str(seat + 1): lit for seat, lit in session.leds().items()},
    }
    if game is None:
        return state
    aw = game.awaiting
    seats = range(game.players)
    return state | {
        "awaiting": {"kind": str(aw.kind), "seat": number.get(aw.seat)},
        "top": game.top and str(game.top),
        "color": game.color and str(game.color),
        "direction": game.direction,
        "hand_counts": {str(number[s]): game.hand_count(s) for s in seats},
        "discard": [str(card) for card in game.discard],
        "actions": [action.to_json() for action in game.history],
        "scores": {str(number[s]): game.scores[s] for s in seats},
    }


def screen_name(session: Session, view) -> str:
    """The screen up, by the script's names (a challenge's reveal is `reveal`)."""
    if session.phase is Phase.RESUME:
        return "resume"
    game = session.game
    if game is not None and game.awaiting.kind is Kind.REVEAL and game.winner is None:
        return "reveal"
    return SCREEN_NAMES.get(str(view.screen), str(view.screen))


# --- the command ---------------------------------------------------------------------------------


def names_state_dir(path: Path | None) -> bool:
    """Whether a configuration file sets `state_dir` itself (the default's is not used)."""
    if path is None:
        return False
    return "state_dir" in tomllib.loads(Path(path).read_text(encoding="utf-8"))


def run_script(config: Config, script: Path, config_path: Path | None, headless: bool) -> dict:
    """Play a script on this configuration; raises ScriptError before anything starts."""
    steps = read_script(script, config)
    if not names_state_dir(config_path):
        state = Path(tempfile.mkdtemp(prefix="uno-table-script-"))
        config = dataclasses.replace(config, state_dir=state)
    with tempfile.TemporaryDirectory(prefix="uno-table-ptys-") as folder:
        os.chmod(folder, 0o700)
        player = Player(config, Path(folder), headless)
        try:
            return player.play(steps)
        finally:
            player.close()

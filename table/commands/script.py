"""`uno-table run --script FILE`: a file of presses and scans played through the real input
paths, then the table's state as one JSON line (README, "Table script").

Presses are edges on gpiozero MockFactory pins under the real Panel; scans are bytes written
into a pseudo-terminal that each configured reader opens in place of its device; a camera
reader reads its frames from a feed that `show` sets (hw.frames.FrameFeed). The table
runs on its own clock: every input is stamped with its SECONDS, and the clock jumps over the
time in which the table only waits, so a script of minutes plays in about a second.
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

from engine import Kind
from hw.events import PAD_BUTTONS, SEAT_BUTTONS, Button
from hw.frames import FrameFeed, cv2_module, plain_mat
from hw.protocols import ReaderProtocol
from hw.reader import ReaderUnavailable
from hw.sim import SimButtons, SimReader, StillClock, clocked_pins, in_flight
from table.app import WindowOptions, build_table
from table.files import read_bytes
from table.flow.lock import StateLock
from table.flow.session import Phase, Session
from table.setup.config import Config, Reader

LIMIT = 16 << 20  # bytes: some 500,000 lines, far more than any script
VERBS = ("press", "hold", "pad", "scan", "bytes", "show", "unplug", "plug", "wait")
MAX_SECONDS = 10_000_000.0
STEP = 0.005  # real seconds the loop waits for input at most while something is on its way
OPEN_GUARD = 60.0  # real seconds a reader may take to open its port: a hang guard only
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
    image: Path | None = None  # show: what the camera sees from then on; None: the empty spot
    held: float = 0.0  # hold: how long the button stays down


# --- reading a script ----------------------------------------------------------------------------


def parse(
    text: str,
    seats: int,
    readers: Collection[str],
    source: str = "script",
    cameras: Collection[str] = (),
    folder: Path | None = None,
) -> list[Step]:
    """The steps of a script for a table of `seats` seats and these reader names, `cameras`
    among them; a relative IMAGE is looked for in `folder` (the script's), then here."""
    steps: list[Step] = []
    where = _Readers(readers, cameras, folder)
    for number, raw in enumerate(text.splitlines(), 1):
        try:
            step = _line(raw, number, seats, where)
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


@dataclass(frozen=True)
class _Readers:
    """The readers a script may name: those that read codes, the cameras, where images are."""

    names: Collection[str]
    cameras: Collection[str]
    folder: Path | None

    def named(self, word: str, camera: bool) -> str:
        if word not in self.names:
            known = ", ".join(repr(r) for r in self.names) or "none"
            raise ScriptError(f"no reader {word!r} in the configuration (readers: {known})")
        if camera != (word in self.cameras):
            use = "show READER IMAGE" if word in self.cameras else "scan READER ID"
            kind = "a camera" if word in self.cameras else "not a camera"
            raise ScriptError(f"reader {word!r} is {kind}: use {use}")
        return word

    def image(self, word: str) -> Path | None:
        if word == "none":
            return None
        path = Path(word)
        if not path.is_absolute() and self.folder is not None and (self.folder / path).exists():
            path = self.folder / path
        why = unreadable_image(path)
        if why:
            raise ScriptError(f"cannot show {word}: {why}")
        return path


def unreadable_image(path: Path) -> str:
    """Why the image at `path` cannot be shown to a camera, or "" when it can."""
    if not path.is_file():
        return "no such file" if not path.exists() else "not a file"
    if read_image(path) is None:
        return "not an image OpenCV can read"
    return ""


def read_image(path: Path):
    """The image at `path` as a camera frame (BGR), or None when it is not one."""
    try:
        cv2 = cv2_module()
    except ReaderUnavailable as exc:
        raise ScriptError(f"show needs OpenCV: {exc.detail}") from None
    return cv2.imread(str(path), cv2.IMREAD_COLOR)


def _line(raw: str, number: int, seats: int, readers: _Readers) -> Step | None:
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
        case "hold":
            _count(verb, args, 3, "SEAT uno|challenge|draw DURATION")
            seat, button = _seat(args[0], seats), _button(args[1])
            return dataclasses.replace(step, seat=seat, button=button, held=_held(args[2]))
        case "pad":
            _count(verb, args, 1, "red|yellow|green|blue")
            return dataclasses.replace(step, button=_button(args[0], PAD_BUTTONS))
        case "scan":
            _count(verb, args, 2, "READER ID")
            data = (args[1] + "\r\n").encode()
            return dataclasses.replace(step, reader=readers.named(args[0], False), data=data)
        case "bytes":
            if len(args) < 2:
                raise ScriptError("bytes takes READER HEX... (at least one byte)")
            data = _hex(args[1:])
            return dataclasses.replace(step, reader=readers.named(args[0], False), data=data)
        case "show":
            _count(verb, args, 2, "READER IMAGE (or none)")
            reader = readers.named(args[0], True)
            return dataclasses.replace(step, reader=reader, image=readers.image(args[1]))
        case "unplug" | "plug":
            _count(verb, args, 1, "READER")
            name = args[0]
            return dataclasses.replace(step, reader=readers.named(name, name in readers.cameras))
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


def _held(word: str) -> float:
    try:
        value = float(word)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise ScriptError(f"DURATION is the seconds the button stays down, not {word!r}")
    return value


def _count(verb: str, args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise ScriptError(f"{verb} takes {usage}, not {len(args)} word(s): {' '.join(args)!r}")


def _seat(word: str, seats: int) -> int:
    # ASCII digits: str.isdigit() also takes "²", which int() refuses, and "١" (1 in Arabic).
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= seats:
        raise ScriptError(f"no seat {word!r}: the configuration has seats 1 to {seats}")
    return int(word) - 1


def _button(word: str, buttons=SEAT_BUTTONS) -> Button:
    if word not in buttons:
        raise ScriptError(f"no button {word!r} (known: {'|'.join(buttons)})")
    return Button(word)


def _hex(words: list[str]) -> bytes:
    bad = next((w for w in words if not _is_byte(w)), None)
    if bad is not None:
        raise ScriptError(f"{bad!r} is not a byte in hex (00 to ff)")
    return bytes(int(w, 16) for w in words)


def _is_byte(word: str) -> bool:
    return len(word) == 2 and all(c in "0123456789abcdefABCDEF" for c in word)


def read_script(path: Path, config: Config) -> list[Step]:
    """A script file's steps for this configuration; ScriptError says what is wrong."""
    try:  # a file or a pipe (/dev/stdin), read bounded: /dev/zero would fill the memory
        text = read_bytes(path, LIMIT, streams=True).decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        why = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise ScriptError(f"{path}: cannot read the script: {why}") from None
    names = [r.name for r in config.readers]
    cameras = [r.name for r in config.readers if r.protocol is ReaderProtocol.CAMERA]
    return parse(text, len(config.seats), names, str(path), cameras, Path(path).parent)


# --- playing it ----------------------------------------------------------------------------------


BUTTONS = ""  # the buttons' key among the devices (a reader's is its name)
RELEASE = "release"  # the end of a hold: not a verb of the file, a step of the timeline
PRESSES = ("press", "hold", "pad", RELEASE)


def timeline(steps: list[Step]) -> list[Step]:
    """The steps in the order they happen: each hold's release DURATION after it goes down,
    among the later lines (before a line of the same time)."""
    timed = [((step.seconds, n), step) for n, step in enumerate(steps)]
    for n, step in enumerate(steps):
        if step.verb == "hold":
            end = step.seconds + step.held
            timed.append(((end, n + 0.5), dataclasses.replace(step, verb=RELEASE, seconds=end)))
    return [step for _, step in sorted(timed, key=lambda pair: pair[0])]


def _on_pty(reader: Reader, path: Path) -> Reader:
    """A reader on a pty: a serial one speaks its protocol there, an nfc or hid one lines."""
    protocol = reader.protocol if reader.protocol.serial else ReaderProtocol.LINES
    return dataclasses.replace(reader, device=str(path), protocol=protocol)


class Player:
    """The whole table headless on mock pins and ptys, playing a script's steps in order.

    The table's clock stands still while inputs are on their way (a reader's thread, a window
    of its own) and jumps from one step or deadline to the next once nothing is; between two
    inputs of one device real time passes as in the script, up to that device's own windows.
    """

    def __init__(self, config: Config, folder: Path, headless: bool = True) -> None:
        self.clock = StillClock(time.monotonic())
        cameras = [r for r in config.readers if r.protocol is ReaderProtocol.CAMERA]
        self.feeds = {r.name: FrameFeed(plain_mat()) for r in cameras}
        self.sims = {
            r.name: SimReader(folder / f"reader-{n}")
            for n, r in enumerate(config.readers, 1)
            if r.name not in self.feeds
        }
        readers = tuple(
            r if r.name in self.feeds else _on_pty(r, self.sims[r.name].path)
            for r in config.readers
        )
        self.config = config = dataclasses.replace(config, readers=readers)
        self.events: queue.Queue = queue.Queue()
        self.plugged = {r.name: True for r in config.readers}
        self._images: dict[Path, object] = {}
        self.notices: list[str] = []
        self._notice = None
        self._alerts: list = []
        self.window = None
        pins = clocked_pins(self.clock)  # a press's time is its SECONDS on the table's clock
        self.table = build_table(
            config, pins=pins, events=self.events, clock=self.clock,
            window=WindowOptions(headless, keyboard=False), lock=StateLock(config.state_dir),
            on_change=self._changed, feeds={name: feed.open for name, feed in self.feeds.items()},
        )  # fmt: skip
        self.session, self.loop = self.table.session, self.table.loop
        self.inputs, self.window = self.table.inputs, self.table.window
        factory = self.inputs.panel.factory
        self.buttons = SimButtons(factory, [seat.pins for seat in config.seats], config.color_pad)
        self._last: dict[str, tuple[float, float]] = {}  # device: (real, script) time of input
        self._plugged_at = time.monotonic()
        self._replugged: set[str] = set()  # readers the script plugged in again
        # A device's own windows in real time: the silence that ends a gap reader's frame
        # (a button's refractory period and a reader's repeat window run on the table's clock).
        self._windows = {BUTTONS: 0.0} | {
            r.name: r.gap if r.protocol is ReaderProtocol.GAP else 0.0 for r in config.readers
        }
        self._changed()

    def close(self) -> None:
        """Stop the readers, release the pins, close the journal and the ptys."""
        self.table.close()
        for sim in self.sims.values():
            sim.close()

    def play(self, steps: list[Step]) -> dict:
        """Play every step at its time; the table's state once the last has settled."""
        self._settle()  # the readers open, the first frame drawn
        start = self.clock.now
        for step in timeline(steps):
            self._advance(start + step.seconds, self._device(step))
            self._do(step)
        self._settle()
        return report(self.session, self.window, self.notices)

    @staticmethod
    def _device(step: Step) -> str | None:
        return BUTTONS if step.verb in PRESSES else step.reader or None

    def _do(self, step: Step) -> None:
        device = self._device(step)
        if device is not None:
            self._last[device] = (time.monotonic(), self.clock.now)
        if step.verb in ("press", "pad"):
            self.buttons.press(step.seat, step.button)
        elif step.verb == "hold":
            self.buttons.down(step.seat, step.button)
        elif step.verb == RELEASE:
            self.buttons.up(step.seat, step.button)
        elif step.verb in ("scan", "bytes") and self.plugged[step.reader]:
            self._wait_open(step.reader)
            self.sims[step.reader].send(step.data)
        elif step.verb == "show":
            self._wait_open(step.reader)
            self.feeds[step.reader].show(self._image(step.image))
        elif step.verb in ("unplug", "plug"):
            plug = step.verb == "plug"
            if plug != self.plugged[step.reader]:
                self._plug(step.reader, plug)
                self.plugged[step.reader] = plug
                (self._replugged.add if plug else self._replugged.discard)(step.reader)
                self._plugged_at = time.monotonic()

    def _plug(self, name: str, plug: bool) -> None:
        if name in self.feeds:
            self.feeds[name].plug() if plug else self.feeds[name].unplug()
        else:
            self.sims[name].replug() if plug else self.sims[name].unplug()

    def _image(self, path: Path | None):
        """The frame an image file makes (read once a script); None for the empty spot."""
        if path is not None and path not in self._images:
            self._images[path] = read_image(path)
        return None if path is None else self._images[path]

    def _wait_open(self, name: str) -> None:
        """A scan waits for its reader to open its port (it would be lost), unless the reader
        said it cannot (one never plugged again by the script)."""
        reader = next(r for r in self.inputs.readers if r.name == name)
        while not self._where_left(reader) and time.monotonic() - self._plugged_at < OPEN_GUARD:
            self.loop.run_once(wait=STEP)

    def _where_left(self, reader) -> bool:
        """The reader is as the script left it: open when plugged (or, never plugged again by
        the script, said not to be there), closed when unplugged. Waited for, not timed."""
        if not self.plugged[reader.name]:
            return not reader.connected
        return reader.connected or (reader.name not in self._replugged and reader.down)

    def _advance(self, target: float, device: str | None) -> None:
        """Bring the table's clock to `target`, through every deadline on the way, once the
        inputs before it have arrived and `device` has had its real time since its last one."""
        while not (self._settled() and self._spaced(device, target)):
            self.loop.run_once(wait=STEP)
        self.loop.run_once(wait=0)
        while self.clock.now < target:
            deadline = self.session.next_deadline()
            moved = deadline is not None and self.clock.now < deadline < target
            self.clock.now = deadline if moved else target
            self.loop.run_once(wait=0)

    def _settle(self) -> None:
        """Run until every input on its way has been applied (no later notice expires)."""
        while True:
            if not self._settled():
                self.loop.run_once(wait=STEP)
                continue
            due = self._held_due()
            if due is None:
                self.loop.run_once(wait=0)
                return
            self.clock.now = max(self.clock.now, due)
            self.loop.run_once(wait=0)

    def _held_due(self) -> float | None:
        controller = self.session.controller
        return controller.next_due() if controller is not None else None

    def _spaced(self, device: str | None, target: float) -> bool:
        """Real time since the device's last input: as in the script, up to its windows."""
        if device not in self._last:
            return True
        real, script = self._last[device]
        return time.monotonic() - real >= min(target - script, self._windows[device])

    def _settled(self) -> bool:
        """Nothing is on its way to the table: what was written has been read and handed on.
        The readers are asked first: a reader counts its bytes taken once their events are
        on the queue, so the queue, looked at last, holds them."""
        real = time.monotonic()
        opening = real - self._plugged_at < OPEN_GUARD
        for reader in self.inputs.readers:
            name = reader.name
            last = self._last.get(name, (-1e9, 0.0))[0]
            if self._pending(reader) or real - last < self._windows[name]:
                return False  # read, or a frame's silence, not over yet
            if opening and not self._where_left(reader):
                return False
        return self.events.empty()

    def _pending(self, reader) -> bool:
        """Whether a reader has input it has not handed on (hw.sim.in_flight)."""
        device = self.feeds.get(reader.name) or self.sims[reader.name]
        return in_flight(reader, device)

    def _changed(self) -> None:
        """Every notice the table puts up, as the screen shows it (the same one put up again
        while it is still shown is one notice on screen)."""
        if self.window is None:
            return
        fresh = [a for a in self.session.alerts if a not in self._alerts]
        if fresh:  # the saved game's problems: in the footer, until cleared
            self._alerts += fresh
            self.notices.append(self.window.view(self.session).footer)
        notice = self.session.notice
        if notice is None or notice is self._notice:
            return
        shown = self.window.view(self.session).footer  # the bar as shown, while it shows
        last = self._notice
        still = last is not None and last.until > self.clock.now
        if not (still and self.notices and self.notices[-1] == shown):
            self.notices.append(shown)
        self._notice = notice


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
        "prompt": view.footer,
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

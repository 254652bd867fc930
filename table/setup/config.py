"""The table's configuration: one TOML file over the shipped default, read into frozen values."""

from __future__ import annotations

import json
import os
import pwd
import re
import tomllib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine import RuleSet
from hw.buttons import PadPins, SeatPins
from hw.frames import PICAMERA2
from hw.header import PHYSICAL
from hw.protocols import BAUD, BAUDS, ReaderProtocol
from table import files
from table.positions import Position

ENV_VAR = "UNO_TABLE_CONFIG"
LANGUAGES = ("auto", "en", "es")
PIN_FACTORIES = ("auto", "lgpio", "rpigpio", "pigpio", "native", "mock", "keyboard")
MIN_SEATS = 2  # a game needs two
PAD_BUTTONS, SEAT_BUTTONS = 4, 3  # the colour pad's; each seat's UNO, CHALLENGE and DRAW
MAX_SEATS = (len(PHYSICAL) - PAD_BUTTONS) // SEAT_BUTTONS
"""8: as many seats as the header's 28 GPIOs hold, each pin used once (a seat's LED optional)."""
MAX_READERS = MAX_SEATS + 1  # one per seat (jump-ins need it) and one shared (the flip, tallies)
NAME_LEN = 24
"""The longest seat name: every screen says it, shortened only where a box or a line cannot
hold it whole (tests/table/test_screen_audit.py audits every screen with names this long)."""
KNOB_RANGES = {  # the rule set's whole-number knobs (hand_size: also what the deck holds)
    "hand_size": (1, 30),
    "uno_penalty": (0, 20),
    "challenge_penalty": (0, 20),
    "target_score": (1, 100_000),
}
UNO_RACE_MS = (0, 1000)  # knobs.uno_race_ms: the engine's uno_race, in seconds
NOT_KNOBS = {
    "name": 'the rule set is chosen by preset (and the lobby\'s buttons): preset = "cool"',
    "uno_race": "set in milliseconds as uno_race_ms, e.g. uno_race_ms = 50",
}
PIN_RANGE = (min(PHYSICAL), max(PHYSICAL))  # the BCM GPIOs on the Pi's header
TURN = "turn"
GAP_MS = 50  # a reader's defaults where default.toml has none: [[reader]] lists are replaced
REPEAT_MS = 500
TEXT_LIMIT = 1 << 20  # bytes of a configuration or a deck map: a bigger file is not one
FACES_FILE = "faces.npz"
"""The camera's deck faces (`uno-table enroll --camera`) unless a reader names its own file:
beside the journal in state_dir."""


class ConfigError(ValueError):
    """A bad configuration: the message names the file, the key and what was expected."""


@dataclass(frozen=True)
class Seat:
    """One seat: its name on screen, where it sits, its panel's pins."""

    name: str
    position: Position
    pins: SeatPins


@dataclass(frozen=True)
class Reader:
    """A card reader: its name, how to find it, whose scans it reads (None: the turn's), and
    how it speaks: its protocol, the silence that ends a `gap` frame, the repeat window (s);
    a camera's deck faces file."""

    name: str
    device: str
    baud: int
    seat: int | None
    protocol: ReaderProtocol = ReaderProtocol.LINES
    gap: float = GAP_MS / 1000
    repeat: float = REPEAT_MS / 1000
    faces: Path | None = None


def default_faces(state_dir: Path) -> Path:
    """Where the camera's deck faces are unless a reader says: beside the journal."""
    return Path(state_dir) / FACES_FILE


@dataclass(frozen=True)
class Gpio:
    """The pin factory and the button timing."""

    pin_factory: str
    bounce: float
    refractory: float
    settle: float  # seconds a press waits for an earlier edge from another thread


@dataclass(frozen=True)
class DisplaySettings:
    """The screen: size (0, 0 for the screen's own), fullscreen, the call word."""

    width: int
    height: int
    fullscreen: bool
    call_word: str


@dataclass(frozen=True)
class Sound:
    """Sounds on or off, and how loud."""

    enabled: bool
    volume: float


@dataclass(frozen=True)
class Config:
    """The whole configuration of a table."""

    preset: str
    knobs: Mapping[str, Any]
    language: str
    state_dir: Path
    deck_map: Path | None
    gpio: Gpio
    seats: tuple[Seat, ...]
    color_pad: PadPins
    readers: tuple[Reader, ...]
    display: DisplaySettings
    sound: Sound
    source: str
    scan_window: float  # multi_play: scans this close together by one reader make one play
    printed_repeat: float = 3.0  # a printed code equal to the top's this soon: read twice

    def rules(self, preset: str | None = None) -> RuleSet:
        """The rule set: a preset (the configured one by default) with the knobs applied."""
        return RuleSet.preset(preset or self.preset).replace(**self.knobs)


def default_text() -> str:
    """The shipped default configuration, as text."""
    return resources.files("table").joinpath("default.toml").read_text(encoding="utf-8")


def find(env: Mapping[str, str] = os.environ) -> Path | None:
    """The configuration file named by $UNO_TABLE_CONFIG, or None for the default alone."""
    value = env.get(ENV_VAR, "")
    return Path(value) if value else None


def load(path: Path | None = None) -> Config:
    """Read a configuration file over the default; raises ConfigError with one clear message."""
    base = tomllib.loads(default_text())
    if path is None:
        return parse(base, "default configuration", Path.cwd())
    path = Path(path)
    text = read_text(path, "the configuration")
    return loads(text, str(path), path.parent, base)


def read_text(path: Path, what: str) -> str:
    """A UTF-8 file's text (a regular file of at most TEXT_LIMIT bytes); ConfigError with one
    clear line when it cannot be read."""
    try:
        return files.read_bytes(path, TEXT_LIMIT).decode("utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        byte = exc.object[exc.start]
        raise ConfigError(
            f"{path}: {what} is not UTF-8 text (byte 0x{byte:02x} at offset {exc.start})"
        ) from None


def toml(text: str, source: str) -> dict:
    """TOML text as a dict; ConfigError with one clear line when it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{source}: nested too deeply to be read") from None


def loads(text: str, source: str = "<config>", folder: Path | None = None, base=None) -> Config:
    """Read configuration text over the default; relative paths are taken from `folder`."""
    data = toml(text, source)
    base = tomllib.loads(default_text()) if base is None else base
    return parse(_merge(base, data), source, folder or Path.cwd())


def _merge(base: dict, over: dict) -> dict:
    # Tables merge key by key; anything else (lists of seats or readers too) is replaced whole.
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merged[key] = _merge(base[key], value)
        else:
            merged[key] = value
    return merged


class _Table:
    """A TOML table being read: typed getters that name the key in every error."""

    def __init__(self, data: Any, where: str, source: str) -> None:
        self.source = source
        self.where = where
        if not isinstance(data, dict):
            self.fail("", "a table", data)
        self.data = data
        self.read: set[str] = set()

    def key(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def fail(self, key: str, expected: str, got: Any) -> None:
        name = self.key(key) if key else self.where
        raise ConfigError(f"{self.source}: {name}: expected {expected}, got {_show(got)}")

    def get(self, key: str, expected: str, check: Callable[[Any], bool], default: Any = ...):
        self.read.add(key)
        if key not in self.data:
            if default is ...:
                raise ConfigError(f"{self.source}: {self.key(key)}: missing, expected {expected}")
            return default
        value = self.data[key]
        if not check(value):
            self.fail(key, expected, value)
        return value

    def int(self, key: str, low: int, high: int, default: Any = ..., unit: str = "") -> int:
        expected = f"a whole number{unit} from {low} to {high}"
        return self.get(key, expected, lambda v: type(v) is int and low <= v <= high, default)

    def number(self, key: str, low: float, high: float) -> float:
        expected = f"a number from {low} to {high}"
        ok = lambda v: type(v) in (int, float) and low <= v <= high  # noqa: E731
        return float(self.get(key, expected, ok))

    def bool(self, key: str) -> bool:
        return self.get(key, "true or false", lambda v: type(v) is bool)

    def str(self, key: str, default: Any = ..., max_len: int = 200) -> str:
        expected = f"a text of at most {max_len} characters, without control characters"
        ok = lambda v: type(v) is str and len(v) <= max_len and not _controls(v)  # noqa: E731
        return self.get(key, expected, ok, default)

    def choice(self, key: str, choices: tuple, default: Any = ...) -> Any:
        expected = "one of " + ", ".join(_show(c) for c in choices)
        return self.get(key, expected, lambda v: type(v) is str and v in choices, default)

    def table(self, key: str) -> _Table:
        value = self.get(key, "a table", lambda v: isinstance(v, dict))
        return _Table(value, self.key(key), self.source)

    def tables(self, key: str, low: int, high: int) -> list[_Table]:
        expected = f"a list of {low} to {high} tables ([[{key}]])"
        ok = lambda v: isinstance(v, list) and low <= len(v) <= high  # noqa: E731
        items = self.get(key, expected, ok)
        return [_Table(item, f"{key}[{n}]", self.source) for n, item in enumerate(items, 1)]

    def done(self) -> None:
        """Every key of the table was read: any other is unknown."""
        unknown = sorted(set(self.data) - self.read)
        if unknown:
            known = ", ".join(sorted(self.read))
            name = self.key(unknown[0])
            raise ConfigError(f"{self.source}: {name}: unknown key (known: {known})")


def parse(data: dict, source: str, folder: Path) -> Config:
    """Check a whole configuration (the default merged with a file) and make it a Config."""
    top = _Table(data, "", source)
    preset = top.choice("preset", RuleSet.PRESETS)
    knobs_table = top.table("knobs")
    language = top.choice("language", LANGUAGES)
    state_dir = _path(top, "state_dir", folder)
    deck_map = _path(top, "deck_map", folder) if top.str("deck_map") else None
    scan_window = top.int("scan_window_ms", 0, 5000) / 1000
    printed_repeat = top.int("printed_repeat_ms", 0, 60000) / 1000
    gpio = _gpio(top.table("gpio"))
    pins = _Pins(source)
    listed = top.data.get("seat")
    if isinstance(listed, list) and len(listed) > MAX_SEATS:
        expected = (
            f"{MIN_SEATS} to {MAX_SEATS} seats ([[seat]]): each seat's three buttons and the "
            f"colour pad's four take {SEAT_BUTTONS * MAX_SEATS + PAD_BUTTONS} of the header's "
            f"{len(PHYSICAL)} GPIOs"
        )
        top.fail("seat", expected, listed)
    seat_tables = top.tables("seat", 0, MAX_SEATS)
    seats = tuple(_seat(t, n, pins) for n, t in enumerate(seat_tables, 1))
    pad = top.table("color_pad")
    color_pad = PadPins(*(pins.take(pad, key) for key in ("red", "yellow", "green", "blue")))
    pad.done()
    if len(seats) < MIN_SEATS:  # after each seat's own check, which says more
        expected = f"{MIN_SEATS} to {MAX_SEATS} seats ([[seat]]): a game needs two"
        top.fail("seat", expected, seat_tables)
    knobs = _knobs(knobs_table, preset, len(seats))
    reader_tables = top.tables("reader", 0, MAX_READERS)
    readers = tuple(
        _reader(t, n, len(seats), folder, state_dir) for n, t in enumerate(reader_tables, 1)
    )
    _distinct([r.name for r in readers], "reader", source)
    # Seats are told apart by their names on screen: "Ana" and "ana " would look alike.
    _distinct([s.name for s in seats], "seat", source, lambda name: name.strip().casefold())
    display, sound = _display(top.table("display")), _sound(top.table("sound"))
    top.done()
    return Config(
        preset,
        MappingProxyType(knobs),
        language,
        state_dir,
        deck_map,
        gpio,
        seats,
        color_pad,
        readers,
        display,
        sound,
        source,
        scan_window,
        printed_repeat,
    )


def _distinct(names: list[str], what: str, source: str, same: Callable[[str], str] = str) -> None:
    """Refuse a name given twice (`same` says which names are one), naming the second."""
    seen = [same(name) for name in names]
    for n, name in enumerate(names, 1):
        if seen[n - 1] in seen[: n - 1]:
            raise ConfigError(
                f"{source}: {what}[{n}].name: expected a name no other {what} has, "
                f"got {_show(name)} again"
            )


def _knobs(table: _Table, preset: str, seats: int) -> dict[str, Any]:
    """The rule knobs over the preset, each in its range; every seat's hand must fit the deck
    of every preset the lobby's colour buttons may pick."""
    knobs: dict[str, Any] = {}
    for key in table.data:
        if key in NOT_KNOBS:
            raise ConfigError(f"{table.source}: {table.key(key)}: not a knob: {NOT_KNOBS[key]}")
        if key == "uno_race_ms":
            knobs["uno_race"] = table.int(key, *UNO_RACE_MS) / 1000
        elif key in KNOB_RANGES:
            knobs[key] = table.int(key, *KNOB_RANGES[key])
        else:
            knobs[key] = table.get(key, "a knob's value", lambda v: True)
    for name in (preset, *RuleSet.PRESETS):
        try:
            rules = RuleSet.preset(name).replace(**knobs)
        except (ValueError, TypeError) as exc:
            if name != preset:
                continue  # the lobby refuses that preset with the reason, when it is picked
            raise ConfigError(f"{table.source}: knobs: {exc}") from None
        deck = len(rules.deck())
        if rules.hand_size * seats >= deck:
            most = (deck - 1) // seats
            table.fail(
                "hand_size",
                f"a hand of at most {most} cards: {seats} seats share a deck of {deck} "
                f"(preset {name}) and the first card",
                rules.hand_size,
            )
    return knobs


def _path(table: _Table, key: str, folder: Path) -> Path:
    text = table.str(key, max_len=4096)
    if not text:
        table.fail(key, "a path", text)
    try:
        path = _expand_home(Path(text))
    except (RuntimeError, KeyError):  # "~" with no HOME and no entry in the user database
        table.fail(key, "an absolute path: ~ names no home folder here (HOME is unset)", text)
    return path if path.is_absolute() else folder / path


def _expand_home(path: Path) -> Path:
    """`~` or `~/...` in the home folder: HOME's, unless it names no folder (empty, or not
    absolute: it would put the state under /.local), then the user database's."""
    if path.parts[:1] != ("~",):
        return path.expanduser()  # not ours (or ~user): Python's rule
    home = os.environ.get("HOME", "")
    if not os.path.isabs(home):
        home = pwd.getpwuid(os.getuid()).pw_dir
    return Path(home, *path.parts[1:])


def _gpio(table: _Table) -> Gpio:
    gpio = Gpio(
        table.choice("pin_factory", PIN_FACTORIES),
        table.int("bounce_ms", 0, 1000) / 1000,
        table.int("refractory_ms", 0, 1000) / 1000,
        table.int("settle_ms", 0, 1000) / 1000,
    )
    table.done()
    return gpio


class _Pins:
    """Hands out pins and refuses one used twice, naming both keys."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.used: dict[int, str] = {}

    def take(self, table: _Table, key: str, default: Any = ...) -> int | None:
        pin = table.int(key, *PIN_RANGE, default)
        if pin is None:
            return None
        if pin in self.used:
            raise ConfigError(
                f"{self.source}: {table.key(key)}: expected a pin no other key uses, "
                f"got {pin}, already {self.used[pin]}"
            )
        self.used[pin] = table.key(key)
        return pin


def _seat(table: _Table, number: int, pins: _Pins) -> Seat:
    given = table.str("name", f"Seat {number}", max_len=NAME_LEN)
    name = given.strip()  # not "Juan : leave the game?"
    if not name:
        table.fail("name", f"a name of 1 to {NAME_LEN} characters", given)
    position = Position(table.choice("position", tuple(Position)))
    uno, challenge, draw = (pins.take(table, key) for key in ("uno", "challenge", "draw"))
    seat = Seat(name, position, SeatPins(uno, challenge, draw, pins.take(table, "led", None)))
    table.done()
    return seat


def _reader(table: _Table, number: int, seats: int, folder: Path, state_dir: Path) -> Reader:
    given = table.str("name", f"reader {number}", max_len=24)
    name = given.strip()
    if not name:  # the screen says its problems after its name
        table.fail("name", "a name of 1 to 24 characters", given)
    protocol = ReaderProtocol(table.choice("protocol", tuple(ReaderProtocol), ReaderProtocol.LINES))
    device = table.str("device", max_len=4096)
    if not device:
        table.fail("device", protocol.device, device)
    camera = protocol is ReaderProtocol.CAMERA
    wants = (
        ("baud", protocol.serial),
        ("gap_ms", protocol is ReaderProtocol.GAP),
        ("faces", camera),
    )
    for key, wanted in wants:
        if key in table.data and not wanted:
            table.fail(key, f"no {key} for protocol {_show(str(protocol))}", table.data[key])
    baud = table.get("baud", "one of " + ", ".join(map(str, BAUDS)), lambda v: v in BAUDS, BAUD)
    gap = table.int("gap_ms", 5, 2000, GAP_MS) / 1000
    # A camera counts a card once until its spot is empty (hw.spot): no repeat window is needed.
    repeat = table.int("repeat_ms", 0, 10000, 0 if camera else REPEAT_MS) / 1000
    faces = None
    if camera:
        faces = _path(table, "faces", folder) if "faces" in table.data else default_faces(state_dir)
    seat = table.get(
        "seat",
        f'"turn" or a seat number from 1 to {seats}',
        lambda v: v == TURN or (type(v) is int and 1 <= v <= seats),
        TURN,
    )
    table.done()
    if camera and not device.startswith("/dev/") and device != PICAMERA2:
        device = str(_path(table, "device", folder))  # recorded frames, beside the file
    seat = None if seat == TURN else seat - 1
    return Reader(name, device, baud, seat, protocol, gap, repeat, faces)


def _display(table: _Table) -> DisplaySettings:
    display = DisplaySettings(
        table.int("width", 0, 7680, unit=" of pixels"),
        table.int("height", 0, 4320, unit=" of pixels"),
        table.bool("fullscreen"),
        table.str("call_word", max_len=12),
    )
    if not display.call_word.strip():
        table.fail("call_word", "a word of 1 to 12 characters", display.call_word)
    if (display.width == 0) != (display.height == 0):
        table.fail("height", "0 with width 0, or a height with a width", display.height)
    table.done()
    return display


def _sound(table: _Table) -> Sound:
    sound = Sound(table.bool("enabled"), table.number("volume", 0.0, 1.0))
    table.done()
    return sound


def _controls(text: str) -> bool:
    """Whether `text` holds a control character (a NUL, a newline, an escape...): the screen
    cannot draw one, and a name or a path has no use for one."""
    return any(unicodedata.category(char) in ("Cc", "Cs") for char in text)


def _show(value: Any) -> str:
    """A value as TOML shows it, for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        # Control characters escaped, as TOML writes them: the message stays one clean line.
        quoted = json.dumps(value, ensure_ascii=False)
        return "".join(f"\\u{ord(c):04x}" if _controls(c) else c for c in quoted)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return re.sub(r"\s+", " ", repr(value))

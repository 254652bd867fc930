"""Picks and opens the input backends from the configuration: GPIO or the keyboard, the readers."""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from gpiozero.pins import Factory

from engine import RuleSet
from hw.buttons import GpioUnavailable, Panel, factory_name, make_pin_factory
from hw.codebook import CodeBook
from hw.events import Button, DeviceProblem, InputEvent
from hw.frames import FrameSource
from hw.keyboard import SEAT_KEYS, Keyboard, KeyMap
from hw.protocols import backend
from hw.reader import CardReader
from table.setup import deckmap
from table.setup.config import Config, Reader

AUTO = ("lgpio", "rpigpio")
"""The pin factories `auto` tries, in order: the ones that run on a Pi without a daemon."""


def pin_factory_name(config: Config, option: str | None, env: Mapping[str, str]) -> str:
    """The pin factory asked for: the command-line option, $GPIOZERO_PIN_FACTORY, the config."""
    return option or env.get("GPIOZERO_PIN_FACTORY") or config.gpio.pin_factory


def open_factory(name: str) -> tuple[Factory | None, str]:
    """The pin factory called `name` (auto tries the Pi's) and why those tried before it failed
    ("" when the first one worked); or None and why there is none."""
    if name == "keyboard":
        return None, "the configuration asks for the keyboard"
    reasons = []
    for candidate in AUTO if name == "auto" else (name,):
        try:
            return make_pin_factory(candidate), "; ".join(reasons)
        except GpioUnavailable as exc:
            reasons.append(str(exc))
    return None, "; ".join(reasons)


def codebook(config: Config) -> CodeBook:
    """The card codes a game at this table can deal and the deck map, for readers and keyboard."""
    codes = dealt_codes(config)
    tags = deckmap.read(config.deck_map, codes).tags if config.deck_map else {}
    return CodeBook(codes, tags)


def dealt_codes(config: Config) -> frozenset[str]:
    """Every card code of a rule set the lobby can pick (or a saved game resume), not only the
    configured one's: the game's own deck then says which of them it holds."""
    decks = [config.rules().deck(), *(RuleSet.preset(name).deck() for name in RuleSet.PRESETS)]
    return frozenset(str(card) for deck in decks for card in deck)


def start_readers(
    config: Config,
    events: queue.Queue[InputEvent],
    decode: Callable[[str], str | None],
    clock: Callable[[], float] = time.monotonic,
    feeds: Mapping[str, Callable[[], FrameSource]] | None = None,
    *,
    keyboard_reads: bool = False,
) -> list[CardReader]:
    """A started reader thread for every configured reader; a camera named in `feeds` opens
    its frames there instead of its device (the table script's). `keyboard_reads`: the
    keyboard stands in (a PC), so a reader never plugged in is not a problem until it is."""
    codes = dealt_codes(config)
    feeds = feeds or {}
    return [
        open_reader(r, events, decode, clock, codes, feeds.get(r.name), keyboard_reads).start()
        for r in config.readers
    ]


def open_reader(
    reader: Reader,
    events: queue.Queue[InputEvent],
    decode: Callable[[str], str | None],
    clock: Callable[[], float] = time.monotonic,
    codes: frozenset[str] = frozenset(),
    frames: Callable[[], FrameSource] | None = None,
    quiet_until_found: bool = False,
) -> CardReader:
    """The reader thread (not started) for one configured reader, timing scans by `clock`; a
    camera keeps the faces of `codes` and opens `frames` when given, else its device.
    `quiet_until_found`: not plugged in is not reported until it has been open once.

    Every reader the table opens is made here: a new kind of reader plugs in at this one place
    (hw/protocols.py's `backend` turns a configured protocol into the device the thread reads)."""
    device = backend(
        reader.protocol,
        reader.device,
        baud=reader.baud,
        gap=reader.gap,
        faces=reader.faces,
        codes=codes,
        frames=frames,
    )
    return CardReader(reader.name, device, events, decode, repeat=reader.repeat, clock=clock,
                      quiet_until_found=quiet_until_found)  # fmt: skip


def reader_problem(problem: DeviceProblem) -> str:
    """What went wrong at a reader and what it read, for a line that names the reader itself
    (hw's messages start with "reader" where they are shown alone)."""
    said = problem.detail.removeprefix("reader ")
    return said + (f" {problem.raw!r}" if problem.raw else "")


def open_panel(
    config: Config,
    factory: Factory,
    events: queue.Queue[InputEvent],
    *,
    bounce: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    releases: Collection[Button] = (),
) -> Panel:
    """The seats' and the colour pad's buttons on `factory`, timed by `config` (or `bounce`),
    their presses stamped on `clock`; the buttons in `releases` report their releases."""
    gpio = config.gpio
    pins = [seat.pins for seat in config.seats]
    bounce = gpio.bounce if bounce is None else bounce
    return Panel(
        factory, pins, config.color_pad, events, bounce=bounce, refractory=gpio.refractory,
        clock=clock, releases=releases,
    )  # fmt: skip


def open_keyboard(
    config: Config, decode: Callable[[str], str | None], releases: Collection[Button] = ()
) -> Keyboard:
    """The keyboard's keys for as many of `config`'s seats as it has keys for (those of the
    buttons in `releases` report their releases)."""
    keymap = KeyMap.default(min(len(config.seats), len(SEAT_KEYS)))
    return Keyboard(keymap, decode, releases)


@dataclass
class Inputs:
    """The open input devices: a GPIO panel (None: the keyboard stands in), keyboard, readers."""

    keyboard: Keyboard
    panel: Panel | None = None
    readers: list[CardReader] = field(default_factory=list)

    def close(self) -> None:
        """Stop the readers and release the pins."""
        for reader in self.readers:
            reader.close()
        if self.panel is not None:
            self.panel.close()


def open_inputs(
    config: Config,
    events: queue.Queue[InputEvent],
    *,
    pin_factory: str | Factory | None = None,
    env: Mapping[str, str] = os.environ,
    say: Callable[[str], None] = print,
    bounce: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    feeds: Mapping[str, Callable[[], FrameSource]] | None = None,
    releases: Collection[Button] = (),
) -> Inputs:
    """Open every input; without GPIO the keyboard stands in, and `say` is told so once.

    `pin_factory` is a factory, or the name of one (None: $GPIOZERO_PIN_FACTORY, else the
    configuration's); `bounce` overrides the configured debounce; readers time scans by `clock`;
    a camera named in `feeds` reads its frames there (see start_readers); the buttons in
    `releases` report their releases, on the panel and on the keyboard.
    """
    book = codebook(config)
    inputs = Inputs(open_keyboard(config, book.decode, releases))
    if isinstance(pin_factory, Factory):
        factory, why = pin_factory, ""
    else:
        factory, why = open_factory(pin_factory_name(config, pin_factory, env))
    if factory is not None:
        try:
            inputs.panel = open_panel(
                config, factory, events, bounce=bounce, clock=clock, releases=releases
            )
        except Exception as exc:  # a pin the board lacks or that is taken: still no crash
            why = f"{factory_name(factory)} cannot use the pins: {exc}"
    if inputs.panel is None:
        say(f"No GPIO buttons ({why}): the keyboard stands in for them and for a card reader "
            "not plugged in: type a card's code and Enter (see README, Keyboard).")  # fmt: skip
    keyboard_reads = inputs.panel is None
    inputs.readers = start_readers(
        config, events, book.decode, clock, feeds, keyboard_reads=keyboard_reads
    )
    return inputs

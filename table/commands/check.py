"""`uno-table check`: the hardware self-test, printing every press and scan as it comes."""

from __future__ import annotations

import argparse
import dataclasses
import importlib.metadata
import os
import queue
import time
from collections.abc import Callable

from gpiozero.pins import Factory

from hw.buttons import Panel, factory_name
from hw.events import Button, ButtonPressed, CodeScanned, DeviceProblem, DeviceReady, InputEvent
from hw.ports import AmbiguousPort, find_port, found_ports
from hw.protocols import BAUD, ReaderProtocol
from table.commands import numbers, options
from table.commands.camera_view import check_cameras
from table.setup import config as configuration
from table.setup.config import Config, Reader, default_faces
from table.setup.inputs import (
    codebook,
    dealt_codes,
    open_factory,
    open_panel,
    pin_factory_name,
    reader_problem,
    start_readers,
)

EMPTY_LGPIO = "0.0.0.2"
"""PyPI's lgpio release whose module is empty: the lgpio pin factory fails on it."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add `check` to the command line."""
    parser = sub.add_parser("check", help="hardware self-test: LEDs, buttons, readers, cameras")
    options.add_config(parser)
    options.add_pin_factory(parser)
    parser.add_argument(
        "--reader",
        action="append",
        metavar="DEVICE",
        help="check this reader instead of the configured ones (repeatable)",
    )
    parser.add_argument("--protocol", choices=tuple(ReaderProtocol), default=ReaderProtocol.LINES,
                        help="how the --reader devices speak (default: lines)")  # fmt: skip
    parser.add_argument(
        "--seconds",
        type=numbers.seconds,
        default=60.0,
        help="stop after this long (default 60); it stops sooner once all answered",
    )
    parser.add_argument(
        "--led-seconds",
        type=numbers.seconds,
        default=0.5,
        help="how long each LED is lit (default 0.5)",
    )
    parser.set_defaults(handler=main)  # fmt: skip


def main(args: argparse.Namespace) -> int:
    """Run the check from the command line."""
    config = configuration.load(args.config or configuration.find())
    if args.reader:
        protocol = ReaderProtocol(args.protocol)
        faces = default_faces(config.state_dir) if protocol is ReaderProtocol.CAMERA else None
        # Named by number: lines say "reader 1", as they say "reader pile" for a configured one.
        readers = [Reader(str(n), d, BAUD, None, protocol, faces=faces)
                   for n, d in enumerate(args.reader, 1)]  # fmt: skip
        config = dataclasses.replace(config, readers=tuple(readers))
    factory, why = open_factory(pin_factory_name(config, args.pin_factory, os.environ))
    return run_check(config, factory, why, seconds=args.seconds, led_seconds=args.led_seconds)


def run_check(
    config: Config,
    factory: Factory | None,
    why: str = "",
    *,
    seconds: float = 60.0,
    led_seconds: float = 0.5,
    say: Callable[[str], None] = lambda line: print(line, flush=True),
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Check every device of `config` on `factory` (None: no GPIO, `why`); 0 when all answered.
    `seconds` run on `clock`, which the presses and scans are stamped on too."""
    events: queue.Queue[InputEvent] = queue.Queue()
    say(f"uno-table check ({config.source})")
    failures: list[str] = []
    waiting: dict[tuple[int | None, Button], str] = {}
    panel = None
    if factory is None:
        say(f"pin factory: none ({why}{_empty_lgpio()}); buttons and LEDs are not checked")
        failures.append("no GPIO")
    else:
        fell_back = f" (fell back: {why}{_empty_lgpio()})" if why else ""
        say(f"pin factory: {factory_name(factory)}{fell_back}")
        panel = open_panel(config, factory, events, clock=clock)
        _light_leds(config, panel, led_seconds, say)
        waiting = {(n, b): f"{s.name} {b}" for n, s in enumerate(config.seats)
                   for b in s.pins.buttons()}  # fmt: skip
        waiting |= {(None, b): f"colour pad {b}" for b in config.color_pad.buttons()}
    say("serial ports here: " + (", ".join(found_ports()) or "none"))
    unread = {r.name for r in config.readers}
    for r in config.readers:
        say(f"reader {r.name} ({r.protocol}): {r.device} -> {_where(r)}")
    cameras = [r for r in config.readers if r.protocol is ReaderProtocol.CAMERA]
    if cameras:  # before the readers open them: a camera has one user at a time
        failures += check_cameras(cameras, config.state_dir, dealt_codes(config), say)
    readers = start_readers(config, events, codebook(config).decode, clock)
    say(f"Press every button and scan a card at every reader ({seconds:g} s at most; Ctrl-C ends)."
        + (" Lay a card on each camera's spot." if cameras else ""))  # fmt: skip
    start = clock()
    down: set[str] = set()  # readers not found (or lost) and not back since
    try:
        while (waiting or unread) and (left := start + seconds - clock()) > 0:
            if not waiting and unread <= down:
                say("nothing left that can answer: no buttons to press and no reader found")
                break
            try:
                event = events.get(timeout=left)
            except queue.Empty:
                continue  # the clock says whether the time is up
            say(_describe(event, config, start, clock))
            if isinstance(event, ButtonPressed):
                waiting.pop((event.seat, event.button), None)
            elif isinstance(event, DeviceProblem) and event.down:
                down.add(event.source)
            elif isinstance(event, DeviceReady):
                down.discard(event.source)
            elif isinstance(event, CodeScanned | DeviceProblem):
                # A bad scan (not a lost device) still proves that the reader reads.
                unread.discard(event.reader if isinstance(event, CodeScanned) else event.source)
    except KeyboardInterrupt:
        say("stopped")
    finally:
        for reader in readers:
            reader.close()
        if panel is not None:
            panel.close()
    return _verdict(failures, list(waiting.values()), sorted(unread), say)


def _where(reader: Reader) -> str:
    """Where a reader's device is, as far as can be told before it is opened."""
    if not reader.protocol.serial:
        return "opened by its driver (see below)"
    try:
        return find_port(reader.device) or "not found"
    except AmbiguousPort as exc:
        return f"AMBIGUOUS: {exc}"


def _empty_lgpio() -> str:
    """Why lgpio failed when it is PyPI's empty module (pip's pick for Python 3.13+), or ""."""
    try:
        version = importlib.metadata.version("lgpio")
    except importlib.metadata.PackageNotFoundError:
        return ""
    if version != EMPTY_LGPIO:
        return ""
    return (f"; lgpio {version} here is PyPI's empty module: uninstall it and install Debian's "
            "python3-lgpio, README.md says how")  # fmt: skip


def _light_leds(config: Config, panel: Panel, seconds: float, say: Callable[[str], None]) -> None:
    for seat in panel.led_seats:
        panel.on(seat)
        state = "lit" if panel.is_lit(seat) else "NOT LIT (the pin did not go high)"
        say(f"LED {config.seats[seat].name} (BCM {config.seats[seat].pins.led}): {state}")
        time.sleep(seconds)
        panel.off(seat)


def _describe(event: InputEvent, config: Config, start: float, clock=time.monotonic) -> str:
    at = f"{getattr(event, 'at', clock()) - start:8.3f} s"
    match event:
        case ButtonPressed(seat=None, button=button):
            return f"{at}  colour pad {button}"
        case ButtonPressed(seat=seat, button=button):
            return f"{at}  {config.seats[seat].name} {button}"
        case CodeScanned(code=code, reader=reader):
            seats = {r.name: r.seat for r in config.readers}
            who = "the turn's seat" if seats.get(reader) is None else f"seat {seats[reader] + 1}"
            return f"{at}  reader {reader}: {code} (for {who})"
        case DeviceReady(source=source, detail=detail):
            return f"{at}  reader {source}: open on {detail}"
        case DeviceProblem(source=source) as problem:  # only readers report problems
            return f"{at}  reader {source}: {reader_problem(problem)}"
    return f"{at}  {event}"


def _verdict(failures: list[str], unpressed: list[str], unread: list[str], say) -> int:
    if unpressed:
        say("not pressed: " + ", ".join(unpressed))
    if unread:
        say("no scan from: " + ", ".join(unread))
    if failures:
        say(f"verdict: FAIL ({', '.join(failures)})")
    elif unpressed or unread:
        say("verdict: INCOMPLETE (see above)")
    else:
        say("verdict: PASS: every button, LED and reader answered")
    return 0 if not (failures or unpressed or unread) else 1

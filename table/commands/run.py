"""`uno-table run` and `uno-table demo`: the table on screen, with real or simulated hardware."""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
import tempfile
import time
from pathlib import Path

from engine import RuleSet
from table.app import WindowOptions, build_table
from table.commands import demo as demo_mod
from table.commands import numbers, options
from table.commands import script as script_mod
from table.flow.lock import Locked, StateLock
from table.screen.text import language_said
from table.setup import config as configuration
from table.setup.notify import Notifier

log = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> None:
    """Add `run` and `demo` to the command line."""
    run = sub.add_parser("run", help="start the table (no GPIO: a window, keyboard as buttons)")
    options.add_config(run)
    options.add_pin_factory(run)
    run.add_argument("--headless", action="store_true", help="no window (SDL dummy driver)")
    run.add_argument(
        "--seconds", type=numbers.seconds, help="stop after this long (default: never)"
    )
    run.add_argument(
        "--script",
        type=Path,
        help="play this file's presses and scans on mock hardware, print the state as JSON",
    )
    run.set_defaults(handler=main_run)

    demo = sub.add_parser("demo", help="simulated players play a game through mock hardware")
    demo.add_argument("--headless", action="store_true", help="no window; print a JSON summary")
    demo.add_argument(
        "--seed", type=int, default=1, help="the shuffle and the bots' choices (default 1)"
    )
    demo.add_argument("--players", type=int, default=4, choices=range(2, 9), metavar="2..8",
                      help="seats that play (default 4)")  # fmt: skip
    demo.add_argument("--preset", default="official", choices=RuleSet.PRESETS,
                      help="the rule set (default official)")  # fmt: skip
    demo.add_argument("--rounds", type=numbers.count, default=1, help="rounds to play (default 1)")
    demo.add_argument("--screens", type=Path, help="save a PNG of each kind of screen here")
    demo.add_argument(
        "--knob",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule knob as in the configuration, e.g. seven_zero=true (repeatable)",
    )
    demo.add_argument(
        "--seat-readers",
        action="store_true",
        help="a card reader per seat (so seats can play out of turn: jump_in)",
    )
    demo.add_argument(
        "--camera",
        nargs="?",
        const=True,
        type=Path,
        metavar="DIR",
        help="the cards are laid under a camera reader: photos from DIR (CODE_anything.jpg), "
        "drawn cards for the faces without one",
    )
    demo.add_argument(
        "--pace",
        type=numbers.seconds,
        default=None,
        help="seconds between moves (default: 0.6 in a window, 0 headless)",
    )
    demo.set_defaults(handler=main_demo)


def main_run(args: argparse.Namespace) -> int:
    """Run the table until the window is closed (or --seconds pass), or play a script."""
    config_path = args.config or configuration.find()
    config = configuration.load(config_path)
    if args.script is not None:
        return main_script(config, config_path, args)
    lock = StateLock(config.state_dir)
    try:  # one table per state folder, for the process's life
        lock.take()
    except Locked as err:
        print(f"uno-table: {err}", file=sys.stderr)
        return 1
    except OSError as err:  # the table runs and says so; the lock is taken before any write
        log.error("cannot lock %s: %s", config.state_dir, err.strerror or err)
    log.info("%s", language_said(config.language))
    from table.screen.window import NoScreen  # pygame starts here

    try:
        table = build_table(
            config, pins=args.pin_factory, lock=lock, window=WindowOptions(args.headless)
        )
    except NoScreen as err:
        print(f"uno-table run: {err}", file=sys.stderr)
        return 2
    notifier = Notifier.from_env()  # systemd: READY after the first frame, WATCHDOG, STOPPING
    # `systemctl stop` sends SIGTERM, Ctrl+C SIGINT, Ctrl+\ SIGQUIT: the signal wakes the loop,
    # which leaves and closes cleanly (Ctrl+C and Ctrl+\ then end as cli.main says they do).
    window, loop = table.window, table.loop
    stop = Stop(window, interrupted=getattr(signal.getsignal(signal.SIGINT), "seen", False))
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT):
        signal.signal(signum, stop)
    window.quit = window.quit or stop.interrupted  # a Ctrl+C of the start that was swallowed
    table.events.wakeup.wake_on_signals()
    shown = False
    started = time.monotonic()
    try:
        while not window.quit:
            loop.run_once()
            if loop.frames and not shown:
                shown = True  # the start-up benchmark waits for this line
                log.info("first frame")
                notifier.ready()
            notifier.alive()
            if args.seconds is not None and time.monotonic() - started > args.seconds:
                break
    finally:
        notifier.stopping()
        table.close()
        notifier.close()
    if stop.interrupted:
        raise KeyboardInterrupt
    return 0


class Stop:
    """A signal handler that only asks the loop to leave (and says whether it was Ctrl+C)."""

    def __init__(self, window, interrupted: bool = False) -> None:
        self.window = window
        self.interrupted = interrupted

    def __call__(self, signum: int, _frame) -> None:
        self.interrupted = self.interrupted or signum in (signal.SIGINT, signal.SIGQUIT)
        self.window.quit = True


def main_script(config: configuration.Config, config_path: Path | None, args) -> int:
    """Play a table script; print its one JSON line (exit 0), or why it is malformed (2)."""
    try:
        state = script_mod.run_script(config, args.script, config_path, args.headless)
    except script_mod.ScriptError as err:
        print(f"uno-table: {err}", file=sys.stderr)
        return 2
    print(json.dumps(state))
    return 0


def _demo_camera(args: argparse.Namespace):
    """The demo's camera, when asked for (--camera [DIR]): the preset's faces to show."""
    if args.camera is None:
        return None
    from table.commands.demo_camera import DemoCamera
    from table.commands.photos import PhotoError

    photos = None if args.camera is True else args.camera
    try:
        return DemoCamera({str(card) for card in RuleSet.preset(args.preset).deck()}, photos)
    except PhotoError as err:
        raise configuration.ConfigError(f"demo --camera: {err}") from None


def play_demo(rig: demo_mod.DemoRig, window, stay: bool) -> dict:
    """Play the demo in `window`; then say it is over (no bot answers the prompt any more),
    and with `stay` keep that up until the window is closed. Returns the driver's summary."""
    loop = rig.loop
    summary = demo_mod.run(rig, stop=lambda: window.quit)
    window.finish("demo_over")
    loop.run_once(wait=0.0)
    while stay and not window.quit:
        loop.run_once(wait=0.1)
    return summary


def main_demo(args: argparse.Namespace) -> int:
    """Play a demo; headless, print the summary as the last line and exit 0 only if consistent."""
    with tempfile.TemporaryDirectory(prefix="uno-demo-") as folder:
        from table.screen.window import NoScreen  # pygame starts here

        try:
            rig = demo_mod.build_rig(
                Path(folder),
                preset=args.preset,
                players=args.players,
                seed=args.seed,
                rounds=args.rounds,
                knobs=args.knob,
                seat_readers=args.seat_readers,
                window=WindowOptions(args.headless, keyboard=False, screens=args.screens),
                camera=_demo_camera(args),
                real_time=not args.headless,  # headless: the still clock, as fast as it can
            )
        except NoScreen as err:
            print(f"uno-table demo: {err}", file=sys.stderr)
            return 2
        window = rig.table.window
        pace = args.pace if args.pace is not None else (0.0 if args.headless else 0.6)
        rig.driver.pace = pace
        try:
            summary = play_demo(rig, window, stay=not args.headless)
        finally:
            rig.close()
        summary["screens"] = sorted(window.saved)
    if rig.driver.problem:
        print(f"uno-table demo: {rig.driver.problem}", file=sys.stderr)
    print(json.dumps(summary))
    return 0 if summary["consistent"] else 1

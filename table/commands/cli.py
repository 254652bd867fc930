"""The `uno-table` command line."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from types import ModuleType

# Only the standard library above: Ctrl+C while the rest loads (pygame, gpiozero) ends as
# quietly as at any other moment, since it is loaded inside main's try.

# Before any command loads pygame (the live enrolment's module does, for every command): its
# greeting on stdout would come before identify's JSON lines and into run's journal.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def commands() -> tuple[ModuleType, ...]:
    """Modules that each add one subcommand with register(sub) and run it through `handler`."""
    from table.commands import check, enroll, identify, labels, replay, run, wiring

    return (run, check, enroll, identify, labels, replay, wiring)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uno-table", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for command in commands():
        command.register(sub)
    return parser


class Interrupt:
    """Ctrl+C (SIGINT) or Ctrl+\\ (SIGQUIT) while a command starts: a KeyboardInterrupt, and
    `seen` kept, since Python swallows one raised inside a finalizer (a command that has a loop
    looks at `seen` before it starts it). Set before pygame loads, which puts its "parachute"
    (a segfault) only on a signal left to its default."""

    def __init__(self) -> None:
        self.seen = False

    def __call__(self, _signum: int, _frame) -> None:
        self.seen = True
        raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    if threading.current_thread() is threading.main_thread():  # (a test may call main elsewhere)
        interrupt = Interrupt()
        signal.signal(signal.SIGINT, interrupt)
        signal.signal(signal.SIGQUIT, interrupt)
    try:
        from table.setup.config import ConfigError

        try:
            return _run(argv)
        except ConfigError as exc:  # a bad file is one clear line, never a traceback
            print(f"uno-table: {exc}", file=sys.stderr)
            return 2
    except KeyboardInterrupt:  # Ctrl+C: the handler's `finally` has closed what it opened
        print("uno-table: stopped", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `uno-table replay J | head -1`: the reader has gone
        # Python flushes stdout at exit, which would fail again: point it at nothing first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _run(argv: list[str] | None) -> int:
    from table.setup import notify

    args = build_parser().parse_args(argv)
    handler = logging.StreamHandler()  # stderr; under systemd its lines carry journald levels
    handler.setFormatter(notify.log_formatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())

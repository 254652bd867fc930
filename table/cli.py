"""The `uno-table` command line."""

from __future__ import annotations

import argparse
import sys

from table import check, enroll, replay
from table.config import ConfigError

COMMANDS = (check, enroll, replay)
"""Modules that each add one subcommand with register(sub) and run it through `handler`."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uno-table", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="start the table")
    sub.add_parser("demo", help="simulated players play a game on screen")
    for command in COMMANDS:
        command.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        print(f"uno-table {args.command}: the table app is not built yet.", file=sys.stderr)
        return 2
    try:
        return handler(args)
    except ConfigError as exc:  # a bad file is one clear line, never a traceback
        print(f"uno-table: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

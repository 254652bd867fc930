"""The `uno-table` command line."""

from __future__ import annotations

import argparse
import logging
import sys

from table.commands import check, enroll, labels, replay, run, wiring
from table.setup import notify
from table.setup.config import ConfigError

COMMANDS = (run, check, enroll, labels, replay, wiring)
"""Modules that each add one subcommand with register(sub) and run it through `handler`."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uno-table", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler = logging.StreamHandler()  # stderr; under systemd its lines carry journald levels
    handler.setFormatter(notify.log_formatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    try:
        return args.handler(args)
    except ConfigError as exc:  # a bad file is one clear line, never a traceback
        print(f"uno-table: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

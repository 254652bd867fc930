"""The `uno-table` command line."""

from __future__ import annotations

import argparse
import sys

from . import replay


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uno-table", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="start the table")
    sub.add_parser("demo", help="simulated players play a game on screen")
    replay.add_command(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if "handler" in args:
        return args.handler(args)
    print(f"uno-table {args.command}: the table app is not built yet.", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

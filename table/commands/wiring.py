"""`uno-table wiring`: the wiring guide of a configuration (Markdown) and its diagram (SVG).

wiring.md and docs/wiring.svg are what this makes of the shipped default; a test fails when
either differs from it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from table.commands import options
from table.commands.wiring_diagram import svg
from table.commands.wiring_guide import markdown
from table.setup import config as configuration


def register(sub: argparse._SubParsersAction) -> None:
    """Add `wiring` to the command line."""
    parser = sub.add_parser("wiring", help="print the wiring guide (wiring.md) of a configuration")
    options.add_config(parser)
    parser.add_argument("--svg", type=Path, metavar="FILE", help="also write the wiring diagram")
    parser.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    """Print the guide; with --svg, write the diagram first: a path it cannot write is one
    line on stderr and exit 1, with no guide printed above it."""
    config = configuration.load(args.config or configuration.find())
    if args.svg:
        try:
            args.svg.write_text(svg(config), encoding="utf-8")
        except OSError as exc:
            why = exc.strerror or exc
            print(f"uno-table: cannot write the diagram to {args.svg}: {why}", file=sys.stderr)
            return 1
    sys.stdout.write(markdown(config))
    return 0

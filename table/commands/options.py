"""Options several commands share, said once so that their --help stays the same and true."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_config(parser: argparse.ArgumentParser) -> None:
    """--config: without it, the file $UNO_TABLE_CONFIG names (the Pi's `uno-table` sets it)."""
    parser.add_argument(
        "--config",
        type=Path,
        help="configuration file (default: $UNO_TABLE_CONFIG, else the shipped one)",
    )


def add_pin_factory(parser: argparse.ArgumentParser) -> None:
    """--pin-factory, over $GPIOZERO_PIN_FACTORY and the configuration (inputs.pin_factory_name)."""
    parser.add_argument(
        "--pin-factory",
        help="gpiozero pin factory, e.g. mock or lgpio (default: $GPIOZERO_PIN_FACTORY, "
        "else [gpio] pin_factory)",
    )

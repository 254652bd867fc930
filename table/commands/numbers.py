"""The commands' number options: argparse types that refuse, in argparse's one usage line,
what no command can use (inf or nan seconds never end; negative ones fail in time.sleep)."""

from __future__ import annotations

import argparse
import math


def seconds(text: str) -> float:
    """A number of seconds: finite, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"expected a number of seconds from 0, not {text!r}")
    return value


def count(text: str) -> int:
    """A whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, not {text!r}")
    return value

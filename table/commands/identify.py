"""`uno-table identify --faces FILE IMAGE...`: what the camera reads in each image, as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import RuleSet
from table.commands import options
from table.commands.photos import PhotoError, read_photo
from table.setup import config as configuration
from table.setup.config import ConfigError


def register(sub: argparse._SubParsersAction) -> None:
    """Add `identify` to the command line."""
    parser = sub.add_parser("identify", help="read card photos with the camera's deck faces")
    parser.add_argument("--faces", type=Path, required=True, help="the deck's faces file")
    options.add_config(parser)
    parser.add_argument("--preset", choices=RuleSet.PRESETS, help="the deck (default: configured)")
    parser.add_argument(
        "images",
        nargs="+",
        type=Path,
        metavar="IMAGE",
        help="a photo: one JSON line of what it shows",
    )
    parser.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    """One JSON line per image read (code null: not sure); 1 when an image could not be read."""
    config = configuration.load(args.config or configuration.find())
    faces = load_faces(args.faces, args.preset or config.preset)
    from hw.vision import read_card

    failed = False
    for path in args.images:
        try:
            frame = read_photo(path)
        except PhotoError as err:
            print(f"uno-table identify: {err}", file=sys.stderr)
            failed = True
            continue
        reading = read_card(frame, faces)
        line = {"image": str(path), "code": reading.code, "score": round(reading.score, 3)}
        print(json.dumps(line), flush=True)
    return 1 if failed else 0


def load_faces(path: Path, preset: str):
    """The faces in `path`, which must be faces of `preset`'s deck; ConfigError otherwise."""
    hw_vision = vision()
    try:
        faces = hw_vision.Faces.load(path)
    except hw_vision.FacesError as err:
        raise ConfigError(str(err)) from None
    deck = {str(card) for card in RuleSet.preset(preset).deck()}
    foreign = sorted(faces.codes - deck)
    if foreign:
        raise ConfigError(
            f"{path}: faces of another deck ({', '.join(foreign[:5])} "
            f"{'is' if len(foreign) == 1 else 'are'} not in the {preset} deck)"
        )
    return faces


def vision():
    """hw.vision, or ConfigError when OpenCV is not installed (the `camera` extra)."""
    try:
        import hw.vision
    except ImportError as err:
        raise ConfigError(
            f"the camera needs OpenCV and numpy: pip install 'uno-table[camera]' ({err})"
        ) from None
    return hw.vision

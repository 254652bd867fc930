"""`python -m table.commands.screenshots DIR`: every example screen as PNGs at three sizes."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

SIZES = ((800, 480), (1920, 1080), (3840, 2160))


def save_all(folder: Path, sizes=SIZES, names: list[str] | None = None) -> list[Path]:
    """Render the examples (all, or those named) at each size into `folder`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from table.screen.display import Display
    from table.screen.examples import examples

    pygame.font.init()
    folder.mkdir(parents=True, exist_ok=True)
    views = examples()
    saved = []
    for width, height in sizes:
        display = Display(pygame.Surface((width, height)))
        for name, view in views.items():
            if names and name not in names:
                continue
            display.render(view)
            path = folder / f"{name}_{width}x{height}.png"
            pygame.image.save(display.surface, str(path))
            saved.append(path)
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m table.commands.screenshots", description=__doc__
    )
    parser.add_argument("folder", type=Path)
    parser.add_argument("--only", nargs="*", help="example names (default: all)")
    args = parser.parse_args(argv)
    for path in save_all(args.folder, names=args.only):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`python -m table.commands.screenshots [DIR]`: the example screens as PNGs.

With no options it remakes what docs/screens/ holds: the README's three screens, and the
screens of issue 15 (refusals, a challenge's verdict, the help, the small screen) in English
and Spanish at 1920x1080 and 800x480.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

SIZES = ((800, 480), (1920, 1080), (3840, 2160))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screens"
README = {"game": (1920, 1080), "lobby": (1920, 1080), "scoreboard": (1920, 1080)}
"""The README's pictures: name -> size, saved as NAME.png."""
SHOWN = (
    "refused_card",
    "refused_press",
    "refused_uno",
    "refusal_gone",
    "bad_code",
    "challenge_offer",
    "challenge_shown",
    "challenge_verdict",
    "help",
    "lobby",
    "tally",
    "game",
    "game_badges",
    "cool_target",
    "cool_shuffle",
    "cool_shuffled",
    "leave_asked",
)
"""The screens docs/screens/ keeps in both languages at both sizes (issues 15 and 24)."""


def save_all(
    folder: Path, sizes=SIZES, names: list[str] | None = None, langs=("en",)
) -> list[Path]:
    """Render the examples (all, or those named) at each size and language into `folder`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from table.screen.display import Display
    from table.screen.examples import examples

    pygame.font.init()
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    for lang in langs:
        views = examples(lang)
        for width, height in sizes:
            display = Display(pygame.Surface((width, height)))
            for name, view in views.items():
                if names and name not in names:
                    continue
                display.render(view)
                path = folder / f"{name}_{lang}_{width}x{height}.png"
                pygame.image.save(display.surface, str(path))
                saved.append(path)
    return saved


def save_docs(folder: Path = DOCS) -> list[Path]:
    """What docs/screens/ holds: the README's pictures and issue 15's screens."""
    import pygame

    saved = save_all(folder, ((1920, 1080), (800, 480)), list(SHOWN), ("en", "es"))
    for name, size in README.items():
        (path,) = save_all(folder / "readme", (size,), [name])
        target = folder / f"{name}.png"
        path.replace(target)
        saved.append(target)
    (folder / "readme").rmdir()
    pygame.quit()
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m table.commands.screenshots", description=__doc__
    )
    parser.add_argument("folder", type=Path, nargs="?", help="default: docs/screens, as shipped")
    parser.add_argument("--only", nargs="*", help="example names (default: all)")
    parser.add_argument("--lang", nargs="*", default=["en"], choices=("en", "es"))
    args = parser.parse_args(argv)
    if args.folder is None:
        paths = save_docs()
    else:
        paths = save_all(args.folder, names=args.only, langs=args.lang)
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

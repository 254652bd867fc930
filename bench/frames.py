"""What a frame costs over a real bots' match: pixels handed to the display, instructions.

`python -m bench.frames WIDTH HEIGHT [MATCHES]` plays bots' matches (bench.memory's Match: a
Session with its journal, every change drawn by the Window) and prints one JSON line: the share
of the screen each frame hands to the display (`Display.show`'s regions), and the frames.

Each change is drawn as the table's loop draws it (table/flow/loop.py): when the session's
version moved or the window wants a frame, `Window.frame` (`draw`, then `present`), with garbage
collection held off: the View built from the session, compared with the frame on screen,
listed, drawn in the regions that changed and handed to the display. That whole call goes
through `operator.call`, a C function nothing else in a frame calls, so that `valgrind
--tool=callgrind --collect-atstart=no --toggle-collect=_operator_call` counts the frames'
instructions alone (`instructions()` runs that and reads one dump per call). A call that finds
the View unchanged draws nothing: it is not a frame, and is counted apart. After each frame
`Window.ahead` runs, as the loop runs it before it sleeps (outside the count): a frame a DRAW
brings may have been drawn there already, and is counted as drawn ahead. Pixels and
instructions do not depend on this machine's speed.
"""

from __future__ import annotations

import json
import operator
import os
import queue
import statistics
import sys
import tempfile
from pathlib import Path

from bench import callgrind
from bench.memory import HELP_EVERY, Match
from table.flow.loop import collection_waits


def play(size: tuple[int, int], matches: int = 1) -> dict:
    """Bots' matches at `size`, every frame drawn; the share of the screen each one updated."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from table.screen.window import Window, open_surface  # pygame starts here

    shares: list[float] = []
    drew: list[int] = []  # per call of the loop's frame: 0 drew nothing, 1 drew, 2 drawn ahead
    played = 0
    window = None
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
        for k in range(matches):
            match = Match(Path(folder) / str(k), ("en", "es")[k % 2], size, seed=k + 1)
            if window is None:
                surface = open_surface(match.config, headless=True)
                window = Window(match.config, surface, queue.Queue(), None, "mock")
            window.config = match.config
            screen = surface.get_width() * surface.get_height()
            shown = -1  # the session's version last drawn (Loop._drawn)
            try:
                while not match.driver.done:
                    match.step()
                    done = played + match.driver.actions
                    if not window.help and done % HELP_EVERY == 0 and done > 0:
                        window.show_help(True)
                    session = match.session
                    if session.version == shown and not window.wants_frame():
                        continue
                    shown = session.version
                    drawn, foreseen = window.display.drawn, window.display.foreseen
                    with collection_waits():
                        operator.call(window.frame, session, match.now)
                    ahead = window.display.foreseen != foreseen
                    drew.append(2 if ahead else int(window.display.drawn != drawn))
                    if drew[-1]:
                        shares.append(window.display.updated / screen)
                    while window.ahead(session):  # as the loop does before it sleeps
                        pass  # (not the frame's work), a piece a turn until none is left
            finally:
                match.close()
            played += match.driver.actions
    ordered = sorted(shares)
    return {
        "size": f"{size[0]}x{size[1]}",
        "matches": matches,
        "actions": played,
        "frames": len(shares),
        "median_share": statistics.median(ordered),
        "p90_share": ordered[round(0.9 * (len(ordered) - 1))],
        "drawn_ahead": drew.count(2),
        "drew": "".join(str(d) for d in drew),  # per counted call, for instructions()
    }


def instructions(size: tuple[int, int] = (1920, 1080)) -> dict | None:
    """Instructions per frame over one bots' match under callgrind (None: no valgrind)."""
    if not callgrind.available():
        return None
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    counted = callgrind.count_calls("bench.frames", str(size[0]), str(size[1]), "1", env=env)
    printed = dict(counted.printed)
    drew = printed.pop("drew")
    if len(drew) != len(counted.counts):
        raise RuntimeError(f"{len(counted.counts)} dumps for {len(drew)} frame calls")
    # One dump per call: the frames' instructions, and those of calls that drew nothing.
    calls = list(zip(counted.counts, drew, strict=True))
    frames = sorted(n for n, d in calls if d != "0")
    drawn_now = sorted(n for n, d in calls if d == "1")  # not drawn ahead
    idle = sorted(n for n, d in calls if d == "0")
    return {
        **printed,
        "dumps": len(frames),
        "median_per_frame": statistics.median(frames),
        "p90_per_frame": frames[round(0.9 * (len(frames) - 1))],
        "median_drawn_in_frame": statistics.median(drawn_now),
        "undrawn_calls": len(idle),
        "median_per_undrawn": statistics.median(idle) if idle else 0,
        "valgrind": counted.valgrind,
    }


def main(argv: list[str]) -> int:
    width, height = int(argv[0]), int(argv[1])
    matches = int(argv[2]) if len(argv) > 2 else 1
    print(json.dumps(play((width, height), matches)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

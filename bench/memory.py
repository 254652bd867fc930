"""Peak memory of the table over real bots' matches, every frame drawn, at one screen size.

`python -m bench.memory WIDTH HEIGHT [ACTIONS] [--matches N]` runs in a process of its own and
prints one JSON line. Sensible bots (the demo's DemoDriver) play official matches of four seats,
one after the other, until at least ACTIONS actions (or N matches); their presses and scans go
into a Session with its journal, and the Window draws every change of it on SDL's dummy display
at WIDTH x HEIGHT. The table's language alternates between matches, and the help overlay is
shown every 250 actions, so that every card face, prompt and screen is drawn. The figure is the
process's peak resident memory (VmHWM) after each match: the peak, and how much it grew over
the second half.

Each match has a Session of its own, which the table never lets go of (it keeps one for its
life): a Session's callbacks tie it in reference cycles, which Python's cyclic collector frees
only when it next runs, often 20 matches on in a process that frees what it allocates. So the
bench collects each match's Session once the match is over, as the table never has to, and
measures the table, not how many spare Sessions the collector left lying about.
"""

from __future__ import annotations

import gc
import json
import os
import queue
import resource
import sys
import tempfile
from pathlib import Path

from engine import Kind
from hw.events import Button, ButtonPressed, CodeScanned
from table.commands.demo import DemoDriver, demo_config_text
from table.flow.session import Session
from table.setup import config as configuration

PLAYERS = 4
STEP = 0.05  # simulated seconds per loop turn: past every settle and refractory window
HELP_EVERY = 250  # actions between two frames with the help overlay


class Match:
    """One bots' match into a fresh Session (a table back in its lobby, new players)."""

    def __init__(self, folder: Path, lang: str, size: tuple[int, int], seed: int) -> None:
        text = f'language = "{lang}"\n' + demo_config_text(
            PLAYERS, "official", folder / "no-reader", folder / "state"
        )
        text += f"[display]\nwidth = {size[0]}\nheight = {size[1]}\n"
        self.config = configuration.loads(text, "bench configuration", folder)
        self.session = Session(self.config, self.config.state_dir, settle=0.0)
        self.now = 0.0
        self.driver = DemoDriver(
            self.session, self._press, self._scan, players=PLAYERS, seed=seed, rounds=10**6
        )

    def _press(self, seat: int | None, button: Button) -> None:
        self.session.handle(ButtonPressed(seat, button, self.now), self.now)

    def _scan(self, code: str, seat: int | None) -> None:
        self.session.handle(CodeScanned(code, "pile", self.now), self.now)

    def step(self) -> None:
        self.now += STEP
        self.driver.step(self.now)
        self.driver.observe(self.session.tick(self.now))

    def close(self) -> None:
        if self.session.journal is not None:
            self.session.journal.close()


def measure(size: tuple[int, int], actions: int = 5000, matches: int | None = None) -> dict:
    """Play matches until `actions` actions (or `matches` matches), drawing every frame; the
    peak memory after each match, and counts."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from table.screen.window import Window, open_surface  # pygame starts here

    played, count, frames = 0, 0, 0
    peaks: list[float] = []  # peak memory after each match, MiB
    faces: set[str] = set()
    screens: set[str] = set()
    window = None
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
        while played < actions if matches is None else count < matches:
            lang = ("en", "es")[count % 2]
            match = Match(Path(folder) / str(count), lang, size, seed=count + 1)
            if window is None:
                surface = open_surface(match.config, headless=True)
                window = Window(match.config, surface, queue.Queue(), None, "mock")
            window.config = match.config
            try:
                while not match.driver.done:
                    match.step()
                    done = played + match.driver.actions
                    if not window.help and done % HELP_EVERY == 0 and done > 0:
                        window.show_help(True)  # until the next action
                    drawn = window.display.drawn
                    window.draw(match.session, match.now)  # as the table's loop draws
                    window.present()
                    frames += window.display.drawn != drawn
                    while window.ahead(match.session):  # as the loop does before it sleeps
                        pass
                    view = window.view(match.session)
                    screens.add(str(view.screen) + ("+help" if view.help else ""))
                    if view.game is not None and view.game.top:
                        faces.add(view.game.top)
            finally:
                match.close()
            if not match.driver.consistent:
                raise RuntimeError(match.driver.problem)
            game = match.session.game
            if game is None or game.awaiting.kind is not Kind.MATCH_OVER:
                raise RuntimeError("a bots' match ended before its end")
            played += match.driver.actions
            count += 1
            del match, game
            gc.collect()  # the match's Session (see the module's docstring)
            peaks.append(_peak_mb())
    half = peaks[len(peaks) // 2 - 1] if len(peaks) > 1 else peaks[0]
    return {
        "size": f"{size[0]}x{size[1]}",
        "actions": played,
        "matches": count,
        "frames": frames,
        "faces": len(faces),
        "screens": sorted(screens),
        "peak_rss_mb": peaks[-1],
        "growth_last_half_mb": peaks[-1] - half,  # over the second half of the matches
        "peaks_mb": peaks,
    }


def _peak_mb() -> float:
    return high_water_mb() or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def high_water_mb(pid: int | str = "self") -> float | None:
    """A process's peak resident memory (MiB) from Linux's VmHWM, None where there is none.

    Not `ru_maxrss`: Linux carries that over from the parent through fork and exec, so a child
    of a big process (`python -m bench` after the engine step) reports the parent's peak."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except (OSError, ValueError):
        pass
    return None


def main(argv: list[str]) -> int:
    matches = None
    if "--matches" in argv:
        at = argv.index("--matches")
        matches = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    width, height = int(argv[0]), int(argv[1])
    actions = int(argv[2]) if len(argv) > 2 else 5000
    print(json.dumps(measure((width, height), actions, matches)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

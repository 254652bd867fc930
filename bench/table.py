"""The table, headless at 1920x1080: a mock pin edge to the new frame, idle CPU, memory.

`python -m bench.table` runs in a process of its own (so that its peak memory is the table's,
not the engine bench's) and prints one JSON line. The rig is the app's own: `open_inputs` with
gpiozero's MockFactory, a pty card reader, a Session with a journal, the Window and the Loop.
Presses come from another thread while the loop runs, as a real button's callback would.
"""

from __future__ import annotations

import json
import os
import queue
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from hw.events import Button
from hw.sim import SimButtons, SimReader
from table.commands.demo import demo_config_text
from table.flow.loop import Loop
from table.flow.session import Phase, Session
from table.setup import config as configuration
from table.setup.inputs import open_inputs

PLAYERS = 4
SIZE = (1920, 1080)


class Rig:
    """A 4-seat table on mock pins with a journal, its game screen up after the first card."""

    def __init__(self, folder: Path, settle: float | None = None) -> None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from table.screen.window import Window, open_surface  # pygame starts here

        self.reader = SimReader(folder / "reader")
        text = demo_config_text(PLAYERS, "official", self.reader.path, folder / "state")
        text += f"[display]\nwidth = {SIZE[0]}\nheight = {SIZE[1]}\n"
        self.config = configuration.loads(text, "bench configuration", folder)
        self.events: queue.Queue = queue.Queue()
        self.inputs = open_inputs(self.config, self.events, pin_factory="mock", say=lambda _: None)
        seats = [seat.pins for seat in self.config.seats]
        self.buttons = SimButtons(self.inputs.panel.factory, seats, self.config.color_pad)
        surface = open_surface(self.config, headless=True)
        self.window = Window(self.config, surface, self.events, self.inputs.keyboard, "mock")
        # As `uno-table run` does: the configured settle window, unless told otherwise.
        settle = self.config.gpio.settle if settle is None else settle
        self.session = Session(self.config, self.config.state_dir, settle=settle)
        self.frame_hooks: list = []
        self.loop = Loop(
            self.session, self.events, self.inputs, self._frame, self.window.pump,
            dirty=self.window.wants_frame,
        )  # fmt: skip

    def _frame(self, session: Session, now: float) -> None:
        self.window.frame(session, now)
        done = time.perf_counter()
        for hook in self.frame_hooks:
            hook(done)

    def start_game(self) -> None:
        """Join every seat, start, scan the first card: the game screen is up."""
        for seat in range(PLAYERS):
            self._input(lambda s=seat: self.buttons.press(s, Button.UNO))
        self._input(lambda: self.buttons.press(0, Button.DRAW))
        assert self.session.phase is Phase.GAME, self.session.phase
        self._input(lambda: self.reader.scan("R5"))
        assert self.session.game.awaiting.kind == "turn", self.session.game.awaiting

    def _input(self, send, timeout: float = 5.0) -> None:
        version = self.session.version
        send()
        end = time.monotonic() + timeout
        while self.session.version == version and time.monotonic() < end:
            self.loop.run_once(wait=0.05)
        time.sleep(0.05)  # past the refractory period of the button just pressed

    def close(self) -> None:
        self.inputs.close()
        self.reader.close()
        if self.session.journal is not None:
            self.session.journal.close()


def press_to_frame(rig: Rig, presses: int, seed: int = 0) -> list[float]:
    """Seconds from each DRAW edge (the awaited seat's, from another thread) to its frame.

    DRAW draws a card, the next DRAW passes: every press is an action, and a new frame."""
    rng = random.Random(seed)
    latencies: list[float] = []
    shown = threading.Event()
    pending: list[tuple[float, int]] = []  # (edge time, actions before it)

    def on_frame(done: float) -> None:
        if pending and len(rig.session.game.history) > pending[0][1]:
            latencies.append(done - pending.pop(0)[0])
            shown.set()

    def presser() -> None:
        for _ in range(presses):
            # Longer than the refractory period: one seat presses DRAW twice in a row.
            time.sleep(rng.uniform(0.045, 0.075))
            game = rig.session.game
            seat = rig.session.joined[game.awaiting.seat]
            shown.clear()
            pending.append((time.perf_counter(), len(game.history)))
            rig.buttons.press(seat, Button.DRAW)
            if not shown.wait(5.0):
                raise RuntimeError("a press never reached the screen")

    rig.frame_hooks.append(on_frame)
    thread = threading.Thread(target=presser, name="presser")
    thread.start()
    while thread.is_alive():
        rig.loop.run_once()
    rig.frame_hooks.remove(on_frame)
    if len(latencies) != presses:
        raise RuntimeError(f"{presses} presses but {len(latencies)} frames measured")
    return latencies


def idle_cpu(rig: Rig, seconds: float) -> tuple[float, int]:
    """Share of one core the table uses while its game screen waits (all threads), and frames."""
    frames = rig.loop.frames
    cpu, wall = time.process_time(), time.monotonic()
    while time.monotonic() - wall < seconds:
        rig.loop.run_once()
    return (time.process_time() - cpu) / (time.monotonic() - wall), rig.loop.frames - frames


def summary(latencies: list[float]) -> dict:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "presses": len(ordered),
        "median_ms": statistics.median(ordered) * 1000,
        "p99_ms": p99 * 1000,
        "max_ms": ordered[-1] * 1000,
    }


def measure(presses: int = 300, idle_seconds: float = 10.0) -> dict:
    """Edge to frame as shipped and with a 30 ms settle window; idle CPU; peak memory."""
    out: dict = {}
    for name, settle in (("shipped", None), ("settle_30", 0.03)):
        with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
            rig = Rig(Path(folder), settle=settle)
            try:
                rig.start_game()
                out[name] = summary(press_to_frame(rig, presses))
                if name == "shipped":
                    out["settle_ms"] = rig.config.gpio.settle * 1000
                    share, frames = idle_cpu(rig, idle_seconds)
                    out["idle"] = {"seconds": idle_seconds, "core_share": share, "frames": frames}
            finally:
                rig.close()
    # Linux reports ru_maxrss in KiB.
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def main(argv: list[str]) -> int:
    presses = int(argv[0]) if argv else 300
    idle = float(argv[1]) if len(argv) > 1 else 10.0
    print(json.dumps(measure(presses, idle)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

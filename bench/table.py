"""The table, headless at 1920x1080: input to the new frame on every path, idle CPU, memory.

`python -m bench.table` runs in a process of its own (so that its peak memory is the table's,
not the engine bench's) and prints one JSON line. The rig is the app's own, as `uno-table run`
builds it (`table.app.build_table`): gpiozero's MockFactory, a pty card reader, a Session with a
journal, the Window with its WindowWake, the Loop on an Inbox (one wait for every source).
Inputs come from another thread while the loop runs, as a device would send them:
- gpio: a mock pin's press and release edges (`drive_low`, `drive_high`), which gpiozero's
  callback turns into a press and its release (DRAW goes in at its release: table/flow/holds.py);
- key: a KEYDOWN and its KEYUP posted into SDL's event queue, which the window pumps as it
  would a key from a keyboard or a reader in keyboard mode;
- serial: a card code and CRLF written to the pty the card reader's thread reads.
`--one-wait=no` runs the loop as it was before (a plain queue: window events read only between
sleeps of up to 0.5 s), for a before/after comparison.
"""

from __future__ import annotations

import gc
import json
import os
import queue
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from hw.events import Button
from hw.keyboard import SEAT_KEYS
from hw.sim import SimButtons, SimReader
from table.app import WindowOptions, build_table
from table.commands.demo import demo_config_text
from table.flow.session import Phase, Session
from table.setup import config as configuration

PLAYERS = 4
SIZE = (1920, 1080)
PATHS = ("gpio", "key", "serial")
SCANS_PER_GAME = 60  # number_cards() has 71: no copy played more often than the deck has


class Rig:
    """A 4-seat table on mock pins with a journal, its game screen up after the first card."""

    def __init__(
        self, folder: Path, settle: float | None = None, one_wait: bool = True, ahead: bool = True
    ) -> None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.reader = SimReader(folder / "reader")
        text = demo_config_text(PLAYERS, "official", self.reader.path, folder / "state")
        text += f"[display]\nwidth = {SIZE[0]}\nheight = {SIZE[1]}\n"
        self.config = configuration.loads(text, "bench configuration", folder)
        # As `uno-table run` builds it (the configured settle window, unless told otherwise).
        self.table = build_table(
            self.config, pins="mock", events=None if one_wait else queue.Queue(),
            window=WindowOptions(headless=True), settle=settle,
        )  # fmt: skip
        self.session, self.loop, self.window = (
            self.table.session,
            self.table.loop,
            self.table.window,
        )
        self.events, self.inputs = self.table.events, self.table.inputs
        seats = [seat.pins for seat in self.config.seats]
        self.buttons = SimButtons(self.inputs.panel.factory, seats, self.config.color_pad)
        self.frame_hooks: list = []
        self.handled: float | None = None  # when the loop first handled an input after a reset
        handle = self.session.handle

        def handled(event, now: float):
            if self.handled is None:
                self.handled = time.perf_counter()
            return handle(event, now)

        self.session.handle = handled
        # As the app's loop runs them: the frame drawn while the action's fsync runs, shown
        # once the fsync returned.
        self.loop.frame, self.loop.present = self._draw, self._present
        if not ahead:  # no frame drawn ahead (table/flow/foresee.py): texts made ahead only
            self.loop.ahead = lambda _session: self.window.display.ahead() or False
        self._started: float | None = None  # when the frame not shown yet began
        self._drawn = 0.0  # when it was drawn (then it waits for the fsync, if still running)

    def _draw(self, session: Session, now: float) -> None:
        if self._started is None:
            self._started = time.perf_counter()
        self.window.draw(session, now)
        self._drawn = time.perf_counter()

    def _present(self) -> None:
        self.window.present()
        done = time.perf_counter()
        started, self._started = self._started, None
        if started is not None:
            for hook in self.frame_hooks:
                hook(started, self._drawn, done)

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
        self.table.close()
        self.reader.close()

    def actions(self) -> int:
        return len(self.session.game.history)

    def awaited_seat(self) -> int:
        game = self.session.game
        return self.session.joined[game.awaiting.seat]

    def press_key(self, seat: int, button: Button) -> None:
        """A key press posted into SDL's queue, as a keyboard's (or a HID reader's) arrives:
        down and up (DRAW goes in at its release: table/flow/holds.py)."""
        import pygame

        name = SEAT_KEYS[seat][(Button.UNO, Button.CHALLENGE, Button.DRAW).index(button)]
        key = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))


def number_cards(first: str = "R5", copies: int = 2) -> list[str]:
    """Number cards in an order where each matches the one before (colour or number), none
    played more often than the deck holds it (`first`, the card turned up, is one of them)."""
    used = Counter({first: 1})
    order: list[str] = []
    for _ in range(copies):
        for i, colour in enumerate("RYGB"):
            for n in range(1, 10) if i % 2 == 0 else range(9, 0, -1):
                card = f"{colour}{n}"
                if used[card] < copies:
                    used[card] += 1
                    order.append(card)
    return order


class Sender:
    """One path's input, sent from another thread; `until(test)` waits for frames until test()."""

    def __init__(self, rig: Rig, path: str, until) -> None:
        self.rig, self.path, self.until = rig, path, until
        self.cards = iter(number_cards())  # R1 matches the first card, R5

    def prepare(self) -> None:
        """A scan is a play: the seat draws first (not measured), so every hand stays at 7."""
        if self.path == "serial":
            before = self.rig.actions()
            self.rig.buttons.press(self.rig.awaited_seat(), Button.DRAW)
            self.until(lambda: self.rig.actions() > before)
            time.sleep(0.05)  # past the refractory period of the button just pressed

    def send(self) -> None:
        seat = self.rig.awaited_seat()
        if self.path == "gpio":
            self.rig.buttons.press(seat, Button.DRAW)
        elif self.path == "key":
            self.rig.press_key(seat, Button.DRAW)
        else:
            self.rig.reader.scan(next(self.cards))


@dataclass(frozen=True)
class Timing:
    """One input's way to the screen (perf_counter seconds)."""

    sent: float  # just before the input is sent
    handled: float  # the loop hands it to the session: the device's thread and the wake-up
    started: float  # the frame starts: the action applied and written, its fsync started
    drawn: float  # the frame drawn (while the fsync runs)
    done: float  # the frame shown, once the fsync returned

    @property
    def total(self) -> float:
        return self.done - self.sent


def input_to_frame(rig: Rig, path: str, count: int, seed: int = 0) -> list[Timing]:
    """Each input on `path` (sent from another thread) on its way to the end of its frame.

    Each input is an action, so a new frame: DRAW draws a card, the next DRAW passes; a scan
    plays the card the seat has just drawn."""
    rng = random.Random(seed)
    latencies: list[Timing] = []
    drawn = threading.Condition()
    pending: list[tuple[float, int]] = []  # (send time, actions before it)

    def on_frame(started: float, ready: float, done: float) -> None:
        with drawn:
            if pending and rig.actions() > pending[0][1]:
                sent = pending.pop(0)[0]
                latencies.append(Timing(sent, rig.handled or started, started, ready, done))
            drawn.notify_all()

    def until(test) -> None:
        with drawn:
            if not drawn.wait_for(test, 5.0):
                raise RuntimeError(f"a {path} input never reached the screen")

    sender = Sender(rig, path, until)

    def inputs() -> None:
        for _ in range(count):
            # Longer than the refractory period: one seat presses DRAW twice in a row.
            time.sleep(rng.uniform(0.045, 0.075))
            sender.prepare()
            with drawn:
                rig.handled = None
                pending.append((time.perf_counter(), rig.actions()))
            sender.send()
            until(lambda: not pending)

    rig.frame_hooks.append(on_frame)
    thread = threading.Thread(target=inputs, name=f"{path} input")
    thread.start()
    while thread.is_alive():
        rig.loop.run_once()
    thread.join()
    rig.frame_hooks.remove(on_frame)
    if len(latencies) != count:
        raise RuntimeError(f"{count} {path} inputs but {len(latencies)} frames measured")
    return latencies


def idle_cpu(rig: Rig, seconds: float) -> tuple[float, int]:
    """Share of one core the table uses while its game screen waits (all threads), and frames."""
    frames = rig.loop.frames
    cpu, wall = time.process_time(), time.monotonic()
    while time.monotonic() - wall < seconds:
        rig.loop.run_once()
    return (time.process_time() - cpu) / (time.monotonic() - wall), rig.loop.frames - frames


def summary(timings: list[Timing]) -> dict:
    """Median, p99 and worst input to frame, and the median of each stage, in ms."""
    ordered = sorted(t.total for t in timings)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]

    def median_ms(stage) -> float:
        return statistics.median(stage(t) for t in timings) * 1000

    worst = max(timings, key=lambda t: t.total)
    return {
        "presses": len(ordered),
        "median_ms": statistics.median(ordered) * 1000,
        "p99_ms": p99 * 1000,
        "max_ms": ordered[-1] * 1000,
        "wake_ms": median_ms(lambda t: t.handled - t.sent),
        "apply_ms": median_ms(lambda t: t.started - t.handled),
        "frame_ms": median_ms(lambda t: t.done - t.started),
        # The frame stage's two parts: drawing, then what is left of the fsync (and showing).
        "draw_ms": median_ms(lambda t: t.drawn - t.started),
        "disk_ms": median_ms(lambda t: t.done - t.drawn),
        "worst_stages_ms": [
            (worst.handled - worst.sent) * 1000,
            (worst.started - worst.handled) * 1000,
            (worst.done - worst.started) * 1000,
        ],
    }


def path_latencies(
    path: str, count: int, one_wait: bool, settle: float | None = None, ahead: bool = True
) -> list:
    """`count` inputs on `path`, on as many fresh tables as the deck's copies need; with
    `ahead` False, the table draws no frame ahead while it waits."""
    per_game = SCANS_PER_GAME if path == "serial" else count
    latencies: list[Timing] = []
    while len(latencies) < count:
        with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
            rig = Rig(Path(folder), settle=settle, one_wait=one_wait, ahead=ahead)
            try:
                rig.start_game()
                n = min(per_game, count - len(latencies))
                latencies += input_to_frame(rig, path, n, seed=len(latencies))
            finally:
                rig.close()
        del rig
        gc.collect()  # the closed table's screen and caches go before the next one is built
    return latencies


def measure(presses: int = 300, idle_seconds: float = 10.0, one_wait: bool = True) -> dict:
    """Input to frame on every path as shipped, GPIO with a 30 ms settle window, GPIO with
    no frame drawn ahead (what a press the table cannot foresee costs); idle CPU."""
    out: dict = {"one_wait": one_wait, "paths": {}}
    for path in PATHS:
        out["paths"][path] = summary(path_latencies(path, presses, one_wait))
    out["settle_30"] = summary(path_latencies("gpio", presses, one_wait, settle=0.03))
    out["not_ahead"] = summary(path_latencies("gpio", presses, one_wait, ahead=False))
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
        rig = Rig(Path(folder), one_wait=one_wait)
        try:
            rig.start_game()
            out["settle_ms"] = rig.config.gpio.settle * 1000
            share, frames = idle_cpu(rig, idle_seconds)
            out["idle"] = {"seconds": idle_seconds, "core_share": share, "frames": frames}
        finally:
            rig.close()
    return out


def main(argv: list[str]) -> int:
    one_wait = "--one-wait=no" not in argv
    argv = [a for a in argv if not a.startswith("--")]
    presses = int(argv[0]) if argv else 300
    idle = float(argv[1]) if len(argv) > 1 else 10.0
    print(json.dumps(measure(presses, idle, one_wait)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The headless table app fed a scripted game, for the kill test.

`python -m tests.table.table_driver STATE_DIR SCRIPT` runs the app's own table (`build_table`:
Session, Loop and Window on SDL's dummy driver) with its journal in STATE_DIR, and puts the
script's presses and scans on the loop's queue one at a time, printing "ack N" once action N
is on screen (so it is in the journal). Run again on the same folder, it resumes the saved
game the way people do (DRAW on the resume screen) and goes on from there.

`script()` makes a SCRIPT: the inputs of a seeded demo game (bots through table/demo's
DemoDriver), and the table's game snapshot after each action, to compare with.
"""

from __future__ import annotations

import dataclasses
import json
import os
import queue
import sys
import time
from pathlib import Path

from hw.events import Button, ButtonPressed, CodeScanned, DeviceReady
from table.app import WindowOptions, build_table
from table.commands.demo import DemoDriver, demo_config_text
from table.flow.session import Phase, Session
from table.setup import config as configuration

READER = "pile"
SIZE = (480, 270)  # small: the kill test is about the journal, and many processes start


def table_config(players: int, preset: str, state_dir: Path | None):
    text = demo_config_text(players, preset, Path("/nonexistent/reader"), state_dir or Path("."))
    text += f"[display]\nwidth = {SIZE[0]}\nheight = {SIZE[1]}\n"
    return configuration.loads(text, "kill test configuration")


def event(item: list, at: float) -> ButtonPressed | CodeScanned:
    """A script item (["press", seat, button] or ["scan", code]) as an input event."""
    if item[0] == "press":
        return ButtonPressed(item[1], Button(item[2]), at)
    return CodeScanned(item[1], READER, at)


def script(preset: str, players: int, seed: int, rounds: int = 1) -> dict:
    """A seeded demo game's inputs, split into the lobby's and the game's, with snapshots."""
    session = Session(table_config(players, preset, None), None, settle=0.0)
    session.handle(DeviceReady(READER, "script"), 0.0)  # the driver scans once a reader is up
    sent: list[list] = []
    driver = DemoDriver(
        session,
        lambda seat, button: sent.append(["press", seat, str(button)]),
        lambda code, seat: sent.append(["scan", code]),
        players=players,
        seed=seed,
        rounds=rounds,
    )
    lobby: list[list] = []
    game: list[list] = []
    snapshots: list[dict] = []
    now = 0.0
    while not driver.done and now < 100_000:  # a stuck driver fails below, never hangs
        now += 0.1  # past every refractory period: the driver presses a button again at once
        driver.step(now)
        for item in sent:
            in_game = session.game is not None
            session.handle(event(item, now), now)
            (game if in_game else lobby).append(item)
        sent.clear()
        outcomes = session.tick(now)
        driver.observe(outcomes)
        if session.game is not None and not snapshots:
            snapshots.append(session.game.snapshot())  # the game as it starts
        snapshots += [session.game.snapshot() for _ in outcomes]
    assert driver.consistent, driver.problem
    assert len(snapshots) == len(game) + 1, "one action for every game input"
    return {"preset": preset, "players": players, "lobby": lobby, "game": game,
            "snapshots": snapshots}  # fmt: skip


class App:
    """The app's own parts, headless: Session with a journal, Window, Loop."""

    def __init__(self, state_dir: Path, players: int, preset: str) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        config = dataclasses.replace(table_config(players, preset, state_dir), readers=())
        # No pins, no readers: the script's inputs go on the loop's queue.
        self.table = build_table(
            config, pins="keyboard", events=queue.Queue(), settle=0.0,
            window=WindowOptions(headless=True, keyboard=False),
        )  # fmt: skip
        self.events, self.session = self.table.events, self.table.session
        self.loop = self.table.loop

    def send(self, item: list, changed) -> None:
        """Put one input on the queue and run the loop until `changed()` (then it is shown)."""
        self.events.put(event(item, time.monotonic()))
        deadline = time.monotonic() + 120  # a hang guard
        while not changed():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{item} changed nothing")
            self.loop.run_once(wait=0.01)

    def count(self) -> int:
        journal = self.session.journal
        return journal.count if journal is not None else 0


def main(argv: list[str]) -> int:
    state_dir, plan = Path(argv[0]), json.loads(Path(argv[1]).read_text())
    app = App(state_dir, plan["players"], plan["preset"])
    session = app.session
    if session.phase is Phase.RESUME:
        app.send(["press", 0, "draw"], lambda: session.phase is Phase.GAME)
    else:
        for item in plan["lobby"]:
            version = session.version
            app.send(item, lambda v=version: session.version != v)
    print(f"start {app.count()}", flush=True)
    for item in plan["game"][app.count() :]:
        before = app.count()
        app.send(item, lambda b=before: app.count() > b)  # applied, journalled, drawn
        print(f"ack {app.count()}", flush=True)
    app.table.close()
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The demo: sensible bots play a world game, and their moves reach the table as hardware input.

Every move becomes a press on a MockFactory pin or a scan written into the pty that the real
card reader reads, one input at a time. After each world action the table's public state must
equal the world's: that is the demo's consistency check.
"""

from __future__ import annotations

import logging
import math
import queue
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from engine import (
    Accept,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Game,
    Kind,
    NextRound,
    Pass,
    Play,
)
from engine import events as ev
from engine.bots import SensibleBot, choose_action
from hw.events import Button
from hw.frames import FrameFeed
from hw.sim import SimButtons, SimReader, StillClock, clocked_pins, in_flight
from table.app import Table, WindowOptions, build_table
from table.flow.controller import Outcome, Refused
from table.flow.loop import Loop
from table.flow.session import Session
from table.positions import default_positions
from table.setup import config as configuration
from table.setup.config import Config

if TYPE_CHECKING:
    from table.commands.demo_camera import DemoCamera

log = logging.getLogger(__name__)

PAD = {"R": Button.RED, "Y": Button.YELLOW, "G": Button.GREEN, "B": Button.BLUE}
# Seconds on the table's clock an input may take to reach the game. On a still clock (a
# headless demo) only the table's windows make them pass, so an input that changes nothing
# fails at once; on the real clock (a demo people watch) it is a hang guard.
TIMEOUT = 30.0
# Seconds between two presses of one button, from the end of the last one: past its
# refractory period (40 ms), as a hand presses.
GAP = 0.08
SETTLE = 0.01  # the demo's inputs come one at a time: a short settle window is enough
STEP = 0.01  # seconds the demo's loop waits for input at most
# The scans of one play are written back to back: a short window joins them, and every
# other play waits only this long (the shipped default suits human hands).
SCAN_WINDOW = 0.08
CAMERA_SCAN_WINDOW = 1.5  # a card laid under the camera is read a few frames after the last


@dataclass(frozen=True)
class Press:
    seat: int | None  # physical seat; None is the colour pad
    button: Button


@dataclass(frozen=True)
class Scan:
    codes: tuple[str, ...]  # several: one play of several cards, scanned one after another
    seat: int | None = None  # whose reader scans, where seats have their own (None: any)


Input = Press | Scan


class DemoDriver:
    """Plays the world game through simulated hardware into a Session, one input at a time.

    `press(seat, button)` and `scan(code)` are the simulated devices; the app calls `step`
    in its loop and `observe` with the outcomes the session applied. `clock` is the one the
    buttons' edges are stamped on (None: the `now` that `step` is given).
    """

    def __init__(
        self, session: Session, press, scan, *, players: int, seed: int = 0, rounds: int = 1,
        clock=None,
    ) -> None:  # fmt: skip
        self.session = session
        self._press, self._scan = press, scan
        self._clock = clock
        self.players, self.rounds = players, rounds
        self.rules = session.rules()  # what this table can referee, as the bots play it
        self.world = Game.new(players=players, rules=self.rules, seed=seed)
        self.bots = [SensibleBot(seed * 101 + s) for s in range(players)]
        self.rng = random.Random(seed)
        self._todo: deque[Input] = deque(Press(s, Button.UNO) for s in range(players))
        self._todo.append(Press(0, Button.DRAW))
        self._flips = deque(self._flip_codes(self.world.last_events))
        self._guilty_draws: dict[int, int] = {}
        self._in_flight: tuple[bool, int, float] | None = None  # (in game, mark, sent at)
        self._pressed: dict[Press, float] = {}
        self._sent_last: Input | None = None
        self.ready = lambda: True  # whether the devices can take input (a reader's port open)
        self.pace = 0.0  # seconds between two moves, so that people can follow
        self._next_move = 0.0
        self.rounds_played = 0
        self.actions = 0
        self.consistent = True
        self.problem = ""
        self.done = False

    @staticmethod
    def _flip_codes(events) -> list[str]:
        flips = (ev.ReturnedToPile, ev.FirstCard)
        return [str(e.card) for e in events if isinstance(e, flips)]

    # --- the loop --------------------------------------------------------------------------

    def observe(self, outcomes: list[Outcome]) -> None:
        """Outcomes the session applied: a refusal means the table and the world disagree."""
        for outcome in outcomes:
            if isinstance(outcome, Refused):
                self._fail(f"the table refused an input: {outcome.message}")

    def step(self, now: float) -> None:
        """Send the next input when the previous one has reached the game."""
        if self.done or not self.ready() or not self._arrived(now):
            return
        if not self._todo and now >= self._next_move:
            self._plan_next(now)
        if self._todo and not self.done and self._rested(self._todo[0], now):
            self._send(self._todo.popleft(), now)

    def _rested(self, item: Input, now: float) -> bool:
        # A real hand does not press one button twice within its refractory period either.
        return not isinstance(item, Press) or now - self._pressed.get(item, -GAP) >= GAP

    def _arrived(self, now: float) -> bool:
        if self._in_flight is None:
            return True
        in_game, mark, sent = self._in_flight
        # A lobby press shows as a change of the session; a game input as a new action, or
        # (a 7 under seven_zero) as the question for the seat to swap with.
        reached = self._history_length() > mark if in_game else self.session.version > mark
        reached = reached or (isinstance(self._sent_last, Scan) and self._asked())
        if reached:
            self._in_flight = None
            return True
        if now - sent > TIMEOUT:
            self._fail(f"{self._sent_last} did not reach the game in {TIMEOUT:.0f} s")
        return False

    def _asked(self) -> bool:
        return self.session.asking() is not None

    def _history_length(self) -> int:
        game = self.session.game
        return len(game.history) if game is not None else 0

    def _send(self, item: Input, now: float) -> None:
        in_game = self.session.game is not None
        mark = self._history_length() if in_game else self.session.version
        self._in_flight = (in_game, mark, now)
        self._sent_last = item
        if isinstance(item, Press):
            self._press(item.seat, item.button)
            # From its release edge: a press that went out late still rests its GAP.
            self._pressed[item] = self._clock() if self._clock is not None else now
        else:
            for code in item.codes:
                self._scan(code, item.seat)

    def _fail(self, problem: str) -> None:
        if self.consistent:
            log.error("demo: %s", problem)
        self.consistent, self.problem, self.done = False, problem, True

    # --- planning ----------------------------------------------------------------------------

    def _plan_next(self, now: float) -> None:
        table = self.session.game
        if table is None:
            return
        if self._follow_up(table):
            return
        if not self._same_state(table):
            return
        if self.world.awaiting.kind is Kind.MATCH_OVER or self._rounds_done():
            self.done = True
            return
        action = choose_action(self.world, self.bots, self.rng)
        events = self.world.apply(action)
        self.actions += 1
        self._next_move = now + self.pace
        self._todo.extend(self._inputs_for(action, events))

    def _rounds_done(self) -> bool:
        return self.world.awaiting.kind is Kind.ROUND_OVER and self.rounds_played >= self.rounds

    def _follow_up(self, table: Game) -> bool:
        """Flips and reveals the table asks for after a world action."""
        kind = table.awaiting.kind
        if kind is Kind.FLIP and self._flips:
            self._todo.append(Scan((self._flips.popleft(),)))
            return True
        if kind is Kind.REVEAL:
            seat = table.awaiting.seat
            self._todo.append(Scan((self._unseen_cards(table, seat)[0],), seat))
            return True
        return False

    def _unseen_cards(self, table: Game, seat: int) -> list[str]:
        hand = self.world.hand(seat)
        drawn_after = self._guilty_draws.get(seat, 0) if table.winner is None else 0
        rest = hand[: len(hand) - drawn_after]
        for card in table.hand(seat):
            rest.remove(card)
        return [str(c) for c in rest]

    def _same_state(self, table: Game) -> bool:
        if table.public_state() == self.world.public_state():
            return True
        self._fail(
            f"after {self.actions} actions the table shows {table.public_state()} "
            f"but the world is {self.world.public_state()}"
        )
        return False

    def _inputs_for(self, action: Action, events: list) -> list[Input]:
        seat = getattr(action, "seat", None)
        self._guilty_draws = {
            e.seat: e.count for e in events if isinstance(e, ev.Drew) and e.reason == "guilty"
        }
        went_out = any(isinstance(e, ev.RoundOver) for e in events)
        self.rounds_played += went_out
        if isinstance(action, Play):
            return self._play_inputs(action, went_out)
        if isinstance(action, ChooseColor):
            return [Press(None, PAD[str(action.color)])]
        if isinstance(action, Draw):
            return [Press(seat, Button.DRAW), *self._after_draw(seat, events)]
        if isinstance(action, Pass | Accept):
            return [Press(seat, Button.DRAW)]
        if isinstance(action, Challenge | CatchUno):
            return [Press(seat, Button.CHALLENGE)]
        if isinstance(action, CallUno):
            return [Press(seat, Button.UNO)]
        if isinstance(action, NextRound):
            self._flips.extend(self._flip_codes(events))
            return [Press(0, Button.DRAW)]
        raise ValueError(f"the demo cannot play {action!r} with buttons")

    @staticmethod
    def _play_inputs(action: Play, went_out: bool) -> list[Input]:
        """The cards scanned, then the seat swapped with (its UNO) or the colour (the pad)."""
        out: list[Input] = [Scan(tuple(str(c) for c in action.cards), action.seat)]
        if action.target is not None and not went_out:  # a last 7 swaps with nobody
            out.append(Press(action.target, Button.UNO))
        if action.card.is_wild and action.color is not None and not went_out:
            out.append(Press(None, PAD[str(action.color)]))
        return out

    @staticmethod
    def _after_draw(seat: int, events: list) -> list[Input]:
        """What the player does by hand that the world's engine did for them."""
        for e in events:
            if isinstance(e, ev.Played) and e.auto:
                return [Scan(tuple(str(c) for c in e.cards), seat)]
            if isinstance(e, ev.Passed):
                return [Press(seat, Button.DRAW)]
        return []

    def summary(self) -> dict:
        """The figures the headless demo prints as its last line."""
        world = self.world
        winner = world.match_winner if world.match_winner is not None else world.winner
        return {
            "preset": self.rules.name,
            "players": self.players,
            "rounds": self.rounds_played,
            "actions": self.actions,
            "winner": None if winner is None else winner + 1,  # seats as the screen numbers them
            "scores": world.scores,
            "consistent": self.consistent and self.done,
        }


# --- running it --------------------------------------------------------------------------------

FREE_PINS = [p for p in range(2, 28) if p not in (8, 9, 10, 11)] + [0, 1]  # 8-11: colour pad


def demo_config_text(
    players: int,
    preset: str,
    reader: Path,
    state: Path,
    knobs: Sequence[str] = (),
    seat_readers: Sequence[Path] = (),
    faces: Path | None = None,
) -> str:
    """A configuration for `players` seats on mock pins, a pty reader for whoever's turn it is,
    and one per seat in `seat_readers`; `knobs` are TOML lines like "seven_zero = true". With
    `faces`, whoever's turn it is lays cards under a camera (demo_camera) instead."""
    places = default_positions(players)
    pins = iter(FREE_PINS)
    seats = [[next(pins) for _ in range(3)] for _ in range(players)]
    leds = [next(pins, None) for _ in range(players)]
    lines = [
        f'preset = "{preset}"',
        f'state_dir = "{state}"',
        # The bots play a second copy of the top card at once: no read is taken as a repeat.
        "printed_repeat_ms = 0",
        "[knobs]",
        *knobs,
        '[gpio]\npin_factory = "mock"',
    ]
    for n, ((uno, challenge, draw), led) in enumerate(zip(seats, leds, strict=True)):
        lines.append(
            f'[[seat]]\nname = "Bot {n + 1}"\nposition = "{places[n]}"\n'
            f"uno = {uno}\nchallenge = {challenge}\ndraw = {draw}"
            + (f"\nled = {led}" if led is not None else "")
        )
    # repeat_ms 0: the demo's "cards" are codes, and two R5 in a row are two cards.
    # A camera's device is the demo's feed (build_rig); it needs no repeat window.
    camera = f'protocol = "camera"\nfaces = "{faces}"'
    kind = "repeat_ms = 0" if faces is None else camera
    lines.append(f'[[reader]]\nname = "pile"\ndevice = "{reader}"\nseat = "turn"\n{kind}')
    for n, path in enumerate(seat_readers):
        lines.append(
            f'[[reader]]\nname = "seat {n + 1}"\ndevice = "{path}"\nseat = {n + 1}\nrepeat_ms = 0'
        )
    return "\n".join(lines) + "\n"


@dataclass
class DemoRig:
    """The simulated table: mock pins under a real Panel, ptys under real CardReaders.

    On a StillClock (`clock`) the table's time stands still while an input is on its way to
    the game and jumps over the windows it then waits out (see `step`); else it is real time.
    """

    table: Table
    driver: DemoDriver
    buttons: SimButtons
    reader: SimReader  # whoever's turn it is
    seat_readers: list[SimReader] = field(default_factory=list)
    clock: Callable[[], float] = time.monotonic
    devices: dict[str, SimReader | FrameFeed] = field(default_factory=dict)  # by reader name

    @property
    def config(self) -> Config:
        return self.table.config

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def loop(self) -> Loop:
        return self.table.loop

    def close(self) -> None:
        self.table.close()
        for reader in [self.reader, *self.seat_readers]:
            reader.close()

    def step(self) -> None:
        """The driver sends what is due and the loop runs once. On a still clock, once
        nothing is on its way, the clock moves on to the session's next deadline, at most
        GAP ahead (the driver rests that long between two presses of one button)."""
        self.driver.step(self.clock())
        clock = self.clock
        if not isinstance(clock, StillClock) or not self.settled():
            self.loop.run_once(wait=STEP)  # real time: what is on its way comes meanwhile
            return
        self.loop.run_once(wait=0)
        if self.settled():
            deadline = self.session.next_deadline()
            clock.now = min(clock.now + GAP, max(clock.now, deadline or math.inf))

    def settled(self) -> bool:
        """Every reader open, and nothing given to a device that has not reached the
        session: every byte read and handed on, every frame seen, the queue empty."""
        readers = self.table.inputs.readers
        if not all(r.connected for r in readers):
            return False
        if any(in_flight(r, self.devices[r.name]) for r in readers):
            return False
        return self.table.events.empty()


def build_rig(
    folder: Path,
    *,
    preset: str,
    players: int,
    seed: int,
    rounds: int,
    knobs: Sequence[str] = (),
    seat_readers: bool = False,
    window: WindowOptions | None = None,
    camera: DemoCamera | None = None,
    real_time: bool = False,
) -> DemoRig:
    """Everything a demo needs, in `folder` (the ptys' links and the journal); with `camera`
    the turn's cards are laid under it instead of scanned. The table runs on a StillClock
    unless `real_time` (a demo people watch)."""
    reader = SimReader(folder / "reader")
    own = [SimReader(folder / f"reader-{n + 1}") for n in range(players if seat_readers else 0)]
    paths = [r.path for r in own]
    faces = None
    if camera is not None:
        faces = folder / "faces.npz"
        camera.learn(faces)
    text = demo_config_text(players, preset, reader.path, folder / "state", knobs, paths, faces)
    config = configuration.loads(text, "demo configuration", folder)
    feeds = {"pile": camera.feed.open} if camera is not None else None
    scan_window = SCAN_WINDOW if camera is None else CAMERA_SCAN_WINDOW
    clock = time.monotonic if real_time else StillClock(time.monotonic())
    pins = clocked_pins(clock)  # the buttons' edges on the table's clock
    try:
        table = build_table(
            config, pins=pins, events=queue.Queue(), clock=clock, window=window, settle=SETTLE,
            scan_window=scan_window, bounce=0, feeds=feeds,
        )  # fmt: skip
    except Exception:
        for sim in [reader, *own]:
            sim.close()
        raise
    factory = table.inputs.panel.factory
    buttons = SimButtons(factory, [seat.pins for seat in config.seats], config.color_pad)

    def scan(code: str, seat: int | None) -> None:
        """A scan at `seat`'s own reader if it has one, else at the shared one (or camera)."""
        if own and seat is not None:
            own[seat].scan(code)
        elif camera is not None:
            camera.lay(code)
        else:
            reader.scan(code)

    session = table.session
    driver = DemoDriver(
        session, buttons.press, scan, players=players, seed=seed, rounds=rounds, clock=clock
    )
    # A scan written before the reader has opened its port would be lost with the port.
    driver.ready = lambda: all(r.connected for r in table.inputs.readers)
    table.loop.after.append(lambda outcomes, now: driver.observe(outcomes))
    names = [r.name for r in config.readers]  # the pile's first, then each seat's
    devices = dict(zip(names, [camera.feed if camera else reader, *own], strict=True))
    return DemoRig(table, driver, buttons, reader, own, clock, devices)


def run(rig: DemoRig, *, max_seconds: float = 600.0, stop=None) -> dict:
    """Play until the demo is done (or `stop()` says so); returns the driver's summary.
    `max_seconds` of real time is a hang guard only."""
    start = time.monotonic()
    while not rig.driver.done and not (stop and stop()):
        rig.step()
        if time.monotonic() - start > max_seconds:
            rig.driver._fail(f"the demo did not finish in {max_seconds:.0f} s")
    return rig.driver.summary()

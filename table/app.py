"""The one place a table is put together: inputs, session, loop and window, and closed again.

`uno-table run`, the table script, the demo, the benchmarks and the tests' table driver all
call `build_table`, passing only what differs from `uno-table run` (a mock pin factory, a
queue of their own, their own clock, no window).
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gpiozero.pins import Factory

from hw.buttons import factory_name
from hw.events import InputEvent
from hw.frames import FrameSource
from table.flow.holds import HOLD_BUTTON
from table.flow.lock import StateLock
from table.flow.loop import Loop
from table.flow.session import Session
from table.flow.wake import Inbox
from table.setup.config import Config
from table.setup.inputs import Inputs, open_inputs

if TYPE_CHECKING:  # pygame starts with the window, only when a table has one
    from table.screen.window import Window
    from table.screen.window_wake import WindowWake

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WindowOptions:
    """The window a table draws in: headless (SDL's dummy driver) or not, whether its keys
    stand in for buttons and cards, and a folder to save a PNG of each kind of screen in."""

    headless: bool = False
    keyboard: bool = True
    screens: Path | None = None


@dataclass
class Table:
    """A running table's parts; `close` stops them, in the one order that loses nothing."""

    config: Config
    events: queue.Queue[InputEvent]
    inputs: Inputs
    session: Session
    loop: Loop
    lock: StateLock | None = None
    window: Window | None = None
    _wake: WindowWake | None = None

    def close(self) -> None:
        """Stop the readers, release the pins, close the journal, the lock and the wake-ups."""
        self.inputs.close()
        self.session.close()
        if self.lock is not None:
            self.lock.release()
        if self._wake is not None:
            self._wake.close()
        if isinstance(self.events, Inbox):
            self.events.wakeup.close()


def build_table(
    config: Config,
    *,
    pins: str | Factory | None = None,
    events: queue.Queue[InputEvent] | None = None,
    clock: Callable[[], float] = time.monotonic,
    window: WindowOptions | None = None,
    lock: StateLock | None = None,
    settle: float | None = None,
    scan_window: float | None = None,
    bounce: float | None = None,
    on_change: Callable[[], None] | None = None,
    feeds: Mapping[str, Callable[[], FrameSource]] | None = None,
) -> Table:
    """A table for `config`, as `uno-table run` builds it unless told otherwise.

    `pins`: a pin factory or its name (None: $GPIOZERO_PIN_FACTORY, else the configuration's;
    "keyboard": none); `events`: the loop's queue (an Inbox: one wait for every source);
    `clock`: the loop's and the readers'; `window`: None for no window; `lock`: the state
    folder's, taken before the first write; `settle`, `scan_window`, `bounce`: instead of the
    configured windows; `on_change`: called on every change the screen shows; `feeds`: where
    a camera reader of that name reads its frames instead of its device.
    Raises table.screen.window.NoScreen (with everything closed) when no window can open.
    """
    events = Inbox() if events is None else events
    inputs = open_inputs(
        config, events, pin_factory=pins, say=log.warning, bounce=bounce, clock=clock,
        feeds=feeds, releases=[HOLD_BUTTON],  # DRAW held asks to leave (table.flow.holds)
    )  # fmt: skip
    settle = config.gpio.settle if settle is None else settle
    session = Session(
        config, config.state_dir, settle=settle, scan_window=scan_window, on_change=on_change,
        lock=lock,
    )  # fmt: skip
    table = Table(config, events, inputs, session, Loop(session, events, inputs, clock=clock), lock)
    if window is not None:
        try:
            _open_window(table, window)
        except Exception:
            table.close()
            raise
    return table


def _open_window(table: Table, options: WindowOptions) -> None:
    """The window on the table's loop: it draws each frame, and its keys are input."""
    from table.screen.window import Window, open_surface  # pygame starts here
    from table.screen.window_wake import WindowWake

    surface = open_surface(table.config, options.headless)
    panel = table.inputs.panel
    pins = factory_name(panel.factory) if panel else "keyboard"
    keyboard = table.inputs.keyboard if options.keyboard else None
    win = Window(table.config, surface, table.events, keyboard, pins, options.screens)
    if isinstance(table.events, Inbox):
        table._wake = WindowWake(table.events.wakeup)
    table.window = win
    loop = table.loop
    loop.frame, loop.present = win.draw, win.present  # shown once the action is on disk
    loop.ahead = win.ahead
    loop.pump, loop.dirty = win.pump, win.wants_frame
    loop.after.append(win.react)

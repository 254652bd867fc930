"""The table app's main loop: input events in, the session's flow, LEDs and the screen out.

Hardware callbacks run on their own threads and only put events on a queue; this loop, on
the main thread, is the only consumer. It sleeps until an input or a deadline comes, and
redraws only when the session changed. With an `Inbox` for a queue it sleeps on the inbox's
`Wakeup`, which the window's input wakes too (table/screen/window_wake.py): one wait for
every source. With a plain queue (no window) it sleeps on the queue.

With a `present` (the window shows what `frame` drew only when told), an action's fsync runs
while its frame is drawn, and the frame is shown only once the fsync returned: nothing is
shown that is not on disk. When the fsync failed, the frame drawn is never shown: the action
is refused as if its save had failed at once, and the refusal is drawn and shown instead.

Python's garbage collection waits from an input until its frame is shown: a collection due
meanwhile (a frame allocates enough to start one or two, 0.1-1 ms each) runs after it.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import queue
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from hw.events import InputEvent
from table.flow.controller import Outcome
from table.flow.session import Session
from table.flow.wake import Inbox
from table.setup.inputs import Inputs

log = logging.getLogger(__name__)

MAX_WAIT = 0.5  # seconds the loop sleeps at most when nothing is due (the watchdog)


@dataclass
class Loop:
    """One table's loop. `frame(session, now)` draws a frame; `ahead()` runs when the loop is
    about to sleep with nothing to handle, a piece of work a time: while it says more is left,
    the loop only looks for input before it runs it again."""

    session: Session
    events: queue.Queue[InputEvent]
    inputs: Inputs | None = None
    frame: Callable[[Session, float], None] | None = None
    pump: Callable[[float], None] | None = None  # window events (keyboard) into the queue
    dirty: Callable[[], bool] | None = None  # a change only the window knows of (help, typing)
    after: list[Callable[[list[Outcome], float], None]] = field(default_factory=list)
    clock: Callable[[], float] = time.monotonic
    present: Callable[[], None] | None = None  # shows what `frame` drew (None: frame shows it)
    ahead: Callable[[Session], bool] | None = None  # makes what the next frame likely draws
    frames: int = 0
    _drawn: int = -1

    def run_once(self, wait: float = MAX_WAIT) -> list[Outcome]:
        """Wait for an input or a deadline (at most `wait` s), handle everything, redraw."""
        now = self.clock()
        if self.pump is not None:
            self.pump(now)  # what came while the last frame was drawn
        inbox = isinstance(self.events, Inbox)
        first = None
        if self.ahead is not None and self.events.empty() and self._timeout(wait, now) > 0:
            # The frame is shown, nothing waits: time to make the next one's, a piece at a
            # time (an input that comes meanwhile waits for one piece at most).
            if self.ahead(self.session):
                wait = 0.0
            now = self.clock()
        if not inbox:
            first = self._get(self._timeout(wait, now))
        elif self.events.empty():
            self.events.wakeup.wait(self._timeout(wait, now))
        with collection_waits():  # from the input to its frame shown
            if inbox and self.pump is not None:
                self.pump(self.clock())  # what woke the wait may be a key
            self._drain(first)
            outcomes, now = self._show()
        for hook in self.after:
            hook(outcomes, now)
        return outcomes

    def _show(self) -> tuple[list[Outcome], float]:
        """Apply what is due, draw the frame and show it once its action is on disk."""
        now = self.clock()
        outcomes = self.session.tick(now, overlap=self.present is not None)
        self._draw(now)  # while the last action's fsync runs
        refused = self.session.confirm(now)
        if refused is not None:  # not on disk: the frame just drawn is never shown
            outcomes = [*outcomes[:-1], refused]
            self._draw(now)
        if self.present is not None:
            self.present()
        self._set_leds()  # after the screen, which players look at first; both once on disk
        return outcomes, now

    def _timeout(self, wait: float, now: float) -> float:
        """How long to sleep: until the session's next deadline, or 0 if a frame is due."""
        if self.frame is not None and self.session.version != self._drawn:
            return 0.0  # a change not on screen yet (the first frame): draw before sleeping
        if self.dirty is not None and self.dirty():
            return 0.0  # a change only the window knows of (the help key, a typed letter)
        deadline = self.session.next_deadline()
        return wait if deadline is None else max(0.0, min(wait, deadline - now))

    def _get(self, timeout: float) -> InputEvent | None:
        """The next event, waiting at most `timeout` s (a plain queue's wait), or None."""
        try:
            return self.events.get(timeout=timeout) if timeout > 0 else self.events.get_nowait()
        except queue.Empty:
            return None

    def _drain(self, event: InputEvent | None) -> None:
        """Handle `event` (if any) and every event on the queue, in their order."""
        while True:
            if event is not None:
                self.session.handle(event, self.clock())
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return

    def _draw(self, now: float) -> None:
        changed = self.session.version != self._drawn or (self.dirty and self.dirty())
        if self.frame is not None and changed:
            self._drawn = self.session.version
            self.frame(self.session, now)
            self.frames += 1

    def _set_leds(self) -> None:
        panel = self.inputs.panel if self.inputs else None
        if panel is not None:
            panel.show(self.session.leds())


@contextlib.contextmanager
def collection_waits() -> Iterator[None]:
    """No automatic garbage collection inside (one that falls due runs after); as it was
    after (a caller that had turned collection off keeps it off)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()

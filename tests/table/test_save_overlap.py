"""The table draws an action's frame while the journal's fsync runs, and shows it only once the
fsync returned: nothing on screen that is not on disk. A failed fsync is refused as before.

The app's own table (build_table: Session with its journal on a real file, Window on SDL's
dummy driver, Loop); the journal's fsync is the real one, held on an event by the test."""

from __future__ import annotations

import errno
import os
import sys
import threading
import time

from engine import Kind
from hw.events import Button, ButtonPressed, CodeScanned
from table.flow.alerts import AlertKind
from table.flow.journal import read
from table.flow.refusals import TableRefusal
from tests.table.table_driver import App

HANG_GUARD = 30.0  # seconds: only ever reached when the table hangs


class HeldSync:
    """os.fsync, held until `release` is set; `started` is set once it runs."""

    def __init__(self, fail: OSError | None = None) -> None:
        self.started, self.release = threading.Event(), threading.Event()
        self.fail = fail
        self.thread: str = ""

    def __call__(self, fd: int) -> None:
        self.thread = threading.current_thread().name
        self.started.set()
        if not self.release.wait(HANG_GUARD):
            raise TimeoutError("the test never released the fsync")
        if self.fail is not None:
            raise self.fail
        os.fsync(fd)


def _game(tmp_path) -> App:
    """A 2-seat official game on the app's table, its first card turned up."""
    app = App(tmp_path, 2, "official")
    session = app.session
    for seat in (0, 1):
        app.send(["press", seat, "uno"], lambda s=seat: s in session.joined)
    app.send(["press", 0, "draw"], lambda: session.game is not None)
    app.send(["scan", "R5"], lambda: session.game.awaiting.kind is Kind.TURN)
    return app


def _draw_press(app: App) -> None:
    seat = app.session.joined[app.session.game.awaiting.seat]
    app.events.put(ButtonPressed(seat, Button.DRAW, time.monotonic()))


def _watch_frames(app: App) -> threading.Event:
    """Set each time the loop has drawn a frame (drawn, not necessarily shown)."""
    drawn = threading.Event()
    draw = app.loop.frame

    def frame(session, now: float) -> None:
        draw(session, now)
        drawn.set()

    app.loop.frame = frame
    return drawn


def _draw_during_held_fsync(app: App, held: HeldSync) -> tuple[list, list[int]]:
    """DRAW at the seat whose turn it is, its fsync held: the loop's outcomes, and how many
    frames were shown at the moment its frame was drawn (the fsync still held)."""
    drawn = _watch_frames(app)
    seen: list[int] = []

    def watch() -> None:
        if held.started.wait(HANG_GUARD) and drawn.wait(HANG_GUARD):
            seen.append(app.table.window.display.presented)
        held.release.set()

    watcher = threading.Thread(target=watch)
    watcher.start()
    _draw_press(app)
    outcomes = app.loop.run_once(wait=0.0)  # returns once a frame is shown
    watcher.join(HANG_GUARD)
    return outcomes, seen


def test_the_frame_is_drawn_during_the_fsync_and_shown_only_after_it(tmp_path):
    app = _game(tmp_path)
    try:
        session, display = app.session, app.table.window.display
        journal = session.journal
        held = journal.sync = HeldSync()
        count, shown = journal.count, display.presented
        _, seen = _draw_during_held_fsync(app, held)
        assert seen == [shown], "the frame was shown before its fsync returned"
        assert held.thread != threading.current_thread().name  # the fsync ran beside the draw
        assert display.presented == shown + 1
        assert journal.count == count + 1
        assert len(read(journal.path).actions) == count + 1
        assert display._last == app.table.window.view(session)
        assert display._last.refusal is None
    finally:
        app.table.close()


def test_the_fsync_has_begun_when_its_frame_starts_drawing(tmp_path):
    """The fsync runs beside the whole drawing: a thread that had to wait for the GIL would
    begin it only once the loop blocked, after drawing (Python switches threads every 5 ms)."""
    app = _game(tmp_path)
    switch = sys.getswitchinterval()
    try:
        held = app.session.journal.sync = HeldSync()
        begun: list[bool] = []
        draw = app.loop.frame

        def frame(session, now: float) -> None:
            begun.append(held.started.is_set())
            held.release.set()
            draw(session, now)

        app.loop.frame = frame
        sys.setswitchinterval(HANG_GUARD)  # a waiting thread runs only when the loop blocks
        _draw_press(app)
        app.loop.run_once(wait=0.0)
        assert begun == [True]
    finally:
        sys.setswitchinterval(switch)
        app.table.close()


def test_a_failed_fsync_refuses_the_action_and_its_frame_is_never_shown(tmp_path):
    app = _game(tmp_path)
    try:
        session, display = app.session, app.table.window.display
        journal = session.journal
        held = journal.sync = HeldSync(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
        before, count = session.game.snapshot(), journal.count
        lines, shown = list(session.lines), display.presented
        outcomes, seen = _draw_during_held_fsync(app, held)
        assert seen == [shown]  # the draw's frame was drawn, and not shown
        assert [o.reason for o in outcomes] == [TableRefusal.NOT_SAVED]
        assert session.game.snapshot() == before  # the screen acknowledges nothing
        assert list(session.lines) == lines
        assert [a.kind for a in session.alerts] == [AlertKind.CANNOT_SAVE]
        assert display.presented == shown + 1  # one frame shown: the refusal's
        assert display._last == app.table.window.view(session)  # on screen: the table now
        assert display._last.refusal is not None
        assert len(read(journal.path).actions) == count  # nothing more on disk

        journal.sync = os.fsync  # the disk has room again: the next press is saved
        _draw_press(app)
        app.loop.run_once(wait=0.0)
        assert journal.count == count + 1
        assert len(read(journal.path).actions) == count + 1
        assert session.alerts == []
    finally:
        app.table.close()


def test_a_card_whose_fsync_failed_is_not_on_the_pile_and_plays_when_scanned_again(tmp_path):
    app = _game(tmp_path)
    try:
        session = app.session
        journal = session.journal
        journal.sync = HeldSync(OSError(errno.EIO, os.strerror(errno.EIO)))
        journal.sync.release.set()
        count = journal.count
        tagged = CodeScanned("R7", "pile", time.monotonic(), "04A1B2C3D4")  # one physical card
        app.events.put(tagged)
        outcomes = app.loop.run_once(wait=0.0)
        assert [o.reason for o in outcomes] == [TableRefusal.NOT_SAVED]
        assert len(read(journal.path).actions) == count

        journal.sync = os.fsync
        app.events.put(CodeScanned("R7", "pile", time.monotonic(), "04A1B2C3D4"))
        (outcome,) = app.loop.run_once(wait=0.0)
        assert type(outcome).__name__ == "Applied", outcome  # not "already on the pile"
        assert str(session.game.top) == "R7"
        assert len(read(journal.path).actions) == count + 1
    finally:
        app.table.close()

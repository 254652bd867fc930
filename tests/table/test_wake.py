"""One wait for every input source: an inbox put, a key through SDL's queue, a signal, a device.

Each wait here is hours long: only the source under test can end it (a broken wake-up makes
the test time out), so no test depends on how fast the machine is.
"""

from __future__ import annotations

import os
import pty
import signal
import threading

import pygame
import pytest

from hw.events import Button, ButtonPressed
from hw.keyboard import Keyboard, KeyMap
from table.flow.loop import Loop
from table.flow.session import Session
from table.flow.wake import Inbox, Wakeup
from table.screen.window import HELP_KEY, Window, open_surface
from table.screen.window_wake import (
    BUFFERED_POLL,
    DESKTOP_POLL,
    EventWatch,
    WindowWake,
    open_fds,
    sdl_library,
)
from table.setup import config as configuration

FOREVER = 3600.0
pytestmark = pytest.mark.timeout(60)


def later(action) -> threading.Thread:
    """Run `action` on another thread, as a device's callback runs (before or while we wait)."""
    thread = threading.Thread(target=action)
    thread.start()
    return thread


@pytest.fixture
def window_loop(tmp_path):
    """The app's Loop on an Inbox, with the Window (keyboard on) and its WindowWake."""
    config = configuration.loads("[display]\nwidth = 480\nheight = 270\n", "wake.toml")
    events = Inbox()
    keyboard = Keyboard(KeyMap.default(len(config.seats)), lambda text: None)
    window = Window(config, open_surface(config, headless=True), events, keyboard)
    wake = WindowWake(events.wakeup)
    session = Session(config, tmp_path, settle=0.0)
    loop = Loop(session, events, None, window.frame, window.pump, dirty=window.wants_frame)
    loop.run_once(wait=0.0)  # the first frame
    yield loop, window, events
    wake.close()
    events.wakeup.close()
    if session.journal is not None:
        session.journal.close()


def test_a_put_from_another_thread_wakes_the_wait():
    inbox = Inbox()
    event = ButtonPressed(0, Button.DRAW, 0.0)
    thread = later(lambda: inbox.put(event))
    inbox.wakeup.wait(FOREVER)
    thread.join()
    assert inbox.get_nowait() == event
    inbox.wakeup.close()


def test_a_key_through_sdls_queue_wakes_the_loop_and_reaches_the_session(window_loop):
    loop, _, _ = window_loop
    joined = set(loop.session.joined)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q)  # seat 1's UNO: joins the lobby
    thread = later(lambda: pygame.event.post(key))
    while set(loop.session.joined) == joined:
        loop.run_once(wait=FOREVER)
    thread.join()
    assert 0 in loop.session.joined


def test_the_help_key_is_drawn_without_waiting_for_anything_else(window_loop):
    loop, window, _ = window_loop
    frames = loop.frames
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(HELP_KEY))
    thread = later(lambda: pygame.event.post(key))
    while loop.frames == frames:
        loop.run_once(wait=FOREVER)
    thread.join()
    assert window.help


def test_a_signal_wakes_the_wait():
    wakeup = Wakeup()
    caught = []
    previous = signal.signal(signal.SIGUSR1, lambda *_: caught.append(True))
    wakeup.wake_on_signals()
    try:
        thread = later(lambda: os.kill(os.getpid(), signal.SIGUSR1))
        while not caught:
            wakeup.wait(FOREVER)
        thread.join()
    finally:
        wakeup.close()
        signal.signal(signal.SIGUSR1, previous)
    assert caught == [True]


def test_a_device_the_process_reads_wakes_the_wait_and_a_hung_up_one_is_ignored():
    # A pty stands in for an evdev device: the wait finds it among the process's open files.
    controller, device = pty.openpty()
    name = os.ttyname(device)
    wakeup = Wakeup()
    wakeup.add(lambda: open_fds(name))
    try:
        assert open_fds(name) == [device]
        thread = later(lambda: os.write(controller, b"x\n"))
        wakeup.wait(FOREVER)
        thread.join()
        assert os.read(device, 16) == b"x\n"
        assert wakeup.ignored == set()
        os.close(controller)  # unplugged: the device's end reports a hang-up from now on
        wakeup.wait(FOREVER)
        assert wakeup.ignored == {device}
    finally:
        os.close(device)
        wakeup.close()
    assert open_fds(name) == []


def test_the_event_watch_finds_sdl_and_goes_away_cleanly():
    pygame.display.init()
    sdl = sdl_library()
    assert sdl is not None, "pygame's SDL is in the process's memory map"
    wakeup = Wakeup()
    watch = EventWatch(sdl, wakeup)
    watch.close()
    watch.close()  # twice is harmless (atexit calls it again)
    wakeup.close()


@pytest.mark.parametrize(
    ("driver", "how"),
    [("kmsdrm", "evdev"), ("dummy", "no input devices"), ("x11", "polled every 8 ms")],
)
def test_each_video_driver_says_how_its_input_wakes_the_loop(driver, how):
    pygame.display.init()
    wakeup = Wakeup()
    wake = WindowWake(wakeup, driver)
    wake.close()
    wakeup.close()
    assert how in wake.how
    assert (wakeup.poll is not None) == (driver == "x11")


def test_an_x11_window_waits_on_its_connection_to_the_x_server_and_seldom_polls():
    pygame.display.init()
    wakeup = Wakeup()
    read, write = os.pipe()  # stands in for the X server's socket
    try:
        how = WindowWake._add(wakeup, "x11", x11=lambda: read)
        assert read in wakeup.watched() and "connection" in how, how
        assert wakeup.poll == BUFFERED_POLL > DESKTOP_POLL
        # No connection found (as on the dummy driver here): polled as before.
        other = Wakeup()
        assert "polled every 8 ms" in WindowWake._add(other, "x11", x11=lambda: None)
        assert other.poll == DESKTOP_POLL and not other.watched()
        other.close()
    finally:
        wakeup.close()
        os.close(read)
        os.close(write)

"""How the window's input wakes the loop's one wait, without polling SDL every millisecond.

pygame's own `event.wait` polls SDL once a millisecond (2-3% of a core idle), so the loop
sleeps on a `Wakeup` instead and the window adds what tells it SDL has input:
- SDL's event watch, called by whichever thread pushes an event: an event posted from
  another thread (a key sent through SDL's queue) pokes the wait;
- on the Pi's console drivers (kmsdrm, fbcon) the evdev devices SDL itself reads:
  a key or a USB reader in keyboard mode makes one readable;
- an X11 window's input arrives on the X server's connection: the wait watches its socket,
  and polls every `BUFFERED_POLL` s for events Xlib took off it meanwhile (the loop pumps SDL
  before each wait, so that is rare);
- any other desktop window's input (Wayland) arrives on a connection this app cannot see:
  there the wait polls the window every `DESKTOP_POLL` s.
"""

from __future__ import annotations

import atexit
import ctypes
import logging
import os
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from table.flow.wake import Wakeup

log = logging.getLogger(__name__)

CONSOLE_DRIVERS = frozenset({"kmsdrm", "kmsdrm_legacy", "fbcon", "directfb"})
"""SDL video drivers that read keys from the evdev devices themselves."""
SILENT_DRIVERS = frozenset({"dummy", "offscreen"})
"""SDL video drivers with no input device: only events posted into SDL's queue."""
DESKTOP_POLL = 0.008  # s: a key waits half of it on average; 125 wake-ups a second
BUFFERED_POLL = 0.1  # s: an X11 window's poll beside its socket (an event Xlib has read already)
EVDEV = "/dev/input/event"

_Watch = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


def sdl_library() -> ctypes.CDLL | None:
    """The SDL2 library pygame loaded (from the process's memory map), or None if not found."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "/libSDL2" in line}
    except OSError:
        return None
    core = sorted(p for p in paths if Path(p).name.startswith(("libSDL2-", "libSDL2.")))
    for path in core:
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    return None


def x11_connection() -> int | None:
    """The file descriptor of the window's connection to the X server (None: not found)."""
    try:
        capsule = pygame.display.get_wm_info()["display"]
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        display = get(capsule, b"display")
        xlib = ctypes.CDLL("libX11.so.6")
        number = xlib.XConnectionNumber
        number.argtypes, number.restype = [ctypes.c_void_p], ctypes.c_int
    except (pygame.error, KeyError, TypeError, ValueError, OSError, AttributeError):
        return None
    fd = number(display) if display else -1
    return fd if fd >= 0 else None


class EventWatch:
    """SDL's event watch: pokes `wakeup` when another thread pushes an event into SDL's queue."""

    def __init__(self, sdl: ctypes.CDLL, wakeup: Wakeup) -> None:
        self._sdl = sdl
        main = threading.main_thread()
        # SDL calls watches before it queues the event. os.write would let go of the GIL, and
        # the loop could wake, look and find nothing yet; libc's write through PyDLL keeps the
        # GIL, which pygame.event.post holds until the event is queued.
        write = ctypes.PyDLL(None).write
        write.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]

        def watch(_userdata: int, _event: int) -> int:
            # Events pumped on the main thread are the loop's own: it is awake already.
            if threading.current_thread() is not main and wakeup.poke_fd >= 0:
                write(wakeup.poke_fd, b"\0", 1)
            return 1

        self._callback = _Watch(watch)  # kept here: SDL holds only the C pointer
        sdl.SDL_AddEventWatch.argtypes = [_Watch, ctypes.c_void_p]
        sdl.SDL_DelEventWatch.argtypes = [_Watch, ctypes.c_void_p]
        sdl.SDL_AddEventWatch(self._callback, None)
        self._added = True
        # pygame quits SDL after Python's objects are gone: the watch must go before that.
        atexit.register(self.close)

    def close(self) -> None:
        """Remove the watch (before the wakeup closes); once is enough, twice is harmless."""
        if self._added:
            self._added = False
            self._sdl.SDL_DelEventWatch(self._callback, None)


def open_fds(prefix: str, folder: str = "/proc/self/fd") -> list[int]:
    """This process's open file descriptors on paths starting with `prefix`."""
    fds = []
    try:
        names = os.listdir(folder)
    except OSError:
        return fds
    for name in names:
        try:
            if os.readlink(f"{folder}/{name}").startswith(prefix):
                fds.append(int(name))
        except (OSError, ValueError):  # closed meanwhile
            continue
    return fds


class WindowWake:
    """The window's input sources added to the loop's `Wakeup`; `close()` removes the watch."""

    def __init__(self, wakeup: Wakeup, driver: str | None = None) -> None:
        driver = (driver or pygame.display.get_driver()).lower()
        sdl = sdl_library()
        self.watch = EventWatch(sdl, wakeup) if sdl is not None else None
        self.how = self._add(wakeup, driver)
        if self.watch is None:
            wakeup.add(poll=DESKTOP_POLL)
            self.how += "; SDL's library not found: posted events polled"
        log.debug("window input wakes the loop: %s", self.how)

    @staticmethod
    def _add(wakeup: Wakeup, driver: str, x11: Callable[[], int | None] | None = None) -> str:
        if driver in CONSOLE_DRIVERS:
            wakeup.add(partial(open_fds, EVDEV))
            return f"{driver}: the evdev devices SDL reads"
        if driver in SILENT_DRIVERS:
            return f"{driver}: no input devices"
        fd = (x11 or x11_connection)() if driver == "x11" else None
        if fd is not None:
            wakeup.add(lambda: (fd,), poll=BUFFERED_POLL)
            return f"{driver}: the X server's connection, and every {BUFFERED_POLL * 1000:.0f} ms"
        wakeup.add(poll=DESKTOP_POLL)
        return f"{driver}: polled every {DESKTOP_POLL * 1000:.0f} ms"

    def close(self) -> None:
        if self.watch is not None:
            self.watch.close()

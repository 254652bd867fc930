"""The pygame side of the app: the window, its keys, the sounds; the View comes from frame.py."""

from __future__ import annotations

import logging
import os
import queue
from collections.abc import Iterator
from pathlib import Path

import pygame

from hw.events import InputEvent
from hw.keyboard import HELP_KEY, Keyboard
from table.flow import foresee
from table.flow.controller import Applied, Outcome
from table.flow.session import Session
from table.screen import heap
from table.screen.display import Display
from table.screen.frame import Local, session_view
from table.screen.sound import Sounds
from table.screen.view import Screen, View
from table.setup.config import Config

log = logging.getLogger(__name__)

PC_SIZE = (1280, 720)
HEADLESS_SIZE = (1920, 1080)
DESKTOP_ROOM = (80, 120)
"""What a desktop keeps around a window (its bars, the window's frame), in pixels."""


NO_SCREEN_DRIVERS = ("offscreen", "dummy")
"""SDL's video drivers that draw nowhere: what it falls back to with no display at all."""


class NoScreen(RuntimeError):
    """There is no screen to draw on (and --headless was not asked for)."""


LARGEST = (1920, 1080)
"""The most the table draws: a larger screen shows a frame of at most this, scaled by the
screen (KMS mode) or once by SDL (a window), so that a 4K screen costs what 1080p costs."""


def drawn_size(screen: tuple[int, int]) -> tuple[int, int]:
    """The size the table draws at on a screen of `screen` pixels: the screen's own up to
    LARGEST, else the largest size of the screen's shape that fits in LARGEST."""
    width, height = screen
    scale = min(1.0, LARGEST[0] / width, LARGEST[1] / height) if width and height else 1.0
    return (round(width * scale), round(height * scale))


def pc_window(desktop: tuple[int, int]) -> tuple[tuple[int, int], int]:
    """The window on a desktop of `desktop` pixels, and its flags: PC_SIZE where it fits with
    the desktop's bars around it, else the whole screen without a frame (an 800x480 screen
    gets all of its 800x480, never a 1280x720 window cut off)."""
    if all(d >= s + r for d, s, r in zip(desktop, PC_SIZE, DESKTOP_ROOM, strict=True)):
        return PC_SIZE, 0
    return desktop, pygame.NOFRAME


def open_surface(config: Config, headless: bool) -> pygame.Surface:
    """The screen: the configured size (fullscreen on a kiosk), a window on a PC; a screen
    larger than 1920x1080 is driven at 1080p (drawn_size)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    heap.keep_big_blocks_apart()  # before the first surface: memory flat over days
    try:
        pygame.display.init()
    except pygame.error as err:
        raise NoScreen(f"no screen to draw on ({err}); {_WHERE}") from None
    driver = pygame.display.get_driver()
    if not headless and driver in NO_SCREEN_DRIVERS:
        pygame.display.quit()
        raise NoScreen(f"no screen to draw on (SDL found only its {driver!r} driver); {_WHERE}")
    pygame.font.init()
    pygame.display.set_caption("uno-table")
    pygame.mouse.set_visible(headless or not config.display.fullscreen)
    size = (config.display.width, config.display.height)
    flags = 0
    if headless:
        size = size if all(size) else HEADLESS_SIZE
    elif config.display.fullscreen and _kiosk():
        # Asked for a mode of at most 1080p, KMS sets the screen to it: the screen scales.
        flags = pygame.FULLSCREEN
        size = size if all(size) else pygame.display.get_desktop_sizes()[0]
    elif not all(size):
        size, flags = pc_window(pygame.display.get_desktop_sizes()[0])
    drawn = drawn_size(size)
    if drawn != size:
        log.info("a %dx%d screen: drawn at %dx%d", *size, *drawn)
        if not headless and not flags:
            flags = pygame.SCALED  # a window: SDL scales the frame once, on the GPU if any
    if not flags & pygame.FULLSCREEN:
        # A window a desktop may resize: pygame must know, or it keeps drawing on the surface
        # SDL freed with the old size (a segfault, "unsupported surface bit depth").
        flags |= pygame.RESIZABLE
    return pygame.display.set_mode(drawn, flags)


_WHERE = (
    "start it from a desktop session, on the Pi's console (KMS), with $DISPLAY or "
    "$WAYLAND_DISPLAY set, or pass --headless"
)


def _kiosk() -> bool:
    # Fullscreen only where there is no desktop to share the screen with (KMS/DRM on the Pi).
    return os.environ.get("SDL_VIDEODRIVER") in ("kmsdrm", "KMSDRM")


class Window:
    """Draws a Session's View on the screen and turns key presses into input events."""

    def __init__(
        self,
        config: Config,
        surface: pygame.Surface,
        events: queue.Queue[InputEvent],
        keyboard: Keyboard | None,
        pin_factory: str = "",
        screens: Path | None = None,
    ) -> None:
        self.config = config
        self.display = Display(surface)
        self.sounds = Sounds(config.sound.enabled, config.sound.volume)
        self.events = events
        self.keyboard = keyboard
        self.pin_factory = pin_factory
        self.help = False
        self.quit = False
        self.ending = ""  # the key of a last word over the prompt: nothing more will come
        self.screens = screens
        self.saved: dict[str, Path] = {}

    # --- input -----------------------------------------------------------------------------

    def pump(self, now: float) -> None:
        """Window events: keys become input events on the queue; closing the window quits."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit = True
            elif event.type == pygame.WINDOWSIZECHANGED:
                self._force = True  # the whole frame again, at the new size
            elif event.type == pygame.KEYDOWN:
                self._key(pygame.key.name(event.key), now)
            elif event.type == pygame.KEYUP and self.keyboard is not None:
                released = self.keyboard.key_up(pygame.key.name(event.key), now)
                if released is not None:
                    self.events.put(released)  # DRAW's key held: a long press (README)
            elif event.type == pygame.WINDOWFOCUSLOST and self.keyboard is not None:
                for released in self.keyboard.release_all(now):  # no KEYUP will come
                    self.events.put(released)

    def _key(self, name: str, now: float) -> None:
        if name == HELP_KEY:
            self.show_help(not self.help)
            return
        if self.keyboard is None:
            return
        before = self.keyboard.typed
        event = self.keyboard.key(name, now)
        if event is not None:
            self.events.put(event)
        if self.keyboard.typed != before:
            self._force = True

    def finish(self, ending: str) -> None:
        """Nothing will answer the table's prompt any more (the demo is over): say `ending`."""
        self.ending = ending
        self._force = True

    def show_help(self, on: bool) -> None:
        """Show or hide the help; an action in the game hides it again."""
        self.help = on
        self._help_at = None  # counted at the next frame
        self._force = True

    # --- output ----------------------------------------------------------------------------

    _force = False
    _warm = False
    _help_at: int | None = None  # the game's actions when the help showed: one more closes it

    def wants_frame(self) -> bool:
        """A change the session does not know of (help overlay, a typed code)."""
        return self._force

    def react(self, outcomes: list[Outcome], now: float) -> None:
        """Sounds for what was just applied."""
        for outcome in outcomes:
            if isinstance(outcome, Applied):
                self.sounds.react(outcome.events)

    def frame(self, session: Session, now: float) -> None:
        """Draw the session's View if it changed, and show it."""
        self.draw(session, now)
        self.present()

    def draw(self, session: Session, now: float) -> None:
        """Draw the session's View if it changed, not shown yet (`present`)."""
        self._force = False
        view = self.view(session)
        if self.display.needs_redraw(view):
            self.display.draw(view)
            self._save(view)
            if view.screen is Screen.DEAL and view.game is not None and not self._warm:
                # While the dealer deals, the table waits: time to make what plays will draw.
                deck = dict.fromkeys(str(card) for card in view.game.rules.deck())
                self.display.warm(deck, view.lang, view.table.call_word)
                self._warm = True

    def present(self) -> None:
        """Show what `draw` drew since the last time."""
        self.display.present()

    def ahead(self, session: Session) -> bool:
        """While the table waits: make what the next frame will likely draw, draw ahead
        (unshown) the frame a DRAW by the awaited seat would bring, and list the parts of
        the frames its plays would (table/flow/foresee.py), a play a call; returns whether
        plays are left."""
        self.display.ahead()
        if self.help:
            return False
        self.display.guess(lambda: self._foreseen(session))
        return self.display.likely(lambda: self._plays(session))

    def _foreseen(self, session: Session) -> View | None:
        foreseen = foresee.after_draw(session)
        return session_view(foreseen, self._local()) if foreseen is not None else None

    def _plays(self, session: Session) -> Iterator[View]:
        local = self._local()
        return (session_view(foreseen, local) for foreseen in foresee.after_plays(session))

    def _save(self, view: View) -> None:
        name = str(view.screen)
        if self.screens is None or name in self.saved:
            return
        self.screens.mkdir(parents=True, exist_ok=True)
        path = self.screens / f"{name}.png"
        pygame.image.save(self.display.surface, str(path))
        self.saved[name] = path

    def view(self, session: Session) -> View:
        """The View of `session` with what only the window knows."""
        actions = len(session.game.history) if session.game is not None else -1
        if self._help_at is None:
            self._help_at = actions
        elif self.help and actions != self._help_at:
            self.help = False  # play went on: the table must see it
        return session_view(session, self._local())

    def _local(self) -> Local:
        keyboard = self.keyboard
        return Local(
            help=self.help,
            keymap=keyboard.keymap if keyboard else None,
            typed=keyboard.typed if keyboard else "",
            pin_factory=self.pin_factory,
            ending=self.ending,
        )

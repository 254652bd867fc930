"""The pygame side of the app: the window, the keyboard, the sounds, and the View of a Session."""

from __future__ import annotations

import logging
import os
import queue
from pathlib import Path

import pygame

from engine import Kind
from hw.events import InputEvent
from hw.keyboard import Keyboard
from table.flow.controller import Applied, Outcome
from table.flow.session import Phase, Session
from table.screen.display import Display
from table.screen.sound import Sounds
from table.screen.text import Text, default_language
from table.screen.view import Devices, Refusal, Screen, TableFacts, View, build_view
from table.setup.config import Config

log = logging.getLogger(__name__)

PC_SIZE = (1280, 720)
HEADLESS_SIZE = (1920, 1080)
HELP_KEY = "h"  # not a letter of any card code


def open_surface(config: Config, headless: bool) -> pygame.Surface:
    """The screen: the configured size (fullscreen on a kiosk), a window on a PC."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("uno-table")
    pygame.mouse.set_visible(headless or not config.display.fullscreen)
    size = (config.display.width, config.display.height)
    flags = 0
    if headless:
        size = size if all(size) else HEADLESS_SIZE
    elif config.display.fullscreen and _kiosk():
        flags = pygame.FULLSCREEN
    elif not all(size):
        size = PC_SIZE
    return pygame.display.set_mode(size, flags)


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
        self.screens = screens
        self.saved: dict[str, Path] = {}

    # --- input -----------------------------------------------------------------------------

    def pump(self, now: float) -> None:
        """Window events: keys become input events on the queue; closing the window quits."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit = True
            elif event.type == pygame.KEYDOWN:
                self._key(pygame.key.name(event.key), now)

    def _key(self, name: str, now: float) -> None:
        if name == HELP_KEY:
            self.help = not self.help
            self._force = True
            return
        if self.keyboard is None:
            return
        before = self.keyboard.typed
        event = self.keyboard.key(name, now)
        if event is not None:
            self.events.put(event)
        if self.keyboard.typed != before:
            self._force = True

    # --- output ----------------------------------------------------------------------------

    _force = False

    def wants_frame(self) -> bool:
        """A change the session does not know of (help overlay, a typed code)."""
        return self._force

    def react(self, outcomes: list[Outcome], now: float) -> None:
        """Sounds for what was just applied."""
        for outcome in outcomes:
            if isinstance(outcome, Applied):
                self.sounds.react(outcome.events)

    def frame(self, session: Session, now: float) -> None:
        """Draw the session's View if it changed."""
        self._force = False
        view = self.view(session)
        if self.display.show(view):
            self._save(view)

    def _save(self, view: View) -> None:
        name = str(view.screen)
        if self.screens is None or name in self.saved:
            return
        self.screens.mkdir(parents=True, exist_ok=True)
        path = self.screens / f"{name}.png"
        pygame.image.save(self.display.surface, str(path))
        self.saved[name] = path

    def view(self, session: Session) -> View:
        return build_view(session.game, self.facts(session))

    def facts(self, session: Session) -> TableFacts:
        """What the screen shows besides the game: seats, notices, devices, the keyboard."""
        config = self.config
        lang = default_language() if config.language == "auto" else config.language
        text = Text(lang, config.display.call_word)
        in_game = session.game is not None
        physical = session.joined if in_game else range(len(config.seats))
        keys = self.keyboard.keymap.describe() if self.keyboard else []
        return TableFacts(
            names=tuple(config.seats[p].name for p in physical),
            positions=tuple(str(config.seats[p].position) for p in physical),
            seats=len(config.seats),
            joined=frozenset(session.joined),
            preset=session.preset,
            lang=lang,
            call_word=config.display.call_word,
            events=tuple(line.event or line.text for line in session.lines),
            refusal=self._refusal(session, text),
            devices=self._devices(session),
            help=self.help,
            keys=tuple(_key_row(line) for line in keys),
            typed=self.keyboard.typed if self.keyboard else "",
            notes=() if in_game else tuple(text(key) for key in session.notes()),
            screen=None if in_game else Screen.LOBBY,
            asking=session.asking(),
            prompt=_prompt(session, text),
        )

    @staticmethod
    def _refusal(session: Session, text: Text) -> Refusal | None:
        if session.alerts:  # the saved game's problems come first, in the footer, until cleared
            said = (text.alert(a.kind, a.cause, **a.blanks()) for a in session.alerts)
            return Refusal(" · ".join(said), None)
        notice = session.notice
        if notice is None or notice.problem:
            return None
        seat = notice.seat
        if session.game is not None and seat is not None:
            seat = session.joined.index(seat) if seat in session.joined else None
        return Refusal(text.refusal(notice.reason, message=notice.text), seat)

    def _devices(self, session: Session) -> Devices:
        readers = [ok for name, (ok, _) in session.devices.items() if name != "keyboard"]
        notice = session.notice
        problem = notice.text if notice is not None and notice.problem else ""
        return Devices(
            reader=all(readers) if readers else False, pin_factory=self.pin_factory, problem=problem
        )


def _key_row(line: str) -> tuple[str, str]:
    what, _, key = line.rpartition(": ")
    return (key, what)


def _prompt(session: Session, text: Text) -> str | None:
    """The prompts that name the table's own buttons (the game's own come from the View)."""
    if session.phase is Phase.RESUME:
        return text("prompt_resume")
    if session.phase is Phase.LOBBY:
        return text("prompt_lobby_start")
    if session.game.awaiting.kind is Kind.MATCH_OVER:
        return text("prompt_match_done")
    return None

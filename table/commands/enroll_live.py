"""`uno-table enroll --camera` live: the screen names each distinct face of the deck in turn and
shows the camera's view with the card outlined; a card laid still is taken, and the terminal
says the same. Backspace takes the face before again, Esc stops (what was taken is kept).

Each photo taken is saved at once, as CODE_live.png in a folder beside the faces file (so a
walk stopped half-way goes on where it stopped); the faces are learned from them at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine import RuleSet
from hw.frames import FrameSource, open_frames
from hw.protocols import ReaderProtocol
from hw.reader import DeviceLost, ReaderUnavailable
from hw.spot import Stillness, dark
from table.files import write_whole
from table.screen import theme
from table.screen.cards_art import card_face, letters_for
from table.screen.frame import language
from table.screen.paint import Painter
from table.screen.text import Text
from table.setup.config import Config, ConfigError

if TYPE_CHECKING:
    import numpy as np

SUFFIX = "_live.png"
TERMINAL = Text("en")
"""The terminal's lines are in English, as every command's; the screen speaks the table's."""


def say_in_terminal(line: str) -> None:
    """A line for the terminal, at once."""
    print(line, flush=True)


def distinct_faces(preset: str) -> tuple[str, ...]:
    """Each face of the preset's deck once, in the deck's order (R0 ... W4)."""
    return tuple(dict.fromkeys(str(card) for card in RuleSet.preset(preset).deck()))


def photos_folder(faces: Path) -> Path:
    """Where the photos of a live walk are kept: beside the faces file."""
    return Path(faces).parent / f"{Path(faces).stem}-photos"


@dataclass
class Walk:
    """The faces to take, in order, which have a photo, and the one asked for now."""

    codes: tuple[str, ...]
    taken: set[str] = field(default_factory=set)
    at: int = 0

    @classmethod
    def resume(cls, codes: tuple[str, ...], folder: Path) -> Walk:
        """A walk that knows the photos already in `folder`, at the first face without one."""
        taken = {c for c in codes if (folder / f"{c}{SUFFIX}").is_file()}
        walk = cls(codes, taken)
        walk.skip_taken()
        return walk

    @property
    def current(self) -> str | None:
        """The face asked for, None once every face has been asked."""
        return self.codes[self.at] if self.at < len(self.codes) else None

    def take(self) -> None:
        """The face asked for has its photo: ask for the next one without one."""
        self.taken.add(self.codes[self.at])
        self.at += 1
        self.skip_taken()

    def skip_taken(self) -> None:
        while self.at < len(self.codes) and self.codes[self.at] in self.taken:
            self.at += 1

    def back(self) -> None:
        """Ask for the face before again (its photo is taken anew)."""
        self.at = max(0, self.at - 1)


class Taker:
    """Takes a frame once a card lies still on the spot and the spot was empty since the last
    one: the card just taken, still lying there, is not taken for the next face. A dark view
    (the light off, a hand over the lens) is no empty spot."""

    def __init__(self) -> None:
        from hw.vision.locate import Unsure, find_card

        self._find, self._empty = find_card, Unsure.EMPTY
        self._stillness = Stillness()
        self.armed = True
        self.outline: np.ndarray | None = None

    def see(self, frame: np.ndarray) -> bool:
        """Whether to take this frame; `outline` is then the card's corners (None: no card)."""
        small = self._stillness.see(frame)
        found = self._find(frame)
        self.outline = found.corners
        if found.unsure == self._empty and not dark(small):
            self.armed = True
        if self.armed and self._stillness.still and found.corners is not None:
            self.armed = False
            return True
        return False

    @property
    def still(self) -> bool:
        return self._stillness.still

    def again(self) -> None:
        """The face before is asked again: the card lying there may be taken for it."""
        self.armed = True


@dataclass
class LiveEnrolment:
    """The walk through a deck's faces with a camera: what it takes, what it shows and says."""

    frames: FrameSource
    faces: Path
    preset: str
    surface: pygame.Surface
    text: Text
    say: Callable[[str], None]
    events: Callable[[], Sequence[pygame.event.Event]] = pygame.event.get

    def run(self) -> int:
        """Walk until every face is taken or Esc; then learn and save. 0 when all were taken."""
        folder = photos_folder(self.faces)
        try:  # beside the faces: on the Pi in the service's state_dir, the login user's or not
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ConfigError(f"{folder}: cannot keep the photos: {err.strerror or err}") from None
        walk = Walk.resume(distinct_faces(self.preset), folder)
        taker, painter = Taker(), Painter(self.surface)
        if walk.taken:
            self.say(f"{folder}: {len(walk.taken)} of {len(walk.codes)} faces already taken.")
        try:
            self._walk(walk, folder, taker, painter)
        except KeyboardInterrupt:  # Ctrl-C in the terminal: keep what was taken
            self.say("stopped")
        return self._learn(walk, folder)

    def _walk(self, walk: Walk, folder: Path, taker: Taker, painter: Painter) -> None:
        asked = None
        while walk.current is not None:
            if walk.current != asked:
                asked = walk.current
                self._ask(walk)
            if not self._keys(walk, taker):
                return
            try:
                frame = self.frames.frame()
            except DeviceLost as exc:
                self.say(f"camera lost: {exc}")
                return
            if frame is None:
                continue
            if taker.see(frame):
                self._take(walk, folder, frame)
            self._draw(painter, walk, frame, taker)

    def _ask(self, walk: Walk) -> None:
        code, n = walk.current, f"[{walk.at + 1}/{len(walk.codes)}]"
        self.say(f"{n} lay {TERMINAL.card(code)} ({code}) on the spot")

    def _keys(self, walk: Walk, taker: Taker) -> bool:
        """Handle the keys pressed; False to stop."""
        for event in self.events():
            if event.type == pygame.QUIT:
                return False
            if event.type != pygame.KEYDOWN:
                continue
            if event.key in (pygame.K_ESCAPE, pygame.K_q):
                return False
            if event.key == pygame.K_BACKSPACE and walk.at > 0:
                walk.back()
                taker.again()
                self.say(f"  again: {walk.current}")
        return True

    def _take(self, walk: Walk, folder: Path, frame: np.ndarray) -> None:
        import cv2

        code = walk.current
        path = folder / f"{code}{SUFFIX}"
        encoded, png = cv2.imencode(".png", frame)  # SUFFIX ends with .png
        try:  # in place of whatever is there, never through a link (files.replaced)
            if not encoded:
                raise OSError("not encoded")
            write_whole(path, png.tobytes())
        except OSError:
            self.say(f"  cannot save {path}: lay it again")
            return
        walk.take()
        self.say(f"  took {code}")

    def _learn(self, walk: Walk, folder: Path) -> int:
        """The faces learned from the photos taken, as `enroll --camera --from` learns them."""
        from table.commands.enroll_camera import from_photos

        if not walk.taken:
            self.say("no face taken: nothing saved")
            return 1
        try:
            from_photos(folder, self.faces, self.preset, self.say)
        except ConfigError as exc:
            self.say(str(exc))
            return 1
        if len(walk.taken) < len(walk.codes):
            self.say("run the same command to go on")
            return 1
        return 0

    # --- the screen ------------------------------------------------------------------------

    def _draw(self, painter: Painter, walk: Walk, frame: np.ndarray, taker: Taker) -> None:
        surface, text = self.surface, self.text
        w, h = surface.get_size()
        painter.begin()
        surface.fill(theme.BACKGROUND)
        view = pygame.Rect(0, 0, round(w * 0.62), h).inflate(-h // 20, -h // 20)
        shown = _camera_image(frame, taker.outline, taker.still, view.size)
        painter.blit(shown, center=view.center)
        panel = pygame.Rect(view.right, 0, w - view.right, h).inflate(-h // 20, -h // 20)
        code = walk.current
        px = round(h * theme.MEDIUM)
        painter.text(text("enroll_title"), px, theme.DIM, panel.width, midtop=panel.midtop)
        progress = text("enroll_progress", n=min(walk.at + 1, len(walk.codes)), of=len(walk.codes))
        painter.text(progress, px, theme.TEXT, panel.width, midtop=(panel.centerx, panel.y + px))
        if code is not None:
            letters = letters_for(text.letter)
            make = lambda: card_face(code, h // 3, painter.font, letters)  # noqa: E731
            face = painter.image(("face", code, h), make)
            painter.blit(face, center=(panel.centerx, panel.y + h * 0.42))
            name = text("enroll_lay", card=text.card(code))
            y = panel.y + h * 0.62
            painter.text(name, round(h * theme.BIG), theme.TEXT, panel.width,
                         midtop=(panel.centerx, y))  # fmt: skip
            painter.text(text("enroll_still"), round(h * theme.SMALL), theme.DIM, panel.width,
                         midtop=(panel.centerx, y + h * 0.09))  # fmt: skip
        keys, px = text("enroll_keys"), round(h * theme.SMALL)
        painter.text(keys, px, theme.DIM, panel.width, midbottom=panel.midbottom)
        pygame.display.flip()


def _camera_image(frame: np.ndarray, outline, still: bool, size: tuple[int, int]) -> pygame.Surface:
    """The camera's frame fitted into `size`, with the card's outline (green once still)."""
    import cv2
    import numpy as np

    drawn = frame.copy()
    if outline is not None:
        color = theme.GOOD if still else theme.WARN
        bgr = tuple(reversed(color))
        points = np.array(outline, np.int32).reshape(-1, 1, 2)
        cv2.polylines(drawn, [points], True, bgr, max(2, frame.shape[1] // 160))
    scale = min(size[0] / frame.shape[1], size[1] / frame.shape[0])
    fitted = cv2.resize(drawn, (round(frame.shape[1] * scale), round(frame.shape[0] * scale)))
    rgb = cv2.cvtColor(fitted, cv2.COLOR_BGR2RGB)
    return pygame.image.frombuffer(rgb.tobytes(), (rgb.shape[1], rgb.shape[0]), "RGB")


def enroll_live(config: Config, preset: str, faces: Path, device: str | None = None) -> int:
    """`uno-table enroll --camera` without --from: the walk with the configured camera (its
    first camera reader, or `device`), on the screen if there is one, else in the terminal."""
    from table.screen.window import NoScreen, open_surface

    cameras = [r.device for r in config.readers if r.protocol is ReaderProtocol.CAMERA]
    camera = device or next(iter(cameras), None)
    if camera is None:
        raise ConfigError(
            f"{config.source}: reader: expected a camera reader to enroll with "
            '(protocol = "camera"), or --reader DEVICE'
        )
    try:
        frames = open_frames(camera)
    except ReaderUnavailable as exc:
        detail = f" ({exc.detail})" if exc.detail else ""
        raise ConfigError(f"enroll --camera: {exc}{detail}") from None
    try:
        try:
            surface = open_surface(config, headless=False)
        except NoScreen as exc:
            say_in_terminal(f"{exc}: the terminal alone shows the walk (Ctrl-C stops)")
            surface = open_surface(config, headless=True)
        text = Text(language(config), config.display.call_word)
        return LiveEnrolment(frames, faces, preset, surface, text, say_in_terminal).run()
    finally:
        frames.close()

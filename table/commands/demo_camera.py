"""The demo's camera: the bots lay their cards on a scan spot that a camera reader watches.

Each card is shown to the real camera reader (its thread, stillness, the recogniser) through a
FrameFeed: a photo of it from a folder of recorded photos named CODE_anything.jpg|png (as
`enroll --camera --from` takes them), or, for a face with no photo, the card as the table draws
it, lying on a plain mat. The faces are learned from the same pictures when the demo starts.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from hw.frames import SIZE, FrameFeed, plain_mat

if TYPE_CHECKING:
    import numpy as np

WAIT = 30.0
"""Seconds a card may take to be seen (a hang guard: the feed counts frames, not time)."""
CARD_HEIGHT = 220
"""A drawn card's height in pixels on a 640x480 frame: as a camera 23 cm over the mat sees it."""


class DemoCamera:
    """The pictures of every card of `codes` and the feed the camera reader reads them from."""

    def __init__(self, codes: Iterable[str], photos: Path | None = None) -> None:
        self.pictures = _photos(photos) if photos is not None else {}
        for code in codes:
            if code not in self.pictures:
                self.pictures[code] = drawn_card(code)
        self.feed = FrameFeed(plain_mat())

    def learn(self, path: Path) -> None:
        """Save the faces the camera knows, learned from the pictures, at `path`."""
        from hw.vision import Faces

        Faces.learn({code: [image] for code, image in self.pictures.items()}).save(path)

    def lay(self, code: str) -> None:
        """Lay the card on the spot until the reader has seen it, then take it to the pile."""
        for image in (self.pictures[code], None):
            self.feed.show(image)
            if not self.feed.wait_idle(WAIT):
                raise RuntimeError(f"the camera never saw {code}")


def _photos(folder: Path) -> dict[str, np.ndarray]:
    """The first photo of each code in `folder` (PhotoError: one line naming the file)."""
    from table.commands.photos import code_of, photos_in, read_photo

    pictures: dict[str, np.ndarray] = {}
    for path in photos_in(folder):
        pictures.setdefault(code_of(path), read_photo(path))
    return pictures


def drawn_card(code: str) -> np.ndarray:
    """The card `code` as the table draws it, face up on a plain mat, as a BGR camera frame."""
    import numpy as np
    import pygame

    from table.screen.cards_art import card_face, letters_for
    from table.screen.paint import Painter
    from table.screen.text import Text

    painter = Painter(pygame.Surface((1, 1)))
    face = card_face(code, CARD_HEIGHT, painter.font, letters_for(Text("en").letter))
    rgb = pygame.surfarray.array3d(face).swapaxes(0, 1)[..., ::-1].astype(np.float32)
    alpha = pygame.surfarray.array_alpha(face).swapaxes(0, 1)[..., None] / 255.0
    frame = plain_mat(SIZE).astype(np.float32)
    h, w = rgb.shape[:2]
    y, x = (SIZE[1] - h) // 2, (SIZE[0] - w) // 2
    frame[y : y + h, x : x + w] = frame[y : y + h, x : x + w] * (1 - alpha) + rgb * alpha
    return frame.astype(np.uint8)

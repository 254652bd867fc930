"""A camera as a card reader: frames in, the codes of cards laid still on the scan spot out.

It is a backend of hw.reader's CardReader like a serial port: the thread opens it (the faces
file, then the camera), reads it, reports it lost and finds it again. A card read sends its code
as a Frame; a card the recogniser is not sure of sends a BadFrame that asks to show it again.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING

from hw.events import Problem
from hw.frames import FrameSource, open_frames
from hw.framing import BadFrame, Frame, Reading
from hw.reader import ReaderUnavailable
from hw.spot import STILL_FRAMES, Spot

if TYPE_CHECKING:
    from hw.vision import Faces

SHOW_AGAIN = "show the card again"
"""How a reading the recogniser is not sure of starts (then its reason): table/ words it."""
UNSURE = {
    "two_cards": Problem.SHOW_TWO_CARDS,
    "partial": Problem.SHOW_PARTIAL,
    "glare": Problem.SHOW_GLARE,
    "blur": Problem.SHOW_BLUR,
}
"""The problem of each reason the recogniser gives for not being sure (others: SHOW_AGAIN)."""
FACES_MISSING = "camera faces missing"
FACES_DAMAGED = "camera faces damaged"
FACES_OTHER_DECK = "camera faces of another deck"
ENROLL = "make it with: uno-table enroll --camera (README, Camera)"


def load_faces(path: Path, codes: Collection[str]) -> Faces:
    """The faces file at `path`, checked against the card codes the table knows; raises
    ReaderUnavailable with one line for people when it is missing, damaged or of another deck."""
    if not Path(path).is_file():
        raise ReaderUnavailable(Problem.FACES_MISSING, f"{FACES_MISSING}: {path}", ENROLL)
    try:
        from hw.vision import Faces, FacesError
    except ImportError as exc:
        raise ReaderUnavailable(Problem.CAMERA_SOFTWARE, "camera needs OpenCV", str(exc)) from None
    try:
        faces = Faces.load(path)
    except FacesError as exc:
        raise ReaderUnavailable(
            Problem.FACES_DAMAGED, f"{FACES_DAMAGED}: {path}", str(exc)
        ) from None
    if not faces.codes & frozenset(codes):
        known = ", ".join(sorted(faces.codes)[:6]) or "no face"
        raise ReaderUnavailable(
            Problem.FACES_OTHER_DECK,
            f"{FACES_OTHER_DECK}: {path}",
            f"it knows {known}, no card here",
        )
    return faces


class CameraBackend:
    """Opens the camera `device` (hw.frames names) with the faces in `faces`.

    `codes` are the card codes the table knows (a faces file that knows none is of another
    deck); `frames`, when given, opens the camera instead of `device` (a table script's feed).
    """

    def __init__(
        self,
        device: str,
        faces: Path,
        codes: Collection[str],
        *,
        frames: Callable[[], FrameSource] | None = None,
        still_frames: int = STILL_FRAMES,
    ) -> None:
        self.device = device
        self.faces = Path(faces)
        self._codes = codes
        self._frames = frames or (lambda: open_frames(device))
        self._still_frames = still_frames
        self._spot: Spot | None = None  # the last opening's

    def open(self) -> CameraSource:
        # The faces are read at every opening: a deck enrolled meanwhile is taken on the retry.
        faces = load_faces(self.faces, self._codes)
        from hw.vision import Unsure, read_card

        # A card counted before the camera was lost, still on the spot, is not counted again.
        held = self._spot.held if self._spot is not None else None
        spot = Spot(lambda frame: read_card(frame, faces), Unsure.EMPTY, self._still_frames, held)
        source = CameraSource(self._frames(), spot)
        self._spot = spot
        return source


class CameraSource:
    """An open camera: each read takes one frame and tells what is news on the spot."""

    def __init__(self, frames: FrameSource, spot: Spot) -> None:
        self._frames = frames
        self.spot = spot
        self.where = frames.where

    def read(self) -> list[Reading]:
        frame = self._frames.frame()
        if frame is None:  # cancelled
            return []
        news = self.spot.see(frame)
        if news is None:
            return []
        if news.code is not None:
            return [Frame(news.code)]
        why = str(news.unsure)
        return [BadFrame(UNSURE.get(why, Problem.SHOW_AGAIN), f"{SHOW_AGAIN}: {why}", "")]

    def cancel(self) -> None:
        self._frames.cancel()

    def close(self) -> None:
        self._frames.close()

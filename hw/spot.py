"""The scan spot: a card is read once it lies still, and counts once until the spot is empty.

Frames are compared with the one before (a small, blurred grey copy of each): a card being laid
or a hand passing changes many pixels, a camera's noise few. Once `still_frames` frames in a row
are alike, the spot holds still and the recogniser reads it, once for that still view.
A dark view (no light, a hand over the lens) is not an empty spot: the card counted stays so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hw.frames import cv2_module

if TYPE_CHECKING:
    import numpy as np

STILL_FRAMES = 3
"""Frames in a row alike before the spot is read: at 30 frames a second, 0.07 s of stillness."""
SMALL = (160, 120)
"""The size frames are compared at: enough to see a card move, cheap on a Pi."""
CHANGED_LEVEL = 16
"""A pixel changed when its grey level moved more than this (a camera's noise moves it less)."""
MOVING_SHARE = 0.004
"""Frames differ when more than this share of their pixels changed (0.4%: a finger's tip)."""
DARK_LEVEL = 16
"""A view whose brightest part is darker than this grey level shows no spot (the light off, a
hand over the lens, a camera starting up): it is not an empty spot. A black mat under a
lamp is brighter than this."""
DRIFT_SHARE = 0.02
"""The spot read is given up (read again) once this share differs from the view read: a slow
slide or a change of light that no two frames in a row showed."""


def dark(small: np.ndarray) -> bool:
    """Whether a small copy (`Stillness.see`) shows too little light to say the spot is empty."""
    return int(small.max()) < DARK_LEVEL


class Stillness:
    """Says when the view has been still for `frames` frames in a row."""

    def __init__(self, frames: int = STILL_FRAMES) -> None:
        self._frames = frames
        self._cv2 = cv2_module()
        self._last: np.ndarray | None = None
        self.run = 0
        """Frames in a row alike, this one included."""

    def small(self, frame: np.ndarray) -> np.ndarray:
        """The grey, blurred, small copy frames are compared by."""
        cv2 = self._cv2
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        small = cv2.resize(grey, SMALL, interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (5, 5), 0)

    def changed(self, a: np.ndarray, b: np.ndarray) -> float:
        """The share of pixels that differ between two small copies."""
        moved = self._cv2.absdiff(a, b) > CHANGED_LEVEL
        return float(moved.mean())

    def see(self, frame: np.ndarray) -> np.ndarray:
        """Take the next frame; its small copy back. `still` then says whether it is still."""
        small = self.small(frame)
        if self._last is not None and self.changed(self._last, small) <= MOVING_SHARE:
            self.run += 1
        else:
            self.run = 1
        self._last = small
        return small

    @property
    def still(self) -> bool:
        """Whether the last frame ends a run of `frames` alike."""
        return self.run >= self._frames


class Spot:
    """What the camera's scan spot shows, frame by frame: news only when there is some.

    `recognise` reads a frame into the recogniser's Reading (its `code`, or `unsure` with a
    reason, EMPTY for an empty spot). see() gives a Reading back when it is news: a card not
    counted since the spot was last empty, or a reason to show the card again (once for each
    still view); None otherwise.
    """

    def __init__(
        self,
        recognise: Callable[[np.ndarray], Any],
        empty: object,
        still_frames: int = STILL_FRAMES,
        held: str | None = None,
    ) -> None:
        self._recognise = recognise
        self._empty = empty  # the recogniser's word for an empty spot
        self._stillness = Stillness(still_frames)
        self._read_view: np.ndarray | None = None  # the still view last read, while it lasts
        self.held = held
        """The card counted since the spot was last seen empty (`held`: before this Spot, as a
        camera opened again takes it from the one before)."""

    def see(self, frame: np.ndarray) -> Any | None:
        """Take the next frame: the Reading that is news, or None."""
        small = self._stillness.see(frame)
        if self._read_view is not None:
            if self._stillness.run > 1 and not self._drifted(small):
                return None  # the view already read, still the same
            self._read_view = None
        if not self._stillness.still:
            return None
        self._read_view = small
        reading = self._recognise(frame)
        if reading.unsure == self._empty and dark(small):
            return None  # nothing seen: the card counted may still lie there
        return self._news(reading)

    def _drifted(self, small: np.ndarray) -> bool:
        return self._stillness.changed(self._read_view, small) > DRIFT_SHARE

    def _news(self, reading: Any) -> Any | None:
        if reading.unsure == self._empty:
            self.held = None
            return None
        if reading.code is None:
            return reading  # not sure: show the card again
        if reading.code == self.held:
            return None  # the card counted already, still (or again) on the spot
        self.held = reading.code
        return reading

"""Whether the light on the scan spot is enough to read cards: not too dark, no glare."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hw.frames import cv2_module

if TYPE_CHECKING:
    import numpy as np

DARK = 70
"""A mean grey level below this (0..255) is too dark: the colours sink into noise."""
BRIGHT = 225
"""A mean above it washes the colours out (the camera's exposure, or a lamp too close)."""
GLARE_LEVEL = 250
GLARE_SHARE = 0.01
"""More than this share of pixels at GLARE_LEVEL or above is glare: a lamp's reflection."""


@dataclass(frozen=True)
class Light:
    """How a frame is lit: its mean grey level, its share of glare, and what is wrong ("" if
    nothing: the light is enough)."""

    level: float
    glare: float
    problem: str

    @property
    def enough(self) -> bool:
        """Whether the light is good enough to read cards."""
        return not self.problem


def light_of(frame: np.ndarray) -> Light:
    """How the scan spot in `frame` (BGR) is lit."""
    cv2 = cv2_module()
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    level = float(grey.mean())
    glare = float((grey >= GLARE_LEVEL).mean())
    if level < DARK:
        problem = f"too dark (mean level {level:.0f} of 255, wants {DARK} or more): add light"
    elif glare > GLARE_SHARE:
        problem = f"glare on {glare:.1%} of the view: move the lamp aside or use a matte mat"
    elif level > BRIGHT:
        problem = f"too bright (mean level {level:.0f} of 255): less light or a darker mat"
    else:
        problem = ""
    return Light(level, glare, problem)

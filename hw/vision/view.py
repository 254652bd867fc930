"""A card warped upright to a canonical size, and what is measured on it."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from hw.vision import pixels
from hw.vision.colour import CLIPPED, Tint, body_tint

BODY_SIZE = (56, 90)
"""Width, height of the coloured body, the part compared with the deck's faces."""
SMOOTH = 1.0
"""Gaussian sigma (body pixels) on the ink map: a pixel or two of misplacement costs little."""


@dataclass(frozen=True)
class CardView:
    """One card seen upright (or upside down: a half turn is left to the matcher).

    `ink` is the body's white print as a zero-mean, unit-variance map (BODY_SIZE, float32):
    white symbols high, the coloured or black body low, whatever the colour. `clipped` marks
    the body's pixels the camera clipped to white; `sharpness` is its edge energy per contrast.
    """

    ink: np.ndarray
    tint: Tint
    sharpness: float
    clipped: np.ndarray


def card_view(frame: np.ndarray, body: np.ndarray) -> CardView:
    """Warp the card's body (its corners in frame pixels, portrait order) upright; measure it."""
    body_w, body_h = BODY_SIZE
    # Warped at twice the size, then shrunk by area: no aliasing from a large frame.
    to_body = cv2.getPerspectiveTransform(
        body.astype(np.float32), _rectangle(2 * body_w, 2 * body_h)
    )
    image = cv2.warpPerspective(frame, to_body, (2 * body_w, 2 * body_h), flags=cv2.INTER_LINEAR)
    image = cv2.resize(image, BODY_SIZE, interpolation=cv2.INTER_AREA)
    white = pixels.least(image)
    return CardView(
        ink=normalise(cv2.GaussianBlur(white.astype(np.float32), (0, 0), SMOOTH)),
        tint=body_tint(image),
        sharpness=_sharpness(white.astype(np.float32)),
        clipped=white >= CLIPPED,
    )


def normalise(image: np.ndarray) -> np.ndarray:
    """Zero mean, unit variance (a flat image stays flat)."""
    image = image.astype(np.float32)
    spread = float(image.std())
    return (image - image.mean()) / (spread if spread > 1e-6 else 1.0)


def _sharpness(gray: np.ndarray) -> float:
    spread = float(gray.std())
    if spread < 1e-6:
        return 0.0
    return float(np.abs(cv2.Laplacian(gray, cv2.CV_32F)).mean()) / spread


def _rectangle(w: int, h: int) -> np.ndarray:
    """The outer edges of a w x h image's pixels, in pixel coordinates (a pixel's are its
    centre's): the body's corners go there, or the view sits half a pixel off toward its first
    corner, and a card turned half round is then read a pixel off its upright faces."""
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5

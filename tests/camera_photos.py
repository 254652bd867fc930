"""Frames for the camera reader's tests, made from the card photos in tests/data/cards."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from hw.frames import plain_mat
from hw.vision import Faces

PHOTOS = Path(__file__).parent / "data" / "cards"


def photo(code: str) -> np.ndarray:
    """The photo of the card `code` (a coloured face: the photos hold no wilds)."""
    image = cv2.imread(str(PHOTOS / f"{code}.jpg"), cv2.IMREAD_COLOR)
    assert image is not None, f"no photo of {code}"
    return image


def two_cards(a: str, b: str) -> np.ndarray:
    """Two photos side by side, each with more of its own mat around it: two whole cards in
    view (the photos' cards come close to their edges)."""
    return np.hstack([_more_mat(photo(a)), _more_mat(photo(b))])


def _more_mat(image: np.ndarray) -> np.ndarray:
    return cv2.copyMakeBorder(image, 100, 100, 60, 60, cv2.BORDER_REPLICATE)


def half_off(code: str) -> np.ndarray:
    """A photo cut through its card: a card half off the spot."""
    image = photo(code)
    return np.ascontiguousarray(image[:, : image.shape[1] // 2])


def empty() -> np.ndarray:
    """The empty spot."""
    return plain_mat((800, 600))


@cache
def faces() -> Faces:
    """Faces learned from every photo (the reader's tests test the reader, not accuracy)."""
    photos = {p.stem: [photo(p.stem)] for p in sorted(PHOTOS.glob("*.jpg"))}
    return Faces.learn(photos)


def faces_file(folder: Path) -> Path:
    """The faces saved as a file in `folder`."""
    path = folder / "faces.npz"
    faces().save(path)
    return path

"""Photo files for the camera's commands: read whole and bounded, refused in one clear line."""

from __future__ import annotations

import os
import re
from pathlib import Path

from hw.codebook import fold

MAX_PHOTO_BYTES = 40 * 1024 * 1024
"""A photo larger than this is refused rather than read (a 12 MP JPEG is a few megabytes)."""
SUFFIXES = (".jpg", ".jpeg", ".png")
"""The photo files `enroll --camera --from` takes; other files in the folder are left alone."""


class PhotoError(ValueError):
    """A photo that cannot be read; the message is one line naming the file."""


def read_photo(path: Path):
    """The image in `path` as a BGR uint8 array; PhotoError when missing or unreadable."""
    import cv2  # the camera extra: loaded only by the commands that read photos
    import numpy as np

    try:
        if not path.is_file():
            raise PhotoError(f"{path}: {'no such file' if not path.exists() else 'not a file'}")
        if path.stat().st_size > MAX_PHOTO_BYTES:
            raise PhotoError(f"{path}: too large for a photo")
        data = np.fromfile(path, np.uint8)
    except OSError as err:
        raise PhotoError(f"{path}: cannot read: {err.strerror or err}") from None
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise PhotoError(f"{path}: not an image OpenCV can read (JPEG or PNG)")
    return image


def code_of(path: Path) -> str:
    """The card code a photo's name gives: the name up to its first `_` or `.`, in capitals
    (`r5_front.jpg` is R5: every code is written in capitals), ASCII's alone as a reader's
    (`rſ.jpg` is no red skip)."""
    return fold(re.split(r"[_.]", path.name, maxsplit=1)[0])


def photos_in(folder: Path) -> list[Path]:
    """The folder's photo files (by suffix, any case), in name order."""
    try:
        names = sorted(os.listdir(folder))
    except OSError as err:
        raise PhotoError(f"{folder}: cannot list: {err.strerror or err}") from None
    return [folder / n for n in names if Path(n).suffix.lower() in SUFFIXES]

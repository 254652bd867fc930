"""`uno-table check` for a camera: what it sees, saved as a picture with the card outlined, and
whether the light is enough to read cards."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from hw.camera_reader import load_faces
from hw.events import Problem
from hw.frames import open_frames
from hw.light import Light, light_of
from hw.reader import DeviceLost, ReaderUnavailable
from table.files import write_whole
from table.setup.config import Reader

WARM_UP = 10
"""Frames taken before the one kept: a webcam sets its exposure and white balance on the first."""
GREEN, RED = (0, 200, 0), (0, 0, 230)


@dataclass(frozen=True)
class Look:
    """What a camera showed: its light, the card it read (or why none), the picture saved."""

    light: Light
    card: str  # a code, or what the recogniser said instead ("empty", "two_cards", ...)
    picture: Path


def look(reader: Reader, folder: Path, codes: Collection[str], frames: int = WARM_UP) -> Look:
    """Take a frame from the camera `reader` names, outline the card on it and save it in
    `folder`; raises ReaderUnavailable or DeviceLost with a line for people."""
    import cv2

    from hw.vision import read_card
    from hw.vision.locate import find_card

    source = open_frames(reader.device, fps=0)
    try:
        frame = None
        for _ in range(frames):
            frame = source.frame()
    finally:
        source.close()
    if frame is None:
        raise DeviceLost("the camera gave no frame")
    try:
        reading = read_card(frame, load_faces(reader.faces, codes))
        outline, card = reading.outline, reading.code or str(reading.unsure)
    except ReaderUnavailable:  # not enrolled yet: the outline alone checks the mount
        found = find_card(frame)
        outline = None if found.corners is None else [tuple(p) for p in found.corners]
        card = "a card (no faces file yet)" if found.unsure is None else str(found.unsure)
    picture = Path(folder) / f"camera-{_file_name(reader.name)}.png"
    drawn = frame.copy()
    if outline is not None:
        corners = [[round(x), round(y)] for x, y in outline]
        cv2.polylines(drawn, [_int32(corners)], True, GREEN, max(2, frame.shape[1] // 200))
    light = light_of(frame)
    label = f"{card} | light {light.level:.0f}/255" + ("" if light.enough else " NOT ENOUGH")
    cv2.putText(drawn, label, (10, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8,
                GREEN if light.enough else RED, 2, cv2.LINE_AA)  # fmt: skip
    encoded, png = cv2.imencode(".png", drawn)
    try:  # state_dir: on the Pi the service's, which the login user may not write
        Path(folder).mkdir(parents=True, exist_ok=True)
        if not encoded:
            raise OSError("not encoded")
        # In place of whatever is there, never through a link or into a FIFO (files.replaced).
        write_whole(picture, png.tobytes())
    except OSError as err:
        raise ReaderUnavailable(
            Problem.CAMERA_CANNOT_OPEN, f"camera cannot save {picture}", err.strerror or str(err)
        ) from None
    return Look(light, card, picture)


def check_cameras(
    readers: list[Reader], folder: Path, codes: Collection[str], say: Callable[[str], None]
) -> list[str]:
    """Look through every camera among `readers`, say what each sees; the failures' names."""
    failures = []
    for reader in readers:
        try:
            seen = look(reader, folder, codes)
        except (ReaderUnavailable, DeviceLost) as exc:
            detail = getattr(exc, "detail", None)
            say(f"camera {reader.name}: {exc}" + (f" ({detail})" if detail else ""))
            failures.append(f"camera {reader.name}")
            continue
        say(f"camera {reader.name}: sees {seen.card}; saved as {seen.picture}")
        if seen.light.enough:
            say(f"camera {reader.name}: light enough (level {seen.light.level:.0f} of 255)")
        else:
            say(f"camera {reader.name}: light NOT enough: {seen.light.problem}")
            failures.append(f"light at camera {reader.name}")
    return failures


def _file_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "camera"


def _int32(points):
    import numpy as np

    return np.array(points, np.int32).reshape(-1, 1, 2)

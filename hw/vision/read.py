"""One frame in, one reading out: a card code only when colour and symbol agree with one face
by a clear margin; otherwise why not."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from hw.frames import is_frame
from hw.vision.faces import Faces
from hw.vision.locate import Unsure, find_card
from hw.vision.match import Scores, compare, preference
from hw.vision.view import CardView, card_view

MIN_SCORE = 0.7
"""Below this correlation the card is no face of this deck. The bench's enrolled cards read
right score 0.8 and up; another deck's drawn numbers reach 0.61 against this deck's 1s."""
MARGIN = 0.08
"""The best face must beat the next best face of its colour by this much."""
PREFERENCE = 0.3
"""Where the best face and the runner-up differ, the card must lean this far (of 1) to the
best: a 6 with its underline blurred away is no 9."""
OTHER_COLOUR = 0.2
"""A face of another colour whose symbol matches better by this much: colour and symbol disagree."""
GLARE_SHARE = 0.02
"""Share of the body clipped to white where the face is not white: glare hides the card."""
BLUR_RATIO = 0.45
"""Sharper than this share of the face's enrolled sharpness, or the card is too blurred."""


@dataclass(frozen=True)
class Reading:
    """What a frame shows: a card code, or None and why (`unsure`).

    `score` is the best face's correlation (0..1); `outline` the card's four corners in frame
    pixels when a card was found."""

    code: str | None
    score: float
    unsure: Unsure | None
    outline: tuple[tuple[float, float], ...] | None


def read_card(frame: np.ndarray, faces: Faces) -> Reading:
    """Read the card in `frame` (BGR uint8, any size) against the deck's `faces`."""
    frame = _bgr(frame)
    found = find_card(frame)
    if found.corners is None:
        return Reading(None, 0.0, found.unsure, None)
    outline = tuple((float(x), float(y)) for x, y in found.corners)
    view = card_view(frame, found.body)
    scores = compare(view.ink, faces.prepared, faces.owner, len(faces.code_list))
    best, unsure = _decide(view, faces, scores)
    score = max(0.0, float(scores.score[best]))
    if unsure is not None:
        return Reading(None, score, unsure, outline)
    return Reading(faces.code_list[best], score, None, outline)


def _decide(view: CardView, faces: Faces, scores: Scores) -> tuple[int, Unsure | None]:
    """The face that agrees in colour and symbol, or the best symbol and why it is not sure."""
    score = scores.score
    anywhere = int(np.argmax(score))
    palette = faces.palette
    colour = palette.nearest(view.tint)
    same = [i for i, g in enumerate(palette.group) if g == colour]
    best = max(same, key=lambda i: score[i]) if same else anywhere
    if _glare(view, faces, best, bool(scores.turned[best])):
        return best, Unsure.GLARE
    if view.sharpness < BLUR_RATIO * faces.sharpness[best]:
        return best, Unsure.BLUR
    if palette.ambiguous(view.tint):
        return best, Unsure.UNCLEAR
    if colour is None or not same:
        return best, Unsure.UNKNOWN
    # A face of another colour whose symbol fits clearly better: no one face agrees in both.
    if score[anywhere] - score[best] > OTHER_COLOUR or score[best] < MIN_SCORE:
        return best, Unsure.UNKNOWN
    rivals = [i for i in same if i != best]
    if not rivals:
        return best, None
    runner = max(rivals, key=lambda i: score[i])
    if score[best] - score[runner] < MARGIN:
        return best, Unsure.UNCLEAR
    if preference(scores, faces.templates, best, runner) < PREFERENCE:
        return best, Unsure.UNCLEAR
    return best, None


def _glare(view: CardView, faces: Faces, best: int, turned: bool) -> bool:
    """Clipped white where the best face has colour: a reflection, not print."""
    template = faces.templates[faces.owner == best].mean(axis=0)
    if turned:
        template = template[::-1, ::-1]
    return float((view.clipped & (template < 0)).mean()) > GLARE_SHARE


def _bgr(frame: np.ndarray) -> np.ndarray:
    """The frame as 3-channel uint8 (a grey frame is widened; anything else is refused)."""
    if not is_frame(frame, min_side=0):
        raise ValueError("a frame is a BGR uint8 image")
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    return frame

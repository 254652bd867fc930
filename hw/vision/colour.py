"""A card body's colour: its hue, or dark (a wild's black body, or several colours at once).

No hue is fixed in advance: cameras and light move hues (this deck's green photographs at 42,
near yellow's 25). Faces of one colour share a hue, so the deck's colours are the groups of its
enrolled faces' hues, and a card takes the colour of the group its hue is clearly nearest to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import cv2
import numpy as np

from hw.vision import pixels

MIN_SATURATION, MIN_VALUE = 80, 50
"""A pixel counts as coloured above both (0..255): white ink, black shadow and grey do not."""
DARK_SHARE = 0.2
"""A body with less than this share of coloured pixels is dark (a wild, or no colour at all)."""
ONE_HUE, MIXED = 0.9, 0.6
"""How well a body's coloured pixels agree on one hue (mean resultant length, 0..1): above
ONE_HUE it is one colour; below MIXED it is several (a wild's oval); between, unsure."""
SAME_COLOUR = 6.0
"""Faces whose hues differ by less than this (OpenCV hue, 0..180) are one colour."""
MAX_DISTANCE = 12.0
"""A card's hue this far from every colour of the deck is no colour of the deck."""
HUE_MARGIN = 5.0
"""A card's hue must be this much nearer its colour than the next colour of the deck."""

WHITE_SHARE = 0.08
"""The brightest share of a body's pixels (by their least channel) taken as its white print."""
MIN_WHITE_PIXELS = 30
CLIP_REACH = 1.25
"""How much stronger than it reads a clipped channel of the white print is tried: enough to
show which colours a clip could swap (this deck's green and yellow lie 17 apart), not a bound
on the light; the bench's light set loses 1 card in 208 to it, 2.0 would cost 22."""
CLIPPED = 250
"""A pixel with a channel at or above this is clipped: its colour is not the light's."""
MAX_CAST = 0.35
"""White print lit by a tinted light keeps at least this share of its strongest channel in its
weakest (a bulb seen by a camera set for daylight: about a half); anything more tinted is not
white print, or not a light the body's hue can be told under."""

DARK = -1
"""The colour group of dark faces."""


@dataclass(frozen=True)
class Tint:
    """A body's colour as measured: `hue` (0..180), None when dark; `clear` False when its
    coloured pixels disagree too much to name one colour or call it mixed. `reach` holds the
    hues had some of the white print's clipped channels been CLIP_REACH times as strong
    (empty: none was clipped, or all): the body's true hue lies among them and `hue`."""

    hue: float | None
    clear: bool = True
    reach: tuple[float | None, ...] = ()


def white_balanced(body: np.ndarray) -> list[np.ndarray]:
    """The body (BGR) with its own white print made neutral: a light or camera that tints
    everything tints the card's white too, and the body's hue is then taken as under white
    light. The first balance is by the white as read; where the print is clipped in some
    channels only, how much stronger they are is hidden, and the body is balanced again as if
    some or all of them were CLIP_REACH times as strong. Empty when the print is too tinted to
    be white: the light's tint is then unknown."""
    whiteness = pixels.least(body)
    level = pixels.percentile(whiteness, 100 - WHITE_SHARE * 100)
    brightest = whiteness >= level
    white = body[brightest & (pixels.greatest(body) < CLIPPED)]
    clipped = np.zeros(3, bool)
    if len(white) < MIN_WHITE_PIXELS:
        white = body[brightest]  # overexposed: its clipped channels read short
        # (The median: noise after the clip leaves some clipped pixels under CLIPPED.)
        clipped = np.median(white.reshape(-1, 3), axis=0) >= CLIPPED
    reference = white.reshape(-1, 3).astype(np.float32).mean(axis=0)
    if reference.min() < MAX_CAST * reference.max():
        return []  # not white print, or a light no hue can be told under
    # Each clipped channel may be up to CLIP_REACH times as strong, whatever the others are.
    channels = np.flatnonzero(clipped) if not clipped.all() else []
    stronger = [c for n in range(1, len(channels) + 1) for c in combinations(channels, n)]
    references = [reference] + [_stronger(reference, c) for c in stronger]
    return [_balance(body, r) for r in references]


def _stronger(reference: np.ndarray, channels: tuple[int, ...]) -> np.ndarray:
    reference = reference.copy()
    reference[list(channels)] *= CLIP_REACH
    return reference


def _balance(body: np.ndarray, white: np.ndarray) -> np.ndarray:
    gains = white.mean() / white
    return np.clip(body.astype(np.float32) * gains, 0, 255).astype(np.uint8)


def body_tint(body: np.ndarray) -> Tint:
    """The tint of a card's body (BGR), its white print made neutral first: unclear when
    the white cannot be measured (the raw hue of a green card under a lamp is yellow's)."""
    balanced = white_balanced(body)
    if not balanced:
        return Tint(None, clear=False)
    first, *other = [_tint(b) for b in balanced]
    return Tint(first.hue, first.clear, tuple(t.hue for t in other))


def _tint(balanced: np.ndarray) -> Tint:
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV)
    coloured = (hsv[..., 1] >= MIN_SATURATION) & (hsv[..., 2] >= MIN_VALUE)
    if coloured.mean() < DARK_SHARE:
        return Tint(None)
    angles = hsv[..., 0][coloured].astype(np.float64) * (2 * np.pi / 180)
    c, s = np.cos(angles).mean(), np.sin(angles).mean()
    agreement = float(np.hypot(c, s))
    if agreement < MIXED:
        return Tint(None)
    hue = float(np.degrees(np.arctan2(s, c)) / 2) % 180
    return Tint(hue, agreement >= ONE_HUE)


def hue_distance(a: float, b: float) -> float:
    """Distance between two hues on OpenCV's 0..180 circle."""
    d = abs(a - b) % 180
    return min(d, 180 - d)


@dataclass(frozen=True)
class Palette:
    """The deck's colours: each face's group (DARK for dark faces) and each group's hue."""

    group: tuple[int, ...]
    centres: tuple[float, ...]

    @classmethod
    def of(cls, hues: Sequence[float | None]) -> Palette:
        """Group the faces' hues: a gap of SAME_COLOUR or more around the circle parts two."""
        coloured = sorted((h, i) for i, h in enumerate(hues) if h is not None)
        groups: list[list[int]] = []
        for k, (hue, face) in enumerate(coloured):
            if k and hue - coloured[k - 1][0] < SAME_COLOUR:
                groups[-1].append(face)
            else:
                groups.append([face])
        if len(groups) > 1 and coloured[0][0] + 180 - coloured[-1][0] < SAME_COLOUR:
            groups[0] += groups.pop()  # red wraps round 180
        group = [DARK] * len(hues)
        centres = []
        for g, faces in enumerate(groups):
            for face in faces:
                group[face] = g
            centres.append(_circular_mean([hues[f] for f in faces]))
        return cls(tuple(group), tuple(centres))

    def nearest(self, tint: Tint) -> int | None:
        """The group a clear tint belongs to (DARK for dark); None when the deck has no such
        colour."""
        if tint.hue is None:
            return DARK if DARK in self.group else None
        distances = self._distances(tint.hue)
        if not distances or distances[0][0] > MAX_DISTANCE:
            return None
        return distances[0][1]

    def ambiguous(self, tint: Tint) -> bool:
        """True when the tint is unclear, sits nearly as near a second colour of the deck, or
        could be another colour of the deck had its light not been clipped."""
        if not tint.clear:
            return True
        own = self._closest(tint.hue)
        if any(self._closest(hue) not in (own, None) for hue in tint.reach):
            return True
        if tint.hue is None:
            return False
        distances = self._distances(tint.hue)
        return len(distances) > 1 and distances[1][0] - distances[0][0] < HUE_MARGIN

    def _closest(self, hue: float | None) -> int | None:
        """The deck's colour nearest a hue however far (DARK for none), None if it has none."""
        if hue is None:
            return DARK if DARK in self.group else None
        distances = self._distances(hue)
        return distances[0][1] if distances else None

    def _distances(self, hue: float) -> list[tuple[float, int]]:
        return sorted((hue_distance(hue, c), g) for g, c in enumerate(self.centres))


def _circular_mean(hues: Sequence[float | None]) -> float:
    angles = np.array(hues, np.float64) * (2 * np.pi / 180)
    mean = np.arctan2(np.sin(angles).mean(), np.cos(angles).mean())
    return float(np.degrees(mean) / 2) % 180

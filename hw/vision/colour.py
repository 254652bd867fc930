"""A card body's colour: its hue, or dark (a wild's black body, or several colours at once).

No hue is fixed in advance: cameras and light move hues (this deck's green photographs at 42,
near yellow's 25). Faces of one colour share a hue, so the deck's colours are the groups of its
enrolled faces' hues, and a card takes the colour of the group its hue is clearly nearest to.
A hue can be turned whole (a camera's colour matrix) where the white print stays white, so each
colour's brightness against the white print is learnt too, and a card as bright as another
colour is not named by its hue alone."""

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
WHOLLY_CLIPPED = 0.95
"""A print clipped in every channel in at least this share of its pixels shows no tint at all:
it is taken as white (a neutral light exposed high)."""
MAX_CAST = 0.35
"""White print lit by a tinted light keeps at least this share of its strongest channel in its
weakest (a bulb seen by a camera set for daylight: about a half); anything more tinted is not
white print, or not a light the body's hue can be told under."""

BRIGHTNESS_MARGIN = 0.2
"""The colour whose hue is next nearest a card's, nearer in brightness (the body's strongest
channel against its white print's, 0..1) than the hue's colour by more than this: the card may
be that colour with its hue turned, and its colour is unclear. This deck's yellow is 0.95, green
0.65, red 0.91, blue 0.73, the same under any hue turn: a yellow turned to green's hue is 0.3
nearer yellow. Gamma, flare and vignetting move a colour by up to 0.17 (green to 0.82); a
channel bleed of a fifth takes red to 0.59, 0.18 nearer blue (not next to it in hue)."""

DARK = -1
"""The colour group of dark faces."""


@dataclass(frozen=True)
class Tint:
    """A body's colour as measured: `hue` (0..180), None when dark; `clear` False when its
    coloured pixels disagree too much to name one colour or call it mixed. `reach` holds the
    hues had some of the white print's clipped channels been CLIP_REACH times as strong
    (empty: none was clipped, or all wholly): the body's true hue lies among them and `hue`.
    `brightness` is its coloured pixels' median value (strongest channel) as a share of the
    white print's (None: dark or not measured), which turning every hue leaves as it was."""

    hue: float | None
    clear: bool = True
    reach: tuple[float | None, ...] = ()
    brightness: float | None = None


def white_balanced(body: np.ndarray) -> tuple[list[np.ndarray], float | None]:
    """The body (BGR) with its own white print made neutral: a light or camera that tints
    everything tints the card's white too, and the body's hue is then taken as under white
    light. The first balance is by the white as read; where the print is clipped in some
    channels only, how much stronger they are is hidden, and the body is balanced again as if
    some or all of them were CLIP_REACH times as strong. Also the white print's level (0..255)
    as balanced, None when it is clipped (its true level is higher). No image when the print
    is too tinted to be white: the light's tint is then unknown."""
    whiteness = pixels.least(body)
    level = pixels.percentile(whiteness, 100 - WHITE_SHARE * 100)
    brightest = whiteness >= level
    white = body[brightest & (pixels.greatest(body) < CLIPPED)]
    clipped = np.zeros(3, bool)
    overexposed = len(white) < MIN_WHITE_PIXELS
    if overexposed:
        white = body[brightest]  # overexposed: its clipped channels read short
        clipped = _clipped(white.reshape(-1, 3))
    reference = white.reshape(-1, 3).astype(np.float32).mean(axis=0)
    if reference.min() < MAX_CAST * reference.max():
        return [], None  # not white print, or a light no hue can be told under
    # Each clipped channel may be up to CLIP_REACH times as strong, whatever the others are.
    channels = np.flatnonzero(clipped) if not clipped.all() else []
    stronger = [c for n in range(1, len(channels) + 1) for c in combinations(channels, n)]
    references = [reference] + [_stronger(reference, c) for c in stronger]
    # The first balance keeps the print's mean and makes each of its channels that mean.
    return [_balance(body, r) for r in references], None if overexposed else float(reference.mean())


def _clipped(white: np.ndarray) -> np.ndarray:
    """Which channels of the white print (pixels x 3) the camera clipped: those clipped in
    most of its pixels (noise after the clip leaves some under CLIPPED). Where all three are,
    the one clipped least is nearest to what the light gives, unless all are clipped nearly
    everywhere: a warm lamp clips red everywhere and blue in half the print, and taken as
    white, such a print turned green cards yellow."""
    shares = (white >= CLIPPED).mean(axis=0)
    clipped = shares >= 0.5
    if clipped.all() and shares.min() < WHOLLY_CLIPPED:
        clipped[np.argmin(shares)] = False
    return clipped


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
    balanced, white = white_balanced(body)
    if not balanced:
        return Tint(None, clear=False)
    first, *other = [_tint(b, white) for b in balanced]
    return Tint(first.hue, first.clear, tuple(t.hue for t in other), first.brightness)


def _tint(balanced: np.ndarray, white: float | None) -> Tint:
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
    if white is None:
        return Tint(hue, agreement >= ONE_HUE)
    brightness = float(np.median(hsv[..., 2][coloured])) / max(white, 1.0)
    return Tint(hue, agreement >= ONE_HUE, brightness=brightness)


def hue_distance(a: float, b: float) -> float:
    """Distance between two hues on OpenCV's 0..180 circle."""
    d = abs(a - b) % 180
    return min(d, 180 - d)


@dataclass(frozen=True)
class Palette:
    """The deck's colours: each face's group (DARK for dark faces), each group's hue and
    brightness (NaN: not known, as in faces saved before it was learnt; nothing is checked)."""

    group: tuple[int, ...]
    centres: tuple[float, ...]
    brightness: tuple[float, ...] = ()

    @classmethod
    def of(cls, hues: Sequence[float | None], brightness: Sequence[float] = ()) -> Palette:
        """Group the faces' hues: a gap of SAME_COLOUR or more around the circle parts two;
        a group's brightness is the median of its faces' known ones (`brightness`, per face)."""
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
        known = list(brightness) or [float("nan")] * len(hues)
        levels = tuple(_median_known([known[f] for f in faces]) for faces in groups)
        return cls(tuple(group), tuple(centres), levels)

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
        """True when the tint is unclear, could be another colour of the deck had its light not
        been clipped, or sits nearly as near a second colour of the deck or, bright as that
        second colour and not as its own, could be it with its hue turned."""
        if not tint.clear:
            return True
        own = self._closest(tint.hue)
        if any(self._closest(hue) not in (own, None) for hue in tint.reach):
            return True
        if tint.hue is None:
            return False
        distances = self._distances(tint.hue)
        if len(distances) < 2:
            return False
        (near, colour), (next_near, second) = distances[:2]
        return next_near - near < HUE_MARGIN or self._as_bright_as(tint, second, colour)

    def _as_bright_as(self, tint: Tint, other: int, own: int) -> bool:
        """True when the tint's brightness is nearer the other colour's than its own colour's
        by more than BRIGHTNESS_MARGIN (False when any of the three is not known)."""
        if tint.brightness is None or not self.brightness:
            return False
        off_own = abs(tint.brightness - self.brightness[own])
        off_other = abs(tint.brightness - self.brightness[other])
        return bool(off_other + BRIGHTNESS_MARGIN < off_own)  # False with a NaN

    def _closest(self, hue: float | None) -> int | None:
        """The deck's colour nearest a hue however far (DARK for none), None if it has none."""
        if hue is None:
            return DARK if DARK in self.group else None
        distances = self._distances(hue)
        return distances[0][1] if distances else None

    def _distances(self, hue: float) -> list[tuple[float, int]]:
        return sorted((hue_distance(hue, c), g) for g, c in enumerate(self.centres))


def _median_known(values: Sequence[float]) -> float:
    known = [v for v in values if not np.isnan(v)]
    return float(np.median(known)) if known else float("nan")


def _circular_mean(hues: Sequence[float | None]) -> float:
    angles = np.array(hues, np.float64) * (2 * np.pi / 180)
    mean = np.arctan2(np.sin(angles).mean(), np.cos(angles).mean())
    return float(np.degrees(mean) / 2) % 180

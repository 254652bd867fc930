"""The table's colours and type sizes: dark background, bright cards, high contrast text."""

from __future__ import annotations

RGB = tuple[int, int, int]

BACKGROUND: RGB = (12, 16, 25)
FELT: RGB = (20, 28, 43)  # the table's oval in the middle
SHADOW: RGB = (6, 8, 12)  # under raised panels
PANEL: RGB = (31, 41, 60)
PANEL_EDGE: RGB = (60, 76, 104)
TEXT: RGB = (246, 248, 252)
DIM: RGB = (150, 162, 184)
HIGHLIGHT: RGB = (0, 212, 255)  # whose turn it is; unlike any card colour
TURN_FILL: RGB = (18, 66, 92)
ALERT: RGB = (255, 72, 96)  # refusals and penalties
ALERT_FILL: RGB = (96, 18, 34)
CALL: RGB = (236, 28, 36)  # the UNO badge
GOOD: RGB = (72, 214, 120)
WARN: RGB = (255, 168, 0)  # device problems
WARN_FILL: RGB = (92, 58, 0)
SHADE = 0.33  # what an overlay leaves of the brightness behind it

CARD_HUES: dict[str, RGB] = {
    "R": (229, 45, 39),
    "Y": (252, 206, 24),
    "G": (40, 160, 72),
    "B": (24, 118, 220),
}
CARD_ORDER = ("R", "Y", "G", "B")  # the colour pad's order
WILD_BODY: RGB = (22, 22, 26)
CARD_EDGE: RGB = (250, 250, 250)
INK: RGB = (18, 18, 24)

# Type sizes as line heights, in fractions of the screen height.
TITLE = 0.09
HUGE = 0.072
BIG = 0.06
MEDIUM = 0.049
SMALL = 0.04
TINY = 0.036  # the smallest: every text at least this, or cut to fit
SIZES = (TITLE, HUGE, BIG, MEDIUM, SMALL, TINY)  # a sentence steps down them to be said whole


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction `t` of the way from `a` to `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))

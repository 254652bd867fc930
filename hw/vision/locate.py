"""Finding the one card in a frame: its body's four corners, or why there is not one card.

Edges (in colour) closed into blobs say what stands out from the mat: none is an empty spot,
two are two cards, one at the frame's edge is a card half off the spot. Inside a blob the
card's coloured body (darker than the white print in every channel) gives the corners."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import cv2
import numpy as np

from hw.vision import pixels

WORK_WIDTH = 320
"""Frames are searched at this width: enough for a card's outline, cheap at any camera size."""
MIN_CARD_SHARE = 0.015
"""A blob smaller than this share of the frame is dirt or texture, not a card."""
MIN_EDGE = 50.0
"""The weakest gradient (Sobel |dx| + |dy|, 0..255 per channel) that can be a card's edge."""
EDGE_GROWTH = 2
"""Pixels (at work width) by which the dilated edges put a blob outside the card's edge."""
BODY_ASPECT = (0.5, 0.78)
"""A body's short side over its long side (49 x 80 mm is 0.61; perspective moves it)."""
EDGE_ASPECT = (0.55, 0.68)
"""Stricter, for a body whose card touches the frame's edge: a body cut short is squarer or
thinner than a whole one."""
MIN_BODY_SHARE = 0.3
"""A card's blob is at least this much body (darker than its white print)."""
MIN_SOLIDITY = 0.6
"""The body's pixels fill this much of their outline at least, white print aside; two
overlapping cards or a hand do not."""
MIN_THICKNESS = 3.0
"""Pixels (at work width): a dark region thinner than this is a sliver of mat or a shadow line,
not a piece of the body."""
SIDE_SAMPLES, SIDE_INSET, SIDE_SHARE = 12, 4.0, 0.6
"""Points tried along each side of a body's quadrilateral, this far inside it (pixels at work
width): this share must be body, or the quadrilateral is fitted askew."""
EDGE_MARGIN = 2
"""Pixels (at work width) from the frame's edge that count as touching it."""
MAX_FRAME_ASPECT = 4.0
"""A frame more than this many times as wide as it is high, or high as wide, is no camera's
view of the spot: nothing is looked for in it (scaled to the work width, a frame one pixel wide
would become a huge image, one pixel high an empty one)."""
BODY_SHARE = (0.875, 0.92)
"""The body's share of a printed card's width and height (about 49 x 80 of 56 x 87 mm): only
for the outline drawn around a card, never for reading it."""


class Unsure(StrEnum):
    """Why a frame gives no card code."""

    EMPTY = "empty"
    TWO_CARDS = "two_cards"
    PARTIAL = "partial"
    GLARE = "glare"
    BLUR = "blur"
    UNCLEAR = "unclear"  # a best face without a clear margin over the next best
    UNKNOWN = "unknown"  # no face of this deck


@dataclass(frozen=True)
class Found:
    """The card found in a frame, or why none (`unsure`).

    `body` is the four corners of the card's coloured body (frame pixels, clockwise from a
    corner where a short side begins), what the card is read from; `corners` those of the whole
    card, the body's grown by the white edge a printed card has around it."""

    corners: np.ndarray | None
    unsure: Unsure | None
    body: np.ndarray | None = None


def find_card(frame: np.ndarray) -> Found:
    """The single card lying fully in `frame` (BGR), or EMPTY / TWO_CARDS / PARTIAL."""
    height, width = frame.shape[:2]
    short, long = sorted((height, width))
    if not short or long > MAX_FRAME_ASPECT * short:
        return Found(None, Unsure.EMPTY)
    scale = WORK_WIDTH / width
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    min_area = MIN_CARD_SHARE * small.shape[0] * small.shape[1]
    blobs = [b for b in _blobs(small) if cv2.contourArea(b) >= min_area]
    if not blobs:
        return Found(None, Unsure.EMPTY)
    bodies = [_body_quad(small, b) for b in blobs]
    if any(_cut_off(b, q, small.shape) for b, q in zip(blobs, bodies, strict=True)):
        return Found(None, Unsure.PARTIAL)
    cards = [q for q in bodies if q is not None]
    if len(blobs) > 1:
        return Found(None, Unsure.TWO_CARDS if len(cards) > 1 else Unsure.PARTIAL)
    if not cards:
        return Found(None, _odd_blob(blobs[0]))
    body = portrait_order(to_frame(cards[0], scale))
    return Found(card_around(body), None, body)


def to_frame(points: np.ndarray, scale: float) -> np.ndarray:
    """Points of the image shrunk by `scale` in the frame's pixels: a pixel's coordinates are
    its centre's, and a shrunk pixel's centre is not its first frame pixel's (at 4000 pixels
    wide, 6 frame pixels up and left of it: the card would be read off its faces' grid)."""
    return (points + 0.5) / scale - 0.5


PHOTO_PAD = 0.05
"""Share of its size by which a photo is widened with its edge's colour when its card touches
its edge (find_in_photo)."""


def find_in_photo(photo: np.ndarray) -> Found:
    """The card of a photo taken on purpose (enrolment): a card whose white edge the photo cuts
    is still whole, so when find_card finds it PARTIAL, it looks again with the photo widened
    by its own edge's colour. Corners are in the photo's pixels."""
    found = find_card(photo)
    if found.unsure is not Unsure.PARTIAL:
        return found
    h, w = photo.shape[:2]
    pad = max(4, round(PHOTO_PAD * max(h, w)))
    rim = np.concatenate([photo[:2].reshape(-1, 3), photo[-2:].reshape(-1, 3),
                          photo[:, :2].reshape(-1, 3), photo[:, -2:].reshape(-1, 3)])  # fmt: skip
    colour = np.median(rim, axis=0).tolist()
    wider = cv2.copyMakeBorder(photo, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=colour)
    again = find_card(wider)
    if again.body is None:
        return found
    return Found(again.corners - pad, None, again.body - pad)


def card_around(body: np.ndarray) -> np.ndarray:
    """The whole card's corners around its body's (both in portrait order)."""
    bw, bh = BODY_SHARE
    mx, my = (1 - bw) / 2, (1 - bh) / 2
    inner = np.array([[mx, my], [1 - mx, my], [1 - mx, 1 - my], [mx, 1 - my]], np.float32)
    outer = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_frame = cv2.getPerspectiveTransform(inner, body.astype(np.float32))
    return cv2.perspectiveTransform(outer[None], to_frame)[0].astype(np.float64)


def portrait_order(corners: np.ndarray) -> np.ndarray:
    """The corners clockwise (on screen) from a corner where a short side begins."""
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    ordered = corners[np.argsort(angles)]  # y grows downwards: ascending angle is clockwise
    first = np.linalg.norm(ordered[1] - ordered[0])
    second = np.linalg.norm(ordered[2] - ordered[1])
    return ordered if first <= second else np.roll(ordered, -1, axis=0)


def _blobs(small: np.ndarray) -> list[np.ndarray]:
    """Outer contours of whatever stands out from the mat: edges closed into filled regions."""
    smooth = cv2.GaussianBlur(small, (5, 5), 0)
    # Edges in colour, not grey: a yellow body on a white card is bright on bright.
    dx = cv2.Sobel(smooth, cv2.CV_16S, 1, 0)
    dy = cv2.Sobel(smooth, cv2.CV_16S, 0, 1)
    # Thresholds from the frame's own gradients (every other pixel is plenty to rank them):
    # no fixed contrast for a given mat or light. L1 magnitudes, as Canny then uses.
    step = (slice(None, None, 2), slice(None, None, 2))
    magnitude = pixels.greatest(np.abs(dx[step]) + np.abs(dy[step]))
    high = max(MIN_EDGE, pixels.percentile(magnitude, 97))
    edges = cv2.Canny(dx, dy, high * 0.4, high)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8), iterations=EDGE_GROWTH)
    edges = cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return list(contours)


def _body_quad(small: np.ndarray, blob: np.ndarray) -> np.ndarray | None:
    """The four corners of the coloured body inside a blob when it is card-shaped, else None.

    The blob's own outline may follow the card's white edge in one place and its body in
    another (a white edge on a light mat is faint); the body is clear-cut. So the corners are
    fitted to the body's pixels: those inside the blob darker than the white print."""
    x, y, w, h = cv2.boundingRect(blob)
    mask = np.zeros((h, w), np.uint8)
    cv2.drawContours(mask, [blob], -1, 255, -1, offset=(-x, -y))
    # Off the blob's rim: there the dilated edges reach past the card onto the mat.
    mask = cv2.erode(mask, np.ones((3, 3), np.uint8), iterations=EDGE_GROWTH)
    inside = mask > 0
    if inside.sum() < 16:
        return None
    white = pixels.least(small[y : y + h, x : x + w])
    level, _ = cv2.threshold(white[inside], 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    dark = ((white < level) & inside).astype(np.uint8) * 255
    contours, _ = cv2.findContours(dark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    # The body, maybe cut in pieces by the oval's white ring; not a sliver of mat at the rim.
    pieces = [c for c in contours if _thickness(c) >= MIN_THICKNESS]
    if not pieces:
        return None
    biggest = max(cv2.contourArea(c) for c in pieces)
    pieces = [c for c in pieces if cv2.contourArea(c) >= 0.05 * biggest]
    dark = np.zeros_like(dark)
    cv2.drawContours(dark, pieces, -1, 255, -1)
    # The oval's white ring, where it meets the body's edge, is a gap in the body: bridged.
    dark = cv2.morphologyEx(dark, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    body_pixels = cv2.countNonZero(dark)
    if body_pixels < MIN_BODY_SHARE * inside.sum():
        return None
    points = np.concatenate(pieces)
    hull = cv2.convexHull(points)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or body_pixels < MIN_SOLIDITY * hull_area:
        return None
    quad = _four_corners(hull, points)
    if not 0.85 * hull_area <= cv2.contourArea(quad.astype(np.float32)) <= 1.15 * hull_area:
        return None
    if not BODY_ASPECT[0] <= _aspect(quad) <= BODY_ASPECT[1] or not _sides_dark(quad, dark):
        return None
    return quad + np.array([x, y], np.float64)


def _thickness(contour: np.ndarray) -> float:
    """A region's typical width: twice its area over its perimeter."""
    return 2 * cv2.contourArea(contour) / max(cv2.arcLength(contour, True), 1.0)


def _sides_dark(quad: np.ndarray, dark: np.ndarray) -> bool:
    """Whether the body runs along every side of the quadrilateral, just inside it: a quad
    fitted across a bulge or a gap would warp the card askew and mislead everything after."""
    centre = quad.mean(axis=0)
    h, w = dark.shape
    ends = np.roll(quad, -1, axis=0)
    inward = centre - (quad + ends) / 2
    inward *= SIDE_INSET / np.maximum(np.linalg.norm(inward, axis=1, keepdims=True), 1e-9)
    # The middle of each side: its ends hold the corner indices, white on the body.
    along = np.linspace(0.25, 0.75, SIDE_SAMPLES)[None, :, None]
    points = quad[:, None] + along * (ends - quad)[:, None] + inward[:, None]
    cols = np.clip(np.round(points[..., 0]).astype(int), 0, w - 1)
    rows = np.clip(np.round(points[..., 1]).astype(int), 0, h - 1)
    return bool((np.count_nonzero(dark[rows, cols], axis=1) >= SIDE_SHARE * SIDE_SAMPLES).all())


def _cut_off(blob: np.ndarray, body: np.ndarray | None, shape: tuple[int, ...]) -> bool:
    """A blob at the frame's edge is part of a card, unless it holds a whole body of a card's
    shape away from the edge (a card laid close to the edge, its white rim touching it)."""
    x, y, w, h = cv2.boundingRect(blob)
    height, width = shape[:2]
    m = EDGE_MARGIN
    if not (x <= m or y <= m or x + w >= width - m or y + h >= height - m):
        return False
    if body is None or not EDGE_ASPECT[0] <= _aspect(body) <= EDGE_ASPECT[1]:
        return True
    bx, by, bw, bh = cv2.boundingRect(body.astype(np.float32))
    return bx <= m or by <= m or bx + bw >= width - m or by + bh >= height - m


def _aspect(quad: np.ndarray) -> float:
    """Short side over long side, each the mean of two opposite sides."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    one, other = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    return float(min(one, other) / max(one, other, 1e-9))


def _four_corners(hull: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """Four corners of a convex outline with rounded (or, where the oval meets the body's
    edge, cut) corners: the sides of its smallest enclosing rectangle, each fitted again to
    the outline's points along its middle (perspective tilts them a little)."""
    box = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float64)
    return _refine(outline, box)


def _refine(outline: np.ndarray, approx: np.ndarray) -> np.ndarray:
    """Corners where the four fitted sides meet: a rounded corner cuts the polygon short."""
    points = outline.reshape(-1, 2).astype(np.float64)
    lines = []
    for i in range(4):
        side = points[_near_segment(points, approx[i], approx[(i + 1) % 4])]
        if len(side) < 2:
            return approx
        vx, vy, x0, y0 = cv2.fitLine(side.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        lines.append((float(vx[0]), float(vy[0]), float(x0[0]), float(y0[0])))
    corners = [_meet(lines[i - 1], lines[i]) for i in range(4)]
    if any(c is None for c in corners):
        return approx
    refined = np.array(corners)
    reach = 0.15 * cv2.arcLength(approx.astype(np.float32), True)
    return approx if np.max(np.linalg.norm(refined - approx, axis=1)) > reach else refined


def _near_segment(points: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Points of the outline along the middle 70% of segment a-b (corners left out)."""
    ab = b - a
    length2 = float(ab @ ab) or 1.0
    offset = points - a
    t = (offset @ ab) / length2
    distance = np.abs(offset[:, 0] * ab[1] - offset[:, 1] * ab[0]) / np.sqrt(length2)
    return (t > 0.15) & (t < 0.85) & (distance < 0.05 * np.sqrt(length2) + 2)


def _meet(p: tuple[float, ...], q: tuple[float, ...]) -> tuple[float, float] | None:
    """Where two lines (direction x, y, point x, y) cross; None when they are parallel."""
    (vx1, vy1, x1, y1), (vx2, vy2, x2, y2) = p, q
    det = vx2 * vy1 - vx1 * vy2
    if abs(det) < 1e-6:
        return None
    t = ((x2 - x1) * (-vy2) + (y2 - y1) * vx2) / det
    return (x1 + t * vx1, y1 + t * vy1)


def _odd_blob(blob: np.ndarray) -> Unsure:
    """One blob that is not card-shaped: too wide for one card is two, otherwise part of one."""
    (_, _), (w, h), _ = cv2.minAreaRect(blob)
    ratio = min(w, h) / max(w, h, 1)
    return Unsure.TWO_CARDS if ratio > BODY_ASPECT[1] else Unsure.PARTIAL

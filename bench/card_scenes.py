"""What a camera over the scan spot could see, made from a seed: the card photos and rendered
cards laid on other mats, turned, tilted, lit otherwise, blurred, glared, cut off, doubled.

Nothing here is stored: every set is made again, the same, from its seed. The photos are those
of tests/data/cards (one per coloured face of one deck, MIT, README beside them); the designs
never enrolled are drawn here: the table's own card art (table/screen/cards_art.py) and a plain
printed-looking design drawn with OpenCV.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from hw.vision.locate import BODY_SHARE, find_in_photo

ROOT = Path(__file__).resolve().parents[1]
PHOTOS = ROOT / "tests" / "data" / "cards"
FRAME = (640, 480)
"""Width, height of every scene: a webcam's usual frame."""
SPRITE = (256, 400)
"""Width, height of a card cut out or drawn before it is laid on a mat."""
COLOURED = tuple(f"{c}{r}" for c in "RYGB" for r in (*"0123456789", "S", "R", "D2"))
"""The 52 coloured faces, the codes the photos hold."""


@dataclass(frozen=True)
class Sprite:
    """A card face upright: its BGR pixels and its opacity (0..1, rounded corners clear)."""

    image: np.ndarray
    alpha: np.ndarray


@dataclass(frozen=True)
class Scene:
    """A frame and what a reader must say of it: `truth` the card's code, None for no card
    (empty, two cards, a card cut off): any code read from it is wrong."""

    image: np.ndarray
    truth: str | None


# --- the cards ---------------------------------------------------------------------------


def photo(code: str) -> np.ndarray:
    """The photo of `code` as it is (800x600)."""
    image = cv2.imread(str(PHOTOS / f"{code}.jpg"), cv2.IMREAD_COLOR)
    if image is None:
        raise FileNotFoundError(PHOTOS / f"{code}.jpg")
    return image


@functools.cache
def photo_sprite(code: str) -> Sprite:
    """The card of `code`'s photo cut out upright, its white edge around its body."""
    image = photo(code)
    found = find_in_photo(image)
    if found.body is None:
        raise ValueError(f"{code}: no card found in its photo ({found.unsure})")
    w, h = SPRITE
    from_body = cv2.getPerspectiveTransform(found.body.astype(np.float32), _inset(w, h))
    card = cv2.warpPerspective(image, from_body, SPRITE, borderMode=cv2.BORDER_REPLICATE)
    return Sprite(card, _rounded_alpha(w, h, 0.09))


@functools.cache
def art_sprite(code: str) -> Sprite:
    """`code` in the table's own card art (patterned bodies, shapes and letters): a design the
    recogniser has never been shown unless it is enrolled."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from table.screen import cards_art

    pygame.font.init()
    face = cards_art.card_face(code, SPRITE[1], lambda size: _font(size), {c: c for c in "RYGB"})
    face = pygame.transform.smoothscale(face, SPRITE)
    rgb = pygame.surfarray.array3d(face).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(face).T.astype(np.float32) / 255
    return Sprite(np.ascontiguousarray(rgb[..., ::-1]), alpha)


@functools.cache
def _font(size: int):
    import pygame

    return pygame.font.Font(None, max(8, size))


PLAIN_HUES = {"R": (40, 30, 215), "Y": (20, 200, 245), "G": (70, 160, 30), "B": (200, 110, 20)}
"""BGR bodies of the drawn design: brighter, purer colours than the photographed deck's."""


@functools.cache
def drawn_sprite(code: str) -> Sprite:
    """`code` in a plain design drawn here: solid body, white oval, digits in OpenCV's type.
    Another deck's look, never enrolled."""
    w, h = SPRITE
    card = np.full((h, w, 3), 245, np.uint8)
    mx, my = round(w * (1 - BODY_SHARE[0]) / 2), round(h * (1 - BODY_SHARE[1]) / 2)
    body = (20, 20, 20) if code.startswith("W") else PLAIN_HUES[code[0]]
    cv2.rectangle(card, (mx, my), (w - mx, h - my), body, -1)
    cv2.ellipse(card, (w // 2, h // 2), (round(w * 0.36), round(h * 0.4)), 25, 0, 360,
                (245, 245, 245), max(3, w // 40), cv2.LINE_AA)  # fmt: skip
    label = code[1:] if not code.startswith("W") else code
    label = {"S": "X", "R": "<>", "D2": "+2"}.get(label, label)
    _text(card, label, (w // 2, h // 2), w * 0.012, max(4, w // 28))
    _text(card, label, (mx + w // 10, my + h // 12), w * 0.004, 2)
    _text(card, label, (w - mx - w // 10, h - my - h // 12), w * 0.004, 2, turned=True)
    return Sprite(card, _rounded_alpha(w, h, 0.08))


def _text(card, label, centre, scale, thick, turned=False) -> None:
    font = cv2.FONT_HERSHEY_DUPLEX
    (tw, th), _ = cv2.getTextSize(label, font, scale, thick)
    patch = np.zeros((th * 2 + 8, tw + 8, 3), np.uint8)
    cv2.putText(patch, label, (4, th + 4), font, scale, (255, 255, 255), thick, cv2.LINE_AA)
    if label in ("6", "9"):  # underlined, as printed decks tell them apart
        cv2.line(patch, (4, th + 4 + thick * 2), (tw + 4, th + 4 + thick * 2), (255, 255, 255),
                 thick)  # fmt: skip
    if turned:
        patch = patch[::-1, ::-1]
    ph, pw = patch.shape[:2]
    x, y = centre[0] - pw // 2, centre[1] - ph // 2
    region = card[y : y + ph, x : x + pw]
    np.maximum(region, patch, out=region)


# --- laying cards on a mat -----------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """How a scene is made: where the card lies and how the camera sees it."""

    height: tuple[float, float] = (0.5, 0.8)  # the card's long side, share of the frame height
    turn: tuple[float, float] = (0.0, 360.0)  # degrees
    tilt: float = 0.06  # perspective: corners moved up to this share of the card's size
    gain: tuple[float, float] = (0.8, 1.15)
    cast: float = 0.06  # white balance off by up to this share per channel
    noise: tuple[float, float] = (1.0, 4.0)  # sensor noise sigma, 0..255
    blur: tuple[float, float] = (0.0, 0.8)  # Gaussian sigma, pixels
    jpeg: tuple[int, int] = (75, 95)


GENTLE = Look(turn=(-12.0, 12.0), tilt=0.03, gain=(0.95, 1.05), cast=0.02, noise=(1.0, 2.0),
              blur=(0.0, 0.3), jpeg=(90, 95))  # fmt: skip
"""Enrolment: the card laid about straight under steady light."""
MOVED = Look()
LIGHT = Look(gain=(0.55, 1.45), cast=0.15, noise=(3.0, 7.0), blur=(0.3, 1.2), jpeg=(55, 80))


MATS = np.array([(200, 200, 195), (235, 235, 235), (40, 40, 40), (40, 90, 30), (60, 90, 130),
                 (150, 150, 150), (110, 60, 40), (20, 20, 25)], np.float64)  # fmt: skip
"""Mat colours (BGR): light and dark, grey, felt, wood, black."""


def mat(rng: np.random.Generator) -> np.ndarray:
    """A plain mat: one colour (light, dark, felt, wood), a light gradient, a faint texture."""
    w, h = FRAME
    base = (rng.choice(MATS) + rng.normal(0, 8, 3)).astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    across = np.cos(angle) * (np.arange(w, dtype=np.float32) / w - 0.5)
    down = np.sin(angle) * (np.arange(h, dtype=np.float32) / h - 0.5)
    light = 1 + (across[None, :] + down[:, None]) * np.float32(rng.uniform(0, 0.5))
    grain = rng.standard_normal((h, w), dtype=np.float32) * 6
    texture = cv2.GaussianBlur(grain, (0, 0), 2)
    image = base * light[..., None] + texture[..., None]
    return np.clip(image, 0, 255, out=image)


def lay(canvas: np.ndarray, sprite: Sprite, quad: np.ndarray) -> None:
    """Paint `sprite` onto `canvas` (float BGR) with its corners at `quad` (TL, TR, BR, BL)."""
    w, h = SPRITE
    warp = cv2.getPerspectiveTransform(_rect(w, h), quad.astype(np.float32))
    size = (canvas.shape[1], canvas.shape[0])
    image = cv2.warpPerspective(sprite.image, warp, size, flags=cv2.INTER_AREA).astype(np.float32)
    alpha = cv2.warpPerspective(sprite.alpha, warp, size, flags=cv2.INTER_LINEAR)[..., None]
    canvas *= 1 - alpha
    canvas += image * alpha


def placement(rng: np.random.Generator, look: Look, centre=None, height=None) -> np.ndarray:
    """Corners (TL, TR, BR, BL of the upright card) of a card laid as `look` says."""
    w, h = FRAME
    long = (height or rng.uniform(*look.height)) * h
    short = long * SPRITE[0] / SPRITE[1]
    corners = np.array([[-short, -long], [short, -long], [short, long], [-short, long]]) / 2
    corners += rng.uniform(-look.tilt, look.tilt, (4, 2)) * long
    angle = np.radians(rng.uniform(*look.turn))
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = corners @ turn.T
    if centre is None:
        reach = np.abs(corners).max(axis=0) + 4
        centre = [rng.uniform(reach[0], w - reach[0]) if reach[0] < w / 2 else w / 2,
                  rng.uniform(reach[1], h - reach[1]) if reach[1] < h / 2 else h / 2]  # fmt: skip
    return corners + np.asarray(centre, np.float64)


def camera(canvas: np.ndarray, rng: np.random.Generator, look: Look) -> np.ndarray:
    """The camera's take on a lit scene: gain, white balance, blur, noise, JPEG."""
    tone = rng.uniform(*look.gain) * (1 + rng.uniform(-look.cast, look.cast, 3))
    image = canvas * tone.astype(np.float32)
    sigma = rng.uniform(*look.blur)
    if sigma > 0.05:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    noise = rng.standard_normal(image.shape, dtype=np.float32)
    image += noise * np.float32(rng.uniform(*look.noise))
    image = np.clip(image, 0, 255, out=image).astype(np.uint8)
    quality = int(rng.integers(look.jpeg[0], look.jpeg[1] + 1))
    _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def scene(sprite: Sprite, rng: np.random.Generator, look: Look) -> np.ndarray:
    """One card laid on a fresh mat and seen as `look` says."""
    canvas = mat(rng)
    lay(canvas, sprite, placement(rng, look))
    return camera(canvas, rng, look)


# --- scenes that must be refused -------------------------------------------------------------


def glared(sprite: Sprite, rng: np.random.Generator) -> np.ndarray:
    """A card under a strong reflection: a bright patch washes out part of its body."""
    canvas = mat(rng)
    quad = placement(rng, MOVED)
    lay(canvas, sprite, quad)
    w, h = FRAME
    centre = quad.mean(axis=0) + rng.uniform(-0.2, 0.2, 2) * np.ptp(quad, axis=0)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    radius = rng.uniform(0.12, 0.22) * np.ptp(quad[:, 1])
    spot = np.exp(-(((xs - centre[0]) ** 2 + (ys - centre[1]) ** 2) / (2 * radius**2)))
    canvas += spot[..., None] * rng.uniform(220, 320)
    return camera(canvas, rng, MOVED)


def blurred(sprite: Sprite, rng: np.random.Generator) -> np.ndarray:
    """A card moving or out of focus: strong blur."""
    look = Look(blur=(4.0, 6.0))
    return scene(sprite, rng, look)


def cut_off(sprite: Sprite, rng: np.random.Generator) -> np.ndarray:
    """A card half off the spot: its centre near the frame's edge."""
    canvas = mat(rng)
    w, h = FRAME
    edge = rng.integers(4)
    centre = [(rng.uniform(0.2, 0.8) * w, rng.uniform(-0.05, 0.1) * h),
              (rng.uniform(0.9, 1.05) * w, rng.uniform(0.2, 0.8) * h),
              (rng.uniform(0.2, 0.8) * w, rng.uniform(0.9, 1.05) * h),
              (rng.uniform(-0.05, 0.1) * w, rng.uniform(0.2, 0.8) * h)][edge]  # fmt: skip
    lay(canvas, sprite, placement(rng, MOVED, centre=centre))
    return camera(canvas, rng, MOVED)


def two(first: Sprite, second: Sprite, rng: np.random.Generator) -> np.ndarray:
    """Two whole cards in view, apart or overlapping."""
    canvas = mat(rng)
    w, h = FRAME
    height = rng.uniform(0.35, 0.5)
    apart = rng.uniform(0.2, 0.42) * w
    y = rng.uniform(0.45, 0.55) * h
    lay(canvas, first, placement(rng, MOVED, centre=(w / 2 - apart / 2, y), height=height))
    lay(canvas, second, placement(rng, MOVED, centre=(w / 2 + apart / 2, y), height=height))
    return camera(canvas, rng, MOVED)


def empty(rng: np.random.Generator) -> np.ndarray:
    """The bare mat."""
    return camera(mat(rng), rng, MOVED)


# --- the sets --------------------------------------------------------------------------------


def rng_for(seed: int, *names: str) -> np.random.Generator:
    """A generator for one named part of a set, the same every time for the same seed."""
    return np.random.default_rng([seed, *(sum(ord(c) * 131**i for i, c in enumerate(n)) % 2**32
                                          for n in names)])  # fmt: skip


def enrolment(codes, per_face: int, seed: int, source: Callable[[str], Sprite] = photo_sprite):
    """Photos to enrol from: `per_face` gentle scenes of each code. A scene in which no single
    whole card is found is taken again, as a builder would retake a photo (at most 5 times)."""

    def take(code: str, k: int) -> np.ndarray:
        for attempt in range(5):
            rng = rng_for(seed, "enrol", code, str(k), str(attempt))
            image = scene(source(code), rng, GENTLE)
            if find_in_photo(image).body is not None:
                break
        return image

    return {code: [take(code, k) for k in range(per_face)] for code in codes}


def views(codes, per_face: int, seed: int, look: Look, source=photo_sprite) -> Iterator[Scene]:
    """`per_face` scenes of each code laid and lit as `look` says."""
    for code in codes:
        for k in range(per_face):
            yield Scene(scene(source(code), rng_for(seed, "view", code, str(k)), look), code)


def refusals(codes, seed: int) -> Iterator[Scene]:
    """For each code: strong glare, strong blur, half off the spot, with another card; and the
    empty mat. Each must give no code (glare and blur may give the right one)."""
    codes = list(codes)
    for i, code in enumerate(codes):
        sprite = photo_sprite(code)
        rng = rng_for(seed, "refuse", code)
        yield Scene(glared(sprite, rng), code)
        yield Scene(blurred(sprite, rng), code)
        yield Scene(cut_off(sprite, rng), None)
        yield Scene(two(sprite, photo_sprite(codes[(i + 7) % len(codes)]), rng), None)
        yield Scene(empty(rng), None)


def _rect(w: float, h: float) -> np.ndarray:
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)


def _inset(w: float, h: float) -> np.ndarray:
    mx, my = w * (1 - BODY_SHARE[0]) / 2, h * (1 - BODY_SHARE[1]) / 2
    return np.array([[mx, my], [w - mx, my], [w - mx, h - my], [mx, h - my]], np.float32)


def _rounded_alpha(w: int, h: int, radius_share: float) -> np.ndarray:
    alpha = np.zeros((h, w), np.uint8)
    r = round(w * radius_share)
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return cv2.GaussianBlur(alpha, (3, 3), 0).astype(np.float32) / 255

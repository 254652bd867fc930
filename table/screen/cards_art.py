"""Cards drawn at any size. Each colour has a hue, a pattern (red stripes, yellow dots, green
checks, blue bars), a shape (triangle, circle, square, diamond) and a letter: hue is not needed."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame
import pygame.gfxdraw

from engine import Card, Rank

from .theme import CARD_EDGE, CARD_HUES, CARD_ORDER, INK, RGB, WILD_BODY, mix

Font = Callable[[int], pygame.font.Font]
"""A font by line height in pixels (the Display's cache)."""

Point = tuple[float, float]

ASPECT = 0.66  # a card's width over its height, like the real 56 x 87 mm card
_OVAL_TILT = math.radians(-60)  # leaning right, like the printed cards


def card_size(height: int) -> tuple[int, int]:
    return round(height * ASPECT), height


# --- geometry ---------------------------------------------------------------------------


def ellipse_points(
    center: Point, a: float, b: float, tilt: float = 0.0, start=0.0, end=math.tau, n=72
) -> list[Point]:
    """Points along an ellipse with semi-axes a, b, turned by `tilt` radians."""
    cx, cy = center
    cos_t, sin_t = math.cos(tilt), math.sin(tilt)
    points = []
    for i in range(n + 1):
        t = start + (end - start) * i / n
        x, y = a * math.cos(t), b * math.sin(t)
        points.append((cx + x * cos_t - y * sin_t, cy + x * sin_t + y * cos_t))
    return points


def shape_points(letter: str, rect: pygame.Rect) -> list[Point]:
    """The colour's shape inside `rect`: R triangle, Y circle, G square, B diamond."""
    x, y, w, h = rect
    cx, cy = rect.center
    if letter == "R":
        return [(cx, y), (x + w, y + h * 0.92), (x, y + h * 0.92)]
    if letter == "G":
        inset = w * 0.09
        return [
            (x + inset, y + inset),
            (x + w - inset, y + inset),
            (x + w - inset, y + h - inset),
            (x + inset, y + h - inset),
        ]
    if letter == "B":
        return [(cx, y), (x + w, cy), (cx, y + h), (x, cy)]
    return ellipse_points((cx, cy), w / 2, h / 2, n=48)


def fill_polygon(surface: pygame.Surface, points: list[Point], color) -> None:
    """A filled polygon with smooth edges."""
    if len(points) < 3:
        return
    pts = [(round(x), round(y)) for x, y in points]
    pygame.gfxdraw.filled_polygon(surface, pts, color)
    pygame.gfxdraw.aapolygon(surface, pts, color)


def draw_shape(surface: pygame.Surface, letter: str, rect: pygame.Rect, color) -> None:
    fill_polygon(surface, shape_points(letter, rect), color)


def ring_offsets(width: int) -> list[tuple[int, int]]:
    """Offsets around a circle: blitting a dark copy at each makes an outline."""
    steps = max(8, min(16, width * 3))
    radii = {width, width // 2} - {0} if width > 3 else {width}
    return sorted(
        {
            (round(r * math.cos(i * math.tau / steps)), round(r * math.sin(i * math.tau / steps)))
            for r in radii
            for i in range(steps)
        }
    )


def outline_ring(
    size: tuple[int, int],
    draw: Callable[[pygame.Surface, RGB], None],
    ink: RGB = INK,
    width: int = 2,
) -> pygame.Surface:
    """The dark outline `outlined` puts under a drawing: a copy in `ink` at each ring offset, on
    a clear surface `width` pixels bigger all round. It does not depend on the fill colour, so
    every colour of a drawing can share one (a large rank's ring is dozens of blits)."""
    w, h = size
    dark = pygame.Surface((w, h), pygame.SRCALPHA)
    draw(dark, ink)
    out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    for dx, dy in ring_offsets(width):
        out.blit(dark, (width + dx, width + dy))
    return out


def outlined(
    size: tuple[int, int],
    draw: Callable[[pygame.Surface, RGB], None],
    fill: RGB,
    ink: RGB = INK,
    width: int = 2,
    ring: pygame.Surface | None = None,
) -> pygame.Surface:
    """A drawing with a dark outline `width` pixels wide, on a surface that much bigger;
    `ring` is its `outline_ring` when one is kept (the same pixels, without drawing it)."""
    shape = pygame.Surface(size, pygame.SRCALPHA)
    draw(shape, fill)
    out = outline_ring(size, draw, ink, width) if ring is None else ring.copy()
    out.blit(shape, (width, width))
    return out


def outlined_text(
    font: pygame.font.Font,
    text: str,
    fill: RGB,
    ink: RGB = INK,
    width: int = 2,
    ring: pygame.Surface | None = None,
) -> pygame.Surface:
    """Text with a dark outline, readable on any hue (`ring`: as in `outlined`)."""
    return outlined(font.size(text), _text_drawing(font, text), fill, ink, width, ring)


def _text_drawing(font: pygame.font.Font, text: str) -> Callable[[pygame.Surface, RGB], None]:
    def draw(surface: pygame.Surface, color: RGB) -> None:
        surface.blit(font.render(text, True, color), (0, 0))

    return draw


def blit_center(target: pygame.Surface, image: pygame.Surface, center: Point) -> pygame.Rect:
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    target.blit(image, rect)
    return rect


# --- patterns ---------------------------------------------------------------------------


def pattern(letter: str, size: tuple[int, int], tint: RGB, unit: float) -> pygame.Surface:
    """The colour's pattern in `tint` on a clear surface: R stripes, Y dots, G checks, B bars."""
    w, h = size
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, round(unit))
    line = max(1, round(unit * 0.32))
    if letter == "R":
        for x in range(-h, w + h, step):
            pygame.draw.line(surface, tint, (x, h), (x + h, 0), line + 1)
    elif letter == "Y":
        radius = max(1, round(unit * 0.2))
        for row, y in enumerate(range(0, h + step, step)):
            shift = step // 2 if row % 2 else 0
            for x in range(-step, w + step, step):
                pygame.draw.circle(surface, tint, (x + shift, y), radius)
    elif letter == "G":
        for i, y in enumerate(range(0, h + step, step)):
            for j, x in enumerate(range(0, w + step, step)):
                if (i + j) % 2 == 0:
                    surface.fill(tint, (x, y, step, step))
    else:
        for y in range(0, h + step, step):
            surface.fill(tint, (0, y, w, line + 1))
    return surface


def pattern_tint(letter: str) -> RGB:
    # Yellow is light: its pattern is darker; the others get lighter.
    hue = CARD_HUES[letter]
    return mix(hue, (120, 80, 0), 0.22) if letter == "Y" else mix(hue, (255, 255, 255), 0.16)


def clip_to_mask(image: pygame.Surface, mask: pygame.Surface) -> None:
    """Keep `image` only where `mask` is opaque."""
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def rounded(image: pygame.Surface, radius: int) -> pygame.Surface:
    """An opaque drawing cut to a rounded rectangle, on a clear background."""
    out = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    out.blit(image, (0, 0))
    clip_to_mask(out, rounded_mask(image.get_size(), radius))
    return out


def patterned_body(letter: str, size: tuple[int, int], radius: int, unit: float):
    """A rounded block of the colour's hue with its pattern."""
    body = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(body, CARD_HUES[letter], body.get_rect(), border_radius=radius)
    texture = pattern(letter, size, pattern_tint(letter), unit)
    clip_to_mask(texture, rounded_mask(size, radius))
    body.blit(texture, (0, 0))
    return body


# --- icons ------------------------------------------------------------------------------


def arrow_points(tail: Point, head: Point, shaft: float, tip: float) -> list[Point]:
    """A straight arrow from `tail` to `head`: shaft and tip are widths in pixels."""
    (x0, y0), (x1, y1) = tail, head
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    px, py = -uy, ux
    neck = length - tip * 0.9
    bx, by = x0 + ux * neck, y0 + uy * neck
    s, t = shaft / 2, tip / 2
    return [
        (x0 + px * s, y0 + py * s),
        (bx + px * s, by + py * s),
        (bx + px * t, by + py * t),
        (x1, y1),
        (bx - px * t, by - py * t),
        (bx - px * s, by - py * s),
        (x0 - px * s, y0 - py * s),
    ]


def bar_points(start: Point, end: Point, width: float) -> list[Point]:
    """A straight bar `width` pixels wide from `start` to `end`."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    px, py = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
    return [(x0 + px, y0 + py), (x1 + px, y1 + py), (x1 - px, y1 - py), (x0 - px, y0 - py)]


def draw_skip(surface: pygame.Surface, color: RGB) -> None:
    """A circle struck through."""
    w, h = surface.get_size()
    r = min(w, h) / 2
    ring = max(2, round(r * 0.3))
    c = (w / 2, h / 2)
    outer = ellipse_points(c, r, r, n=64)
    inner = ellipse_points(c, r - ring, r - ring, n=64)
    fill_polygon(surface, outer, color)
    hole = pygame.Surface((w, h), pygame.SRCALPHA)
    fill_polygon(hole, inner, (255, 255, 255, 255))
    surface.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    d = (r - ring / 2) * 0.75
    fill_polygon(surface, bar_points((c[0] - d, c[1] + d), (c[0] + d, c[1] - d), ring), color)


def draw_reverse(surface: pygame.Surface, color: RGB) -> None:
    """Two arrows pointing opposite ways."""
    w, h = surface.get_size()
    s = min(w, h)
    shaft, tip = s * 0.16, s * 0.38
    off = s * 0.14
    cx, cy = w / 2, h / 2
    fill_polygon(
        surface,
        arrow_points(
            (cx - s * 0.36 - off, cy + s * 0.36 - off),
            (cx + s * 0.4 - off, cy - s * 0.4 - off),
            shaft,
            tip,
        ),
        color,
    )
    fill_polygon(
        surface,
        arrow_points(
            (cx + s * 0.36 + off, cy - s * 0.36 + off),
            (cx - s * 0.4 + off, cy + s * 0.4 + off),
            shaft,
            tip,
        ),
        color,
    )


def draw_swap(surface: pygame.Surface, color: RGB) -> None:
    """Two arrows passing each other: hands change places."""
    w, h = surface.get_size()
    shaft, tip = h * 0.16, h * 0.38
    fill_polygon(surface, arrow_points((0, h * 0.28), (w, h * 0.28), shaft, tip), color)
    fill_polygon(surface, arrow_points((w, h * 0.72), (0, h * 0.72), shaft, tip), color)


def draw_star(surface: pygame.Surface, color: RGB) -> None:
    w, h = surface.get_size()
    r = min(w, h) / 2
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(
            (w / 2 + radius * math.cos(angle), h / 2 + r * 0.08 + radius * math.sin(angle))
        )
    fill_polygon(surface, points, color)


_ICONS = {
    Rank.SKIP: draw_skip,
    Rank.REVERSE: draw_reverse,
    Rank.WILD_SHUFFLE: draw_swap,
    Rank.WILD_CUSTOM: draw_star,
}


def rank_label(card: Card) -> str:
    """The characters printed for a rank without an icon."""
    if card.rank.draws:
        return f"+{card.rank.draws}"
    return "W" if card.is_wild else card.rank.value


def rank_image(
    card: Card, size: int, fill: RGB, font: Font, outline: int, keep: Keep | None = None
) -> pygame.Surface:
    """The rank as an icon or text about `size` pixels high, outlined in ink; `keep` keeps its
    outline (`outline_ring`) for the rank's other colours."""
    icon = _ICONS.get(card.rank)
    if icon is not None:
        side = (round(size * (1.2 if card.rank is Rank.WILD_SHUFFLE else 1.0)), size)
        draw = icon
    else:
        side = font(size).size(rank_label(card))
        draw = _text_drawing(font(size), rank_label(card))
    ring = None
    if keep is not None:
        key = ("ring", card.rank if icon is not None else rank_label(card), side, outline)
        ring = keep(key, lambda: outline_ring(side, draw, INK, outline))
    image = outlined(side, draw, fill, INK, outline, ring)
    if icon is not None:
        return image
    if card.rank in (Rank.SIX, Rank.NINE):
        # Underline 6 and 9 so they read the same from across the table.
        bar = pygame.Surface((image.get_width(), image.get_height() + outline * 2), pygame.SRCALPHA)
        bar.blit(image, (0, 0))
        y = image.get_height() - outline * 2
        w = image.get_width() * 0.5
        rect = pygame.Rect(0, 0, w, max(2, size * 0.07))
        rect.midtop = (image.get_width() / 2, y)
        bar.fill(INK, rect.inflate(outline * 2, outline * 2))
        bar.fill(fill, rect)
        image = bar
    return image


# --- faces ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A piece of a face drawn over its base (the rank, a corner): an image and its top-left."""

    image: pygame.Surface
    at: tuple[int, int]


Keep = Callable[[Hashable, Callable[[], pygame.Surface]], pygame.Surface]
"""A cache of drawings: `keep(key, make)` is make()'s image, made once per key."""


def _made(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    return make()  # no cache: made every time


def card_face(
    code: str,
    height: int,
    font: Font,
    letters: dict[str, str],
    body=None,
    keep: Keep = _made,
) -> pygame.Surface:
    """A card's face `height` pixels high; `letters` gives each colour's printed letter;
    `body(letter, size, radius, unit)` the coloured body (patterned_body, or a kept one);
    `keep` a cache for the parts every face of a colour or rank shares (face_parts)."""
    card = Card.parse(code)
    base, marks = face_parts(card, height, font, letters, body, keep)
    # Drawn opaque so smooth edges blend with what is below, then cut to rounded corners.
    face = base.copy()
    for mark in marks:
        face.blit(mark.image, mark.at)
    return rounded(face, card_radius(face.get_width()))


def card_radius(width: int) -> int:
    """The radius of a card's rounded corners."""
    return max(3, round(width * 0.09))


def face_parts(
    card: Card, height: int, font: Font, letters: dict[str, str], body=None, keep: Keep = _made
) -> tuple[pygame.Surface, list[Mark]]:
    """A face as its opaque base (edge, body, oval: one per colour and size) and the marks
    drawn over it (the rank in the oval, the corners: each kept per rank or colour)."""
    base_key = ("face base", "W" if card.is_wild else str(card.color), height)
    base = keep(base_key, lambda: face_base(card, height, font, body))
    return base, face_marks(card, height, font, letters, keep)


def face_marks(
    card: Card, height: int, font: Font, letters: dict[str, str], keep: Keep = _made
) -> list[Mark]:
    """The marks a face draws over its base, each where its top-left goes on the face."""
    w, h = card_size(height)
    edge = max(2, round(w * 0.055))
    inner = pygame.Rect(0, 0, w, h).inflate(-2 * edge, -2 * edge)
    return _oval_mark(card, h, w, font, keep) + _corners(card, inner, h, font, letters, keep)


def face_base(card: Card, height: int, font: Font, body=None) -> pygame.Surface:
    """A face without its rank and corners: opaque, square-cornered."""
    w, h = card_size(height)
    face = pygame.Surface((w, h))
    face.fill(CARD_EDGE)
    radius = card_radius(w)
    edge = max(2, round(w * 0.055))
    inner = face.get_rect().inflate(-2 * edge, -2 * edge)
    inner_radius = max(2, radius - edge // 2)
    if card.is_wild:
        pygame.draw.rect(face, WILD_BODY, inner, border_radius=inner_radius)
    else:
        make = body or patterned_body
        face.blit(make(str(card.color), inner.size, inner_radius, w * 0.11), inner)
    center = (w / 2, h / 2)
    a, b = h * 0.40, h * 0.215
    if card.is_wild:
        _wild_oval(face, center, a, b, height, font)
    else:
        fill_polygon(face, ellipse_points(center, a, b, _OVAL_TILT), CARD_EDGE)
    return face


def _wild_oval(face, center, a, b, height, font) -> None:
    """The wild's oval: four quadrants, each with its colour's shape."""
    fill_polygon(face, ellipse_points(center, a * 1.06, b * 1.1, _OVAL_TILT), CARD_EDGE)
    for k, letter in enumerate(("R", "B", "G", "Y")):
        start, end = k * math.pi / 2, (k + 1) * math.pi / 2
        arc = ellipse_points(center, a, b, _OVAL_TILT, start, end, n=24)
        fill_polygon(face, [center, *arc], CARD_HUES[letter])
        if height >= 120:
            mid = (start + end) / 2
            x, y = ellipse_points(center, a * 0.62, b * 0.6, _OVAL_TILT, mid, mid, n=1)[0]
            side = round(height * 0.07)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(x), round(y))
            draw_shape(face, letter, rect, (255, 255, 255))


def _oval_mark(card: Card, h: int, w: int, font, keep: Keep) -> list[Mark]:
    if card.is_wild and card.rank is Rank.WILD:
        return []  # the quadrants say it all
    fill = (255, 255, 255) if card.is_wild else CARD_HUES[str(card.color)]
    size = round(h * (0.34 if card.rank.draws or card.rank in _ICONS else 0.44))
    if card.rank is Rank.WILD_SHUFFLE:
        size = round(h * 0.22)

    def make() -> pygame.Surface:
        image = rank_image(card, size, fill, font, max(2, round(h * 0.022)), keep)
        if image.get_width() > w * 0.8:
            scale = w * 0.8 / image.get_width()
            image = pygame.transform.smoothscale_by(image, scale)
        return trimmed(image)  # kept: a quarter of it is clear margin

    image = keep(("oval rank", card.rank, card.is_wild, fill, h), make)
    rect = image.get_rect(center=(round(w / 2), round(h / 2)))
    return [Mark(image, rect.topleft)]


def trimmed(image: pygame.Surface) -> pygame.Surface:
    """`image` less the clear margins it has alike on both sides of each axis: placed by its
    centre, it puts the same pixels where it did (a clear pixel blends to what lies under it),
    in fewer bytes."""
    ink = image.get_bounding_rect()
    width, height = image.get_size()
    if not ink.width:
        return image
    x, y = min(ink.left, width - ink.right), min(ink.top, height - ink.bottom)
    if not x and not y:
        return image
    return image.subsurface((x, y, width - 2 * x, height - 2 * y)).copy()


SMALL_CARD = 120  # pixels high: below this a face drops its corner ranks for bigger marks
SMALLEST_MARKS = 36  # below this a face has no room for its colour's letter and shape


def _corners(card: Card, inner: pygame.Rect, h: int, font, letters, keep: Keep) -> list[Mark]:
    """Small rank top-left and bottom-right; shape top-right and letter bottom-left. A small
    card keeps the shape and the letter, larger, and leaves the rank to its oval."""
    if h < SMALLEST_MARKS:
        return []
    small = h < SMALL_CARD
    pad = max(2, round(h * 0.025))
    size = round(h * (0.2 if small else 0.13))
    outline = max(1, round(h * 0.01))
    fill = (255, 255, 255)
    marks = []
    if not small:
        key = ("corner rank", card.rank, card.is_wild, h)
        rank = keep(key, lambda: rank_image(card, size, fill, font, outline))
        marks.append(Mark(rank, rank.get_rect(topleft=(inner.x + pad, inner.y + pad)).topleft))
        corner = rank.get_rect(bottomright=(inner.right - pad, inner.bottom - pad))
        marks.append(Mark(rank, corner.topleft))
    if card.is_wild:
        return marks
    letter = str(card.color)
    side = round(h * (0.17 if small else 0.10))

    def shape(surface: pygame.Surface, color: RGB) -> None:
        draw_shape(surface, letter, surface.get_rect(), color)

    mark = keep(
        ("corner shape", letter, h), lambda: outlined((side, side), shape, fill, INK, outline)
    )
    marks.append(Mark(mark, mark.get_rect(topright=(inner.right - pad, inner.y + pad)).topleft))
    printed = letters.get(letter, letter)
    label = keep(
        ("corner letter", printed, h),
        lambda: outlined_text(font(size), printed, fill, INK, outline),
    )
    at = label.get_rect(bottomleft=(inner.x + pad, inner.bottom - pad)).topleft
    return [*marks, Mark(label, at)]


def card_back(height: int, word: str, font: Font) -> pygame.Surface:
    """The back of a card: black, a red oval, the call word."""
    w, h = card_size(height)
    back = pygame.Surface((w, h))
    back.fill(CARD_EDGE)
    radius = max(3, round(w * 0.09))
    edge = max(2, round(w * 0.055))
    inner = back.get_rect().inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(back, WILD_BODY, inner, border_radius=max(2, radius - edge // 2))
    center = (w / 2, h / 2)
    fill_polygon(back, ellipse_points(center, h * 0.40, h * 0.215, _OVAL_TILT), CARD_HUES["R"])
    if h >= 40:
        label = outlined_text(font(round(h * 0.2)), word, CARD_HUES["Y"], INK, max(1, h // 60))
        label = pygame.transform.rotozoom(label, 25, min(1.0, w * 0.85 / label.get_width()))
        blit_center(back, label, center)
    return rounded(back, radius)


def swatch(letter: str, size: int, font: Font, text: str) -> pygame.Surface:
    """A colour as a round swatch: hue, pattern, its shape and its letter."""
    disc = pygame.Surface((size, size), pygame.SRCALPHA)
    edge = max(2, round(size * 0.05))
    fill_polygon(disc, ellipse_points((size / 2, size / 2), size / 2, size / 2, n=96), CARD_EDGE)
    inner = size - 2 * edge
    body = patterned_body(letter, (inner, inner), inner // 2, size * 0.12)
    disc.blit(body, (edge, edge))
    outline = max(1, round(size * 0.025))
    side = round(size * 0.3)

    def shape(surface: pygame.Surface, color: RGB) -> None:
        draw_shape(surface, letter, surface.get_rect(), color)

    mark = outlined((side, side), shape, (255, 255, 255), INK, outline)
    blit_center(disc, mark, (size / 2, size * 0.3))
    label = outlined_text(font(round(size * 0.36)), text, (255, 255, 255), INK, outline)
    blit_center(disc, label, (size / 2, size * 0.68))
    return disc


def letters_for(lang_letter: Callable[[str], str]) -> dict[str, str]:
    """The printed letter of each colour, from a Text's `letter`."""
    return {c: lang_letter(c) for c in CARD_ORDER}

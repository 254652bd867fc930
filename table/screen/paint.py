"""A surface with cached fonts, text and images, that remembers where it put each text, and
every drawing call of a frame (`Op`), so that the next frame redraws only what changed."""

from __future__ import annotations

import contextlib
import math
import re
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

import pygame

from .abridge import ELLIPSIS, shortened
from .cards_art import fill_polygon, outlined_text
from .halving import Halver, halved_size
from .theme import INK, RGB

# What the caches may hold, in screens' worth of pixels: the top card's parts (a rounded base
# per colour, the ranks: about a screen), panels, swatches, the small faces a round's end shows
# (half a screen); far less of text. What is used least recently goes first. At 1.5 screens a
# match made each rank 6 times over (330 ranks for 53); at 2 about once (3.6 MiB more at 1080p).
# 1.75: a face the cache let go is made again while the table waits, for the plays it foresees
# (Display.likely), not in a scan's frame; and their listings hold a turn's faces (up to some
# 18) besides what the cache holds (peaks at 1080p over 15 matches: 78.2 MiB at 2 with no
# plays foreseen; with them, 79.3 at 2, 77.5 at 1.75).
IMAGE_SCREENS = 1.75
TEXT_SCREENS = 0.5
# Behind the texts, the alpha alone of each line drawn halved (under FINE_PX; a byte a pixel, as
# many bytes as TEXT_SCREENS: four times the pixels): a text gone from the cache is made again
# from it, in any colour, for a quarter of drawing it twice the size and halving it (most of a
# match's texts come back after the text cache let them go). A larger text is drawn again: that
# costs less than any copy of it. Measured at 1080p (the peak's target is 80 MiB over 100
# matches): both at 0.5 screens, a peak of 79.2 MiB over 30 matches; both at 0.25, 74.9 MiB,
# but a press's frame 0.7 ms longer (a turn's texts no longer fit); text 0.5 and alpha 0.25,
# 77.6 MiB over 100 matches, a press to its frame 2.5-2.7 ms (BENCHMARKS.md).
ALPHA_SCREENS = 0.25
SMALL_PANEL = 16  # a rounded panel up to 1/16 of the screen is kept as an image
WIDTHS = 4096  # text widths kept (a frame measures about a hundred)
UNKEPT = 64  # lines drawn halved whose alpha waits for keep_alphas (a frame makes a few)
PLANES = 512  # halved colour planes kept (a match makes texts again in about 120 of them, and
# the plays foreseen make a turn's few more: Display.likely)
OVALS = 8  # ellipses' masks kept (the felt and its edge: two per screen size)
FELTS = 4  # felts kept, with their kept regions (one per screen size)
FELT_SCREENS = 0.1  # the felt's regions its edges cross, kept as drawn (seats' strips, lines)
FELT_REGIONS = 512  # regions whose answer, inside or outside each ellipse, is kept
KEPT_SHARE = 8  # a region of the felt is kept if its copy is at most 1/8 of the budget
FINE_PX = 48  # texts smaller than this are drawn at twice the size and halved
LONGEST = 400  # characters of a line: more than any screen holds at the smallest size
_UNDRAWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")

Box = tuple[int, int, int, int]
T = TypeVar("T")


def drawable(text: str) -> str:
    """`text` as a font can draw it, whatever it came from (a device's message, a file): a
    control character or a lone surrogate (which SDL_ttf refuses) shown as U+FFFD, and no
    more than LONGEST characters (a clip or a wrap measures each shorter text)."""
    if len(text) > LONGEST:
        text = text[:LONGEST]
    return _UNDRAWABLE.sub("\ufffd", text)


def _memo(table: dict, key: Hashable, limit: int, make: Callable[[], T]) -> T:
    """`table[key]`, made by `make()` the first time; a full `table` (`limit` entries) is
    emptied first: what it keeps is cheap to make again, and its keys come back turn after turn."""
    value = table.get(key)
    if value is None:
        if len(table) >= limit:
            table.clear()
        value = table[key] = make()
    return value


WHOLE = frozenset({"polygon"})
"""Calls drawn whole or not at all: a smooth edge clipped by a region shades its pixels
otherwise (SDL_gfx clips a line's ends before it draws it)."""


class Op(NamedTuple):
    """One drawing call of a frame: what it draws and the box it may touch. Two equal Ops draw
    the same pixels (an image is compared by identity: cached images are never changed). A
    named tuple: a frame hashes and compares its Ops hundreds of times, in C."""

    kind: str
    box: Box
    args: tuple


class Oval:
    """The pixels pygame.draw.ellipse fills in `rect`, as a mask: a region wholly inside them
    is one fill, a region wholly outside is nothing. SDL walks the whole ellipse for every
    region it is clipped to (the table's felt is most of the screen), so a region its edge
    crosses is drawn from the ellipse's edge kept in pieces (`draw`)."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        # pygame's ellipse does not depend on where it is drawn: drawn at (0, 0), one byte a
        # pixel, once.
        layer = pygame.Surface((max(1, rect.width), max(1, rect.height)), depth=8)
        layer.set_colorkey(0)
        pygame.draw.ellipse(layer, 1, (0, 0, rect.width, rect.height))
        self._mask = pygame.mask.from_surface(layer)
        # The rectangle inscribed in the ellipse, 3 pixels in: inside it, no mask to consult.
        half = (rect.width / 2 / math.sqrt(2) - 3, rect.height / 2 / math.sqrt(2) - 3)
        self._core = pygame.Rect(0, 0, 0, 0)
        if min(half) > 0:
            self._core = pygame.Rect(0, 0, int(2 * half[0]), int(2 * half[1]))
            self._core.center = rect.center
        self._bands = _Band.cut(layer, rect.topleft)
        self._color: tuple | None = None  # the colour the pieces are in

    def holds(self, region: pygame.Rect) -> bool | None:
        """True: every pixel of `region` is the ellipse's; False: none is; None: some are."""
        if self._core.contains(region):
            return True
        part = region.clip(self.rect)
        if not part:
            return False
        full = pygame.mask.Mask(part.size, fill=True)
        area = self._mask.overlap_area(full, (part.x - self.rect.x, part.y - self.rect.y))
        if area == 0:
            return False
        return True if area == region.width * region.height else None

    def draw(
        self,
        surface: pygame.Surface,
        color: tuple,
        inside: bool | None = None,
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        """The ellipse filled in `color` within `surface`'s clip: the very pixels
        pygame.draw.ellipse paints there (`inside`: what `holds` says of the clip, if known);
        `surface` holds the screen from `origin` on."""
        clip = surface.get_clip()
        screen = clip.move(origin)
        if inside is None:
            inside = self.holds(screen)
        if inside is not None:
            if inside:
                fill(surface, color, clip)
            return
        dx, dy = origin
        if self._bands is None or len(color) != 3 or surface.get_flags() & pygame.SRCALPHA:
            pygame.draw.ellipse(surface, color, self.rect.move(-dx, -dy))  # no pieces for these
            return
        if color != self._color:
            for band in self._bands:
                for piece, _ in band.pieces:
                    piece.set_palette_at(1, color)
            self._color = color
        top = self.rect.top
        first = max(0, (screen.top - top) // BAND)
        last = min(len(self._bands), -((top - screen.bottom) // BAND))
        for band in self._bands[first:last]:
            if band.middle is not None and band.middle.colliderect(screen):
                fill(surface, color, band.middle.move(-dx, -dy))
            for piece, (x, y, w, h) in band.pieces:
                surface.blit(piece, (x - dx, y - dy, w, h))  # SDL clips it to the region


BAND = 32
"""Rows of an ellipse's edge kept as one piece: fewer calls per region, more bytes kept."""


class _Band:
    """`BAND` rows of an ellipse: the columns every one of them fills (`middle`, one fill),
    and the pieces of the ellipse's drawing (8-bit, the colour key clear) where its edge runs,
    each with where it goes."""

    def __init__(self, middle: pygame.Rect | None, pieces: list) -> None:
        self.middle = middle
        self.pieces = pieces

    @staticmethod
    def cut(layer: pygame.Surface, at: tuple[int, int]) -> list[_Band] | None:
        """The bands of the ellipse drawn in colour 1 on the 8-bit `layer`, which goes at
        `at` (None: a row that is not one run, where no band holds)."""
        width, height = layer.get_size()
        raw = pygame.image.tobytes(layer, "P")
        runs = []
        for y in range(0, len(raw), width):
            row = raw[y : y + width]
            first, last = row.find(1), row.rfind(1)
            if first >= 0 and row.count(1) != last - first + 1:
                return None
            runs.append((first, last + 1) if first >= 0 else None)
        bands = []
        for r0 in range(0, height, BAND):
            r1 = min(height, r0 + BAND)
            rows = runs[r0:r1]
            full = [run for run in rows if run is not None]
            if not full:
                bands.append(_Band(None, []))
                continue
            outer = (min(a for a, _ in full), max(b for _, b in full))
            inner = (max(a for a, _ in full), min(b for _, b in full))
            middle = None
            spans = [outer]
            if len(full) == len(rows) and inner[0] < inner[1]:
                middle = pygame.Rect(at[0] + inner[0], at[1] + r0, inner[1] - inner[0], r1 - r0)
                spans = [(outer[0], inner[0]), (inner[1], outer[1])]
            pieces = []
            for a, b in spans:
                if a < b:
                    piece = layer.subsurface((a, r0, b - a, r1 - r0)).copy()
                    piece.set_colorkey(0)
                    # Where as a rect: pygame reads (x, y) as a rect first, and fails slowly.
                    pieces.append((piece, (at[0] + a, at[1] + r0, b - a, r1 - r0)))
            bands.append(_Band(middle, pieces))
        return bands


class Felt:
    """The room filled in `box`, then ellipses (colour, Oval) filled over it: one call of a
    frame. The felt never changes, so a region its edges cross, drawn once, is kept as drawn
    and copied the next time (the same seats' strips and lines come back turn after turn)."""

    def __init__(self, color: tuple, box: Box, layers: tuple, budget: int) -> None:
        self.color, self.box, self.layers = color, box, layers
        self._kept = SurfaceCache(budget)
        self._held: dict[Box, list[bool | None] | tuple] = {}  # per region: Felt._holds

    def draw(self, surface: pygame.Surface, origin: tuple[int, int] = (0, 0)) -> None:
        """The felt within `surface`'s clip, as drawn whole; `surface` holds the screen from
        `origin` on (a piece of it drawn apart: Split.on)."""
        clip = surface.get_clip()
        screen = clip.move(origin)
        key = tuple(screen)
        kept = self._kept.get(key)
        if kept is not None:
            surface.blit(kept, clip)
            return
        held = _memo(self._held, key, FELT_REGIONS, lambda: self._holds(screen))
        if isinstance(held, tuple):  # one ellipse's colour, all of it
            fill(surface, held, clip)
            return
        # What lies under an ellipse that fills the whole region is never seen: not drawn.
        first = max((k for k, inside in enumerate(held) if inside), default=-1)
        if first < 0:
            fill(surface, self.color, pygame.Rect(self.box).move(-origin[0], -origin[1]))
        drawn = list(zip(self.layers, held, strict=True))[max(0, first) :]
        for (color, oval), inside in drawn:
            oval.draw(surface, color, inside, origin)
        crossed = any(inside is None for _, inside in drawn)
        small = clip.width * clip.height * 4 * KEPT_SHARE <= self._kept.budget
        if crossed and small and not surface.get_flags() & pygame.SRCALPHA:  # copied back as is
            self._kept.put(key, surface.subsurface(clip).copy())

    def _holds(self, screen: pygame.Rect) -> list[bool | None] | tuple:
        """What each ellipse holds of `screen` (Oval.holds); or, when one fills it and none
        over it touches it, that one's colour: the region is that colour, one fill."""
        held = [oval.holds(screen) for _, oval in self.layers]
        first = max((k for k, inside in enumerate(held) if inside), default=-1)
        if first >= 0 and not any(inside is None for inside in held[first:]):
            return tuple(self.layers[first][0])
        return held


class SurfaceCache:
    """Surfaces (or texts' `Alpha`) by key, at most `budget` bytes of pixels; the least
    recently used go first."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> pygame.Surface | None:
        image = self._items.get(key)
        if image is not None:
            self._items.move_to_end(key)
        return image

    def peek(self, key: Hashable) -> pygame.Surface | None:
        """The image kept under `key`, leaving the order of use as it is."""
        return self._items.get(key)

    def put(self, key: Hashable, image: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= _size(old)
        self._items[key] = image
        self.bytes += _size(image)
        while self.bytes > self.budget and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self.bytes -= _size(old)

    def keys(self) -> list[Hashable]:
        return list(self._items)


def _size(image: pygame.Surface | Split | Alpha) -> int:
    if isinstance(image, Split):
        return sum(_size(piece) for piece, _ in image.pieces if piece not in image.shares)
    if isinstance(image, Alpha):
        return len(image.alpha)
    return image.get_pitch() * image.get_height()


class Split:
    """An image kept as bands of rows: those wholly opaque in the screen's format without
    alpha, copied as they are (a middle of one colour filled, not kept), the rest blended;
    the very pixels the image blended whole paints (a pixel of alpha 255 blends to itself),
    for a fraction of the work. Compared by identity, as a kept image is."""

    def __init__(
        self,
        pieces: tuple,
        ink: pygame.Rect,
        opaque: pygame.Rect | None,
        shares: tuple = (),
        solid: tuple[pygame.Color, pygame.Rect] | None = None,
        *,
        size: tuple[int, int],
    ) -> None:
        self.pieces = pieces  # (image, where in the whole)
        self.size = size  # the whole image's, as placed (Painter.split)
        self.ink = ink  # where the whole has ink
        self.opaque = opaque  # the block copied (every pixel of it painted), if any
        self.shares = shares  # pieces another Split kept holds too (counted there: `_size`)
        # The block's middle of one colour (a box's inside its border), and where: filled, not
        # kept nor copied (a fill writes its pixels without reading an image's).
        self.solid = solid

    def on(self, felt: Felt, topleft: tuple[int, int], screen: pygame.Surface) -> Split:
        """This image where it goes on `screen` (at `topleft`), over `felt`, made opaque: each
        see-through piece blended once over the felt under it, the very pixels the screen
        gets; the opaque block shared. All of it is then copied, and nothing under it drawn."""
        pieces, shares = [], []
        for image, (dx, dy) in self.pieces:
            if image.get_flags() & pygame.SRCALPHA:
                flat = pygame.Surface(image.get_size(), 0, screen)
                felt.draw(flat, (topleft[0] + dx, topleft[1] + dy))
                flat.blit(image, (0, 0))
                image = flat
            else:
                shares.append(image)
            pieces.append((image, (dx, dy)))
        rects = [pygame.Rect(at, image.get_size()) for image, at in pieces]
        if self.solid is not None:
            rects.append(self.solid[1])
        whole = pygame.Rect(0, 0, 0, 0).unionall(rects)
        return Split(tuple(pieces), whole, whole, tuple(shares), self.solid, size=self.size)

    @staticmethod
    def of(image: pygame.Surface, convert: Callable[[pygame.Surface], pygame.Surface]) -> Split:
        """`image` (with alpha) split about the block of alpha 255 through its middle: that
        block in the screen's format without alpha, the bands above and below it and the
        sides beside it as they are; each piece `convert`ed. The block's middle of one colour
        (a box's inside its border) is that colour, filled when drawn."""
        width, height = image.get_size()
        # The alpha alone (a card's base: 160 KB, not the 650 KB of all its channels).
        alpha = memoryview(image.get_view("A")).tobytes(order="F")  # row after row
        block = _opaque_block(alpha, width, height)
        ink = image.get_bounding_rect()
        if block is None:
            return Split(((convert(image), (0, 0)),), ink, None, size=(width, height))
        left, top, right, bottom = block
        flat = pygame.Surface((right - left, bottom - top))
        flat.blit(image, (-left, -top))
        core, solid = _one_colour(flat)
        # The block less its middle of one colour, then the bands about the block.
        pieces = [
            (convert(flat.subsurface(piece).copy()), (left + piece[0], top + piece[1]))
            for piece in _around(flat.get_rect(), core)
        ]
        middle = bottom - top
        around = ((0, 0, width, top), (0, bottom, width, height - bottom),
                  (0, top, left, middle), (right, top, width - right, middle))  # fmt: skip
        for x, y, w, h in around:
            if w > 0 and h > 0:
                pieces.append((convert(image.subsurface((x, y, w, h)).copy()), (x, y)))
        opaque = pygame.Rect(left, top, right - left, bottom - top)
        return Split(
            tuple(pieces),
            ink,
            opaque,
            solid=None if solid is None else (solid, core.move(left, top)),
            size=(width, height),
        )


def _one_colour(image: pygame.Surface) -> tuple[pygame.Rect, pygame.Color | None]:
    """The block through the middle of `image` (opaque) whose pixels are all its middle
    pixel's colour, and that colour; an empty block and None when it is too small to pay.
    Read a row at a time: no copy of the whole image."""
    width, height = image.get_size()
    if width and height:

        def row(r: int) -> bytes:
            return pygame.image.tobytes(image.subsurface((0, r, width, 1)), "RGB")

        (left, top, right, bottom), pixel = _middle_block(row, width, height, 3)
        core = pygame.Rect(left, top, right - left, bottom - top)
        if 2 * core.width * core.height >= width * height:
            return core, pygame.Color(*pixel)
    return pygame.Rect(0, 0, 0, 0), None  # mostly not one colour (a card's pattern)


def _opaque_block(alpha: bytes, width: int, height: int) -> tuple[int, int, int, int] | None:
    """The block through the middle whose alpha (a byte a pixel, row after row) is 255 in
    every pixel: (left, top, right, bottom), or None."""
    if not width or not height:
        return None
    block, pixel = _middle_block(lambda r: alpha[r * width : (r + 1) * width], width, height, 1)
    return block if pixel == b"\xff" else None


def _middle_block(
    row: Callable[[int], bytes], width: int, height: int, size: int
) -> tuple[tuple[int, int, int, int], bytes]:
    """The middle row's run of the middle pixel (`size` bytes; `row(r)` is row r), grown
    up and down while every pixel of the run's columns is that one: (left, top, right,
    bottom), and the pixel."""
    y, x = height // 2, width // 2
    middle = row(y)
    pixel = middle[size * x : size * (x + 1)]
    left, right = x, x + 1
    while left > 0 and middle[size * (left - 1) : size * left] == pixel:
        left -= 1
    while right < width and middle[size * right : size * (right + 1)] == pixel:
        right += 1
    run = pixel * (right - left)

    def same(r: int) -> bool:
        return row(r)[size * left : size * right] == run

    top, bottom = y, y + 1
    while top > 0 and same(top - 1):
        top -= 1
    while bottom < height and same(bottom):
        bottom += 1
    return (left, top, right, bottom), pixel


def _line_height(font: pygame.font.Font) -> int:
    """The height of a rendered line, accented capitals included."""
    return max(font.get_linesize(), font.size("ÁÑg")[1])


def _bounds(points, margin: float) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top = int(min(xs) - margin) - 1, int(min(ys) - margin) - 1
    return left, top, int(max(xs) + margin) + 2 - left, int(max(ys) + margin) + 2 - top


class Painter:
    """Draws on one surface; `placed` lists every text drawn since `begin` with its rect.

    Every drawing call is an `Op` in `ops`. While `deferred` (set by `begin(defer=True)`), the
    calls are only listed: `replay` draws them, all or those in some regions."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self._fonts: dict[int, pygame.font.Font] = {}
        screen = surface.get_width() * surface.get_height() * 4
        self.texts = SurfaceCache(round(screen * TEXT_SCREENS))
        self.alphas = SurfaceCache(round(screen * ALPHA_SCREENS))  # by (text, px)
        self.images = SurfaceCache(round(screen * IMAGE_SCREENS))
        self._widths: OrderedDict[tuple[str, int], int] = OrderedDict()
        self._planes: dict[tuple, pygame.Color | pygame.Surface] = {}  # by _halved_colour's args
        self._unkept: dict[tuple[str, int], tuple[RGB, tuple[int, int]]] = {}  # keep_alphas's
        # What a drawing of kept images is made of, by its key: their keys and places, no
        # image (parts.card_parts: a card played again looks its parts up, nothing more).
        self.recipes: dict[Hashable, tuple] = {}
        self._halver = Halver()
        # While set (`foreseeing`), texts not kept are made apart from the kept ones, with
        # their alphas: frames that may never come (a turn foresees some 18 plays, and one is
        # scanned) push nothing out of the caches; a frame takes what it uses, `unforesee`
        # drops the rest.
        self._foreseeing = False
        self._foreseen_texts: dict[tuple[str, int, RGB, int], pygame.Surface] = {}
        self._foreseen: dict[tuple[str, int], Alpha] = {}
        self._ink: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = (
            weakref.WeakKeyDictionary()
        )  # each image's bounding box of visible pixels
        self._ratio = 0.0
        self.placed: list[tuple[str, pygame.Rect]] = []
        self.marks: dict[str, pygame.Rect] = {}  # named rects: "top_card", "seat 2", ...
        self.cut: list[str] = []  # texts that had to lose their end to fit, since `begin`
        self.min_px = 6  # no text is shrunk below this to fit: it is cut instead
        self.ops: list[Op] = []
        # Beside each call: its box as a Rect (pygame tests Rects for collisions fastest), and
        # the Rect it paints every pixel of, whatever lies under it (None: none).
        self.boxes: list[pygame.Rect] = []
        self.covers: list[pygame.Rect | None] = []
        self.deferred = False
        self._ovals: dict[Box, Oval] = {}
        self._felts: dict[tuple, Felt] = {}

    def begin(self, defer: bool = False) -> None:
        """Start a frame: forget what the last one placed; with `defer`, only list the calls."""
        self.placed, self.marks, self.cut, self.ops = [], {}, [], []
        self.boxes, self.covers = [], []
        self.deferred = defer

    # --- the frame's calls ------------------------------------------------------------------

    def _op(self, kind: str, box: Box, *args) -> None:
        op = Op(kind, box, args)
        self.ops.append(op)
        self.boxes.append(pygame.Rect(box))
        self.covers.append(_COVERS[kind](op) if kind in _COVERS else None)
        if not self.deferred:
            _DRAW[kind](self.surface, op)

    def replay(self, regions: list[pygame.Rect] | None = None) -> None:
        """Draw the listed calls: all of them, or, region by region, those that touch it."""
        self.deferred = False
        surface = self.surface
        if regions is None:
            for op in self.ops:
                _DRAW[op.kind](surface, op)
            return
        clip = surface.get_clip()
        ops = self.ops
        try:
            for region in regions:
                for part, calls in self._seen(region):
                    surface.set_clip(part)
                    for k in calls:
                        op = ops[k]
                        _DRAW[op.kind](surface, op)
        finally:
            surface.set_clip(clip)

    def _seen(self, region: pygame.Rect) -> list[tuple[pygame.Rect, list[int]]]:
        """`region` in parts, each with the calls (their indices, in order) that touch it and
        are seen there: what lies under a call that paints every pixel of a part is not."""
        touched = region.collidelistall(self.boxes)  # in order: the background first
        covers = self.covers
        whole: bool | None = None  # whether a call that must be drawn whole touches it
        for n in range(len(touched) - 1, 0, -1):
            cover = covers[touched[n]]
            if cover is None or not cover.colliderect(region):
                continue
            if cover.contains(region):
                return [(region, touched[n:])]
            inner = region.clip(cover)
            if 2 * _area(inner) < _area(region):
                continue  # little to spare: a call under it may cover more (a box under a badge)
            if whole is None:
                whole = any(self.ops[k].kind in WHOLE for k in touched)
            if whole:
                continue  # never cut: only a call covering all of the region hides what is under
            around = [(r, r.collidelistall(self.boxes)) for r in _around(region, inner)]
            return [(inner, touched[n:]), *around]
        return [(region, touched)]

    # --- fonts and text -------------------------------------------------------------------

    def font(self, px: int) -> pygame.font.Font:
        """The default font whose lines are at most `px` pixels high."""
        font = self._fonts.get(px)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            if not self._ratio:
                self._ratio = _line_height(pygame.font.Font(None, 100)) / 100
            size = max(6, int(px / self._ratio) + 1)
            font = pygame.font.Font(None, size)
            while _line_height(font) > px and size > 6:
                size -= 1
                font = pygame.font.Font(None, size)
            self._fonts[px] = font
        return font

    def text_image(self, text: str, px: int, color: RGB, outline: int = 0) -> pygame.Surface:
        """One line of `text` at `px` in `color` (with an `outline` of INK), kept."""
        key = (text, px, color, outline)
        image = self.texts.get(key)
        if image is None and key in self._foreseen_texts:
            if self._foreseeing:
                return self._foreseen_texts[key]
            image = self._foreseen_texts.pop(key)  # foreseen, and it came: kept now
            self.texts.put(key, image)
        if image is None:
            image = self._made_text(text, px, color, outline)
            if self._foreseeing:
                self._foreseen_texts[key] = image
            else:
                self.texts.put(key, image)
        return image

    def _made_text(self, text: str, px: int, color: RGB, outline: int) -> pygame.Surface:
        if outline:
            return outlined_text(self.font(px), text, color, INK, outline)
        if px >= FINE_PX:
            return self.font(px).render(text, True, color)
        alpha = self._alpha(text, px)
        if alpha is not None:
            image = alpha.coloured(self._halved_colour(color, alpha.big, alpha.size))
            if alpha.ink is not None:
                self._ink[image] = pygame.Rect(alpha.ink)  # not worked out again
            return image
        image, big = self._fine(text, px, color)
        if self._foreseeing:
            ink = self._ink[image] = self._text_ink(text, px, image)  # `text` reads it too
            self._foreseen[(text, px)] = Alpha.of(image, big, tuple(ink))
            return image
        if len(self._unkept) >= UNKEPT:
            self.keep_alphas()
        self._unkept[(text, px)] = (color, big)  # its alpha: kept later
        return image

    @contextlib.contextmanager
    def foreseeing(self) -> Iterator[None]:
        """Within it, texts not kept are made apart (with their alphas), for frames that may
        never come: the next frame's text_image takes what it uses into the caches, and
        `unforesee` drops the rest."""
        self._foreseeing = True
        try:
            yield
        finally:
            self._foreseeing = False

    def unforesee(self) -> None:
        """Drop the texts and alphas made `foreseeing` that no frame took."""
        self._foreseen_texts, self._foreseen = {}, {}

    def _alpha(self, text: str, px: int) -> Alpha | None:
        """The alpha kept of a line drawn halved, or taken now from the line if it was made
        since `keep_alphas` and is still kept, or one made `foreseeing` (kept, once out of
        it)."""
        key = (text, px)
        alpha = self.alphas.get(key)
        if alpha is None and key in self._unkept:
            alpha = self._keep_alpha(text, px, *self._unkept.pop(key))
        if alpha is None and key in self._foreseen:
            if self._foreseeing:
                return self._foreseen[key]
            alpha = self._foreseen.pop(key)
            self.alphas.put(key, alpha)
        return alpha

    def keep_alphas(self) -> None:
        """Keep the alpha of each line drawn halved since the last call (while the table
        waits: a frame that makes a new line does not also copy its alpha)."""
        unkept, self._unkept = self._unkept, {}
        for (text, px), (color, big) in unkept.items():
            self._keep_alpha(text, px, color, big)

    def _keep_alpha(self, text: str, px: int, color: RGB, big: tuple[int, int]) -> Alpha | None:
        image = self.texts.peek((text, px, color, 0))
        if image is None:
            return None  # gone already: the next use draws it again
        ink = self._ink.get(image)
        alpha = Alpha.of(image, big, tuple(ink) if ink is not None else None)
        self.alphas.put((text, px), alpha)
        return alpha

    def _halved_colour(self, color: RGB, big: tuple[int, int], small: tuple[int, int]):
        """`_halved_colour`, kept: the same few texts are made again, in the same colours."""
        key = (color, big, small)
        return _memo(self._planes, key, PLANES, lambda: _halved_colour(color, big, small))

    def _fine(self, text: str, px: int, color: RGB) -> tuple[pygame.Surface, tuple[int, int]]:
        # Hinting snaps each glyph to whole pixels: at small sizes letters bunch up and gap
        # ("DR AW"). Drawn twice the size and halved, they keep their true spacing.
        halved, big = self._halver.line(self.font(px * 2), text)
        return Halver.colour(halved, self._halved_colour(color, big, halved.get_size())), big

    def width(self, text: str, px: int) -> int:
        """How wide `text` is drawn at `px` (measured once, then kept)."""
        key = (text, px)
        width = self._widths.get(key)
        if width is None:
            shown = drawable(text)
            if px < FINE_PX:
                width = halved_size(self.font(px * 2).size(shown))[0]
            else:
                width = self.font(px).size(shown)[0]
            self._widths[key] = width
            if len(self._widths) > WIDTHS:
                self._widths.popitem(last=False)
        return width

    def _text_ink(self, text: str, px: int, image: pygame.Surface) -> pygame.Rect:
        """The rows of `image` (a line of `text`) that its glyphs may touch, from the font's
        metrics: cheaper than scanning the pixels, and a pixel or two to spare."""
        fine = px < FINE_PX
        font = self.font(px * 2 if fine else px)
        metrics = [m for m in font.metrics(text) if m is not None]
        if not metrics:
            return image.get_rect()
        scale = 0.5 if fine else 1.0
        ascent = font.get_ascent()
        top = math.floor((ascent - max(m[3] for m in metrics)) * scale) - 2
        bottom = math.ceil((ascent - min(m[2] for m in metrics)) * scale) + 2
        return pygame.Rect(0, top, image.get_width(), bottom - top).clip(image.get_rect())

    def fit_px(self, text: str, px: int, max_w: float, smallest: float = 0.7) -> int:
        """The biggest size up to `px` (down to `smallest` of it, never below `min_px`) at which
        `text` fits."""
        low = max(self.min_px, round(px * smallest))
        if px <= low:
            return px
        while px > low and self.width(text, px) > max_w:
            px = max(low, round(px * 0.92))
        return px

    def clip(self, text: str, px: int, max_w: float, names: Sequence[str] = ()) -> str:
        """`text` cut with an ellipsis to fit `max_w`; the seat `names` in it shortened first,
        if that is enough (abridge.shortened: nothing else of it is lost, nothing is cut)."""
        text = drawable(text)
        if self.width(text, px) <= max_w:
            return text
        short = shortened(text, names, lambda t: self.width(t, px) <= max_w) if names else None
        if short is not None:
            return short
        self.cut.append(text)
        while text and self.width(text + ELLIPSIS, px) > max_w:
            text = text[:-1]
        return text.rstrip() + ELLIPSIS if text else ""

    def wrap(
        self, text: str, px: int, max_w: float, lines: int = 2, names: Sequence[str] = ()
    ) -> list[str]:
        """`text` broken at spaces into at most `lines` lines of `max_w`; where it takes more,
        the seat `names` in it shortened (as `clip`), else the last line clipped."""
        whole = " ".join(drawable(text).split())
        if lines and self.width(whole, px) <= max_w:
            # All of it fits: the line `broken` would give, measured once, not word by word.
            return [whole] if whole else []
        out = self.broken(whole, px, max_w)
        if names and not self._holds(out, px, max_w, lines):
            short = shortened(whole, names, lambda t: self.held(t, px, max_w, lines) is not None)
            if short is not None:
                return self.broken(short, px, max_w)
        out[lines - 1 :] = [" ".join(out[lines - 1 :])] if out[lines - 1 :] else []
        if out:
            out[-1] = self.clip(out[-1], px, max_w)
        return out

    def held(self, text: str, px: int, max_w: float, lines: int) -> list[str] | None:
        """`text` broken at spaces into at most `lines` lines of `max_w`, nothing cut; None
        where it takes more lines, or a word is wider than `max_w` alone."""
        whole = " ".join(text.split())
        if self.width(whole, px) <= max_w:
            return [whole] if whole else []
        out = self.broken(whole, px, max_w)
        return out if self._holds(out, px, max_w, lines) else None

    def _holds(self, out: list[str], px: int, max_w: float, lines: int) -> bool:
        """Whether lines `broken` gave are at most `lines`, each within `max_w`: only a line
        of one word can be wider, and only a long one is measured (no glyph of the font is
        twice as wide as its line is high)."""
        if len(out) > lines:
            return False
        return not any(
            " " not in line and len(line) * 2 * px > max_w and self.width(line, px) > max_w
            for line in out
        )

    def fitted(
        self, text: str, sizes: Sequence[int], max_w: float, lines: int, names: Sequence[str] = ()
    ) -> tuple[list[str], int]:
        """`text` in at most `lines` lines of `max_w` at the first of `sizes` (the largest
        first) that holds it whole, and that size; else at the last, as `wrap` gives it."""
        for px in sizes[:-1]:
            out = self.held(text, px, max_w, lines)
            if out is not None:
                return out, px
        return self.wrap(text, sizes[-1], max_w, lines, names), sizes[-1]

    def broken(self, text: str, px: int, max_w: float) -> list[str]:
        """`text` broken at spaces into lines of `max_w`, as many as it takes (nothing cut but
        a word wider than `max_w` alone)."""
        out: list[str] = []
        words = text.split()
        while words:
            line = words.pop(0)
            while words and self.width(line + " " + words[0], px) <= max_w:
                line += " " + words.pop(0)
            out.append(line)
        return out

    def text(
        self,
        text: str,
        px: int,
        color: RGB,
        max_w: float | None = None,
        outline: int = 0,
        names: Sequence[str] = (),
        **anchor: tuple[float, float],
    ) -> pygame.Rect:
        """Draw one line anchored like a Rect (`center=(x, y)`); shrink it to `max_w`, then
        shorten the seat `names` in it, or clip it (`clip`)."""
        text = drawable(text)
        if max_w is not None:
            px = self.fit_px(text, px, max_w)
            text = self.clip(text, px, max_w, names)
        if not text:
            return pygame.Rect(0, 0, 0, 0)
        image = self.text_image(text, px, color, outline)
        ((where, point),) = anchor.items()
        rect = image.get_rect(**{where: (round(point[0]), round(point[1]))})
        ink = self._ink.get(image)
        if ink is None:
            ink = self._ink[image] = self._text_ink(text, px, image) if not outline else rect
        self._op("blit", tuple(ink.move(rect.topleft)), image, tuple(rect))
        self.placed.append((text, rect))
        return rect

    # --- images ---------------------------------------------------------------------------

    def image(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A drawing made once per key (card faces, swatches)."""
        image = self.images.get(key)
        if image is None:
            image = self._screen_format(make())
            self.images.put(key, image)
        return image

    @staticmethod
    def _screen_format(image: pygame.Surface) -> pygame.Surface:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            # The screen's own format blits fastest.
            alpha = image.get_flags() & pygame.SRCALPHA
            image = image.convert_alpha() if alpha else image.convert()
        return image

    def ink(self, image: pygame.Surface) -> pygame.Rect:
        """Where `image` has ink (its bounding box of visible pixels), found once."""
        ink = self._ink.get(image)
        if ink is None:
            ink = self._ink[image] = image.get_bounding_rect()
        return ink

    def _blit(self, image: pygame.Surface, rect: pygame.Rect) -> None:
        # The box is where the image has ink: its clear margins change no pixel.
        self._op("blit", tuple(self.ink(image).move(rect.topleft)), image, tuple(rect))

    def blit(self, image: pygame.Surface, mark: str | None = None, **anchor) -> pygame.Rect:
        ((where, point),) = anchor.items()
        rect = image.get_rect(**{where: (round(point[0]), round(point[1]))})
        self._blit(image, rect)
        if mark:
            self.marks[mark] = rect
        return rect

    # --- shapes ---------------------------------------------------------------------------

    def panel(
        self, rect: pygame.Rect, fill, edge=None, width: int = 0, radius: int = 0, over=None
    ) -> pygame.Rect:
        """A rounded box, filled, with an optional border; `over`: the felt under it (as
        `felt` takes it), when it lies right on the felt."""
        edge_width = width if edge is not None else 0
        if fill is not None and (len(fill) == 4 or self._kept(rect, radius)):
            # Drawn once into an image: rounded corners cost SDL more than a blit does.
            key = ("panel", rect.size, tuple(fill), edge and tuple(edge), edge_width, radius)
            make = lambda: _panel(rect.size, fill, edge, edge_width, radius)  # noqa: E731
            split = self._split(key, make, rect.topleft, over)
            self._op("split", tuple(split.ink.move(rect.topleft)), split, rect.topleft)
            return rect
        if fill is not None:
            self.rect(fill, rect, 0, radius)
        if edge_width > 0:
            self.rect(edge, rect, edge_width, radius)
        return rect

    def glowing(
        self,
        rect: pygame.Rect,
        fill,
        edge,
        width: int,
        radius: int,
        glow: pygame.Rect,
        halo,
        over=None,
    ) -> pygame.Rect:
        """A panel (as `panel` draws it) over a see-through rounded `glow` (`halo`: its fill
        and radius) drawn first: one image, whose opaque middle is copied, not blended."""
        glow_fill, glow_radius = halo
        if len(glow_fill) != 4 or len(fill) != 3 or not self._kept(rect, radius):
            if len(glow_fill) == 4 and not glow_fill[3]:  # a clear glow (off turn): nothing
                return self.panel(rect, fill, edge, width, radius, over)
            self.panel(glow, glow_fill, radius=glow_radius, over=over)
            return self.panel(rect, fill, edge, width, radius)  # on the glow, not the felt
        at = (rect.x - glow.x, rect.y - glow.y)
        key = ("glowing", glow.size, tuple(glow_fill), glow_radius, at, rect.size, tuple(fill),
               edge and tuple(edge), width, radius)  # fmt: skip
        panel = lambda: _panel(rect.size, fill, edge, width, radius)  # noqa: E731
        split = self._split(key, lambda: _glowing(glow.size, halo, at, panel()), glow.topleft, over)
        self._op("split", tuple(split.ink.move(glow.topleft)), split, glow.topleft)
        return rect

    def kept_split(self, key: Hashable, make: Callable[[], pygame.Surface]) -> Split:
        """The image `make()` makes (with alpha), kept in parts by key (Split): drawn by
        `split`, its opaque middle is copied or filled, not blended."""
        split = self.images.get(key)
        if split is None:
            split = Split.of(make(), self._screen_format)
            self.images.put(key, split)
        return split

    def split(self, split: Split, mark: str | None = None, **anchor) -> pygame.Rect:
        """`split` (from kept_split) anchored like a Rect, as `blit` places an image."""
        ((where, point),) = anchor.items()
        rect = pygame.Rect((0, 0), split.size)
        setattr(rect, where, (round(point[0]), round(point[1])))
        self._op("split", tuple(split.ink.move(rect.topleft)), split, rect.topleft)
        if mark:
            self.marks[mark] = rect
        return rect

    def _split(self, key: tuple, make, topleft: tuple[int, int], over) -> Split:
        """The image `make()` makes, kept in parts (Split); where it lies right on a felt
        (`over`), that image blended onto the felt where it goes, kept by place, whose
        opaque pieces are the plain one's: no felt drawn under it, nothing blended."""
        made = self.images.peek(key) is None
        split = self.kept_split(key, make)
        if over is None or self.surface.get_flags() & pygame.SRCALPHA:
            return split
        felt_key, felt = self._felt_of(*over)
        place = ("on felt", key, tuple(topleft), felt_key)
        # Made again with the plain image: a flat one kept shares the block of the one gone.
        flat = None if made else self.images.get(place)
        if flat is None:
            flat = split.on(felt, topleft, self.surface)
            self.images.put(place, flat)
        return flat

    def _kept(self, rect: pygame.Rect, radius: int) -> bool:
        """Whether a panel is worth an image: rounded, and small (seats, pills, keys)."""
        screen = self.surface.get_width() * self.surface.get_height()
        return radius > 0 and rect.width * rect.height * SMALL_PANEL <= screen

    def rect(self, color, rect, width: int = 0, radius: int = 0) -> None:
        """pygame.draw.rect, as a call of the frame."""
        box = tuple(pygame.Rect(rect))
        self._op("rect", box, tuple(color), box, width, radius)

    def circle(self, color, center, radius: float, width: int = 0) -> None:
        """pygame.draw.circle, as a call of the frame."""
        r = int(radius) + 2
        box = (int(center[0]) - r, int(center[1]) - r, 2 * r + 1, 2 * r + 1)
        self._op("circle", box, tuple(color), tuple(center), radius, width)

    def ellipse(self, color, rect: pygame.Rect) -> None:
        """pygame.draw.ellipse (filled), as a call of the frame."""
        box = tuple(pygame.Rect(rect))
        self._op("ellipse", box, tuple(color), box, self._oval(box))

    def felt(self, color, rect: pygame.Rect, ovals: tuple[tuple[tuple, pygame.Rect], ...]) -> None:
        """`rect` filled, then each of `ovals` (colour, rect) filled over it, as one call of
        the frame: a region wholly inside an ellipse is drawn from that ellipse on."""
        key, felt = self._felt_of(color, rect, ovals)
        self._op("felt", key[1], felt)

    def _felt_of(self, color, rect: pygame.Rect, ovals) -> tuple[tuple, Felt]:
        box = tuple(pygame.Rect(rect))
        key = (tuple(color), box, tuple((tuple(c), tuple(pygame.Rect(r))) for c, r in ovals))
        return key, _memo(self._felts, key, FELTS, lambda: self._new_felt(key))

    def _new_felt(self, key: tuple) -> Felt:
        color, box, ovals = key
        layers = tuple((c, self._oval(r)) for c, r in ovals)
        budget = round(self.surface.get_width() * self.surface.get_height() * 4 * FELT_SCREENS)
        return Felt(color, box, layers, budget)

    def _oval(self, box: Box) -> Oval:
        return _memo(self._ovals, box, OVALS, lambda: Oval(pygame.Rect(box)))

    def lines(self, color, points, width: int) -> None:
        """pygame.draw.lines (open), as a call of the frame."""
        points = tuple(tuple(p) for p in points)
        self._op("lines", _bounds(points, width), tuple(color), points, width)

    def polygon(self, points, color) -> None:
        """A smooth filled polygon (cards_art.fill_polygon), as a call of the frame."""
        # Whole pixels, as fill_polygon draws them: cheaper to hash and compare.
        points = tuple((round(x), round(y)) for x, y in points)
        self._op("polygon", _bounds(points, 1), tuple(color), points)

    def shade(self, keep: float, rect: pygame.Rect | None = None) -> None:
        """Darken the frame, or `rect` of it, to `keep` of its brightness (behind an overlay).

        In place: a see-through layer the size of the screen would cost a screen of memory."""
        level = round(255 * keep)
        box = tuple(rect if rect is not None else self.surface.get_rect())
        self._op("shade", box, level)


@dataclass(frozen=True)
class Alpha:
    """A line drawn halved (Painter._fine)'s alpha, a byte a pixel: it does not depend on the
    colour, and each pixel's colour is what smoothscale makes of that colour alone
    (`_halved_colour`), so the line is made again from it in any colour."""

    alpha: bytes
    size: tuple[int, int]
    big: tuple[int, int]  # the size it was drawn at, to be halved
    ink: Box | None = None  # the rows its glyphs may touch (Painter._text_ink)

    @staticmethod
    def of(image: pygame.Surface, big: tuple[int, int], ink: Box | None = None) -> Alpha:
        """The alpha of `image`, a line halved from `big` (with its `ink`, if known)."""
        width, height = image.get_size()
        if image.get_pitch() == 4 * width and image.get_masks() == _ARGB:
            # B, G, R, A: a copy, not a conversion (a memoryview's strided copy is 7x slower).
            pixels = image.get_buffer().raw
        else:
            pixels = pygame.image.tobytes(image, "BGRA")
        return Alpha(pixels[3::4], (width, height), big, ink)

    def coloured(self, plane: pygame.Color | pygame.Surface) -> pygame.Surface:
        """The line in a colour, given the `_halved_colour` of that colour: the very pixels
        drawing it in that colour gives, for less."""
        width, height = self.size
        if isinstance(plane, pygame.Color):
            pixels = bytearray((plane.b, plane.g, plane.r, 0)) * (width * height)
        else:
            pixels = bytearray(pygame.image.tobytes(plane, "BGRA"))
        pixels[3::4] = self.alpha
        return pygame.image.frombuffer(pixels, self.size, "BGRA")  # it keeps `pixels` alive


_ARGB = (0xFF0000, 0xFF00, 0xFF, 0xFF000000)  # font.render's and smoothscale's masks


def _halved_colour(
    color, big: tuple[int, int], small: tuple[int, int]
) -> pygame.Surface | pygame.Color:
    """What smoothscale makes, pixel by pixel, of a plain `color` `big` shrunk to `small`, on
    a clear surface: one colour (almost always) or a surface. It shrinks rows first, then
    columns, each pixel from its own neighbours: one row shrunk, then one column of each colour
    that row holds shrunk, is the same, for a fraction of the work."""
    row = pygame.Surface((big[0], 1), pygame.SRCALPHA)
    row.fill((*color[:3], 0))
    row = pygame.transform.smoothscale(row, (small[0], 1))
    pixels = pygame.image.tobytes(row, "RGBA")
    if pixels != pixels[:4] * small[0]:  # the row is not one colour: shrink every column
        columns = pygame.transform.scale(row, (small[0], big[1]))
        return pygame.transform.smoothscale(columns, small)
    column = pygame.Surface((1, big[1]), pygame.SRCALPHA)
    column.fill(row.get_at((0, 0)))
    column = pygame.transform.smoothscale(column, (1, small[1]))
    pixels = pygame.image.tobytes(column, "RGBA")
    if pixels == pixels[:4] * small[1]:
        return column.get_at((0, 0))
    return pygame.transform.scale(column, small)


def _panel(size: tuple[int, int], fill, edge, width: int, radius: int) -> pygame.Surface:
    """A rounded box on a clear surface: the same pixels as drawn in place, where opaque."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    if edge is not None and width > 0:
        pygame.draw.rect(layer, edge, layer.get_rect(), width, border_radius=radius)
    return layer


def _glowing(size: tuple[int, int], halo, at: tuple[int, int], panel: pygame.Surface):
    """A glow with `panel` at `at` over it: blending the two in turn onto any opaque pixels
    gives what blending this does, as every pixel of a panel is clear or of alpha 255 (the
    panel's pixels are copied in where they are opaque, the glow's kept where it is clear)."""
    glow_fill, glow_radius = halo
    layer = _panel(size, glow_fill, None, 0, glow_radius)
    shape = pygame.mask.from_surface(panel, 254)
    if shape.count() != pygame.mask.from_surface(panel, 0).count():
        raise ValueError("a panel with pixels neither clear nor opaque")
    shape.to_surface(layer, setsurface=panel, unsetcolor=None, dest=at)
    return layer


# Where an image goes is given to pygame as a rect (x, y, w, h): given (x, y), pygame tries it
# as a rect first, and fails slowly (an exception made and dropped on every blit).


def _blit(surface: pygame.Surface, op: Op) -> None:
    image, rect = op.args
    surface.blit(image, rect)


def _split(surface: pygame.Surface, op: Op) -> None:
    split, (x, y) = op.args
    if split.solid is not None:
        colour, core = split.solid
        fill(surface, colour, core.move(x, y))
    for image, (dx, dy) in split.pieces:
        surface.blit(image, (x + dx, y + dy, 0, 0))


def fill(surface: pygame.Surface, color, rect) -> None:
    """`surface.fill(color, rect)` within the clip: the same pixels, in up to three fills.

    On x86 SDL fills each row of 64 bytes or more with streaming stores, and a row whose
    streamed run is followed by a few plain stores (its last pixels) often costs ten times as
    much, whatever its width: 18 us for a line of the events list against 6 us in parts
    (335 x 39 pixels; over a match's fills, 23.5 ms against 9.1). So: the pixels up to a
    16-byte boundary, a middle of whole 64-byte runs, then the rest, each filled alone."""
    x, y, w, h = pygame.Rect(rect).clip(surface.get_clip())
    if w < 16 or surface.get_bytesize() != 4 or surface.get_pitch() % 16:
        surface.fill(color, (x, y, w, h))
        return
    start = min(x + w, (x + 3) & ~3)
    middle = (x + w - start) & ~15
    for left, width in ((x, start - x), (start, middle), (start + middle, x + w - start - middle)):
        if width > 0:
            surface.fill(color, (left, y, width, h))


def _rect(surface: pygame.Surface, op: Op) -> None:
    color, rect, width, radius = op.args
    if width < 0:
        return  # pygame draws nothing
    if radius > 0:  # SDL walks the whole rounded box for every region it is clipped to
        inside = _rounded_holds(pygame.Rect(rect), width, radius, surface.get_clip())
        if inside is not None:
            if inside:
                fill(surface, color, surface.get_clip())
            return
    if width == 0 and radius <= 0:
        fill(surface, color, rect)
        return
    pygame.draw.rect(surface, color, rect, width, border_radius=radius)


def _rounded_holds(box: pygame.Rect, width: int, radius: int, region: pygame.Rect) -> bool | None:
    """Whether pygame's rounded box paints every pixel of `region` (True), none (False), or
    some (None: draw it); a pixel to spare beyond each corner's radius and each edge's width."""
    corner = radius + 1
    if 2 * max(corner, width + 1) >= min(box.size):
        return None  # corners or edges meet: pygame may paint past the box (draw it)
    if not box.colliderect(region):
        return False
    if width <= 0:
        inner = (box.inflate(-2 * corner, 0), box.inflate(0, -2 * corner))
        return True if any(r.contains(region) for r in inner) else None
    corner, edge = max(corner, width + 1), width + 1
    hollow = (box.inflate(-2 * corner, -2 * edge), box.inflate(-2 * edge, -2 * corner))
    return False if any(r.contains(region) for r in hollow) else None


def _circle(surface: pygame.Surface, op: Op) -> None:
    color, center, radius, width = op.args
    pygame.draw.circle(surface, color, center, radius, width)


def _ellipse(surface: pygame.Surface, op: Op) -> None:
    color, _, oval = op.args
    oval.draw(surface, color)


def _felt(surface: pygame.Surface, op: Op) -> None:
    (felt,) = op.args
    felt.draw(surface)


def _lines(surface: pygame.Surface, op: Op) -> None:
    color, points, width = op.args
    pygame.draw.lines(surface, color, False, points, width)


def _polygon(surface: pygame.Surface, op: Op) -> None:
    color, points = op.args
    fill_polygon(surface, list(points), color)


def _cover_blit(op: Op) -> pygame.Rect | None:
    image, rect = op.args
    flags, keyed = image.get_flags(), image.get_colorkey() is not None
    opaque = not flags & pygame.SRCALPHA and not keyed and image.get_alpha() is None
    return pygame.Rect(rect) if opaque else None


def _cover_split(op: Op) -> pygame.Rect | None:
    split, topleft = op.args
    return split.opaque.move(topleft) if split.opaque is not None else None


def _cover_rect(op: Op) -> pygame.Rect | None:
    color, rect, width, radius = op.args
    if width != 0 or (len(color) == 4 and color[3] != 255):
        return None  # an edge only, nothing (width < 0), or see-through
    box = pygame.Rect(rect)
    if radius <= 0:
        return box
    corner = radius + 1  # a pixel to spare beyond the corner, as _rounded_holds
    if 2 * corner >= min(box.size):
        return None
    # The larger of the two bands the corners leave whole.
    return max(box.inflate(-2 * corner, 0), box.inflate(0, -2 * corner), key=_area)


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def _around(region: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """`region` less `inner` (a rect inside it), as up to four rects: the rows above and
    below it, and the columns beside it."""
    left, top, right, bottom = region.left, region.top, region.right, region.bottom
    rects = (
        pygame.Rect(left, top, region.width, inner.top - top),
        pygame.Rect(left, inner.bottom, region.width, bottom - inner.bottom),
        pygame.Rect(left, inner.top, inner.left - left, inner.height),
        pygame.Rect(inner.right, inner.top, right - inner.right, inner.height),
    )
    return [r for r in rects if r.width > 0 and r.height > 0]


def _shade(surface: pygame.Surface, op: Op) -> None:
    (level,) = op.args
    surface.fill((level, level, level), op.box, special_flags=pygame.BLEND_MULT)


_COVERS: dict[str, Callable[[Op], pygame.Rect | None]] = {
    "blit": _cover_blit,
    "split": _cover_split,
    "rect": _cover_rect,
    "felt": lambda op: pygame.Rect(op.box),  # the room, then the ellipses: every pixel
}
"""Calls that may paint every pixel of some rect whatever lies under it; the others none."""

_DRAW: dict[str, Callable[[pygame.Surface, Op], None]] = {
    "blit": _blit,
    "split": _split,
    "rect": _rect,
    "circle": _circle,
    "ellipse": _ellipse,
    "felt": _felt,
    "lines": _lines,
    "polygon": _polygon,
    "shade": _shade,
}

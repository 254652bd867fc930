"""Where things go on a screen of any size: seats on the edges, the table in the middle."""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from dataclasses import dataclass

import pygame

from table.positions import Position

from . import theme as th

_SIDES = {
    # position: (column, row) on a 3 x 3 grid around the middle
    Position.TOP_LEFT: (0, 0),
    Position.TOP: (1, 0),
    Position.TOP_RIGHT: (2, 0),
    Position.LEFT: (0, 1),
    Position.RIGHT: (2, 1),
    Position.BOTTOM_LEFT: (0, 2),
    Position.BOTTOM: (1, 2),
    Position.BOTTOM_RIGHT: (2, 2),
}


NARROWEST = 5 / 3
"""Width over height of the narrowest screen the sizes are made for (800x480). On a narrower
one (4:3, 5:4, 16:10) sizes follow the width instead, as on a screen this shape as wide:
what fits across 800x480 fits across it, and the room left over is height."""


@dataclass(frozen=True)
class Layout:
    """The geometry of one screen size; every length follows the height (`unit` = 1%), or the
    width on a screen narrower than NARROWEST."""

    width: int
    height: int

    @functools.cached_property  # read for every length: worked out once a Layout
    def scale(self) -> float:
        """The height lengths are hundredths of: the screen's, at most width / NARROWEST."""
        return min(self.height, self.width / NARROWEST)

    @property
    def narrow(self) -> bool:
        """Whether the screen is narrower than NARROWEST (its lengths follow the width)."""
        return self.scale < self.height

    @property
    def unit(self) -> float:
        return self.scale / 100

    def u(self, n: float) -> int:
        """`n` hundredths of the scale (the height), in pixels."""
        return round(self.scale * n / 100)

    def px(self, role: float) -> int:
        """A type size (a fraction from theme) in pixels."""
        return max(8, round(self.scale * role))

    def sizes(self, role: float) -> tuple[int, ...]:
        """The type sizes from `role` down to the smallest (theme.TINY), in pixels, largest
        first: those a sentence steps down to be said whole."""
        return tuple(dict.fromkeys(self.px(size) for size in th.SIZES if size <= role))

    @property
    def screen(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def margin(self) -> int:
        return self.u(1.5)

    @property
    def bar(self) -> pygame.Rect:
        """The prompt bar along the bottom."""
        h = self.u(11)
        return pygame.Rect(0, self.height - h, self.width, h)

    @property
    def table(self) -> pygame.Rect:
        """Everything above the prompt bar."""
        return pygame.Rect(0, 0, self.width, self.bar.top)

    @property
    def seat_size(self) -> tuple[int, int]:
        w = min(max(self.width * 0.18, self.u(30)), self.u(44))
        return round(w), self.u(17)

    @property
    def center(self) -> pygame.Rect:
        """The middle of the table, clear of every seat position."""
        sw, sh = self.seat_size
        gap = self.margin * 2
        left, top = sw + gap, sh + gap
        table = self.table
        return pygame.Rect(left, top, table.width - 2 * left, table.height - 2 * top)

    @property
    def status(self) -> pygame.Rect:
        """The device status corner, at the right end of the prompt bar."""
        bar = self.bar
        w = math.ceil(max(self.width * 0.2, self.u(34)))
        return pygame.Rect(bar.right - w, bar.top, w, bar.height).inflate(-self.margin, 0)

    def seat_rects(self, positions: tuple[str, ...]) -> list[pygame.Rect]:
        """A box for each seat; seats sharing a position share its edge."""
        groups: dict[str, list[int]] = defaultdict(list)
        for seat, where in enumerate(positions):
            groups[where if where in _SIDES else Position.BOTTOM].append(seat)
        rects = [pygame.Rect(0, 0, 0, 0)] * len(positions)
        for where, seats in groups.items():
            boxes = self._split(where, len(seats))
            col, row = _SIDES[where]
            if col == 0 or (col, row) == (1, 2):
                boxes.reverse()  # clockwise runs right to left at the bottom, upwards on the left
            for seat, rect in zip(seats, boxes, strict=True):
                rects[seat] = rect
        return rects

    @functools.lru_cache(maxsize=8)  # noqa: B019 (a Layout is two ints: keeping one is free)
    def seat_boxes(self, positions: tuple[str, ...]) -> tuple[tuple[int, int, int, int], ...]:
        """`seat_rects` as (x, y, width, height), worked out once per screen and seating."""
        return tuple(tuple(rect) for rect in self.seat_rects(positions))

    def _split(self, where: str, n: int) -> list[pygame.Rect]:
        col, row = _SIDES[where]
        sw, sh = self.seat_size
        table, m = self.table, self.margin
        if row != 1 and col == 1:
            # Along the top or bottom edge: side by side, centred, narrower when many.
            w = min(sw, (table.width - 2 * (sw + 2 * m)) / n - m) if n > 1 else sw
            total = n * w + (n - 1) * m
            x0 = (table.width - total) / 2
            y = m if row == 0 else table.bottom - m - sh
            return [pygame.Rect(round(x0 + k * (w + m)), y, round(w), sh) for k in range(n)]
        # On a side or in a corner: stacked, shorter when many.
        h = min(sh, (table.height - 2 * m) / (3 * n) - m) if n > 1 else sh
        x = m if col == 0 else table.right - m - sw
        if row == 0:
            y0 = m
        elif row == 2:
            y0 = table.bottom - m - n * h - (n - 1) * m
        else:
            y0 = (table.height - n * h - (n - 1) * m) / 2
        return [pygame.Rect(x, round(y0 + k * (h + m)), sw, round(h)) for k in range(n)]

    # --- the game screen's middle ---------------------------------------------------------

    @property
    def middle_height(self) -> int:
        """The middle's height on a screen as high as the scale: what the cards in the middle
        follow (on a narrow screen, bigger would leave the texts beside them no width)."""
        if not self.narrow:
            return self.center.height
        return Layout(self.width, round(self.scale)).center.height

    @property
    def top_card(self) -> pygame.Rect:
        """The top card, big, in the middle of the screen."""
        c = self.center
        middle = self.middle_height if self.narrow else c.height  # c at hand: not worked out again
        h = min(middle * 0.94, c.width * 0.5 / 0.66)
        w = h * 0.66
        rect = pygame.Rect(0, 0, round(w), round(h))
        rect.center = (self.width // 2, c.centery)
        return rect

    @property
    def info(self) -> pygame.Rect:
        """Right of the top card: the colour to follow, the direction, the draw total."""
        c, card = self.center, self.top_card
        gap = self.margin * 2
        top, height = self._beside(c, card)
        return pygame.Rect(card.right + gap, top, c.right - card.right - gap, height)

    @property
    def events(self) -> pygame.Rect:
        """Left of the top card: the last few events."""
        c, card = self.center, self.top_card
        gap = self.margin * 2
        top, height = self._beside(c, card)
        return pygame.Rect(c.left, top, card.left - gap - c.left, height)

    def _beside(self, middle: pygame.Rect, card: pygame.Rect) -> tuple[int, int]:
        """The top and height of what stands beside the top card: the middle's, or on a
        narrow screen the card's own (the room above and below it is spare height)."""
        return (card.top, card.height) if self.narrow else (middle.top, middle.height)

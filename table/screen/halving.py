"""A line of text drawn twice its size and halved (table/screen/paint.py: small text keeps
its true spacing so), with two new buffers only: the big line's coverage, a byte a pixel, and
the halved line.

A new buffer this big comes from mmap (table/screen/heap.py) and costs a page fault for each
4 KiB page written: drawn in colour and smoothscaled, a line of events passed through three
(the big line in 32 bits, smoothscale's own buffer, the halved line), some 100 faults in all;
here about 30. So:
- the big line is drawn a byte a pixel, its coverage (font.render's shaded form, against
  black: the very alpha its blended form has), then copied into a buffer kept for it, where
  that byte lands in the alpha of each 32-bit pixel;
- smoothscale shrinks its rows into a surface kept for them, then its columns into the halved
  line: the two steps of one smoothscale, in its order (rows, then columns);
- smoothscale treats each channel alone, so the colour goes in last: the halved colour plane
  (Painter._halved_colour), what smoothscale makes of the colour alone."""

from __future__ import annotations

import pygame

WHITE, BLACK = (255, 255, 255), (0, 0, 0)
KEPT = 256 * 1024
"""Bytes of the big line's buffer kept between lines (its rows halved: half of it): a line of
the events list at 1920x1080 (about 720 x 82 pixels twice its size). A wider line (the help's,
the lobby's) has buffers of its own: kept, the widest would hold 1.3 MB for good."""


def halved_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size a line of `size` is halved to."""
    return (max(1, (size[0] + 1) // 2), max(1, (size[1] + 1) // 2))


class Halver:
    """Draws lines twice their size and halves them, in buffers it keeps between lines."""

    def __init__(self) -> None:
        self._big = bytearray()  # the big line, 4 bytes a pixel
        self._rows = pygame.Surface((0, 0), pygame.SRCALPHA, 32)  # its rows halved

    def line(self, font: pygame.font.Font, text: str) -> tuple[pygame.Surface, tuple[int, int]]:
        """`text` drawn in `font` (twice the size wanted) and halved: its alpha, with no colour
        yet (`colour` puts it in), and the size it was drawn at."""
        coverage = font.render(text, True, WHITE, BLACK)
        big = coverage.get_size()
        small = halved_size(big)
        pixels = self._pixels(big)
        # Written as A, R, G, B, read as B, G, R, A: the grey's byte is the alpha.
        pygame.image.frombuffer(pixels, big, "ARGB").blit(coverage, (0, 0))
        alpha = pygame.image.frombuffer(pixels, big, "BGRA")
        rows = self._rows_of(small[0], big[1])
        pygame.transform.smoothscale(alpha, rows.get_size(), rows)
        halved = pygame.Surface(small, pygame.SRCALPHA, 32)
        pygame.transform.smoothscale(rows, small, halved)
        return halved, big

    @staticmethod
    def colour(halved: pygame.Surface, plane: pygame.Color | pygame.Surface) -> pygame.Surface:
        """`halved` (from `line`) in its colour, given the colour's halved plane."""
        halved.fill(BLACK, special_flags=pygame.BLEND_RGB_MULT)
        if isinstance(plane, pygame.Color):
            halved.fill(plane[:3], special_flags=pygame.BLEND_RGB_ADD)
        else:
            halved.blit(plane, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        return halved

    def _pixels(self, size: tuple[int, int]) -> memoryview:
        needed = 4 * size[0] * size[1]
        if needed > KEPT:
            return memoryview(bytearray(needed))  # a rare wide line: not kept for ever
        if len(self._big) < needed:
            # Grown to the widest line; surfaces made over the old one keep it until they go.
            self._big = bytearray(needed)
        return memoryview(self._big)[:needed]

    def _rows_of(self, width: int, height: int) -> pygame.Surface:
        kept = self._rows
        size = (max(width, kept.get_width()), max(height, kept.get_height()))
        if size != kept.get_size():
            if 4 * size[0] * size[1] > KEPT // 2:
                return pygame.Surface((width, height), pygame.SRCALPHA, 32)  # not kept
            kept = self._rows = pygame.Surface(size, pygame.SRCALPHA, 32)
        return kept.subsurface((0, 0, width, height))

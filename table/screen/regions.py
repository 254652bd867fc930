"""Where two frames differ: the boxes of the drawing calls one frame has and the other not.

A pixel outside every such box is drawn by the same calls in both frames, so it is already
right; each region is drawn again with every call that touches it, in order (the background
first), so it comes out as a full redraw would draw it.
"""

from __future__ import annotations

import pygame

from .paint import Op

SLACK = 0  # pixels: boxes closer than this are drawn as one region (fewer passes, more pixels)
WHOLE = frozenset({"polygon"})
"""Calls drawn whole or not at all: a smooth edge clipped by a region shades its pixels
otherwise (SDL_gfx clips a line's ends before it draws it)."""


def changed(before: list[Op] | None, after: list[Op], screen: pygame.Rect) -> list[pygame.Rect]:
    """The regions of `screen` to draw again to turn frame `before` into `after` (all of it
    when there is no frame before, or when calls both frames make come in another order)."""
    if before is None:
        return [screen.copy()]
    old, new = set(before), set(after)
    if [op for op in before if op in new] != [op for op in after if op in old]:
        return [screen.copy()]  # the same calls in another order (or count) draw otherwise
    boxes = [op.box for op in before if op not in new] + [op.box for op in after if op not in old]
    regions = merge([pygame.Rect(box).clip(screen) for box in boxes])
    return _with_whole(
        regions, [pygame.Rect(op.box).clip(screen) for op in after if op.kind in WHOLE]
    )


def _with_whole(regions: list[pygame.Rect], whole: list[pygame.Rect]) -> list[pygame.Rect]:
    """`regions` grown until every call in WHOLE that one touches lies inside it."""
    while True:
        grown = False
        for k, region in enumerate(regions):
            for box in whole:
                if region.colliderect(box) and not region.contains(box):
                    regions[k] = region = region.union(box)
                    grown = True
        if not grown:
            return regions
        regions = merge(regions)


def merge(rects: list[pygame.Rect], slack: int = SLACK) -> list[pygame.Rect]:
    """`rects` joined until no two are within `slack` pixels of each other: disjoint regions
    covering every one of them."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if not rect.width or not rect.height:
            continue
        while True:
            near = rect.inflate(2 * slack, 2 * slack).collidelist(out)
            if near < 0:
                break
            rect = rect.union(out.pop(near))
        out.append(rect)
    return out

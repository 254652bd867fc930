"""Where two frames differ: the boxes of the drawing calls one frame has and the other not.

A pixel outside every such box is drawn by the same calls in both frames, so it is already
right; each region is drawn again with every call that touches it, in order (the background
first), so it comes out as a full redraw would draw it.

A frame comes as its parts (table/screen/listing.py): a part kept from the frame before is
the very same Listed, its calls in both frames, so only the parts listed again are looked at.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

import pygame

from .listing import Listed
from .paint import WHOLE, Op

SLACK = 0  # pixels: boxes closer than this are drawn as one region (fewer passes, more pixels)


def changed(
    before: list[Listed] | None, after: list[Listed], screen: pygame.Rect
) -> list[pygame.Rect]:
    """The regions of `screen` to draw again to turn frame `before` into `after` (all of it
    when there is no frame before, or when calls both frames make come in another order)."""
    if before is None:
        return [screen.copy()]
    kept = set(before).intersection(after)
    old, new = _calls(before), _calls(after)
    if _shared(before, new, kept) != _shared(after, old, kept):
        return [screen.copy()]  # the same calls in another order (or count) draw otherwise
    boxes = [op.box for op in _listed(before, kept) if op not in new]
    boxes += [op.box for op in _listed(after, kept) if op not in old]
    # A call that changed only its colour has the same box in both frames: merged once.
    regions = merge([pygame.Rect(box).clip(screen) for box in dict.fromkeys(boxes)])
    whole = [op.box for part in after for op in part.ops if op.kind in WHOLE]
    return _with_whole(regions, [pygame.Rect(box).clip(screen) for box in whole])


def _calls(frame: list[Listed]) -> frozenset[Op]:
    # Each part's set is made once, when it is listed: joining them hashes no call again.
    return frozenset().union(*(part.calls for part in frame))


def _listed(frame: list[Listed], kept: set[Listed]) -> Iterable[Op]:
    """The calls of the parts of `frame` listed again (not kept from the frame before)."""
    return chain.from_iterable(part.ops for part in frame if part not in kept)


def _shared(frame: list[Listed], other: frozenset[Op], kept: set[Listed]) -> list[Op]:
    """The calls of `frame` that `other` makes too, in order: all of a kept part's."""
    return list(
        chain.from_iterable(
            part.ops if part in kept else [op for op in part.ops if op in other] for part in frame
        )
    )


def _with_whole(regions: list[pygame.Rect], whole: list[pygame.Rect]) -> list[pygame.Rect]:
    """`regions` grown until every call in WHOLE that one touches lies inside it."""
    while True:
        grown = False
        for k, region in enumerate(regions):
            for touched in region.collidelistall(whole):
                if not region.contains(whole[touched]):
                    regions[k] = region = region.union(whole[touched])
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

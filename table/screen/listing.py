"""A frame listed part by part: each part of the screen (a seat box, the pile, the prompt...)
is drawn from the facts it reads alone, so a part whose facts equal the last frame's keeps the
calls it listed then, and is not listed again.

The calls, rects and texts of a frame are those of its parts in order: exactly what listing
every part again would give, as a part's drawing depends on its facts, the layout and the
language alone (the Listing forgets every part when one of those two changes)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from .layout import Layout
from .paint import Op, Painter
from .text import Text

PartDrawing = Callable[[Painter, Layout, Text, Any], None]
"""How a part is drawn: onto a Painter, at a Layout, in a language, from its facts alone."""


@dataclass(frozen=True)
class Part:
    """A piece of the screen: its name in the frame, the facts its drawing reads (compared
    with ==), and that drawing."""

    name: str
    facts: Any
    draw: PartDrawing


@dataclass(frozen=True, eq=False)
class Listed:
    """What a part's drawing listed: its calls (and the set of them, for the diff), beside
    each its box and cover (Painter.boxes, .covers), the rects it named, the texts it placed
    and those it cut to fit. Compared by identity: a part kept from the last frame is the very
    same Listed."""

    draw: PartDrawing
    facts: Any
    ops: tuple[Op, ...]
    calls: frozenset[Op]
    boxes: tuple[pygame.Rect, ...]
    covers: tuple[pygame.Rect | None, ...]
    marks: tuple[tuple[str, pygame.Rect], ...]
    placed: tuple[tuple[str, pygame.Rect], ...]
    cut: tuple[str, ...]

    def keeps(self, part: Part) -> bool:
        """Whether `part` would list what this did: the same drawing of equal facts."""
        return self.draw is part.draw and self.facts == part.facts


PART_HISTORY = 4  # listings kept per part's name, this frame's among them
LIKELY = 64  # listings kept of frames that may come (a scan's plays: some 18 a turn, 3 parts each)


def _newest(listed: Listed, before: Iterable[Listed]) -> list[Listed]:
    return [listed, *(k for k in before if k is not listed)][:PART_HISTORY]


class Listing:
    """The parts of the last frame as listed, by name, each with the last few other listings
    of that name (a seat's box on turn and off it comes back round after round); `lists`
    counts each part's listings.

    A frame listed `ahead` (one that may never come: Display.guess) is kept apart: the next
    frame may take its parts, but it pushes none of the last frames' out until it comes
    (`came`). So are parts listed as `likely` (of frames that one input or another may bring);
    both stay until `unforesee`, once the table waits again."""

    def __init__(self) -> None:
        self._context: tuple[Layout, Text] | None = None
        self._last: dict[str, list[Listed]] = {}  # by name: the newest first
        self._ahead: dict[str, Listed] = {}  # the frame listed ahead, by name
        self._likely: dict[str, list[Listed]] = {}  # parts of frames that may come, by name
        self.lists: Counter[str] = Counter()
        self.taken = 0  # parts a frame took from those listed as `likely`

    def frame(
        self, p: Painter, lay: Layout, text: Text, parts: list[Part], ahead: bool = False
    ) -> list[Listed]:
        """List `parts` on `p` (deferred: nothing drawn), each again only if its facts
        changed; `p` holds the frame's calls, marks, placed and cut texts as if all were.
        With `ahead`, the frame is kept apart until it `came`."""
        if (lay, text) != self._context:
            self._context, self._last, self._ahead, self._likely = (lay, text), {}, {}, {}
        p.begin(defer=True)
        frame: dict[str, Listed] = {}
        for part in parts:
            if part.name in frame:
                raise ValueError(f"two parts named {part.name!r} in one frame")
            listed = self._kept(part)
            if listed is not None and listed in self._likely.get(part.name, ()):
                self.taken += not ahead
            if listed is None:
                self.lists[part.name] += 1
                listed = self._list(p, lay, text, part)
            frame[part.name] = listed
            p.ops += listed.ops
            p.boxes += listed.boxes
            p.covers += listed.covers
            p.marks.update(listed.marks)
            p.placed += listed.placed
            p.cut += listed.cut
        if ahead:
            self._ahead = frame
        else:
            self._remember(frame)
        return list(frame.values())

    def came(self) -> None:
        """The frame listed ahead is the frame now: kept as if it had been listed now."""
        self._remember(self._ahead)

    def likely(self, p: Painter, lay: Layout, text: Text, part: Part) -> None:
        """List `part` of a frame that may come, unless a listing of it is kept already: a
        frame that has that part takes it (until `unforesee`)."""
        if (lay, text) != self._context or self._kept(part) is not None:
            return
        if sum(map(len, self._likely.values())) >= LIKELY:
            return
        self._likely.setdefault(part.name, []).append(self._listed(p, lay, text, part))

    def _kept(self, part: Part) -> Listed | None:
        """A listing of `part` kept: the last frames', the frame listed ahead's, or a likely
        frame's."""
        listed = next((k for k in self._last.get(part.name, ()) if k.keeps(part)), None)
        if listed is not None:
            return listed
        ahead = self._ahead.get(part.name)
        if ahead is not None and ahead.keeps(part):
            return ahead
        return next((k for k in self._likely.get(part.name, ()) if k.keeps(part)), None)

    def _remember(self, frame: dict[str, Listed]) -> None:
        # Only this frame's names: a part gone from it frees its images.
        self._last = {
            name: _newest(listed, self._last.get(name, ())) for name, listed in frame.items()
        }

    def unforesee(self) -> None:
        """Drop the listings of frames foreseen (`ahead`, `likely`) that did not come: once
        the table waits, not when a frame comes (the images they alone hold go back to the
        system then, page by page). Until then a frame may take them, as any kept listing of
        equal facts."""
        self._ahead, self._likely = {}, {}

    def aside(self, p: Painter, lay: Layout, text: Text, part: Part) -> None:
        """List `part` as a frame would, keeping nothing of it but the images its drawing
        made (in `p`'s caches): a frame that lists it finds them made."""
        self._listed(p, lay, text, part)

    def _listed(self, p: Painter, lay: Layout, text: Text, part: Part) -> Listed:
        """`part` listed on `p` apart from any frame: nothing drawn, `p`'s frame untouched."""
        deferred, p.deferred = p.deferred, True
        try:
            return self._list(p, lay, text, part)
        finally:
            p.deferred = deferred

    def _list(self, p: Painter, lay: Layout, text: Text, part: Part) -> Listed:
        outer = p.ops, p.boxes, p.covers, p.marks, p.placed, p.cut
        p.ops, p.boxes, p.covers, p.marks, p.placed, p.cut = [], [], [], {}, [], []
        try:
            part.draw(p, lay, text, part.facts)
            return Listed(
                part.draw,
                part.facts,
                tuple(p.ops),
                frozenset(p.ops),
                tuple(p.boxes),
                tuple(p.covers),
                tuple(p.marks.items()),
                tuple(p.placed),
                tuple(p.cut),
            )
        finally:
            p.ops, p.boxes, p.covers, p.marks, p.placed, p.cut = outer

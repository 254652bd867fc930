"""What the screen audit checks in one rendered frame: shared by its test and by hand."""

from __future__ import annotations

import itertools
import re

from table.screen.display import Display
from table.screen.text import STRINGS
from table.screen.view import View

MIN_TEXT = 0.028
"""The smallest line of text, as a share of the screen's height (a 7" screen read from 2 m)."""
MIN_PX = 13


def min_px(height: int) -> int:
    return max(MIN_PX, round(height * MIN_TEXT))


def _words(texts) -> set[str]:
    return {w.lower() for t in texts for w in re.findall(r"[A-Za-zÁÉÍÓÚÑáéíóúñü]{3,}", t)}


ENGLISH_ONLY = _words(STRINGS["en"].values()) - _words(STRINGS["es"].values())
"""Words only the English sentences use: one on a Spanish screen is a missing translation."""


BOXES = ("seat ", "row ", "verdict", "prompt", "status", "preset ", "uno ", "dealer ", "pending ")
"""Marks that are boxes with texts inside: a text partly in one overflows it."""


def _overflows(p) -> list[str]:
    boxes = [(name, rect) for name, rect in p.marks.items() if name.startswith(BOXES)]
    out = []
    for text, rect in p.placed:
        for name, box in boxes:
            if rect.colliderect(box) and not box.contains(rect):
                out.append(f"overflows {name}: {text!r} {rect} {box}")
    return out


def problems(display: Display, view: View, names=()) -> list[str]:
    """Everything wrong with the frame `display` just drew for `view`."""
    p = display.painter
    screen = display.surface.get_rect()
    smallest = min_px(screen.height)
    out = []
    for text, rect in p.placed:
        if rect.height < smallest:
            out.append(f"too small ({rect.height} px < {smallest}): {text!r}")
        if not screen.contains(rect):
            out.append(f"off the screen: {text!r} {rect}")
    out += [f"cut off: {text!r}" for text in p.cut]
    if not view.help:
        for (a, ra), (b, rb) in itertools.combinations(p.placed, 2):
            if ra.colliderect(rb):
                out.append(f"overlap: {a!r} and {b!r}")
        card = p.marks.get("top_card")
        for text, rect in p.placed:
            if card is not None and rect.colliderect(card):
                out.append(f"over the top card: {text!r}")
        out += _overflows(p)
    if view.lang == "es":
        own = {w.lower() for n in names for w in n.split()}
        for text, _ in p.placed:
            english = (_words([text]) & ENGLISH_ONLY) - own
            if english:
                out.append(f"not translated: {text!r} ({', '.join(sorted(english))})")
    refusal = view.refusal
    if refusal is not None and refusal.actions not in (None, view.actions):
        out.append(f"a refusal of another state drawn: {refusal}")
    return out

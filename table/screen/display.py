"""The table's screen: draws a View on a pygame surface, and only when the View changed."""

from __future__ import annotations

import pygame

from . import parts
from . import theme as th
from .layout import Layout
from .paint import Painter
from .screens import SCREENS
from .text import Text
from .view import View


class Display:
    """Renders Views on `surface` (the window, or any Surface in tests and screenshots)."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.painter = Painter(surface)
        self._last: View | None = None
        self._size: tuple[int, int] | None = None

    @property
    def layout(self) -> Layout:
        return Layout(*self.surface.get_size())

    def needs_redraw(self, view: View) -> bool:
        """Whether `view` differs from the frame on screen (or the screen changed size)."""
        return view != self._last or self.surface.get_size() != self._size

    def render(self, view: View) -> None:
        """Draw the whole frame for `view`."""
        lay = self.layout
        text = Text(view.lang, view.call_word)
        p = self.painter
        p.min_px = lay.px(th.TINY)
        p.begin()
        SCREENS[view.screen](p, lay, view, text)
        parts.prompt_bar(p, lay, view, text)
        if view.help:
            parts.help_overlay(p, lay, view, text)
        self._last, self._size = view, self.surface.get_size()

    def show(self, view: View) -> bool:
        """Render `view` if it changed and put it on screen; returns whether it drew."""
        if not self.needs_redraw(view):
            return False
        self.render(view)
        if self.surface is pygame.display.get_surface():
            pygame.display.flip()
        return True

    def warm(self, lang: str = "en", call_word: str = "UNO") -> None:
        """Draw now what the first plays would draw: a face of each colour at the top card's
        size (its coloured body is half of every face's drawing) and the back.

        Every face would not fit the bounded cache at a large screen, so only what they share."""
        text = Text(lang, call_word)
        height = self.layout.top_card.height
        for code in ("R0", "Y0", "G0", "B0", "W4"):
            parts.card(self.painter, code, height, text)
        parts.back(self.painter, height, call_word)

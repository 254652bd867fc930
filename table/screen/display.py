"""The table's screen: draws a View on a pygame surface, only when the View changed, listing
again only the parts whose facts changed (table/screen/listing.py), and then drawing only the
regions whose drawing changed (table/screen/regions.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pygame

from . import parts
from . import theme as th
from .layout import Layout
from .listing import Listed, Listing, Part
from .paint import Painter
from .regions import changed, merge
from .screens import PLAY_PARTS, frame_parts
from .text import Text
from .view import View


class Display:
    """Renders Views on `surface` (the window, or any Surface in tests and screenshots)."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.painter = Painter(surface)
        self.listing = Listing()
        self._last: View | None = None
        self._size: tuple[int, int] | None = None
        self._parts: list[Listed] = []  # the frame on the surface, as its parts listed
        self.regions: list[pygame.Rect] = []  # where the last frame changed the screen
        self.updated = 0  # pixels in those regions
        self.drawn = 0  # frames drawn (render or draw), shown or not
        self.unshown: list[pygame.Rect] = []  # drawn since the display was last handed them
        self.presented = 0  # frames handed to the display
        self.foreseen = 0  # frames a guess had drawn already (`guess`)
        self._ahead_of = -1  # the frame (`drawn`) ahead() last made texts after
        self._guess_of = -1  # the frame (`drawn`) guess() last drew ahead after
        self._likely_of = -1  # the frame (`drawn`) likely() last listed frames after
        self._plays_left: Iterator[View] = iter(())  # the Views likely() has yet to list
        self._guessed: list[pygame.Rect] = []  # drawn by a guess, not handed to the display
        self._under_guess: list[Listed] | None = None  # the frame a guess was drawn over

    @property
    def layout(self) -> Layout:
        return Layout(*self.surface.get_size())

    @property
    def guessed(self) -> list[pygame.Rect]:
        """The regions a guess drew ahead (`guess`), not handed to the display yet."""
        return list(self._guessed)

    def needs_redraw(self, view: View) -> bool:
        """Whether `view` differs from the frame on screen (or the screen changed size), or
        a guess drew ahead: what it drew is shown only by the next frame."""
        guessing = self._under_guess is not None
        return guessing or view != self._last or self.surface.get_size() != self._size

    def render(self, view: View) -> None:
        """Draw the whole frame for `view`."""
        parts = self._list(view)
        self.painter.replay()
        self._drawn(view, parts, [self.surface.get_rect()])

    def draw(self, view: View) -> list[pygame.Rect]:
        """Draw the frame for `view` over the last one: only the regions where the two frames'
        calls differ (everything the first time, or after the surface changed size)."""
        same_size = self.surface.get_size() == self._size
        under = self._under_guess if same_size else None
        if under is not None and view == self._last:
            parts, regions = self._parts, self._guessed  # guessed right: drawn already
            self.listing.came()
            self.foreseen += 1
        else:
            screen = self.surface.get_rect()
            parts = self._list(view)
            regions = changed(self._parts if same_size else None, parts, screen)
            self.painter.replay(regions)
            if under is not None:  # drawn over a wrong guess: the screen differs only here
                regions = changed(under, parts, screen)
        self._drawn(view, parts, regions)
        return regions

    def _list(self, view: View, ahead: bool = False) -> list[Listed]:
        """List the calls of the frame of `view` without drawing them (the painter holds
        them): its parts, those whose facts did not change as they were listed before."""
        lay = self.layout
        p = self.painter
        p.min_px = lay.px(th.TINY)
        return self.listing.frame(p, lay, _text(view), frame_parts(lay, view), ahead)

    def _drawn(self, view: View, parts: list[Listed], regions: list[pygame.Rect]) -> None:
        self._guessed, self._under_guess = [], None
        self._last, self._size, self._parts = view, self.surface.get_size(), parts
        self.regions = regions
        self.updated = sum(r.width * r.height for r in regions)
        self.unshown += regions
        self.drawn += 1

    def present(self) -> None:
        """Hand the display every region drawn since it was last handed them (a frame drawn
        and never shown, then another over it: the regions of both)."""
        if not self.unshown:
            return
        regions, self.unshown = merge(self.unshown), []
        if self.surface is pygame.display.get_surface():
            pygame.display.update(regions)
        self.presented += 1

    def show(self, view: View) -> bool:
        """Draw `view` if it changed and put the regions it drew on screen; returns whether it
        drew."""
        if not self.needs_redraw(view):
            return False
        self.draw(view)
        self.present()
        return True

    def ahead(self) -> None:
        """Make now, while the table waits, what the next frame will likely draw: the alpha of
        the lines this one drew anew (Painter.keep_alphas), then the events list moved on by
        one line, each in the shade it fades to (parts.event_list)."""
        view = self._last
        if view is None or self._ahead_of == self.drawn:
            return
        self._ahead_of = self.drawn
        self.listing.unforesee()
        self.painter.keep_alphas()
        lay = self.layout
        for part in frame_parts(lay, view):
            if part.draw is parts.event_list and part.facts.what:
                moved = Part(part.name, parts.events_after(part.facts), part.draw)
                self.listing.aside(self.painter, lay, _text(view), moved)
        self.painter.unforesee()  # once the line a play foreseen added has its alpha kept

    def guess(self, foresee: Callable[[], View | None]) -> None:
        """Draw now, once a frame and not shown, the frame of the View `foresee()` expects
        next (None: none). The next `draw` of that very View only hands it to the display;
        any other is drawn over the guess, and the display handed where it differs from the
        frame shown."""
        if self._last is None or self._guess_of == self.drawn or self._under_guess is not None:
            return
        self._guess_of = self.drawn
        view = foresee()
        if view is None or view == self._last or self.surface.get_size() != self._size:
            return
        parts = self._list(view, ahead=True)
        regions = changed(self._parts, parts, self.surface.get_rect())
        self.painter.replay(regions)
        if regions:
            self._under_guess, self._guessed = self._parts, regions
            self._last, self._parts = view, parts

    def likely(self, foresee: Callable[[], Iterable[View]]) -> bool:
        """List the parts of the frame of the next of the Views `foresee()` (asked once a
        frame) says one input or another may bring (a scan's plays) that its card decides
        (screens.PLAY_PARTS): the next frame that has one of them finds it listed. Their new
        texts are kept apart (Painter.foreseeing): most plays foreseen never come.
        Returns whether Views are left: one a call, so an input waits for one at most."""
        if self._last is None:
            return False
        if self._likely_of != self.drawn:
            self._likely_of, self._plays_left = self.drawn, iter(foresee())
        view = next(self._plays_left, None)
        if view is None:
            return False
        lay, p, text = self.layout, self.painter, _text(view)
        with p.foreseeing():
            for part in frame_parts(lay, view):
                if part.name in PLAY_PARTS:
                    self.listing.likely(p, lay, text, part)
        return True

    def warm(self, codes: Iterable[str], lang: str = "en", call_word: str = "UNO") -> None:
        """Make now what plays will draw at the top card's size: the parts of the face of each
        of `codes` (its colour's base kept in parts, its rank and corners, each with where it
        has ink: parts.card_parts), and the back."""
        text = Text(lang, call_word)
        height = self.layout.top_card.height
        p = self.painter
        for code in codes:
            _, marks = parts.card_parts(p, code, height, text)
            for mark in marks:
                p.ink(mark.image)  # what a blit of it looks up first
        parts.back(p, height, call_word)


def _text(view: View) -> Text:
    """The sentences of `view`'s language and call word."""
    return Text(view.lang, view.table.call_word)

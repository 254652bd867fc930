"""One play per physical card: which cards lie on the pile, by what their readers sent.

A tag id (turned into a code by the deck map) names one physical card: while it lies on the
pile (played or turned over since the last reshuffle) it is not played, turned over or shown
again. A printed code names every copy of its card alike, so all the table can tell is time:
the top card's code read again by the same reader soon after it (or after its last such
read), before anything else happened, is the same card read twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import IllegalAction
from engine import events as ev
from hw.events import CodeScanned

ON_PILE = "already_on_pile"
READ_TWICE = "read_twice"


def tag_of(scan: CodeScanned) -> str | None:
    """The physical card's own id: a tag id the deck map knows; None for a printed code."""
    return scan.tag if scan.tag and scan.tag.upper() != scan.code else None


class Pile:
    """The physical cards on the pile; `repeat` is the seconds within which a printed code
    equal to the top card's, by the same reader, is taken as that card read again (0: never)."""

    def __init__(self, repeat: float = 0.0) -> None:
        self._repeat = repeat
        self._tags: set[str] = set()
        self._top_tags: set[str] = set()
        self._top: CodeScanned | None = None  # the printed scan that put the top card there
        self._top_count = -1  # the game's action count once it was there

    def check(self, scans: Sequence[CodeScanned], count: int) -> None:
        """Raise IllegalAction when a scan is a card already on the pile (or in this play)."""
        tags = [tag_of(scan) for scan in scans]
        if any(tag in self._tags for tag in tags if tag is not None):
            raise IllegalAction(ON_PILE, "that card is already on the pile")
        known = [tag for tag in tags if tag is not None]
        if len(set(known)) < len(known):
            raise IllegalAction(READ_TWICE, "that card was read twice: scan the play again")
        if self._repeats_top(scans[0], count):
            raise IllegalAction(
                READ_TWICE, f"{scans[0].code} again so soon: taken as the same card read twice"
            )

    def _repeats_top(self, scan: CodeScanned, count: int) -> bool:
        top = self._top
        again = (
            top is not None
            and tag_of(scan) is None
            and count == self._top_count
            and (scan.code, scan.reader) == (top.code, top.reader)
            and scan.at - top.at < self._repeat
        )
        if again:
            self._top = scan  # a card left lying on the reader stays one card
        return again

    def applied(self, scans: Sequence[CodeScanned], events: Sequence[ev.Event], count: int) -> None:
        """Follow an applied action: the scanned cards that went onto the pile, a reshuffle
        (only the top stays), a new deal (the pile is empty)."""
        for event in events:
            if isinstance(event, ev.Played | ev.FirstCard) and scans:
                self._onto_pile(scans, count)
            elif isinstance(event, ev.Reshuffled):
                self._tags = set(self._top_tags)
            elif isinstance(event, ev.Dealt):
                self._tags, self._top_tags, self._top = set(), set(), None

    def _onto_pile(self, scans: Sequence[CodeScanned], count: int) -> None:
        tags = [tag_of(scan) for scan in scans]
        self._tags.update(tag for tag in tags if tag is not None)
        last = scans[-1]  # the card that ends on top
        self._top_tags = {tags[-1]} if tags[-1] is not None else set()
        self._top = last if tags[-1] is None else None
        self._top_count = count

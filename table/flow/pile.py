"""One play per physical card: which cards lie on the pile, by what their readers sent.

A tag id (turned into a code by the deck map) names one physical card: while it lies on the
pile (played or turned over since the last reshuffle) it is not played, turned over or shown
again, and a card shown this round is not shown twice. A printed code names every copy of its
card alike, so all the table can tell is time: the code of the card just put on the pile,
read again by the same reader soon after it (or after its last such read), before anything
else happened, is the same card read twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import IllegalAction
from engine import events as ev
from hw.codebook import fold
from hw.events import CodeScanned
from table.flow.refusals import TableRefusal

CARDLESS = (ev.UnoCalled, ev.ColorChosen)
"""Events of an action that moves no card (an UNO call, a colour named): after one, a printed
code read again is still the card just played read twice, as before it."""
ON_PILE = TableRefusal.ALREADY_ON_PILE
SHOWN = TableRefusal.SHOWN_ALREADY
READ_TWICE = TableRefusal.READ_TWICE


def tag_of(scan: CodeScanned) -> str | None:
    """The physical card's own id: a tag id the deck map knows; None for a printed code."""
    return scan.tag if scan.tag and fold(scan.tag) != scan.code else None


class Pile:
    """The physical cards on the pile and shown this round; `repeat` is the seconds within
    which a printed code equal to the one just put on the pile, by the same reader, is that
    card read again (0: never)."""

    def __init__(self, repeat: float = 0.0) -> None:
        self._repeat = repeat
        self._tags: set[str] = set()  # on the pile
        self._top_tags: set[str] = set()
        self._shown: set[str] = set()  # shown from a hand this round, still in it
        self._last: CodeScanned | None = None  # the printed scan put on the pile last
        self._last_count = -1  # the game's action count once it was there

    def copy(self) -> Pile:
        """The pile as it is now, apart from what happens to this one."""
        other = Pile(self._repeat)
        other._tags, other._top_tags = set(self._tags), set(self._top_tags)
        other._shown = set(self._shown)
        other._last, other._last_count = self._last, self._last_count
        return other

    def check(self, scans: Sequence[CodeScanned], count: int, reveal: bool = False) -> None:
        """Raise IllegalAction when a scan is a card already on the pile (or shown, for a
        reveal), one read twice in this play, or a printed code just played read again."""
        tags = [tag for tag in map(tag_of, scans) if tag is not None]
        if any(tag in self._tags for tag in tags):
            raise IllegalAction(ON_PILE, "that card is already on the pile")
        if reveal and any(tag in self._shown for tag in tags):
            raise IllegalAction(SHOWN, "that card has been shown already")
        if len(set(tags)) < len(tags):
            raise IllegalAction(READ_TWICE, "that card was read twice: scan the play again")
        if self._read_again(scans[0], count):
            raise IllegalAction(
                READ_TWICE, f"{scans[0].code} again so soon: taken as the same card read twice"
            )

    def _read_again(self, scan: CodeScanned, count: int) -> bool:
        last = self._last
        again = (
            last is not None
            and tag_of(scan) is None
            and count == self._last_count
            and (scan.code, scan.reader) == (last.code, last.reader)
            and scan.at - last.at < self._repeat
        )
        if again:
            self._last = scan  # a card left lying on the reader stays one card
        return again

    def applied(self, scans: Sequence[CodeScanned], events: Sequence[ev.Event], count: int) -> None:
        """Follow an applied action: the scanned cards that went onto the pile or were shown,
        a reshuffle (only the top stays), a new deal (the pile is empty)."""
        if (
            self._last_count == count - 1
            and events
            and all(isinstance(e, CARDLESS) for e in events)
        ):
            self._last_count = count  # nothing else happened to the cards: still just after it
            return
        for event in events:
            if isinstance(event, ev.Played | ev.FirstCard | ev.Revealed) and scans:
                self._taken(scans, count, onto_pile=not isinstance(event, ev.Revealed))
            elif isinstance(event, ev.Reshuffled):
                self._tags = set(self._top_tags)
            elif isinstance(event, ev.Dealt):
                self._tags, self._top_tags, self._shown, self._last = set(), set(), set(), None

    @classmethod
    def rebuilt(
        cls, repeat: float, steps: Sequence[Sequence[ev.Event]], notes: Sequence, at: float
    ) -> Pile:
        """The pile as it was after a game's actions, from each action's events and its note
        (`note`); the cards read at `at`, the moment the table came back, so a printed card
        left lying on its reader is read twice, not played again."""
        pile = cls(repeat)
        for count, (events, note) in enumerate(zip(steps, notes, strict=True), start=1):
            pile.applied(scanned(note, at), events, count)
        return pile

    def _taken(self, scans: Sequence[CodeScanned], count: int, onto_pile: bool) -> None:
        tags = [tag_of(scan) for scan in scans]
        known = {tag for tag in tags if tag is not None}
        if not onto_pile:
            self._shown |= known
            return  # a hand may hold copies alike: a printed one shown again is another
        self._tags |= known
        self._shown -= known
        self._top_tags = {tags[-1]} if tags[-1] is not None else set()  # the last ends on top
        self._last = scans[-1] if tags[-1] is None else None
        self._last_count = count


def note(scans: Sequence[CodeScanned]) -> dict | None:
    """What the journal keeps of an action's scans: each card's code, reader and tag id."""
    return {"cards": [[scan.code, scan.reader, scan.tag] for scan in scans]} if scans else None


def scanned(note: dict | None, at: float) -> list[CodeScanned]:
    """The scans a journal note kept (none for a note that is not one), read at `at`."""
    cards = note.get("cards") if isinstance(note, dict) else None
    if not isinstance(cards, list):
        return []
    scans = []
    for card in cards:
        if isinstance(card, list) and len(card) == 3 and all(isinstance(x, str) for x in card):
            scans.append(CodeScanned(card[0], card[1], at, card[2]))
    return scans

"""What the table will likely show next, worked out while it waits: the session as a DRAW by
the awaited seat would leave it, and as each card it may play would.

DRAW is the one input whose outcome the table knows before it comes: a scan may be any card,
a call any seat's. So while the table waits, the window draws the frame of that DRAW ahead,
unshown (Display.guess); when the DRAW comes, its frame is drawn already, and any other input
is drawn over the guess as over any frame not shown. A scan is most often one of the few
cards the game allows now (about 18 of the deck's 54 faces): the window lists the parts of
each one's frame too (Display.likely), so a scan's frame finds the new top card listed. Nothing
here is applied or saved: the game is a copy, and what is made ahead is used only where it
equals what the frame that did come draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from engine import Game, IllegalAction, Play
from engine.events import Event
from table.flow.session import Session, unrefused


class Foreseen:
    """A Session as an applied action would leave it, for its View alone: its game (a copy
    with the action applied), its recent events and its notice; every other fact is the
    session's own."""

    def __init__(self, session: Session, game: Game, events: Iterable[Event]) -> None:
        self._session = session
        self.game = game
        self.lines = session.lines_after(events)
        self.notice = unrefused(session.notice)  # as Session._record: an action ends a refusal

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


def after_draw(session: Session) -> Foreseen | None:
    """The session once the awaited seat's DRAW is applied, or None where it cannot be told
    now (no game, inputs still held, a question open, DRAW refused, a colour owed)."""
    seat = _awaited(session)
    if seat is None:
        return None
    controller = session.controller
    game = controller.game
    twin = game.copy()
    try:
        events = twin.apply(controller.draw_action(seat))
    except IllegalAction:
        return None
    return Foreseen(session, twin, events)


def after_plays(session: Session) -> Iterator[Foreseen]:
    """The session once the awaited seat plays one card, for each card of the deck in force
    the game allows it to play now (a scan: which one is known only once it is read), made
    as they are asked for; none where the awaited seat's input cannot be foreseen (`_awaited`)."""
    seat = _awaited(session)
    if seat is None:
        return
    game = session.controller.game
    for card in dict.fromkeys(game.rules.deck()):
        play = Play(seat, (card,))
        if game.allows(play):
            twin = game.copy()
            yield Foreseen(session, twin, twin.apply(play))


def _awaited(session: Session) -> int | None:
    """The game seat whose next input can be foreseen: None with no game, inputs still held,
    a question open (a button answers it there), or a colour owed."""
    controller = session.controller
    if controller is None or controller.next_due() is not None:
        return None  # what is held goes in first
    if controller.asking is not None or controller.leaving:
        return None
    game = controller.game
    if game.meanwhile is not None:
        return None
    return game.awaiting.seat

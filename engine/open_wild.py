"""Open colour (`open_wild`, cool): until a wild's colour is named, the next seat may play.

The seat that played the wild owes its colour: the game awaits `color` from it, and keeps the
move that is due meanwhile (`State.meanwhile`) for the next seat, which may make it at once
on any colour. Naming the colour, another play covering the wild, or the owing seat leaving
ends the wait.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from . import events as ev
from .actions import Accept, Action, Challenge, Draw, Leave, Pass, Play
from .cards import Color
from .state import Awaiting, Events, Kind, State

_MOVES = (Play, Draw, Pass, Accept, Challenge, Leave)


def step_in(s: State, action: Action) -> tuple[Awaiting, Awaiting | None]:
    """Let the `meanwhile` seat make its move now; returns the state to restore on refusal."""
    saved = s.awaiting, s.meanwhile
    m = s.meanwhile
    if m is not None and isinstance(action, _MOVES) and action.seat == m.seat != s.awaiting.seat:
        s.awaiting, s.meanwhile = m, None
    return saved


@contextmanager
def as_meanwhile(s: State, seat: int) -> Iterator[None]:
    """Look at the game as the `meanwhile` seat would, then put it back."""
    saved = step_in(s, Pass(seat))
    try:
        yield
    finally:
        s.awaiting, s.meanwhile = saved


def seat_view(s: State, seat: int) -> Awaiting:
    """What the game waits for from `seat`: its `meanwhile` move, or the awaited one."""
    m = s.meanwhile
    return m if m is not None and m.seat == seat else s.awaiting


def hold_for_color(s: State) -> None:
    """While a wild's colour is owed, await it from its player; the due move waits aside."""
    owes, aw = s.color_owed_by, s.awaiting
    if owes is None or aw.kind is Kind.COLOR:
        return
    if s.color is not None or owes in s.left or aw.seat in (owes, None):
        s.color_owed_by = None  # named, covered, gone, or the owing seat itself is due: it lapses
        return
    s.meanwhile = aw
    s.wait_for(Kind.COLOR, owes)


def name_color(s: State, seat: int, color: Color, events: Events) -> None:
    s.color, s.color_owed_by = color, None
    events.append(ev.ColorChosen(seat, color))
    s.awaiting, s.meanwhile = s.meanwhile, None


def drop(s: State) -> None:
    """The owing seat left: the move due meanwhile is due now."""
    if s.meanwhile is not None:
        s.awaiting = s.meanwhile
    s.color_owed_by = s.meanwhile = None

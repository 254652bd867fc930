"""Skip and Reverse: who loses a turn, where play goes, and how they are countered.

With `counters` (cool rule 4) the seat an S or R comes to may counter it with an S or R of
the colour or symbol: an S moves a skip on (one longer) or turns it round, an R flips the
flow again, and one S per R undoes the reverses. Declining takes the skip or the reverse.
"""

from __future__ import annotations

from . import events as ev
from .cards import Card, Rank
from .errors import IllegalAction, Refusal
from .matching import matches_top
from .state import Against, CounterWindow, Events, Kind, State
from .values import shared

_COUNTERS = (Rank.SKIP, Rank.REVERSE)


def skip(s: State, seat: int, n: int, events: Events, counter: bool = False) -> None:
    """The `n` seats after `seat` lose their turn (or the first of them may counter)."""
    if counter:
        open_counter(s, Against.SKIP, seat, n, events)
        return
    for step in range(1, n + 1):
        events.append(shared(ev.Skipped, s.next(seat, step)))
    s.begin_turn(s.next(seat, n + 1))


def reverse(s: State, seat: int, n: int, events: Events) -> None:
    """`n` reverses played by `seat`; with two seats an R acts as an S."""
    s.flip(n, events)
    if n % 2 and len(s.active_seats()) == 2:
        skip(s, seat, 1, events, counter=s.rules.counters)
    elif s.rules.counters:
        open_counter(s, Against.REVERSE, seat, n, events)
    else:
        s.turn_after(seat)


def open_counter(s: State, against: Against, seat: int, count: int, events: Events) -> None:
    s.counter = CounterWindow(against, seat, count)
    chooser = s.next(seat)
    s.wait_for(Kind.RESPOND, chooser)
    events.append(ev.CounterOpen(chooser, against.value, count))


def counters(s: State, cards: tuple[Card, ...]) -> bool:
    """Whether these cards counter the open S or R."""
    return _counters(s, cards[0]) and _counts_for_reverses(s, cards)


def _counters(s: State, first: Card) -> bool:
    return first.rank in _COUNTERS and matches_top(s, first)


def _counts_for_reverses(s: State, cards: tuple[Card, ...]) -> bool:
    """Undoing reverses takes one S per R."""
    window = s.counter
    return not (
        window.against is Against.REVERSE
        and cards[0].rank is Rank.SKIP
        and len(cards) != window.count
    )


def check_counter(s: State, cards: tuple[Card, ...]) -> None:
    first, against, count = cards[0], s.counter.against, s.counter.count
    if not _counters(s, first):
        raise IllegalAction(
            Refusal.MUST_COUNTER, f"{first} does not counter that {against}: S or R only"
        )
    if not _counts_for_reverses(s, cards):
        raise IllegalAction(
            Refusal.ONE_SKIP_PER_REVERSE, f"undoing {count} reverse(s) takes {count} S"
        )


def counter(s: State, seat: int, card: Card, n: int, window: CounterWindow, events: Events) -> None:
    """`seat` counters the open `window` with `n` cards like `card`."""
    against, origin, count = window.against, window.seat, window.count
    if against is Against.SKIP and card.rank is Rank.SKIP:
        open_counter(s, Against.SKIP, seat, count + n, events)  # the skip moves on, one longer
    elif against is Against.SKIP:
        s.flip(n, events)  # the skip turns round: it starts with the S's player
        open_counter(s, Against.SKIP, seat, count, events)
    elif card.rank is Rank.REVERSE:
        reverse(s, seat, n, events)  # the flow flips again
    else:
        s.flip(count, events)  # one S per R: the reverse is undone
        events.append(ev.ReverseCancelled(origin, s.direction))
        s.begin_turn(origin if origin not in s.left else s.next(origin))


def decline(s: State, events: Events) -> None:
    """The awaited seat takes the open skip or reverse."""
    against, origin, count = s.counter.against, s.counter.seat, s.counter.count
    events.append(ev.CounterDeclined(s.awaiting.seat, against.value))
    if against is Against.SKIP:
        skip(s, origin, count, events)
    else:
        s.begin_turn(s.awaiting.seat)

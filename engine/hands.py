"""Hands that move: 7-0 (`seven_zero`) and the Wild Shuffle Hands card (the cool deck).

Under 7-0 a 7 swaps hands with a seat its player names (`Play.target`) and a 0 passes every
hand on along the direction of play. A Wild Shuffle collects every hand, shuffles and deals
them out again from the left of its player.
"""

from __future__ import annotations

from . import events as ev
from .cards import Card, Rank
from .errors import IllegalAction, Refusal
from .rules import RuleSet
from .state import Events, Hand, State


def swaps(rules: RuleSet, card: Card) -> bool:
    """Whether `card` is a 7 that swaps hands (and so names a seat)."""
    return rules.seven_zero and card.rank is Rank.SEVEN


def partners(s: State, seat: int) -> list[int]:
    """The seats `seat` may swap hands with."""
    return [other for other in s.active_seats() if other != seat]


def check_names_seat(rules: RuleSet, card: Card, target: int | None) -> None:
    """A play names a seat only with a 7 that swaps."""
    if target is not None and not swaps(rules, card):
        raise IllegalAction(
            Refusal.NO_TARGET, "a play names a seat only with a 7 under the 7-0 rule"
        )


def check_target(s: State, seat: int, target: int | None) -> None:
    """A 7 that swaps (and does not go out) names a seat there is to swap with."""
    others = partners(s, seat)
    if target is None and others:
        raise IllegalAction(Refusal.NEEDS_TARGET, "a 7 swaps hands: name the seat to swap with")
    if target is not None and target not in others:
        raise IllegalAction(
            Refusal.BAD_TARGET, f"seat {seat} cannot swap hands with seat {target!r}"
        )


def move_hands(s: State, seat: int, card: Card, target: int | None, events: Events) -> None:
    """What `card` played by `seat` does to the hands, if anything."""
    rank = card.rank
    if not (rank.is_wild or s.rules.seven_zero):
        return  # the common case: only a Wild Shuffle and seven_zero's 7 and 0 move hands
    if rank is Rank.WILD_SHUFFLE:
        _shuffle_hands(s, seat, events)
    elif target is not None and swaps(s.rules, card):
        _swap_hands(s, seat, target, events)
    elif s.rules.seven_zero and rank is Rank.ZERO:
        _pass_hands(s, events)


def _swap_hands(s: State, seat: int, target: int, events: Events) -> None:
    hands = s.hands
    hands[seat], hands[target] = hands[target], hands[seat]
    s.forget_calls((seat, target))
    events.append(ev.HandsSwapped(seat, target))


def _pass_hands(s: State, events: Events) -> None:
    seats = s.active_seats()
    before = {seat: s.hands[seat] for seat in seats}
    for seat in seats:
        s.hands[s.next(seat)] = before[seat]
    s.forget_calls(seats)
    events.append(ev.HandsPassed(s.direction))


def _shuffle_hands(s: State, seat: int, events: Events) -> None:
    """Collect every hand, shuffle, deal one by one from the left of `seat`."""
    n = s.players
    order = [o for o in ((seat + k) % n for k in range(1, n + 1)) if o not in s.left]
    hands = [s.hands[o] for o in order]
    if all(h.seen for h in hands):
        pool = [c for h in hands for c in h.cards]
        s.rng.shuffle(pool)
        for i, o in enumerate(order):
            s.hands[o] = Hand(pool[i :: len(order)])
    else:
        # Real cards: only the counts are known; every hand is unseen again.
        total = sum(h.count for h in hands)
        for i, o in enumerate(order):
            s.hands[o] = Hand(unseen=len(range(i, total, len(order))))
    s.forget_calls(order)
    events.append(ev.HandsShuffled(seat, tuple(h.count for h in s.hands)))

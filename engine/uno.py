"""Calling UNO and catching a seat that did not (`uno_penalty`).

A seat may call with one card, or on its turn when one play can leave it one card. A seat left
with one card and no call can be caught by another until a turn action of another seat; the
caught seat draws `uno_penalty`. The race between a call and a catch (`uno_race`) is ordered
by the table (`RuleSet.call_counts_at`); the engine settles each action as it comes.
"""

from __future__ import annotations

from collections import Counter

from . import events as ev
from .errors import IllegalAction, Refusal
from .open_wild import seat_view
from .state import Events, Hand, Kind, State


def after_play(s: State, seat: int) -> None:
    """A seat at one card without a call may be caught; a call made before playing several
    cards lapses."""
    hand = s.hands[seat]
    count = len(hand.cards) + hand.unseen  # `hand.count`, inlined: asked every play
    if count == 1 and seat not in s.called:
        s.catch_target = seat
    elif count > 1 and seat in s.called:
        s.called.remove(seat)


def may_call(s: State, seat: int) -> bool:
    """Whether `seat` may call UNO now (`check_call` as a yes or no)."""
    hand = s.hands[seat]
    if len(hand.cards) + hand.unseen > 2 and not s.rules.multi_play:
        return False  # the common case, first (as `few_to_call`): every listing asks
    return seat not in s.called and s.winner is None and few_to_call(s, seat)


def check_call(s: State, seat: int) -> None:
    if may_call(s, seat):
        return
    if seat in s.called:
        raise IllegalAction(Refusal.ALREADY_CALLED, f"seat {seat} has called already")
    if s.winner is not None and s.awaiting.kind is Kind.REVEAL:  # the tally: hands shown
        raise IllegalAction(Refusal.COUNTING, "the round is over: the hands are being counted")
    if s.winner is not None:
        raise IllegalAction(Refusal.ROUND_OVER, "the round is over")
    count = s.hands[seat].count
    raise IllegalAction(Refusal.NOT_UNO, f"seat {seat} holds {count} cards: too many to call")


def call(s: State, seat: int, events: Events) -> None:
    s.called.add(seat)
    if s.catch_target == seat:
        s.catch_target = None
    events.append(ev.UnoCalled(seat))


def few_to_call(s: State, seat: int) -> bool:
    """Whether `seat` holds one card, or on its turn may play down to one."""
    hand = s.hands[seat]
    count = len(hand.cards) + hand.unseen  # `hand.count`, inlined: asked every action
    if count == 1:
        return True
    if count > 2 and not s.rules.multi_play:
        return False  # one card a play: no play leaves it one card
    view = seat_view(s, seat)
    on_turn = view.seat == seat and view.kind is not Kind.COLOR
    return on_turn and _may_play_down_to_one(s, hand)


def _may_play_down_to_one(s: State, hand: Hand) -> bool:
    """On its turn, a seat may call if one play can leave it one card."""
    if hand.count == 2:
        return True
    if not (s.rules.multi_play and hand.count > 2):
        return False
    # Unseen cards (real cards) may be of any rank: a run the engine cannot see is trusted.
    seen = Counter(c.rank for c in hand.cards)
    return max(seen.values(), default=0) + hand.unseen >= hand.count - 1


def catchable(s: State) -> int | None:
    """The seat that can be caught for not calling UNO right now, if any."""
    seat = s.catch_target
    if seat is None or seat in s.called or s.hands[seat].count != 1:
        return None
    return seat


def catch(s: State, seat: int, target: int | None, events: Events) -> None:
    """`seat` catches the seat in the catch window (`target`, if named, must be that seat)."""
    caught = catchable(s)
    if caught is None or caught == seat:
        raise IllegalAction(Refusal.NOTHING_TO_CATCH, "no seat can be caught right now")
    if target is not None and target != caught:
        raise IllegalAction(Refusal.NOTHING_TO_CATCH, f"seat {target} cannot be caught now")
    s.catch_target = None
    events.append(ev.UnoCaught(caught, seat))
    s.draw(caught, s.rules.uno_penalty, events, "uno")

"""Draw penalties: what a Draw Two or a Wild Draw Four does, for every preset.

The next seat faces the cards to draw. It answers them where `stacking` allows (none:
official, reglamento; cross: playone; cool: cool, where R sends them back and S passes them
on), or a restricted W4 (`w4_restricted`: official, reglamento) may first be challenged. The
seat that takes them loses its turn where `draw_skips` (every preset but reglamento).
"""

from __future__ import annotations

from dataclasses import replace

from . import events as ev
from .cards import Card, Color, Rank
from .errors import IllegalAction, Refusal
from .matching import matches_top
from .rules import Stacking
from .state import Events, Hand, Kind, Mode, State, Wild4
from .values import shared

_ANSWERS_COOL = (Rank.SKIP, Rank.REVERSE)


def answers(s: State, card: Card) -> bool:
    """Whether `card` answers the pending draw (it is added to it or moves it on)."""
    stacking = s.rules.stacking
    if stacking is _SAME:
        return card.rank is s.discard[-1].rank and card.rank.draws > 0
    if stacking is _CROSS:
        return card.rank.draws > 0
    if stacking is _COOL:
        answer = card.rank.draws > 0 or card.rank in _ANSWERS_COOL
        return answer and (card.is_wild or matches_top(s, card))
    return False


def answerable(s: State) -> bool:
    """Whether any card may answer a pending draw (official and reglamento: none)."""
    return s.rules.stacking is not _NONE


# Bound once: Python 3.11 looks `Stacking.SAME` up through EnumType.__getattr__'s slow path,
# and a pending draw's listing asks for every card of the hand.
_NONE, _SAME, _CROSS, _COOL = Stacking.NONE, Stacking.SAME, Stacking.CROSS, Stacking.COOL
_WILD4 = Rank.WILD4


def check_answer(s: State, cards: tuple[Card, ...]) -> None:
    if not answers(s, cards[0]):
        raise IllegalAction(
            Refusal.MUST_ANSWER, f"{cards[0]} does not answer the {s.pending} to draw"
        )


def hit(s: State, seat: int, rank: Rank, events: Events, n: int = 1, first: bool = False) -> None:
    """`n` cards of `rank` (D2 or W4) played by `seat` (`first`: the first card turned)."""
    victim = s.next(seat)
    s.pending += rank.draws * n
    rules = s.rules
    # Cool answers a played +2 ("al jugar un +2"); a first card D2 hits as official.
    answerable = rules.stacking is not _NONE and not (first and rules.stacking is _COOL)
    if rank is _WILD4 and rules.w4_restricted:
        s.wait_for(Kind.CHALLENGE, victim)
        events.append(ev.DrawStacked(victim, s.pending))
    elif answerable:
        s.wait_for(Kind.RESPOND, victim)
        events.append(ev.DrawStacked(victim, s.pending))
    else:
        take(s, victim, events)


def answer(s: State, seat: int, card: Card, n: int, events: Events) -> None:
    """+2/+4 add and pass on; R sends the total back, flipping; S passes it on as it is."""
    if card.rank.draws:
        hit(s, seat, card.rank, events, n)
        return
    if card.rank is Rank.REVERSE:
        s.flip(n, events)
    victim = receiver(s, seat, card, n)
    s.wait_for(Kind.RESPOND, victim)
    events.append(ev.DrawStacked(victim, s.pending))


def receiver(s: State, seat: int, card: Card, n: int) -> int:
    """Who faces the total after an answer of `n` cards like `card` (R already flipped)."""
    return s.next(seat, n if card.rank is Rank.SKIP else 1)


def take(s: State, victim: int, events: Events) -> None:
    """`victim` draws the pending total; with `draw_skips` it loses its turn too."""
    total, s.pending, s.w4 = s.pending, 0, None
    s.draw(victim, total, events, "penalty")
    if s.rules.draw_skips:
        events.append(shared(ev.Skipped, victim))
        s.turn_after(victim)
    else:
        s.begin_turn(victim)


def last_hit(s: State, seat: int, cards: tuple[Card, ...], mode: Mode, events: Events) -> None:
    """A seat went out on a D2 or W4 (or on an answer): under points rules they still hit,
    as the drawn cards count for the winner."""
    card, n = cards[-1], len(cards)
    total = s.pending + card.rank.draws * n
    if not (s.rules.points and total):
        return
    s.pending = 0
    if mode is not Mode.STACK:
        victim = s.next(seat)
    elif card.rank is Rank.REVERSE and n % 2:
        victim = s.next(seat, way=-s.direction)  # the answer sends the total back
    else:
        victim = receiver(s, seat, card, n)
    s.draw(victim, total, events, "penalty")


# --- the Wild Draw Four challenge (w4_restricted) ------------------------------------------


def judge(s: State, seat: int, hand: Hand, follow: Color | None, count: int) -> None:
    """A restricted W4 just played from `hand` on `follow`: note whether it was a bluff.

    Judged on the hand left after the play: a W4 taken from the unseen part leaves a fully
    seen hand that needs no reveal."""
    if not s.rules.w4_restricted:
        return
    if follow is None:
        guilty: bool | None = False  # played on an open colour: there was no colour to follow
    elif any(c.color is follow for c in hand.cards):
        guilty = True
    else:
        guilty = False if hand.seen else None
    s.w4 = Wild4(seat, follow, guilty, count=count, to_show=hand.unseen)


def may_challenge(s: State) -> bool:
    """Whether the Wild Draw Four's player is still there to be challenged."""
    return not (s.w4 and s.w4.seat in s.left)


def check_challenge(s: State) -> None:
    if not may_challenge(s):
        raise IllegalAction(
            Refusal.CHALLENGED_LEFT, f"seat {s.w4.seat} has left: nobody to challenge"
        )


def challenge(s: State, victim: int, events: Events) -> None:
    """`victim` challenges the W4: settled now, or (real cards) once its player shows."""
    w4 = s.w4
    if w4.guilty is None:
        s.w4 = replace(w4, challenger=victim)
        s.wait_for(Kind.REVEAL, w4.seat)
        events.append(ev.Challenged(victim, w4.seat))
        return
    settle(s, victim, w4.seat, w4.guilty, events)


def check_reveal(s: State, seat: int, cards: tuple[Card, ...]) -> None:
    """A challenged seat shows no more cards than it held at its W4."""
    if len(cards) > s.w4.to_show:
        raise IllegalAction(
            Refusal.TOO_MANY,
            f"seat {seat} held only {s.w4.to_show} more cards at its +4: show no more",
        )


def revealed(s: State, shown: tuple[Card, ...], events: Events) -> None:
    """The challenged seat showed `shown`: a card of the colour to follow settles it, and so
    does the whole hand it held at the W4, shown without one."""
    w4 = s.w4 = replace(s.w4, to_show=s.w4.to_show - len(shown))
    if any(c.color is w4.follow for c in shown):
        settle(s, w4.challenger, w4.seat, True, events)
    elif w4.to_show == 0:
        settle(s, w4.challenger, w4.seat, False, events)


def settle(s: State, victim: int, culprit: int, guilty: bool, events: Events) -> None:
    events.append(ev.ChallengeSettled(victim, culprit, guilty))
    cost = Rank.WILD4.draws * (s.w4.count if s.w4 else 1)
    s.w4 = None
    if guilty:
        s.pending -= cost
        s.draw(culprit, cost, events, "guilty")
        if s.pending:
            s.wait_for(Kind.RESPOND, victim)
        else:
            s.begin_turn(victim)
    else:
        s.pending += s.rules.challenge_penalty
        take(s, victim, events)

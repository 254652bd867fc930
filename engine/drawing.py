"""Drawing: when a seat may draw, what it may play after drawing, and when it may pass.

The four draw knobs are one family:
- `forced_play` (reglamento, playone): no drawing while holding a card that fits.
- `draw_to_match` (reglamento): draw until a card fits, then play it.
- `autoplay_drawn` (playone): a drawn card that fits is played for the player (a 7 that
  swaps by the player, who names the seat: it cannot be passed on).
- `draw_until_play` (cool): draw as long as you like, then play any card that fits.
With none of them (official) a seat draws one card and plays it if it fits, else passes.
"""

from __future__ import annotations

from enum import Enum

from .cards import Card
from .errors import IllegalAction, Refusal
from .hands import swaps
from .matching import fits, no_match
from .state import Hand, Kind, State


class AfterDraw(Enum):
    """What a seen drawn card leads to."""

    WAIT = "wait"  # the seat plays, draws again or passes
    PLAY = "play"  # the card is played for the seat (autoplay_drawn)
    PASS = "pass"  # the card does not fit: the turn passes

    __hash__ = object.__hash__  # members are singletons: hashed by identity, in C (as Rank)


# Bound once: Python 3.11 looks `AfterDraw.WAIT` up through EnumType.__getattr__'s slow path,
# several times the cost of a module global, and every draw asks.
_WAIT, _PLAY, _PASS = AfterDraw.WAIT, AfterDraw.PLAY, AfterDraw.PASS


def may_draw(s: State, hand: Hand) -> bool:
    """Whether the draw knobs let the awaited seat draw now (the moment is checked already)."""
    if s.awaiting.kind is _TURN:  # before drawing: forced_play may refuse
        return not (s.rules.forced_play and not hand.unseen and _has_playable(s, hand))
    return _may_draw_again(s, hand)


def check_draw(s: State, hand: Hand) -> None:
    """Refuse a draw the draw knobs do not allow now (`may_draw`), with the reason."""
    if may_draw(s, hand):
        return
    if s.awaiting.kind is Kind.TURN:
        raise IllegalAction(Refusal.MUST_PLAY, "you hold a card that fits: play it")
    raise IllegalAction(Refusal.DREW_ALREADY, "you have drawn this turn: play the card or pass")


def _may_draw_again(s: State, hand: Hand) -> bool:
    if s.drew_nothing:
        return False
    if s.rules.draw_until_play:
        return True
    if not s.rules.draw_to_match:
        return False
    return not hand.seen or not fits(s, s.drawn[-1])


_TURN = Kind.TURN  # bound once, as the members above: every listing at a turn asks


def _has_playable(s: State, hand: Hand) -> bool:
    blocked = s.rules.out_on_number and hand.count == 1  # no going out on an action
    return any(fits(s, c) and not (blocked and c.rank.is_action) for c in hand.cards)


def after_draw(s: State, card: Card) -> AfterDraw:
    """What a drawn card the engine has seen leads to."""
    rules = s.rules
    if rules.draw_until_play:
        return _WAIT  # cool: play any card that fits, or draw on
    if not fits(s, card):
        return _WAIT if rules.draw_to_match else _PASS  # draw_to_match: draw again
    if rules.autoplay_drawn and not swaps(rules, card):
        return _PLAY  # playone: with draw_to_match too, the card that fits is played for you
    return _WAIT


def playable(s: State, cards: tuple[Card, ...]) -> bool:
    """Whether these cards may be played after drawing (`check_drawn_play` as a yes or no)."""
    return _after_draw_allows(s, cards) and fits(s, cards[0])


def _after_draw_allows(s: State, cards: tuple[Card, ...]) -> bool:
    only = only_drawn(s)
    return only is None or (len(cards) == 1 and cards[0] in only)


def only_drawn(s: State) -> tuple[Card, ...] | None:
    """The card that alone may be played after drawing: the card just drawn (an empty tuple
    when the draw found none), or None where any card that fits may be played."""
    # Official and reglamento: only the card just drawn may be played; cool: any card.
    if s.rules.draw_until_play or s.hands[s.awaiting.seat].unseen:
        return None
    return s.drawn[-1:]


def check_drawn_play(s: State, cards: tuple[Card, ...]) -> None:
    if not _after_draw_allows(s, cards):
        drawn = s.drawn[-1] if s.drawn else "the card drawn"
        raise IllegalAction(Refusal.ONLY_DRAWN, f"after drawing, only {drawn} may be played")
    if not fits(s, cards[0]):
        raise no_match(s, cards[0])


def may_pass(s: State) -> bool:
    """Whether the draw knobs let the seat that drew pass now."""
    if s.drew_nothing:
        return True
    rules = s.rules
    return not (rules.draw_to_match or rules.draw_until_play or _owes_drawn_play(s))


def _owes_drawn_play(s: State) -> bool:
    """autoplay_drawn: a seen drawn card that fits but was not played for the seat (a 7 that
    swaps, whose seat only the player can name) must still be played."""
    return s.rules.autoplay_drawn and bool(s.drawn) and fits(s, s.drawn[-1])


def check_pass(s: State) -> None:
    """Refuse a pass while the rules say draw on or play (`may_pass`), with the reason."""
    if may_pass(s):
        return
    if _owes_drawn_play(s):
        raise IllegalAction(
            Refusal.MUST_PLAY, f"the {s.drawn[-1]} you drew fits: it must be played"
        )
    if s.rules.draw_to_match:
        raise IllegalAction(Refusal.MUST_DRAW, "keep drawing until a card fits, then play it")
    raise IllegalAction(Refusal.MUST_DRAW, "keep drawing until you play a card")

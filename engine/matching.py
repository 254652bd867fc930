"""Matching: which card may go on the top card (`matching`), and which may jump in (`jump_in`).

standard (official, playone, cool): the colour to follow or the top's symbol; a wild always.
strict (reglamento): numbers on the same number, R on R, S and D2 only on their colour.
"""

from __future__ import annotations

from .cards import ALL_CARDS, Card, Color, Rank
from .errors import IllegalAction, Refusal
from .rules import Matching
from .state import Kind, State


def fits(s: State, card: Card) -> bool:
    """Whether a card may be played on the top card (ignoring turn and hand)."""
    if s.color is None:
        return True
    return card in FITTING[s.rules.matching][s.color][s.discard[-1].rank]


def fitting(s: State) -> frozenset[Card]:
    """Every card that may be played on the top card now (`fits`, for a whole hand at once)."""
    if s.color is None:
        return ALL_CARDS
    return FITTING[s.rules.matching][s.color][s.discard[-1].rank]


def card_fits(matching: Matching, color: Color, top: Rank, card: Card) -> bool:
    """Whether `card` goes on a top card of rank `top` with `color` to follow."""
    if card.color is color or card.is_wild:
        return True
    if matching is _STRICT:
        return (card.rank == top and card.rank.is_number) or card.rank is top is Rank.REVERSE
    return card.rank is top


# Bound once: Python 3.11 looks `Matching.STRICT` up through EnumType.__getattr__'s slow path,
# several times the cost of a module global, and every drawn card is fitted.
_STRICT = Matching.STRICT


# The cards that fit each top card, per matching rule, colour to follow and top rank: built
# once (a few hundred sets), found by three lookups, not a cache's call (asked every turn).
FITTING: dict[Matching, dict[Color, dict[Rank, frozenset[Card]]]] = {
    matching: {
        color: {
            top: frozenset(card for card in ALL_CARDS if card_fits(matching, color, top, card))
            for top in Rank
        }
        for color in Color
    }
    for matching in Matching
}


def matches_top(s: State, card: Card) -> bool:
    """Colour or symbol of the top (cool's answers and counters); any colour while open."""
    return s.color is None or card.color is s.color or card.rank is s.discard[-1].rank


def no_match(s: State, card: Card) -> IllegalAction:
    """The refusal of a card that does not fit."""
    if s.rules.matching is Matching.STRICT and card.rank in (Rank.SKIP, Rank.DRAW2):
        return IllegalAction(Refusal.NO_MATCH, f"{card} goes only on {card.color.name.lower()}")
    return IllegalAction(
        Refusal.NO_MATCH, f"{card} does not match {s.top} ({s.color.name.lower()} to follow)"
    )


def may_jump_in(s: State) -> bool:
    """Whether another seat may jump in now: on a turn, never on a wild."""
    kind = s.awaiting.kind
    return s.rules.jump_in and kind in (Kind.TURN, Kind.DRAWN) and not s.discard[-1].is_wild


def jumps_in(s: State, cards: tuple[Card, ...]) -> bool:
    """Only a card identical to the top jumps in."""
    return cards[0] == s.discard[-1]


def check_jump_in(s: State, cards: tuple[Card, ...]) -> None:
    if not jumps_in(s, cards):
        raise IllegalAction(
            Refusal.NOT_YOUR_TURN,
            f"it is seat {s.awaiting.seat}'s move; only a card identical to {s.top} may jump in",
        )

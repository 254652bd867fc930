"""A real deck is finite: which copies of each card are in sight, which can still be hidden.

With unseen hands the engine still knows where some cards are: face up (the discard pile,
cards that left the game with a seat) or seen (in a hand, or in a draw pile it has seen). Every
other copy of the deck may be in any hand or the draw pile. A card scanned from a hidden place
(played or revealed from a hand's unseen part, flipped from a counted pile) must be one of those.
A reshuffle needs nothing here: the cards under the top leave the discard pile and so are
hidden again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from .cards import Card
from .errors import IllegalAction, Refusal
from .rules import RuleSet
from .state import State


@cache
def in_deck(rules: RuleSet) -> Counter[Card]:
    """How many copies of each card the rule set's deck holds."""
    return Counter(rules.deck())


def from_hidden(cards: Iterable[Card], seen: Iterable[Card] = ()) -> Counter[Card]:
    """The cards of a scan that must come from a hidden place: those beyond what `seen` holds."""
    left, hidden = list(seen), Counter()
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            hidden[card] += 1
    return hidden


def exhausted(
    rules: RuleSet, in_sight: Iterable[Sequence[Card]], hidden: Counter[Card]
) -> Card | None:
    """The first card of `hidden` with fewer copies left unseen than it asks for, or None.

    `in_sight` holds the places whose cards the engine knows (piles, seen parts of hands)."""
    if not hidden:
        return None
    deck, places = in_deck(rules), tuple(in_sight)
    for card, wanted in hidden.items():
        if deck[card] - sum(place.count(card) for place in places) < wanted:
            return card
    return None


def refusal_message(rules: RuleSet, card: Card) -> str:
    """Why a card with no hidden copy left is refused, for people."""
    held = in_deck(rules)[card]
    if not held:
        return f"the {rules.name} deck has no {card}"
    if held == 1:
        return f"the deck's only {card} is in sight already: it cannot be in a hand or the pile"
    return f"all {held} {card} of the deck are in sight already: none can be in a hand or the pile"


def check(s: State, cards: Iterable[Card], seen: Iterable[Card] = ()) -> None:
    """Refuse a card taken from a hidden place (beyond the `seen` cards it comes with) when
    no copy of it can still be hidden."""
    in_sight = (s.discard, s.out_of_play, s.pile, *(h.cards for h in s.hands))
    card = exhausted(s.rules, in_sight, from_hidden(cards, seen))
    if card is not None:
        missing = not in_deck(s.rules)[card]  # not a copy too many: the deck has none at all
        reason = Refusal.NOT_IN_DECK if missing else Refusal.NO_COPY_LEFT
        raise IllegalAction(reason, refusal_message(s.rules, card))

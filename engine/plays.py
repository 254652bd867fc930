"""The plays a hand can make, as shared action values: single cards, runs of one symbol
(`multi_play`), a wild once per colour, a 7 that swaps once per seat to swap with."""

from __future__ import annotations

from collections.abc import Container, Iterator
from functools import lru_cache

from .actions import Action, Play
from .cards import ALL_CARDS, Card, Color, Rank
from .hands import partners, swaps
from .state import MAX_PLAYERS, State
from .values import shared


def candidates(s: State, seat: int, firsts: Container[Card] = ALL_CARDS) -> list[tuple[Card, ...]]:
    """The seat's seen cards one by one in hand order, then (multi_play) its runs: those
    whose first card is one of `firsts` (the cards that fit the top, say)."""
    hand = s.hands[seat].cards
    found = [(card,) for card in filter(firsts.__contains__, dict.fromkeys(hand))]
    if s.rules.multi_play:
        found += [run for run in runs(hand) if run[0] in firsts]
    return found


def singles(s: State, seat: int, firsts: Container[Card]) -> list[Action]:
    """The plays of one card (`_plays`) of the seat's seen cards that are in `firsts`, in hand
    order, each face once: `variants_of(candidates(...))` where no play is a run and none
    names a seat (no multi_play, no seven_zero), without building the candidates."""
    by_face, found, plays = BY_FACE[seat], set(), []
    for card in s.hands[seat].cards:
        if card in firsts and card not in found:
            found.add(card)
            plays.extend(by_face[card])
    return plays


def variants(s: State, seat: int, cards: tuple[Card, ...]) -> tuple[Play, ...]:
    """The plays of these cards: a wild once per colour; a 7 that swaps once per seat."""
    if s.rules.seven_zero and swaps(s.rules, cards[-1]):  # the test inlined: most rules have none
        aimed = tuple(shared(Play, seat, cards, None, t) for t in partners(s, seat))
        return aimed or (shared(Play, seat, cards),)
    return _plays(seat, cards)


def variants_of(s: State, seat: int, found: list[tuple[Card, ...]]) -> list[Action]:
    """The plays of each of these cards (`variants`), one list."""
    if not s.rules.seven_zero:  # the common case, first: no play names a seat
        return [play for cards in found for play in _plays(seat, cards)]
    return [play for cards in found for play in variants(s, seat, cards)]


@lru_cache(maxsize=4096)
def _plays(seat: int, cards: tuple[Card, ...]) -> tuple[Play, ...]:
    """The plays of these cards, shared (as `values.shared`): a wild once per colour, else one."""
    if cards[-1].is_wild:
        return tuple(Play(seat, cards, color=c) for c in Color)
    return (Play(seat, cards),)


# Each seat's plays of one card (`_plays`), by face, built once for every seat: a tuple and
# a dict, each indexed in one specialized step (every listing at a turn asks).
BY_FACE: tuple[dict[Card, tuple[Play, ...]], ...] = tuple(
    {card: _plays(seat, (card,)) for card in ALL_CARDS} for seat in range(MAX_PLAYERS)
)


def runs(hand: list[Card]) -> Iterator[tuple[Card, ...]]:
    """Plays of 2+ cards of one symbol: each size, each first card and each last card
    (the first must fit, the last sets the colour), the middle in a fixed order."""
    groups: dict[Rank, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card)
    seen: set[tuple[Card, ...]] = set()
    for group in groups.values():
        kinds = sorted(set(group), key=str)
        for size in range(2, len(group) + 1):
            for first in kinds:
                rest = list(group)
                rest.remove(first)
                for last in sorted(set(rest), key=str):
                    middle = sorted(rest, key=str)
                    middle.remove(last)
                    run = (first, *middle[: size - 2], last)
                    if run not in seen:
                        seen.add(run)
                        yield run

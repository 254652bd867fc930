"""The state of a match, and the moves of cards and turns every rule family is made of.

`State` holds every piece of a match; `Game` (game.py) owns one, and the rule families
(matching, stacking, drawing, scoring, hands, counters, open_wild, uno) read and change it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from . import events as ev
from .cards import Card, Color
from .rules import RuleSet
from .values import shared

Events = list[ev.Event]


class Kind(StrEnum):
    """What the game waits for."""

    FLIP = "flip"
    TURN = "turn"
    COLOR = "color"
    DRAWN = "drawn"
    RESPOND = "respond"
    CHALLENGE = "challenge"
    REVEAL = "reveal"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"

    __hash__ = str.__hash__  # a str's own, in C (Enum's is a Python call), as Color's


OVER = (Kind.ROUND_OVER, Kind.MATCH_OVER)


class Mode(StrEnum):
    """The moment of a play, which says what it must fit."""

    TURN = "turn"  # on the top card (matching.py)
    DRAWN = "drawn"  # after drawing (drawing.py)
    STACK = "stack"  # answering a pending draw (stacking.py)
    COUNTER = "counter"  # countering an S or R (counters.py)
    JUMP = "jump"  # out of turn, a card identical to the top (matching.py)

    __hash__ = str.__hash__  # a str's own, in C (Enum's is a Python call), as Color's


class Against(StrEnum):
    """What an open counter window counters (counters): its value is the card's symbol."""

    SKIP = "S"
    REVERSE = "R"


class AfterColor(StrEnum):
    """What follows once a wild's colour is named."""

    TURN = "turn"  # a first card wild: its seat plays
    EFFECTS = "effects"  # a played wild: its effects


@dataclass(frozen=True)
class AfterWild:
    """What follows once a wild's colour is named: `seat`'s turn (a first card wild), or the
    effects of `count` cards like `card` that `seat` played."""

    then: AfterColor
    seat: int
    card: Card | None = None
    count: int = 1

    def to_json(self) -> list:
        if self.then is AfterColor.TURN:
            return [str(self.then), self.seat, None]
        return [str(self.then), self.seat, str(self.card), self.count]


@dataclass(frozen=True)
class CounterWindow:
    """An open counter window (counters): what it counters, the seat that played last, and
    how many skips or reverses are at stake."""

    against: Against
    seat: int
    count: int

    def to_json(self) -> list:
        return [str(self.against), self.seat, self.count]


@dataclass(frozen=True)
class Outcome:
    """How a round ended: its winner, the points it is worth so far (0 without points), and
    the match's winner once the match is over."""

    winner: int
    points: int
    match_winner: int | None = None


@dataclass(frozen=True)
class Awaiting:
    """What the game waits for, and from which seat (None: from nobody in particular)."""

    kind: Kind
    seat: int | None


MAX_PLAYERS = 10  # the most seats a game has
# Every Awaiting value, built once: each kind's, per seat, then for no seat (index -1). Found
# by two indexes, not a cache's call (a wait begins on nearly every action).
AWAITING: dict[Kind, tuple[Awaiting, ...]] = {
    kind: tuple(Awaiting(kind, seat) for seat in (*range(MAX_PLAYERS), None)) for kind in Kind
}
# Each seat's turn: a tuple index costs less than a `Kind.TURN` lookup too (Python 3.11 finds
# enum members through EnumType.__getattr__'s slow path).
TURNS = AWAITING[Kind.TURN]


@dataclass(frozen=True)
class Wild4:
    """A Wild Draw Four that may be challenged: who played it, the colour it was played on."""

    seat: int
    follow: Color | None
    guilty: bool | None  # None: the hand was not seen; a challenge makes it reveal
    challenger: int | None = None
    count: int = 1  # several W4 in one play (multi_play): guilt costs 4 each
    # The unseen cards of the hand it was played from, still to show if challenged: cards
    # drawn since (caught at one card before the challenge) came after the W4 and are not shown.
    to_show: int = 0

    def to_json(self) -> list:
        follow = self.follow and str(self.follow)
        return [self.seat, follow, self.guilty, self.challenger, self.to_show]


class Hand:
    """The cards the engine has seen in a hand, and how many more it holds unseen."""

    __slots__ = ("cards", "unseen")

    def __init__(self, cards: Iterable[Card] = (), unseen: int = 0) -> None:
        self.cards = list(cards)
        self.unseen = unseen

    @property
    def count(self) -> int:
        return len(self.cards) + self.unseen

    @property
    def seen(self) -> bool:
        return self.unseen == 0

    def missing(self, cards: tuple[Card, ...]) -> Card | None:
        """A card of `cards` this hand cannot hold (counting duplicates), or None."""
        if len(cards) == 1:  # the common case, first: legal_actions() checks many plays
            card = cards[0]
            return None if self.unseen or card in self.cards else card
        short = 0
        for card in dict.fromkeys(cards):
            short += max(0, cards.count(card) - self.cards.count(card))
            if short > self.unseen:
                return card
        return None

    def take(self, card: Card) -> None:
        """The card leaves the hand: a seen one, else one of the unseen."""
        try:
            self.cards.remove(card)
        except ValueError:
            self.unseen -= 1


class State:
    """Every piece of a match: seats, hands, piles, whose move, and what is pending."""

    __slots__ = (
        "after_color",
        "awaiting",
        "called",
        "catch_target",
        "color",
        "color_owed_by",
        "counter",
        "dealer",
        "direction",
        "discard",
        "drawn",
        "drew_nothing",
        "hands",
        "left",
        "match_winner",
        "meanwhile",
        "out_of_play",
        "pending",
        "pile",
        "pile_unseen",
        "players",
        "real",
        "rng",
        "rules",
        "scores",
        "to_reveal",
        "w4",
        "winner",
    )

    def __init__(self, players: int, rules: RuleSet, dealer: int, seed: int) -> None:
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.rng = random.Random(seed)
        self.hands = [Hand() for _ in range(players)]
        self.pile: list[Card] = []  # the draw pile, top at the end
        self.pile_unseen = 0  # cards in the pile the engine cannot see (real cards)
        self.discard: list[Card] = []
        self.out_of_play: list[Card] = []
        self.color: Color | None = None
        self.direction = 1
        self.awaiting = TURNS[0]
        self.pending = 0  # cards stacked on the awaited seat
        self.called: set[int] = set()  # seats that called UNO
        self.catch_target: int | None = None  # the seat that may be caught at one card
        self.left: set[int] = set()
        self.scores = [0] * players
        self.winner: int | None = None
        self.match_winner: int | None = None
        # Cards drawn during this turn: a tuple, so a new turn sets the one empty tuple and
        # builds no list (nearly every action begins a turn).
        self.drawn: tuple[Card, ...] = ()
        self.drew_nothing = False  # a draw this turn found no card to take
        self.w4: Wild4 | None = None
        self.real = False  # real cards: the pile is counted, not seen
        self.to_reveal: list[int] = []  # seats still to show their hands at round end
        self.after_color: AfterWild | None = None
        self.counter: CounterWindow | None = None
        # Open colour (open_wild): the seat owing a wild's colour, and the move another seat
        # may make meanwhile (the game goes on with it once the colour is named).
        self.color_owed_by: int | None = None
        self.meanwhile: Awaiting | None = None

    def copy(self) -> State:
        """An independent copy: what changes in place (hands, piles, sets, lists, the random
        generator) copied; the rest (cards, rules, frozen records, numbers) shared. A generic
        deep copy walks every card of the piles: this is what trying an action needs."""
        twin = State.__new__(State)
        for name in State.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.hands = [Hand(hand.cards, hand.unseen) for hand in self.hands]
        twin.pile, twin.discard = list(self.pile), list(self.discard)
        twin.out_of_play, twin.to_reveal = list(self.out_of_play), list(self.to_reveal)
        twin.scores, twin.called, twin.left = list(self.scores), set(self.called), set(self.left)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def reset_round(self) -> None:
        self.discard, self.out_of_play, self.drawn = [], [], ()
        self.hands = [Hand() for _ in range(self.players)]
        self.called, self.catch_target, self.winner = set(), None, None
        self.direction, self.pending, self.w4, self.color = 1, 0, None, None
        self.to_reveal = []
        self.counter = self.color_owed_by = self.meanwhile = None

    # --- seats and turns ----------------------------------------------------------------

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def draw_count(self) -> int:
        """The cards in the draw pile, seen or counted."""
        return len(self.pile) + self.pile_unseen

    def active_seats(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.left]

    def next(self, seat: int, steps: int = 1, way: int | None = None) -> int:
        """The seat `steps` seats on from `seat` along `way` (the direction of play)."""
        way = self.direction if way is None else way
        if steps == 1 and not self.left:  # the common case, first: nearly every action asks
            return (seat + way) % self.players
        for _ in range(steps):
            seat = (seat + way) % self.players
            while seat in self.left:
                seat = (seat + way) % self.players
        return seat

    def wait_for(self, kind: Kind, seat: int | None) -> None:
        self.awaiting = AWAITING[kind][-1 if seat is None else seat]

    def begin_turn(self, seat: int) -> None:
        self.drawn, self.drew_nothing, self.counter = (), False, None
        self.awaiting = TURNS[seat]

    def turn_after(self, seat: int) -> None:
        """The turn of the seat after `seat` (`begin_turn(next(seat))`, in one call: nearly
        every action ends so)."""
        seat = self.next(seat) if self.left else (seat + self.direction) % self.players
        self.drawn, self.drew_nothing, self.counter = (), False, None
        self.awaiting = TURNS[seat]

    def flip(self, n: int, events: Events) -> None:
        """Reverse the direction of play `n` times."""
        for _ in range(n):
            self.direction = -self.direction
            events.append(ev.Reversed(self.direction))

    # --- UNO calls ------------------------------------------------------------------------

    def close_window(self, actor: int) -> None:
        """A turn action by another seat ends the chance to catch the seat at one card."""
        if self.catch_target is not None and self.catch_target != actor:
            self.catch_target = None

    def forget_calls(self, seats: Iterable[int]) -> None:
        """Hands changed owners: UNO calls and the catch window start afresh."""
        seats = set(seats)
        self.called -= seats
        if self.catch_target in seats:
            self.catch_target = None

    # --- cards from the pile -------------------------------------------------------------

    def draw(self, seat: int, count: int, events: Events, reason: str | None = None) -> list[Card]:
        """`seat` takes up to `count` cards (the discard pile reshuffled when the pile is out)."""
        hand, got, unseen = self.hands[seat], [], 0
        for _ in range(count):
            if not self.pile and not self.pile_unseen and not self._reshuffle(events):
                break
            if self.pile:
                got.append(self.pile.pop())
            else:
                self.pile_unseen -= 1
                unseen += 1
        seen = tuple(got)
        hand.cards.extend(got)
        hand.unseen += unseen
        self.drawn += seen
        if got or unseen:
            if seat in self.called:
                self.called.remove(seat)
            if self.catch_target is not None and self.catch_target == seat:
                self.catch_target = None
        # A draw of several cards is nearly always a new value: shared, they filled the
        # shared values' cache match after match (memory grew ~14 KB a match for ~200 matches).
        drew = (seat, len(got) + unseen, seen, reason)
        events.append(shared(ev.Drew, *drew) if len(got) <= 1 else ev.Drew(*drew))
        return got

    def _reshuffle(self, events: Events) -> bool:
        below = self.discard[:-1]
        if not below:
            return False
        self.discard = self.discard[-1:]
        if self.real:
            # The table shuffles the real discard pile; from here on the engine counts it.
            self.pile_unseen += len(below)
        else:
            self.rng.shuffle(below)
            self.pile = below
        events.append(ev.Reshuffled(len(below)))
        return True

    # --- records ------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """Every piece of state, JSON-ready: equal snapshots mean equal states."""
        return {
            "rules": self.rules.name,
            "dealer": self.dealer,
            "hands": [[str(c) for c in h.cards] for h in self.hands],
            "unseen": [h.unseen for h in self.hands],
            "pile": [str(c) for c in self.pile],
            "pile_unseen": self.pile_unseen,
            "discard": [str(c) for c in self.discard],
            "out_of_play": [str(c) for c in self.out_of_play],
            "color": self.color and str(self.color),
            "direction": self.direction,
            "awaiting": [str(self.awaiting.kind), self.awaiting.seat],
            "pending": self.pending,
            "called": sorted(self.called),
            "window": self.catch_target,
            "left": sorted(self.left),
            "scores": list(self.scores),
            "winner": self.winner,
            "match_winner": self.match_winner,
            "drawn": [str(c) for c in self.drawn],
            "dry": self.drew_nothing,
            "w4": self.w4.to_json() if self.w4 else None,
            "w4_count": self.w4.count if self.w4 else None,
            "real": self.real,
            "to_reveal": list(self.to_reveal),
            "after_color": self.after_color.to_json() if self.after_color else None,
            "counter": self.counter.to_json() if self.counter else None,
            "owes": self.color_owed_by,
            "meanwhile": _pair(self.meanwhile),
        }

    def public_state(self) -> dict:
        """What the table's screen shows: no hidden card."""
        return {
            "top": self.top and str(self.top),
            "color": self.color and str(self.color),
            "direction": self.direction,
            "awaiting": [str(self.awaiting.kind), self.awaiting.seat],
            "counts": [h.count for h in self.hands],
            "draw_count": self.draw_count,
            "discard": len(self.discard),
            "pending": self.pending,
            "counter": self.counter.to_json() if self.counter else None,
            "meanwhile": _pair(self.meanwhile),
            "called": sorted(self.called),
            "left": sorted(self.left),
            "scores": list(self.scores),
            "winner": self.winner,
            "match_winner": self.match_winner,
        }


def _pair(aw: Awaiting | None) -> list | None:
    return [str(aw.kind), aw.seat] if aw else None

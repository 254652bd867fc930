"""The game: state, whose move it is, and every rule applied as actions arrive.

Real cards (`Game.referee`, or int hands in `from_position`): the engine knows a card only
when it is scanned. It counts hands and the draw pile, and settles what needs a hand's
contents by reveals (a challenged Wild Draw Four, the points at a round's end). What it
cannot check without seeing a hand is trusted: that a player had nothing playable before
drawing (forced play), that a drawn card is the one played after a draw, that a drawn card
did not fit before passing (playone's auto-play is done by the player scanning it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache
from typing import ClassVar

from . import copies
from . import events as ev
from .actions import (
    Accept,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Flip,
    Leave,
    NextRound,
    Pass,
    Play,
    Reveal,
)
from .cards import Card, Color, Rank
from .errors import IllegalAction
from .rules import RuleSet

MIN_PLAYERS, MAX_PLAYERS = 2, 10


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


# When each kind of move can be made: `apply` refuses it at any other moment ("wrong_moment"),
# so `legal_actions()` does not even build it then.
MOMENTS: dict[type, tuple[Kind, ...]] = {
    Play: (Kind.TURN, Kind.DRAWN, Kind.RESPOND, Kind.CHALLENGE),
    Draw: (Kind.TURN, Kind.DRAWN),
    Pass: (Kind.DRAWN, Kind.REVEAL),  # at a reveal: the seat cannot show the rest
    Accept: (Kind.RESPOND, Kind.CHALLENGE),
    Challenge: (Kind.CHALLENGE,),
}


@dataclass(frozen=True)
class Awaiting:
    """What the game waits for, and from which seat (None: from nobody in particular)."""

    kind: Kind
    seat: int | None


@dataclass(frozen=True)
class Wild4:
    """A Wild Draw Four that may be challenged: who played it, the colour it was played on."""

    seat: int
    follow: Color | None
    guilty: bool | None  # None: the hand was not seen; a challenge makes it reveal
    challenger: int | None = None
    count: int = 1  # several W4 in one play (multi_play): guilt costs 4 each

    def to_json(self) -> list:
        return [self.seat, self.follow and str(self.follow), self.guilty, self.challenger]


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

    def holds(self, card: Card) -> bool:
        return card in self.cards or self.unseen > 0

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
        if card in self.cards:
            self.cards.remove(card)
        else:
            self.unseen -= 1

    def copy(self) -> Hand:
        return Hand(self.cards, self.unseen)


def _refuse(reason: str, message: str) -> IllegalAction:
    return IllegalAction(reason, message)


Events = list[ev.Event]


class Game:
    """One match of UNO: rounds, scores and the state of the current round.

    Build one with `new`, `deal`, `from_position` or `referee`; change it only with `apply`.
    """

    # --- construction -------------------------------------------------------------------

    def __init__(self, players: int, rules: RuleSet, dealer: int = 0, seed: int = 0) -> None:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.seed = seed
        self.origin: dict = {}
        self._rng = random.Random(seed)
        self._hands = [Hand() for _ in range(players)]
        self._pile: list[Card] = []  # the draw pile, top at the end
        self._pile_unseen = 0  # cards in the pile the engine cannot see (real cards)
        self._discard: list[Card] = []
        self._out_of_play: list[Card] = []
        self._color: Color | None = None
        self._direction = 1
        self._awaiting = Awaiting(Kind.TURN, 0)
        self._pending = 0
        self._called: set[int] = set()
        self._window: int | None = None
        self._left: set[int] = set()
        self._scores = [0] * players
        self._winner: int | None = None
        self._match_winner: int | None = None
        self._drawn: list[Card] = []  # cards drawn during this turn
        self._dry = False  # a draw this turn found no card to take
        self._w4: Wild4 | None = None
        self._real = False  # real cards: the pile is counted, not seen
        self._to_reveal: list[int] = []  # seats still to show their hands at round end
        self._after_color: tuple | None = None  # (what, seat, card[, count])
        # Counter window (counters): ("S", seat that played last, skips) or ("R", seat, reverses)
        self._counter: tuple[str, int, int] | None = None
        # Open colour (open_wild): the seat owing a wild's colour, and the move another seat
        # may make meanwhile (the game goes on with it once the colour is named).
        self._owes: int | None = None
        self._meanwhile: Awaiting | None = None
        self._history: list[Action] = []
        self.last_events: Events = []

    @classmethod
    def new(
        cls, players: int = 4, rules: RuleSet | None = None, seed: int = 0, dealer: int = 0
    ) -> Game:
        """A new match: the deck shuffled from `seed`, dealt, the first card turned."""
        rules = rules or RuleSet.preset("official")
        game = cls(players, rules, dealer, seed)
        game.origin = {"how": "new", "players": players, "seed": seed, "dealer": dealer}
        deck = rules.deck()
        game._rng.shuffle(deck)
        game.last_events = game._deal_from(deck)
        return game

    @classmethod
    def deal(
        cls,
        players: int = 4,
        rules: RuleSet | None = None,
        deck: Iterable[Card | str] = (),
        dealer: int = 0,
        seed: int = 0,
    ) -> Game:
        """A new match dealt from an explicit deck order (index 0 is the top)."""
        rules = rules or RuleSet.preset("official")
        game = cls(players, rules, dealer, seed)
        cards = [Card.parse(c) for c in deck]
        game.origin = {
            "how": "deal",
            "players": players,
            "seed": seed,
            "dealer": dealer,
            "deck": [str(c) for c in cards],
        }
        game.last_events = game._deal_from(cards)
        return game

    @classmethod
    def from_position(
        cls,
        rules: RuleSet,
        hands: list,
        top: Card | str,
        turn: int = 0,
        direction: int = 1,
        color: Color | str | None = None,
        draw_pile: Iterable[Card | str] | None = None,
        discard_below: Iterable[Card | str] = (),
        scores: list[int] | None = None,
        dealer: int | None = None,
        seed: int = 0,
    ) -> Game:
        """A round in progress: `turn` to play on `top`. An int hand is that many unseen cards."""
        players = len(hands)
        if direction not in (1, -1):
            raise ValueError(f"direction must be 1 or -1, not {direction!r}")
        if not 0 <= turn < max(players, 1):
            raise ValueError(f"turn must be a seat from 0 to {players - 1}, not {turn!r}")
        dealer = (turn - direction) % players if dealer is None else dealer
        game = cls(players, rules, dealer, seed)
        top_card = Card.parse(top)
        below = [Card.parse(c) for c in discard_below]
        game._hands = [
            Hand(unseen=h) if isinstance(h, int) else Hand(Card.parse(c) for c in h) for h in hands
        ]
        if any(h.count < 0 for h in game._hands):
            raise ValueError("a hand cannot hold fewer than 0 cards")
        game._discard = [*below, top_card]
        game._direction = direction
        game._color = Color.parse(color) if color is not None else top_card.color
        if scores is not None:
            if len(scores) != players:
                raise ValueError("scores needs one number per seat")
            game._scores = list(scores)
        game._place_pile(draw_pile)
        game.origin = {
            "how": "from_position",
            "hands": [h if isinstance(h, int) else [str(Card.parse(c)) for c in h] for h in hands],
            "top": str(top_card),
            "turn": turn,
            "direction": direction,
            "color": str(game._color) if game._color else None,
            "draw_pile": None if draw_pile is None else [str(c) for c in game._pile[::-1]],
            "discard_below": [str(c) for c in below],
            "scores": scores,
            "dealer": dealer,
            "seed": seed,
        }
        game._begin_turn(turn)
        return game

    @classmethod
    def referee(
        cls, players: int = 4, rules: RuleSet | None = None, dealer: int = 0, seed: int = 0
    ) -> Game:
        """A match of real cards: hands are counts, and the game waits for the first `Flip`."""
        rules = rules or RuleSet.preset("official")
        game = cls(players, rules, dealer, seed)
        game.origin = {"how": "referee", "players": players, "seed": seed, "dealer": dealer}
        game._real = True
        game.last_events = game._deal_real()
        return game

    @classmethod
    def from_origin(cls, origin: dict, rules: RuleSet) -> Game:
        """The game as it was built, from its `origin` record (for replays and journals)."""
        args = {k: v for k, v in origin.items() if k != "how"}
        build: Callable[..., Game] = {
            "new": cls.new,
            "deal": cls.deal,
            "from_position": cls.from_position,
            "referee": cls.referee,
        }[origin["how"]]
        return build(rules=rules, **args)

    @classmethod
    def replay(cls, origin: dict, rules: RuleSet, history: Iterable[Action]) -> Game:
        """Rebuild a game from how it was built and the actions applied to it."""
        game = cls.from_origin(origin, rules)
        for action in history:
            game.apply(action)
        return game

    def _place_pile(self, draw_pile: Iterable[Card | str] | None) -> None:
        if draw_pile is not None:
            self._pile = [Card.parse(c) for c in draw_pile][::-1]
            return
        rest = self.rules.deck()
        for card in self._discard + [c for h in self._hands for c in h.cards]:
            if card in rest:
                rest.remove(card)
        unseen = sum(h.unseen for h in self._hands)
        if unseen:
            # Real cards: the pile's contents are unknown, only its size is counted.
            self._real = True
            self._pile_unseen = max(0, len(rest) - unseen)
        else:
            self._rng.shuffle(rest)
            self._pile = rest

    def _deal_from(self, deck: list[Card]) -> Events:
        seats = self._active_seats()
        need = self.rules.hand_size * len(seats) + 1
        if len(deck) < need:
            raise ValueError(f"the deck has {len(deck)} cards; dealing needs at least {need}")
        self._pile = deck[::-1]
        self._reset_round()
        order = [self._next(self.dealer, k) for k in range(1, len(seats) + 1)]
        for _ in range(self.rules.hand_size):
            for seat in order:
                self._hands[seat].cards.append(self._pile.pop())
        events: Events = [ev.Dealt(self.dealer, self.rules.hand_size)]
        self._turn_first_card(events)
        return events

    def _reset_round(self) -> None:
        self._discard, self._out_of_play, self._drawn = [], [], []
        self._hands = [Hand() for _ in range(self.players)]
        self._called, self._window, self._winner = set(), None, None
        self._direction, self._pending, self._w4, self._color = 1, 0, None, None
        self._to_reveal = []
        self._counter = self._owes = self._meanwhile = None

    def _deal_real(self) -> Events:
        """Real cards were dealt at the table: count them, then wait for the first card."""
        size = self.rules.hand_size
        seats = self._active_seats()
        self._reset_round()
        for seat in seats:
            self._hands[seat].unseen = size
        self._pile, self._pile_unseen = [], len(self.rules.deck()) - size * len(seats)
        if self._pile_unseen < 1:
            raise ValueError(f"{len(seats)} hands of {size} leave no card to turn over")
        self._await(Kind.FLIP, self.dealer)
        return [ev.Dealt(self.dealer, size)]

    def _turn_first_card(self, events: Events) -> None:
        card = self._pile.pop()
        while card.rank is Rank.WILD4:
            # A W4 may not start the game: shuffle it back in below the top, turn another.
            events.append(ev.ReturnedToPile(card))
            self._pile.insert(self._rng.randrange(len(self._pile)), card)
            card = self._pile.pop()
        self._discard.append(card)
        events.append(ev.FirstCard(card))
        self._first_card_effect(card, events)

    def _first_card_effect(self, card: Card, events: Events) -> None:
        left = self._next(self.dealer)
        self._color = card.color
        if card.is_wild:
            self._await(Kind.COLOR, left)
            self._after_color = ("turn", left, None)
        elif card.rank is Rank.REVERSE:
            self._direction = -1
            events.append(ev.Reversed(-1))
            first = self.dealer if self.rules.first_reverse == "dealer" else self._next(self.dealer)
            self._begin_turn(first)
        else:
            # Any other first card acts as if the dealer had played it.
            self._effects(self.dealer, card, events, first=True)

    # --- observation --------------------------------------------------------------------

    @property
    def awaiting(self) -> Awaiting:
        return self._awaiting

    @property
    def turn(self) -> int | None:
        """The seat the game waits for."""
        return self._awaiting.seat

    @property
    def top(self) -> Card | None:
        """The top of the discard pile (None before the first card is turned)."""
        return self._discard[-1] if self._discard else None

    @property
    def real_cards(self) -> bool:
        """Whether the engine counts an unseen draw pile (a table of real cards)."""
        return self._real

    @property
    def color(self) -> Color | None:
        """The colour to follow (None while a wild's colour is not named)."""
        return self._color

    @property
    def direction(self) -> int:
        return self._direction

    @property
    def draw_count(self) -> int:
        return len(self._pile) + self._pile_unseen

    @property
    def discard(self) -> list[Card]:
        """The discard pile, bottom to top."""
        return list(self._discard)

    @property
    def pending_draw(self) -> int:
        return self._pending

    @property
    def winner(self) -> int | None:
        """The winner of the round just over (None while a round is on)."""
        return self._winner

    @property
    def match_winner(self) -> int | None:
        return self._match_winner

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def history(self) -> list[Action]:
        return list(self._history)

    @property
    def left(self) -> frozenset[int]:
        """Seats that have left the game."""
        return frozenset(self._left)

    @property
    def out_of_play(self) -> list[Card]:
        """Cards that left the game with a seat."""
        return list(self._out_of_play)

    def hand(self, seat: int) -> list[Card]:
        """The cards the engine has seen in a seat's hand."""
        return list(self._hands[seat].cards)

    def hand_count(self, seat: int) -> int:
        return self._hands[seat].count

    def uno_called(self, seat: int) -> bool:
        return seat in self._called

    @property
    def catchable(self) -> int | None:
        """The seat that can be caught for not calling UNO right now, if any."""
        seat = self._window
        if seat is None or seat in self._called or self._hands[seat].count != 1:
            return None
        return seat

    @property
    def meanwhile(self) -> Awaiting | None:
        """While a wild's colour is awaited (open_wild): the move another seat may make now."""
        return self._meanwhile

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now: the awaited one and the one with a `meanwhile` move."""
        seats = (self._awaiting.seat, self._meanwhile.seat if self._meanwhile else None)
        return tuple(seat for seat in seats if seat is not None)

    @property
    def color_owed_by(self) -> int | None:
        """The seat that played a wild whose colour is not named yet (open_wild)."""
        return self._owes

    @property
    def counter(self) -> tuple[str, int, int] | None:
        """An open counter window: ("S", seat, skips) or ("R", seat, reverses) (counters)."""
        return self._counter

    @property
    def w4_player(self) -> int | None:
        """The seat whose Wild Draw Four can be challenged now, if any."""
        return self._w4.seat if self._w4 and self._awaiting.kind is Kind.CHALLENGE else None

    def draw_pile(self) -> list[Card]:
        """The seen draw pile, top first (empty for real cards)."""
        return self._pile[::-1]

    def snapshot(self) -> dict:
        """Every piece of state, JSON-ready: equal snapshots mean equal games."""
        return {
            "rules": self.rules.name,
            "dealer": self.dealer,
            "hands": [[str(c) for c in h.cards] for h in self._hands],
            "unseen": [h.unseen for h in self._hands],
            "pile": [str(c) for c in self._pile],
            "pile_unseen": self._pile_unseen,
            "discard": [str(c) for c in self._discard],
            "out_of_play": [str(c) for c in self._out_of_play],
            "color": self._color and str(self._color),
            "direction": self._direction,
            "awaiting": [str(self._awaiting.kind), self._awaiting.seat],
            "pending": self._pending,
            "called": sorted(self._called),
            "window": self._window,
            "left": sorted(self._left),
            "scores": list(self._scores),
            "winner": self._winner,
            "match_winner": self._match_winner,
            "drawn": [str(c) for c in self._drawn],
            "dry": self._dry,
            "w4": self._w4.to_json() if self._w4 else None,
            "w4_count": self._w4.count if self._w4 else None,
            "real": self._real,
            "to_reveal": list(self._to_reveal),
            "after_color": [str(x) if isinstance(x, Card) else x for x in self._after_color]
            if self._after_color
            else None,
            "counter": list(self._counter) if self._counter else None,
            "owes": self._owes,
            "meanwhile": [str(self._meanwhile.kind), self._meanwhile.seat]
            if self._meanwhile
            else None,
            "history": len(self._history),
        }

    def public_state(self) -> dict:
        """What the table's screen shows: no hidden card."""
        return {
            "top": self.top and str(self.top),
            "color": self._color and str(self._color),
            "direction": self._direction,
            "awaiting": [str(self._awaiting.kind), self._awaiting.seat],
            "counts": [h.count for h in self._hands],
            "draw_count": self.draw_count,
            "discard": len(self._discard),
            "pending": self._pending,
            "counter": list(self._counter) if self._counter else None,
            "meanwhile": [str(self._meanwhile.kind), self._meanwhile.seat]
            if self._meanwhile
            else None,
            "called": sorted(self._called),
            "left": sorted(self._left),
            "scores": list(self._scores),
            "winner": self._winner,
            "match_winner": self._match_winner,
        }

    # --- applying actions ---------------------------------------------------------------

    def apply(self, action: Action) -> Events:
        """Apply one action and return what happened; IllegalAction leaves the game unchanged."""
        handler = self._HANDLERS.get(type(action))
        if handler is None:
            raise _refuse("unknown_action", f"{action!r} is not an action")
        seat = getattr(action, "seat", None)
        if seat is not None:
            self._check_seat(seat)
        events: Events = []
        saved = self._step_in_meanwhile(action)
        try:
            handler(self, action, events)
        except IllegalAction:
            self._awaiting, self._meanwhile = saved
            raise
        self._hold_for_color()
        self._history.append(action)
        self.last_events = events
        return events

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise _refuse("no_such_seat", f"there is no seat {seat!r}")
        if seat in self._left:
            raise _refuse("seat_left", f"seat {seat} has left the game")

    def _expect(self, seat: int, *kinds: Kind) -> None:
        """Refuse unless the game waits for one of `kinds` from `seat`."""
        aw = self._awaiting
        if aw.kind in (Kind.ROUND_OVER, Kind.MATCH_OVER):
            raise _refuse("round_over", "the round is over")
        if aw.seat != seat:
            raise _refuse("not_your_turn", f"it is seat {aw.seat}'s move, not seat {seat}'s")
        if aw.kind not in kinds:
            raise _refuse("wrong_moment", f"the game waits for {aw.kind}, not for that")

    # Play ----------------------------------------------------------------------------

    def _on_play(self, action: Play, events: Events) -> None:
        mode = self._check_play(action)
        self._play_cards(
            action.seat, action.cards, action.color, events, mode=mode, target=action.target
        )

    def _check_play(self, action: Play) -> str:
        """Refuse an illegal play; else return its mode (see `_play_mode`)."""
        mode = self._play_mode(action.seat)
        self._check_cards(action)
        self._MODE_CHECKS[mode](self, action)
        hand = self._hands[action.seat]
        if hand.unseen:
            self._check_copies(action.cards, hand.cards)
        return mode

    def _play_mode(self, seat: int) -> str:
        """turn, drawn, stack (answering a pending draw), counter (to an S or R) or jump (in)."""
        aw = self._awaiting
        if aw.seat != seat and self._may_jump_in():
            return "jump"
        self._expect(seat, *MOMENTS[Play])
        if aw.kind is Kind.TURN:
            return "turn"
        if aw.kind is Kind.DRAWN:
            return "drawn"
        return "counter" if self._counter else "stack"

    def _may_jump_in(self) -> bool:
        kind = self._awaiting.kind
        return self.rules.jump_in and kind in (Kind.TURN, Kind.DRAWN) and not self.top.is_wild

    def _check_cards(self, action: Play) -> None:
        """What every play must satisfy, whatever the moment: the cards, colour and target."""
        seat, cards, card = action.seat, action.cards, action.card
        several = len(cards) > 1
        if several and not self.rules.multi_play:
            raise _refuse("one_card", "these rules allow one card per play")
        if several and any(c.rank is not card.rank for c in cards):
            raise _refuse("one_symbol", "several cards in one play must share one symbol")
        if action.target is not None and not self._sevens(card):
            raise _refuse("no_target", "a play names a seat only with a 7 under the 7-0 rule")
        missing = self._hands[seat].missing(cards)
        if missing is not None:
            raise _refuse("not_in_hand", f"seat {seat} does not hold {missing}")
        if action.color is not None and not card.is_wild:
            raise _refuse("not_wild", f"{card} is not a wild: its colour is its own")
        self._check_going_out(seat, cards)
        if len(cards) < self._hands[seat].count and self._sevens(card):
            self._check_target(action)

    def _check_going_out(self, seat: int, cards: tuple[Card, ...]) -> None:
        """A play that empties the hand: one card, and (out_on_number) a number.

        All that a candidate of `_candidate_plays` can be refused for besides its moment: its
        cards are held, of one symbol, with a colour only on a wild and, on a 7 that swaps, a
        seat to swap with."""
        if len(cards) < self._hands[seat].count:
            return
        if len(cards) > 1:
            raise _refuse("keep_one", "several cards at once may not empty the hand")
        if self.rules.out_on_number and not cards[-1].rank.is_number:
            raise _refuse("out_on_number", f"a round is won on a number card, not on {cards[-1]}")

    def _sevens(self, card: Card) -> bool:
        return self.rules.seven_zero and card.rank is Rank.SEVEN

    def _check_target(self, action: Play) -> None:
        seat, target = action.seat, action.target
        others = [s for s in self._active_seats() if s != seat]
        if target is None and others:
            raise _refuse("needs_target", "a 7 swaps hands: name the seat to swap with")
        if target is not None and target not in others:
            raise _refuse("bad_target", f"seat {seat} cannot swap hands with seat {target!r}")

    # What a play must fit at each moment (mode): exactly what that mode's check below
    # refuses, as a yes or no. `legal_actions()` sifts the candidate plays with it before
    # building any of them, and leaves only `_check_cards` to run on those that fit.

    def _turn_fit(self, cards: tuple[Card, ...]) -> bool:
        return self.fits(cards[0])

    def _drawn_fit(self, cards: tuple[Card, ...]) -> bool:
        return self._playable_after_draw(cards) and self.fits(cards[0])

    def _stack_fit(self, cards: tuple[Card, ...]) -> bool:
        return self._stacks_on(cards[0])

    def _counter_fit(self, cards: tuple[Card, ...]) -> bool:
        return self._counters(cards[0]) and self._counts_for_reverses(cards)

    def _counters(self, first: Card) -> bool:
        return first.rank in (Rank.SKIP, Rank.REVERSE) and self._matches_top(first)

    def _counts_for_reverses(self, cards: tuple[Card, ...]) -> bool:
        """Undoing reverses takes one S per R."""
        against, _, count = self._counter
        return not (against == "R" and cards[0].rank is Rank.SKIP and len(cards) != count)

    def _jump_fit(self, cards: tuple[Card, ...]) -> bool:
        return cards[0] == self.top

    _FITS: ClassVar[dict[str, Callable[[Game, tuple[Card, ...]], bool]]] = {
        "turn": _turn_fit,
        "drawn": _drawn_fit,
        "stack": _stack_fit,
        "counter": _counter_fit,
        "jump": _jump_fit,
    }

    def _check_turn_play(self, action: Play) -> None:
        if not self._turn_fit(action.cards):
            raise _refuse("no_match", self._mismatch_message(action.cards[0]))

    def _check_drawn_play(self, action: Play) -> None:
        if not self._playable_after_draw(action.cards):
            drawn = self._drawn[-1] if self._drawn else "the card drawn"
            raise _refuse("only_drawn", f"after drawing, only {drawn} may be played")
        self._check_turn_play(action)

    def _check_stack_play(self, action: Play) -> None:
        if not self._stack_fit(action.cards):
            raise _refuse(
                "must_answer", f"{action.cards[0]} does not answer the {self._pending} to draw"
            )

    def _check_counter_play(self, action: Play) -> None:
        first, (against, _, count) = action.cards[0], self._counter
        if not self._counters(first):
            raise _refuse("must_counter", f"{first} does not counter that {against}: S or R only")
        if not self._counts_for_reverses(action.cards):
            raise _refuse("one_skip_per_reverse", f"undoing {count} reverse(s) takes {count} S")

    def _check_jump_in(self, action: Play) -> None:
        if not self._jump_fit(action.cards):
            raise _refuse(
                "not_your_turn",
                f"it is seat {self._awaiting.seat}'s move; only a card identical to "
                f"{self.top} may jump in",
            )

    _MODE_CHECKS: ClassVar[dict[str, Callable[[Game, Play], None]]] = {
        "turn": _check_turn_play,
        "drawn": _check_drawn_play,
        "stack": _check_stack_play,
        "counter": _check_counter_play,
        "jump": _check_jump_in,
    }

    def _mismatch_message(self, card: Card) -> str:
        if self.rules.matching == "strict" and card.rank in (Rank.SKIP, Rank.DRAW2):
            return f"{card} goes only on {card.color.name.lower()}"
        return f"{card} does not match {self.top} ({self._color.name.lower()} to follow)"

    def fits(self, card: Card) -> bool:
        """Whether a card may be played on the top card (ignoring turn and hand)."""
        if card.color is self._color or self._color is None or card.rank.is_wild:
            return True
        top = self._discard[-1].rank
        if self.rules.matching == "strict":
            return (card.rank == top and card.rank.is_number) or card.rank is top is Rank.REVERSE
        return card.rank is top

    def _matches_top(self, card: Card) -> bool:
        """Colour or symbol of the top (cool's answers and counters); any colour while open."""
        return self._color is None or card.color is self._color or card.rank is self.top.rank

    def _stacks_on(self, card: Card) -> bool:
        stacking, top = self.rules.stacking, self.top
        if stacking == "same":
            return card.rank is top.rank and card.rank.draws > 0
        if stacking == "cross":
            return card.rank.draws > 0
        if stacking == "cool":
            answers = card.rank.draws > 0 or card.rank in (Rank.SKIP, Rank.REVERSE)
            return answers and (card.is_wild or self._matches_top(card))
        return False

    def _playable_after_draw(self, cards: tuple[Card, ...]) -> bool:
        # Official and reglamento: only the card just drawn may be played; cool: any card.
        if self.rules.draw_until_play or not self._hands[self._awaiting.seat].seen:
            return True
        return len(cards) == 1 and bool(self._drawn) and cards[0] == self._drawn[-1]

    def _play_cards(
        self,
        seat: int,
        cards: tuple[Card, ...],
        color: Color | None,
        events: Events,
        auto: bool = False,
        mode: str = "turn",
        target: int | None = None,
    ) -> None:
        hand, counter = self._hands[seat], self._counter
        card, n = cards[-1], len(cards)
        self._close_window(seat)
        follow = self._color
        for c in cards:
            hand.take(c)
            self._discard.append(c)
        if card.rank is Rank.WILD4 and self.rules.w4_restricted:
            # Judged on the hand left after the play: a W4 taken from the unseen part leaves
            # a fully seen hand that needs no reveal.
            self._w4 = Wild4(seat, follow, self._holds_color(hand, follow), count=n)
        self._drawn, self._dry = [], False
        self._counter = self._owes = None
        self._color = color if card.is_wild else card.color
        if card.is_wild and hand.count == 0:
            self._color = None  # the round is over: a last wild names no colour
        events.append(ev.Played(seat, cards, self._color, auto))
        self._uno_after_play(seat)
        if hand.count == 0:
            self._go_out(seat, card, n, mode, events)
        elif card.is_wild and color is None and not self.rules.open_wild:
            self._await(Kind.COLOR, seat)
            self._after_color = ("effects", seat, card, n)
        else:
            if card.is_wild and color is None:
                self._owes = seat  # the colour stays open: see _hold_for_color
            self._play_effects(seat, card, n, mode, target, counter, events)

    def _uno_after_play(self, seat: int) -> None:
        count = self._hands[seat].count
        if count == 1 and seat not in self._called:
            self._window = seat
        elif count > 1:
            self._called.discard(seat)  # a call made before playing several cards lapses

    def _holds_color(self, hand: Hand, follow: Color | None) -> bool | None:
        """Guilt of a W4 just played from `hand`: None when only a reveal can tell."""
        if follow is None:
            return False  # played on an open colour: there was no colour to follow
        if any(c.color is follow for c in hand.cards):
            return True
        return False if hand.seen else None

    def _play_effects(
        self,
        seat: int,
        card: Card,
        n: int,
        mode: str,
        target: int | None,
        counter: tuple[str, int, int] | None,
        events: Events,
    ) -> None:
        if mode == "stack":
            self._answer_effects(seat, card, n, events)
        elif mode == "counter":
            self._counter_effects(seat, card, n, counter, events)
        else:
            self._effects(seat, card, events, n=n, target=target)

    def _effects(
        self,
        seat: int,
        card: Card,
        events: Events,
        n: int = 1,
        target: int | None = None,
        first: bool = False,
    ) -> None:
        """What `n` cards like `card` played by `seat` do (the first card: as if dealt)."""
        rank = card.rank
        if rank is Rank.SKIP:
            self._skip(seat, n, events, counter=self.rules.counters and not first)
        elif rank is Rank.REVERSE:
            self._reverse(seat, n, events)
        elif rank.draws:
            self._hit(seat, rank, events, n, first)
        else:
            self._hand_effects(seat, card, target, events)
            self._begin_turn(self._next(seat))

    def _skip(self, seat: int, n: int, events: Events, counter: bool = False) -> None:
        """The `n` seats after `seat` lose their turn (or the first of them may counter)."""
        if counter:
            self._open_counter("S", seat, n, events)
            return
        for step in range(1, n + 1):
            events.append(ev.Skipped(self._next(seat, step)))
        self._begin_turn(self._next(seat, n + 1))

    def _reverse(self, seat: int, n: int, events: Events) -> None:
        self._flip(n, events)
        if n % 2 and len(self._active_seats()) == 2:
            self._skip(seat, 1, events, counter=self.rules.counters)  # two seats: R acts as S
        elif self.rules.counters:
            self._open_counter("R", seat, n, events)
        else:
            self._begin_turn(self._next(seat))

    def _flip(self, n: int, events: Events) -> None:
        for _ in range(n):
            self._direction = -self._direction
            events.append(ev.Reversed(self._direction))

    def _hit(self, seat: int, rank: Rank, events: Events, n: int = 1, first: bool = False) -> None:
        victim = self._next(seat)
        self._pending += rank.draws * n
        # Cool answers a played +2 ("al jugar un +2"); a first card D2 hits as official.
        answerable = self.rules.stacks and not (first and self.rules.stacking == "cool")
        if rank is Rank.WILD4 and self.rules.w4_restricted:
            self._await(Kind.CHALLENGE, victim)
            events.append(ev.DrawStacked(victim, self._pending))
        elif answerable:
            self._await(Kind.RESPOND, victim)
            events.append(ev.DrawStacked(victim, self._pending))
        else:
            self._take_pending(victim, events)

    # Cool: answers to a pending draw, counters to S and R ---------------------------------

    def _answer_effects(self, seat: int, card: Card, n: int, events: Events) -> None:
        """+2/+4 add and pass on; R sends the total back, flipping; S passes it on as it is."""
        if card.rank.draws:
            self._hit(seat, card.rank, events, n)
            return
        if card.rank is Rank.REVERSE:
            self._flip(n, events)
        victim = self._stack_receiver(seat, card, n)
        self._await(Kind.RESPOND, victim)
        events.append(ev.DrawStacked(victim, self._pending))

    def _stack_receiver(self, seat: int, card: Card, n: int) -> int:
        """Who faces the total after an answer of `n` cards like `card` (R already flipped)."""
        return self._next(seat, n if card.rank is Rank.SKIP else 1)

    def _open_counter(self, against: str, seat: int, count: int, events: Events) -> None:
        self._counter = (against, seat, count)
        chooser = self._next(seat)
        self._await(Kind.RESPOND, chooser)
        events.append(ev.CounterOpen(chooser, against, count))

    def _counter_effects(
        self, seat: int, card: Card, n: int, counter: tuple[str, int, int], events: Events
    ) -> None:
        against, origin, count = counter
        if against == "S" and card.rank is Rank.SKIP:
            self._open_counter("S", seat, count + n, events)  # the skip moves on, one longer
        elif against == "S":
            self._flip(n, events)  # the skip turns round: it starts with the S's player
            self._open_counter("S", seat, count, events)
        elif card.rank is Rank.REVERSE:
            self._reverse(seat, n, events)  # the flow flips again
        else:
            self._flip(count, events)  # one S per R: the reverse is undone
            events.append(ev.ReverseCancelled(origin, self._direction))
            self._begin_turn(origin if origin not in self._left else self._next(origin))

    def _decline_counter(self, events: Events) -> None:
        against, origin, count = self._counter
        events.append(ev.CounterDeclined(self._awaiting.seat, against))
        if against == "S":
            self._skip(origin, count, events)
        else:
            self._begin_turn(self._awaiting.seat)

    # Hands that move: 7-0 and Wild shuffle hands ------------------------------------------

    def _hand_effects(self, seat: int, card: Card, target: int | None, events: Events) -> None:
        rank = card.rank
        if rank is Rank.WILD_SHUFFLE:
            self._shuffle_hands(seat, events)
        elif self._sevens(card) and target is not None:
            self._swap_hands(seat, target, events)
        elif self.rules.seven_zero and rank is Rank.ZERO:
            self._pass_hands(events)

    def _swap_hands(self, seat: int, target: int, events: Events) -> None:
        hands = self._hands
        hands[seat], hands[target] = hands[target], hands[seat]
        self._forget_calls((seat, target))
        events.append(ev.HandsSwapped(seat, target))

    def _pass_hands(self, events: Events) -> None:
        seats = self._active_seats()
        before = {s: self._hands[s] for s in seats}
        for s in seats:
            self._hands[self._next(s)] = before[s]
        self._forget_calls(seats)
        events.append(ev.HandsPassed(self._direction))

    def _shuffle_hands(self, seat: int, events: Events) -> None:
        """Collect every hand, shuffle, deal one by one from the left of `seat`."""
        n = self.players
        order = [s for s in ((seat + k) % n for k in range(1, n + 1)) if s not in self._left]
        hands = [self._hands[s] for s in order]
        if all(h.seen for h in hands):
            pool = [c for h in hands for c in h.cards]
            self._rng.shuffle(pool)
            for i, s in enumerate(order):
                self._hands[s] = Hand(pool[i :: len(order)])
        else:
            # Real cards: only the counts are known; every hand is unseen again.
            total = sum(h.count for h in hands)
            for i, s in enumerate(order):
                self._hands[s] = Hand(unseen=len(range(i, total, len(order))))
        self._forget_calls(order)
        events.append(ev.HandsShuffled(seat, tuple(h.count for h in self._hands)))

    def _forget_calls(self, seats: Iterable[int]) -> None:
        """Hands changed owners: UNO calls and the catch window start afresh."""
        seats = set(seats)
        self._called -= seats
        if self._window in seats:
            self._window = None

    # Open colour (cool): the next seat may play while a wild's colour is not named --------

    def _step_in_meanwhile(self, action: Action) -> tuple[Awaiting, Awaiting | None]:
        """Let the `meanwhile` seat make its move now; returns the state to restore on refusal."""
        saved = self._awaiting, self._meanwhile
        m = self._meanwhile
        seat = getattr(action, "seat", None)
        moves = (Play, Draw, Pass, Accept, Challenge, Leave)
        if m is not None and seat == m.seat != self._awaiting.seat and isinstance(action, moves):
            self._awaiting, self._meanwhile = m, None
        return saved

    @contextmanager
    def _as_meanwhile(self, seat: int) -> Iterator[None]:
        saved = self._step_in_meanwhile(Pass(seat))
        try:
            yield
        finally:
            self._awaiting, self._meanwhile = saved

    def _hold_for_color(self) -> None:
        """While a wild's colour is owed, await it from its player; the due move waits aside."""
        owes, aw = self._owes, self._awaiting
        if owes is None or aw.kind is Kind.COLOR:
            return
        if self._color is not None or owes in self._left or aw.seat in (owes, None):
            self._owes = None  # named, covered, gone, or the owing seat itself is due: it lapses
            return
        self._meanwhile = aw
        self._await(Kind.COLOR, owes)

    def _name_open_color(self, action: ChooseColor, events: Events) -> None:
        self._color, self._owes = action.color, None
        events.append(ev.ColorChosen(action.seat, action.color))
        self._awaiting, self._meanwhile = self._meanwhile, None

    def _drop_color_wait(self) -> None:
        if self._meanwhile is not None:
            self._awaiting = self._meanwhile
        self._owes = self._meanwhile = None

    def _take_pending(self, victim: int, events: Events) -> None:
        total, self._pending, self._w4 = self._pending, 0, None
        self._draw(victim, total, events, "penalty")
        self._after_penalty(victim, events)

    def _after_penalty(self, victim: int, events: Events) -> None:
        if self.rules.draw_skips:
            events.append(ev.Skipped(victim))
            self._begin_turn(self._next(victim))
        else:
            self._begin_turn(victim)

    # Colour, draw, pass -----------------------------------------------------------------

    def _on_choose_color(self, action: ChooseColor, events: Events) -> None:
        self._expect(action.seat, Kind.COLOR)
        if self._owes is not None:
            self._name_open_color(action, events)
            return
        what, origin, card, *more = self._after_color
        self._after_color = None
        self._color = action.color
        events.append(ev.ColorChosen(action.seat, action.color))
        if what == "turn":
            self._begin_turn(action.seat)
        else:
            self._effects(origin, card, events, n=more[0] if more else 1)

    def _on_draw(self, action: Draw, events: Events) -> None:
        seat = action.seat
        self._check_draw(action)
        self._close_window(seat)
        hand = self._hands[seat]
        before = hand.count
        got = self._draw(seat, 1, events)
        self._await(Kind.DRAWN, seat)
        if hand.count == before:
            self._dry = True  # nothing left to draw: passing is allowed
        elif hand.seen:
            self._after_seen_draw(seat, got[0], events)

    def _check_draw(self, action: Draw) -> None:
        seat = action.seat
        self._expect(seat, *MOMENTS[Draw])
        hand = self._hands[seat]
        if self._awaiting.kind is Kind.TURN:
            if self.rules.forced_play and hand.seen and self._has_playable(hand):
                raise _refuse("must_play", "you hold a card that fits: play it")
        elif not self._may_draw_again(hand):
            raise _refuse("drew_already", "you have drawn this turn: play the card or pass")

    def _after_seen_draw(self, seat: int, card: Card, events: Events) -> None:
        rules = self.rules
        fits = self.fits(card)
        if rules.draw_to_match or rules.draw_until_play:
            return  # play it if it fits, else draw again (cool: or draw on anyway)
        if fits and rules.autoplay_drawn and not self._sevens(card):
            self._play_cards(seat, (card,), None, events, auto=True)
        elif not fits:
            events.append(ev.Passed(seat))
            self._begin_turn(self._next(seat))

    def _may_draw_again(self, hand: Hand) -> bool:
        if self._dry:
            return False
        if self.rules.draw_until_play:
            return True
        if not self.rules.draw_to_match:
            return False
        return not hand.seen or not self.fits(self._drawn[-1])

    def _has_playable(self, hand: Hand) -> bool:
        blocked = self.rules.out_on_number and hand.count == 1  # no going out on an action
        return any(self.fits(c) and not (blocked and c.rank.is_action) for c in hand.cards)

    def _on_pass(self, action: Pass, events: Events) -> None:
        self._check_pass(action)
        if self._awaiting.kind is Kind.REVEAL:
            self._stop_showing(action.seat, events)
            return
        self._close_window(action.seat)
        events.append(ev.Passed(action.seat))
        self._begin_turn(self._next(action.seat))

    def _check_pass(self, action: Pass) -> None:
        self._expect(action.seat, *MOMENTS[Pass])
        if self._awaiting.kind is Kind.REVEAL:
            return
        if self.rules.draw_to_match and not self._dry:
            raise _refuse("must_draw", "keep drawing until a card fits, then play it")
        if self.rules.draw_until_play and not self._dry:
            raise _refuse("must_draw", "keep drawing until you play a card")

    # Penalties: accept and challenge -----------------------------------------------------

    def _on_accept(self, action: Accept, events: Events) -> None:
        self._check_accept(action)
        if self._counter:
            self._decline_counter(events)  # like an automatic skip: the catch window stays
            return
        self._close_window(action.seat)
        self._take_pending(action.seat, events)

    def _check_accept(self, action: Accept) -> None:
        self._expect(action.seat, *MOMENTS[Accept])

    def _check_challenge(self, action: Challenge) -> None:
        self._expect(action.seat, *MOMENTS[Challenge])
        if self._w4 and self._w4.seat in self._left:
            raise _refuse("challenged_left", f"seat {self._w4.seat} has left: nobody to challenge")

    def _on_challenge(self, action: Challenge, events: Events) -> None:
        victim = action.seat
        self._check_challenge(action)
        w4 = self._w4
        self._close_window(victim)
        if w4.guilty is None:
            # Real cards: the W4 player shows the hand until a card decides.
            self._w4 = Wild4(w4.seat, w4.follow, None, challenger=victim, count=w4.count)
            self._await(Kind.REVEAL, w4.seat)
            events.append(ev.Challenged(victim, w4.seat))
            return
        self._settle_challenge(victim, w4.seat, w4.guilty, events)

    def _settle_challenge(self, victim: int, culprit: int, guilty: bool, events: Events) -> None:
        events.append(ev.ChallengeSettled(victim, culprit, guilty))
        cost = Rank.WILD4.draws * (self._w4.count if self._w4 else 1)
        self._w4 = None
        if guilty:
            self._pending -= cost
            self._draw(culprit, cost, events, "guilty")
            if self._pending:
                self._await(Kind.RESPOND, victim)
            else:
                self._begin_turn(victim)
        else:
            self._pending += self.rules.challenge_penalty
            self._take_pending(victim, events)

    # UNO ----------------------------------------------------------------------------------

    def _on_call_uno(self, action: CallUno, events: Events) -> None:
        seat = action.seat
        self._check_call(action)
        self._called.add(seat)
        if self._window == seat:
            self._window = None
        events.append(ev.UnoCalled(seat))

    def _check_call(self, action: CallUno) -> None:
        seat = action.seat
        count = self._hands[seat].count
        if seat in self._called:
            raise _refuse("already_called", f"seat {seat} has called already")
        if self._winner is not None:  # also while the other seats reveal for the points
            raise _refuse("round_over", "the round is over")
        if not self._few_to_call(seat):
            raise _refuse("not_uno", f"seat {seat} holds {count} cards: too many to call")

    def _few_to_call(self, seat: int) -> bool:
        """Whether `seat` holds one card, or on its turn may play down to one."""
        if self._hands[seat].count == 1:
            return True
        view = self._seat_view(seat)
        on_turn = view.seat == seat and view.kind is not Kind.COLOR
        return on_turn and self._may_play_down_to_one(seat)

    def _seat_view(self, seat: int) -> Awaiting:
        """What the game waits for from `seat`: its `meanwhile` move, or the awaited one."""
        m = self._meanwhile
        return m if m is not None and m.seat == seat else self._awaiting

    def _may_play_down_to_one(self, seat: int) -> bool:
        """On its turn, a seat may call if one play can leave it one card."""
        hand = self._hands[seat]
        if hand.count == 2:
            return True
        if not (self.rules.multi_play and hand.count > 2):
            return False
        # Unseen cards (real cards) may be of any rank: a run the engine cannot see is trusted.
        seen = Counter(c.rank for c in hand.cards)
        return max(seen.values(), default=0) + hand.unseen >= hand.count - 1

    def _on_catch_uno(self, action: CatchUno, events: Events) -> None:
        target = self.catchable
        if target is None or target == action.seat:
            raise _refuse("nothing_to_catch", "no seat can be caught right now")
        if action.target is not None and action.target != target:
            raise _refuse("nothing_to_catch", f"seat {action.target} cannot be caught now")
        self._window = None
        events.append(ev.UnoCaught(target, action.seat))
        self._draw(target, self.rules.uno_penalty, events, "uno")

    # Leaving, going out, next round -----------------------------------------------------

    def _on_leave(self, action: Leave, events: Events) -> None:
        seat = action.seat
        if self._awaiting.kind is Kind.MATCH_OVER:
            raise _refuse("round_over", "the match is over")
        hand = self._hands[seat]
        self._out_of_play += hand.cards
        self._hands[seat] = Hand()
        self._left.add(seat)
        if seat == self._owes:
            self._drop_color_wait()
        self._called.discard(seat)
        if self._window == seat:
            self._window = None
        events.append(ev.Left(seat))
        active = self._active_seats()
        if self._awaiting.kind is Kind.ROUND_OVER:
            if len(active) == 1:
                # The last seat left between rounds wins the match.
                self._match_winner = active[0]
                events.append(ev.MatchOver(active[0]))
                self._await(Kind.MATCH_OVER, None)
            return
        if len(active) == 1 and self._winner is None:
            self._end_round(active[0], events)
        elif self._awaiting.seat == seat:
            self._move_on_from_leaver(seat, events)

    def _move_on_from_leaver(self, seat: int, events: Events) -> None:
        kind = self._awaiting.kind
        nxt = self._next(seat)
        if kind is Kind.REVEAL and self._winner is not None:
            self._to_reveal.remove(seat)
            self._next_reveal(events)
            return
        if kind is Kind.REVEAL:
            nxt = self._w4.challenger  # the challenge dies with the seat: the victim plays
        if kind is Kind.COLOR:
            self._await(Kind.COLOR, nxt)
            if self._after_color[0] == "turn":
                self._after_color = ("turn", nxt, None)
            return
        self._pending, self._w4 = 0, None
        self._begin_turn(nxt)

    def _go_out(self, seat: int, card: Card, n: int, mode: str, events: Events) -> None:
        total = self._pending + card.rank.draws * n
        if self.rules.points and total:
            # A last D2 or W4 (or a last answer to a stack) still hits: those cards count.
            self._pending = 0
            self._draw(self._out_receiver(seat, card, n, mode), total, events, "penalty")
        self._end_round(seat, events)

    def _out_receiver(self, seat: int, card: Card, n: int, mode: str) -> int:
        if mode == "stack" and card.rank is Rank.REVERSE and n % 2:
            return self._next(seat, way=-self._direction)  # the answer sends the total back
        return self._stack_receiver(seat, card, n) if mode == "stack" else self._next(seat)

    def _end_round(self, winner: int, events: Events) -> None:
        self._winner, self._pending, self._w4, self._window = winner, 0, None, None
        self._counter = self._owes = self._meanwhile = None
        if self.rules.points:
            # Real cards: every other seat shows its hand, in turn, before the points count.
            order = [self._next(winner, k) for k in range(1, len(self._active_seats()))]
            self._to_reveal = [s for s in order if self._hands[s].unseen]
        self._next_reveal(events)

    def _next_reveal(self, events: Events) -> None:
        if self._to_reveal:
            self._await(Kind.REVEAL, self._to_reveal[0])
        else:
            self._finish_round(self._winner, events)

    def _finish_round(self, winner: int, events: Events) -> None:
        points = self._score_round(winner) if self.rules.points else 0
        events.append(ev.RoundOver(winner, points))
        if self._match_is_over(winner):
            self._match_winner = self._decide_match(winner)
            events.append(ev.MatchOver(self._match_winner))
            self._await(Kind.MATCH_OVER, None)
        else:
            self._await(Kind.ROUND_OVER, None)

    def _lowest_wins(self) -> bool:
        return self.rules.points and self.rules.match_end == "lowest_at_target"

    def _score_round(self, winner: int) -> int:
        """Add the round's points: all to the winner, or (lowest_at_target) each to its holder.

        The winner's own cards (a round won by the others leaving) score for no one."""
        held = [sum(c.points for c in h.cards) for h in self._hands]
        held[winner] = 0
        if self._lowest_wins():
            for seat in self._active_seats():
                self._scores[seat] += held[seat]
        else:
            self._scores[winner] += sum(held)
        return sum(held)

    def _match_is_over(self, winner: int) -> bool:
        if not self.rules.points or len(self._active_seats()) < 2:
            return True
        if self._lowest_wins():
            return max(self._scores[s] for s in self._active_seats()) >= self.rules.target_score
        return self._scores[winner] >= self.rules.target_score

    def _decide_match(self, winner: int) -> int:
        if self._lowest_wins():
            seats = self._active_seats() or [winner]
            # The lowest total wins; a tie goes to the round's winner, then to the lower seat.
            return min(seats, key=lambda s: (self._scores[s], s != winner, s))
        return winner

    def _on_next_round(self, action: NextRound, events: Events) -> None:
        if self._awaiting.kind is not Kind.ROUND_OVER:
            raise _refuse("round_not_over", "the round is not over yet")
        self.dealer = (self.dealer + 1) % self.players
        while self.dealer in self._left:  # a seat that left does not deal (nor start after R)
            self.dealer = (self.dealer + 1) % self.players
        if self._real:
            events += self._deal_real()
            return
        deck = self.rules.deck()
        self._rng.shuffle(deck)
        events += self._deal_from(deck)

    def _on_flip(self, action: Flip, events: Events) -> None:
        if self._awaiting.kind is not Kind.FLIP:
            raise _refuse("wrong_moment", "the first card is already turned")
        if self._pile_unseen < 1:
            raise _refuse("no_cards", "the draw pile is empty")
        card = action.card
        self._check_copies((card,))
        self._pile_unseen -= 1
        if card.rank is Rank.WILD4:
            self._pile_unseen += 1
            events.append(ev.ReturnedToPile(card))
            return
        self._discard.append(card)
        events.append(ev.FirstCard(card))
        self._first_card_effect(card, events)

    def _on_reveal(self, action: Reveal, events: Events) -> None:
        seat = action.seat
        self._expect(seat, Kind.REVEAL)
        hand = self._hands[seat]
        if len(action.cards) > hand.unseen:
            raise _refuse(
                "too_many", f"seat {seat} has only {hand.unseen} cards left to show, not more"
            )
        self._check_copies(action.cards)
        hand.unseen -= len(action.cards)
        hand.cards += action.cards
        events.append(ev.Revealed(seat, action.cards))
        if self._w4 is not None:
            self._reveal_for_challenge(hand, action.cards, events)
        elif hand.unseen == 0:
            self._to_reveal.remove(seat)
            self._next_reveal(events)

    def _stop_showing(self, seat: int, events: Events) -> None:
        """A hand that cannot be shown to the end (a card no reader reads, a miscount): in a
        tally its cards not shown score for no one; a challenged seat that stops is guilty."""
        events.append(ev.Passed(seat))
        if self._w4 is not None:
            self._settle_challenge(self._w4.challenger, self._w4.seat, True, events)
            return
        self._to_reveal.remove(seat)
        self._next_reveal(events)

    def _reveal_for_challenge(self, hand: Hand, shown: tuple[Card, ...], events: Events) -> None:
        w4 = self._w4
        if any(c.color is w4.follow for c in shown):
            self._settle_challenge(w4.challenger, w4.seat, True, events)
        elif hand.unseen == 0:
            self._settle_challenge(w4.challenger, w4.seat, False, events)

    def _check_copies(self, cards: Iterable[Card], seen: Iterable[Card] = ()) -> None:
        """A real deck is finite: refuse a card taken from a hidden place (beyond the `seen`
        cards it comes with) when no copy of it can still be hidden (engine/copies.py)."""
        in_sight = (self._discard, self._out_of_play, self._pile, *(h.cards for h in self._hands))
        card = copies.exhausted(self.rules, in_sight, copies.from_hidden(cards, seen))
        if card is not None:
            raise _refuse("no_copy_left", copies.refusal_message(self.rules, card))

    _HANDLERS: ClassVar[dict[type, Callable[[Game, Action, Events], None]]] = {
        Play: _on_play,
        Draw: _on_draw,
        Pass: _on_pass,
        ChooseColor: _on_choose_color,
        Accept: _on_accept,
        Challenge: _on_challenge,
        CallUno: _on_call_uno,
        CatchUno: _on_catch_uno,
        Leave: _on_leave,
        NextRound: _on_next_round,
        Flip: _on_flip,
        Reveal: _on_reveal,
    }

    # --- mechanics ------------------------------------------------------------------------

    def _active_seats(self) -> list[int]:
        return [s for s in range(self.players) if s not in self._left]

    def _next(self, seat: int, steps: int = 1, way: int | None = None) -> int:
        """The seat `steps` seats on from `seat` along `way` (the direction of play)."""
        way = self._direction if way is None else way
        for _ in range(steps):
            seat = (seat + way) % self.players
            while seat in self._left:
                seat = (seat + way) % self.players
        return seat

    def _await(self, kind: Kind, seat: int | None) -> None:
        self._awaiting = _awaiting(kind, seat)

    def _begin_turn(self, seat: int) -> None:
        self._drawn, self._dry, self._counter = [], False, None
        self._await(Kind.TURN, seat)

    def _close_window(self, actor: int) -> None:
        """A turn action by another seat ends the chance to catch the seat at one card."""
        if self._window is not None and self._window != actor:
            self._window = None

    def _draw(self, seat: int, count: int, events: Events, reason: str | None = None) -> list[Card]:
        hand, got, unseen = self._hands[seat], [], 0
        for _ in range(count):
            if not self._pile and not self._pile_unseen and not self._reshuffle(events):
                break
            if self._pile:
                got.append(self._pile.pop())
            else:
                self._pile_unseen -= 1
                unseen += 1
        hand.cards += got
        hand.unseen += unseen
        self._drawn += got
        if got or unseen:
            self._called.discard(seat)
            if self._window == seat:
                self._window = None
        events.append(ev.Drew(seat, len(got) + unseen, tuple(got), reason))
        return got

    def _reshuffle(self, events: Events) -> bool:
        below = self._discard[:-1]
        if not below:
            return False
        self._discard = self._discard[-1:]
        if self._real:
            # The table shuffles the real discard pile; from here on the engine counts it.
            self._pile_unseen += len(below)
        else:
            self._rng.shuffle(below)
            self._pile = below
        events.append(ev.Reshuffled(len(below)))
        return True

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action for the awaited seat (plays only where its hand is seen)."""
        aw = self._awaiting
        seat = aw.seat
        if aw.kind is Kind.ROUND_OVER:
            return [NextRound()]
        if seat is None or aw.kind is Kind.MATCH_OVER:
            return []
        if aw.kind is Kind.REVEAL:  # of cards the engine has not seen; Pass: no more to show
            return [_move(Pass, seat), *self._call(seat)]
        if aw.kind is Kind.FLIP:
            return self._call(seat)  # of a card the engine has not seen
        if aw.kind is Kind.COLOR:
            return [*(_move(ChooseColor, seat, c) for c in Color), *self._call(seat)]
        return self._legal_moves(seat)

    def _call(self, seat: int) -> list[Action]:
        """CallUno, where `apply` accepts it from `seat` now."""
        call = _move(CallUno, seat)
        return [call] if self._allows(call) else []

    def _legal_moves(self, seat: int) -> list[Action]:
        """The awaited seat's moves that `apply` accepts, checked by the very checks it runs.

        A candidate that the moment refuses anyway is not built: no play or draw out of its
        moment (MOMENTS), no play that does not fit the moment (`_FITS`), no UNO call from a
        hand too big for it."""
        kind = self._awaiting.kind
        moves: list[Action] = []
        if kind in MOMENTS[Play]:
            fit = self._FITS[self._play_mode(seat)]

            def playable(cards: tuple[Card, ...]) -> bool:
                return fit(self, cards) and self._passes(Game._check_going_out, seat, cards)

            moves += self._candidate_plays(seat, playable)
        others = [
            _move(cls, seat) for cls in (Draw, Pass, Accept, Challenge) if kind in MOMENTS[cls]
        ]
        if self._few_to_call(seat):
            others.append(_move(CallUno, seat))
        return moves + [m for m in others if self._allows(m)]

    def _candidate_plays(
        self, seat: int, sift: Callable[[tuple[Card, ...]], bool] | None = None
    ) -> list[Play]:
        """Single cards in hand order, then (multi_play) runs of one symbol; with `sift`, only
        the cards for which it holds."""
        hand = self._hands[seat].cards
        runs: list[tuple[Card, ...]] = [(card,) for card in dict.fromkeys(hand)]
        if self.rules.multi_play:
            runs += _runs(hand)
        if sift is not None:
            runs = [cards for cards in runs if sift(cards)]
        return [play for cards in runs for play in self._play_variants(seat, cards)]

    def _play_variants(self, seat: int, cards: tuple[Card, ...]) -> tuple[Play, ...]:
        """A wild once per colour; a 7 under seven_zero once per seat to swap with."""
        if self._sevens(cards[-1]):
            others = [s for s in self._active_seats() if s != seat]
            swaps = tuple(_move(Play, seat, cards, None, t) for t in others)
            return swaps or (_move(Play, seat, cards),)
        return _plays(seat, cards)

    def jump_ins(self, seat: int) -> list[Play]:
        """The plays `seat` may make out of turn now (jump_in: a card identical to the top)."""
        if seat == self._awaiting.seat or seat in self._left or not self._may_jump_in():
            return []
        if self.top not in self._hands[seat].cards:
            return []
        plays = self._candidate_plays(seat, self._jump_fit)
        return [p for p in plays if self._allows(p)]

    def out_of_turn_actions(self, seat: int) -> list[Action]:
        """What `seat`, not the awaited seat, may do now: its `meanwhile` move, or jump-ins."""
        if seat == self._awaiting.seat or seat in self._left:
            return []
        m = self._meanwhile
        if m is None or m.seat != seat:
            return list(self.jump_ins(seat))
        with self._as_meanwhile(seat):
            return self._legal_moves(seat)

    def allows(self, action: Play | Draw | Pass | Accept | Challenge | CallUno) -> bool:
        """Whether `apply` would accept this action now; nothing changes either way."""
        try:
            self._check_seat(action.seat)
        except IllegalAction:
            return False
        with self._as_meanwhile(action.seat):
            return self._allows(action)

    def _allows(self, action: Action) -> bool:
        """Whether `action` would be accepted now, checked without changing anything."""
        return self._passes(self._CHECKS[type(action)], action)

    def _passes(self, check: Callable[..., object], *args) -> bool:
        """Whether `check(self, *args)` refuses nothing."""
        try:
            check(self, *args)
        except IllegalAction:
            return False
        return True

    _CHECKS: ClassVar[dict[type, Callable[[Game, Action], object]]] = {
        Play: _check_play,
        Draw: _check_draw,
        Pass: _check_pass,
        Accept: _check_accept,
        Challenge: _check_challenge,
        CallUno: _check_call,
    }


@cache
def _awaiting(kind: Kind, seat: int | None) -> Awaiting:
    """Awaiting values, shared (as `_move`): at most 9 kinds for 11 seats (or None)."""
    return Awaiting(kind, seat)


@lru_cache(maxsize=4096)
def _plays(seat: int, cards: tuple[Card, ...]) -> tuple[Play, ...]:
    """The plays of these cards, shared (as `_move`): a wild once per colour, else one."""
    if cards[-1].is_wild:
        return tuple(Play(seat, cards, color=c) for c in Color)
    return (Play(seat, cards),)


@lru_cache(maxsize=4096)
def _move(cls: type[Action], *args) -> Action:
    """An action, shared: actions are values, and `legal_actions()` lists the same ones over
    and over (building a frozen dataclass costs more than finding it here)."""
    return cls(*args)


def _runs(hand: list[Card]) -> Iterator[tuple[Card, ...]]:
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

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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

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
        self._after_color: tuple[str, int, Card | None] | None = None
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
            self._effects(self.dealer, card, events)

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
            "real": self._real,
            "to_reveal": list(self._to_reveal),
            "after_color": [self._after_color[0], self._after_color[1], str(self._after_color[2])]
            if self._after_color
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
        handler(self, action, events)
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
        self._check_play(action)
        self._play_cards(action.seat, action.cards, action.color, events)

    def _check_play(self, action: Play) -> None:
        seat, card = action.seat, action.card
        self._expect(seat, Kind.TURN, Kind.DRAWN, Kind.RESPOND, Kind.CHALLENGE)
        kind = self._awaiting.kind
        if len(action.cards) > 1:
            raise _refuse("one_card", "these rules allow one card per play")
        if action.target is not None:
            raise _refuse("no_target", "a play names a seat only under the 7-0 rule")
        if not self._hands[seat].holds(card):
            raise _refuse("not_in_hand", f"seat {seat} does not hold {card}")
        if action.color is not None and not card.is_wild:
            raise _refuse("not_wild", f"{card} is not a wild: its colour is its own")
        if kind in (Kind.RESPOND, Kind.CHALLENGE):
            if not self._stacks_on(card):
                raise _refuse("must_answer", f"{card} does not answer the {self._pending} to draw")
            return
        if kind is Kind.DRAWN and not self._playable_after_draw(card):
            drawn = self._drawn[-1] if self._drawn else "the card drawn"
            raise _refuse("only_drawn", f"after drawing, only {drawn} may be played")
        if not self.fits(card):
            raise _refuse("no_match", self._mismatch_message(card))

    def _mismatch_message(self, card: Card) -> str:
        if self.rules.matching == "strict" and card.rank in (Rank.SKIP, Rank.DRAW2):
            return f"{card} goes only on {card.color.name.lower()}"
        return f"{card} does not match {self.top} ({self._color.name.lower()} to follow)"

    def fits(self, card: Card) -> bool:
        """Whether a card may be played on the top card (ignoring turn and hand)."""
        if card.is_wild or self._color is None or card.color is self._color:
            return True
        top = self.top.rank
        if self.rules.matching == "strict":
            return (card.rank == top and card.rank.is_number) or card.rank is top is Rank.REVERSE
        return card.rank is top

    def _stacks_on(self, card: Card) -> bool:
        stacking, top = self.rules.stacking, self.top
        if stacking == "same":
            return card.rank is top.rank and card.rank.draws > 0
        if stacking == "cross":
            return card.rank.draws > 0
        if stacking == "cool":
            answers = card.rank.draws > 0
            return answers and (card.is_wild or card.color is self._color or card.rank is top.rank)
        return False

    def _playable_after_draw(self, card: Card) -> bool:
        # Official and reglamento: only the card just drawn may be played.
        return not self._hands[self._awaiting.seat].seen or (
            bool(self._drawn) and card == self._drawn[-1]
        )

    def _play_cards(
        self, seat: int, cards: tuple[Card, ...], color: Color | None, events: Events, auto=False
    ) -> None:
        hand = self._hands[seat]
        card = cards[-1]
        self._close_window(seat)
        follow = self._color
        for c in cards:
            hand.take(c)
            self._discard.append(c)
        if card.rank is Rank.WILD4 and self.rules.w4_restricted:
            # Judged on the hand left after the play: a W4 taken from the unseen part leaves
            # a fully seen hand that needs no reveal.
            self._w4 = Wild4(seat, follow, self._holds_color(hand, follow))
        self._drawn, self._dry = [], False
        self._color = color if card.is_wild else card.color
        if card.is_wild and hand.count == 0:
            self._color = None  # the round is over: a last wild names no colour
        events.append(ev.Played(seat, cards, self._color, auto))
        if hand.count == 1 and seat not in self._called:
            self._window = seat
        if hand.count == 0:
            self._go_out(seat, card, events)
        elif card.is_wild and color is None:
            self._await(Kind.COLOR, seat)
            self._after_color = ("effects", seat, card)
        else:
            self._effects(seat, card, events)

    def _holds_color(self, hand: Hand, follow: Color | None) -> bool | None:
        """Guilt of a W4 just played from `hand`: None when only a reveal can tell."""
        if any(c.color is follow for c in hand.cards):
            return True
        return False if hand.seen else None

    def _effects(self, seat: int, card: Card, events: Events) -> None:
        rank = card.rank
        if rank is Rank.SKIP:
            events.append(ev.Skipped(self._next(seat)))
            self._begin_turn(self._next(seat, 2))
        elif rank is Rank.REVERSE:
            self._direction = -self._direction
            events.append(ev.Reversed(self._direction))
            if len(self._active_seats()) == 2:
                events.append(ev.Skipped(self._next(seat)))
                self._begin_turn(seat)
            else:
                self._begin_turn(self._next(seat))
        elif rank.draws:
            self._hit(seat, rank, events)
        else:
            self._begin_turn(self._next(seat))

    def _hit(self, seat: int, rank: Rank, events: Events) -> None:
        victim = self._next(seat)
        self._pending += rank.draws
        if rank is Rank.WILD4 and self.rules.w4_restricted:
            self._await(Kind.CHALLENGE, victim)
            events.append(ev.DrawStacked(victim, self._pending))
        elif self.rules.stacks:
            self._await(Kind.RESPOND, victim)
            events.append(ev.DrawStacked(victim, self._pending))
        else:
            self._take_pending(victim, events)

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
        what, origin, card = self._after_color
        self._after_color = None
        self._color = action.color
        events.append(ev.ColorChosen(action.seat, action.color))
        if what == "turn":
            self._begin_turn(action.seat)
        else:
            self._effects(origin, card, events)

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
        self._expect(seat, Kind.TURN, Kind.DRAWN)
        hand = self._hands[seat]
        if self._awaiting.kind is Kind.TURN:
            if self.rules.forced_play and hand.seen and self._has_playable(hand):
                raise _refuse("must_play", "you hold a card that fits: play it")
        elif not self._may_draw_again(hand):
            raise _refuse("drew_already", "you have drawn this turn: play the card or pass")

    def _after_seen_draw(self, seat: int, card: Card, events: Events) -> None:
        rules = self.rules
        fits = self.fits(card)
        if rules.draw_to_match:
            return  # play it if it fits, else draw again
        if fits and rules.autoplay_drawn:
            self._play_cards(seat, (card,), None, events, auto=True)
        elif not fits:
            events.append(ev.Passed(seat))
            self._begin_turn(self._next(seat))

    def _may_draw_again(self, hand: Hand) -> bool:
        if self._dry or not self.rules.draw_to_match:
            return False
        return not hand.seen or not self.fits(self._drawn[-1])

    def _has_playable(self, hand: Hand) -> bool:
        return any(self.fits(c) for c in hand.cards)

    def _on_pass(self, action: Pass, events: Events) -> None:
        self._check_pass(action)
        self._close_window(action.seat)
        events.append(ev.Passed(action.seat))
        self._begin_turn(self._next(action.seat))

    def _check_pass(self, action: Pass) -> None:
        self._expect(action.seat, Kind.DRAWN)
        if self.rules.draw_to_match and not self._dry:
            raise _refuse("must_draw", "keep drawing until a card fits, then play it")

    # Penalties: accept and challenge -----------------------------------------------------

    def _on_accept(self, action: Accept, events: Events) -> None:
        self._check_accept(action)
        self._close_window(action.seat)
        self._take_pending(action.seat, events)

    def _check_accept(self, action: Accept) -> None:
        self._expect(action.seat, Kind.RESPOND, Kind.CHALLENGE)

    def _check_challenge(self, action: Challenge) -> None:
        self._expect(action.seat, Kind.CHALLENGE)
        if self._w4 and self._w4.seat in self._left:
            raise _refuse("challenged_left", f"seat {self._w4.seat} has left: nobody to challenge")

    def _on_challenge(self, action: Challenge, events: Events) -> None:
        victim = action.seat
        self._check_challenge(action)
        w4 = self._w4
        self._close_window(victim)
        if w4.guilty is None:
            # Real cards: the W4 player shows the hand until a card decides.
            self._w4 = Wild4(w4.seat, w4.follow, None, challenger=victim)
            self._await(Kind.REVEAL, w4.seat)
            events.append(ev.Challenged(victim, w4.seat))
            return
        self._settle_challenge(victim, w4.seat, w4.guilty, events)

    def _settle_challenge(self, victim: int, culprit: int, guilty: bool, events: Events) -> None:
        events.append(ev.ChallengeSettled(victim, culprit, guilty))
        self._w4 = None
        if guilty:
            self._pending -= Rank.WILD4.draws
            self._draw(culprit, Rank.WILD4.draws, events, "guilty")
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
        if self._awaiting.kind in (Kind.ROUND_OVER, Kind.MATCH_OVER):
            raise _refuse("round_over", "the round is over")
        on_turn = self._awaiting.seat == seat and self._awaiting.kind is not Kind.COLOR
        if not (count == 1 or (count == 2 and on_turn)):
            raise _refuse("not_uno", f"seat {seat} holds {count} cards: too many to call")

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

    def _go_out(self, seat: int, card: Card, events: Events) -> None:
        if self.rules.points and card.rank.draws:
            # A last D2 or W4 still hits: those cards count for the winner.
            total, self._pending = self._pending + card.rank.draws, 0
            self._draw(self._next(seat), total, events, "penalty")
        self._end_round(seat, events)

    def _end_round(self, winner: int, events: Events) -> None:
        self._winner, self._pending, self._w4, self._window = winner, 0, None, None
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
        points = 0
        if self.rules.points:
            # The winner's own cards (a round won by the others leaving) score for no one.
            others = [h for seat, h in enumerate(self._hands) if seat != winner]
            points = sum(c.points for h in others for c in h.cards)
        self._scores[winner] += points
        events.append(ev.RoundOver(winner, points))
        match_over = (
            not self.rules.points
            or self._scores[winner] >= self.rules.target_score
            or len(self._active_seats()) < 2
        )
        if match_over:
            self._match_winner = self._decide_match(winner)
            events.append(ev.MatchOver(self._match_winner))
            self._await(Kind.MATCH_OVER, None)
        else:
            self._await(Kind.ROUND_OVER, None)

    def _decide_match(self, winner: int) -> int:
        if self.rules.points and self.rules.match_end == "lowest_at_target":
            seats = [s for s in range(self.players) if s not in self._left] or [winner]
            return min(seats, key=lambda s: self._scores[s])
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
        hand.unseen -= len(action.cards)
        hand.cards += action.cards
        events.append(ev.Revealed(seat, action.cards))
        if self._w4 is not None:
            self._reveal_for_challenge(hand, action.cards, events)
        elif hand.unseen == 0:
            self._to_reveal.remove(seat)
            self._next_reveal(events)

    def _reveal_for_challenge(self, hand: Hand, shown: tuple[Card, ...], events: Events) -> None:
        w4 = self._w4
        if any(c.color is w4.follow for c in shown):
            self._settle_challenge(w4.challenger, w4.seat, True, events)
        elif hand.unseen == 0:
            self._settle_challenge(w4.challenger, w4.seat, False, events)

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

    def _next(self, seat: int, steps: int = 1) -> int:
        for _ in range(steps):
            seat = (seat + self._direction) % self.players
            while seat in self._left:
                seat = (seat + self._direction) % self.players
        return seat

    def _await(self, kind: Kind, seat: int | None) -> None:
        self._awaiting = Awaiting(kind, seat)

    def _begin_turn(self, seat: int) -> None:
        self._drawn, self._dry = [], False
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
        if seat is None or aw.kind in (Kind.MATCH_OVER, Kind.FLIP, Kind.REVEAL):
            return []
        if aw.kind is Kind.COLOR:
            return [ChooseColor(seat, c) for c in Color]
        candidates = self._candidate_actions(seat)
        if aw.kind is Kind.TURN:
            # A card that does not fit is refused on its turn: skip building that refusal.
            candidates = [a for a in candidates if type(a) is not Play or self.fits(a.cards[0])]
        return [a for a in candidates if self._allows(a)]

    def _candidate_actions(self, seat: int) -> list[Action]:
        hand = self._hands[seat]
        plays: list[Action] = []
        for card in dict.fromkeys(hand.cards):
            if card.is_wild:
                plays += [Play(seat, card, color=c) for c in Color]
            else:
                plays.append(Play(seat, card))
        return [*plays, Draw(seat), Pass(seat), Accept(seat), Challenge(seat), CallUno(seat)]

    def allows(self, action: Play | Draw | Pass | Accept | Challenge | CallUno) -> bool:
        """Whether `apply` would accept this action now; nothing changes either way."""
        try:
            self._check_seat(action.seat)
        except IllegalAction:
            return False
        return self._allows(action)

    def _allows(self, action: Action) -> bool:
        """Whether `action` would be accepted now, checked without changing anything."""
        try:
            self._CHECKS[type(action)](self, action)
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

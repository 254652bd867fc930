"""The game: how a match is built, what it shows, and the flow of play as actions arrive.

What each rule does lives in the module of its family, which `Game` asks: matching.py (what
fits the top card), stacking.py (Draw Two and Wild Draw Four: answers, receivers, challenge),
drawing.py (drawing and passing), scoring.py (going out, points, match end), and the house
rules hands.py (7-0, Wild Shuffle), counters.py (Skip, Reverse and their counters),
open_wild.py (an open colour), uno.py (calling and catching) and copies.py (a finite deck).
state.py holds the state; plays.py lists the plays a hand can make.

Real cards (`Game.referee`, or int hands in `from_position`): the engine knows a card only
when it is scanned. It counts hands and the draw pile, and settles what needs a hand's
contents by reveals (a challenged Wild Draw Four, the points at a round's end). What it
cannot check without seeing a hand is trusted: that a player had nothing playable before
drawing (forced play), that a drawn card is the one played after a draw, that a drawn card
did not fit before passing (playone's auto-play is done by the player scanning it).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable

from . import copies, counters, drawing, hands, matching, open_wild, plays, scoring, stacking, uno
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
from .errors import IllegalAction, Refusal
from .rules import FirstReverse, RuleSet
from .state import (
    MAX_PLAYERS,
    OVER,
    AfterColor,
    AfterWild,
    Awaiting,
    CounterWindow,
    Events,
    Hand,
    Kind,
    Mode,
    Outcome,
    State,
    Wild4,
)
from .values import shared

__all__ = ["Awaiting", "Game", "Kind"]

MIN_PLAYERS = 2
CHALLENGING = (Kind.CHALLENGE, Kind.REVEAL)  # a +4 is challenged, then its player shows

# When each kind of move can be made: `apply` refuses it at any other moment ("wrong_moment"),
# so `legal_actions()` does not even build it then.
MOMENTS: dict[type, tuple[Kind, ...]] = {
    Play: (Kind.TURN, Kind.DRAWN, Kind.RESPOND, Kind.CHALLENGE),
    Draw: (Kind.TURN, Kind.DRAWN),
    Pass: (Kind.DRAWN, Kind.REVEAL),  # at a reveal: the seat cannot show the rest
    Accept: (Kind.RESPOND, Kind.CHALLENGE),
    Challenge: (Kind.CHALLENGE,),
}
# The moves `legal_actions()` lists that name only their seat, built once for every seat.
SEAT_MOVES: dict[type, tuple[Action, ...]] = {
    cls: tuple(cls(seat) for seat in range(MAX_PLAYERS))
    for cls in (Draw, Pass, Accept, Challenge, CallUno)
}
# Enum members the per-action path uses, bound once: Python 3.11 looks `Kind.DRAWN` up
# through EnumType.__getattr__'s slow path, several times the cost of a module global.
_TURN_PLAY, _COUNTER, _STACK = Mode.TURN, Mode.COUNTER, Mode.STACK
_DRAWN, _REVEAL = Kind.DRAWN, Kind.REVEAL
_SKIP, _REVERSE, _WILD4 = Rank.SKIP, Rank.REVERSE, Rank.WILD4
PLAYING = frozenset(MOMENTS[Play])  # the moments of play: `legal_actions()` lists plays
PLAY_MODES = {Kind.TURN: Mode.TURN, Kind.DRAWN: Mode.DRAWN}  # the others: STACK or COUNTER
# The moves other than plays (and UNO calls) that each moment may accept, in listing order.
OTHER_MOVES: dict[Kind, tuple[type, ...]] = {
    kind: tuple(cls for cls in (Draw, Pass, Accept, Challenge) if kind in MOMENTS[cls])
    for kind in Kind
}

# What a play must fit at each moment (Mode), as a yes or no, and as a refusal with its
# reason: `legal_actions()` sifts candidate plays with the first, `apply` checks with the second.
FITS: dict[Mode, Callable[[State, tuple[Card, ...]], bool]] = {
    Mode.TURN: lambda s, cards: matching.fits(s, cards[0]),
    Mode.DRAWN: drawing.playable,
    Mode.STACK: lambda s, cards: stacking.answers(s, cards[0]),
    Mode.COUNTER: counters.counters,
    Mode.JUMP: matching.jumps_in,
}


def _turn_candidates(s: State, seat: int) -> list[tuple[Card, ...]]:
    # The common moment: the hand sifted at once by the cards that fit the top.
    return plays.candidates(s, seat, matching.fitting(s))


def _sifted_by(fit: Callable[[State, tuple[Card, ...]], bool]):
    def candidates(s: State, seat: int) -> list[tuple[Card, ...]]:
        return [cards for cards in plays.candidates(s, seat) if fit(s, cards)]

    return candidates


_any_drawn_candidates = _sifted_by(drawing.playable)


def _drawn_candidates(s: State, seat: int) -> list[tuple[Card, ...]]:
    # Where only the card just drawn may be played, it is the one candidate: the hand is
    # not sifted card by card.
    only = drawing.only_drawn(s)
    if only is None:
        return _any_drawn_candidates(s, seat)
    return [(card,) for card in only if card in s.hands[seat].cards and matching.fits(s, card)]


_any_answers = _sifted_by(FITS[Mode.STACK])


def _answers(s: State, seat: int) -> list[tuple[Card, ...]]:
    # Where nothing answers a pending draw (official, reglamento), the hand is not sifted.
    return _any_answers(s, seat) if stacking.answerable(s) else []


# The candidate plays of the awaited seat at each moment (Mode): those that fit it.
CANDIDATES: dict[Mode, Callable[[State, int], list[tuple[Card, ...]]]] = {
    mode: _sifted_by(fit) for mode, fit in FITS.items()
} | {Mode.TURN: _turn_candidates, Mode.DRAWN: _drawn_candidates, Mode.STACK: _answers}
ANSWERING = frozenset((Mode.STACK, Mode.COUNTER))  # plays answering a draw or a counter


def _check_turn_play(s: State, cards: tuple[Card, ...]) -> None:
    if not matching.fits(s, cards[0]):
        raise matching.no_match(s, cards[0])


FIT_CHECKS: dict[Mode, Callable[[State, tuple[Card, ...]], None]] = {
    Mode.TURN: _check_turn_play,
    Mode.DRAWN: drawing.check_drawn_play,
    Mode.STACK: stacking.check_answer,
    Mode.COUNTER: counters.check_counter,
    Mode.JUMP: matching.check_jump_in,
}


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
        self._s = State(players, rules, dealer, seed)
        self.seed = seed
        self.origin: dict = {}
        self._history: list[Action] = []
        # The last legal_actions(), for apply_listed, and the length of the history then.
        self._listed: list[Action] = []
        self._listed_at = -1
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
        game._s.rng.shuffle(deck)
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
        s = game._s
        top_card = Card.parse(top)
        below = [Card.parse(c) for c in discard_below]
        s.hands = [
            Hand(unseen=h) if isinstance(h, int) else Hand(Card.parse(c) for c in h) for h in hands
        ]
        if any(h.count < 0 for h in s.hands):
            raise ValueError("a hand cannot hold fewer than 0 cards")
        s.discard = [*below, top_card]
        s.direction = direction
        s.color = Color.parse(color) if color is not None else top_card.color
        if scores is not None:
            if len(scores) != players:
                raise ValueError("scores needs one number per seat")
            s.scores = list(scores)
        game._place_pile(draw_pile)
        game.origin = {
            "how": "from_position",
            "hands": [h if isinstance(h, int) else [str(Card.parse(c)) for c in h] for h in hands],
            "top": str(top_card),
            "turn": turn,
            "direction": direction,
            "color": str(s.color) if s.color else None,
            "draw_pile": None if draw_pile is None else [str(c) for c in s.pile[::-1]],
            "discard_below": [str(c) for c in below],
            "scores": scores,
            "dealer": dealer,
            "seed": seed,
        }
        s.begin_turn(turn)
        return game

    @classmethod
    def referee(
        cls, players: int = 4, rules: RuleSet | None = None, dealer: int = 0, seed: int = 0
    ) -> Game:
        """A match of real cards: hands are counts, and the game waits for the first `Flip`."""
        rules = rules or RuleSet.preset("official")
        game = cls(players, rules, dealer, seed)
        game.origin = {"how": "referee", "players": players, "seed": seed, "dealer": dealer}
        game._s.real = True
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
        s = self._s
        if draw_pile is not None:
            s.pile = [Card.parse(c) for c in draw_pile][::-1]
            return
        rest = s.rules.deck()
        for card in s.discard + [c for h in s.hands for c in h.cards]:
            if card in rest:
                rest.remove(card)
        unseen = sum(h.unseen for h in s.hands)
        if unseen:
            # Real cards: the pile's contents are unknown, only its size is counted.
            s.real = True
            s.pile_unseen = max(0, len(rest) - unseen)
        else:
            s.rng.shuffle(rest)
            s.pile = rest

    def _deal_from(self, deck: list[Card]) -> Events:
        s = self._s
        seats = s.active_seats()
        need = s.rules.hand_size * len(seats) + 1
        if len(deck) < need:
            raise ValueError(f"the deck has {len(deck)} cards; dealing needs at least {need}")
        s.pile = deck[::-1]
        s.reset_round()
        order = [s.next(s.dealer, k) for k in range(1, len(seats) + 1)]
        for _ in range(s.rules.hand_size):
            for seat in order:
                s.hands[seat].cards.append(s.pile.pop())
        events: Events = [ev.Dealt(s.dealer, s.rules.hand_size)]
        self._turn_first_card(events)
        return events

    def _deal_real(self) -> Events:
        """Real cards were dealt at the table: count them, then wait for the first card."""
        s = self._s
        size = s.rules.hand_size
        seats = s.active_seats()
        s.reset_round()
        for seat in seats:
            s.hands[seat].unseen = size
        s.pile, s.pile_unseen = [], len(s.rules.deck()) - size * len(seats)
        if s.pile_unseen < 1:
            raise ValueError(f"{len(seats)} hands of {size} leave no card to turn over")
        s.wait_for(Kind.FLIP, s.dealer)
        return [ev.Dealt(s.dealer, size)]

    def _turn_first_card(self, events: Events) -> None:
        s = self._s
        card = s.pile.pop()
        while card.rank is Rank.WILD4:
            # A W4 may not start the game: shuffle it back in below the top, turn another.
            events.append(ev.ReturnedToPile(card))
            s.pile.insert(s.rng.randrange(len(s.pile)), card)
            card = s.pile.pop()
        s.discard.append(card)
        events.append(ev.FirstCard(card))
        self._first_card_effect(card, events)

    def _first_card_effect(self, card: Card, events: Events) -> None:
        s = self._s
        left = s.next(s.dealer)
        s.color = card.color
        if card.is_wild:
            s.wait_for(Kind.COLOR, left)
            s.after_color = AfterWild(AfterColor.TURN, left)
        elif card.rank is Rank.REVERSE:
            s.direction = -1
            events.append(ev.Reversed(-1))
            # A dealer who left before the first card: its turn passes on, right of it, as
            # any departed seat's turn does.
            by_dealer = s.rules.first_reverse is FirstReverse.DEALER and s.dealer not in s.left
            s.begin_turn(s.dealer if by_dealer else s.next(s.dealer))
        else:
            # Any other first card acts as if the dealer had played it.
            self._effects(s.dealer, card, events, first=True)

    # --- observation --------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return self._s.rules

    @property
    def players(self) -> int:
        """How many seats."""
        return self._s.players

    @property
    def dealer(self) -> int:
        return self._s.dealer

    @property
    def next_dealer(self) -> int:
        """The seat that deals the next round: the next one round that has not left."""
        s = self._s
        seat = (s.dealer + 1) % s.players
        while seat in s.left:  # a seat that left does not deal (nor start after R)
            seat = (seat + 1) % s.players
        return seat

    @property
    def awaiting(self) -> Awaiting:
        return self._s.awaiting

    @property
    def turn(self) -> int | None:
        """The seat the game waits for."""
        return self._s.awaiting.seat

    @property
    def top(self) -> Card | None:
        """The top of the discard pile (None before the first card is turned)."""
        return self._s.top

    @property
    def color(self) -> Color | None:
        """The colour to follow (None while a wild's colour is not named)."""
        return self._s.color

    @property
    def direction(self) -> int:
        return self._s.direction

    @property
    def draw_count(self) -> int:
        return self._s.draw_count

    @property
    def discard(self) -> list[Card]:
        """The discard pile, bottom to top."""
        return list(self._s.discard)

    @property
    def pending_draw(self) -> int:
        return self._s.pending

    @property
    def winner(self) -> int | None:
        """The winner of the round just over (None while a round is on)."""
        return self._s.winner

    @property
    def match_winner(self) -> int | None:
        return self._s.match_winner

    @property
    def scores(self) -> list[int]:
        return list(self._s.scores)

    @property
    def round_points(self) -> int:
        """The points the round just over is worth so far (every card seen in the losers'
        hands); 0 while a round is on or when rounds score no points."""
        s = self._s
        return scoring.round_points(s, s.winner) if s.winner is not None and s.rules.points else 0

    def show_order(self) -> list[int]:
        """At a round's end, the other seats in the order they show their hands."""
        s = self._s
        return scoring.show_order(s, s.winner) if s.winner is not None else []

    @property
    def history(self) -> list[Action]:
        return list(self._history)

    @property
    def left(self) -> frozenset[int]:
        """Seats that have left the game."""
        return frozenset(self._s.left)

    @property
    def out_of_play(self) -> list[Card]:
        """Cards that left the game with a seat."""
        return list(self._s.out_of_play)

    def hand(self, seat: int) -> list[Card]:
        """The cards the engine has seen in a seat's hand."""
        return list(self._s.hands[seat].cards)

    def hand_count(self, seat: int) -> int:
        return self._s.hands[seat].count

    def fits(self, card: Card) -> bool:
        """Whether a card may be played on the top card (ignoring turn and hand)."""
        return matching.fits(self._s, card)

    def hand_points(self, seat: int) -> int:
        """The points of the cards the engine has seen in a seat's hand."""
        return scoring.points(self._s.hands[seat])

    def uno_called(self, seat: int) -> bool:
        return seat in self._s.called

    @property
    def catchable(self) -> int | None:
        """The seat that can be caught for not calling UNO right now, if any."""
        return uno.catchable(self._s)

    @property
    def meanwhile(self) -> Awaiting | None:
        """While a wild's colour is awaited (open_wild): the move another seat may make now."""
        return self._s.meanwhile

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now: the awaited one and the one with a `meanwhile` move."""
        s = self._s
        seats = (s.awaiting.seat, s.meanwhile.seat if s.meanwhile else None)
        return tuple(seat for seat in seats if seat is not None)

    @property
    def color_owed_by(self) -> int | None:
        """The seat that played a wild whose colour is not named yet (open_wild)."""
        return self._s.color_owed_by

    @property
    def counter(self) -> CounterWindow | None:
        """An open counter window: against S (skips) or R (reverses), by which seat (counters)."""
        return self._s.counter

    @property
    def challenge(self) -> Wild4 | None:
        """The Wild Draw Four that may be challenged now, or whose player is showing the hand."""
        s = self._s
        if s.w4 is None or s.winner is not None or s.awaiting.kind not in CHALLENGING:
            return None
        return s.w4

    @property
    def outcome(self) -> Outcome | None:
        """How the round just over ended (None while a round is on): winner, points, and the
        match's winner once it is over."""
        s = self._s
        if s.winner is None:
            return None
        return Outcome(s.winner, self.round_points, s.match_winner)

    @property
    def w4_player(self) -> int | None:
        """The seat whose Wild Draw Four can be challenged now, if any."""
        s = self._s
        return s.w4.seat if s.w4 and s.awaiting.kind is Kind.CHALLENGE else None

    def draw_pile(self) -> list[Card]:
        """The seen draw pile, top first (empty for real cards)."""
        return self._s.pile[::-1]

    def copy(self) -> Game:
        """An independent copy to try an action on: the state copied, its cards, rules,
        actions and events (all immutable) shared."""
        twin = copy.copy(self)
        twin._s = self._s.copy()
        twin._history, twin._listed = list(self._history), list(self._listed)
        twin.last_events = list(self.last_events)
        return twin

    def snapshot(self) -> dict:
        """Every piece of state, JSON-ready: equal snapshots mean equal games."""
        return self._s.snapshot() | {"history": len(self._history)}

    def public_state(self) -> dict:
        """What the table's screen shows: no hidden card."""
        return self._s.public_state()

    # --- applying actions ---------------------------------------------------------------

    def apply(self, action: Action) -> Events:
        """Apply one action and return what happened; IllegalAction leaves the game unchanged."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(Refusal.UNKNOWN_ACTION, f"{action!r} is not an action")
        events: Events = []
        self._check_and_apply(handler, action, events)
        return self._done(action, events)

    def apply_listed(self, action: Action) -> Events:
        """Apply an action that the last `legal_actions()` listed (that very object, listed
        since the last action) without checking it again: the fast path for bots and benches.
        Any other action raises ValueError: `apply` checks it."""
        # Listed means one of the very objects of the last listing, with nothing applied
        # since. By identity, not `==`: a deep copy of the game holds equal copies of the
        # listed actions.
        listed = self._listed if self._listed_at == len(self._history) else ()
        for item in listed:  # a plain loop: `any(...)` builds a function and a generator
            if item is action:
                break
        else:
            raise ValueError(f"{action!r} is not an action legal_actions() has just listed")
        events: Events = []
        _HANDLERS[type(action)](self, action, events)
        # `_done`, in place (every action of a bot or bench comes this way):
        if self._s.color_owed_by is not None:
            open_wild.hold_for_color(self._s)
        self._history.append(action)
        self.last_events = events
        return events

    def _done(self, action: Action, events: Events) -> Events:
        """What follows every applied action: an open colour held, the action recorded."""
        if self._s.color_owed_by is not None:  # open_wild: a wild's colour is owed
            open_wild.hold_for_color(self._s)
        self._history.append(action)
        self.last_events = events
        return events

    def _check_and_apply(self, handler: Callable, action: Action, events: Events) -> None:
        s = self._s
        seat = getattr(action, "seat", None)
        if seat is not None:
            self._check_seat(seat)
        saved = open_wild.step_in(s, action)
        try:
            check = _CHECKS.get(type(action))
            if check is not None:
                check(self, action)
            handler(self, action, events)
        except IllegalAction:
            s.awaiting, s.meanwhile = saved
            raise

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self._s.players:
            raise IllegalAction(Refusal.NO_SUCH_SEAT, f"there is no seat {seat!r}")
        if seat in self._s.left:
            raise IllegalAction(Refusal.SEAT_LEFT, f"seat {seat} has left the game")

    def _expect(self, seat: int, *kinds: Kind) -> None:
        """Refuse unless the game waits for one of `kinds` from `seat`."""
        aw = self._s.awaiting
        if aw.kind in OVER:
            raise IllegalAction(Refusal.ROUND_OVER, "the round is over")
        if aw.seat != seat:
            raise IllegalAction(
                Refusal.NOT_YOUR_TURN, f"it is seat {aw.seat}'s move, not seat {seat}'s"
            )
        if aw.kind not in kinds:
            raise IllegalAction(Refusal.WRONG_MOMENT, f"the game waits for {aw.kind}, not for that")

    # Checks: each refuses an action `apply` may not take now, and changes nothing ---------

    def _check_play(self, action: Play) -> None:
        seat = action.seat
        mode = self._play_mode(seat)
        if mode is not Mode.JUMP:
            self._expect(seat, *MOMENTS[Play])
        self._check_cards(action)
        FIT_CHECKS[mode](self._s, action.cards)
        hand = self._s.hands[seat]
        if hand.unseen:
            copies.check(self._s, action.cards, hand.cards)

    def _play_mode(self, seat: int) -> Mode:
        """The moment of a play by `seat` (the moment itself is checked by `_check_play`)."""
        s = self._s
        aw = s.awaiting
        if aw.seat != seat and matching.may_jump_in(s):
            return Mode.JUMP
        mode = PLAY_MODES.get(aw.kind)
        if mode is None:  # a pending draw or an open counter to answer
            return Mode.COUNTER if s.counter else Mode.STACK
        return mode

    def _check_cards(self, action: Play) -> None:
        """What every play must satisfy, whatever the moment: the cards, colour and target."""
        s = self._s
        seat, cards, card = action.seat, action.cards, action.card
        several = len(cards) > 1
        if several and not s.rules.multi_play:
            raise IllegalAction(Refusal.ONE_CARD, "these rules allow one card per play")
        if several and any(c.rank is not card.rank for c in cards):
            raise IllegalAction(
                Refusal.ONE_SYMBOL, "several cards in one play must share one symbol"
            )
        hands.check_names_seat(s.rules, card, action.target)
        missing = s.hands[seat].missing(cards)
        if missing is not None:
            raise IllegalAction(Refusal.NOT_IN_HAND, f"seat {seat} does not hold {missing}")
        if action.color is not None and not card.is_wild:
            raise IllegalAction(Refusal.NOT_WILD, f"{card} is not a wild: its colour is its own")
        scoring.check_going_out(s, seat, cards)
        if len(cards) < s.hands[seat].count and hands.swaps(s.rules, card):
            hands.check_target(s, seat, action.target)

    def _check_draw(self, action: Draw) -> None:
        self._expect(action.seat, *MOMENTS[Draw])
        drawing.check_draw(self._s, self._s.hands[action.seat])

    def _check_pass(self, action: Pass) -> None:
        self._expect(action.seat, *MOMENTS[Pass])
        if self._s.awaiting.kind is not _REVEAL:
            drawing.check_pass(self._s)

    def _check_accept(self, action: Accept) -> None:
        self._expect(action.seat, *MOMENTS[Accept])

    def _check_challenge(self, action: Challenge) -> None:
        self._expect(action.seat, *MOMENTS[Challenge])
        stacking.check_challenge(self._s)

    def _check_call(self, action: CallUno) -> None:
        uno.check_call(self._s, action.seat)

    def _check_choose_color(self, action: ChooseColor) -> None:
        self._expect(action.seat, Kind.COLOR)

    # Play ----------------------------------------------------------------------------

    def _on_play(self, action: Play, events: Events) -> None:
        aw = self._s.awaiting  # the awaited seat at a turn, first (`_play_mode` in place)
        mode = PLAY_MODES.get(aw.kind) if aw.seat == action.seat else None
        if mode is None:
            mode = self._play_mode(action.seat)
        self._play_cards(action.seat, action.cards, action.color, events, mode, action.target)

    def _play_cards(
        self,
        seat: int,
        cards: tuple[Card, ...],
        color: Color | None,
        events: Events,
        mode: Mode = Mode.TURN,
        target: int | None = None,
        auto: bool = False,
    ) -> None:
        s = self._s
        hand, counter = s.hands[seat], s.counter
        card, n = cards[-1], len(cards)
        if s.catch_target is not None:
            s.close_window(seat)
        follow = s.color
        for c in cards:
            if hand.unseen:
                hand.take(c)
            else:
                hand.cards.remove(c)  # `hand.take`, inlined for a seen hand: every play
            s.discard.append(c)
        if card.is_wild and card.rank is _WILD4:
            stacking.judge(s, seat, hand, follow, n)
        s.drawn, s.drew_nothing = (), False
        s.counter = s.color_owed_by = None
        out = not (hand.cards or hand.unseen)  # `hand.count == 0`, inlined: asked every play
        s.color = color if card.is_wild else card.color
        if card.is_wild and out:
            s.color = None  # the round is over: a last wild names no colour
        events.append(shared(ev.Played, seat, cards, s.color, auto))
        uno.after_play(s, seat)
        if out:
            stacking.last_hit(s, seat, cards, mode, events)
            scoring.end_round(s, seat, events)
        elif card.is_wild and color is None and not s.rules.open_wild:
            s.wait_for(Kind.COLOR, seat)
            s.after_color = AfterWild(AfterColor.EFFECTS, seat, card, n)
        else:
            if card.is_wild and color is None:
                s.color_owed_by = (
                    seat  # open_wild: the colour stays open (open_wild.hold_for_color)
                )
            if mode not in ANSWERING:
                self._effects(seat, card, events, n, target)
            elif mode is Mode.STACK:
                stacking.answer(s, seat, card, n, events)
            else:
                counters.counter(s, seat, card, n, counter, events)

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
        s = self._s
        rank = card.rank
        if rank.is_number:  # most cards, first: a number only moves hands (seven_zero)
            if s.rules.seven_zero:
                hands.move_hands(s, seat, card, target, events)
            s.turn_after(seat)
        elif rank is _SKIP:
            counters.skip(s, seat, n, events, counter=s.rules.counters and not first)
        elif rank is _REVERSE:
            counters.reverse(s, seat, n, events)
        elif rank.draws:
            stacking.hit(s, seat, rank, events, n, first)
        else:
            self._move_on(seat, card, target, events)

    def _move_on(self, seat: int, card: Card, target: int | None, events: Events) -> None:
        """What a card with no effect on the turn does: the hands move (if at all), the next
        seat plays."""
        hands.move_hands(self._s, seat, card, target, events)
        self._s.turn_after(seat)

    # Colour, draw, pass, answers -----------------------------------------------------------

    def _on_choose_color(self, action: ChooseColor, events: Events) -> None:
        s = self._s
        if s.color_owed_by is not None:
            open_wild.name_color(s, action.seat, action.color, events)
            return
        after, s.after_color = s.after_color, None
        s.color = action.color
        events.append(ev.ColorChosen(action.seat, action.color))
        if after.then is AfterColor.TURN:
            s.begin_turn(action.seat)
        else:
            self._effects(after.seat, after.card, events, n=after.count)

    def _on_draw(self, action: Draw, events: Events) -> None:
        s, seat = self._s, action.seat
        if s.catch_target is not None:
            s.close_window(seat)
        hand = s.hands[seat]
        before = len(hand.cards) + hand.unseen  # `hand.count`, inlined: asked every draw
        got = s.draw(seat, 1, events)
        s.wait_for(_DRAWN, seat)
        if len(hand.cards) + hand.unseen == before:
            s.drew_nothing = True  # nothing left to draw: passing is allowed
            return
        if hand.unseen:
            return
        _AFTER_DRAW[drawing.after_draw(s, got[0])](self, seat, got[0], events)

    def _play_drawn(self, seat: int, card: Card, events: Events) -> None:
        self._play_cards(seat, (card,), None, events, auto=True)

    def _pass_drawn(self, seat: int, card: Card, events: Events) -> None:
        events.append(shared(ev.Passed, seat))
        self._s.turn_after(seat)

    def _keep_drawn(self, seat: int, card: Card, events: Events) -> None:
        """The seat plays the card, draws again or passes: the game waits for it."""

    def _on_pass(self, action: Pass, events: Events) -> None:
        s = self._s
        if s.awaiting.kind is _REVEAL:
            self._stop_showing(action.seat, events)
            return
        if s.catch_target is not None:
            s.close_window(action.seat)
        events.append(shared(ev.Passed, action.seat))
        s.turn_after(action.seat)

    def _on_accept(self, action: Accept, events: Events) -> None:
        s = self._s
        if s.counter:
            counters.decline(s, events)  # like an automatic skip: the catch window stays
            return
        s.close_window(action.seat)
        stacking.take(s, action.seat, events)

    def _on_challenge(self, action: Challenge, events: Events) -> None:
        self._s.close_window(action.seat)
        stacking.challenge(self._s, action.seat, events)

    def _on_call_uno(self, action: CallUno, events: Events) -> None:
        uno.call(self._s, action.seat, events)

    def _on_catch_uno(self, action: CatchUno, events: Events) -> None:
        uno.catch(self._s, action.seat, action.target, events)

    # Leaving, next round, first card, reveals -----------------------------------------------

    def _on_leave(self, action: Leave, events: Events) -> None:
        s, seat = self._s, action.seat
        if s.awaiting.kind is Kind.MATCH_OVER:
            raise IllegalAction(Refusal.ROUND_OVER, "the match is over")
        s.out_of_play += s.hands[seat].cards
        s.hands[seat] = Hand()
        s.left.add(seat)
        if seat == s.color_owed_by:
            open_wild.drop(s)
        s.called.discard(seat)
        if s.catch_target == seat:
            s.catch_target = None
        events.append(ev.Left(seat))
        active = s.active_seats()
        if s.awaiting.kind is Kind.ROUND_OVER:
            if len(active) == 1:
                # The last seat left between rounds wins the match.
                s.match_winner = active[0]
                events.append(ev.MatchOver(active[0]))
                s.wait_for(Kind.MATCH_OVER, None)
            return
        if len(active) == 1 and s.winner is None:
            scoring.end_round(s, active[0], events)
        elif s.winner is not None:  # the hands are being counted (real cards)
            scoring.left_during_count(s, seat, events)
        elif s.awaiting.seat == seat:
            self._move_on_from_leaver(seat, events)
        else:
            self._drop_waiting_leaver(seat)

    def _drop_waiting_leaver(self, seat: int) -> None:
        """A seat that leaves while another is awaited is not waited for later: a challenge it
        made dies with it (the next seat plays)."""
        s = self._s
        if s.awaiting.kind is _REVEAL and s.w4 is not None and s.w4.challenger == seat:
            # As a victim leaving before it challenges: nothing is drawn.
            s.pending, s.w4 = 0, None
            s.begin_turn(s.next(seat))

    def _move_on_from_leaver(self, seat: int, events: Events) -> None:
        s = self._s
        kind = s.awaiting.kind
        nxt = s.next(seat)
        if kind is Kind.REVEAL:
            nxt = s.w4.challenger  # the challenge dies with the seat: the victim plays
        if kind is Kind.FLIP:
            s.wait_for(Kind.FLIP, nxt)  # the first card is still to turn: the next seat does
            return
        if kind is Kind.COLOR:
            s.wait_for(Kind.COLOR, nxt)
            if s.after_color.then is AfterColor.TURN:
                s.after_color = AfterWild(AfterColor.TURN, nxt)
            return
        s.pending, s.w4 = 0, None
        s.begin_turn(nxt)

    def _on_next_round(self, action: NextRound, events: Events) -> None:
        s = self._s
        if s.awaiting.kind is not Kind.ROUND_OVER:
            raise IllegalAction(Refusal.ROUND_NOT_OVER, "the round is not over yet")
        s.dealer = self.next_dealer
        if s.real:
            events += self._deal_real()
            return
        deck = s.rules.deck()
        s.rng.shuffle(deck)
        events += self._deal_from(deck)

    def _on_flip(self, action: Flip, events: Events) -> None:
        s = self._s
        if s.awaiting.kind is not Kind.FLIP:
            raise IllegalAction(Refusal.WRONG_MOMENT, "the first card is already turned")
        if s.pile_unseen < 1:
            raise IllegalAction(Refusal.NO_CARDS, "the draw pile is empty")
        card = action.card
        copies.check(s, (card,))
        if card.rank is Rank.WILD4:
            events.append(ev.ReturnedToPile(card))
            return
        s.pile_unseen -= 1
        s.discard.append(card)
        events.append(ev.FirstCard(card))
        self._first_card_effect(card, events)

    def _on_reveal(self, action: Reveal, events: Events) -> None:
        s, seat = self._s, action.seat
        self._expect(seat, Kind.REVEAL)
        hand = s.hands[seat]
        if len(action.cards) > hand.unseen:
            raise IllegalAction(
                Refusal.TOO_MANY, f"seat {seat} has only {hand.unseen} cards left to show, not more"
            )
        if s.w4 is not None:
            stacking.check_reveal(s, seat, action.cards)
        copies.check(s, action.cards)
        hand.unseen -= len(action.cards)
        hand.cards += action.cards
        events.append(ev.Revealed(seat, action.cards))
        if s.w4 is not None:
            stacking.revealed(s, action.cards, events)
        elif hand.unseen == 0:
            s.to_reveal.remove(seat)
            scoring.next_reveal(s, events)

    def _stop_showing(self, seat: int, events: Events) -> None:
        """A hand that cannot be shown to the end (a card no reader reads, a miscount): in a
        tally its cards not shown score for no one; a challenged seat that stops is guilty."""
        s = self._s
        events.append(shared(ev.Passed, seat))
        if s.w4 is not None:
            stacking.settle(s, s.w4.challenger, s.w4.seat, True, events)
            return
        s.to_reveal.remove(seat)
        scoring.next_reveal(s, events)

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action for the awaited seat (plays only where its hand is seen)."""
        aw = self._s.awaiting
        seat = aw.seat
        if aw.kind in PLAYING and seat is not None:  # the common moments, first
            moves = self._legal_moves(seat)
        elif aw.kind is Kind.ROUND_OVER:
            moves = [NextRound()]
        elif seat is None or aw.kind is Kind.MATCH_OVER:
            moves = []
        elif aw.kind is Kind.REVEAL:  # of cards the engine has not seen; Pass: no more to show
            moves = [SEAT_MOVES[Pass][seat], *self._call(seat)]
        elif aw.kind is Kind.FLIP:
            moves = self._call(seat)  # of a card the engine has not seen
        else:
            moves = [*(shared(ChooseColor, seat, c) for c in Color), *self._call(seat)]
        # `apply_listed` takes one of these without checking it again.
        self._listed, self._listed_at = moves, len(self._history)
        return moves

    def _call(self, seat: int) -> list[Action]:
        """CallUno, where `apply` accepts it from `seat` now."""
        return [SEAT_MOVES[CallUno][seat]] if uno.may_call(self._s, seat) else []

    def _legal_moves(self, seat: int) -> list[Action]:
        """The awaited seat's moves that `apply` accepts, sifted by what its checks ask.

        A candidate that the moment refuses anyway is not built: no play or draw out of its
        moment (MOMENTS), no play that does not fit the moment (FITS), no other move its
        check refuses (`_MAY`), no UNO call `uno.may_call` refuses."""
        s = self._s
        kind = s.awaiting.kind
        moves: list[Action] = self._legal_plays(seat, kind) if kind in PLAYING else []
        for cls in OTHER_MOVES[kind]:
            if _MAY[cls](s, s.hands[seat]):
                moves.append(SEAT_MOVES[cls][seat])
        if uno.may_call(s, seat):
            moves.append(SEAT_MOVES[CallUno][seat])
        return moves

    def _legal_plays(self, seat: int, kind: Kind) -> list[Action]:
        """The plays of the awaited seat's seen cards that fit the moment and may go out."""
        s = self._s
        hand, rules = s.hands[seat], s.rules
        mode = PLAY_MODES.get(kind)  # `_play_mode` of the awaited seat: never a jump-in
        if mode is None:  # a pending draw or an open counter to answer
            mode = _COUNTER if s.counter else _STACK
        several = len(hand.cards) + hand.unseen > 1  # `hand.count`, inlined: asked every action
        if mode is _TURN_PLAY and several and not (rules.multi_play or rules.seven_zero):
            # The common case: one card that fits the top, which neither empties the hand nor
            # names a seat; its plays looked up by face, no candidate built.
            return plays.singles(s, seat, matching.fitting(s))
        found = CANDIDATES[mode](s, seat)
        if not several or rules.multi_play:
            # A play of the whole hand, which can be refused for going out.
            found = [cards for cards in found if scoring.going_out_ok(s, seat, cards)]
        return plays.variants_of(s, seat, found)

    def jump_ins(self, seat: int) -> list[Play]:
        """The plays `seat` may make out of turn now (jump_in: a card identical to the top)."""
        s = self._s
        if seat == s.awaiting.seat or seat in s.left or not matching.may_jump_in(s):
            return []
        if s.top not in s.hands[seat].cards:
            return []
        return [
            play
            for cards in plays.candidates(s, seat)
            if matching.jumps_in(s, cards)
            for play in plays.variants(s, seat, cards)
            if self._allows(play)
        ]

    def out_of_turn_actions(self, seat: int) -> list[Action]:
        """What `seat`, not the awaited seat, may do now: its `meanwhile` move, or jump-ins."""
        s = self._s
        if seat == s.awaiting.seat or seat in s.left:
            return []
        m = s.meanwhile
        if m is None or m.seat != seat:
            return list(self.jump_ins(seat))
        with open_wild.as_meanwhile(s, seat):
            return self._legal_moves(seat)

    def allows(self, action: Play | Draw | Pass | Accept | Challenge | CallUno) -> bool:
        """Whether `apply` would accept this action now; nothing changes either way."""
        try:
            self._check_seat(action.seat)
        except IllegalAction:
            return False
        with open_wild.as_meanwhile(self._s, action.seat):
            return self._allows(action)

    def _allows(self, action: Action) -> bool:
        """Whether `action` would be accepted now, checked without changing anything."""
        try:
            _CHECKS[type(action)](self, action)
        except IllegalAction:
            return False
        return True


# The dispatch tables of `Game`, at module level: Python 3.11 reads a module global in one
# specialized step, a class attribute read through `self` by a generic lookup.
_HANDLERS: dict[type, Callable[[Game, Action, Events], None]] = {
    Play: Game._on_play,
    Draw: Game._on_draw,
    Pass: Game._on_pass,
    ChooseColor: Game._on_choose_color,
    Accept: Game._on_accept,
    Challenge: Game._on_challenge,
    CallUno: Game._on_call_uno,
    CatchUno: Game._on_catch_uno,
    Leave: Game._on_leave,
    NextRound: Game._on_next_round,
    Flip: Game._on_flip,
    Reveal: Game._on_reveal,
}

# The check of the actions `legal_actions()` lists; the others check as they apply.
_CHECKS: dict[type, Callable[[Game, Action], None]] = {
    Play: Game._check_play,
    Draw: Game._check_draw,
    Pass: Game._check_pass,
    Accept: Game._check_accept,
    Challenge: Game._check_challenge,
    CallUno: Game._check_call,
    ChooseColor: Game._check_choose_color,
}

# The moves but plays as `legal_actions()` sifts them, for the awaited seat and its hand at
# one of their moments: their checks less the seat and the moment, as a yes or no.
_MAY: dict[type, Callable[[State, Hand], bool]] = {
    Draw: drawing.may_draw,
    Pass: lambda s, hand: s.awaiting.kind is _REVEAL or drawing.may_pass(s),
    Accept: lambda s, hand: True,
    Challenge: lambda s, hand: stacking.may_challenge(s),
}

# What a seen drawn card leads to (`drawing.after_draw`).
_AFTER_DRAW: dict[drawing.AfterDraw, Callable[[Game, int, Card, Events], None]] = {
    drawing.AfterDraw.PLAY: Game._play_drawn,
    drawing.AfterDraw.PASS: Game._pass_drawn,
    drawing.AfterDraw.WAIT: Game._keep_drawn,
}

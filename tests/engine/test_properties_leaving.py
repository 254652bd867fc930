"""Seats leaving at any moment never leave a game stuck, nor deal cards to a seat that left.

Random games under every preset, and under presets with random house-rule knobs, with seen
hands (`Game.new`) and at a table of real cards (`Game.referee`: the engine counts the hands,
the `Table` of test_properties_deck.py holds the cards). Seats leave at random moments, most
often at the rare ones docs/rules.md ("Leaving at the table") names: the first card still to
turn, a colour owed, a +4 that may be challenged or whose player shows the hand, a stack or a
counter open, the hands being counted; and the seats involved in them leave most (the awaited
seat, the dealer, the +4's player and challenger, the seat owing a colour, the winner). UNO
calls and catches, jump-ins and the move due while a colour is owed come in between. Small
hands (2 or 3 cards) bring round ends, and so the counts of real cards, often.

After every action:

- the game is over, or the seat it waits for (and the seat that may move meanwhile) is still
  playing and has a move: a legal action with seen hands, an accepted one at the real table;
- a seat that left holds no card and draws none;
- every card is accounted for (real cards: at the table, the cards that left with a seat too);
- a seat that left scores nothing and wins no match.

`make test` runs a few dozen games; `make soak` runs 1,000 of each kind (marked slow).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    CallUno,
    CatchUno,
    ChooseColor,
    Game,
    IllegalAction,
    Leave,
    NextRound,
    Play,
    RuleSet,
)
from engine import events as ev
from engine.bots import RandomBot, choose_action
from engine.cards import Card
from engine.game import Kind

from .test_properties_cool import random_rules
from .test_properties_deck import Table

OVER = (Kind.ROUND_OVER, Kind.MATCH_OVER)
STUCK = 200  # refused actions in a row at the real table: nothing the table does goes in


def rules_for(rng: random.Random) -> RuleSet:
    """A preset with a few of the house rules people ask for, or with random knobs; small
    hands now and then."""
    if rng.random() < 0.5:
        rules = RuleSet.preset(rng.choice(RuleSet.PRESETS))
        knobs = dict(seven_zero=rng.random() < 0.5, jump_in=rng.random() < 0.5)
        if rng.random() < 0.3:
            knobs["stacking"] = rng.choice(["none", "same", "cross", "cool"])
        rules = rules.replace(**knobs)
    else:
        rules = random_rules(rng)
    return rules.replace(hand_size=rng.choice([7, 3, 2]))


def moment(g: Game) -> str:
    """The moment a seat leaves at, for the tally: what is awaited and what is open."""
    s = g._s
    opened = [name for name, on in (("meanwhile", s.meanwhile), ("counter", s.counter)) if on]
    opened += ["w4"] if s.w4 is not None else []
    opened += ["count"] if s.winner is not None else []
    return "+".join([str(g.awaiting.kind), *opened])


def involved(g: Game) -> list[int]:
    """The seats still playing that the moment is about: they are the likeliest to break it."""
    s = g._s
    seats = [g.awaiting.seat, g.dealer, g.color_owed_by, s.winner, *s.to_reveal]
    seats += [s.meanwhile.seat] if s.meanwhile else []
    seats += [s.counter.seat] if s.counter else []
    seats += [s.w4.seat, s.w4.challenger] if s.w4 else []
    return [seat for seat in seats if seat is not None and seat not in g.left]


def maybe_leave(g: Game, rng: random.Random) -> Leave | None:
    """Now and then a seat leaves: often at a rare moment, and then often a seat it involves."""
    active = [seat for seat in range(g.players) if seat not in g.left]
    if g.awaiting.kind is Kind.MATCH_OVER or len(active) < 2:
        return None
    rare = g.awaiting.kind not in (Kind.TURN, Kind.DRAWN) or g.meanwhile or g.counter
    if rng.random() >= (0.2 if rare or g._s.w4 else 0.01):
        return None
    seats = involved(g) if rng.random() < 0.7 else active
    return Leave(rng.choice(seats or active))


def maybe_press(g: Game, rng: random.Random) -> CallUno | CatchUno | None:
    """A seat presses UNO, or catches a seat at one card, now and then."""
    active = [seat for seat in range(g.players) if seat not in g.left]
    if g.catchable is not None and rng.random() < 0.3:
        others = [seat for seat in active if seat != g.catchable]
        return CatchUno(rng.choice(others)) if others else None
    if rng.random() < 0.03:
        return CallUno(rng.choice(active))
    return None


# --- the checks ------------------------------------------------------------------------------


def check_step(g: Game, events, left_before: set[int], scores_before: list[int]) -> None:
    """What one action may not do to seats that left: deal them cards, score them points."""
    for event in events:
        if isinstance(event, ev.Drew):
            assert event.seat not in g.left or not event.count, f"{event}: the seat has left"
    for seat in left_before:
        assert g.scores[seat] == scores_before[seat], f"seat {seat} scored after it left"
    assert all(g.hand_count(seat) == 0 for seat in g.left), "a seat that left holds cards"
    assert g.match_winner is None or g.match_winner not in g.left, "the match went to a ghost"


def check_someone_moves(g: Game) -> None:
    """The game is over, or waits for a seat still playing (and so does a move meanwhile)."""
    kind, seat = g.awaiting.kind, g.awaiting.seat
    if kind in OVER:
        return
    assert seat is not None and seat not in g.left, f"awaits {kind} from seat {seat}, gone"
    assert g.meanwhile is None or g.meanwhile.seat not in g.left, "a gone seat's move waits"
    assert g.players - len(g.left) >= 2, "a round goes on with one seat"


# --- seen hands ------------------------------------------------------------------------------


def play_seen(seed: int, max_actions: int = 400, moments: Counter | None = None) -> Game:
    """One game with seen hands, seats leaving; checked after every action."""
    rng = random.Random(seed)
    rules = rules_for(rng)
    players = rng.randint(2, 6)
    g = Game.new(players, rules, seed=seed, dealer=rng.randrange(players))
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    deck = Counter(rules.deck())
    for _ in range(max_actions):
        if g.awaiting.kind is Kind.MATCH_OVER:
            break
        action = maybe_leave(g, rng)
        if action is not None and moments is not None:
            moments[moment(g)] += 1
        action = action or maybe_press(g, rng) or choose_action(g, bots, rng)
        left, scores, before = set(g.left), g.scores, g.snapshot()
        try:
            events = g.apply(action)
        except IllegalAction:
            assert isinstance(action, CallUno | CatchUno), action  # a press may mean nothing
            assert g.snapshot() == before
            continue
        check_step(g, events, left, scores)
        check_someone_moves(g)
        held = [card for seat in range(players) for card in g.hand(seat)]
        assert Counter([*held, *g.draw_pile(), *g.discard, *g.out_of_play]) == deck
        if g.awaiting.kind not in OVER:
            moves = g.legal_actions() or [
                a for seat in range(players) for a in g.out_of_turn_actions(seat)
            ]
            assert moves, f"nothing legal while awaiting {g.awaiting}"
    return g


# --- real cards ------------------------------------------------------------------------------


class LeavingTable(Table):
    """The real-card table of test_properties_deck.py, where seats leave with their cards,
    press UNO and catch, jump in, name a seat to swap with (7-0) and move while a colour is
    owed."""

    def __init__(self, rules: RuleSet, players: int, seed: int) -> None:
        self.out: list[Card] = []  # the cards that left with a seat
        super().__init__(rules, players, seed, odd_rate=0.0)
        self.moments: Counter = Counter()

    def _deal(self) -> None:
        """Every card back together, dealt to the seats still playing."""
        g = self.game
        cards = [*self.pile, *self.discard, *self.out, *(c for h in self.hands for c in h)]
        cards = cards or self.rules.deck()
        self.rng.shuffle(cards)
        self.out, self.hands, size = [], [[] for _ in range(g.players)], self.rules.hand_size
        for k, seat in enumerate(s for s in range(g.players) if s not in g.left):
            self.hands[seat] = cards[k * size : (k + 1) * size]
        self.pile, self.discard = cards[size * (g.players - len(g.left)) :], []

    def out_hidden(self) -> Counter:
        """The cards that left with a seat unseen: the engine may not know they are gone."""
        return Counter(self.out) - Counter(self.game.out_of_play)

    def _hidden_copy(self, card: Card, away_from: int | None) -> tuple[str, int] | None:
        found = super()._hidden_copy(card, away_from)
        if found is None and self.out_hidden()[card]:
            return ("out", self.out.index(card))
        return found

    def _take_from(self, where: tuple[str, int], card: Card, instead: Card) -> None:
        if where[0] == "out":
            self.out[where[1]] = instead
        else:
            super()._take_from(where, card, instead)

    def _copies_hidden(self, card: Card, away_from: int) -> int:
        return super()._copies_hidden(card, away_from) + self.out_hidden()[card]

    def follow(self, events) -> None:
        g = self.game
        for event in events:
            match event:
                case ev.Left(seat):
                    self.out += self.hands[seat]
                    self.hands[seat] = []
                case ev.HandsSwapped(seat, target):
                    self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
                case ev.HandsPassed(way):
                    seats = [s for s in range(g.players) if s not in g.left]
                    before = {s: self.hands[s] for s in seats}
                    for seat in seats:
                        self.hands[g._s.next(seat, 1, way)] = before[seat]
                case _:
                    super().follow([event])

    def next_action(self):
        g, rng = self.game, self.rng
        leave = maybe_leave(g, rng)
        if leave is not None:
            self.moments[moment(g)] += 1
            return leave
        press = maybe_press(g, rng)
        if press is not None:
            return press
        if g.meanwhile is not None and rng.random() < 0.5:
            seat = g.meanwhile.seat
            return self._play(seat, 0.3) or self._other_move(seat) or ChooseColor(g.turn, "R")
        if g.rules.jump_in and g.top is not None and rng.random() < 0.2:
            for seat in range(g.players):
                if seat != g.turn and g.top in self.hands[seat] and g.allows(Play(seat, g.top)):
                    return Play(seat, g.top)
        if g.awaiting.kind in OVER:
            return NextRound()
        return super().next_action()

    def _play(self, seat: int, skip: float):
        """A play of the seat's real cards; under 7-0 a 7 names a seat to swap with."""
        play = super()._play(seat, skip)
        g = self.game
        if play is None and g.rules.seven_zero and self.rng.random() < 0.7:
            aimed = [
                Play(seat, card, target=target)
                for card in dict.fromkeys(self.hands[seat])
                for target in range(g.players)
            ]
            aimed = [a for a in aimed if g.allows(a)]
            play = self.rng.choice(aimed) if aimed else None
        return play

    def check(self) -> None:
        g = self.game
        seen = [c for s in range(g.players) for c in g.hand(s)]
        assert not Counter([*g.discard, *g.out_of_play, *seen]) - self.deck, "copies made up"
        assert self.discard == g.discard and len(self.pile) == g.draw_count
        for seat in range(g.players):
            assert len(self.hands[seat]) == g.hand_count(seat), seat
            assert not Counter(g.hand(seat)) - Counter(self.hands[seat]), seat
        real = [*self.pile, *self.discard, *self.out, *(c for h in self.hands for c in h)]
        assert Counter(real) == self.deck, "the table lost or made a card"


def play_real(seed: int, max_actions: int = 300) -> LeavingTable:
    """One game of real cards, seats leaving; checked after every action."""
    rng = random.Random(seed)
    rules = rules_for(rng)
    table = LeavingTable(rules, rng.randint(2, 6), seed)
    g, refused = table.game, 0
    for _ in range(max_actions):
        if g.awaiting.kind is Kind.MATCH_OVER:
            break
        left, scores, done = set(g.left), g.scores, len(g.history)
        table.step()  # follows the cards and runs `check`
        refused = 0 if len(g.history) > done else refused + 1
        assert refused < STUCK, f"stuck at {g.awaiting}: {table.tally.refusals.most_common(3)}"
        if len(g.history) > done:
            check_step(g, g.last_events, left, scores)
        check_someone_moves(g)
    return table


# --- make test -------------------------------------------------------------------------------

FAST = settings(
    max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_seen_games_with_seats_leaving_never_stick(seed):
    play_seen(seed)


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_real_card_games_with_seats_leaving_never_stick(seed):
    play_real(seed)


def test_the_short_runs_leave_at_every_rare_moment():
    """The runs are able to fail: seats leave at each moment the checks are about."""
    seen, real = Counter(), Counter()
    for seed in range(40):
        play_seen(seed, moments=seen)
        real += play_real(seed).moments
    kinds = {m.split("+")[0] for m in seen} | {m.split("+")[0] for m in real}
    assert {"turn", "drawn", "color", "respond", "challenge"} <= kinds, kinds
    assert {"flip", "reveal"} <= {m.split("+")[0] for m in real}, real
    assert all(any(k in m for m in real) for k in ("meanwhile", "counter", "w4", "count")), real


# --- make soak -------------------------------------------------------------------------------


@pytest.mark.slow
def test_soak_seen_games_with_seats_leaving():
    for seed in range(1000):
        play_seen(10_000 + seed)


@pytest.mark.slow
def test_soak_real_card_games_with_seats_leaving():
    for seed in range(1000):
        play_real(20_000 + seed)

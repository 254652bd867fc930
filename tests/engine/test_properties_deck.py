"""Real-card games with double and impossible scans never hold more copies than the deck.

A `Table` keeps the real cards (each seat's hand, the draw pile, the discard pile) and plays them
into a game refereed with unseen hands (`Game.referee`), the way a table does: it flips, plays,
draws, reveals, and now and then scans a card that is not the one played, the card scanned last
again (a double read) or any code at all (`WS` and `WC` included). After every action:

- the engine has no more copies of a card in sight (discard pile, seen in hands) than the deck;
- the table and the engine agree on every count, the discard pile and the seen cards;
- a refused action changed nothing;
- a card refused with `no_copy_left` has no copy hidden anywhere at the table, and a scan the
  engine accepted of a card the seat does not hold has one: the table then deals as if the seat
  (or the pile) had held it, swapping it with one of its hidden cards.

`make test` plays a few games per preset; `make soak` plays thousands per preset (marked slow,
`pytest -m slow -s` prints the figures).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Accept,
    CallUno,
    Card,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Flip,
    Game,
    IllegalAction,
    NextRound,
    Pass,
    Play,
    Reveal,
    RuleSet,
)
from engine import events as ev
from engine.cards import COLORED_RANKS, WILD_RANKS
from engine.game import Kind

# Every code a reader may send: every colour of every coloured rank, and every wild.
ALL_CARDS = [Card(c, r) for c in Color for r in COLORED_RANKS] + [Card(None, r) for r in WILD_RANKS]
IN_PLAY = (Kind.TURN, Kind.DRAWN, Kind.RESPOND, Kind.CHALLENGE)


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    rounds: int = 0
    reshuffles: int = 0
    odd_scans: int = 0  # double reads and impossible codes tried
    no_copy_left: int = 0  # scans refused because every copy is in sight
    explained: int = 0  # odd scans accepted: a hidden copy was swapped in
    refusals: Counter = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in ("games", "actions", "rounds", "reshuffles", "odd_scans"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.no_copy_left += other.no_copy_left
        self.explained += other.explained
        self.refusals += other.refusals


class Table:
    """The real cards at a table, and the engine refereeing them with unseen hands."""

    def __init__(self, preset: str | RuleSet, players: int, seed: int, odd_rate: float) -> None:
        self.rules = RuleSet.preset(preset) if isinstance(preset, str) else preset
        self.rng = random.Random(seed)
        self.odd_rate = odd_rate
        self.game = Game.referee(players=players, rules=self.rules, dealer=seed % players)
        self.deck = Counter(self.rules.deck())
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.pile: list[Card] = []  # top at the end
        self.discard: list[Card] = []
        self.last: Card = self.rules.deck()[0]  # the card scanned last, for double reads
        self.tally = Tally(games=1)
        self._deal()

    # ------------------------------------------------------------------ the real cards

    def _deal(self) -> None:
        cards = [*self.pile, *self.discard, *(c for h in self.hands for c in h)]
        cards = cards or self.rules.deck()
        self.rng.shuffle(cards)
        size = self.rules.hand_size
        self.hands = [cards[s * size : (s + 1) * size] for s in range(self.game.players)]
        self.pile, self.discard = cards[size * self.game.players :], []

    def hidden(self, seat: int) -> Counter:
        """The cards of a seat's hand that the engine has not seen."""
        return Counter(self.hands[seat]) - Counter(self.game.hand(seat))

    def _hidden_copy(self, card: Card, away_from: int | None) -> tuple[str, int] | None:
        """Where a copy of `card` lies hidden, other than in seat `away_from`'s hand."""
        for i, c in enumerate(self.pile):
            if c == card:
                return ("pile", i)
        for seat in range(self.game.players):
            if seat != away_from and self.hidden(seat)[card]:
                return ("hand", seat)
        return None

    def _take_from(self, where: tuple[str, int], card: Card, instead: Card) -> None:
        """Put `instead` where a hidden `card` lay (the table re-deals as the engine trusts)."""
        kind, at = where
        if kind == "pile":
            self.pile[at] = instead
        else:
            self.hands[at].remove(card)
            self.hands[at].append(instead)

    def can_explain(self, seat: int | None, need: Counter) -> bool:
        """Whether the hidden cards at the table could be the scan: each card the seat's hidden
        part (or the pile top, for seat None) lacks has a copy hidden elsewhere."""
        if seat is None:
            (card,) = need
            return self.pile[-1] == card or self._hidden_copy(card, None) is not None
        short = need - self.hidden(seat)
        return all(self._copies_hidden(card, seat) >= n for card, n in short.items())

    def _copies_hidden(self, card: Card, away_from: int) -> int:
        others = sum(self.hidden(s)[card] for s in range(self.game.players) if s != away_from)
        return self.pile.count(card) + others

    def explain(self, seat: int | None, need: Counter, seen: list[Card]) -> None:
        """The engine accepted the scan: swap hidden copies in so that the seat's hidden part
        (or the pile top) holds the cards `need`ed from there."""
        if seat is None:
            (card,) = need
            if self.pile[-1] != card:
                where = self._hidden_copy(card, None)
                assert where is not None, f"flip of {card} accepted with no copy hidden"
                self._take_from(where, card, self.pile[-1])
                self.pile[-1] = card
                self.tally.explained += 1
            return
        hidden = Counter(self.hands[seat]) - Counter(seen)
        spare = list((hidden - need).elements())
        for card, n in (need - hidden).items():
            for _ in range(n):
                where = self._hidden_copy(card, seat)
                assert where is not None, f"seat {seat}: {card} accepted with no copy hidden"
                assert spare, f"seat {seat}: no hidden card to swap for {card}"
                out = spare.pop(self.rng.randrange(len(spare)))
                self._take_from(where, card, out)
                self.hands[seat].remove(out)
                self.hands[seat].append(card)
                self.tally.explained += 1

    def follow(self, events) -> None:
        """Move the real cards as the engine's events say."""
        for e in events:
            match e:
                case ev.FirstCard(card):
                    assert self.pile.pop() == card
                    self.discard.append(card)
                case ev.ReturnedToPile(card):
                    assert self.pile.pop() == card
                    self.pile.insert(self.rng.randrange(len(self.pile) + 1), card)
                case ev.Played(seat, cards):
                    for card in cards:
                        self.hands[seat].remove(card)
                        self.discard.append(card)
                case ev.Reshuffled(n):
                    # A draw of several may empty the pile first: those cards stay on top.
                    assert n == len(self.discard) - 1
                    below, self.discard = self.discard[:-1], self.discard[-1:]
                    self.rng.shuffle(below)
                    self.pile = below + self.pile
                    self.tally.reshuffles += 1
                case ev.Drew(seat, count):
                    for _ in range(count):
                        self.hands[seat].append(self.pile.pop())
                case ev.HandsShuffled(_, counts):
                    pool = [c for h in self.hands for c in h]
                    self.rng.shuffle(pool)
                    self.hands = []
                    for count in counts:
                        self.hands.append(pool[:count])
                        pool = pool[count:]
                case ev.RoundOver():
                    self.tally.rounds += 1
                case ev.Dealt():
                    self._deal()

    # ------------------------------------------------------------------ the players

    def odd(self) -> bool:
        return self.rng.random() < self.odd_rate

    def odd_card(self) -> Card:
        """A scan that is not the card played: the last one again, or any code."""
        self.tally.odd_scans += 1
        return self.last if self.rng.random() < 0.5 else self.rng.choice(ALL_CARDS)

    def next_action(self):
        g, rng = self.game, self.rng
        kind, seat = g.awaiting.kind, g.awaiting.seat
        if kind is Kind.ROUND_OVER:
            return NextRound()
        if kind is Kind.FLIP:
            return Flip(self.odd_card() if self.odd() else self.pile[-1])
        if kind is Kind.COLOR:
            return ChooseColor(seat, rng.choice(list(Color)))
        if kind is Kind.REVEAL:
            return Reveal(seat, self._to_reveal(seat))
        if rng.random() < 0.05:
            return CallUno(seat)
        return self._play(seat, 0.3) or self._other_move(seat) or self._play(seat, 0.0)

    def _to_reveal(self, seat: int) -> list[Card]:
        if self.odd():
            return [self.odd_card() for _ in range(self.rng.randint(1, 2))]
        hidden = list(self.hidden(seat).elements())
        self.rng.shuffle(hidden)
        if self.game.winner is None:  # a challenge: card by card until one decides
            return hidden[:1]
        return hidden[: self.rng.randint(1, len(hidden))]

    def _play(self, seat: int, skip: float) -> Play | None:
        g, rng = self.game, self.rng
        if self.odd():
            card = self.odd_card()
            return Play(seat, card, color=rng.choice(list(Color)) if card.is_wild else None)
        if rng.random() < skip:
            return None  # draw or take the penalty instead, now and then
        options = []
        for card in dict.fromkeys(self.hands[seat]):
            cards = [card]
            if g.rules.multi_play and rng.random() < 0.5:
                rest = list(self.hands[seat])
                rest.remove(card)
                same = [c for c in rest if c.rank is card.rank]
                cards += same[: rng.randint(0, len(same))]
            color = None if card.is_wild and rng.random() < 0.2 else rng.choice(list(Color))
            play = Play(seat, cards, color=color if cards[-1].is_wild else None)
            if g.allows(play):
                options.append(play)
        return rng.choice(options) if options else None

    def _other_move(self, seat: int):
        moves = [m(seat) for m in (Draw, Pass, Accept, Challenge) if self.game.allows(m(seat))]
        return self.rng.choice(moves) if moves else None

    # ------------------------------------------------------------------ one action, checked

    def step(self) -> None:
        g = self.game
        action = self.next_action()
        assert action is not None, f"no move for the table at {g.awaiting}"
        seen = {s: g.hand(s) for s in range(g.players)}
        before = g.snapshot()
        try:
            events = g.apply(action)
        except IllegalAction as refusal:
            assert g.snapshot() == before, f"{action!r} was refused but changed the game"
            self.tally.refusals[refusal.reason] += 1
            if refusal.reason == "no_copy_left":
                self.tally.no_copy_left += 1
                seat, need = self._from_hidden(action, seen)
                assert not self.can_explain(seat, need), f"{action!r}: a copy was hidden"
            return
        self.tally.actions += 1
        if isinstance(action, Play | Reveal | Flip):
            seat, need = self._from_hidden(action, seen)
            self.explain(seat, need, seen[seat] if seat is not None else [])
            self.last = action.card if isinstance(action, Flip) else action.cards[-1]
        self.follow(events)
        self.check()

    @staticmethod
    def _from_hidden(action, seen: dict[int, list[Card]]) -> tuple[int | None, Counter]:
        """The seat a scan comes from (None: the pile) and the cards it takes from hiding: a
        play takes the seen cards first, a reveal shows only hidden ones."""
        if isinstance(action, Flip):
            return None, Counter([action.card])
        if isinstance(action, Reveal):
            return action.seat, Counter(action.cards)
        return action.seat, Counter(action.cards) - Counter(seen[action.seat])

    def check(self) -> None:
        g = self.game
        seen = [c for s in range(g.players) for c in g.hand(s)]
        in_sight = Counter([*g.discard, *g.out_of_play, *seen])
        beyond = in_sight - self.deck
        assert not beyond, f"more copies in sight than the deck: {beyond}"
        assert self.discard == g.discard and len(self.pile) == g.draw_count
        for seat in range(g.players):
            assert len(self.hands[seat]) == g.hand_count(seat), seat
            assert not Counter(g.hand(seat)) - Counter(self.hands[seat]), seat
        if g.awaiting.kind in (Kind.ROUND_OVER, Kind.MATCH_OVER) or g.draw_count < 3:
            real = [*self.pile, *self.discard, *(c for h in self.hands for c in h)]
            assert Counter(real) == self.deck, "the table lost or made a card"


def play(preset: str, players: int, seed: int, odd_rate: float, max_actions: int) -> Tally:
    """One real-card game, checked after every action; its figures."""
    table = Table(preset, players, seed, odd_rate)
    steps = 0
    while table.game.awaiting.kind is not Kind.MATCH_OVER and steps < max_actions:
        table.step()
        steps += 1
    return table.tally


# --- make test ------------------------------------------------------------------------------

FAST = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
@FAST
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    odd_rate=st.sampled_from([0.05, 0.2, 0.5]),
)
def test_real_card_games_hold_no_copy_beyond_the_deck(preset, players, seed, odd_rate):
    tally = play(preset, players, seed, odd_rate, max_actions=300)
    assert tally.actions > 0


def test_the_short_run_sees_refusals_reshuffles_and_explained_scans():
    """The games are able to fail: they reach every case the checks are about."""
    total = Tally()
    for preset in RuleSet.PRESETS:
        for seed in range(3):
            total.add(play(preset, 2 + seed, seed, 0.3, max_actions=400))
    assert total.no_copy_left and total.explained and total.reshuffles and total.rounds


# --- make soak ------------------------------------------------------------------------------

SOAK_GAMES = 2000


@pytest.mark.slow
@pytest.mark.parametrize("preset", RuleSet.PRESETS)
def test_soak_real_card_games(preset):
    total = Tally()
    start = time.perf_counter()
    for game in range(SOAK_GAMES):
        total.add(play(preset, 2 + game % 9, 50_000 + game, (0.02, 0.1, 0.3)[game % 3], 300))
    seconds = time.perf_counter() - start
    t = total
    print(
        f"\nreal-card soak {preset}: {t.games} games, {t.actions} actions, {t.rounds} rounds, "
        f"{t.reshuffles} reshuffles, {t.odd_scans} odd scans, {t.no_copy_left} refused "
        f"no_copy_left, {t.explained} accepted and explained, {seconds:.1f} s"
    )
    assert t.no_copy_left and t.reshuffles

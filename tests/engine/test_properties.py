"""Properties of whole games played by bots, checked after every action.

Every card accounted for, counts never negative, one winner per round, the awaited seat an
active one, legal actions accepted, illegal ones refused without a trace, replays and seeds
reproducible, seats leaving at random moments. `make test` runs a short version; `make soak`
runs 1,000 games per preset (`pytest -m slow -s` prints the figures).
"""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Accept,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Flip,
    Game,
    IllegalAction,
    Leave,
    NextRound,
    Pass,
    Play,
    Reveal,
    RuleSet,
)
from engine import events as ev
from engine.bots import RandomBot, SensibleBot, play_out
from engine.game import Kind

PRESETS = ("official", "reglamento", "playone")
MAX_ACTIONS = 100_000  # a whole match must end within this many actions
OVER = (Kind.ROUND_OVER, Kind.MATCH_OVER)
IN_PLAY = (Kind.TURN, Kind.DRAWN, Kind.RESPOND, Kind.CHALLENGE)
COLORS = list(Color)


# --- playing -----------------------------------------------------------------------------


def make_bots(players: int, seed: int, sensible: list[bool] | None = None) -> list[RandomBot]:
    """One bot per seat; `sensible[s]` picks SensibleBot (default: alternate, seat 0 sensible)."""
    sensible = sensible or [s % 2 == 0 for s in range(players)]
    return [
        (SensibleBot if sensible[s % len(sensible)] else RandomBot)(seed * 31 + s)
        for s in range(players)
    ]


def next_action(g: Game, bots, rng: random.Random, leave_rate=0.0, call_rate=0.0):
    """What the table would do next: like `bots.play_out`, plus optional leaves and calls."""
    active = [s for s in range(g.players) if s not in g.left]
    if leave_rate and rng.random() < leave_rate:
        return Leave(rng.choice(active))
    if call_rate and rng.random() < call_rate:
        callers = [s for s in active if g.hand_count(s) == 1 and not g.uno_called(s)]
        if callers:
            return CallUno(rng.choice(callers))
    if g.catchable is not None:
        seats = active[:]
        rng.shuffle(seats)
        for seat in seats:
            catch = bots[seat].catch(g, seat)
            if catch is not None:
                return catch
    seat = g.awaiting.seat
    return bots[seat if seat is not None else 0].act(g)


# --- checking ----------------------------------------------------------------------------


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    checks: int = 0  # invariant checks passed (one per state after every action)
    refusals: int = 0  # illegal actions refused with the state untouched
    forks: int = 0  # legal actions tried on a copy and accepted
    rounds: int = 0
    leaves: int = 0
    longest: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            if name == "longest":
                self.longest = max(self.longest, other.longest)
            else:
                setattr(self, name, getattr(self, name) + getattr(other, name))


def cards_in_play(g: Game) -> Counter:
    """Every card the game holds: hands, draw pile, discard pile and cards out of play."""
    hands = [card for seat in range(g.players) for card in g.hand(seat)]
    return Counter([*hands, *g.draw_pile(), *g.discard, *g.out_of_play])


def check_state(g: Game, deck: Counter) -> None:
    """The invariants that hold in every state of a game built with Game.new."""
    assert cards_in_play(g) == deck, "a card appeared or vanished"
    assert g.draw_count == len(g.draw_pile()) >= 0
    for seat in range(g.players):
        assert g.hand_count(seat) == len(g.hand(seat)) >= 0
    assert g.pending_draw >= 0
    assert all(score >= 0 for score in g.scores)
    assert g.direction in (1, -1)
    assert g.top == g.discard[-1]
    active = [s for s in range(g.players) if s not in g.left]
    assert all(g.hand_count(s) == 0 for s in g.left), "a seat that left still holds cards"
    kind, seat = g.awaiting.kind, g.awaiting.seat
    if kind in OVER:
        assert seat is None
        assert g.winner is not None
        assert (g.match_winner is not None) == (kind is Kind.MATCH_OVER)
        assert g.legal_actions() == ([NextRound()] if kind is Kind.ROUND_OVER else [])
        return
    assert g.winner is None and g.match_winner is None
    assert len(active) >= 2, "a round goes on with fewer than two seats"
    assert seat in active, f"awaiting {kind} from seat {seat}, not an active seat"
    assert g.catchable is None or (g.catchable in active and g.hand_count(g.catchable) == 1)
    if kind in IN_PLAY:
        assert g.color is not None, f"{kind} with no colour to follow"
    if kind in (Kind.TURN, Kind.DRAWN):
        assert g.pending_draw == 0
    legal = g.legal_actions()
    assert legal, f"nothing legal while awaiting {kind} from seat {seat}"
    assert len(set(legal)) == len(legal)


def check_step(g: Game, action, events, before: dict) -> None:
    """What one applied action may have changed: rounds, scores, turn order, leaving."""
    ended = [e for e in events if isinstance(e, ev.RoundOver)]
    assert len(ended) <= 1, "two winners in one action"
    scores = g.scores
    if ended:
        (over,) = ended
        assert before["awaiting"][0] not in ("round_over", "match_over")
        assert g.winner == over.winner
        assert g.hand_count(over.winner) == 0 or g.players - len(g.left) == 1
        expected = list(before["scores"])
        expected[over.winner] += over.points
        assert scores == expected
        assert over.points == 0 or g.rules.points
    else:
        assert scores == before["scores"]
    matches = [e for e in events if isinstance(e, ev.MatchOver)]
    assert len(matches) == (1 if g.awaiting.kind is Kind.MATCH_OVER else 0)
    if matches:
        assert matches[0].winner == g.match_winner
    if isinstance(action, NextRound):
        assert g.winner is None
        dealer = (before["dealer"] + 1) % g.players
        while dealer in g.left:
            dealer = (dealer + 1) % g.players
        assert g.dealer == dealer, "the deal moves to the next seat still playing"
    active = [s for s in range(g.players) if s not in g.left]
    if len(active) == 1:
        assert g.awaiting.kind is Kind.MATCH_OVER, "a single seat is left but plays on"
        assert g.match_winner == active[0]
    # Turn order: a number card or a pass hands the turn to the next active seat.
    plain = isinstance(action, Pass) or (
        isinstance(action, Play)
        and action.card.rank.is_number
        and before["awaiting"][0] in ("turn", "drawn")
    )
    if plain and g.awaiting.kind is Kind.TURN and not ended:
        seat = action.seat
        nxt = (seat + g.direction) % g.players
        while nxt in g.left:
            nxt = (nxt + g.direction) % g.players
        assert g.turn == nxt, f"after {action}, seat {g.turn} plays instead of seat {nxt}"


def illegal_candidates(g: Game, rng: random.Random) -> list:
    """A random sample of actions the rules must refuse right now."""
    seats = range(g.players)
    awaited = g.awaiting.seat if g.awaiting.seat is not None else rng.choice(seats)
    hand = g.hand(awaited)
    pool = [
        NextRound(),
        Flip(rng.choice(g.rules.deck())),
        Reveal(awaited, hand[:2]),
        Draw(g.players),
        Play(-1, "R5"),
        Play(awaited, rng.choice(g.rules.deck()), color=rng.choice(COLORS)),
        Play(awaited, Card.parse(rng.choice(["WC", "WS"])), color=rng.choice(COLORS)),
    ]
    if len(hand) >= 2:
        pool.append(Play(awaited, hand[:2]))
    for card in hand[:3]:
        pool.append(Play(awaited, card, target=rng.choice(seats)))
        if not card.is_wild:
            pool.append(Play(awaited, card, color=rng.choice(COLORS)))
    for seat in [*rng.sample(seats, min(3, g.players)), awaited]:
        for card in rng.sample(g.hand(seat), min(3, g.hand_count(seat))):
            color = rng.choice(COLORS) if card.is_wild else None
            pool.append(Play(seat, card, color=color))
        pool += [Draw(seat), Pass(seat), Accept(seat), Challenge(seat)]
        pool.append(ChooseColor(seat, rng.choice(COLORS)))
        if g.hand_count(seat) not in (1, 2) or g.awaiting.kind in OVER:
            pool.append(CallUno(seat))
    if g.catchable is None:
        pool.append(CatchUno(rng.choice(seats)))
    else:
        pool.append(CatchUno(g.catchable))
    if g.awaiting.kind is Kind.MATCH_OVER:
        pool.append(Leave(rng.choice(seats)))
    pool += [Leave(s) for s in g.left]
    legal = set(g.legal_actions())
    pool = [a for a in pool if a not in legal]
    return rng.sample(pool, min(len(pool), 4))


def check_refusals(g: Game, rng: random.Random, snapshot: dict, tally: Tally) -> None:
    """Illegal actions raise IllegalAction with a reason and leave the game exactly equal."""
    for action in illegal_candidates(g, rng):
        with pytest.raises(IllegalAction) as refused:
            g.apply(action)
        assert isinstance(refused.value.reason, str) and refused.value.reason, action
        assert str(refused.value), action
        assert g.snapshot() == snapshot, f"refusing {action} changed the game"
        tally.refusals += 1


def fork(g: Game) -> Game:
    """A deep copy of a game that shares its immutable cards, actions and events."""
    shared = [*g.rules.deck(), *g.history, *g.last_events]
    return copy.deepcopy(g, {id(x): x for x in shared})


def check_forks(g: Game, tally: Tally) -> None:
    """Every action in legal_actions() is accepted (each tried on a copy)."""
    for action in g.legal_actions():
        fork_ = fork(g)
        try:
            fork_.apply(action)
        except IllegalAction as refused:
            pytest.fail(f"legal {action} refused: {refused.reason}: {refused}")
        tally.forks += 1


def play_checked(
    preset: str,
    players: int,
    seed: int,
    sensible: list[bool] | None = None,
    leave_rate: float = 0.0,
    call_rate: float = 0.0,
    max_actions: int = MAX_ACTIONS,
    refuse_rate: float = 0.3,
    fork_rate: float = 0.05,
) -> tuple[Game, Tally]:
    """Play one bot game checking every invariant after every action; return it and a tally."""
    rules = RuleSet.preset(preset)
    deck = Counter(rules.deck())
    g = Game.new(players, rules, seed=seed, dealer=seed % players)
    bots = make_bots(players, seed, sensible)
    rng = random.Random(seed)
    probe = random.Random(~seed)  # for checks only: does not change the game played
    tally = Tally(games=1)
    check_state(g, deck)
    mark, mark_at, applied = None, probe.randint(1, 60), []
    while g.awaiting.kind is not Kind.MATCH_OVER and tally.actions < max_actions:
        before = g.snapshot()
        if probe.random() < fork_rate:
            check_forks(g, tally)
        if probe.random() < refuse_rate:
            check_refusals(g, probe, before, tally)
        action = next_action(g, bots, rng, leave_rate, call_rate)
        events = g.apply(action)
        tally.actions += 1
        tally.leaves += isinstance(action, Leave)
        tally.rounds += any(isinstance(e, ev.RoundOver) for e in events)
        applied.append(action)
        check_step(g, action, events, before)
        check_state(g, deck)
        tally.checks += 1
        if tally.actions == mark_at:
            mark = (tally.actions, g.snapshot())
    if g.awaiting.kind is Kind.MATCH_OVER:
        check_refusals(g, probe, g.snapshot(), tally)  # at match over nothing is legal
    tally.longest = tally.actions
    assert g.history == applied
    check_replay(g, mark)
    return g, tally


def check_replay(g: Game, mark: tuple[int, dict] | None) -> None:
    """Replaying the history (or a prefix of it) on a new game gives an equal snapshot."""
    again = Game.replay(g.origin, g.rules, g.history)
    assert again.snapshot() == g.snapshot()
    if mark is not None:
        count, snapshot = mark
        assert Game.replay(g.origin, g.rules, g.history[:count]).snapshot() == snapshot


# --- make test: seeded games for every preset and player count ---------------------------


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("preset", PRESETS)
def test_bot_games_keep_every_invariant(preset, players):
    for seed, sensible in ((players, None), (100 + players, [False]), (200 + players, [True])):
        g, tally = play_checked(preset, players, seed, sensible, max_actions=500)
        next_rounds = sum(isinstance(a, NextRound) for a in g.history)
        if g.awaiting.kind is Kind.MATCH_OVER:
            assert g.match_winner is not None
            assert tally.rounds == 1 + next_rounds
        else:
            assert tally.actions == 500  # a long official match, cut short here
            assert tally.rounds == next_rounds + (g.awaiting.kind is Kind.ROUND_OVER)


@pytest.mark.parametrize("preset", PRESETS)
def test_matches_end_within_the_bound(preset):
    rules = RuleSet.preset(preset)
    for seed in range(40):
        players = 2 + seed % 9
        g = Game.new(players, rules, seed=seed)
        applied = play_out(g, make_bots(players, seed), seed=seed, max_actions=MAX_ACTIONS)
        assert g.awaiting.kind is Kind.MATCH_OVER, f"seed {seed}: {len(applied)} actions"
        assert applied == g.history


@pytest.mark.parametrize("preset", PRESETS)
def test_the_driver_plays_like_play_out(preset):
    rules = RuleSet.preset(preset)
    for seed in range(5):
        players = 2 + seed
        a, b = Game.new(players, rules, seed=seed), Game.new(players, rules, seed=seed)
        applied = play_out(a, make_bots(players, seed), seed=seed)
        bots, rng = make_bots(players, seed), random.Random(seed)
        while b.awaiting.kind is not Kind.MATCH_OVER:
            b.apply(next_action(b, bots, rng))
        assert b.history == applied
        assert b.snapshot() == a.snapshot()


# --- make test: hypothesis explores seeds, bot mixes, leaving and out-of-turn calls -------

FAST = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))

game_args = dict(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32 - 1),
    sensible=st.lists(st.booleans(), min_size=1, max_size=10),
)


@FAST
@given(**game_args, call_rate=st.sampled_from([0.0, 0.05, 0.3]))
def test_random_games_keep_every_invariant(preset, players, seed, sensible, call_rate):
    play_checked(preset, players, seed, sensible, call_rate=call_rate, max_actions=600)


@FAST
@given(**game_args, leave_rate=st.floats(0.01, 0.1))
def test_seats_leaving_at_random_moments(preset, players, seed, sensible, leave_rate):
    g, _tally = play_checked(preset, players, seed, sensible, leave_rate=leave_rate)
    assert g.awaiting.kind is Kind.MATCH_OVER
    active = [s for s in range(g.players) if s not in g.left]
    assert active, "every seat left"
    if len(active) == 1:
        assert g.match_winner == active[0]


@settings(max_examples=10, deadline=None)
@given(**game_args)
def test_the_same_seed_gives_the_same_game(preset, players, seed, sensible):
    games = []
    for _ in range(2):
        g = Game.new(players, RuleSet.preset(preset), seed=seed)
        play_out(g, make_bots(players, seed, sensible), seed=seed, max_actions=400)
        games.append(g)
    a, b = games
    assert [x.to_json() for x in a.history] == [x.to_json() for x in b.history]
    assert a.snapshot() == b.snapshot()
    assert a.origin == b.origin


@pytest.mark.parametrize("preset", PRESETS)
def test_different_seeds_deal_differently(preset):
    deals = {tuple(Game.new(4, RuleSet.preset(preset), seed=s).hand(0)) for s in range(20)}
    assert len(deals) == 20


def test_every_seat_but_one_leaving_ends_the_match_at_any_moment():
    for preset in PRESETS:
        for seed in range(30):
            players = 2 + seed % 9
            g = Game.new(players, RuleSet.preset(preset), seed=seed)
            bots, rng = make_bots(players, seed), random.Random(seed)
            for _ in range(rng.randrange(200)):
                if g.awaiting.kind is Kind.MATCH_OVER:
                    break
                g.apply(next_action(g, bots, rng))
            if g.awaiting.kind is Kind.MATCH_OVER:
                continue
            stay = rng.randrange(players)
            for seat in rng.sample([s for s in range(players) if s != stay], players - 1):
                g.apply(Leave(seat))
            assert g.awaiting.kind is Kind.MATCH_OVER, (preset, seed)
            assert g.match_winner == stay
            assert g.left == frozenset(range(players)) - {stay}
            assert Game.replay(g.origin, g.rules, g.history).snapshot() == g.snapshot()


# --- make soak: 1,000 bot games per preset -------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_soak_1000_games(preset):
    total = Tally()
    start = time.perf_counter()
    for game in range(1000):
        players = 2 + game % 9
        seed = 10_000 + game
        sensible = [bool((game >> s) & 1) for s in range(players)]
        leave_rate = 0.01 if game % 4 == 3 else 0.0
        g, tally = play_checked(preset, players, seed, sensible, leave_rate, call_rate=0.02)
        assert g.awaiting.kind is Kind.MATCH_OVER, f"game {game}: no end"
        total.add(tally)
        if game % 10 == 0:
            # The same seeds play the same game again.
            again = Game.new(players, g.rules, seed=seed, dealer=seed % players)
            bots, rng = make_bots(players, seed, sensible), random.Random(seed)
            while again.awaiting.kind is not Kind.MATCH_OVER:
                again.apply(next_action(again, bots, rng, leave_rate, 0.02))
            assert again.history == g.history and again.snapshot() == g.snapshot()
    seconds = time.perf_counter() - start
    t = total
    print(
        f"\nsoak {preset}: {t.games} games, {t.actions} actions, {t.checks} invariant checks, "
        f"{t.refusals} illegal actions refused, {t.forks} legal actions tried on copies, "
        f"{t.rounds} rounds, {t.leaves} leaves, longest {t.longest} actions, "
        f"{seconds:.1f} s"
    )

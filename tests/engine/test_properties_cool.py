"""Random games under `cool` and under random combinations of house-rule knobs.

After every action: every card is accounted for, no count is negative, the state is coherent.
At the end: the match is over with one winner, and replaying the history rebuilds the game.
Along the way: the legal actions listed are accepted, refused actions change nothing.

`make test` runs a few dozen games; `make soak` runs 1,000 games per family (marked slow).
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Accept,
    CallUno,
    ChooseColor,
    Draw,
    Game,
    IllegalAction,
    Kind,
    Leave,
    Pass,
    Play,
    RuleSet,
)
from engine import events as ev
from engine.bots import RandomBot, SensibleBot, choose_action

MAX_ACTIONS = 40_000
COOL = RuleSet.preset("cool")


def random_rules(rng: random.Random) -> RuleSet:
    """A preset with a random set of house-rule knobs on top."""
    rules = RuleSet.preset(rng.choice(RuleSet.PRESETS))
    knobs = dict(
        stacking=rng.choice(["none", "same", "cross", "cool"]),
        seven_zero=rng.random() < 0.5,
        jump_in=rng.random() < 0.5,
        multi_play=rng.random() < 0.5,
        counters=rng.random() < 0.5,
        open_wild=rng.random() < 0.5,
        out_on_number=rng.random() < 0.3,
        w4_restricted=rng.random() < 0.5,
        deck_kind=rng.choice(["official", "classic", "cool"]),
        match_end=rng.choice(["first_to_target", "lowest_at_target"]),
        target_score=rng.choice([60, 150, 300]),
    )
    drawing = rng.choice(["preset", "once", "to_match", "until_play"])
    if drawing != "preset":
        knobs.update(draw_to_match=drawing == "to_match", draw_until_play=drawing == "until_play")
    if drawing in ("to_match", "until_play") or rules.draw_until_play:
        knobs.update(autoplay_drawn=False)
    if drawing == "until_play" or (drawing == "preset" and rules.draw_until_play):
        knobs.update(forced_play=False, draw_to_match=False)
    return rules.replace(**knobs)


def cool_rules(rng: random.Random) -> RuleSet:
    return COOL.replace(target_score=rng.choice([100, 250, 500]))


class Stats:
    """What the games did, to show the runs exercised the rules."""

    def __init__(self) -> None:
        self.games = self.actions = self.rounds = self.refusals = self.checked = 0
        self.kinds: Counter[str] = Counter()

    def __str__(self) -> str:
        top = ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items()))
        return (
            f"{self.games} games, {self.rounds} rounds, {self.actions} actions, "
            f"{self.refusals} refusals unchanged, {self.checked} legal actions tried; {top}"
        )


def check_cards(game: Game, deck: Counter) -> None:
    seats = range(game.players)
    held = [c for s in seats for c in game.hand(s)]
    everything = Counter(held + game.draw_pile() + game.discard + game.out_of_play)
    assert everything == deck, "cards lost or made up"
    assert all(game.hand_count(s) == len(game.hand(s)) >= 0 for s in seats)
    assert game.draw_count >= 0 and game.pending_draw >= 0
    assert all(score >= 0 for score in game.scores)


def check_state(game: Game) -> None:
    aw = game.awaiting
    if aw.seat is not None:
        assert aw.seat not in game.left
    if aw.kind in (Kind.TURN, Kind.DRAWN, Kind.RESPOND, Kind.CHALLENGE):
        active = [s for s in range(game.players) if s not in game.left]
        assert all(game.hand_count(s) > 0 for s in active), "a seat with no cards plays on"
    if game.color is None:
        assert game.top.is_wild
    m = game.meanwhile
    if m is not None:
        assert aw.kind is Kind.COLOR and aw.seat == game.color_owed_by != m.seat
    if game.counter is not None:
        assert aw.kind is Kind.RESPOND and game.pending_draw == 0


def check_round_over(game: Game, events) -> None:
    for event in events:
        if isinstance(event, ev.RoundOver):
            assert game.hand_count(event.winner) == 0
            others = [s for s in range(game.players) if s not in game.left and s != event.winner]
            assert all(game.hand_count(s) > 0 for s in others)


def fork(game: Game) -> Game:
    """A copy to try actions on; cards, actions and rules are immutable and shared."""
    shared = [game.rules, *game.history, *game.draw_pile(), *game.discard, *game.out_of_play]
    shared += [c for s in range(game.players) for c in game.hand(s)]
    return copy.deepcopy(game, {id(x): x for x in shared})


def try_legal_actions(game: Game, stats: Stats) -> None:
    """Every listed action (and every out-of-turn one) is accepted by a copy of the game."""
    tries = list(game.legal_actions())
    for seat in range(game.players):
        tries += game.out_of_turn_actions(seat)
    for action in tries:
        fork(game).apply(action)
        stats.checked += 1


def probe_refusal(game: Game, rng: random.Random, stats: Stats) -> None:
    """A random action from a random seat: if refused, nothing changed."""
    seat = rng.randrange(game.players)
    hand = game.hand(seat) or [game.top]
    card = rng.choice(hand)
    more = [c for c in hand if c.rank is card.rank][:2]
    action = rng.choice(
        [
            Play(seat, card),
            Play(seat, more),
            Play(seat, card, target=rng.randrange(game.players + 1)),
            Play(seat, card, color="R"),
            Draw(seat),
            Pass(seat),
            Accept(seat),
            ChooseColor(seat, "G"),
            CallUno(seat),
        ]
    )
    trial = fork(game)
    before = trial.snapshot()
    try:
        trial.apply(action)
    except IllegalAction as err:
        assert err.reason and str(err)
        assert trial.snapshot() == before, f"{action} was refused but changed the game"
        stats.refusals += 1


def play_checked(rules: RuleSet, seed: int, stats: Stats, thorough: bool = True) -> Game:
    rng = random.Random(seed)
    players = rng.randint(2, 7)
    game = Game.new(players, rules, seed=seed, dealer=rng.randrange(players))
    sensible = [rng.random() < 0.5 for _ in range(players)]
    bots = [
        SensibleBot(seed * 10 + s) if sensible[s] else RandomBot(seed * 10 + s, play_bias=0.8)
        for s in range(players)
    ]
    deck = Counter(rules.deck())
    check_cards(game, deck)
    for _ in range(MAX_ACTIONS):
        if game.awaiting.kind is Kind.MATCH_OVER:
            break
        if thorough and rng.random() < 0.05:
            try_legal_actions(game, stats)
            probe_refusal(game, rng, stats)
        action = leave_now_and_then(game, rng) or choose_action(game, bots, rng)
        events = game.apply(action)
        stats.actions += 1
        stats.kinds[type(action).__name__] += 1
        stats.rounds += sum(isinstance(e, ev.RoundOver) for e in events)
        check_cards(game, deck)
        check_state(game)
        check_round_over(game, events)
    assert game.awaiting.kind is Kind.MATCH_OVER, f"no end after {MAX_ACTIONS} actions"
    assert game.match_winner is not None and game.match_winner not in game.left
    replayed = Game.replay(game.origin, rules, game.history)
    assert replayed.snapshot() == game.snapshot()
    stats.games += 1
    return game


def leave_now_and_then(game: Game, rng: random.Random) -> Leave | None:
    active = [s for s in range(game.players) if s not in game.left]
    if len(active) < 3 or rng.random() >= 0.001:
        return None
    return Leave(rng.choice(active))


SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_cool_games_keep_every_invariant(seed):
    play_checked(cool_rules(random.Random(seed)), seed, Stats())


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_house_rule_games_keep_every_invariant(seed):
    play_checked(random_rules(random.Random(seed)), seed, Stats())


@pytest.mark.slow
@pytest.mark.parametrize("family", ["cool", "knobs"])
def test_thousand_games(family, capsys):
    make = cool_rules if family == "cool" else random_rules
    stats = Stats()
    for seed in range(1000):
        play_checked(make(random.Random(seed)), seed, stats, thorough=seed % 10 == 0)
    with capsys.disabled():
        print(f"\n{family}: {stats}")
    assert stats.games == 1000

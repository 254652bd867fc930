"""Random legal full games per second: our engine (official rules) against rlcard's UNO game.

A game is one round, dealt from a seed, up to the first player out; every move is picked at
random among the legal actions the engine itself lists. Both sides play the same count of
games from the same seeds, in the same process, taking turns (ours, rlcard's, ours, ...);
each side's fastest run counts, as with `timeit`: on a machine shared with other work, the
slower runs measure the other work.

Two ways of picking at random:
- uniform: any legal action. Our official rules let a player draw while holding a playable
  card (and then keep it), so random games run long; rlcard lists `draw` only when nothing
  plays, and plays a drawn card that fits by itself.
- plays first: a random legal play when there is one, else any legal action. This is what
  rlcard's action list amounts to, so both sides play games of similar length.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine import Game, Play, RuleSet

MAX_ACTIONS = 100_000  # a guard: no random game of ours comes near it

Policy = Callable[[list, random.Random], object]


def uniform(legal: list, rng: random.Random):
    return rng.choice(legal)


def plays_first(legal: list, rng: random.Random):
    plays = [a for a in legal if isinstance(a, Play)]
    return rng.choice(plays or legal)


def rlcard_plays_first(legal: list, rng: random.Random):
    # rlcard lists "draw" only when nothing plays: plays first is its uniform policy too.
    return rng.choice(legal)


POLICIES = {"uniform": (uniform, uniform), "plays first": (plays_first, rlcard_plays_first)}


@dataclass(frozen=True)
class Run:
    """Games played by one side: how many, how many actions, how long."""

    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games


def ours(players: int, seeds: range, policy: Policy = uniform) -> Run:
    """Random legal official games on our engine, one per seed."""
    rules = RuleSet.preset("official")
    actions = 0
    start = time.perf_counter()
    for seed in seeds:
        game = Game.new(players, rules, seed=seed, dealer=seed % players)
        rng = random.Random(seed)
        moves = 0
        while game.winner is None and moves < MAX_ACTIONS:
            game.apply_listed(policy(game.legal_actions(), rng))
            moves += 1
        actions += moves
    return Run(len(seeds), actions, time.perf_counter() - start)


def rlcard_available() -> str | None:
    """rlcard's version, or None when it is not installed (the bench extra)."""
    try:
        import rlcard
    except ImportError:
        return None
    return getattr(rlcard, "__version__", "?")


def theirs(players: int, seeds: range, policy: Policy = uniform) -> Run:
    """Random legal games on rlcard's UnoGame, one per seed.

    The game object itself, not the RL environment around it (which also encodes every
    state into numpy arrays): the fastest way to play rlcard's UNO, so the fairest to it.
    """
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    actions = 0
    start = time.perf_counter()
    for seed in seeds:
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)
        state, _ = game.init_game()
        rng = random.Random(seed)
        moves = 0
        while not game.is_over() and moves < MAX_ACTIONS:
            # step() returns the next state with its legal actions: use them, as rlcard does.
            state, _ = game.step(policy(state["legal_actions"], rng))
            moves += 1
        actions += moves
    return Run(len(seeds), actions, time.perf_counter() - start)


@dataclass(frozen=True)
class Comparison:
    players: int
    policy: str
    ours: Run
    theirs: Run | None

    @property
    def ratio(self) -> float | None:
        """Our games per second over rlcard's (reported; the target is per action)."""
        return self.ours.games_per_s / self.theirs.games_per_s if self.theirs else None

    @property
    def action_ratio(self) -> float | None:
        """Our actions per second over rlcard's: the target (bench/report.py), at least 1."""
        return self.ours.actions_per_s / self.theirs.actions_per_s if self.theirs else None


def compare(
    players: int, policy: str, games: int, first_seed: int = 0, repeats: int = 1
) -> Comparison:
    """Both sides play `games` games from the same seeds, `repeats` times each, taking turns;
    each side's fastest run is kept. rlcard is skipped when absent."""
    mine, other = POLICIES[policy]
    seeds = range(first_seed, first_seed + games)
    runs: list[Run] = []
    other_runs: list[Run] = []
    for _ in range(repeats):
        runs.append(ours(players, seeds, mine))
        if rlcard_available():
            other_runs.append(theirs(players, seeds, other))
    return Comparison(players, policy, _fastest(runs), _fastest(other_runs) if other_runs else None)


def _fastest(runs: list[Run]) -> Run:
    return min(runs, key=lambda run: run.seconds)


REPEATS = 3  # runs per side of each comparison: the fastest counts


def measure(scale: float = 1.0) -> list[Comparison]:
    """Every comparison of the report: 2 and 4 players, both policies."""
    counts = {"uniform": 100, "plays first": 1000}
    return [
        compare(players, policy, max(2, round(count * scale)), repeats=REPEATS)
        for policy, count in counts.items()
        for players in (2, 4)
    ]

"""The engine's per action cost against rlcard's UNO game: same run, same policy, deal left out.

A game is one round, dealt from a seed, up to the first player out; every move is picked at
random among the legal actions the engine itself lists. What is measured is the per-action
path alone: listing the legal actions, the policy's pick, applying it. Games are dealt before
the clock starts (ours: `Game.new`; rlcard: `UnoGame()` and `init_game`).

Two figures, each robust to other work on the machine:
- CPU time (`time.process_time`) in one process, the two engines interleaved: short batches
  of the same seeds, ours then rlcard's, then rlcard's then ours, and so on; each batch gives
  one ratio of actions per CPU second, and the median ratio counts. Load that slows one batch
  slows its twin next to it, and the median sets the odd batch aside.
- instructions per action under valgrind's callgrind (when installed): each side's play is
  run through `operator.call`, a C function nothing else here calls, so callgrind
  (`--toggle-collect=_operator_call`) counts those instructions alone. They do not depend on
  load at all (nor on the cache and branch behaviour that CPU time also sees).

Two ways of picking at random:
- uniform: any legal action. Our official rules let a player draw while holding a playable
  card (and then keep it), so random games run long; rlcard lists `draw` only when nothing
  plays, and plays a drawn card that fits by itself.
- plays first: a random legal play when there is one, else any legal action. This is what
  rlcard's action list amounts to, so both sides play games of similar length.
"""

from __future__ import annotations

import json
import operator
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench import callgrind
from engine import Game, Play, RuleSet

MAX_ACTIONS = 100_000  # a guard: no random game of ours comes near it

Policy = Callable[[list, random.Random], object]


def uniform(legal: list, rng: random.Random):
    return rng.choice(legal)


def plays_first(legal: list, rng: random.Random):
    plays = [a for a in legal if isinstance(a, Play)]
    return rng.choice(plays or legal)


def rlcard_plays_first(legal: list, rng: random.Random):
    """`plays_first` on rlcard's action strings, the same work: sift out "draw", pick.

    rlcard lists "draw" only when nothing plays, so it picks as its uniform policy does."""
    plays = [a for a in legal if a != "draw"]
    return rng.choice(plays or legal)


POLICIES = {"uniform": (uniform, uniform), "plays first": (plays_first, rlcard_plays_first)}


@dataclass(frozen=True)
class Run:
    """Games played by one side: how many, how many actions, the CPU seconds of their play."""

    games: int
    actions: int
    seconds: float

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds

    @property
    def us_per_action(self) -> float:
        return 1e6 * self.seconds / self.actions

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games

    def __add__(self, other: Run) -> Run:
        return Run(
            self.games + other.games, self.actions + other.actions, self.seconds + other.seconds
        )


# --- ours ------------------------------------------------------------------------------------


def _our_games(players: int, seeds: range) -> list[Game]:
    rules = RuleSet.preset("official")
    return [Game.new(players, rules, seed=seed, dealer=seed % players) for seed in seeds]


def _play_ours(games: list[Game], seeds: range, policy: Policy) -> int:
    """Play dealt games to their end; the actions played."""
    actions = 0
    for game, seed in zip(games, seeds, strict=True):
        rng = random.Random(seed)
        moves = 0
        while game.winner is None and moves < MAX_ACTIONS:
            game.apply_listed(policy(game.legal_actions(), rng))
            moves += 1
        actions += moves
    return actions


def ours(players: int, seeds: range, policy: Policy = uniform) -> Run:
    """Random legal official games on our engine, one per seed (the deal not timed)."""
    games = _our_games(players, seeds)
    start = time.process_time()
    actions = _play_ours(games, seeds, policy)
    return Run(len(seeds), actions, time.process_time() - start)


# --- rlcard's --------------------------------------------------------------------------------


def rlcard_available() -> str | None:
    """rlcard's version, or None when it is not installed (the bench extra)."""
    try:
        import rlcard
    except ImportError:
        return None
    return getattr(rlcard, "__version__", "?")


def _their_games(players: int, seeds: range) -> list[tuple]:
    """rlcard's UnoGame objects, dealt, with their first states.

    The game object itself, not the RL environment around it (which also encodes every
    state into numpy arrays): the fastest way to play rlcard's UNO, so the fairest to it."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    dealt = []
    for seed in seeds:
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)
        state, _ = game.init_game()
        dealt.append((game, state))
    return dealt


def _play_theirs(dealt: list[tuple], seeds: range, policy: Policy) -> int:
    actions = 0
    for (game, state), seed in zip(dealt, seeds, strict=True):
        rng = random.Random(seed)
        moves = 0
        while not game.is_over() and moves < MAX_ACTIONS:
            # step() returns the next state with its legal actions: use them, as rlcard does.
            state, _ = game.step(policy(state["legal_actions"], rng))
            moves += 1
        actions += moves
    return actions


def theirs(players: int, seeds: range, policy: Policy = uniform) -> Run:
    """Random legal games on rlcard's UnoGame, one per seed (the deal not timed)."""
    dealt = _their_games(players, seeds)
    start = time.process_time()
    actions = _play_theirs(dealt, seeds, policy)
    return Run(len(seeds), actions, time.process_time() - start)


# --- the comparison --------------------------------------------------------------------------


@dataclass(frozen=True)
class Instructions:
    """Instructions per action under callgrind, each side's play alone."""

    ours: float
    theirs: float

    @property
    def ratio(self) -> float:
        """rlcard's instructions per action over ours: above 1, ours does less."""
        return self.theirs / self.ours


@dataclass(frozen=True)
class Comparison:
    """One comparison: every batch's ratio, each side's totals, and the instructions."""

    players: int
    policy: str
    ours: Run
    theirs: Run | None
    ratios: tuple[float, ...] = ()  # per batch: our actions per CPU second over rlcard's
    instructions: Instructions | None = None

    @property
    def action_ratio(self) -> float | None:
        """The median batch's ratio of actions per CPU second: the target, at least 1 (without
        batches, the totals' ratio)."""
        if self.ratios:
            return statistics.median(self.ratios)
        return self.ours.actions_per_s / self.theirs.actions_per_s if self.theirs else None

    @property
    def spread(self) -> tuple[float, float] | None:
        """The lowest and highest batch ratios."""
        return (min(self.ratios), max(self.ratios)) if self.ratios else None


def compare(players: int, policy: str, batches: int, first_seed: int = 0) -> Comparison:
    """`batches` batches, each side playing its games of the batch (GAMES: some 3,000 actions
    a side), interleaved (who goes first alternates); rlcard is skipped when absent."""
    mine, other = POLICIES[policy]
    our_games, their_games = GAMES[policy]
    with_rlcard = rlcard_available() is not None
    our_runs: list[Run] = []
    their_runs: list[Run] = []
    for batch in range(batches):
        our_seeds = range(first_seed + batch * our_games, first_seed + (batch + 1) * our_games)
        their_seeds = range(
            first_seed + batch * their_games, first_seed + (batch + 1) * their_games
        )
        if with_rlcard and batch % 2:
            their_runs.append(theirs(players, their_seeds, other))
        our_runs.append(ours(players, our_seeds, mine))
        if with_rlcard and not batch % 2:
            their_runs.append(theirs(players, their_seeds, other))
    pairs = zip(our_runs, their_runs, strict=True) if with_rlcard else ()
    ratios = tuple(a.actions_per_s / b.actions_per_s for a, b in pairs)
    return Comparison(players, policy, _total(our_runs), _total(their_runs), ratios)


def _total(runs: list[Run]) -> Run | None:
    return sum(runs[1:], runs[0]) if runs else None


# Games per batch, ours and rlcard's: some 3,000 actions a side (under uniform play our
# official games run some 20x longer than rlcard's: the rules, see above).
GAMES = {"uniform": (3, 60), "plays first": (50, 60)}
BATCHES = 25
INSTRUCTION_GAMES = {"uniform": (2, 40), "plays first": (40, 40)}  # callgrind: 50x slower
COMPARISONS = [(players, policy) for policy in GAMES for players in (2, 4)]


def measure(scale: float = 1.0) -> list[Comparison]:
    """Every comparison of the report: 2 and 4 players, both policies (a scale under 1 is a
    quick run: fewer batches, no callgrind)."""
    batches = max(2, round(BATCHES * scale))
    counted = instructions() if scale >= 1 else {}
    return [
        _with(compare(players, policy, batches), counted.get((players, policy)))
        for players, policy in COMPARISONS
    ]


def _with(c: Comparison, counted: Instructions | None) -> Comparison:
    return Comparison(c.players, c.policy, c.ours, c.theirs, c.ratios, counted)


# --- instructions under callgrind -------------------------------------------------------------


def play_each_side_once(comparisons: list[tuple[int, str]]) -> list[int]:
    """Each comparison's games on each side, each side's play through `operator.call`; the
    actions played, in the order played (ours, rlcard's, ours, ...). Each side first plays
    the same games once uncounted, so what is counted runs with warm caches, as a table that
    has been on a while does (ours keeps shared actions, events and matching sets)."""
    played = []
    for players, policy in comparisons:
        mine, other = POLICIES[policy]
        our_seeds, their_seeds = (range(games) for games in INSTRUCTION_GAMES[policy])
        for counted in (False, True):
            run = operator.call if counted else _uncounted
            actions = run(_play_ours, _our_games(players, our_seeds), our_seeds, mine)
            theirs = run(_play_theirs, _their_games(players, their_seeds), their_seeds, other)
            played += [actions, theirs] if counted else []
    return played


def _uncounted(play: Callable, *args) -> int:
    return play(*args)


def instructions() -> dict[tuple[int, str], Instructions]:
    """Instructions per action of each side, per comparison (empty: no valgrind or rlcard)."""
    if not callgrind.available() or rlcard_available() is None:
        return {}
    counted = callgrind.count_calls("bench.engine", env=dict(os.environ, PYTHONHASHSEED="0"))
    played = counted.printed
    per_action = [n / actions for n, actions in zip(counted.counts, played, strict=True)]
    return {
        key: Instructions(per_action[2 * k], per_action[2 * k + 1])
        for k, key in enumerate(COMPARISONS)
    }


def main(argv: list[str]) -> int:
    """Under callgrind (`instructions()`, no arguments): play each comparison, print the
    actions played. `--rows`: the engine rows alone, as BENCHMARKS.md's engine section."""
    if argv == ["--rows"]:
        from bench import report

        games = measure()
        print("\n".join(report.engine_rows(games, rlcard_available())))
        return 0
    print(json.dumps(play_each_side_once(COMPARISONS)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

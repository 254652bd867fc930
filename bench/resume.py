"""Resuming a 1,000-action journal: read it, check it, replay it, reopen it for appending."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from engine import Game, RuleSet
from engine.bots import SensibleBot, play_out
from table.flow.journal import Journal

PLAYERS = 4


def long_match(actions: int, seed: int = 1) -> Game:
    """A 4-seat official match of sensible bots, `actions` long (rounds after rounds)."""
    rules = RuleSet.preset("official").replace(target_score=100_000)  # no match ends before
    game = Game.new(PLAYERS, rules, seed=seed)
    bots = [SensibleBot(seed * 10 + s) for s in range(PLAYERS)]
    play_out(game, bots, seed=seed, max_actions=actions)
    assert len(game.history) == actions, len(game.history)
    return game


def measure(actions: int = 1000, repeats: int = 20) -> dict:
    """Seconds to resume a journal of `actions` actions (median and worst of `repeats`)."""
    game = long_match(actions)
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
        path = Path(folder) / "game.jsonl"
        Journal.create(path, game).close()
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            resumed, journal = Journal.resume(path)
            times.append(time.perf_counter() - start)
            journal.close()
            assert resumed.snapshot() == game.snapshot()
        size = path.stat().st_size
    return {
        "actions": actions,
        "bytes": size,
        "median_s": statistics.median(times),
        "max_s": max(times),
        "repeats": repeats,
    }

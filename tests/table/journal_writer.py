"""A table that only keeps its journal, for the kill test.

`python -m tests.table.journal_writer JOURNAL PRESET SEED` plays a seeded bot match through the
journal, printing "ack N" once action N is fsync'd. Run again on the same file, it resumes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine import Action, Game, RuleSet
from engine.bots import SensibleBot, play_out
from table.flow.journal import Journal

PLAYERS = 4
MAX_ACTIONS = 250  # long enough for rounds to end, short enough to start many processes


def new_game(preset: str, seed: int) -> Game:
    return Game.new(PLAYERS, RuleSet.preset(preset), seed=seed, dealer=seed % PLAYERS)


def match(preset: str, seed: int) -> list[Action]:
    """The actions of the seeded match (the same every time)."""
    bots = [SensibleBot(seed * 10 + s) for s in range(PLAYERS)]
    return play_out(new_game(preset, seed), bots, seed=seed, max_actions=MAX_ACTIONS)


def main(argv: list[str]) -> int:
    path, preset, seed = Path(argv[0]), argv[1], int(argv[2])
    actions = match(preset, seed)
    if path.exists():
        game, journal = Journal.resume(path)
    else:
        game = new_game(preset, seed)
        journal = Journal.create(path, game)
    print(f"start {journal.count}", flush=True)
    with journal:
        for action in actions[journal.count :]:
            journal.apply(game, action)
            print(f"ack {journal.count}", flush=True)
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

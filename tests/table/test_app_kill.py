"""Pull the plug on the whole app: SIGKILL the headless table at random points, restart it.

The table (tests/table/table_driver.py: Session, journal, Loop and Window) plays seeded demo
games fed as presses and scans; it prints "ack N" once action N is on screen. After every kill
the journal must replay to exactly the state after the last acknowledged action (or one more:
written, killed before the frame); the table restarted on it resumes and goes on to the end.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from table.flow.journal import read

from .table_driver import script
from .test_journal_kill import kill_at_random, tear

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("official", 3), ("reglamento", 2), ("playone", 4), ("official", 4)]


@dataclass
class Tally:
    kills: int = 0
    exact: int = 0  # the journal holds exactly the acknowledged actions
    one_more: int = 0  # one more: journalled, killed before its frame
    no_game: int = 0  # killed before the game (and its journal) started
    torn: int = 0
    finished: int = 0  # games the table played to the end after its kills
    points: list[int] = field(default_factory=list)


def start_table(state: Path, plan: Path) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "tests.table.table_driver", str(state), str(plan)]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)


def play_with_kills(tmp_path: Path, kills: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    number = 0
    while tally.kills < kills:
        preset, players = GAMES[number % len(GAMES)]
        plan = script(preset, players, seed * 100 + number)
        plan_path = tmp_path / f"plan-{number}.json"
        plan_path.write_text(json.dumps(plan))
        state = tmp_path / f"state-{number}"
        journal = state / "game.jsonl"
        total = len(plan["game"])
        held = 0
        while held < total:
            proc = start_table(state, plan_path)
            if tally.kills >= kills:  # enough kills: let this game run to its end
                out, _ = proc.communicate(timeout=120)
                lines = out.splitlines(keepends=True)
            else:
                lines = kill_at_random(proc, rng, total - held)
            acks = [int(line.split()[1]) for line in lines if line.startswith("ack ")]
            if proc.returncode == 0:
                assert lines[-1] == "done\n", lines[-3:]
                break
            assert proc.returncode == -signal.SIGKILL, lines[-3:]
            tally.kills += 1
            acked = max([held, *acks])
            if not journal.exists():
                assert acked == 0, f"{journal} is gone after {acked} acks"
                tally.no_game += 1
                continue
            if rng.random() < 0.2:
                tear(journal, rng)
                tally.torn += 1
            game = read(journal).replay()  # read only: the next start resumes and cuts a tear
            held = len(game.history)
            assert acked <= held <= acked + 1, (preset, number, acked, held)
            assert game.snapshot() == plan["snapshots"][held], (preset, number, held)
            tally.exact += held == acked
            tally.one_more += held == acked + 1
            tally.points.append(held)
        final = read(journal).replay()
        assert final.snapshot() == plan["snapshots"][-1], "the resumed table ended elsewhere"
        tally.finished += 1
        number += 1
    return tally


def check(tally: Tally, kills: int) -> None:
    assert tally.kills == kills
    assert tally.exact + tally.one_more + tally.no_game == kills
    assert len(set(tally.points)) > kills // 3, "the kills must land at many points"
    print(
        f"\n{tally.kills} kills of the table over {tally.finished} games: {tally.exact} resumed "
        f"with exactly the acked actions, {tally.one_more} with one more, {tally.no_game} "
        f"before the game started; {tally.torn} with a torn last line added"
    )


def test_table_killed_15_times_resumes_every_time(tmp_path):
    check(play_with_kills(tmp_path, 15, seed=1), 15)


@pytest.mark.slow
def test_table_killed_100_times_resumes_every_time(tmp_path):
    check(play_with_kills(tmp_path, 100, seed=2), 100)

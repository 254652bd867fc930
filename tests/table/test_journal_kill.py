"""Pull the plug: SIGKILL a process writing a journal at random points, resume, compare.

No action the writer acknowledged may be lost, and the resumed game must equal the reference
game after as many actions. The writer resumes the same journal after each kill, so appending
after a resume (and after a torn tail was cut) is exercised too.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine import Game, RuleSet
from table.flow.journal import Journal, read

from .journal_writer import match, new_game

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Tally:
    kills: int = 0
    exact: int = 0  # resumed with exactly the acknowledged actions
    one_more: int = 0  # resumed with one more: written, killed before its ack
    before_start: int = 0  # killed before the journal existed
    torn: int = 0  # a power cut mid-write simulated on top of the kill
    games: int = 0
    resumed_counts: list[int] = field(default_factory=list)


def reference(preset: str, seed: int) -> tuple[list, list[dict]]:
    """The match's actions and the game's snapshot after each prefix of them."""
    actions = match(preset, seed)
    game = new_game(preset, seed)
    snapshots = [game.snapshot()]
    for action in actions:
        game.apply(action)
        snapshots.append(game.snapshot())
    return actions, snapshots


def start_writer(path: Path, preset: str, seed: int) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "tests.table.journal_writer", str(path), preset, str(seed)]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)


def kill_at_random(proc: subprocess.Popen, rng: random.Random, left: int) -> list[str]:
    """Kill the writer after a random number of acks or a random moment; return its output."""
    lines = []
    if rng.random() < 0.75:
        wanted = rng.randint(0, left)
        acks = 0
        while acks < wanted:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            acks += line.startswith("ack ")
    else:
        time.sleep(rng.uniform(0, 0.15))  # may land in start-up, the resume or mid-record
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    lines += proc.stdout.readlines()  # acks printed before the kill count as acknowledged
    proc.stdout.close()
    return lines


def tear(path: Path, rng: random.Random) -> None:
    """Append half a record (or zeros), as a power cut in the middle of a write leaves."""
    line = path.read_bytes().splitlines(keepends=True)[-1]
    cut = b"\0" * rng.randint(1, 64) if rng.random() < 0.2 else line[: rng.randrange(1, len(line))]
    with open(path, "ab") as out:
        out.write(cut)


def run_kills(tmp_path: Path, kills: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    game_no = 0
    while tally.kills < kills:
        tally.games += 1
        preset = RuleSet.PRESETS[game_no % len(RuleSet.PRESETS)]
        game_seed = seed * 1000 + game_no
        actions, snapshots = reference(preset, game_seed)
        path = tmp_path / f"game-{game_no}.jsonl"
        resumed = 0  # actions the journal held when the writer last started
        while tally.kills < kills and resumed < len(actions):
            proc = start_writer(path, preset, game_seed)
            out = kill_at_random(proc, rng, len(actions) - resumed)
            acks = [int(line.split()[1]) for line in out if line.startswith("ack ")]
            if proc.returncode == 0:
                assert out[-1] == "done\n"
                break
            assert proc.returncode == -signal.SIGKILL, out
            tally.kills += 1
            acked = max([resumed, *acks])
            if not path.exists():
                assert acked == 0, f"{path} vanished after {acked} acks"
                tally.before_start += 1
                continue
            if rng.random() < 0.25:
                tear(path, rng)
                tally.torn += 1
            # Read-only here: the writer's next start resumes it and cuts any torn tail.
            game = read(path).replay()
            held = len(game.history)
            assert acked <= held <= acked + 1, (preset, game_seed, acked, held)
            assert game.history == actions[:held]
            assert game.snapshot() == snapshots[held]
            tally.exact += held == acked
            tally.one_more += held == acked + 1
            tally.resumed_counts.append(held)
            resumed = held
        game_no += 1
    return tally


def check(tally: Tally, kills: int) -> None:
    assert tally.kills == kills
    assert tally.exact + tally.one_more + tally.before_start == kills
    # The kills must land at many different points, not all at the start.
    assert len(set(tally.resumed_counts)) > kills // 3
    print(
        f"\n{tally.kills} kills over {tally.games} games: {tally.exact} resumed with exactly "
        f"the acked actions, {tally.one_more} with one more, {tally.before_start} before the "
        f"journal existed; {tally.torn} with a torn last line added"
    )


def test_kill_and_resume_50(tmp_path):
    check(run_kills(tmp_path, 50, seed=1), 50)


@pytest.mark.slow
def test_kill_and_resume_200(tmp_path):
    check(run_kills(tmp_path, 200, seed=2), 200)


def test_writer_runs_to_the_end(tmp_path):
    """Unkilled, the writer acks every action and its journal replays to the reference game."""
    path = tmp_path / "whole.jsonl"
    proc = start_writer(path, "official", 3)
    out, _ = proc.communicate(timeout=180)  # a hang guard for a loaded machine
    actions, snapshots = reference("official", 3)
    assert proc.returncode == 0
    assert out.splitlines()[-2:] == [f"ack {len(actions)}", "done"]
    game, journal = Journal.resume(path)
    journal.close()
    assert game.snapshot() == snapshots[-1]
    assert os.path.getsize(path) > 0
    assert isinstance(game, Game)

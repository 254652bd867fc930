"""`uno-table demo --headless`: the exact command the issue names, for every preset."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

KEYS = {"preset", "players", "rounds", "actions", "winner", "scores", "consistent", "screens"}


def demo(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "table.commands.cli", "demo", "--headless", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("official", 2, 3), ("reglamento", 3, 5), ("playone", 5, 2), ("cool", 2, 1)],
)
def test_headless_demo_is_consistent(tmp_path, preset, players, seed):
    shots = tmp_path / "screens"
    done = demo(
        *("--seed", str(seed), "--players", str(players), "--preset", preset),
        *("--rounds", "1", "--screens", str(shots)),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(summary) == KEYS
    assert summary["consistent"] is True
    assert (summary["preset"], summary["players"], summary["rounds"]) == (preset, players, 1)
    assert summary["winner"] in range(1, players + 1) and len(summary["scores"]) == players
    assert summary["actions"] > 0
    assert {"lobby", "deal", "game"} <= set(summary["screens"])
    assert sorted(p.stem for p in shots.glob("*.png")) == summary["screens"]


def test_knobs_and_seat_readers_reach_the_demo():
    knobs = ("--knob", "seven_zero=true", "--knob", "jump_in=true", "--seat-readers")
    done = demo("--preset", "cool", "--players", "2", "--seed", "5", *knobs)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1])["consistent"] is True
    bad = demo("--knob", "wings=2")
    assert bad.returncode == 2 and "wings" in bad.stderr


def test_bad_players_is_a_clear_error():
    done = demo("--players", "12")
    assert done.returncode == 2 and "players" in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("preset", ["official", "reglamento", "playone", "cool"])
def test_headless_demo_for_every_preset_and_table_size(preset, players):
    done = demo("--seed", str(players), "--players", str(players), "--preset", preset)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1])["consistent"] is True

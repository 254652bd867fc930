"""`python -m bench`: measure every performance target and rewrite BENCHMARKS.md.

`--quick` runs each measurement with tiny counts (to check that the bench works, not to
measure anything); `--out FILE` writes the report elsewhere.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bench import engine, machine, recogniser, report, resume, startup

ROOT = Path(__file__).resolve().parents[1]


def table_figures(presses: int, idle: float) -> dict:
    """The table bench (input to frame, idle CPU), in a process of its own."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    cmd = [sys.executable, "-m", "bench.table", str(presses), str(idle)]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"bench.table failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


MEMORY_SIZES = ((1920, 1080), (800, 480))


def memory_figures(actions: int) -> list[dict]:
    """Peak memory over real bots' matches, each size in a process of its own."""
    figures = []
    for width, height in MEMORY_SIZES:
        figures.append(_child(["bench.memory", str(width), str(height), str(actions)]))
    return figures


def _child(args: list[str]) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    cmd = [sys.executable, "-m", *args]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{args[0]} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the bench only")
    parser.add_argument("--out", type=Path, default=ROOT / "BENCHMARKS.md")
    args = parser.parse_args(argv)
    quick = args.quick
    started = time.monotonic()

    def step(name: str) -> None:
        print(f"[{time.monotonic() - started:6.1f} s] {name}", flush=True)

    step("engine: random legal games, ours and rlcard's")
    games = engine.measure(scale=0.02 if quick else 1.0)
    step("table: input to frame (GPIO, key, serial), idle CPU")
    table = table_figures(presses=20 if quick else 300, idle=0.5 if quick else 10.0)
    step("table: peak memory over bots' matches at 1920x1080 and 800x480")
    table["memory"] = memory_figures(actions=100 if quick else 5000)
    step("table: start to first frame")
    start = startup.measure(runs=1 if quick else 5)
    step("journal: resume 1,000 actions")
    resumed = resume.measure(actions=100 if quick else 1000, repeats=2 if quick else 20)
    step("camera: the recogniser's accuracy on each scene set, its time per frame")
    camera = recogniser.measure(scale=0.05 if quick else 1.0)
    text = report.render(
        machine.describe(),
        games,
        table,
        start,
        resumed,
        rlcard=engine.rlcard_available(),
        quick=quick,
        camera=camera,
    )
    args.out.write_text(text)
    step(f"wrote {args.out}")
    print(report.verdicts_text(games, table, start, resumed, camera))
    return 0


if __name__ == "__main__":
    sys.exit(main())

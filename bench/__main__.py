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

from bench import engine, frames, machine, recogniser, report, resume, startup

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


def spot_figures(cards: int) -> dict:
    """The camera spot bench (bench.camera_spot), in a process of its own."""
    return _child(["bench.camera_spot", str(cards)])


MATCHES = 100  # bots' matches in one process at 1920x1080: memory stays flat over days


def memory_figures(actions: int, matches: int) -> list[dict]:
    """Peak memory over real bots' matches, each size in a process of its own: `matches`
    matches at 1920x1080 (and its growth over the second half), `actions` at 800x480."""
    return [
        _child(["bench.memory", "1920", "1080", "--matches", str(matches)]),
        _child(["bench.memory", "800", "480", str(actions)]),
    ]


def frame_figures(quick: bool) -> dict:
    """Pixels handed to the display per frame over a bots' match at 1920x1080, and the
    instructions per frame under callgrind (None when valgrind is not installed)."""
    pixels = _child(["bench.frames", "1920", "1080", "1"])
    return {"pixels": pixels, "instructions": None if quick else frames.instructions()}


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
    step("table: memory over bots' matches at 1920x1080 and 800x480")
    table["memory"] = memory_figures(
        actions=100 if quick else 5000, matches=2 if quick else MATCHES
    )
    step("table: pixels and instructions per frame over a bots' match (callgrind: minutes)")
    table["frames"] = frame_figures(quick)
    step("table: start to first frame")
    start = startup.measure(runs=1 if quick else 5)
    step("journal: resume 1,000 actions")
    resumed = resume.measure(actions=100 if quick else 1000, repeats=2 if quick else 20)
    step("camera: the recogniser's accuracy on each scene set, its time per frame")
    camera = recogniser.measure(scale=0.05 if quick else 1.0)
    step("camera: a card laid on the scan spot to its new frame (recorded frames)")
    spot = spot_figures(cards=4 if quick else 40)
    text = report.render(
        machine.describe(),
        games,
        table,
        start,
        resumed,
        rlcard=engine.rlcard_available(),
        quick=quick,
        camera=camera,
        spot=spot,
    )
    args.out.write_text(text)
    step(f"wrote {args.out}")
    print(report.verdicts_text(games, table, start, resumed, camera, spot))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The bench runs end to end with tiny counts and writes a report with every target.

No figure is checked here (timings belong in BENCHMARKS.md): only that each measurement runs
and lands in the report.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench import engine, report
from engine import RuleSet

ROOT = Path(__file__).resolve().parents[1]


def test_quick_bench_writes_every_target(tmp_path):
    out = tmp_path / "BENCHMARKS.md"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "bench", "--quick", "--out", str(out)]
    run = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    text = out.read_text()
    for target in ("GPIO edge: median", "key press: p99", "serial scan: median",
                   "idle game screen", "start to first frame",
                   "peak memory", "memory growth", "pixels written per frame",
                   "instructions per frame", "journal", "engine, 2 players",
                   "engine, 4 players", "camera, photos: >= 95% right",
                   "camera, read one 640x480 frame", "## Camera recogniser",
                   "camera: card laid to its new frame"):  # fmt: skip
        assert target in text, target
    assert "## Machine" in text and "CPU" in text


def test_engine_games_end_with_a_winner():
    run = engine.ours(2, range(3), engine.plays_first)
    assert run.games == 3 and run.actions > 3 * 7


def test_a_missed_target_says_by_how_much():
    # 100 actions per second against rlcard's 200: half as fast per action.
    c = engine.Comparison(2, "uniform", engine.Run(10, 100, 1.0), engine.Run(10, 100, 0.5))
    (verdict,) = [v for v in report.verdicts([c], *_figures()) if "engine" in v.target]
    assert not verdict.met and verdict.measured == "0.50x" and verdict.by == "2.0x too slow"


def _figures():
    press = {"presses": 1, "median_ms": 1.0, "p99_ms": 2.0, "max_ms": 2.0, "wake_ms": 0.1,
             "apply_ms": 0.4, "frame_ms": 0.5, "draw_ms": 0.4, "disk_ms": 0.1,
             "worst_stages_ms": [0.2, 1.0, 0.8]}  # fmt: skip
    paths = {"gpio": press, "key": press, "serial": press}
    memory = [{"size": "1920x1080", "actions": 5000, "matches": 8, "frames": 9000, "faces": 54,
               "screens": ["game"], "peak_rss_mb": 70.0, "growth_last_half_mb": 0.5}]  # fmt: skip
    pixels = {"size": "1920x1080", "actions": 500, "frames": 800, "median_share": 0.1,
              "p90_share": 0.3, "drawn_ahead": 80}  # fmt: skip
    table = {"paths": paths, "settle_30": press, "not_ahead": press, "settle_ms": 0.0,
             "idle": {"core_share": 0.001, "seconds": 1, "frames": 0},
             "memory": memory, "frames": {"pixels": pixels, "instructions": None}}  # fmt: skip
    start = {"median_s": 0.3, "max_s": 0.4, "peak_rss_mb": 40.0, "runs": 1}
    resumed = {"actions": 1000, "median_s": 0.01, "max_s": 0.02, "bytes": 1, "repeats": 1}
    return table, start, resumed


def test_the_scanned_cards_follow_each_other_and_the_deck_holds_them_all():
    import itertools
    from collections import Counter

    from bench.table import SCANS_PER_GAME, number_cards

    cards = ["R5", *number_cards()]  # R5 is turned up first
    assert len(cards) > SCANS_PER_GAME
    for before, card in itertools.pairwise(cards):
        assert before[0] == card[0] or before[1:] == card[1:], (before, card)
    deck = Counter(str(card) for card in RuleSet.preset("official").deck())
    assert all(n <= deck[card] for card, n in Counter(cards).items())


def test_instructions_not_counted_are_skipped_not_missed():
    rows = report.verdicts([], *_figures())
    (counted,) = [v for v in rows if v.target.startswith("instructions per frame")]
    assert counted.skipped and not counted.met and "valgrind" in counted.by
    assert not any(v.skipped for v in rows if v is not counted)


def test_a_pi_frame_is_estimated_from_its_instructions_and_pixels():
    pi4, pi5 = report.pi_estimate(8e6, 300_000).values()
    assert pi4[0] < pi4[1] and pi5[0] < pi5[1]
    assert pi5[1] < pi4[1]  # the Pi 5 is the faster board
    assert 3 < pi4[0] < 10  # 8 M instructions: about 5 ms on a Pi 4 (issue 23)


def test_the_camera_section_is_spliced_in_once_with_its_own_targets():
    sets = [{"name": "photos", "how": "as taken", "images": 50, "right": 48, "unsure": 2,
             "wrong": 0, "enrolled": True},
            {"name": "other design", "how": "drawn", "images": 20, "right": 0, "unsure": 19,
             "wrong": 1, "enrolled": False}]  # fmt: skip
    speed = {"frames": 9, "median_ms": 4.0, "p90_ms": 6.0, "cpu_median_ms": 3.0}
    camera = {"sets": sets, "seed": 1, "enrol_per_face": 2, "speed": speed}
    text = "# Benchmarks\n\n## Targets\n\n## Commands\n\nmake bench\n"
    once = report.splice_camera(text, camera, "measured apart")
    twice = report.splice_camera(once, camera, "measured apart")
    assert twice == once and once.count("## Camera recogniser") == 1
    assert once.index("## Camera recogniser") < once.index("## Commands")
    assert "| camera, photos: >= 95% right | 96.0% (48 of 50) | met |" in once
    assert "| camera, other design: none wrong | 1 wrong | **missed** (1 wrong) |" in once

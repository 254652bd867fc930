"""Start to first frame: `uno-table run --headless` from the process start to its first frame.

The app logs "first frame" at INFO once its first frame is on screen. The configuration is
a 4-seat table on mock pins with a pty card reader and a state folder of its own.

Started as installed: pip compiles an installed package's bytecode (`sudo make install` on
the Pi), so every start after the first reads it. Here the program runs from its source, and
an environment may forbid writing bytecode (PYTHONDONTWRITEBYTECODE), which would compile
some 100 modules at every start; so the starts share a bytecode cache of their own
(PYTHONPYCACHEPREFIX, in a temporary folder), written by a first start that is timed apart.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.memory import high_water_mb
from hw.sim import SimReader
from table.commands.demo import demo_config_text

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = 0.02  # seconds between reads of the running table's peak memory


def app_command() -> list[str]:
    """The installed `uno-table` script beside this Python (the module where it is missing)."""
    script = Path(sys.executable).with_name("uno-table")
    return [str(script)] if script.exists() else [sys.executable, "-m", "table.commands.cli"]


def start_env(cache: Path) -> dict[str, str]:
    """The environment of a start: the dummy display, and bytecode kept in `cache`."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def start_once(config: Path, env: dict[str, str], seconds: float = 1.5) -> tuple[float, float]:
    """Seconds to the first frame, and the process's peak memory (MB) over `seconds` of it."""
    cmd = [*app_command(), "run", "--headless", "--seconds", str(seconds), "--config", str(config)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    first = None
    for line in proc.stderr:
        if "first frame" in line:
            first = time.perf_counter() - start
            break
    peak = 0.0
    while proc.poll() is None:  # its peak, sampled until it ends (see memory.high_water_mb)
        peak = max(peak, high_water_mb(proc.pid) or 0.0)
        time.sleep(SAMPLE)
    rest = proc.stderr.read()
    proc.stderr.close()
    if first is None or proc.returncode != 0:
        raise RuntimeError(f"uno-table run gave no first frame (exit {proc.returncode}): {rest}")
    return first, peak


def measure(runs: int = 5) -> dict:
    """The median and worst start of `runs` starts with the bytecode written, the first
    start (which writes it) apart, and the largest peak memory."""
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
        folder = Path(folder)
        reader = SimReader(folder / "reader")
        try:
            config = folder / "table.toml"
            config.write_text(demo_config_text(4, "official", reader.path, folder / "state"))
            env = start_env(folder / "bytecode")
            cold, _ = start_once(config, env)
            results = [start_once(config, env) for _ in range(runs)]
        finally:
            reader.close()
    firsts = [first for first, _ in results]
    return {
        "runs": runs,
        "median_s": statistics.median(firsts),
        "max_s": max(firsts),
        "cold_s": cold,
        "peak_rss_mb": max(rss for _, rss in results),
    }

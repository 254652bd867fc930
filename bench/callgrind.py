"""Instructions counted by valgrind's callgrind around each `operator.call` of a bench module.

A bench module wraps the work it stands for in `operator.call`, a C function nothing else in it
calls; callgrind then counts only inside those calls and dumps once after each of them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOGGLE = "_operator_call"  # the C function of operator.call


@dataclass(frozen=True)
class Counted:
    """What the module printed last (one JSON value), and each call's instructions in order."""

    printed: object
    counts: list[int]
    valgrind: str


def available() -> bool:
    """Whether valgrind is installed (Debian's package)."""
    return shutil.which("valgrind") is not None


def count_calls(module: str, *args: str, env: dict[str, str] | None = None) -> Counted:
    """Run `python -m module args` under callgrind: its last JSON line and each call's count."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise RuntimeError("valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="uno-callgrind-") as folder:
        out = Path(folder) / "callgrind.out"
        cmd = [
            valgrind, "--tool=callgrind", "--collect-atstart=no", f"--toggle-collect={TOGGLE}",
            f"--dump-after={TOGGLE}", "--compress-strings=no", "--compress-pos=no",
            f"--callgrind-out-file={out}", sys.executable, "-m", module, *args,
        ]  # fmt: skip
        run = subprocess.run(
            cmd, cwd=ROOT, env=env or dict(os.environ), capture_output=True, text=True, check=False
        )
        if run.returncode != 0:
            raise RuntimeError(f"callgrind failed:\n{run.stderr[-2000:]}")
        printed = json.loads(run.stdout.strip().splitlines()[-1])
        # One dump per operator.call (--dump-after), numbered in the order they ran.
        dumps = sorted(Path(folder).glob("callgrind.out.*"), key=lambda p: int(p.suffix[1:]))
        counts = [_total(dump.read_text()) for dump in dumps]
    version = subprocess.run([valgrind, "--version"], capture_output=True, text=True).stdout
    return Counted(printed, counts, version.strip())


def _total(dump: str) -> int:
    found = re.search(r"^(?:summary|totals):\s+(\d+)", dump, re.MULTILINE)
    if found is None:
        raise RuntimeError("no instruction count in callgrind's output")
    return int(found.group(1))

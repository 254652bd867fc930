"""Small real filesystems for the tests of a full or read-only disk: a tmpfs mounted in a
test-made folder (root only), else the test is skipped with the reason."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def tmpfs(folder: Path, size: str = "256k") -> Iterator[Path]:
    """`folder` made and mounted as a tmpfs of `size`; unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("a small filesystem needs root to mount a tmpfs")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def read_only(folder: Path, on: bool = True) -> None:
    """Remount a tmpfs made by `tmpfs` read-only (or writable again)."""
    mode = "ro" if on else "rw"
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


def fill(folder: Path) -> Path:
    """Fill the filesystem of `folder` to the last byte; the filler file to remove later."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for chunk in (65536, 4096, 1):
            try:
                while os.write(fd, b"\0" * chunk):
                    pass
            except OSError:
                pass
    finally:
        os.close(fd)
    return filler

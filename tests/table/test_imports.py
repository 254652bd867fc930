"""What a running table loads: every module imported stays resident for days (its code, its
shared libraries), so the table's path leaves out what only other commands need."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TABLE_PATH = ("table.commands.run", "table.app", "table.screen.window")
"""`uno-table run`'s modules: the command, the table, its window (pygame)."""


def loaded_after(*modules: str) -> set[str]:
    """The modules a fresh Python holds after importing `modules`."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {list(modules)!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_the_tables_path_does_not_load_openssl():
    # hashlib brings OpenSSL's libcrypto (3 MiB resident) for the state lock's one digest.
    loaded = loaded_after(*TABLE_PATH)
    assert "table.flow.lock" in loaded
    assert not {"hashlib", "_hashlib"} & loaded


def test_the_state_locks_name_is_the_folders_sha256(tmp_path):
    import hashlib

    from table.flow.lock import _hold_name

    sock = _hold_name(tmp_path)
    try:
        digest = hashlib.sha256(os.path.realpath(tmp_path).encode()).hexdigest()[:32]
        assert sock.getsockname() == b"\0uno-table-lock-" + digest.encode()
    finally:
        sock.close()

"""Configuration, deck map and journals read only from regular files, with bounded reads
(issue 21, case 7): a FIFO, a device or a huge file is one clear line, never a hang or a
MemoryError. Each case through the command line, in a process of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from table.flow.journal import read

from .test_script import START
from .test_table_reliability import CARDS, uno_table, wait_for_frame

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 120  # seconds: only a hang reaches it


def fifo(folder: Path, name: str) -> Path:
    path = folder / name
    os.mkfifo(path)
    return path


def huge(folder: Path, name: str) -> Path:
    path = folder / name
    with open(path, "wb") as file:
        file.truncate(1 << 30)  # a gigabyte of zeros (sparse: no disk taken)
    return path


SOURCES = {
    "fifo": (fifo, "a named pipe (FIFO) is there, not a file"),
    "zero": (lambda _f, _n: Path("/dev/zero"), "a device is there, not a file"),
    "urandom": (lambda _f, _n: Path("/dev/urandom"), "a device is there, not a file"),
    "huge": (huge, "longer than "),
}


def command(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "table.commands.cli", *args]
    return subprocess.run(
        cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG_GUARD
    )


def one_line(done: subprocess.CompletedProcess, code: int, *parts: str) -> str:
    assert done.returncode == code, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    for part in parts:
        assert part in done.stderr, done.stderr
    return done.stderr


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("what", ["the configuration", "the deck map"])
def test_the_configuration_and_the_deck_map_are_read_from_a_file_only(tmp_path, what, source):
    make, said = SOURCES[source]
    path = make(tmp_path, "file.toml")
    config = path
    if what == "the deck map":
        config = tmp_path / "table.toml"
        config.write_text(f'deck_map = "{path}"\n')
    script = tmp_path / "s.txt"
    script.write_text("0 wait\n")
    done = command("run", "--headless", "--script", str(script), "--config", str(config))
    one_line(done, 2, f"uno-table: {path}: cannot read {what}: {said}")


@pytest.mark.parametrize("source", SOURCES)
def test_replay_reads_a_journal_from_a_file_only(tmp_path, source):
    make, said = SOURCES[source]
    path = make(tmp_path, "game.jsonl")
    done = command("replay", str(path))
    one_line(done, 1, f"uno-table replay: {path}: {said}")


@pytest.mark.parametrize("source", ["fifo", "huge"])
def test_a_saved_game_that_is_not_a_file_starts_the_table(tmp_path, source):
    """Before: a FIFO where game.jsonl goes hung the table before its first frame."""
    state = tmp_path / "state"
    state.mkdir()
    SOURCES[source][0](state, "game.jsonl")
    config = tmp_path / "table.toml"
    config.write_text(f'state_dir = "{state}"\n')
    proc = uno_table("run", "--headless", "--config", str(config))
    guard = threading.Timer(HANG_GUARD, proc.kill)  # a hang ends the stderr it waits on
    guard.start()
    try:
        lines = wait_for_frame(proc)
    finally:
        guard.cancel()
        proc.kill()
        proc.communicate(timeout=HANG_GUARD)
    assert not any("Traceback" in line for line in lines), lines


@pytest.mark.parametrize("source", ["zero", "urandom", "huge"])
def test_the_table_script_is_read_bounded(tmp_path, source):
    """Before: /dev/zero as the script read on until the machine's memory ran out, and a
    gigabyte's file ran past two minutes."""
    make, _ = SOURCES[source]
    path = make(tmp_path, "script.txt")
    done = command("run", "--headless", "--script", str(path))
    one_line(done, 2, f"uno-table: {path}: cannot read the script: longer than ")


def test_the_table_script_may_come_down_a_pipe(tmp_path):
    """A shell's `--script /dev/stdin <<EOF` (a pipe) or `<(...)` is read like a file."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "table.commands.cli", "run", "--headless", "--script",
         "/dev/stdin"],
        cwd=ROOT, env=env, input=START, capture_output=True, text=True,
        timeout=HANG_GUARD,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["seats"] == [1, 3]


def test_a_folder_as_the_table_script_is_one_line(tmp_path):
    done = command("run", "--headless", "--script", str(tmp_path))
    one_line(done, 2, f"uno-table: {tmp_path}: cannot read the script: a folder is there")


def fifo_at(path: Path) -> None:
    os.mkfifo(path)


def link_out(path: Path) -> None:
    path.symlink_to(path.parents[1] / "precious.txt")


@pytest.mark.parametrize("make", [fifo_at, link_out], ids=["fifo", "link"])
def test_what_lies_where_a_file_is_written_before_its_rename_is_replaced(tmp_path, make):
    """A file is written whole beside its place (`game.jsonl.new`), then renamed in. Before:
    a FIFO there hung the table at the press that starts a game, for good, and a link there
    had the journal written over the file it leads to, and game.jsonl made that link."""
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    (tmp_path / "precious.txt").write_text("kept\n")
    make(state_dir / "game.jsonl.new")
    config = tmp_path / "table.toml"
    config.write_text(f'state_dir = "{state_dir}"\n')
    script = tmp_path / "s.txt"
    script.write_text(START + CARDS)
    done = command("run", "--headless", "--script", str(script), "--config", str(config))
    assert done.returncode == 0, done.stderr[-2000:]
    state = json.loads(done.stdout)
    assert state["screen"] == "game" and len(state["actions"]) == 4 and state["notices"] == []
    assert (tmp_path / "precious.txt").read_text() == "kept\n"
    journal = state_dir / "game.jsonl"
    assert not journal.is_symlink() and len(read(journal).actions) == 4


CONTROLS = ["\\u0000", "\\u001b[2J", "\\n", "\\u007f", "\\u0085"]
FIELDS = {
    "seat": ('[[seat]]\nname = "Ana{}"\nposition = "bottom"\nuno = 5\nchallenge = 6\n'
             'draw = 13\n[[seat]]\nname = "Bo"\nposition = "top"\nuno = 19\nchallenge = 26\n'
             'draw = 21\n', "seat[1].name"),
    "call word": ('[display]\ncall_word = "UNO{}"\n', "display.call_word"),
    "reader": ('[[reader]]\nname = "pile{}"\ndevice = "/dev/ttyUSB0"\n', "reader[1].name"),
}  # fmt: skip


@pytest.mark.parametrize("control", CONTROLS)
@pytest.mark.parametrize("field", FIELDS)
def test_a_control_character_in_a_name_is_refused_by_the_configuration(tmp_path, field, control):
    """Case 8: before, a NUL in a seat's name passed the configuration and crashed the first
    frame; now the configuration refuses it with one line, and the table does not start."""
    text, key = FIELDS[field]
    config = tmp_path / "table.toml"
    config.write_text(text.format(control))
    script = tmp_path / "s.txt"
    script.write_text("0 press 1 uno\n0.1 press 2 uno\n0.5 wait\n")
    done = command("run", "--headless", "--script", str(script), "--config", str(config))
    one_line(done, 2, f"{config}: {key}: expected a text of at most", "without control characters")
    assert control in done.stderr  # shown escaped, the line stays one line

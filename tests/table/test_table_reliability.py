"""Issue 13's cases tried as a user would: through the table script and the command line."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from table.flow.journal import Journal
from table.flow.lock import LOCK_NAME

from .small_disk import fill, read_only, tmpfs
from .test_script import START, play

ROOT = Path(__file__).resolve().parents[2]
CARDS = "1.0 scan pile R5\n2.0 scan pile R7\n3.0 scan pile R2\n4.0 scan pile G2\n"


def uno_table(*args: str, env: dict | None = None, **kwargs) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy") | (env or {})
    cmd = [sys.executable, "-m", "table.commands.cli", *args]
    return subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs
    )


def wait_for_frame(proc: subprocess.Popen) -> list[str]:
    """Stderr lines up to the table's "first frame" line."""
    lines = []
    for line in proc.stderr:
        lines.append(line)
        if "first frame" in line:
            return lines
    raise AssertionError(f"no first frame: {''.join(lines)}")


@dataclass(frozen=True)
class Running:
    """A table running on its own save folder, and the configuration file that names it."""

    proc: subprocess.Popen
    config: Path
    state_dir: Path


@contextmanager
def first_table(tmp_path: Path) -> Iterator[Running]:
    """A table run on tmp_path/state, from its first frame; killed at the end if it still runs."""
    state_dir = tmp_path / "state"
    config = tmp_path / "table.toml"
    config.write_text(f'state_dir = "{state_dir}"\n')
    proc = uno_table("run", "--headless", "--config", str(config))
    try:
        wait_for_frame(proc)
        yield Running(proc, config, state_dir)
    finally:
        if proc.returncode is None:
            proc.kill()
            proc.communicate(timeout=180)


def second_tables_refused(tmp_path: Path, first: Running) -> None:
    """A second table and a script on the first one's folder stop, saying which process has
    it."""
    second = uno_table("run", "--headless", "--seconds", "5", "--config", str(first.config))
    _, err = second.communicate(timeout=180)
    assert second.returncode == 1, err
    assert err == (
        f"uno-table: {first.state_dir} is in use by another table (process {first.proc.pid}); "
        "stop it first\n"
    )
    state = play(tmp_path, START + CARDS, f'state_dir = "{first.state_dir}"\n')
    assert state["screen"] == "lobby" and state["actions"] == []
    assert set(state["notices"]) == {
        f"Another table (process {first.proc.pid}) uses the save folder: stop it first"
    }


def folder_free(config: Path) -> bool:
    """Whether a table starts (and ends) on the folder `config` names: no lock is left."""
    again = uno_table("run", "--headless", "--seconds", "0.5", "--config", str(config))
    return again.wait(timeout=180) == 0


def test_a_damaged_journal_through_the_script(tmp_path):
    config = f'state_dir = "{tmp_path / "state"}"\n'
    first = play(tmp_path, START + CARDS, config)
    assert len(first["actions"]) == 4
    path = tmp_path / "state" / "game.jsonl"
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3][:-3] + b"zz}"  # action 3's checksum
    path.write_bytes(b"\n".join(lines))
    again = play(tmp_path, "0 press 2 draw\n", config)
    assert again["screen"] == "game" and again["actions"] == first["actions"][:2]
    assert again["notices"] == [
        "The saved game is damaged at line 4: DRAW resumes it after 2 moves (the whole file "
        "is kept), CHALLENGE sets it aside",  # said before DRAW (issue 24)
        "The saved game was damaged at line 4: resumed after 2 moves; "
        "the whole file is kept as game.jsonl.damaged-1",
    ]
    assert (tmp_path / "state" / "game.jsonl.damaged-1").exists()


# The scans refused in the lobby show in the footer as the alert does: it comes first there.


@pytest.mark.parametrize(
    ("spoil", "folder", "what"), [(fill, "state", "full"), (read_only, ".", "read-only")]
)
def test_a_disk_that_cannot_save_through_the_script(tmp_path, spoil, folder, what):
    with tmpfs(tmp_path / "disk", "64k") as disk:
        spoil(disk)
        state = play(tmp_path, START + CARDS, f'state_dir = "{disk / folder}"\n')
    assert state["screen"] == "lobby" and state["actions"] == []
    assert set(state["notices"]) == {
        f"Cannot save: the disk is {what}. Nothing changed: try again once it is fixed"
    }


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (lambda path: path.mkdir(), "a folder"),
        (lambda path: path.symlink_to(path.with_name("gone")), "a link to nothing"),
        (lambda path: path.symlink_to(path), "a loop of links"),
        (os.mkfifo, "a named pipe (FIFO)"),
    ],
    ids=["folder", "dangling", "loop", "fifo"],
)
def test_something_else_where_the_journal_goes_through_the_script(tmp_path, make, what):
    """Said as what it is, and CHALLENGE sets it aside (before: no button left that state)."""
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    make(state_dir / "game.jsonl")
    config = f'state_dir = "{state_dir}"\n'
    state = play(tmp_path, START + CARDS, config)
    assert state["screen"] == "resume" and state["actions"] == []
    assert set(state["notices"]) == {
        f"There is {what} where the saved game goes: CHALLENGE sets it aside"
    }
    state = play(tmp_path, "0 press 1 challenge\n" + START + CARDS, config)
    assert state["screen"] == "game" and len(state["actions"]) == 4
    assert os.path.lexists(state_dir / "game.jsonl.discarded-1")


def test_a_journal_of_more_seats_than_configured_through_the_script(tmp_path):
    from engine import Game

    state_dir = tmp_path / "state"
    state_dir.mkdir()
    game = Game.referee(6)
    Journal.create(state_dir / "game.jsonl", game, meta={"seats": list(range(6))}).close()
    state = play(tmp_path, "0 press 1 draw\n1 wait\n", f'state_dir = "{state_dir}"\n')
    assert state["screen"] == "resume"  # before: IndexError in window.py
    assert state["notices"] == ["The saved game has 6 seats, this table 4: CHALLENGE sets it aside"]
    state = play(tmp_path, "0 press 1 challenge\n", f'state_dir = "{state_dir}"\n')
    assert state["screen"] == "lobby"
    assert (state_dir / "game.jsonl.discarded-1").exists()


def test_one_table_per_state_dir_and_ctrl_c_ends_quietly(tmp_path):
    with first_table(tmp_path) as first:
        state_dir = first.state_dir
        assert (state_dir / LOCK_NAME).read_text() == f"{first.proc.pid}\n"
        before = {p.name: p.stat().st_mtime_ns for p in state_dir.iterdir()}
        second_tables_refused(tmp_path, first)
        # Neither the second table nor the script wrote anything.
        assert {p.name: p.stat().st_mtime_ns for p in state_dir.iterdir()} == before
        first.proc.send_signal(signal.SIGINT)  # Ctrl+C
        _, rest = first.proc.communicate(timeout=180)
    assert first.proc.returncode == 130
    assert "Traceback" not in rest and rest.endswith("uno-table: stopped\n")
    assert folder_free(first.config)  # the lock went with its process


def test_an_unwritable_home_starts_the_table_and_says_so(tmp_path):
    with tmpfs(tmp_path / "home", "64k") as home:
        read_only(home)
        proc = uno_table("run", "--headless", "--seconds", "0.5", env={"HOME": str(home)})
        _, err = proc.communicate(timeout=180)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert f"cannot lock {home}/.local/state/uno-table: Read-only file system" in err


def test_a_closed_pipe_ends_replay_quietly(tmp_path):
    state = play(tmp_path, START + CARDS, f'state_dir = "{tmp_path / "state"}"\n')
    cmd = f"{sys.executable} -m table.commands.cli replay --step {state['journal']} | head -1"
    done = subprocess.run(cmd, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.stdout.startswith("   0. start") and done.stdout.count("\n") == 1
    assert done.stderr == ""


def test_ctrl_c_before_the_first_frame_ends_quietly(tmp_path):
    # --seconds bounds the run: an interrupt that was swallowed ends with 0, and fails here.
    proc = uno_table("run", "--headless", "--seconds", "60", env={"HOME": str(tmp_path)})
    # The table's first line (no GPIO here) comes as it opens its inputs, before the window:
    # waited for, not slept for, so the interrupt lands in the start however loaded the machine.
    first = proc.stderr.readline()
    assert "first frame" not in first, first
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=180)
    assert "Traceback" not in err, err
    assert proc.returncode in (130, -signal.SIGINT)


def test_ctrl_backslash_ends_the_table_quietly(tmp_path):
    """SIGQUIT (Ctrl+\\) went to pygame's parachute, which ended in a segfault."""
    with first_table(tmp_path) as first:
        proc = first.proc
        proc.send_signal(signal.SIGQUIT)
        _, rest = proc.communicate(timeout=180)
    assert proc.returncode == 130, rest
    assert "Traceback" not in rest and rest.endswith("uno-table: stopped\n")


@pytest.mark.parametrize("removed", ["the lock file", "the folder"])
def test_the_lock_holds_while_the_table_runs_even_when_removed(tmp_path, removed):
    """Before: a second table started on a folder whose lock file (or the folder) was removed
    under the first, and the two wrote over each other's moves."""
    with first_table(tmp_path) as first:
        if removed == "the folder":
            shutil.rmtree(first.state_dir)
        else:
            (first.state_dir / LOCK_NAME).unlink()
        second_tables_refused(tmp_path, first)
    assert folder_free(first.config)  # the lock went with its process


@pytest.mark.parametrize("target", ["game.jsonl", "../notes.txt", "../new.txt"])
def test_a_link_where_the_lock_goes_is_never_written_through(tmp_path, target):
    """Before: the lock was taken through a link, so what it led to was cut to the process id
    (a link to the journal lost the whole saved game) or made (a link to nothing)."""
    state_dir = tmp_path / "state"
    config = f'state_dir = "{state_dir}"\n'
    first = play(tmp_path, START + CARDS, config)
    (tmp_path / "notes.txt").write_text("someone's notes\n")
    files = {p: p.read_bytes() for p in (state_dir / "game.jsonl", tmp_path / "notes.txt")}
    lock = state_dir / LOCK_NAME
    lock.unlink()
    lock.symlink_to(target)
    state = play(tmp_path, "0 press 2 draw\n", config)
    assert {p: p.read_bytes() for p in files} == files
    assert not (tmp_path / "new.txt").exists()
    assert state["screen"] == "resume" and state["notices"] == [
        "Cannot save: something else is where the saved game goes. Nothing changed: try again "
        "once it is fixed"
    ]
    lock.unlink()  # the link taken away, the same press resumes the game
    state = play(tmp_path, "0 press 2 draw\n", config)
    assert state["screen"] == "game" and state["actions"] == first["actions"]


def rechained(path: Path, edit) -> None:
    """The journal at `path` with its records edited by `edit` (a list of dicts, without their
    checksums) and its checksums made again: lines that the checksums take, whatever they say."""
    from table.flow.journal import _crc_of, _line

    records = [json.loads(line) for line in path.read_bytes().splitlines()]
    for record in records:
        del record["crc"]
    edit(records)
    lines = [_line(records[0])]
    for record in records[1:]:
        lines.append(_line(record, _crc_of(lines[-1])))
    path.write_bytes(b"".join(lines))


@pytest.mark.parametrize("preset", [["x"], None, 5, "evil\x00", "x" * 3000])
def test_a_saved_game_whose_notes_name_no_preset_resumes_by_its_rules(tmp_path, preset):
    """Before: the header's note of the preset went to the screen as it was: the resume
    screen's drawing was a traceback."""
    config = f'state_dir = "{tmp_path / "state"}"\n'
    first = play(tmp_path, START + CARDS, config)
    rechained(Path(first["journal"]), lambda records: records[0]["table"].update(preset=preset))
    state = play(tmp_path, "0 press 2 draw\n", config)
    assert state["screen"] == "game" and state["actions"] == first["actions"]
    assert state["preset"] == "official" and state["notices"] == []


@pytest.mark.parametrize("name", ["evil\x00", "x" * 3000])
def test_a_saved_game_of_rules_of_no_preset_is_set_aside(tmp_path, name):
    """Before: a traceback drawing the resume screen, which shows the rule set's name."""
    config = f'state_dir = "{tmp_path / "state"}"\n'
    first = play(tmp_path, START + CARDS, config)
    path = Path(first["journal"])
    rechained(path, lambda records: records[0]["rules"].update(name=name))
    state = play(tmp_path, "0 wait\n", config)
    assert state["screen"] == "lobby" and state["actions"] == []
    assert state["notices"] == [
        "The saved game could not be read: it is kept as game.jsonl.corrupt-1"
    ]
    assert path.with_name("game.jsonl.corrupt-1").exists()


@pytest.mark.parametrize(("cards", "said"), [(["R2"], True), (["R2\x00"], False), (["Q"], False)])
def test_a_note_of_an_untaken_card_names_a_card_or_is_ignored(tmp_path, cards, said):
    """Before: the note's first "card" went to the screen as it was (a NUL: a traceback)."""
    from table.flow import untaken

    config = f'state_dir = "{tmp_path / "state"}"\n'
    first = play(tmp_path, START + CARDS, config)
    origin = json.loads(Path(first["journal"]).read_bytes().splitlines()[0])["origin"]
    note = untaken.Untaken(0, tuple(cards), len(first["actions"]), origin)
    untaken.keep(tmp_path / "state", note)
    state = play(tmp_path, "0 press 2 draw\n", config)
    assert state["screen"] == "game" and state["actions"] == first["actions"]
    notice = "Seat 1: red 2 was not taken: take it back and play it again"
    assert state["notices"] == ([notice] if said else [])

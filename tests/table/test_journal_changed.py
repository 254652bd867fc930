"""A journal emptied, cut or replaced by another program while the table runs (issue 21, case 2):
noticed at the next record, written again from the game the table holds, said on screen;
nothing acknowledged is lost. And a retry on a full disk keeps no second copy (case 10)."""

from __future__ import annotations

import os
import shutil

import pytest

from table.flow.alerts import AlertKind
from table.flow.journal import Change, Journal, read
from table.flow.session import Session

from .small_disk import fill, tmpfs
from .test_journal import bot_game, journaled
from .test_saved_game import SCANS, draw_press, played, sentence
from .test_session import CONFIG, press


def empty(path):
    with open(path, "r+b") as file:  # `: > game.jsonl`: the same file, nothing in it
        file.truncate(0)


def cut(path):
    os.truncate(path, os.path.getsize(path) // 2)


def restore(path):
    """A backup taken a few actions ago copied over it (the same file, older bytes)."""
    shutil.copyfile(path.with_name("backup"), path)


def overwrite(path):
    """The same length, other bytes: another program wrote over the last record."""
    data = bytearray(path.read_bytes())
    data[-5] ^= 1
    with open(path, "r+b") as file:
        file.write(data)


def replace(path):
    """Another file renamed over it (a restore tool that writes beside and renames)."""
    other = path.with_name("other")
    shutil.copyfile(path.with_name("backup"), other)
    os.replace(other, path)


def remove(path):
    path.unlink()


def later(path, before):
    """The file's time one second after `before`'s: the write above came after the table's
    last record, on a filesystem whose clock ticks too coarsely to tell them apart too."""
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 10**9))


def rewrite_middle(path):
    """The same length, another card in an earlier record: written in place, the last record
    left as it was (before: unnoticed, and a restart resumed before that record)."""
    before = os.stat(path)
    data = path.read_bytes()
    second = data.index(b"\n", data.index(b"\n") + 1) + 1  # the second record
    at = data.index(b'"seat":', second) + len(b'"seat":')
    with open(path, "r+b") as file:
        file.seek(at)
        file.write(b"3" if data[at : at + 1] != b"3" else b"2")
    later(path, before)


@pytest.mark.parametrize(
    ("change", "kind", "kept"),
    [
        (empty, Change.CUT, False),
        (cut, Change.CUT, True),
        (restore, Change.CUT, True),
        (overwrite, Change.CHANGED, True),
        (rewrite_middle, Change.CHANGED, True),
        (replace, Change.REPLACED, True),
        (remove, Change.REMOVED, False),
    ],
)
def test_a_journal_changed_under_the_table_is_written_again(tmp_path, change, kind, kept):
    game = bot_game("official", 4, max_actions=30)
    path = tmp_path / "game.jsonl"
    journal = journaled(path, game)
    shutil.copyfile(path, tmp_path / "backup")
    more = bot_game("official", 4, max_actions=36).history[30:]
    for action in more[:3]:
        journal.apply(game, action)
    before = path.read_bytes()
    change(path)
    changed = path.read_bytes() if path.exists() else None
    journal.apply(game, more[3])
    assert journal.repaired.change is kind
    if kept:
        assert journal.repaired.kept_as.read_bytes() == changed  # nothing deleted
    else:
        assert journal.repaired.kept_as is None
    for action in more[4:]:
        journal.apply(game, action)
    journal.close()
    contents = read(path)
    assert contents.damage is None and not contents.torn and b"\0" not in path.read_bytes()
    assert contents.replay().snapshot() == game.snapshot() and len(game.history) == 36
    assert path.read_bytes().startswith(before)  # the same bytes as if nothing had happened


def test_a_journal_emptied_at_the_table_is_saved_again_and_said(tmp_path):
    session = played(tmp_path, SCANS[:4])
    empty(tmp_path / "game.jsonl")
    assert type(draw_press(session, 30.0)).__name__ == "Applied"
    (alert,) = session.alerts
    assert alert.kind is AlertKind.REWRITTEN
    assert sentence(alert) == (
        "Another program removed or changed the saved game: it is saved again from this "
        "table, nothing lost"
    )
    assert "{" not in sentence(alert, "es")
    draw_press(session, 31.0)
    assert session.alerts == [], "a press clears it, as a damaged journal's alert"
    shown = session.game.snapshot()
    session.journal.close()
    again = Session(CONFIG, tmp_path)
    again.handle(press(0, "draw", 1.0), 1.0)  # resume
    assert again.game.snapshot() == shown and again.alerts == []


def test_a_resume_that_fails_on_a_full_disk_keeps_one_copy_of_the_damage(tmp_path):
    with tmpfs(tmp_path / "disk", "64k") as disk:
        session = played(disk, SCANS)
        session.journal.close()
        path = disk / "game.jsonl"
        lines = path.read_bytes().split(b"\n")
        lines[3] = lines[3][:-3] + b"zz}"
        path.write_bytes(b"\n".join(lines))
        filler = fill(disk)
        again = Session(CONFIG, disk)
        for n in range(3):
            again.handle(press(0, "draw", 1.0 + n), 1.0 + n)  # resume: no room to rewrite
            # Still offered, still damaged: both said until the resume is done.
            assert [a.kind for a in again.alerts] == [AlertKind.DAMAGE_FOUND, AlertKind.CANNOT_SAVE]
        names = sorted(p.name for p in disk.iterdir())
        assert names == ["filler", "game.jsonl", "game.jsonl.damaged-1"]
        filler.unlink()
        again.handle(press(0, "draw", 9.0), 9.0)
        assert again.game is not None and len(again.game.history) == 2
        assert [a.kind for a in again.alerts] == [AlertKind.DAMAGED]
        assert sorted(p.name for p in disk.iterdir()) == ["game.jsonl", "game.jsonl.damaged-1"]
        again.journal.close()
        assert Journal.resume(path)[1].set_aside is None


def test_a_journal_touched_but_not_changed_is_not_written_again(tmp_path):
    """Its time changed (`touch`, a backup tool that wrote the same bytes back): it is read
    once to see that it holds the records written, and kept as it is."""
    game = bot_game("official", 4, max_actions=30)
    path = tmp_path / "game.jsonl"
    journal = journaled(path, game)
    more = bot_game("official", 4, max_actions=33).history[30:]
    journal.apply(game, more[0])
    path.write_bytes(path.read_bytes())  # the same bytes, written again in place
    later(path, os.stat(path))
    journal.apply(game, more[1])
    journal.apply(game, more[2])
    journal.close()
    assert journal.repaired is None and os.listdir(tmp_path) == ["game.jsonl"]
    assert read(path).replay().snapshot() == game.snapshot()


def test_the_check_before_a_record_reads_the_open_file_and_opens_none(tmp_path, monkeypatch):
    """The check runs before every action's line (on its way to the frame): the journal's own
    open file is the file at its path, so the last record is read through it."""
    game = bot_game("official", 4, max_actions=30)
    journal = journaled(tmp_path / "game.jsonl", game)
    opened: list[object] = []
    real_open = os.open
    monkeypatch.setattr(
        os, "open", lambda *args, **kw: opened.append(args) or real_open(*args, **kw)
    )
    for action in bot_game("official", 4, max_actions=33).history[30:]:
        journal.apply(game, action)
    monkeypatch.undo()
    journal.close()
    assert opened == [] and journal.repaired is None
    assert len(read(journal.path).actions) == 33


def test_a_crash_while_a_changed_journal_is_written_again_leaves_a_journal(tmp_path, monkeypatch):
    """Before: what was there was renamed aside first, then the new journal renamed in: a kill
    between the two left no game.jsonl, and the restart had no game to resume."""
    game = bot_game("official", 4, max_actions=30)
    path = tmp_path / "game.jsonl"
    journal = journaled(path, game)
    shutil.copyfile(path, tmp_path / "backup")
    more = bot_game("official", 4, max_actions=36).history[30:]
    journal.apply(game, more[0])
    restore(path)  # an older copy over it: noticed at the next record, written again
    restored = path.read_bytes()

    def killed(*_args, **_kwargs):
        raise KeyboardInterrupt  # the power goes before the rewrite's rename

    monkeypatch.setattr(Journal, "_write", killed)
    with pytest.raises(KeyboardInterrupt):
        journal.apply(game, more[1])
    assert path.read_bytes() == restored  # still there to resume, as it was
    assert read(path).damage is None

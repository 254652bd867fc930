"""The saved game at the table: damaged journals, a full or read-only disk, a journal that does
not fit the configuration, another table on the same folder. Nothing is lost, nothing silent."""

from __future__ import annotations

import errno
import json
import os
import shutil

import pytest

from engine import Game
from hw.events import CodeScanned
from table.flow import saved_game
from table.flow.alerts import Alert, AlertKind, Cause
from table.flow.journal import Journal, _line, read
from table.flow.lock import StateLock
from table.flow.session import Phase, Session
from table.screen.text import Text
from table.setup import config as configuration

from .small_disk import fill, read_only, tmpfs
from .test_session import CONFIG, feed, lobby_to_game, press

SCANS = ["R5", "R7", "R2", "G2", "G9", "Y9", "Y1", "B1"]  # a refereed game: flip, then plays


def played(state_dir, scans=SCANS, seats=(0, 2)) -> Session:
    """A session on `state_dir` that started a game and had `scans` applied, one a second."""
    session = Session(CONFIG, state_dir)
    lobby_to_game(session, seats)
    for n, code in enumerate(scans):
        (outcome,) = feed(session, CodeScanned(code, "pile", 10.0 + n))
        assert type(outcome).__name__ == "Applied", outcome
    return session


def sentence(alert, lang="en") -> str:
    return Text(lang).alert(alert.kind, alert.cause, **alert.blanks())


# --- a damaged journal -----------------------------------------------------------------------


def test_a_damaged_line_resumes_at_the_last_good_action_and_says_so_until_a_press(tmp_path):
    first = played(tmp_path)
    history = list(first.game.history)
    first.journal.close()
    path = tmp_path / "game.jsonl"
    lines = path.read_bytes().split(b"\n")
    assert b'"cards":["G9"]' in lines[5]
    lines[5] = lines[5].replace(b"G9", b"G8")  # another card on line 6: action 5
    path.write_bytes(b"\n".join(lines))
    damaged = path.read_bytes()

    again = Session(CONFIG, tmp_path)
    assert again.phase is Phase.RESUME
    feed(again, press(0, "draw", 1.0))
    assert again.phase is Phase.GAME
    assert again.game.history == history[:4]
    (alert,) = again.alerts
    assert (alert.kind, alert.line, alert.kept) == (AlertKind.DAMAGED, 6, 4)
    assert (tmp_path / alert.file).read_bytes() == damaged  # kept whole
    assert sentence(alert) == (
        "The saved game was damaged at line 6: resumed after 4 moves; "
        "the whole file is kept as game.jsonl.damaged-1"
    )
    assert "línea 6" in sentence(alert, "es")
    again.tick(10_000.0)  # time alone does not clear it
    feed(again, CodeScanned(SCANS[4], "pile", 20.0))  # nor does a scan
    assert again.alerts == [alert]
    feed(again, press(0, "uno", 30.0))  # a button does
    assert again.alerts == []


def test_a_journal_with_a_bad_header_is_set_aside_and_said_until_a_press(tmp_path):
    (tmp_path / "game.jsonl").write_bytes(b'{"journal": "uno-table journal", "format": 2}\n')
    session = Session(CONFIG, tmp_path)
    assert session.phase is Phase.LOBBY
    (alert,) = session.alerts
    assert alert.kind is AlertKind.UNREADABLE
    assert sentence(alert) == "The saved game could not be read: it is kept as game.jsonl.corrupt-1"
    session.tick(10_000.0)
    assert session.alerts == [alert]  # before: gone before the first frame
    feed(session, press(None, "red", 1.0))
    assert session.alerts == []


def test_the_screen_shows_the_alert_in_the_footer(tmp_path):
    """What the screen is handed: the alert's sentence first in the footer; and it draws."""
    import pygame

    from table.screen.frame import session_view
    from table.screen.window import Window

    (tmp_path / "game.jsonl").write_bytes(b"garbage\n")
    session = Session(CONFIG, tmp_path)
    view = session_view(session)
    assert view.footer.startswith("The saved game could not be read")
    pygame.display.init()
    Window(CONFIG, pygame.Surface((800, 480)), None, None).frame(session, 0.0)


# --- a journal that does not fit this table -----------------------------------------------


def journal_with(tmp_path, players: int, meta: dict) -> None:
    game = Game.referee(players)
    Journal.create(tmp_path / "game.jsonl", game, meta=meta).close()


@pytest.mark.parametrize(
    "players, meta",
    [
        (6, {"seats": [0, 1, 2, 3, 4, 5], "preset": "official"}),  # 6 seats at a 4-seat table
        (2, {"seats": [0, 7]}),  # a seat this table does not have
        (2, {"seats": "ab"}),  # notes written by something else
        (2, {"seats": [0, 0]}),
        (3, {"seats": [0, 1]}),  # two seats for a 3-player game
        (5, {}),  # no notes: seats 1..5
    ],
)
def test_a_saved_game_that_does_not_fit_is_said_and_can_be_set_aside(tmp_path, players, meta):
    journal_with(tmp_path, players, meta)
    session = Session(CONFIG, tmp_path)
    assert session.phase is Phase.RESUME
    feed(session, press(0, "draw", 1.0))
    assert session.phase is Phase.RESUME  # before: IndexError in window.py, or a TypeError
    (alert,) = session.alerts
    assert (alert.kind, alert.seats, alert.configured) == (AlertKind.MISFIT, players, 4)
    assert sentence(alert) == (
        f"The saved game has {players} seats, this table 4: CHALLENGE sets it aside"
    )
    feed(session, press(0, "challenge", 2.0))
    assert session.phase is Phase.LOBBY and session.alerts == []
    assert (tmp_path / "game.jsonl.discarded-1").exists()


def test_a_saved_game_that_fits_resumes_with_its_seats_and_a_known_preset(tmp_path):
    journal_with(tmp_path, 2, {"seats": [1, 3], "preset": "no such preset"})
    session = Session(CONFIG, tmp_path)
    feed(session, press(0, "draw", 1.0))
    assert session.phase is Phase.GAME and session.joined == [1, 3]
    assert session.preset == CONFIG.preset


# --- the disk refuses -------------------------------------------------------------------------


def draw_press(session, at: float):
    """The awaited seat presses DRAW (a draw, or the pass after it)."""
    seat = session.joined[session.game.awaiting.seat]
    (outcome,) = feed(session, press(seat, "draw", at))
    return outcome


def test_a_full_disk_refuses_the_action_and_the_game_goes_on_once_there_is_room(tmp_path):
    with tmpfs(tmp_path / "disk", "64k") as disk:
        session = played(disk, SCANS[:2])
        filler = fill(disk)
        for n in range(500):  # the journal's last block fills up first
            before, count = session.game.snapshot(), session.journal.count
            outcome = draw_press(session, 20.0 + n)
            if getattr(outcome, "reason", "") == "not_saved":
                break
        assert outcome.reason == "not_saved", "the disk never filled"
        assert session.game.snapshot() == before  # the screen acknowledges nothing
        assert session.controller.game is session.game
        (alert,) = session.alerts
        assert (alert.kind, alert.cause) == (AlertKind.CANNOT_SAVE, Cause.DISK_FULL)
        assert sentence(alert).startswith("Cannot save: the disk is full.")
        assert sentence(alert, "es").startswith("No se puede guardar: el disco está lleno.")
        assert read(disk / "game.jsonl").replay().snapshot() == before
        assert draw_press(session, 600.0).reason == "not_saved"  # still full
        assert session.journal.count == count
        filler.unlink()
        assert type(draw_press(session, 601.0)).__name__ == "Applied"  # room again
        assert session.alerts == []
        for n in range(5):
            draw_press(session, 610.0 + n)
        session.journal.close()
        contents = read(disk / "game.jsonl")
        assert contents.damage is None and not contents.torn
        assert contents.replay().snapshot() == session.game.snapshot()
        assert len(contents.actions) == count + 6


def test_a_full_disk_refuses_a_new_game(tmp_path):
    with tmpfs(tmp_path / "disk", "64k") as disk:
        session = Session(CONFIG, disk / "state")
        filler = fill(disk)
        lobby_to_game(session)
        assert session.phase is Phase.LOBBY
        assert [(a.kind, a.cause) for a in session.alerts] == [
            (AlertKind.CANNOT_SAVE, Cause.DISK_FULL)
        ]
        filler.unlink()
        session.handle(press(0, "draw", 10.0), 10.0)
        assert session.phase is Phase.GAME and session.alerts == []


def test_a_read_only_disk_refuses_then_takes_the_action_once_writable(tmp_path):
    with tmpfs(tmp_path / "disk", "1m") as disk:
        session = played(disk, SCANS[:2])
        before = session.game.snapshot()
        session.journal.close()  # a remount read-only waits for files open to write to close
        read_only(disk)
        try:
            (refused,) = feed(session, CodeScanned(SCANS[2], "pile", 20.0))
            assert refused.reason == "not_saved" and session.game.snapshot() == before
            assert [(a.kind, a.cause) for a in session.alerts] == [
                (AlertKind.CANNOT_SAVE, Cause.READ_ONLY)
            ]
        finally:
            read_only(disk, False)
        (applied,) = feed(session, CodeScanned(SCANS[2], "pile", 21.0))
        assert type(applied).__name__ == "Applied" and session.alerts == []


def test_a_read_only_state_dir_at_start_offers_the_game_and_refuses_to_resume(tmp_path):
    with tmpfs(tmp_path / "disk", "1m") as disk:
        played(disk, SCANS[:3]).journal.close()
        read_only(disk)
        try:
            session = Session(CONFIG, disk, lock=StateLock(disk))
            assert session.phase is Phase.RESUME  # reading is fine
            feed(session, press(0, "draw", 1.0))
            assert session.phase is Phase.RESUME
            assert [(a.kind, a.cause) for a in session.alerts] == [
                (AlertKind.CANNOT_SAVE, Cause.READ_ONLY)
            ]
        finally:
            read_only(disk, False)
        feed(session, press(0, "draw", 2.0))
        assert session.phase is Phase.GAME and len(session.game.history) == 3


def test_a_state_dir_removed_mid_game_is_made_again(tmp_path):
    session = played(tmp_path / "state", SCANS[:3])
    shutil.rmtree(tmp_path / "state")
    (applied,) = feed(session, CodeScanned(SCANS[3], "pile", 20.0))
    assert type(applied).__name__ == "Applied"
    session.journal.close()
    assert read(tmp_path / "state" / "game.jsonl").replay().snapshot() == session.game.snapshot()


def test_a_missing_state_dir_is_made_at_the_start(tmp_path):
    session = Session(CONFIG, tmp_path / "a" / "b", lock=StateLock(tmp_path / "a" / "b"))
    lobby_to_game(session)
    assert session.phase is Phase.GAME and (tmp_path / "a" / "b" / "game.jsonl").exists()


THINGS = {
    "folder": lambda path: path.mkdir(),
    "dangling": lambda path: path.symlink_to(path.with_name("gone")),
    "loop": lambda path: (
        path.symlink_to(path.with_name("b")),
        path.with_name("b").symlink_to(path),
    ),
    "fifo": lambda path: os.mkfifo(path),
}
WHAT = {"folder": "a folder", "dangling": "a link to nothing", "loop": "a loop of links",
        "fifo": "a named pipe (FIFO)"}  # fmt: skip


@pytest.mark.parametrize("thing", THINGS)
def test_something_else_where_the_journal_goes_is_said_and_challenge_sets_it_aside(tmp_path, thing):
    """Before: no button left that state, and a link to nothing was "the folder is missing"."""
    THINGS[thing](tmp_path / "game.jsonl")
    session = Session(CONFIG, tmp_path)
    assert session.phase is Phase.RESUME
    (alert,) = session.alerts
    assert (alert.kind, alert.thing) == (AlertKind.NOT_A_GAME, thing)
    assert (
        sentence(alert)
        == f"There is {WHAT[thing]} where the saved game goes: CHALLENGE sets it aside"
    )
    assert "{" not in sentence(alert, "es") and "thing_" not in sentence(alert, "es")
    session.handle(press(0, "draw", 1.0), 1.0)  # DRAW cannot resume it: still offered, said
    assert session.phase is Phase.RESUME and [a.kind for a in session.alerts] == [
        AlertKind.NOT_A_GAME
    ]
    session.handle(press(0, "challenge", 2.0), 2.0)
    assert session.phase is Phase.LOBBY and session.alerts == []
    assert os.path.lexists(tmp_path / "game.jsonl.discarded-1")  # kept, not deleted
    lobby_to_game(session)
    assert session.phase is Phase.GAME


def test_a_journal_that_cannot_be_read_is_offered_once_it_can(tmp_path, monkeypatch):
    """chmod 000 stops no root: the system's refusal is made here, once; then DRAW offers it."""
    played(tmp_path / "s", SCANS[:2]).journal.close()
    real = saved_game.read
    refusals = iter([OSError(errno.EACCES, "Permission denied")])
    monkeypatch.setattr(
        saved_game,
        "read",
        lambda path: (
            real(path) if (e := next(refusals, None)) is None else (_ for _ in ()).throw(e)
        ),
    )
    session = Session(CONFIG, tmp_path / "s")
    assert session.alerts[0].kind is AlertKind.CANNOT_READ
    lobby_to_game(session)
    assert session.phase is Phase.RESUME and session.alerts == []


# --- one table per folder ---------------------------------------------------------------------


def test_another_table_holding_the_folder_refuses_every_write(tmp_path):
    other = StateLock(tmp_path)
    other.take()
    try:
        session = Session(CONFIG, tmp_path, lock=StateLock(tmp_path))
        lobby_to_game(session)
        assert session.phase is Phase.LOBBY and not (tmp_path / "game.jsonl").exists()
        (alert,) = session.alerts
        assert alert.kind is AlertKind.IN_USE and alert.pid is not None
        assert "Another table (process" in sentence(alert)
    finally:
        other.release()
    session.handle(press(0, "draw", 10.0), 10.0)
    assert session.phase is Phase.GAME and session.alerts == []


def test_the_header_notes_survive_a_rewrite(tmp_path):
    """A damaged journal is rewritten with its header, the table's notes included."""
    first = played(tmp_path, SCANS[:4], seats=(1, 3))
    first.journal.close()
    path = tmp_path / "game.jsonl"
    path.write_bytes(path.read_bytes() + b"x\n")
    again = Session(CONFIG, tmp_path)
    feed(again, press(0, "draw", 1.0))
    assert again.joined == [1, 3]
    header = json.loads(path.read_bytes().split(b"\n")[0])
    assert header["table"] == {"seats": [1, 3], "preset": "official"}
    assert path.read_bytes().split(b"\n")[0] + b"\n" == _line(
        {k: v for k, v in header.items() if k != "crc"}
    )


def test_config_for_tests_has_four_seats():
    assert len(CONFIG.seats) == 4 and configuration.load().preset == "official"


@pytest.mark.parametrize(
    "code, cause",
    [
        (errno.ENOSPC, Cause.DISK_FULL),
        (errno.EDQUOT, Cause.DISK_FULL),
        (errno.EROFS, Cause.READ_ONLY),
        (errno.EACCES, Cause.NO_PERMISSION),
        (errno.ENOENT, Cause.MISSING),
        (errno.EISDIR, Cause.IN_THE_WAY),
        (errno.EIO, Cause.OTHER),
    ],
)
def test_every_cause_has_its_words_in_both_languages(code, cause):
    alert = Alert.from_os(AlertKind.CANNOT_SAVE, OSError(code, os.strerror(code), "/x/game.jsonl"))
    assert alert.cause is cause and alert.detail.endswith("(/x/game.jsonl)")
    for lang in ("en", "es"):
        said = sentence(alert, lang)
        assert "{" not in said and ("cause_" not in said)
    if cause is Cause.OTHER:
        assert os.strerror(code) in sentence(alert)  # the system's own words, not a blank

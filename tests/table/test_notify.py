"""systemd's side of the app: sd_notify over a datagram socket, journald levels on stderr."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys

import pytest

from table.setup.notify import JournalFormatter, Notifier, log_formatter, priority, under_journal


@pytest.fixture
def listener(tmp_path):
    """A datagram socket where systemd's would be; NOTIFY_SOCKET is its path."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    sock.settimeout(120)  # a hang guard: a loaded machine starts the table slowly
    yield sock
    sock.close()


def received(sock: socket.socket, until: str) -> list[str]:
    """Every datagram up to and including the first that contains `until`."""
    got = []
    while not got or until not in got[-1]:
        got.append(sock.recv(4096).decode())
    return got


def test_ready_once_watchdog_at_half_the_interval_and_stopping(listener):
    now = [100.0]
    notifier = Notifier(listener.getsockname(), watchdog=2.0, clock=lambda: now[0])
    notifier.ready()
    notifier.ready()
    for t in (100.0, 100.5, 100.9, 101.0, 101.5, 102.1):
        now[0] = t
        notifier.alive()
    notifier.stopping()
    notifier.close()
    assert received(listener, "STOPPING=1") == [
        "READY=1\nSTATUS=showing the table",
        "WATCHDOG=1",  # 100.0
        "WATCHDOG=1",  # 101.0: one second (half of two) later
        "WATCHDOG=1",  # 102.1
        "STOPPING=1",
    ]


def test_an_abstract_socket_name_starts_with_at():
    name = f"uno-table-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        assert Notifier("@" + name).send("READY=1")
        assert sock.recv(100) == b"READY=1"


def test_without_notify_socket_nothing_is_sent():
    notifier = Notifier.from_env({"WATCHDOG_USEC": "1000000"})
    assert notifier.address is None
    assert not notifier.send("READY=1")
    notifier.ready()
    notifier.alive()
    notifier.stopping()
    assert notifier.sock is None


def test_the_watchdog_comes_from_the_environment():
    pid = str(os.getpid())
    assert Notifier.from_env({"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "10000000"}).every == 5.0
    assert Notifier.from_env({"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": pid}).every == 2.0
    assert Notifier.from_env({"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1"}).every is None
    assert Notifier.from_env({"WATCHDOG_USEC": "0"}).every is None
    assert Notifier.from_env({"WATCHDOG_USEC": "soon"}).every is None
    assert Notifier.from_env({"WATCHDOG_USEC": "\u00b2"}).every is None  # a digit, no number


def test_a_dead_socket_is_survived(tmp_path, caplog):
    assert not Notifier(str(tmp_path / "nobody")).send("READY=1")
    assert "sd_notify" in caplog.text


def test_journald_priorities():
    assert [priority(level) for level in (50, 40, 30, 20, 10)] == [3, 3, 4, 6, 7]
    record = logging.LogRecord("t", logging.WARNING, "", 0, "one\ntwo", None, None)
    assert JournalFormatter("%(message)s").format(record) == "<4>one\n<4>two"


def test_journal_stream_must_be_our_stderr(tmp_path):
    with open(tmp_path / "log", "w") as stream:
        st = os.fstat(stream.fileno())
        ours = {"JOURNAL_STREAM": f"{st.st_dev}:{st.st_ino}"}
        assert under_journal(stream, ours)
        assert not under_journal(stream, {"JOURNAL_STREAM": f"{st.st_dev}:{st.st_ino + 1}"})
        assert not under_journal(stream, {})
    assert type(log_formatter("%(message)s", {})) is logging.Formatter


def run_table(tmp_path, env: dict, *args: str, stderr=subprocess.PIPE) -> subprocess.Popen:
    """`uno-table run --headless` in a subprocess, its journal in tmp_path."""
    config = tmp_path / "table.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n')
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    cmd = [
        sys.executable,
        "-m",
        "table.commands.cli",
        "run",
        "--headless",
        "--config",
        str(config),
        *args,
    ]
    return subprocess.Popen(cmd, env=env, stderr=stderr, text=True)


def test_the_app_tells_systemd_ready_watchdog_and_stopping(tmp_path, listener):
    """READY once, then WATCHDOG (asked every 0.2 s; the loop wakes every 0.5 s) for as long
    as it runs: two are waited for, then it is stopped, not after seconds of real time."""
    app = run_table(
        tmp_path,
        {"NOTIFY_SOCKET": listener.getsockname(), "WATCHDOG_USEC": "400000"},
        *("--pin-factory", "mock"),
    )
    try:
        got = received(listener, "READY=1")
        while got.count("WATCHDOG=1") < 2:
            got += received(listener, "WATCHDOG=1")
        app.send_signal(signal.SIGTERM)
        got += received(listener, "STOPPING=1")
        assert app.wait(timeout=120) == 0, app.stderr.read()
    finally:
        app.kill()
    assert got[0].startswith("READY=1")
    assert got[-1] == "STOPPING=1"
    assert set(got[1:-1]) == {"WATCHDOG=1"}


def test_sigterm_stops_the_table_cleanly_with_journald_levels(tmp_path, listener):
    read_end, write_end = os.pipe()
    st = os.fstat(write_end)
    env = {"NOTIFY_SOCKET": listener.getsockname(), "JOURNAL_STREAM": f"{st.st_dev}:{st.st_ino}"}
    # The keyboard pin factory: the table says so in a warning, a line to look at.
    app = run_table(tmp_path, env, "--pin-factory", "keyboard", stderr=write_end)
    os.close(write_end)
    try:
        assert received(listener, "READY=1")[-1].startswith("READY=1")
        app.send_signal(signal.SIGTERM)
        assert received(listener, "STOPPING=1")[-1] == "STOPPING=1"
        assert app.wait(timeout=120) == 0  # a hang guard
    finally:
        app.kill()
        with os.fdopen(read_end) as stderr:
            lines = stderr.read().splitlines()
    assert any(line.startswith("<4>WARNING") and "keyboard" in line for line in lines), lines
    assert all(line.startswith(("<3>", "<4>", "<6>", "<7>")) for line in lines), lines

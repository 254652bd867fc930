"""A noisy, flaky card reader during a demo game: garbage lines, unplugged and plugged back.

Between the bots' moves the pty reader gets garbage lines (never a card code) and is
unplugged and plugged back on the same path (sometimes with half a line in flight). The
reader must find its device again by itself, every garbage line must reach the screen as a
problem, and the demo must stay consistent with the bots' own game to its end.
"""

from __future__ import annotations

import random
import time

import pytest

from hw.events import DeviceProblem, DeviceReady
from table.commands.demo import build_rig
from table.setup.inputs import codebook

GARBAGE = ("unknown code", "unreadable scan", "line too long")
WAIT = 120.0  # a hang guard: seconds the reader gets to come back, or a line to be reported


def garbage_line(rng: random.Random, is_code) -> bytes:
    """A line that is no card code: random bytes, text, or a code with a typo."""
    while True:
        kind = rng.random()
        if kind < 0.4:
            body = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
        elif kind < 0.8:
            body = "".join(rng.choice("RYGBWSD0123456789xq#-é ") for _ in range(rng.randint(1, 12)))
            body = body.encode()
        else:
            body = rng.choice([b"R10", b"W5", b"GG", b"D2", b"BW4", b"\x00R5", b"r 5"])
        body = body.replace(b"\r", b"").replace(b"\n", b"")
        text = body.decode("utf-8", "replace").strip()
        if body.strip() and not is_code(text):
            return body + rng.choice([b"\n", b"\r\n", b"\r"])


class Chaos:
    """Watches the session's inputs and does the damage between two moves."""

    def __init__(self, rig, lines: int, replugs: int, seed: int) -> None:
        self.rig, self.rng = rig, random.Random(seed)
        self.lines_left, self.replugs_left = lines, replugs
        self.sent = self.replugged = 0
        self.garbage_shown = 0
        self.ready = self.down = 0
        book = codebook(rig.config)
        self.is_code = lambda text: book.decode(text) is not None
        handle = rig.session.handle

        def watched(event, now):
            handle(event, now)
            if isinstance(event, DeviceProblem) and event.source == "pile":
                notice = rig.session.notice
                assert notice is not None and notice.problem and event.detail in notice.text
                # A bad line leaves the reader up; an outage marks it down.
                assert rig.session.devices["pile"][0] is (event.detail in GARBAGE)
                self.garbage_shown += event.detail in GARBAGE
                self.down += event.detail not in GARBAGE
            elif isinstance(event, DeviceReady) and event.source == "pile":
                self.ready += 1

        rig.session.handle = watched

    def between_moves(self) -> None:
        burst = min(self.lines_left, self.rng.randint(1, 30))
        for _ in range(burst):
            self.rig.reader.send(garbage_line(self.rng, self.is_code))
        self.lines_left -= burst
        self.sent += burst
        if self.replugs_left and self.rng.random() < 0.3:
            self.replug()

    def replug(self) -> None:
        reader, ready = self.rig.reader, self.ready
        if self.rng.random() < 0.5:
            reader.send(b"R")  # half a line, lost with the device: never a scan
        self._until(lambda: self.garbage_shown == self.sent)  # read before the plug goes
        reader.unplug()
        if self.rng.random() < 0.5:
            time.sleep(self.rng.uniform(0, 0.3))  # sometimes the reader sees no device at all
        reader.replug()
        self._until(lambda: self.ready > ready)  # found again, by itself
        self.replugs_left -= 1
        self.replugged += 1

    def _until(self, done) -> None:
        end = time.monotonic() + WAIT
        while not done():
            assert time.monotonic() < end, "the reader did not answer in time"
            self.rig.loop.run_once(wait=0.01)


def play(tmp_path, lines: int, replugs: int, seed: int, rounds: int) -> Chaos:
    rig = build_rig(tmp_path, preset="official", players=3, seed=seed, rounds=rounds)
    chaos = Chaos(rig, lines, replugs, seed)
    driver = rig.driver
    try:
        chaos._until(lambda: chaos.ready >= 1)
        moves, end = 0, time.monotonic() + 600  # a hang guard
        while not driver.done:
            assert time.monotonic() < end, f"the demo did not finish: {driver.summary()}"
            # Nothing in flight: the last input reached the game, so no scan can be lost.
            if driver._arrived(rig.clock()) and (chaos.lines_left or chaos.replugs_left):
                moves += 1
                if moves % 3 == 0:
                    chaos.between_moves()
            rig.step()  # the table's clock moves once nothing is on its way
        chaos._until(lambda: chaos.garbage_shown == chaos.sent)
    finally:
        rig.close()
    assert driver.consistent, driver.problem
    summary = driver.summary()
    assert summary["rounds"] == rounds
    # The game never took a garbage line for a move: every action is the bots'.
    assert len(rig.session.game.history) >= driver.actions
    print(
        f"\n{chaos.sent} garbage lines shown as problems, {chaos.replugged} replugs found again "
        f"({chaos.down} outages reported), {driver.actions} moves, consistent"
    )
    return chaos


def test_reader_garbage_100_lines_3_replugs(tmp_path):
    chaos = play(tmp_path, lines=100, replugs=3, seed=5, rounds=2)
    assert (chaos.sent, chaos.replugged) == (100, 3)
    assert chaos.down >= 3


@pytest.mark.slow
def test_reader_garbage_1000_lines_20_replugs(tmp_path):
    chaos = play(tmp_path, lines=1000, replugs=20, seed=6, rounds=6)
    assert (chaos.sent, chaos.replugged) == (1000, 20)
    assert chaos.down >= 20

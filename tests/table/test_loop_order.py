"""What the loop shows after an input, in its order (table/flow/loop.py): the frame first,
then the seat LEDs, both once the action is on disk (tests/table/test_save_overlap.py).

The app's own table (build_table on gpiozero's MockFactory, the Window on SDL's dummy
driver)."""

from __future__ import annotations

import time

import pytest

from hw.events import Button, ButtonPressed
from table.app import WindowOptions, build_table
from tests.table.table_driver import table_config


@pytest.fixture
def table(tmp_path):
    """Two seats on mock pins, the window headless."""
    table = build_table(
        table_config(2, "official", tmp_path), pins="mock", settle=0.0,
        window=WindowOptions(headless=True, keyboard=False),
    )  # fmt: skip
    yield table
    table.close()


def test_the_frame_is_shown_before_the_leds_change(table):
    panel = table.inputs.panel
    assert panel is not None and 0 in panel.led_seats
    table.loop.run_once(wait=0.0)  # the lobby's first frame and LEDs
    order: list[str] = []
    present, show = table.loop.present, panel.show

    def presented() -> None:
        present()
        order.append("frame")

    def shown(states) -> None:
        show(states)
        order.append("leds")

    table.loop.present, panel.show = presented, shown
    table.events.put(ButtonPressed(0, Button.UNO, time.monotonic()))  # seat 0 joins
    table.loop.run_once(wait=0.0)
    assert 0 in table.session.joined and panel.is_lit(0)
    assert order == ["frame", "leds"]


def test_what_the_next_frame_needs_is_made_only_when_no_input_waits(table):
    loop = table.loop
    loop.run_once(wait=0.0)  # the lobby's first frame
    order: list[str] = []
    ahead, present = loop.ahead, loop.present
    assert ahead is not None and present is not None
    loop.ahead = lambda session: (order.append("ahead"), ahead(session))[1]
    loop.present = lambda: (present(), order.append("frame"))
    table.events.put(ButtonPressed(0, Button.UNO, time.monotonic()))  # seat 0 joins
    loop.run_once(wait=0.01)  # an input waits: handled and shown first
    assert order == ["frame"]
    loop.run_once(wait=0.01)  # nothing waits: made ahead, then the loop sleeps
    assert order[:2] == ["frame", "ahead"]


def test_work_ahead_goes_a_piece_a_turn_and_an_input_comes_between(table):
    """While `ahead` says more is left, the loop only looks for input before it runs it
    again (it does not sleep); an input that came meanwhile is handled before the next
    piece, and once nothing is left the loop sleeps till its next deadline."""
    loop = table.loop
    loop.run_once(wait=0.0)  # the lobby's first frame
    waits: list[float] = []
    wait = table.events.wakeup.wait
    table.events.wakeup.wait = lambda timeout: (waits.append(timeout), wait(0.0))[1]
    pieces = [True, True, False]  # two pieces left after the first, then none

    def ahead(session) -> bool:
        if len(pieces) == 3:  # a seat joins while the first piece is made
            table.events.put(ButtonPressed(0, Button.UNO, time.monotonic()))
        return pieces.pop(0)

    loop.ahead = ahead
    loop.run_once(wait=5.0)  # the first piece; the input found at once
    assert waits == [] and 0 in table.session.joined and len(pieces) == 2
    loop.run_once(wait=5.0)  # the new frame's turn: a piece, then a look for input
    assert waits == [0.0] and len(pieces) == 1
    loop.run_once(wait=5.0)  # the last piece: nothing left, a sleep till the next deadline
    assert waits[-1] > 0.0 and not pieces

"""No garbage collection between an input and its frame shown (table/flow/loop.py): one that
falls due meanwhile runs after the frame, and collection is on again once it is shown.

The app's own table (build_table with its Inbox, the Window on SDL's dummy driver); the
collector is made to fall due at every allocation, so that any frame would start one."""

from __future__ import annotations

import gc
import time

from hw.events import Button, ButtonPressed
from table.app import WindowOptions, build_table
from table.flow.loop import collection_waits
from tests.table.table_driver import table_config


def test_no_collection_runs_between_an_input_and_its_frame_shown(tmp_path):
    table = build_table(
        table_config(2, "official", tmp_path), pins="keyboard", settle=0.0,
        window=WindowOptions(headless=True, keyboard=False),
    )  # fmt: skip
    thresholds = gc.get_threshold()
    collected: list[str] = []
    stage = ["idle"]
    handle, present = table.session.handle, table.loop.present

    def handled(event, now: float) -> None:
        stage[0] = "input to frame"
        handle(event, now)

    def presented() -> None:
        present()
        stage[0] = "shown"

    def collection(phase: str, _info: dict) -> None:
        if phase == "start":
            collected.append(stage[0])

    table.session.handle, table.loop.present = handled, presented
    gc.callbacks.append(collection)
    try:
        gc.set_threshold(1)  # a collection at every allocation of a container
        table.events.put(ButtonPressed(0, Button.UNO, time.monotonic()))  # seat 0 joins
        table.loop.run_once(wait=0.0)
        assert 0 in table.session.joined and stage[0] == "shown"
        assert "input to frame" not in collected
        assert gc.isenabled()
        [[] for _ in range(3)]  # the next allocation starts the collection that fell due
        assert collected[-1] == "shown"
    finally:
        gc.callbacks.remove(collection)
        gc.set_threshold(*thresholds)
        table.close()


def test_collection_a_caller_turned_off_stays_off():
    gc.disable()
    try:
        with collection_waits():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
    with collection_waits():
        assert not gc.isenabled()
    assert gc.isenabled()

"""bench/memory.py measures the table, not the leftovers of the bench's own making."""

from __future__ import annotations

import gc

import bench.memory
from table.flow.session import Session


def test_each_matchs_session_is_gone_when_its_peak_is_read(monkeypatch):
    # The table keeps one Session for its life; the bench makes one per match, whose reference
    # cycles would otherwise wait for the cyclic collector, counted as the table's memory.
    sessions: list[int] = []

    def peak() -> float:
        sessions.append(sum(isinstance(o, Session) for o in gc.get_objects()))
        return 0.0

    monkeypatch.setattr(bench.memory, "_peak_mb", peak)
    result = bench.memory.measure((320, 240), matches=2)
    assert result["matches"] == 2
    assert sessions == [0, 0]

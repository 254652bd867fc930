"""The demo: bots play through mock pins and a pty reader; the table must agree with the world."""

from __future__ import annotations

import pytest

from table.demo import build_rig, run


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("official", 3, 1), ("reglamento", 2, 4), ("playone", 4, 2)],
)
def test_demo_table_matches_the_world(tmp_path, preset, players, seed):
    rig = build_rig(tmp_path, preset=preset, players=players, seed=seed, rounds=1)
    try:
        summary = run(rig, max_seconds=120)
    finally:
        rig.close()
    assert summary["consistent"], rig.driver.problem
    assert summary["rounds"] == 1 and summary["actions"] > 0
    assert summary["winner"] in range(players)
    # Every acknowledged action is in the journal the session kept.
    assert rig.session.journal is None or rig.session.journal.count == len(rig.session.game.history)

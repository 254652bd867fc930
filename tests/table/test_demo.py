"""The demo: bots play through mock pins and a pty reader; the table must agree with the world."""

from __future__ import annotations

import pytest

from engine import Game, Play
from engine import events as ev
from table.commands.demo import build_rig, run


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("official", 3, 1), ("reglamento", 2, 4), ("playone", 4, 2)],
)
def test_demo_table_matches_the_world(tmp_path, preset, players, seed):
    rig = build_rig(tmp_path, preset=preset, players=players, seed=seed, rounds=1)
    try:
        summary = run(rig)  # its own hang guard: 600 s of real time
    finally:
        rig.close()
    assert summary["consistent"], rig.driver.problem
    assert summary["rounds"] == 1 and summary["actions"] > 0
    assert summary["winner"] in range(1, players + 1)  # numbered as the screen numbers seats
    # Every acknowledged action is in the journal the session kept.
    assert rig.session.journal is None or rig.session.journal.count == len(rig.session.game.history)


def test_a_cool_demo_with_seven_zero_and_seat_readers_matches_the_world(tmp_path):
    knobs = ["seven_zero = true", "jump_in = true"]
    rig = build_rig(
        tmp_path, preset="cool", players=3, seed=4, rounds=1, knobs=knobs, seat_readers=True
    )
    try:
        summary = run(rig)  # its own hang guard: 600 s of real time
    finally:
        rig.close()
    assert summary["consistent"], rig.driver.problem
    # The case is worth its time only if the table saw every move the bots can make.
    replay = Game.new(players=3, rules=rig.driver.rules, seed=4)
    seen, jump_ins = set(), 0
    for action in rig.driver.world.history:
        jump_ins += isinstance(action, Play) and action.seat != replay.awaiting.seat
        seen.update(type(e) for e in replay.apply(action))
    plays = [a for a in rig.session.game.history if isinstance(a, Play)]
    assert any(len(p.cards) > 1 for p in plays) and any(p.target is not None for p in plays)
    assert jump_ins and {ev.CounterOpen, ev.HandsSwapped, ev.DrawStacked} <= seen


def test_the_demo_ends_on_a_sentence_nobody_has_to_answer(tmp_path):
    import pygame

    from table.app import WindowOptions
    from table.commands.run import play_demo
    from table.screen.text import Text

    headless = WindowOptions(headless=True, keyboard=False)  # 1920x1080, SDL's dummy driver
    rig = build_rig(tmp_path, preset="official", players=2, seed=3, rounds=1, window=headless)
    window = rig.table.window
    try:
        summary = play_demo(rig, window, stay=False)
    finally:
        rig.close()
        pygame.display.quit()
    assert summary["consistent"] is True
    shown = window.display._last  # the frame on screen when the demo stopped
    assert rig.session.game.awaiting.kind.value == "round_over"
    assert shown.footer == Text("en")("demo_over") and "DRAW" not in shown.footer
    painter = window.display.painter
    assert shown.table.devices.pin_factory == "mock" and not painter.cut  # "Buttons: mock", whole

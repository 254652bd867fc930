"""Shared values (engine/values.py) stay few: a long-running table keeps them for its life."""

from __future__ import annotations

import random

from engine import Game, RuleSet, values
from engine import events as ev
from engine.bots import SensibleBot, choose_action
from engine.game import Kind


def test_a_draw_of_several_cards_is_not_kept_in_the_shared_values():
    # Each such draw is nearly always a new value: kept, they filled the shared values match
    # after match (memory grew from match to match over a hundred matches).
    game = Game.new(4, RuleSet.preset("official"), seed=7)
    bots, rng = [SensibleBot(s) for s in range(4)], random.Random(7)
    drawn: list[ev.Drew] = []
    while game.awaiting.kind is not Kind.MATCH_OVER:
        drawn += [e for e in game.apply(choose_action(game, bots, rng)) if isinstance(e, ev.Drew)]
    several = [e for e in drawn if len(e.cards) > 1]
    ones = [e for e in drawn[-20:] if len(e.cards) == 1]
    assert several and ones
    kept = values._VALUES.get(ev.Drew, {})
    assert not [e for e in several if (e.seat, e.count, e.cards, e.reason) in kept]
    assert all(kept.get((e.seat, e.count, e.cards, e.reason)) is e for e in ones)

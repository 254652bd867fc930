"""Shared values (engine/values.py) stay few: a long-running table keeps the cache for its life."""

from __future__ import annotations

import random

from engine import Game, RuleSet
from engine import events as ev
from engine.bots import SensibleBot, choose_action
from engine.game import Kind
from engine.values import shared


def test_a_draw_of_several_cards_is_not_kept_in_the_shared_values():
    # Each such draw is nearly always a new value: kept, they filled the cache match after
    # match (memory grew from match to match over hundreds of matches).
    game = Game.new(4, RuleSet.preset("official"), seed=7)
    bots, rng = [SensibleBot(s) for s in range(4)], random.Random(7)
    drawn: list[ev.Drew] = []
    while game.awaiting.kind is not Kind.MATCH_OVER:
        drawn += [e for e in game.apply(choose_action(game, bots, rng)) if isinstance(e, ev.Drew)]
    several = {(e.seat, e.count, e.cards, e.reason) for e in drawn if len(e.cards) > 1}
    ones = {(e.seat, e.count, e.cards, e.reason) for e in drawn if len(e.cards) == 1}
    assert several and ones
    for fields in several:
        hits = shared.cache_info().hits
        shared(ev.Drew, *fields)
        assert shared.cache_info().hits == hits, fields  # not kept: made anew
    hits = shared.cache_info().hits
    for fields in ones:
        shared(ev.Drew, *fields)
    assert shared.cache_info().hits == hits + len(ones)  # one card: shared

"""`legal_actions()` lists exactly the candidate moves that `allows()` accepts, in order.

`legal_actions()` does not try every candidate: it skips moves out of their moment and plays
that do not fit it, without building them. Here every candidate is built and put through
`allows()` (the checks `apply` runs), at every state of bot games under every preset and the
house rules, and the two lists must be equal.
"""

from __future__ import annotations

import random

import pytest

from engine import Accept, CallUno, Challenge, Color, Draw, Game, Pass, Play, RuleSet
from engine.bots import RandomBot, SensibleBot, choose_action
from engine.game import Kind, _runs

VARIANTS = {
    **{name: RuleSet.preset(name) for name in RuleSet.PRESETS},
    "official+7-0+jump-in": RuleSet.preset("official").replace(seven_zero=True, jump_in=True),
    "cool+7-0+jump-in": RuleSet.preset("cool").replace(seven_zero=True, jump_in=True),
    "playone+same+out-on-number": RuleSet.preset("playone").replace(
        stacking="same", out_on_number=True
    ),
    "reglamento+multi+counters": RuleSet.preset("reglamento").replace(
        multi_play=True, counters=True
    ),
}


def candidate_plays(g: Game, seat: int) -> list[Play]:
    """Every play of the hand's cards: each card, then (multi_play) runs of one symbol; a wild
    once per colour, a 7 under seven_zero once per seat to swap with."""
    hand = g.hand(seat)
    runs = [(card,) for card in dict.fromkeys(hand)]
    if g.rules.multi_play:
        runs += _runs(hand)
    others = [s for s in range(g.players) if s != seat and s not in g.left]
    plays = []
    for cards in runs:
        if cards[-1].is_wild:
            plays += [Play(seat, cards, color=c) for c in Color]
        elif g.rules.seven_zero and cards[-1].rank.value == "7":
            plays += [Play(seat, cards, target=t) for t in others] or [Play(seat, cards)]
        else:
            plays.append(Play(seat, cards))
    return plays


def allowed(g: Game, seat: int) -> list:
    moves = [*candidate_plays(g, seat), Draw(seat), Pass(seat), Accept(seat), Challenge(seat)]
    return [a for a in [*moves, CallUno(seat)] if g.allows(a)]


def check(g: Game) -> None:
    aw = g.awaiting
    if aw.seat is not None and aw.kind not in (Kind.COLOR, Kind.FLIP, Kind.REVEAL):
        assert g.legal_actions() == allowed(g, aw.seat), aw
    for seat in range(g.players):
        if seat == aw.seat or seat in g.left:
            continue
        expected = allowed(g, seat)
        meanwhile = g.meanwhile is not None and g.meanwhile.seat == seat
        if not meanwhile:
            expected = [a for a in expected if isinstance(a, Play)]  # jump-ins only
        assert g.out_of_turn_actions(seat) == expected, (seat, g.meanwhile)


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_actions_are_the_candidates_allowed(variant):
    rules = VARIANTS[variant]
    for seed in range(4):
        players = 2 + (seed * 3) % 6
        g = Game.new(players, rules, seed=seed, dealer=seed % players)
        bots = [(SensibleBot if s % 2 else RandomBot)(seed * 10 + s) for s in range(players)]
        rng = random.Random(seed)
        for _ in range(250):
            if g.awaiting.kind is Kind.MATCH_OVER:
                break
            check(g)
            g.apply(choose_action(g, bots, rng))

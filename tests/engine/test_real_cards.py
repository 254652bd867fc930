"""Real cards: a game played with seen hands and the same game refereed with unseen hands
show the same public state after every action."""

from __future__ import annotations

import random

import pytest

from engine import (
    CallUno,
    Challenge,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
    Reveal,
    RuleSet,
)
from engine.bots import RandomBot, SensibleBot, choose_action

from .unseen import Twin


@pytest.mark.parametrize("preset", ["official", "reglamento", "playone", "cool"])
@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("seed", range(3))
def test_referee_matches_seen_game(preset, players, seed):
    rules = RuleSet.preset(preset)
    world = Game.new(players=players, rules=rules, seed=seed)
    twin = Twin.of_dealt(world)  # applies each action to both and compares the public states
    bots = [SensibleBot(seed + s) if s % 2 else RandomBot(seed + s) for s in range(players)]
    rng = random.Random(seed)
    steps = 0
    while world.awaiting.kind != "match_over" and steps < 3000:
        twin.apply(choose_action(world, bots, rng))
        steps += 1
    assert world.awaiting.kind == "match_over" or steps == 3000


def test_reveal_more_than_held_is_refused():
    rules = RuleSet.preset("official")
    g = Game.from_position(rules, hands=[2, 3], top="R3", turn=0)
    g.apply(Play(0, "W4", color="B"))
    g.apply(Challenge(1))
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:
        g.apply(Reveal(0, ["G1", "G2"]))
    assert err.value.reason == "too_many"
    assert g.snapshot() == before


def test_a_w4_from_the_unseen_part_of_a_known_hand_needs_no_reveal():
    """official — docs/rules.md line 279 ([001:70]): the challenged hand decides; a hand the
    engine has seen whole (revealed before, one card drawn and played) is judged at once."""
    rules = RuleSet.preset("official")
    g = Game.from_position(rules, hands=[["B1", "G2"], 3], top="R3", turn=0)
    g.apply(Draw(0))  # an unseen card joins the seen ones
    g.apply(Play(0, "W4", color="B"))  # the card drawn: the rest is known, and holds no red
    g.apply(Challenge(1))
    assert g.awaiting.kind == "turn" and g.turn == 0  # innocent: seat 1 drew 6 and lost its turn
    assert g.hand_count(1) == 9


def test_legal_actions_while_revealing_are_the_uno_call_apply_accepts():
    """A challenged W4 player down to one card may call UNO while showing the hand; once the
    round is won, the seats showing their hands for the points may not."""
    rules = RuleSet.preset("official")
    g = Game.from_position(rules, hands=[2, 3], top="R3", turn=0)
    g.apply(Play(0, "W4", color="B"))
    g.apply(Challenge(1))
    # Pass: the hand cannot be shown to the end (the table's DRAW), always there.
    assert g.awaiting.kind == "reveal" and g.legal_actions() == [Pass(0), CallUno(0)]
    g.apply(CallUno(0))
    assert g.legal_actions() == [Pass(0)]
    g = Game.from_position(rules, hands=[1, 1, 2], top="R3", turn=0)
    g.apply(Play(0, "R5"))
    assert g.awaiting.kind == "reveal" and g.legal_actions() == [Pass(1)]
    with pytest.raises(IllegalAction) as err:
        g.apply(CallUno(1))
    assert err.value.reason == "counting"  # the hands are being shown for the points

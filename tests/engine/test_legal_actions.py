"""`legal_actions()` lists exactly the candidate moves that `allows()` accepts, in order.

`legal_actions()` does not try every candidate: it skips moves out of their moment and plays
that do not fit it, without building them. Here every candidate is built and put through
`allows()` (the checks `apply` runs), at every state of bot games under every preset and the
house rules, and the two lists must be equal.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Accept,
    CallUno,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
    RuleSet,
)
from engine.bots import RandomBot, SensibleBot, choose_action
from engine.game import Kind
from engine.plays import runs as _runs

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


# --- random positions: legal_actions() against what `apply` itself accepts ---------------


def applies(g: Game, action) -> bool:
    """Whether `apply` accepts `action`, tried on a copy of the game."""
    try:
        copy.deepcopy(g).apply(action)
    except IllegalAction:
        return False
    return True


def accepted(g: Game, seat: int) -> list:
    """Every move of the contract's kinds (no CatchUno, Leave) that `apply` accepts from `seat`."""
    colors = [ChooseColor(seat, c) for c in Color]
    moves = [*candidate_plays(g, seat), Draw(seat), Pass(seat), Accept(seat), Challenge(seat)]
    return [a for a in [*moves, *colors, CallUno(seat)] if applies(g, a)]


def random_position(rules: RuleSet, players: int, rng: random.Random) -> Game:
    """Small seen hands (calls and last cards come often), any top, the rest to draw."""
    deck = rules.deck()
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(rng.randint(1, 4))] for _ in range(players)]
    top = deck.pop()
    return Game.from_position(
        rules,
        hands=hands,
        top=top,
        turn=rng.randrange(players),
        direction=rng.choice((1, -1)),
        color=rng.choice(list(Color)) if top.is_wild else None,
        draw_pile=deck[: rng.randint(0, 6)],
    )


def random_move(g: Game, rng: random.Random):
    """A legal move; a wild, half the time, without its colour (the colour is then awaited)."""
    action = rng.choice(g.legal_actions())
    if isinstance(action, Play) and action.card.is_wild and rng.random() < 0.5:
        return Play(action.seat, action.cards, target=action.target)
    return action


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    preset=st.sampled_from(RuleSet.PRESETS),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_legal_actions_are_what_apply_accepts_in_random_positions(preset, players, seed):
    rng = random.Random(seed)
    g = random_position(RuleSet.preset(preset), players, rng)
    for _ in range(15):
        aw = g.awaiting
        if aw.seat is None:
            break
        assert g.legal_actions() == accepted(g, aw.seat), (aw, g.snapshot())
        g.apply(random_move(g, rng))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_cards_that_fit_are_those_fits_accepts(variant):
    """`matching.fitting` (one cached set per colour and top, which `legal_actions()` sifts a
    hand with) holds exactly the cards `matching.fits` accepts, at every state of bot games."""
    from engine import matching
    from engine.cards import ALL_CARDS

    rules = VARIANTS[variant]
    g = Game.new(3, rules, seed=7)
    bots = [RandomBot(s) for s in range(3)]
    rng = random.Random(7)
    for _ in range(150):
        if g.awaiting.kind is Kind.MATCH_OVER:
            break
        s = g._s
        if s.discard:
            assert matching.fitting(s) == {c for c in ALL_CARDS if matching.fits(s, c)}
        g.apply(choose_action(g, bots, rng))

"""Scenarios for the details every preset shares (docs/rules.md): the UNO catch window.

The empty draw pile, the other shared detail, is a row of the decision table: each preset's file
has its scenarios. Here every scenario runs under official, reglamento, playone and cool. Seats in a
3-seat position: 0 plays first, direction +1.
"""

import pytest

from engine import Accept, CallUno, CatchUno, Challenge, Draw, Leave, Play

from .conftest import (
    COOL_DOC,
    OFFICIAL_DOC,
    PRESETS,
    REGLAMENTO_DOC,
    action_types,
    awaits,
    held,
    position,
    refused,
    rule,
)

# The line of each preset's rule on the UNO call and its catch.
UNO_LINE = {
    "official": (OFFICIAL_DOC, 74),
    "reglamento": (REGLAMENTO_DOC, 14),
    "playone": (OFFICIAL_DOC, 74),
    "cool": (COOL_DOC, 31),
}
PENALTY = {"official": 2, "reglamento": 1, "playone": 2, "cool": 2}
PILE = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]


def each_preset(presets=PRESETS):
    """Parametrize a scenario over the presets, each marked with its UNO rule line."""
    return pytest.mark.parametrize(
        "preset",
        [pytest.param(p, marks=rule(p, *UNO_LINE[p], "catch window")) for p in presets],
    )


def one_card_left(preset, first="R7"):
    """Seat 0 has just played `first` down to one card without calling UNO; seat 1 is next."""
    hands = [[first, "G1"], ["R8", "Y2", "Y3"], ["Y4", "Y5", "Y6"]]
    g = position(preset, hands, top="R3", draw_pile=PILE)
    g.apply(Play(0, first))
    return g


@each_preset()
def test_call_on_own_turn_holding_two_cards_protects_from_a_catch(preset):
    g = position(preset, [["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    assert CallUno in action_types(g)
    g.apply(CallUno(0, at=1.0))
    g.apply(Play(0, "R7"))
    assert g.uno_called(0)
    refused(g, CatchUno(1, at=2.0))
    assert held(g, 0) == ["G1"]


@each_preset(presets=("official", "reglamento", "playone"))  # cool: a run may play down to one
def test_call_holding_more_than_two_cards_is_refused(preset):
    g = position(preset, [["R7", "G1", "B9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, CallUno(0, at=1.0))


@each_preset()
def test_call_holding_two_cards_off_turn_is_refused(preset):
    g = position(preset, [["R7", "G1", "B9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, CallUno(1, at=1.0))


@each_preset()
def test_call_at_any_moment_holding_one_card_until_caught(preset):
    g = one_card_left(preset)
    awaits(g, "turn", 1)
    assert not g.uno_called(0)
    g.apply(CallUno(0, at=1.0))
    assert g.uno_called(0)
    refused(g, CatchUno(1, at=2.0))


@each_preset()
def test_catch_in_the_window_costs_the_penalty(preset):
    g = one_card_left(preset)
    g.apply(CatchUno(1, at=1.0))
    assert held(g, 0) == sorted(["G1", *PILE[: PENALTY[preset]]])
    awaits(g, "turn", 1)


@each_preset()
def test_the_window_closes_when_the_next_seat_plays(preset):
    g = one_card_left(preset)
    g.apply(Play(1, "R8"))
    refused(g, CatchUno(2, at=1.0))


@each_preset()
def test_the_window_closes_when_the_next_seat_draws(preset):
    hands = [["R7", "G1"], ["Y2", "Y3"], ["Y4", "Y5"]]
    g = position(preset, hands, top="R3", draw_pile=["R9", *PILE])
    g.apply(Play(0, "R7"))
    g.apply(Draw(1))
    refused(g, CatchUno(2, at=1.0))


@each_preset()
def test_the_window_closes_when_the_next_seat_accepts_a_w4(preset):
    g = position(preset, [["W4", "G1"], ["Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Accept(1))
    refused(g, CatchUno(2, at=1.0))


@each_preset(presets=("official", "reglamento"))
def test_the_window_closes_when_the_next_seat_challenges_a_w4(preset):
    g = position(preset, [["W4", "G1"], ["Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Challenge(1))
    refused(g, CatchUno(2, at=1.0))


@each_preset()
def test_a_skip_does_not_close_the_window(preset):
    g = one_card_left(preset, first="RS")
    if preset == "cool":
        g.apply(Accept(1))  # cool: the skipped seat declines to counter, like a skip
    awaits(g, "turn", 2)
    g.apply(CatchUno(1, at=1.0))
    assert g.hand_count(0) == 1 + PENALTY[preset]


@each_preset()
def test_an_automatic_penalty_draw_does_not_close_the_window(preset):
    g = one_card_left(preset, first="RD2")
    g.apply(CatchUno(2, at=1.0))
    assert g.hand_count(0) == 1 + PENALTY[preset]


@each_preset()
def test_a_catch_with_no_seat_in_the_window_costs_nothing(preset):
    g = position(preset, [["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, CatchUno(1, at=1.0))


@each_preset()
def test_a_seat_is_caught_once(preset):
    g = one_card_left(preset)
    g.apply(CatchUno(1, at=1.0))
    refused(g, CatchUno(2, at=2.0))


@each_preset()
def test_legal_actions_never_offer_a_catch_or_leaving(preset):
    g = one_card_left(preset)
    assert not {CatchUno, Leave} & action_types(g)

"""Scenarios for the `playone` preset: one or more per row of the docs/rules.md decision table.

Where the playone document is silent the official rule holds, and the scenario names the
official document's line. Seats in a 3-seat position: 0 plays first, direction +1.
"""

from collections import Counter
from functools import partial

import pytest

from engine import (
    Accept,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Flip,
    Game,
    Leave,
    NextRound,
    Pass,
    Play,
    RuleSet,
)

from .conftest import (
    NO_GAME,
    TRUSTED,
    TWENTY_ONE,
    awaits,
    build,
    build_deal,
    codes,
    deal,
    hands,
    held,
    position,
    refused,
    rule,
    stacked_deck,
    standard_deck,
)

PRESET = "playone"
game = partial(position, PRESET)
PILE = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]


# ---------------------------------------------------------------- deck, hand, who starts


@hands("seen", why=NO_GAME)
@rule(PRESET, 28, "deck")
def test_deck_is_the_classic_108_cards():
    deck = RuleSet.preset(PRESET).deck()
    assert len(deck) == 108
    assert Counter(codes(deck)) == standard_deck(wilds=4)


@rule(PRESET, 36, "hand")
def test_deal_gives_seven_cards_one_at_a_time_from_left_of_dealer_then_turns_one():
    rules = RuleSet.preset(PRESET)
    deck = stacked_deck(rules, [*TWENTY_ONE, "R5"])
    g = build_deal(3, rules, deck, 2)
    assert held(g, 0) == sorted(deck[0:21:3])
    assert held(g, 1) == sorted(deck[1:21:3])
    assert held(g, 2) == sorted(deck[2:21:3])
    assert str(g.top) == "R5"
    assert g.draw_count == 108 - 22


@rule(PRESET, 43, "who starts")
@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (2, 3), (3, 0)])
def test_left_of_dealer_starts_direction_plus_one(dealer, first):
    g = deal(PRESET, 4, first="R5", dealer=dealer)
    awaits(g, "turn", first)
    assert g.direction == 1


# ---------------------------------------------------------------- matching


@rule(PRESET, 51, "matches")
def test_card_of_the_colour_is_played():
    g = game([["R7", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "R7"))
    assert str(g.top) == "R7"


@rule(PRESET, 51, "matches")
@pytest.mark.parametrize(
    ("top", "card"), [("R3", "G3"), ("RS", "GS"), ("RR", "GR"), ("RD2", "GD2")]
)
def test_card_of_the_value_or_type_is_played(top, card):
    g = game([[card, "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top=top, draw_pile=PILE)
    g.apply(Play(0, card))
    assert str(g.top) == card
    assert held(g, 0) == ["Y9"]


@rule(PRESET, 51, "matches")
@pytest.mark.parametrize(("top", "card"), [("R3", "G7"), ("RS", "G7"), ("R3", "GS"), ("RD2", "G2")])
def test_card_matching_nothing_is_refused(top, card):
    g = game([[card, "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top=top, draw_pile=PILE)
    refused(g, Play(0, card))


# ---------------------------------------------------------------- wilds


@rule(PRESET, 59, "W")
def test_wild_may_be_played_holding_a_match_and_may_name_the_same_colour():
    g = game([["W", "R7", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W", color="R"))
    assert str(g.top) == "W"
    assert g.color == Color.RED
    awaits(g, "turn", 1)


@rule(PRESET, 59, "W")
def test_wild_without_colour_awaits_colour_from_its_player():
    g = game([["W", "R7", "Y9"], ["G1", "R1"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W"))
    awaits(g, "color", 0)
    refused(g, ChooseColor(1, "B"))
    g.apply(ChooseColor(0, "G"))
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)
    refused(g, Play(1, "R1"))


@rule(PRESET, 68, "W4")
def test_w4_may_be_played_holding_the_colour_to_follow():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    assert str(g.top) == "W4"
    assert g.color == Color.GREEN
    awaits(g, "respond", 1)
    assert g.pending_draw == 4


@rule(PRESET, 68, "W4")
@rule(PRESET, 79, "W4 challenge")
def test_w4_cannot_be_challenged():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    refused(g, Challenge(1))


# ---------------------------------------------------------------- draw cards and stacking


@rule(PRESET, 86, "D2")
def test_d2_next_responds_or_draws_two_and_loses_the_turn():
    g = game([["RD2", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    awaits(g, "respond", 1)
    assert g.pending_draw == 2
    g.apply(Accept(1))
    assert held(g, 1) == sorted(["Y1", "Y2", "B1", "B2"])
    assert g.pending_draw == 0
    awaits(g, "turn", 2)


@rule(PRESET, 96, "W4 effect")
def test_w4_next_responds_or_draws_four_and_loses_the_turn():
    g = game([["W4", "G3", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    awaits(g, "respond", 1)
    g.apply(Accept(1))
    assert held(g, 1) == sorted(["Y1", "Y2", "Y3", "B1", "B2", "B3", "B4"])
    awaits(g, "turn", 2)


@rule(PRESET, 103, "stacking")
def test_d2_on_d2_passes_the_total_on():
    g = game([["RD2", "Y9"], ["GD2", "Y1"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    g.apply(Play(1, "GD2"))
    awaits(g, "respond", 2)
    assert g.pending_draw == 4
    g.apply(Accept(2))
    assert held(g, 2) == sorted(["Y3", "Y4", "B1", "B2", "B3", "B4"])
    awaits(g, "turn", 0)


@rule(PRESET, 103, "stacking")
def test_w4_on_d2_passes_the_total_on():
    g = game([["RD2", "Y9"], ["W4", "Y1"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    g.apply(Play(1, "W4", color="B"))
    awaits(g, "respond", 2)
    assert g.pending_draw == 6
    assert g.color == Color.BLUE


@rule(PRESET, 103, "stacking")
def test_w4_on_w4_passes_the_total_on():
    g = game([["W4", "Y9"], ["W4", "Y1"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Play(1, "W4", color="B"))
    awaits(g, "respond", 2)
    assert g.pending_draw == 8


@rule(PRESET, 103, "stacking")
def test_d2_of_any_colour_on_w4_passes_the_total_on():
    g = game([["W4", "Y9"], ["RD2", "Y1"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Play(1, "RD2"))
    awaits(g, "respond", 2)
    assert g.pending_draw == 6


@rule(PRESET, 103, "stacking")
def test_only_a_draw_card_answers_a_stack():
    g = game([["RD2", "Y9"], ["R1", "W", "Y1"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    refused(g, Play(1, "R1"))
    refused(g, Play(1, "W", color="R"))


# ---------------------------------------------------------------- skip, reverse, one card a play


@rule(PRESET, 114, "S")
@pytest.mark.parametrize(("direction", "next_seat"), [(1, 2), (-1, 1)])
def test_skip_next_player_loses_the_turn(direction, next_seat):
    g = game(
        [["RS", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", direction=direction, draw_pile=PILE
    )
    g.apply(Play(0, "RS"))
    awaits(g, "turn", next_seat)


@rule(PRESET, 121, "R")
def test_reverse_flips_the_direction():
    hands = [["Y1", "Y2"], ["RR", "Y9"], ["Y3", "Y4"], ["Y5", "Y6"]]
    g = game(hands, top="R5", turn=1, draw_pile=PILE)
    g.apply(Play(1, "RR"))
    assert g.direction == -1
    awaits(g, "turn", 0)


@rule(PRESET, 121, "R")
def test_reverse_with_two_players_acts_as_skip():
    g = game([["RR", "Y9"], ["Y1", "Y2"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RR"))
    awaits(g, "turn", 0)


@rule(PRESET, 128, "several cards at once")
def test_two_cards_in_one_play_are_refused():
    g = game([["R5", "G5", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Play(0, ["R5", "G5"]))


# ---------------------------------------------------------------- first card


@rule(PRESET, 138, "first card W4")
def test_first_card_w4_is_shuffled_back_and_another_turned():
    g = deal(PRESET, 3, first="W4")
    assert str(g.top) != "W4"
    assert len(g.discard) == 1
    assert g.hand_count(0) == g.hand_count(2) == 7
    total = sum(g.hand_count(seat) for seat in range(3)) + g.draw_count + len(g.discard)
    assert total == 108
    assert str(deal(PRESET, 3, first="W4").top) == str(g.top)  # seeded: the same every time


@rule(PRESET, 145, "first card W")
def test_first_card_wild_left_of_dealer_names_the_colour_then_plays():
    g = deal(PRESET, 3, first="W", dealer=0)
    awaits(g, "color", 1)
    g.apply(ChooseColor(1, "G"))
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)


@rule(PRESET, 152, "first card D2")
def test_first_card_d2_left_of_dealer_responds_or_draws_two_and_loses_the_turn():
    g = deal(PRESET, 3, first="RD2", after=["Y8", "Y9"], dealer=0)
    awaits(g, "respond", 1)
    assert g.pending_draw == 2
    g.apply(Accept(1))
    assert g.hand_count(1) == 9
    assert {"Y8", "Y9"} <= set(held(g, 1))
    awaits(g, "turn", 2)


@rule(PRESET, 160, "first card S")
def test_first_card_skip_left_of_dealer_is_skipped():
    g = deal(PRESET, 3, first="RS", dealer=0)
    awaits(g, "turn", 2)


@rule(PRESET, 168, "first card R")
@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_reverse_dealer_plays_first_direction_minus_one(dealer):
    g = deal(PRESET, 4, first="RR", dealer=dealer)
    assert g.direction == -1
    awaits(g, "turn", dealer)


@hands("unseen")
@rule(PRESET, 168, "first card R")
def test_first_card_reverse_after_the_dealer_left_the_seat_right_of_the_dealer_plays_first():
    """The dealer's turn passes on as a left seat's does (before: the seat that left was
    awaited)."""
    g = Game.referee(players=4, rules=RuleSet.preset(PRESET), dealer=1)
    g.apply(Leave(1))
    g.apply(Flip("RR"))
    assert g.direction == -1
    awaits(g, "turn", 0)


# ---------------------------------------------------------------- drawing


@rule(PRESET, 177, "nothing playable")
def test_drawn_card_that_fits_is_played_for_the_player():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["R9", *PILE])
    g.apply(Draw(0))
    assert str(g.top) == "R9"
    assert held(g, 0) == ["B2", "G7"]
    awaits(g, "turn", 1)


@rule(PRESET, 177, "nothing playable")
def test_drawn_wild_is_played_for_the_player_who_names_the_colour():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["W", *PILE])
    g.apply(Draw(0))
    assert str(g.top) == "W"
    awaits(g, "color", 0)
    g.apply(ChooseColor(0, "B"))
    assert g.color == Color.BLUE
    awaits(g, "turn", 1)


@rule(PRESET, 177, "nothing playable")
def test_drawn_d2_is_played_for_the_player_and_the_next_responds():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["RD2", *PILE])
    g.apply(Draw(0))
    assert str(g.top) == "RD2"
    awaits(g, "respond", 1)
    assert g.pending_draw == 2


@rule(PRESET, 177, "nothing playable")
def test_drawn_card_that_does_not_fit_ends_the_turn():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["Y8", *PILE])
    g.apply(Draw(0))
    assert held(g, 0) == sorted(["G7", "B2", "Y8"])
    assert str(g.top) == "R3"
    awaits(g, "turn", 1)


@hands("seen", why=TRUSTED)
@rule(PRESET, 177, "nothing playable")
def test_drawn_seven_that_fits_under_seven_zero_must_be_played_naming_the_seat():
    """A 7 that swaps cannot be played for the player, who names the seat; it is still the
    card that fits, so the turn cannot pass on it. Before: Pass was allowed (and listed)."""
    rules = RuleSet.preset(PRESET).replace(seven_zero=True)
    g = build(rules, [["G9", "B9"], ["Y1", "Y2"], ["Y3", "Y4"]], "R3", draw_pile=["R7", *PILE])
    g.apply(Draw(0))
    awaits(g, "drawn", 0)
    assert Pass(0) not in g.legal_actions()
    refused(g, Pass(0))
    g.apply(Play(0, "R7", target=2))
    assert held(g, 0) == ["Y3", "Y4"]
    awaits(g, "turn", 1)


@hands("seen", why=TRUSTED)
@rule(PRESET, 185, "drawing while holding a playable card")
@pytest.mark.parametrize("playable", ["R7", "G3", "W", "W4"])
def test_may_not_draw_holding_a_playable_card(playable):
    g = game([[playable, "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Draw(0))


@rule(PRESET, 185, "drawing while holding a playable card")
def test_may_not_pass_holding_a_playable_card():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Pass(0))


# ---------------------------------------------------------------- UNO, going out, leaving


@rule(PRESET, 193, "UNO call")
def test_seat_caught_without_calling_uno_draws_two():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "R7"))
    g.apply(CatchUno(2, at=1.0))
    assert held(g, 0) == sorted(["G1", "B1", "B2"])
    awaits(g, "turn", 1)


@rule(PRESET, 202, "going out")
@pytest.mark.parametrize("last", ["R7", "RS", "W"])
def test_going_out_on_any_card_wins(last):
    g = game([[last], ["G1", "B2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, last, color="R") if last == "W" else Play(0, last))
    assert g.winner == 0


@rule(PRESET, 211, "players leaving")
def test_a_seat_that_leaves_is_skipped():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(1))
    assert g.hand_count(1) == 0
    g.apply(Play(0, "R7"))
    awaits(g, "turn", 2)


@rule(PRESET, 211, "players leaving")
def test_a_seat_that_leaves_on_its_turn_passes_the_turn_on():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(0))
    assert g.hand_count(0) == 0
    awaits(g, "turn", 1)


@rule(PRESET, 211, "players leaving")
def test_the_last_seat_left_wins():
    g = game([["R7", "G1"], ["W", "W4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(1))
    assert g.winner == 0


# ---------------------------------------------------------------- scoring


@rule(PRESET, 221, "scoring")
def test_first_with_no_cards_wins_the_round_and_the_match():
    g = game([["R7"], ["R9", "GS"], ["G1"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "R7"))
    assert g.winner == 0
    assert g.match_winner == 0
    assert g.awaiting.kind == "match_over"
    refused(g, NextRound())


# ---------------------------------------------------------------- empty draw pile


@rule(PRESET, 230, "empty draw pile")
def test_empty_draw_pile_is_made_from_the_discard_pile_but_its_top():
    g = game(
        [["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=[], discard_below=["G1"]
    )
    g.apply(Draw(0))
    assert held(g, 0) == sorted(["G7", "B2", "G1"])
    assert codes(g.discard) == ["R5"]
    assert g.draw_count == 0
    awaits(g, "turn", 1)


@rule(PRESET, 230, "empty draw pile")
def test_a_draw_that_cannot_be_made_is_skipped_then_pass_is_allowed():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=[])
    g.apply(Draw(0))
    assert held(g, 0) == ["B2", "G7"]
    assert g.awaiting.seat == 0
    g.apply(Pass(0))
    awaits(g, "turn", 1)

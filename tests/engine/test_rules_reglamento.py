"""Scenarios for the `reglamento` preset: one or more per row of the docs/rules.md decision table.

Where the reglamento document is silent the official rule holds, and the scenario names the
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
    action_types,
    awaits,
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

PRESET = "reglamento"
game = partial(position, PRESET)
PILE = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]


# ---------------------------------------------------------------- deck, hand, who starts


@hands("seen", why=NO_GAME)
@rule(PRESET, 26, "deck")
@rule(PRESET, 26, "deck")
def test_deck_has_108_cards_with_four_wilds_and_four_w4():
    deck = RuleSet.preset(PRESET).deck()
    assert len(deck) == 108
    assert Counter(codes(deck)) == standard_deck(wilds=4)


@rule(PRESET, 35, "hand")
def test_deal_gives_seven_cards_one_at_a_time_from_left_of_dealer_then_turns_one():
    rules = RuleSet.preset(PRESET)
    deck = stacked_deck(rules, [*TWENTY_ONE, "R5"])
    g = build_deal(3, rules, deck, 2)
    assert held(g, 0) == sorted(deck[0:21:3])
    assert held(g, 1) == sorted(deck[1:21:3])
    assert held(g, 2) == sorted(deck[2:21:3])
    assert str(g.top) == "R5"
    assert g.draw_count == 108 - 22


@rule(PRESET, 42, "who starts")
@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (2, 3), (3, 0)])
def test_left_of_dealer_starts_direction_plus_one(dealer, first):
    g = deal(PRESET, 4, first="R5", dealer=dealer)
    awaits(g, "turn", first)
    assert g.direction == 1


# ---------------------------------------------------------------- matching


@rule(PRESET, 49, "matches")
@pytest.mark.parametrize(("top", "card"), [("R3", "R7"), ("R3", "G3"), ("R3", "RS"), ("R3", "RD2")])
def test_card_of_the_colour_or_the_number_is_played(top, card):
    g = game([[card, "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top=top, draw_pile=PILE)
    g.apply(Play(0, card))
    assert str(g.top) == card
    assert held(g, 0) == ["Y9"]


@rule(PRESET, 49, "matches")
def test_card_of_another_colour_and_number_is_refused():
    g = game([["G7", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Play(0, "G7"))


@rule(PRESET, 49, "matches")
def test_reverse_may_be_played_on_a_reverse_of_another_colour():
    g = game([["GR", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="RR", draw_pile=PILE)
    g.apply(Play(0, "GR"))
    assert str(g.top) == "GR"


@rule(PRESET, 49, "matches")
def test_skip_only_on_its_own_colour():
    g = game([["GS", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="RS", draw_pile=PILE)
    refused(g, Play(0, "GS"))


@rule(PRESET, 49, "matches")
def test_d2_only_on_its_own_colour():
    g = game([["GD2", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="RD2", draw_pile=PILE)
    refused(g, Play(0, "GD2"))


# ---------------------------------------------------------------- wilds


@rule(PRESET, 58, "W")
def test_wild_may_be_played_holding_a_match_and_may_name_the_same_colour():
    g = game([["W", "R7", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W", color="R"))
    assert str(g.top) == "W"
    assert g.color == Color.RED
    awaits(g, "turn", 1)


@rule(PRESET, 58, "W")
def test_wild_without_colour_awaits_colour_from_its_player():
    g = game([["W", "R7", "Y9"], ["G1", "R1"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W"))
    awaits(g, "color", 0)
    refused(g, ChooseColor(1, "B"))
    g.apply(ChooseColor(0, "G"))
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)
    refused(g, Play(1, "R1"))


@rule(PRESET, 67, "W4")
def test_w4_without_the_colour_to_follow_gives_the_victim_a_challenge():
    # G3 matches by number and W is a wild: neither counts against the W4.
    g = game([["W4", "G3", "W", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    assert str(g.top) == "W4"
    assert g.color == Color.GREEN
    awaits(g, "challenge", 1)
    assert action_types(g) == {Challenge, Accept}


@rule(PRESET, 67, "W4")
def test_w4_may_be_bluffed_holding_the_colour_to_follow():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    awaits(g, "challenge", 1)


# ---------------------------------------------------------------- W4 challenge


@rule(PRESET, 77, "W4 challenge")
def test_only_the_victim_may_challenge():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    refused(g, Challenge(2))


@rule(PRESET, 77, "W4 challenge")
def test_guilty_w4_player_draws_four_and_the_victim_plays():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Challenge(1))
    assert held(g, 0) == sorted(["R7", "Y9", "B1", "B2", "B3", "B4"])
    assert held(g, 1) == ["Y1", "Y2", "Y3"]
    assert str(g.top) == "W4"
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)


@rule(PRESET, 77, "W4 challenge")
def test_innocent_w4_challenger_draws_six_and_then_plays():
    g = game([["W4", "G3", "W", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Challenge(1))
    assert held(g, 1) == sorted(["Y1", "Y2", "Y3", *PILE[:6]])
    assert g.hand_count(0) == 3
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)


# ---------------------------------------------------------------- draw cards


@rule(PRESET, 85, "D2")
def test_d2_next_draws_two_and_then_plays():
    g = game([["RD2", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    assert held(g, 1) == sorted(["Y1", "Y2", "B1", "B2"])
    assert g.pending_draw == 0
    awaits(g, "turn", 1)


@rule(PRESET, 94, "W4 effect")
def test_accepted_w4_next_draws_four_and_then_plays():
    g = game([["W4", "G3", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Accept(1))
    assert held(g, 1) == sorted(["Y1", "Y2", "Y3", "B1", "B2", "B3", "B4"])
    assert g.hand_count(0) == 2
    awaits(g, "turn", 1)


@rule(PRESET, 102, "stacking")
def test_a_d2_cannot_be_answered_with_a_d2():
    g = game([["RD2", "Y9"], ["GD2", "Y1"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    assert held(g, 1) == sorted(["GD2", "Y1", "B1", "B2"])
    assert g.pending_draw == 0
    awaits(g, "turn", 1)
    refused(g, Play(1, "GD2"))


@rule(PRESET, 102, "stacking")
def test_a_w4_cannot_answer_a_w4():
    g = game([["W4", "G3", "Y9"], ["W4", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    refused(g, Play(1, "W4", color="R"))


# ---------------------------------------------------------------- skip, reverse, one card a play


@rule(PRESET, 113, "S")
@pytest.mark.parametrize(("direction", "next_seat"), [(1, 2), (-1, 1)])
def test_skip_next_player_loses_the_turn(direction, next_seat):
    g = game(
        [["RS", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", direction=direction, draw_pile=PILE
    )
    g.apply(Play(0, "RS"))
    awaits(g, "turn", next_seat)


@rule(PRESET, 120, "R")
def test_reverse_the_player_before_plays_again():
    g = game([["Y1", "Y2"], ["RR", "Y9"], ["Y3", "Y4"]], top="R5", turn=1, draw_pile=PILE)
    g.apply(Play(1, "RR"))
    assert g.direction == -1
    awaits(g, "turn", 0)


@rule(PRESET, 120, "R")
def test_reverse_with_two_players_acts_as_skip():
    g = game([["RR", "Y9"], ["Y1", "Y2"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RR"))
    awaits(g, "turn", 0)


@rule(PRESET, 127, "several cards at once")
def test_two_cards_in_one_play_are_refused():
    g = game([["R5", "G5", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Play(0, ["R5", "G5"]))


# ---------------------------------------------------------------- first card


@rule(PRESET, 137, "first card W4")
def test_first_card_w4_is_shuffled_back_and_another_turned():
    g = deal(PRESET, 3, first="W4")
    assert str(g.top) != "W4"
    assert len(g.discard) == 1
    assert g.hand_count(0) == g.hand_count(2) == 7
    total = sum(g.hand_count(seat) for seat in range(3)) + g.draw_count + len(g.discard)
    assert total == 108
    assert str(deal(PRESET, 3, first="W4").top) == str(g.top)  # seeded: the same every time


@rule(PRESET, 144, "first card W")
def test_first_card_wild_left_of_dealer_names_the_colour_then_plays():
    g = deal(PRESET, 3, first="W", dealer=0)
    awaits(g, "color", 1)
    g.apply(ChooseColor(1, "G"))
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)


@rule(PRESET, 151, "first card D2")
def test_first_card_d2_left_of_dealer_draws_two_and_then_plays():
    g = deal(PRESET, 3, first="RD2", after=["Y8", "Y9"], dealer=0)
    assert g.hand_count(1) == 9
    assert {"Y8", "Y9"} <= set(held(g, 1))
    awaits(g, "turn", 1)


@rule(PRESET, 159, "first card S")
def test_first_card_skip_left_of_dealer_is_skipped():
    g = deal(PRESET, 3, first="RS", dealer=0)
    awaits(g, "turn", 2)


@rule(PRESET, 166, "first card R")
@pytest.mark.parametrize(("dealer", "first"), [(0, 3), (1, 0), (2, 1)])
def test_first_card_reverse_right_of_dealer_plays_first_direction_minus_one(dealer, first):
    g = deal(PRESET, 4, first="RR", dealer=dealer)
    assert g.direction == -1
    awaits(g, "turn", first)


@rule(PRESET, 166, "first card R")
@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 0)])
def test_first_card_reverse_with_two_players_the_non_dealer_plays_first(dealer, first):
    g = deal(PRESET, 2, first="RR", dealer=dealer)
    awaits(g, "turn", first)


# ---------------------------------------------------------------- drawing


def draw_until_held(g, seat, code, limit=10):
    """Apply Draw(seat) until `code` is in the seat's hand (one Draw may draw several cards)."""
    for _ in range(limit):
        if code in held(g, seat):
            return
        g.apply(Draw(seat))
    raise AssertionError(f"{code} never drawn")


@rule(PRESET, 174, "nothing playable")
def test_draws_until_a_card_fits_and_nothing_is_played_for_the_player():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["Y8", "B9", "R9"])
    draw_until_held(g, 0, "R9")
    assert held(g, 0) == sorted(["G7", "B2", "Y8", "B9", "R9"])
    assert g.draw_count == 0
    assert str(g.top) == "R3"
    assert g.awaiting.seat == 0
    g.apply(Play(0, "R9"))
    assert str(g.top) == "R9"
    awaits(g, "turn", 1)


@rule(PRESET, 174, "nothing playable")
def test_no_pass_after_drawing_a_card_that_fits():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["Y8", "R9", *PILE])
    draw_until_held(g, 0, "R9")
    refused(g, Pass(0))


@rule(PRESET, 174, "nothing playable")
def test_no_pass_after_drawing_a_card_that_does_not_fit():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["Y8", "R9", *PILE])
    g.apply(Draw(0))
    assert "Y8" in held(g, 0)
    refused(g, Pass(0))


@rule(PRESET, 174, "nothing playable")
def test_no_pass_without_drawing():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Pass(0))


@hands("seen", why=TRUSTED)
@rule(PRESET, 184, "drawing while holding a playable card")
@pytest.mark.parametrize("playable", ["R7", "G3", "W", "W4"])
def test_may_not_draw_holding_a_playable_card(playable):
    g = game([[playable, "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Draw(0))


# ---------------------------------------------------------------- UNO, going out, leaving


@rule(PRESET, 192, "UNO call")
def test_seat_caught_without_calling_uno_draws_one():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "R7"))
    g.apply(CatchUno(2, at=1.0))
    assert held(g, 0) == sorted(["G1", "B1"])
    awaits(g, "turn", 1)


@rule(PRESET, 201, "going out")
@pytest.mark.parametrize("last", ["R7", "RS", "W"])
def test_going_out_on_any_card_wins(last):
    g = game([[last], ["G1", "B2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, last, color="R") if last == "W" else Play(0, last))
    assert g.winner == 0


@rule(PRESET, 210, "players leaving")
def test_a_seat_that_leaves_is_skipped():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(1))
    assert g.hand_count(1) == 0
    g.apply(Play(0, "R7"))
    awaits(g, "turn", 2)


@rule(PRESET, 210, "players leaving")
def test_a_seat_that_leaves_on_its_turn_passes_the_turn_on():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(0))
    assert g.hand_count(0) == 0
    awaits(g, "turn", 1)


@rule(PRESET, 210, "players leaving")
def test_the_last_seat_left_wins():
    g = game([["R7", "G1"], ["W", "W4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(1))
    assert g.winner == 0


# ---------------------------------------------------------------- scoring


@rule(PRESET, 220, "scoring")
def test_first_with_no_cards_wins_the_round_and_the_match():
    g = game([["R7"], ["R9", "GS"], ["G1"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "R7"))
    assert g.winner == 0
    assert g.match_winner == 0
    assert g.awaiting.kind == "match_over"
    refused(g, NextRound())


# ---------------------------------------------------------------- empty draw pile


@rule(PRESET, 229, "empty draw pile")
def test_empty_draw_pile_is_made_from_the_discard_pile_but_its_top():
    g = game(
        [["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=[], discard_below=["R1"]
    )
    g.apply(Draw(0))
    assert held(g, 0) == sorted(["G7", "B2", "R1"])
    assert codes(g.discard) == ["R5"]
    assert g.draw_count == 0
    assert g.awaiting.seat == 0


@rule(PRESET, 229, "empty draw pile")
def test_a_draw_that_cannot_be_made_is_skipped_then_pass_is_allowed():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=[])
    g.apply(Draw(0))
    assert held(g, 0) == ["B2", "G7"]
    assert g.awaiting.seat == 0
    g.apply(Pass(0))
    awaits(g, "turn", 1)

"""Scenarios for the `official` preset: one or more per row of the docs/rules.md decision table.

Seats in a 3-seat position: 0 plays first, direction +1, so 1 is next and 2 after it.
"""

from collections import Counter
from functools import partial

import pytest

from engine import (
    Accept,
    Card,
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
    Reveal,
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
    is_number,
    position,
    refused,
    rule,
    stacked_deck,
    standard_deck,
)

PRESET = "official"
game = partial(position, PRESET)
PILE = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]


# ---------------------------------------------------------------- deck, hand, who starts


@hands("seen", why=NO_GAME)
@rule(PRESET, 24, "deck")
def test_deck_has_112_cards():
    assert len(RuleSet.preset(PRESET).deck()) == 112


@hands("seen", why=NO_GAME)
@rule(PRESET, 24, "deck")
def test_deck_has_one_zero_two_of_each_other_card_eight_wilds_four_w4():
    deck = RuleSet.preset(PRESET).deck()
    assert Counter(codes(deck)) == standard_deck(wilds=8)


@rule(PRESET, 34, "hand")
def test_deal_gives_seven_cards_one_at_a_time_from_left_of_dealer_then_turns_one():
    rules = RuleSet.preset(PRESET)
    deck = stacked_deck(rules, [*TWENTY_ONE, "R5"])
    g = build_deal(3, rules, deck, 2)
    assert held(g, 0) == sorted(deck[0:21:3])
    assert held(g, 1) == sorted(deck[1:21:3])
    assert held(g, 2) == sorted(deck[2:21:3])
    assert str(g.top) == "R5"
    assert g.draw_count == 112 - 22


@rule(PRESET, 41, "who starts")
@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (2, 3), (3, 0)])
def test_left_of_dealer_starts_direction_plus_one(dealer, first):
    g = deal(PRESET, 4, first="R5", dealer=dealer)
    awaits(g, "turn", first)
    assert g.direction == 1


@rule(PRESET, 41, "who starts")
def test_a_seat_that_is_not_awaited_cannot_play():
    g = game([["R7", "G1"], ["R8", "G2"], ["R9", "G3"]], top="R3")
    refused(g, Play(1, "R8"))


# ---------------------------------------------------------------- matching


@rule(PRESET, 48, "matches")
@pytest.mark.parametrize(
    ("top", "card"),
    [("R3", "R7"), ("R3", "G3"), ("RS", "GS"), ("RR", "GR"), ("RD2", "GD2"), ("R3", "RS")],
)
def test_card_matching_colour_number_or_symbol_is_played(top, card):
    g = game([[card, "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top=top, draw_pile=PILE)
    g.apply(Play(0, card))
    assert str(g.top) == card
    assert held(g, 0) == ["Y9"]


@rule(PRESET, 48, "matches")
@pytest.mark.parametrize(("top", "card"), [("R3", "G7"), ("RS", "G7"), ("R3", "GS"), ("RD2", "G2")])
def test_card_matching_nothing_is_refused(top, card):
    g = game([[card, "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top=top, draw_pile=PILE)
    refused(g, Play(0, card))


@hands("seen", why=TRUSTED)
@rule(PRESET, 48, "matches")
def test_a_card_not_in_hand_is_refused():
    g = game([["G7", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Play(0, "R7"))


# ---------------------------------------------------------------- wilds


@rule(PRESET, 56, "W")
def test_wild_may_be_played_holding_a_match_and_may_name_the_same_colour():
    g = game([["W", "R7", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W", color="R"))
    assert str(g.top) == "W"
    assert g.color == Color.RED
    awaits(g, "turn", 1)


@rule(PRESET, 56, "W")
def test_wild_without_colour_awaits_colour_from_its_player():
    g = game([["W", "R7", "Y9"], ["G1", "R1"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W"))
    awaits(g, "color", 0)
    refused(g, ChooseColor(1, "B"))
    refused(g, Play(1, "R1"))
    g.apply(ChooseColor(0, "G"))
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)


@rule(PRESET, 56, "W")
def test_colour_named_by_a_wild_is_the_one_to_follow():
    g = game([["W", "R7", "Y9"], ["G1", "R1"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W", color="G"))
    refused(g, Play(1, "R1"))
    g.apply(Play(1, "G1"))
    assert str(g.top) == "G1"


@rule(PRESET, 65, "W4")
def test_w4_without_the_colour_to_follow_gives_the_victim_a_challenge():
    # G3 matches by number and W is a wild: neither counts against the W4.
    g = game([["W4", "G3", "W", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    assert str(g.top) == "W4"
    assert g.color == Color.GREEN
    awaits(g, "challenge", 1)
    assert action_types(g) == {Challenge, Accept}


@rule(PRESET, 65, "W4")
def test_w4_may_be_bluffed_holding_the_colour_to_follow():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    awaits(g, "challenge", 1)


@rule(PRESET, 65, "W4")
def test_w4_holding_a_card_that_matches_only_by_action_is_innocent():
    g = game([["W4", "GS", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="RS", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Challenge(1))
    assert g.hand_count(1) == 3 + 6
    assert g.hand_count(0) == 2


@rule(PRESET, 65, "W4")
def test_w4_holding_the_colour_named_by_a_wild_on_top_is_guilty():
    g = game(
        [["W4", "B3", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="W", color="B", draw_pile=PILE
    )
    g.apply(Play(0, "W4", color="G"))
    g.apply(Challenge(1))
    assert g.hand_count(0) == 2 + 4
    assert g.hand_count(1) == 3


# ---------------------------------------------------------------- W4 challenge


@rule(PRESET, 74, "W4 challenge")
def test_only_the_victim_may_challenge():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    refused(g, Challenge(2))


@rule(PRESET, 74, "W4 challenge")
def test_guilty_w4_player_draws_four_and_the_victim_plays():
    g = game([["W4", "R7", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Challenge(1))
    assert held(g, 0) == sorted(["R7", "Y9", "B1", "B2", "B3", "B4"])
    assert held(g, 1) == ["Y1", "Y2", "Y3"]
    assert str(g.top) == "W4"
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)


@rule(PRESET, 74, "W4 challenge")
def test_innocent_w4_challenger_draws_six_and_loses_the_turn():
    g = game([["W4", "G3", "W", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Challenge(1))
    assert held(g, 1) == sorted(["Y1", "Y2", "Y3", *PILE[:6]])
    assert g.hand_count(0) == 3
    assert g.color == Color.GREEN
    awaits(g, "turn", 2)


@rule(PRESET, 74, "W4 challenge")
def test_cards_drawn_for_a_catch_before_the_challenge_do_not_make_the_w4_guilty():
    """The W4 is judged on the hand its player held then: the red cards it drew since, caught
    at one card, came after it."""
    pile = ["R8", "R9", *PILE]
    g = game([["W4", "B7"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=pile)
    g.apply(Play(0, "W4", color="G"))
    g.apply(CatchUno(2, at=1.0))
    assert held(g, 0) == ["B7", "R8", "R9"]
    g.apply(Challenge(1))
    assert held(g, 1) == sorted(["Y1", "Y2", "Y3", *pile[2:8]])  # innocent: the challenger, 6
    assert held(g, 0) == ["B7", "R8", "R9"]
    awaits(g, "turn", 2)


# ---------------------------------------------------------------- draw cards


@rule(PRESET, 84, "D2")
def test_d2_next_draws_two_and_loses_the_turn():
    g = game([["RD2", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    assert held(g, 1) == sorted(["Y1", "Y2", "B1", "B2"])
    assert g.pending_draw == 0
    awaits(g, "turn", 2)


@rule(PRESET, 92, "W4 effect")
def test_accepted_w4_next_draws_four_and_loses_the_turn():
    g = game([["W4", "G3", "Y9"], ["Y1", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    g.apply(Accept(1))
    assert held(g, 1) == sorted(["Y1", "Y2", "Y3", "B1", "B2", "B3", "B4"])
    assert g.hand_count(0) == 2
    awaits(g, "turn", 2)


@rule(PRESET, 101, "stacking")
def test_no_stacking_d2_applies_at_once_even_to_a_seat_holding_a_d2():
    g = game([["RD2", "Y9"], ["GD2", "RD2"], ["Y3", "Y4"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RD2"))
    assert held(g, 1) == sorted(["GD2", "RD2", "B1", "B2"])
    assert g.pending_draw == 0
    awaits(g, "turn", 2)


@rule(PRESET, 101, "stacking")
def test_no_stacking_a_w4_cannot_answer_a_w4():
    g = game([["W4", "G3", "Y9"], ["W4", "Y2", "Y3"], ["Y4", "Y5"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "W4", color="G"))
    refused(g, Play(1, "W4", color="R"))


# ---------------------------------------------------------------- skip, reverse, one card a play


@rule(PRESET, 112, "S")
@pytest.mark.parametrize(("direction", "next_seat"), [(1, 2), (-1, 1)])
def test_skip_next_player_loses_the_turn(direction, next_seat):
    g = game(
        [["RS", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", direction=direction, draw_pile=PILE
    )
    g.apply(Play(0, "RS"))
    awaits(g, "turn", next_seat)


@rule(PRESET, 119, "R")
def test_reverse_flips_the_direction():
    hands = [["Y1", "Y2"], ["RR", "Y9"], ["Y3", "Y4"], ["Y5", "Y6"]]
    g = game(hands, top="R5", turn=1, draw_pile=PILE)
    g.apply(Play(1, "RR"))
    assert g.direction == -1
    awaits(g, "turn", 0)


@rule(PRESET, 119, "R")
def test_reverse_with_two_players_acts_as_skip():
    g = game([["RR", "Y9"], ["Y1", "Y2"]], top="R5", draw_pile=PILE)
    g.apply(Play(0, "RR"))
    awaits(g, "turn", 0)


@rule(PRESET, 126, "several cards at once")
def test_two_cards_in_one_play_are_refused():
    g = game([["R5", "G5", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Play(0, ["R5", "G5"]))


# ---------------------------------------------------------------- first card


@rule(PRESET, 135, "first card W4")
def test_first_card_w4_is_shuffled_back_and_another_turned():
    g = deal(PRESET, 3, first="W4")
    assert str(g.top) != "W4"
    assert len(g.discard) == 1
    assert g.hand_count(0) == g.hand_count(2) == 7
    total = sum(g.hand_count(seat) for seat in range(3)) + g.draw_count + len(g.discard)
    assert total == 112
    assert str(deal(PRESET, 3, first="W4").top) == str(g.top)  # seeded: the same every time


@rule(PRESET, 143, "first card W")
def test_first_card_wild_left_of_dealer_names_the_colour_then_plays():
    g = deal(PRESET, 3, first="W", dealer=0)
    awaits(g, "color", 1)
    g.apply(ChooseColor(1, "G"))
    assert g.color == Color.GREEN
    awaits(g, "turn", 1)


@rule(PRESET, 150, "first card D2")
def test_first_card_d2_left_of_dealer_draws_two_and_loses_the_turn():
    g = deal(PRESET, 3, first="RD2", after=["Y8", "Y9"], dealer=0)
    assert g.hand_count(1) == 9
    assert {"Y8", "Y9"} <= set(held(g, 1))
    awaits(g, "turn", 2)


@rule(PRESET, 158, "first card S")
def test_first_card_skip_left_of_dealer_is_skipped():
    g = deal(PRESET, 3, first="RS", dealer=0)
    awaits(g, "turn", 2)


@rule(PRESET, 165, "first card R")
@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_reverse_dealer_plays_first_direction_minus_one(dealer):
    g = deal(PRESET, 4, first="RR", dealer=dealer)
    assert g.direction == -1
    awaits(g, "turn", dealer)


@hands("unseen")
@rule(PRESET, 165, "first card R")
def test_first_card_reverse_after_the_dealer_left_the_seat_right_of_the_dealer_plays_first():
    """The dealer's turn passes on as a left seat's does. Before: the game awaited the seat
    that had left, and every seat's move was refused."""
    g = Game.referee(players=4, rules=RuleSet.preset(PRESET), dealer=1)
    g.apply(Leave(1))
    g.apply(Flip("RR"))
    assert g.direction == -1
    awaits(g, "turn", 0)


# ---------------------------------------------------------------- drawing


@rule(PRESET, 173, "nothing playable")
def test_drawn_card_that_does_not_fit_ends_the_turn():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["Y8", *PILE])
    g.apply(Draw(0))
    assert held(g, 0) == sorted(["G7", "B2", "Y8"])
    awaits(g, "turn", 1)


@rule(PRESET, 173, "nothing playable")
def test_drawn_card_that_fits_may_be_played():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["R9", *PILE])
    g.apply(Draw(0))
    awaits(g, "drawn", 0)
    g.apply(Play(0, "R9"))
    assert str(g.top) == "R9"
    awaits(g, "turn", 1)


@rule(PRESET, 173, "nothing playable")
def test_only_one_card_is_drawn():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["R9", *PILE])
    g.apply(Draw(0))
    refused(g, Draw(0))


@rule(PRESET, 173, "nothing playable")
def test_drawn_card_that_fits_may_be_kept():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["R9", *PILE])
    g.apply(Draw(0))
    g.apply(Pass(0))
    assert held(g, 0) == sorted(["G7", "B2", "R9"])
    assert str(g.top) == "R3"
    awaits(g, "turn", 1)


@rule(PRESET, 173, "nothing playable")
def test_pass_without_drawing_is_refused():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    refused(g, Pass(0))


@rule(PRESET, 183, "drawing while holding a playable card")
def test_may_draw_holding_a_playable_card():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["B9", *PILE])
    g.apply(Draw(0))
    assert held(g, 0) == sorted(["R7", "G1", "B9"])
    awaits(g, "turn", 1)


@hands("seen", why=TRUSTED)
@rule(PRESET, 183, "drawing while holding a playable card")
def test_after_drawing_only_the_drawn_card_may_be_played():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=["R9", *PILE])
    g.apply(Draw(0))
    awaits(g, "drawn", 0)
    refused(g, Play(0, "R7"))
    g.apply(Play(0, "R9"))
    assert str(g.top) == "R9"


# ---------------------------------------------------------------- UNO, going out, leaving


@rule(PRESET, 190, "UNO call")
def test_seat_caught_without_calling_uno_draws_two():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Play(0, "R7"))
    g.apply(CatchUno(2, at=1.0))
    assert held(g, 0) == sorted(["G1", "B1", "B2"])
    awaits(g, "turn", 1)


@rule(PRESET, 199, "going out")
def test_going_out_on_d2_next_seat_still_draws_and_those_cards_count():
    g = game([["RD2"], ["G1", "B2"]], top="R5", draw_pile=["Y3", "Y4", "Y5"])
    g.apply(Play(0, "RD2"))
    assert g.winner == 0
    assert held(g, 1) == sorted(["G1", "B2", "Y3", "Y4"])
    assert g.scores[0] == 1 + 2 + 3 + 4
    assert g.awaiting.kind == "round_over"


@rule(PRESET, 199, "going out")
def test_going_out_on_w4_next_seat_still_draws_and_those_cards_count():
    g = game([["W4"], ["G1", "B2"]], top="R5", draw_pile=["Y3", "Y4", "Y5", "Y6", "Y7"])
    g.apply(Play(0, "W4", color="G"))
    if g.awaiting.kind == "challenge":  # the victim may still be offered the challenge: accept
        g.apply(Accept(1))
    assert g.winner == 0
    assert held(g, 1) == sorted(["G1", "B2", "Y3", "Y4", "Y5", "Y6"])
    assert g.scores[0] == 1 + 2 + 3 + 4 + 5 + 6
    assert g.awaiting.kind == "round_over"


@rule(PRESET, 208, "players leaving")
def test_a_seat_that_leaves_is_skipped():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(1))
    assert g.hand_count(1) == 0
    g.apply(Play(0, "R7"))
    awaits(g, "turn", 2)


@rule(PRESET, 208, "players leaving")
def test_a_seat_that_leaves_on_its_turn_passes_the_turn_on():
    g = game([["R7", "G1"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(0))
    assert g.hand_count(0) == 0
    awaits(g, "turn", 1)


@rule(PRESET, 208, "players leaving")
def test_the_cards_of_a_seat_that_left_score_for_no_one():
    g = game([["R7"], ["G3"], ["W", "W4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(2))
    g.apply(Play(0, "R7"))
    assert g.winner == 0
    assert g.scores[0] == 3


@hands("unseen")
@rule(PRESET, 208, "players leaving")
def test_the_dealer_leaves_before_turning_the_first_card_and_the_next_seat_turns_it():
    """Before: the flip was skipped, the game awaited a turn with no first card."""
    g = Game.referee(players=3, rules=RuleSet.preset(PRESET), dealer=0)
    awaits(g, "flip", 0)
    g.apply(Leave(0))
    awaits(g, "flip", 1)
    g.apply(Flip("R5"))
    awaits(g, "turn", 1)  # left of the dealer who left


@hands("unseen")
@rule(PRESET, 208, "players leaving")
@pytest.mark.parametrize("shown", [["R1"], ["G1", "G2", "G3", "G4"]], ids=["guilty", "innocent"])
def test_the_challenger_of_a_plus_four_leaves_while_its_player_shows_and_the_next_seat_plays(
    shown,
):
    """The challenge dies with its challenger, as the +4 does with a victim that leaves before
    challenging: nothing is drawn. Before: guilty awaited the turn of the seat that had left
    (every move refused), innocent dealt it 6 cards."""
    g = Game.from_position(RuleSet.preset(PRESET), hands=[5, 5, 5], top="R3", turn=0)
    g.apply(Play(0, "W4", color="B"))
    g.apply(Challenge(1))
    awaits(g, "reveal", 0)
    g.apply(Leave(1))
    awaits(g, "turn", 2)
    assert [g.hand_count(seat) for seat in range(3)] == [4, 0, 5]
    assert g.pending_draw == 0 and g.challenge is None
    refused(g, Reveal(0, shown))


@hands("unseen")
@rule(PRESET, 208, "players leaving")
def test_a_seat_that_leaves_while_another_shows_its_hand_is_not_waited_for():
    """Its count is dropped from the tally. Before: the tally came to it and waited for a hand
    from a seat that had left; every move was refused."""
    g = Game.from_position(RuleSet.preset(PRESET), hands=[1, 2, 3, 4], top="R3", turn=0)
    g.apply(Play(0, "R5"))
    awaits(g, "reveal", 1)
    g.apply(Leave(3))
    g.apply(Reveal(1, ["G1", "G2"]))
    g.apply(Reveal(2, ["B1", "B2", "B3"]))
    assert g.awaiting.kind == "round_over"
    assert g.scores[0] == 1 + 2 + 1 + 2 + 3


@hands("unseen")
@rule(PRESET, 208, "players leaving")
def test_the_winner_leaving_while_the_hands_are_counted_ends_the_count_scoring_nothing():
    """The points would score for a seat that has left: no one takes them, and no hand is
    waited for. Before: the count went on, and seat 0, gone, took the points of the hands shown."""
    g = Game.from_position(RuleSet.preset(PRESET), hands=[1, 2, 3, 4], top="R3", turn=0)
    g.apply(Play(0, "R5"))
    awaits(g, "reveal", 1)
    g.apply(Leave(0))
    assert g.awaiting.kind == "round_over"
    assert g.scores == [0, 0, 0, 0] and g.outcome.points == 0
    refused(g, Reveal(1, ["G1", "G2"]))


@hands("unseen")
@rule(PRESET, 208, "players leaving")
def test_the_winner_and_then_all_but_one_leaving_while_the_hands_are_counted():
    """The last seat at the table wins the match, never a seat that has left. Before: the
    count went on to seat 2's hand and the match went to seat 0, which had left."""
    g = Game.from_position(RuleSet.preset(PRESET), hands=[1, 2, 3], top="R3", turn=0)
    g.apply(Play(0, "R5"))
    g.apply(Leave(0))
    g.apply(Leave(1))
    assert g.awaiting.kind == "match_over"
    assert g.match_winner == 2 and g.scores == [0, 0, 0]


@hands("unseen")
@rule("match_end", 391, "players leaving")
def test_the_winner_leaving_while_the_hands_are_counted_at_lowest_at_target_counts_on():
    """Each seat scores its own hand there: the count goes on without the winner."""
    rules = RuleSet.preset(PRESET).replace(match_end="lowest_at_target")
    g = Game.from_position(rules, hands=[1, 2, 3], top="R3", turn=0)
    g.apply(Play(0, "R5"))
    g.apply(Leave(0))
    g.apply(Reveal(1, ["G1", "G2"]))
    g.apply(Reveal(2, ["B1", "B2", "B3"]))
    assert g.awaiting.kind == "round_over"
    assert g.scores == [0, 3, 6]


@hands("unseen")
@rule("match_end", 391, "players leaving")
def test_the_winner_gone_at_lowest_at_target_the_count_ends_once_one_seat_is_left():
    """The last seat at the table wins the match: its hand is not waited for. Before: the
    game waited for the last seat to show a hand that could change nothing."""
    rules = RuleSet.preset(PRESET).replace(match_end="lowest_at_target")
    g = Game.from_position(rules, hands=[1, 2, 3], top="R3", turn=0)
    g.apply(Play(0, "R5"))
    g.apply(Leave(0))
    g.apply(Leave(1))
    assert g.awaiting.kind == "match_over" and g.match_winner == 2


@rule(PRESET, 208, "players leaving")
def test_the_last_seat_left_wins_the_round():
    g = game([["R7", "G1"], ["W", "W4"]], top="R3", draw_pile=PILE)
    g.apply(Leave(1))
    assert g.winner == 0
    assert g.scores[0] == 0


# ---------------------------------------------------------------- scoring


@hands("seen", why=NO_GAME)
@rule(PRESET, 216, "scoring")
@pytest.mark.parametrize(
    ("code", "points"),
    [("R0", 0), ("G7", 7), ("B9", 9), ("YS", 20), ("RR", 20), ("GD2", 20), ("W", 50), ("W4", 50)],
)
def test_card_points(code, points):
    assert Card.parse(code).points == points


@rule(PRESET, 216, "scoring")
def test_winner_scores_the_cards_left_in_the_other_hands():
    hands = [["R7"], ["R9", "GS", "BR", "YD2"], ["W", "W4", "G0"]]
    g = game(hands, top="R3", draw_pile=PILE)
    g.apply(Play(0, "R7"))
    assert g.winner == 0
    assert list(g.scores) == [9 + 20 + 20 + 20 + 50 + 50 + 0, 0, 0]
    assert g.match_winner is None
    assert g.awaiting.kind == "round_over"


@rule(PRESET, 216, "scoring")
def test_first_to_500_wins_the_match():
    g = game([["R7"], ["R9", "GS"], ["G1"]], top="R3", draw_pile=PILE, scores=[480, 300, 0])
    g.apply(Play(0, "R7"))
    assert g.scores[0] == 480 + 9 + 20 + 1
    assert g.match_winner == 0
    assert g.awaiting.kind == "match_over"


@rule(PRESET, 216, "scoring")
def test_below_500_a_new_round_is_dealt_and_scores_kept():
    g = game([["R7"], ["R9", "GS"], ["G1"]], top="R3", draw_pile=PILE, scores=[100, 50, 0])
    g.apply(Play(0, "R7"))
    assert g.awaiting.kind == "round_over"
    g.apply(NextRound())
    assert list(g.scores) == [130, 50, 0]
    assert g.winner is None
    assert all(g.hand_count(seat) >= 7 for seat in range(3))
    total = sum(g.hand_count(seat) for seat in range(3)) + g.draw_count + len(g.discard)
    assert total == 112


@rule(PRESET, 216, "scoring")
def test_the_next_round_is_dealt_by_the_next_dealer():
    # Dealer 0, two seats: seat 1 plays out R1..R7 while seat 0 draws cards that never fit.
    rules = RuleSet.preset(PRESET)
    seat1 = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    seat0 = ["B0", "G0", "Y0", "B8", "B9", "G8", "G9"]
    dealt = [card for pair in zip(seat1, seat0, strict=True) for card in pair]
    deck = stacked_deck(rules, [*dealt, "R9", "Y8", "Y9", "Y8", "Y9", "B8", "B9"])
    g = build_deal(2, rules, deck, 0)
    for card in seat1[:-1]:
        g.apply(Play(1, card))
        g.apply(Draw(0))
    g.apply(Play(1, "R7"))
    assert g.winner == 1
    assert g.scores[1] == (8 + 9 + 8 + 9) + (8 + 9 + 8 + 9 + 8 + 9)
    g.apply(NextRound())
    # Seat 1 deals now: seat 0, on its left, starts unless the first card says otherwise.
    first = str(g.discard[0])
    if first == "W":
        awaits(g, "color", 0)
    elif is_number(first):
        awaits(g, "turn", 0)
    else:  # S skips seat 0; R lets the dealer start; D2 costs seat 0 its turn
        awaits(g, "turn", 1)


# ---------------------------------------------------------------- empty draw pile


@rule(PRESET, 226, "empty draw pile")
def test_empty_draw_pile_is_made_from_the_discard_pile_but_its_top():
    g = game(
        [["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=[], discard_below=["G1"]
    )
    g.apply(Draw(0))
    assert held(g, 0) == sorted(["G7", "B2", "G1"])
    assert codes(g.discard) == ["R5"]
    assert g.draw_count == 0
    awaits(g, "turn", 1)


@rule(PRESET, 226, "empty draw pile")
def test_penalty_draw_reshuffles_the_discard_pile_when_the_draw_pile_runs_out():
    g = game(
        [["RD2", "Y9"], ["Y1", "Y2"], ["Y3", "Y4"]],
        top="R5",
        draw_pile=["B1"],
        discard_below=["G1"],
    )
    g.apply(Play(0, "RD2"))
    assert g.hand_count(1) == 4
    assert "B1" in held(g, 1)
    assert len(set(held(g, 1)) & {"G1", "R5"}) == 1
    assert codes(g.discard) == ["RD2"]
    assert g.draw_count == 1
    awaits(g, "turn", 2)


@rule(PRESET, 226, "empty draw pile")
def test_a_draw_that_cannot_be_made_is_skipped_then_pass_is_allowed():
    g = game([["G7", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]], top="R5", draw_pile=[])
    g.apply(Draw(0))
    assert held(g, 0) == ["B2", "G7"]
    assert g.awaiting.seat == 0
    g.apply(Pass(0))
    awaits(g, "turn", 1)

"""Scenarios for the `cool` preset and the house-rule knobs, one per rule.

Each test names the preset or knob, the docs/rules.md line and the row it checks with `@rule`
(see conftest.py); the docstring quotes the rule: `003` is the cool rule document and `001` the
official one, by the prefixes docs/rules.md cites them with.
"""

from collections import Counter

import pytest

from engine import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    CounterWindow,
    Draw,
    Flip,
    Game,
    IllegalAction,
    Kind,
    Leave,
    NextRound,
    Pass,
    Play,
    Rank,
    RuleSet,
)
from engine import events as ev

from .conftest import (
    NO_GAME,
    TRUSTED,
    build,
    build_deal,
    hands,
    rule,
    stacked_deck,
)

COOL = RuleSet.preset("cool")
OFFICIAL = RuleSet.preset("official")
FILLER = ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9"]
DEALT = [f"{c}{r}" for c in "RYGB" for r in "123456789"][:28]  # 7 cards to each of 4 seats


def position(hands, top, rules=COOL, turn=0, draw_pile=FILLER, **kw) -> Game:
    return build(rules, hands, top, turn=turn, draw_pile=draw_pile, **kw)


def refused(game: Game, action, reason: str) -> None:
    """The action is refused with `reason` and changes nothing."""
    before = game.snapshot()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.reason == reason, err.value.message
    assert game.snapshot() == before


def codes(cards) -> list[str]:
    return [str(c) for c in cards]


def awaiting(game: Game) -> tuple[str, int | None]:
    return (str(game.awaiting.kind), game.awaiting.seat)


# --- the preset ---------------------------------------------------------------------------


@hands("seen", why=NO_GAME)
@rule("cool", 29, "deck")
def test_cool_deck_holds_one_wild_shuffle_hands():
    """cool — docs/rules.md line 29 (deck: official 112, one of the 8 W being WS); 003 line 6."""
    deck = Counter(str(c) for c in COOL.deck())
    assert sum(deck.values()) == 112
    assert (deck["W"], deck["WS"], deck["W4"]) == (7, 1, 4)
    assert COOL.stacking == "cool" and not COOL.w4_restricted
    assert COOL.uno_penalty == 2 and COOL.uno_race == 0.05 and COOL.target_score == 500


# --- the decision table: cool's bullets (docs/rules.md, "Decisions per preset") --------------


@rule("cool", 37, "hand")
def test_deal_gives_seven_cards_one_at_a_time_from_left_of_dealer():
    """cool — docs/rules.md line 37: 7 cards a hand, one at a time from the left of the dealer."""
    g = build_deal(4, COOL, stacked_deck(COOL, [*DEALT, "B5"]), 3)
    assert [codes(g.hand(s)) for s in range(4)] == [DEALT[k::4] for k in range(4)]
    assert g.draw_count == 112 - 29


@rule("cool", 44, "who starts")
@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (3, 0)])
def test_left_of_dealer_starts_direction_plus_one(dealer, first):
    """cool — docs/rules.md line 44: left of the dealer, direction +1."""
    g = build_deal(4, COOL, stacked_deck(COOL, [*DEALT, "B5"]), dealer)
    assert awaiting(g) == ("turn", first) and g.direction == 1


@rule("cool", 52, "matches")
@pytest.mark.parametrize(
    ("top", "card", "ok"),
    [("R3", "R7", True), ("R3", "G3", True), ("RS", "GS", True), ("RD2", "GD2", True),
     ("R3", "G7", False), ("RS", "G7", False), ("R3", "GS", False)],
)  # fmt: skip
def test_colour_or_symbol_matches(top, card, ok):
    """cool — docs/rules.md line 52 (003 lines 4-5: the symbol is the number or the picture)."""
    g = position([[card, "Y9"], ["B1", "B2"]], top=top)
    if ok:
        g.apply(Play(0, card))
        assert str(g.top) == card
    else:
        refused(g, Play(0, card), "no_match")


@rule("cool", 69, "W4")
@rule("cool", 80, "W4 challenge")
def test_w4_is_always_allowed_and_never_challenged():
    """cool — docs/rules.md line 80: always; no challenge (a held red card does not matter)."""
    g = position([["W4", "R7", "Y9"], ["B1", "B2"], ["G1", "G2"]], top="R3")
    g.apply(Play(0, "W4", color="G"))
    assert awaiting(g) == ("respond", 1)
    refused(g, Challenge(1), "wrong_moment")


@rule("cool", 87, "D2")
def test_d2_next_responds_or_draws_two_and_loses_the_turn():
    """cool — docs/rules.md line 87, 003 line 15: answer (rule 3) or take the total."""
    g = position([["RD2", "Y9"], ["B1", "B2"], ["G1", "G2"]], top="R3")
    g.apply(Play(0, "RD2"))
    assert awaiting(g) == ("respond", 1) and g.pending_draw == 2
    g.apply(Accept(1))
    assert g.hand_count(1) == 4 and g.pending_draw == 0 and awaiting(g) == ("turn", 2)


@rule("cool", 97, "W4 effect")
def test_w4_next_responds_or_draws_four_and_loses_the_turn():
    """cool — docs/rules.md line 97, 003 line 15: respondable like a D2."""
    g = position([["W4", "Y9"], ["B1", "B2"], ["G1", "G2"]], top="R3")
    g.apply(Play(0, "W4", color="B"))
    assert awaiting(g) == ("respond", 1) and g.pending_draw == 4
    g.apply(Accept(1))
    assert g.hand_count(1) == 6 and g.color is Color.BLUE and awaiting(g) == ("turn", 2)


@rule("cool", 115, "S")
def test_skip_the_skipped_player_may_counter_or_lose_the_turn():
    """cool — docs/rules.md line 115: the skipped seat may counter; declining, it loses the turn."""
    g = position([["RS", "Y9"], ["B1", "B2"], ["G1", "G2"]], top="R3")
    g.apply(Play(0, "RS"))
    assert awaiting(g) == ("respond", 1) and g.counter == CounterWindow("S", 0, 1)
    g.apply(Accept(1))
    assert g.hand_count(1) == 2 and awaiting(g) == ("turn", 2)


@rule("cool", 122, "R")
@pytest.mark.parametrize(("players", "next_seat"), [(3, 2), (2, 0)])
def test_reverse_flips_the_direction_and_may_be_countered(players, next_seat):
    """cool — docs/rules.md line 122 (and official's R: with 2 players it acts as S)."""
    hands = [["RR", "Y9"], ["B1", "B2"], ["G1", "G2"]][:players]
    g = position(hands, top="R3")
    g.apply(Play(0, "RR"))
    assert g.direction == -1 and g.counter is not None
    g.apply(Accept(g.awaiting.seat))
    assert awaiting(g) == ("turn", next_seat)


@rule("cool", 139, "first card W4")
def test_first_card_w4_is_shuffled_back_and_another_turned():
    """cool — docs/rules.md line 139: same as official (seeded)."""
    g = build_deal(4, COOL, stacked_deck(COOL, [*DEALT, "W4", "B5"]), 0)
    assert str(g.top) != "W4" and len(g.discard) == 1
    assert g.draw_count == 112 - 29


@rule("cool", 146, "first card W")
def test_first_card_wild_left_of_dealer_names_the_colour_then_plays():
    """cool — docs/rules.md line 146: same as official."""
    g = build_deal(4, COOL, stacked_deck(COOL, [*DEALT, "W", "B5"]), 0)
    assert awaiting(g) == ("color", 1)
    g.apply(ChooseColor(1, "G"))
    assert g.color is Color.GREEN and awaiting(g) == ("turn", 1)


@rule("cool", 169, "first card R")
def test_first_card_reverse_dealer_plays_first_direction_minus_one():
    """cool — docs/rules.md line 169: as official."""
    g = build_deal(4, COOL, stacked_deck(COOL, [*DEALT, "RR", "B5"]), 2)
    assert g.direction == -1 and awaiting(g) == ("turn", 2)


@hands("unseen")
@rule("cool", 169, "first card R")
def test_first_card_reverse_after_the_dealer_left_the_seat_right_of_the_dealer_plays_first():
    """cool — docs/rules.md line 169: the dealer's turn passes on as a left seat's does
    (before: the seat that left was awaited)."""
    g = Game.referee(players=4, rules=COOL, dealer=1)
    g.apply(Leave(1))
    g.apply(Flip("RR"))
    assert g.direction == -1 and awaiting(g) == ("turn", 0)


@rule("cool", 186, "drawing while holding a playable card")
def test_may_draw_holding_a_playable_card_and_keep_drawing():
    """cool — docs/rules.md line 186: allowed (keep drawing until you play)."""
    g = position([["R5", "G1"], ["B2", "B3"]], top="R3", draw_pile=["Y9", "R8", "Y1"])
    g.apply(Draw(0))
    g.apply(Draw(0))
    assert g.hand_count(0) == 4
    g.apply(Play(0, "R8"))
    assert awaiting(g) == ("turn", 1)


@rule("cool", 212, "players leaving")
def test_a_seat_that_leaves_is_skipped_and_the_last_seat_left_wins():
    """cool — docs/rules.md line 212: same as every preset (002 lines 41-42)."""
    g = position([["R7", "G1"], ["Y1", "Y2"], ["W", "W4"]], top="R3")
    g.apply(Leave(1))
    g.apply(Play(0, "R7"))
    assert awaiting(g) == ("turn", 2)
    g.apply(Leave(2))
    assert g.winner == 0 and g.scores == [0, 0, 0]


@rule("cool", 222, "scoring")
def test_winner_scores_the_cards_left_and_first_to_500_wins():
    """cool — docs/rules.md line 222: as official; WS counts 40."""
    g = position([["R5"], ["WS", "B9"], ["G1"]], top="R3", scores=[450, 0, 0])
    g.apply(Play(0, "R5"))
    assert g.scores == [450 + 40 + 9 + 1, 0, 0] and g.match_winner == 0


# --- rule 1: several cards of one symbol ----------------------------------------------------


@rule("cool", 129, "several cards at once")
def test_several_cards_of_one_symbol_first_fits_last_on_top():
    """cool — 003 line 9: "tantas cartas de igual símbolo como se desee"."""
    g = position([["R5", "G5", "B5", "Y1"], ["B2", "B3"]], top="R3")
    refused(g, Play(0, ["G5", "R5"]), "no_match")  # the first card must fit the top
    refused(g, Play(0, ["R5", "Y1"]), "one_symbol")
    events = g.apply(Play(0, ["R5", "B5", "G5"]))
    assert events[0] == ev.Played(0, tuple(Play(0, ["R5", "B5", "G5"]).cards), Color.GREEN)
    assert str(g.top) == "G5" and g.color is Color.GREEN
    assert codes(g.discard) == ["R3", "R5", "B5", "G5"]
    assert codes(g.hand(0)) == ["Y1"] and awaiting(g) == ("turn", 1)


@rule("multi_play", 394, "several cards at once")
def test_several_cards_need_the_knob():
    """multi_play knob — docs/rules.md line 394: official plays one card at a time."""
    g = position([["R5", "G5", "B5"], ["B2"]], top="R3", rules=OFFICIAL)
    refused(g, Play(0, ["R5", "G5"]), "one_card")
    g = position([["R5", "G5", "B5"], ["B2"]], top="R3", rules=OFFICIAL.replace(multi_play=True))
    g.apply(Play(0, ["R5", "G5"]))
    assert str(g.top) == "G5"


@rule("cool", 129, "several cards at once")
def test_legal_actions_list_runs_of_one_symbol():
    """cool — 003 line 9: the bots see several-card plays among the legal actions."""
    g = position([["R5", "G5", "B9"], ["B2"]], top="R3")
    plays = [codes(a.cards) for a in g.legal_actions() if isinstance(a, Play)]
    assert ["R5"] in plays and ["R5", "G5"] in plays
    assert ["G5", "R5"] not in plays  # G5 does not fit R3
    for action in g.legal_actions():
        Game.replay(g.origin, g.rules, [action])  # every listed action is accepted


# --- rule 2: effects multiply -------------------------------------------------------------


@rule("cool", 129, "several cards at once")
def test_two_draw_twos_make_four():
    """cool — 003 line 11: "+2: se deben tomar 2 cartas más por cada una"."""
    g = position([["RD2", "GD2", "B1"], ["B2", "B3"], ["G1"]], top="R3")
    g.apply(Play(0, ["RD2", "GD2"]))
    assert g.pending_draw == 4 and awaiting(g) == ("respond", 1)
    g.apply(Accept(1))
    assert codes(g.hand(1)) == ["B2", "B3", *FILLER[:4]] and awaiting(g) == ("turn", 2)


@rule("cool", 129, "several cards at once")
def test_two_wild_draw_fours_make_eight():
    """cool — 003 line 12: "+4: se deben tomar 4 cartas más por cada una"."""
    g = position([["W4", "W4", "B1"], ["B2"], ["G1"]], top="R3")
    g.apply(Play(0, ["W4", "W4"], color="B"))
    assert g.pending_draw == 8 and g.color is Color.BLUE
    g.apply(Accept(1))
    assert g.hand_count(1) == 9 and awaiting(g) == ("turn", 2)


@rule("cool", 129, "several cards at once")
def test_reverses_flip_once_each():
    """cool — 003 line 13: "Reverse: se vuelve a cambiar el sentido por cada una"."""
    hands = [["RR", "GR", "BR", "Y1"], ["B2"], ["G1"], ["Y5"]]
    g = position(hands, top="R3")
    g.apply(Play(0, ["RR", "GR"]))
    assert g.direction == 1 and awaiting(g) == ("respond", 1)  # seat 1 may counter
    g = position(hands, top="R3")
    g.apply(Play(0, ["RR", "GR", "BR"]))
    assert g.direction == -1 and awaiting(g) == ("respond", 3)
    g.apply(Accept(3))
    assert awaiting(g) == ("turn", 3)


@rule("cool", 129, "several cards at once")
def test_skips_skip_one_player_each():
    """cool — 003 line 14: "Bloqueo: se le quita el turno a una persona más"."""
    g = position([["RS", "GS", "Y1"], ["B2"], ["G1"], ["Y5"], ["B7"]], top="R3")
    g.apply(Play(0, ["RS", "GS"]))
    assert awaiting(g) == ("respond", 1) and g.counter == CounterWindow("S", 0, 2)
    events = g.apply(Accept(1))
    assert [e for e in events if isinstance(e, ev.Skipped)] == [ev.Skipped(1), ev.Skipped(2)]
    assert awaiting(g) == ("turn", 3)


@rule("multi_play", 394, "several cards at once")
def test_multi_play_without_counters_skips_at_once():
    """multi_play knob — docs/rules.md line 394 (n×S skips n players), with official's S."""
    rules = OFFICIAL.replace(multi_play=True)
    g = position([["RS", "GS", "Y1"], ["B2"], ["G1"], ["Y5"]], top="R3", rules=rules)
    g.apply(Play(0, ["RS", "GS"]))
    assert awaiting(g) == ("turn", 3)


# --- rule 3: answers to +2 and +4 -----------------------------------------------------------


@rule("cool", 105, "stacking")
def test_answer_draw_two_with_draw_two():
    """cool — 003 line 16: "+2: +2 al total de cartas, se pasa al siguiente jugador"."""
    g = position([["RD2", "B1"], ["GD2", "B2"], ["G1", "G2"]], top="R3")
    g.apply(Play(0, "RD2"))
    assert awaiting(g) == ("respond", 1) and g.pending_draw == 2
    g.apply(Play(1, "GD2"))  # the same symbol, another colour
    assert awaiting(g) == ("respond", 2) and g.pending_draw == 4
    g.apply(Accept(2))
    assert g.hand_count(2) == 6 and awaiting(g) == ("turn", 0)


@rule("cool", 105, "stacking")
def test_answer_must_match_colour_or_symbol():
    """cool — 003 line 15: "+2, +4, Reverse o Bloqueo del color o símbolo equivalente"."""
    g = position([["RD2", "B1"], ["GS", "B5", "RS", "W"], ["G1"]], top="R3")
    g.apply(Play(0, "RD2"))
    refused(g, Play(1, "GS"), "must_answer")  # neither red nor a +2
    refused(g, Play(1, "B5"), "must_answer")
    refused(g, Play(1, "W", color="R"), "must_answer")
    refused(g, Draw(1), "wrong_moment")
    g.apply(Play(1, "RS"))


@rule("cool", 105, "stacking")
def test_answer_draw_two_with_wild_draw_four():
    """cool — 003 line 17: "+4: +4 al total de cartas, se pasa al siguiente jugador"."""
    g = position([["RD2", "B1"], ["W4", "B2"], ["G1", "G2"]], top="R3")
    g.apply(Play(0, "RD2"))
    g.apply(Play(1, "W4", color="G"))
    assert g.pending_draw == 6 and awaiting(g) == ("respond", 2)


@rule("cool", 105, "stacking")
def test_answer_with_reverse_sends_the_total_back():
    """cool — 003 line 18: "Reverse: se devuelve la cantidad acumulada al jugador anterior"."""
    g = position([["RD2", "B1"], ["RR", "B2"], ["G1"], ["G2"]], top="R3")
    g.apply(Play(0, "RD2"))
    g.apply(Play(1, "RR"))
    assert g.direction == -1 and g.pending_draw == 2 and awaiting(g) == ("respond", 0)
    g.apply(Accept(0))
    assert g.hand_count(0) == 3 and awaiting(g) == ("turn", 3)  # the flow is reversed


@rule("cool", 105, "stacking")
def test_a_last_reverse_sends_the_total_back_to_the_previous_player():
    """cool — 003 line 18, going out on the answer (out_on_number off): the total still goes
    back to the previous player, and counts for the winner."""
    rules = COOL.replace(out_on_number=False)
    g = position([["RD2", "B1"], ["RR"], ["G1", "G2"], ["G5"]], top="R3", rules=rules)
    g.apply(Play(0, "RD2"))
    events = g.apply(Play(1, "RR"))
    drew = [e for e in events if isinstance(e, ev.Drew)]
    assert [(e.seat, e.count) for e in drew] == [(0, 2)]  # not seat 2, the next one on
    assert g.winner == 1 and g.hand_count(0) == 3


@rule("cool", 105, "stacking")
def test_answer_with_skip_passes_the_total_on():
    """cool — 003 line 19: "Bloqueo: el jugador que la juega queda absuelto del efecto"."""
    g = position([["RD2", "B1"], ["RS", "B2"], ["G1"], ["G2"]], top="R3")
    g.apply(Play(0, "RD2"))
    g.apply(Play(1, "RS"))
    assert g.hand_count(1) == 1 and g.pending_draw == 2 and awaiting(g) == ("respond", 2)
    g.apply(Accept(2))
    assert g.hand_count(2) == 3 and awaiting(g) == ("turn", 3)


@rule("cool", 105, "stacking")
def test_answers_go_on_until_someone_takes_the_total():
    """cool — 003 line 20: "Hasta que un jugador no tome las cartas acumuladas"."""
    hands = [["RD2", "RD2", "GD2", "B1"], ["RR", "B2"], ["G1", "G2"], ["RS", "Y5"]]
    g = position(hands, top="R3")
    g.apply(Play(0, "RD2"))  # 2 on seat 1
    g.apply(Play(1, "RR"))  # back to seat 0, direction -1
    refused(g, Play(0, "GD2"), "must_answer")  # the top is now a red R
    g.apply(Play(0, "RD2"))  # red: 4 on seat 3
    g.apply(Play(3, "RS"))  # red: seat 3 absolved, 4 on seat 2
    assert g.pending_draw == 4 and awaiting(g) == ("respond", 2)
    g.apply(Accept(2))
    assert g.hand_count(2) == 6 and awaiting(g) == ("turn", 1)


@rule("cool", 153, "first card D2")
def test_first_card_draw_two_is_not_answered():
    """cool — docs/rules.md line 153: a first card D2 acts as official (draw 2, lose the turn)."""
    deck = stacked_deck(COOL, [*DEALT, "GD2", "B5", "B6"])
    g = build_deal(4, COOL, deck, 0)
    assert g.hand_count(1) == 9 and awaiting(g) == ("turn", 2)


@rule("cool", 161, "first card S")
def test_first_card_skip_opens_no_counter():
    """cool — docs/rules.md line 161: a first card S skips the seat left of the dealer."""
    deck = stacked_deck(COOL, [*DEALT, "GS", "B5", "B6"])
    g = build_deal(4, COOL, deck, 0)
    assert awaiting(g) == ("turn", 2) and g.counter is None


# --- first card in cool: turned, not played --------------------------------------------------


@rule("cool", 327, "first card in `cool`")
def test_first_card_draw_two_opens_no_answer_even_to_a_seat_holding_one():
    """cool — docs/rules.md lines 320-325: seat 1 holds a +2, yet the turned +2 is
    not answered: seat 1 draws 2 and loses the turn."""
    deck = stacked_deck(COOL, ["BD2", *DEALT[1:], "GD2", "B5", "B6"])
    g = build_deal(4, COOL, deck, 0)
    assert g.hand_count(1) == 9 and g.pending_draw == 0 and awaiting(g) == ("turn", 2)


@rule("cool", 327, "first card in `cool`")
def test_first_card_skip_opens_no_counter_even_to_a_seat_holding_s_and_r():
    """cool — docs/rules.md lines 320-325: seat 1 holds an S and an R, yet it is
    skipped with no counter to make."""
    deck = stacked_deck(COOL, ["BS", *DEALT[1:4], "BR", *DEALT[5:], "GS", "B5"])
    g = build_deal(4, COOL, deck, 0)
    assert awaiting(g) == ("turn", 2) and g.counter is None and g.hand_count(1) == 7


@rule("cool", 327, "first card in `cool`")
def test_first_card_reverse_is_turned_not_played_so_nothing_counters_it():
    """cool — docs/rules.md lines 320-325: the dealer, holding an R and an S, plays
    first (direction −1) with a turn of its own, not a counter."""
    deck = stacked_deck(COOL, [*DEALT[:3], "BR", *DEALT[4:7], "BS", *DEALT[8:], "GR", "B5"])
    g = build_deal(4, COOL, deck, 0)
    assert g.direction == -1 and awaiting(g) == ("turn", 0) and g.counter is None
    assert Accept(0) not in g.legal_actions()  # no reverse to let pass


# --- rule 4: counters to S and R ----------------------------------------------------------


@rule("cool", 316, "cool counters")
def test_skip_against_skip_moves_the_skip_on():
    """cool — 003 line 22: "Bloqueo contra Bloqueo": the next two after the counter are skipped."""
    g = position([["RS", "Y1"], ["GS", "B2"], ["G1"], ["Y5"], ["B7"]], top="R3")
    g.apply(Play(0, "RS"))
    assert awaiting(g) == ("respond", 1)
    g.apply(Play(1, "GS"))  # the S symbol, any colour
    assert awaiting(g) == ("respond", 2) and g.counter == CounterWindow("S", 1, 2)
    events = g.apply(Accept(2))
    assert [e.seat for e in events if isinstance(e, ev.Skipped)] == [2, 3]
    assert awaiting(g) == ("turn", 4)


@rule("cool", 316, "cool counters")
def test_skip_against_reverse_needs_one_skip_per_reverse():
    """cool — 003 line 23: "Bloqueo contra Reverse ... un bloqueo por cada Reverse jugado"."""
    hands = [["RR", "GR", "Y1"], ["GS", "YS", "B2"], ["G1"], ["Y5"]]
    g = position(hands, top="R3")
    g.apply(Play(0, ["RR", "GR"]))
    assert awaiting(g) == ("respond", 1) and g.counter == CounterWindow("R", 0, 2)
    refused(g, Play(1, "GS"), "one_skip_per_reverse")
    events = g.apply(Play(1, ["GS", "YS"]))
    assert ev.ReverseCancelled(0, 1) in events
    assert awaiting(g) == ("turn", 0) and g.direction == 1  # the reverse's player again


@rule("cool", 316, "cool counters")
def test_skip_against_single_reverse_restores_the_direction():
    """cool — 003 line 23 / docs/rules.md line 316: the reverse is cancelled."""
    g = position([["RR", "Y1"], ["B2"], ["G1"], ["RS", "Y5"]], top="R3")
    g.apply(Play(0, "RR"))
    assert g.direction == -1 and awaiting(g) == ("respond", 3)
    g.apply(Play(3, "RS"))
    assert g.direction == 1 and awaiting(g) == ("turn", 0)


@rule("cool", 316, "cool counters")
def test_reverse_against_reverse_flips_again():
    """cool — 003 line 24: "Reverse contra Reverse: se invierte el flujo del juego nuevamente"."""
    g = position([["RR", "Y1"], ["B2"], ["G1"], ["GR", "Y5"]], top="R3")
    g.apply(Play(0, "RR"))
    g.apply(Play(3, "GR"))  # the R symbol
    assert (
        g.direction == 1 and awaiting(g) == ("respond", 0) and g.counter == CounterWindow("R", 3, 1)
    )
    assert g.apply(Accept(0)) == [ev.CounterDeclined(0, "R")]
    assert awaiting(g) == ("turn", 0)


@rule("cool", 316, "cool counters")
def test_reverse_against_skip_turns_the_skip_round():
    """cool — 003 line 25: "Reverse contra Bloqueo: el bloqueo aplica en la dirección contraria"."""
    g = position([["RS", "Y1"], ["RR", "B2"], ["G1"], ["Y5"]], top="R3")
    g.apply(Play(0, "RS"))
    g.apply(Play(1, "RR"))  # red, like the S
    assert g.direction == -1 and awaiting(g) == ("respond", 0)  # the S's player is next in line
    events = g.apply(Accept(0))
    assert [e.seat for e in events if isinstance(e, ev.Skipped)] == [0]
    assert awaiting(g) == ("turn", 3)


@rule("cool", 316, "cool counters")
def test_counter_must_be_skip_or_reverse_matching():
    """cool — 003 line 21: "Reverse o Bloqueo, del mismo color o del mismo símbolo"."""
    g = position([["RS", "Y1"], ["GR", "R5", "B2"], ["G1"], ["Y5"]], top="R3")
    g.apply(Play(0, "RS"))
    refused(g, Play(1, "GR"), "must_counter")  # green R on a red S
    refused(g, Play(1, "R5"), "must_counter")
    g.apply(Accept(1))
    assert awaiting(g) == ("turn", 2)


@rule("cool", 257, "catch window")
def test_declining_a_counter_keeps_the_catch_window():
    """cool — docs/rules.md line 257: declining is an Accept, like an automatic skip."""
    g = position([["RS", "Y1"], ["B2", "B3"], ["G1", "G2"]], top="R3")
    g.apply(Play(0, "RS"))  # down to one card, no call
    g.apply(Accept(1))
    assert g.catchable == 0
    g.apply(CatchUno(2))
    assert g.hand_count(0) == 3


# --- rule 5: the open colour ----------------------------------------------------------------


@rule("cool", 60, "W")
def test_next_seat_may_play_any_colour_while_the_colour_is_open():
    """cool — 003 line 26: "mientras el jugador no diga el nuevo color ... cualquier color"."""
    g = position([["W", "R1", "R2"], ["G7", "B3"], ["Y1", "Y2"]], top="R3")
    g.apply(Play(0, "W"))
    assert awaiting(g) == ("color", 0) and g.color is None and g.color_owed_by == 0
    assert g.meanwhile.kind is Kind.TURN and g.meanwhile.seat == 1
    assert Play(1, "G7") in g.out_of_turn_actions(1)
    assert g.allows(Play(1, "G7")) and not g.allows(Play(2, "Y1"))
    g.apply(Play(1, "G7"))
    assert g.color is Color.GREEN and awaiting(g) == ("turn", 2)
    assert g.color_owed_by is None and g.meanwhile is None
    refused(g, ChooseColor(0, "B"), "not_your_turn")


@rule("cool", 60, "W")
def test_naming_the_colour_ends_the_open_colour():
    """cool — 003 line 26: once the colour is named, it is followed."""
    g = position([["W", "R1", "R2"], ["G7", "B3"], ["Y1", "Y2"]], top="R3")
    g.apply(Play(0, "W"))
    g.apply(ChooseColor(0, "B"))
    assert g.color is Color.BLUE and awaiting(g) == ("turn", 1) and g.meanwhile is None
    refused(g, Play(1, "G7"), "no_match")
    g.apply(Play(1, "B3"))


@rule("cool", 60, "W")
def test_open_colour_applies_answers_to_a_draw_four():
    """cool — 003 line 26: "aplicando las reglas definidas en los puntos 3 y 4"."""
    g = position([["W4", "R1", "R2"], ["GD2", "B3"], ["Y1", "Y2"]], top="R3")
    g.apply(Play(0, "W4"))
    assert awaiting(g) == ("color", 0) and g.meanwhile.kind is Kind.RESPOND
    assert g.pending_draw == 4
    g.apply(Play(1, "GD2"))  # any colour may answer while the colour is open
    assert g.pending_draw == 6 and awaiting(g) == ("respond", 2)


@rule("cool", 60, "W")
def test_open_colour_waits_again_after_a_draw():
    """cool — 003 line 26: the colour stays owed until it is named or a card covers the wild."""
    g = position([["W4", "R1", "R2"], ["B3"], ["Y1", "Y2"]], top="R3")
    g.apply(Play(0, "W4"))
    g.apply(Accept(1))  # seat 1 takes 4 meanwhile; the colour is still not named
    assert awaiting(g) == ("color", 0) and g.meanwhile.seat == 2 and g.color is None
    g.apply(ChooseColor(0, "Y"))
    assert awaiting(g) == ("turn", 2) and g.color is Color.YELLOW


@rule("open_wild", 396, "W")
def test_wild_without_colour_waits_for_it_without_open_wild():
    """official — docs/rules.md line 396: the player names the colour, then the next seat plays."""
    g = position([["W", "R1"], ["G7", "B3"], ["Y1"]], top="R3", rules=OFFICIAL)
    g.apply(Play(0, "W"))
    assert awaiting(g) == ("color", 0) and g.meanwhile is None
    refused(g, Play(1, "G7"), "not_your_turn")


# --- rule 6: drawing until you decide to play -------------------------------------------------


@rule("cool", 178, "nothing playable")
def test_draw_as_long_as_you_like_then_play_any_card():
    """cool — 003 line 27: "tomar cartas de la pila hasta que decida jugar una"."""
    g = position([["R5", "G1"], ["B2", "B3"]], top="R3", draw_pile=["Y9", "B8", "Y1"])
    g.apply(Draw(0))  # allowed while holding R5
    refused(g, Pass(0), "must_draw")
    g.apply(Draw(0))
    assert awaiting(g) == ("drawn", 0)
    g.apply(Play(0, "R5"))  # not the card just drawn
    assert awaiting(g) == ("turn", 1)


@rule("cool", 231, "empty draw pile")
def test_pass_only_when_nothing_is_left_to_draw():
    """cool — docs/rules.md line 231: a draw that cannot be made allows Pass."""
    g = position([["G1", "G2"], ["B2"]], top="R3", draw_pile=[])
    g.apply(Draw(0))
    assert g.hand_count(0) == 2
    g.apply(Pass(0))
    assert awaiting(g) == ("turn", 1)


# --- rule 7: going out -------------------------------------------------------------------------


@rule("cool", 203, "going out")
def test_go_out_only_on_a_number_card():
    """cool — 003 line 29: "se debe ganar con una carta que no sea de acción"."""
    g = position([["RS"], ["B2"]], top="R3")
    refused(g, Play(0, "RS"), "out_on_number")
    g.apply(Draw(0))
    g = position([["WS"], ["B2"]], top="R3")  # 003 line 6: the shuffle is an action card
    refused(g, Play(0, "WS", color="R"), "out_on_number")
    g = position([["R5"], ["B2"]], top="R3")
    g.apply(Play(0, "R5"))
    assert g.winner == 0 and g.scores == [2, 0]


@rule("cool", 203, "going out")
def test_several_cards_may_not_empty_the_hand():
    """cool — 003 line 30: "si se tienen solo 2 cartas en mano, no se puede aplicar la regla 1"."""
    g = position([["R5", "G5"], ["B2"]], top="R3")
    refused(g, Play(0, ["R5", "G5"]), "keep_one")
    g.apply(Play(0, "R5"))
    assert g.hand_count(0) == 1


@rule("out_on_number", 398, "going out")
def test_forced_play_is_not_stuck_on_a_last_action_card():
    """out_on_number with forced_play — 003 line 29: a last S that may not go out is no play."""
    rules = RuleSet.preset("reglamento").replace(out_on_number=True)
    g = position([["RS"], ["B2"]], top="R3", rules=rules)
    g.apply(Draw(0))


# --- rule 7: the UNO race -----------------------------------------------------------------------


@rule("cool", 194, "UNO call")
def test_call_before_the_catch_wins_and_the_catch_costs_nothing():
    """cool — 003 line 31: "haber dicho UNO antes, o al mismo tiempo que cualquiera"."""
    g = position([["R5", "R6"], ["B1", "B2"], ["G1"]], top="R3")
    g.apply(CallUno(0, at=10.0))
    g.apply(Play(0, "R5"))
    refused(g, CatchUno(1, at=10.01), "nothing_to_catch")
    assert g.hand_count(1) == 2


@rule("cool", 257, "catch window")
def test_call_within_fifty_ms_counts_as_at_the_same_time():
    """cool — 003 line 31, docs/rules.md line 257: within 50 ms the call wins (table's order)."""
    assert COOL.call_in_time(12.54, 12.50)
    assert COOL.call_in_time(12.40, 12.50)
    assert not COOL.call_in_time(12.56, 12.50)
    assert not OFFICIAL.call_in_time(12.51, 12.50)
    # The table holds the catch 50 ms and applies the call first: the catch finds nothing.
    g = position([["R5", "R6"], ["B1", "B2"], ["G1"]], top="R3")
    g.apply(Play(0, "R5"))
    g.apply(CallUno(0, at=12.54))
    refused(g, CatchUno(1, at=12.50), "nothing_to_catch")


@rule("cool", 194, "UNO call")
def test_losing_the_race_costs_two():
    """cool — 003 line 31: "De no ser así el jugador deberá tomar 2 cartas"."""
    g = position([["R5", "R6"], ["B1", "B2"], ["G1"]], top="R3")
    g.apply(Play(0, "R5"))
    g.apply(CatchUno(2, at=3.0))
    assert g.hand_count(0) == 3


@rule("cool", 194, "UNO call")
def test_call_must_come_before_the_next_player_plays():
    """cool — 003 line 31: "y antes de que haya jugado el siguiente jugador"."""
    g = position([["R5", "R6"], ["B1", "B2", "R2"], ["G1"]], top="R3")
    g.apply(Play(0, "R5"))
    assert g.catchable == 0
    g.apply(Play(1, "R2"))
    refused(g, CatchUno(2), "nothing_to_catch")


@rule("cool", 194, "UNO call")
def test_call_on_turn_before_playing_several_cards():
    """cool — 003 lines 9 and 31: a seat about to play down to one card with a run may call."""
    g = position([["R5", "G5", "B9"], ["B1", "B2"]], top="R3")
    g.apply(CallUno(0))
    g.apply(Play(0, ["R5", "G5"]))
    assert g.catchable is None


@hands("seen", why=TRUSTED)
@rule("cool", 194, "UNO call")
def test_no_call_on_turn_without_a_run_down_to_one_card():
    """cool — 003 lines 9 and 31: three cards and no run: not about to hold one card."""
    g = position([["R5", "G8", "B9"], ["B1", "B2"]], top="R3")
    refused(g, CallUno(0), "not_uno")


@rule("cool", 194, "UNO call")
def test_call_before_several_real_cards_is_trusted_and_lapses_if_one_is_played():
    """Real cards: the engine cannot see a run in the hand; a call that was too early lapses."""
    g = position([3, 2], top="R3")
    g.apply(CallUno(0))
    assert g.uno_called(0)
    g.apply(Play(0, "R5"))
    assert not g.uno_called(0) and g.hand_count(0) == 2


# --- Wild shuffle hands ---------------------------------------------------------------------


@rule("cool", 306, "wild shuffle hands")
def test_wild_shuffle_hands_deals_every_hand_again():
    """cool — docs/rules.md line 306; 003 line 6 ("cambio de mano")."""
    hands = [["WS", "R1", "R2"], ["B1", "B2", "B3", "B4"], ["G1", "G2"]]
    g = position(hands, top="R3", seed=4)
    everything = Counter(c for h in hands for c in h) - Counter(["WS"])
    events = g.apply(Play(0, "WS", color="G"))
    shuffled = next(e for e in events if isinstance(e, ev.HandsShuffled))
    # 8 cards dealt one by one from seat 1: seats 1 and 2 get 3, seat 0 gets 2.
    assert shuffled == ev.HandsShuffled(0, (2, 3, 3))
    assert Counter(str(c) for s in range(3) for c in g.hand(s)) == everything
    assert g.color is Color.GREEN and awaiting(g) == ("turn", 1)


@rule("official", 302, "wild shuffle hands")
def test_wild_shuffle_hands_works_in_any_deck_that_holds_it():
    """WS knob-free — docs/rules.md line 302: the official preset with the cool deck."""
    rules = OFFICIAL.replace(deck_kind="cool")
    g = position([["WS", "R1"], ["B1", "B2", "B3"]], top="R3", rules=rules)
    g.apply(Play(0, "WS", color="B"))
    assert [g.hand_count(0), g.hand_count(1)] == [2, 2]


@hands("unseen")
@rule("cool", 306, "wild shuffle hands")
def test_wild_shuffle_hands_with_unseen_hands_moves_counts():
    """WS under real cards — docs/rules.md line 306: the engine redistributes counts."""
    g = Game.from_position(COOL, hands=[["WS", "R1", "R2"], 5, 1], top="R3", turn=0)
    g.apply(Play(0, "WS", color="B"))
    assert [g.hand_count(s) for s in range(3)] == [2, 3, 3]  # 8 dealt from seat 1
    assert g.hand(1) == [] and g.snapshot()["unseen"] == [2, 3, 3]


# --- knobs: stacking ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stacking", "answer", "ok"),
    [
        ("none", None, None),
        ("same", "GD2", True),
        ("same", "W4", False),
        ("cross", "W4", True),
        ("cross", "RS", False),
        ("cool", "RS", True),
        ("cool", "GS", False),
    ],
)
@rule("stacking", 364, "stacking")
def test_stacking_knob_on_the_official_preset(stacking, answer, ok):
    """stacking knob — docs/rules.md line 364: none, same, cross, cool with any preset."""
    rules = OFFICIAL.replace(stacking=stacking, w4_restricted=False)
    g = position([["RD2", "B1"], ["GD2", "W4", "RS", "GS", "B2"], ["G1"]], top="R3", rules=rules)
    g.apply(Play(0, "RD2"))
    if answer is None:
        assert g.hand_count(1) == 7 and awaiting(g) == ("turn", 2)
        return
    assert awaiting(g) == ("respond", 1)
    action = Play(1, answer, color="B" if answer == "W4" else None)
    if ok:
        g.apply(action)
    else:
        refused(g, action, "must_answer")


@rule("stacking", 364, "W4 challenge")
def test_stacking_knob_keeps_the_challenge_of_a_restricted_draw_four():
    """stacking knob, official's W4 — docs/rules.md line 364: the victim challenges or answers."""
    rules = OFFICIAL.replace(stacking="cool")
    g = position([["W4", "B1"], ["W4", "B2"], ["G1"]], top="R3", rules=rules)
    g.apply(Play(0, "W4", color="G"))
    assert awaiting(g) == ("challenge", 1)
    g.apply(Play(1, "W4", color="Y"))
    assert g.pending_draw == 8 and awaiting(g) == ("challenge", 2)


# --- knobs: seven_zero --------------------------------------------------------------------


SEVEN_ZERO = OFFICIAL.replace(seven_zero=True)


@rule("seven_zero", 366, "knobs")
def test_seven_swaps_hands_with_the_named_seat():
    """seven_zero knob — docs/rules.md line 366: "a 7 swaps hands with a chosen seat"."""
    g = position([["R7", "B1", "B2"], ["G1"], ["Y1", "Y2", "Y3"]], top="R3", rules=SEVEN_ZERO)
    refused(g, Play(0, "R7"), "needs_target")
    refused(g, Play(0, "R7", target=0), "bad_target")
    refused(g, Play(0, "R7", target=5), "bad_target")
    refused(g, Play(0, "B1", target=1), "no_target")
    events = g.apply(Play(0, "R7", target=2))
    assert ev.HandsSwapped(0, 2) in events
    assert codes(g.hand(0)) == ["Y1", "Y2", "Y3"] and codes(g.hand(2)) == ["B1", "B2"]
    assert awaiting(g) == ("turn", 1)


@rule("seven_zero", 366, "knobs")
def test_seven_needs_no_target_without_the_knob():
    """seven_zero knob off — official 001 line 30: a 7 is a number like any other."""
    g = position([["R7", "B1"], ["G1"]], top="R3", rules=OFFICIAL)
    refused(g, Play(0, "R7", target=1), "no_target")
    g.apply(Play(0, "R7"))


@rule("seven_zero", 366, "knobs")
def test_zero_passes_every_hand_along_the_direction():
    """seven_zero knob — docs/rules.md line 366: "a 0 passes every hand one seat on"."""
    hands = [["R0", "B1"], ["G1", "G2"], ["Y1", "Y2", "Y3"]]
    g = position(hands, top="R3", rules=SEVEN_ZERO)
    g.apply(Play(0, "R0"))
    assert [codes(g.hand(s)) for s in range(3)] == [["Y1", "Y2", "Y3"], ["B1"], ["G1", "G2"]]
    g = position(hands, top="R3", rules=SEVEN_ZERO, direction=-1)
    g.apply(Play(0, "R0"))
    assert [codes(g.hand(s)) for s in range(3)] == [["G1", "G2"], ["Y1", "Y2", "Y3"], ["B1"]]


@rule("seven_zero", 366, "knobs")
def test_seven_zero_legal_actions_name_targets():
    """seven_zero knob — docs/rules.md line 366: the bots see one play per seat to swap with."""
    g = position([["R7", "B1"], ["G1"], ["Y1"]], top="R3", rules=SEVEN_ZERO)
    targets = sorted(a.target for a in g.legal_actions() if isinstance(a, Play) and a.target)
    assert targets == [1, 2]


# --- knobs: jump_in -------------------------------------------------------------------------


JUMP_IN = OFFICIAL.replace(jump_in=True)


@rule("jump_in", 368, "knobs")
def test_identical_card_jumps_in_and_play_goes_on_from_there():
    """jump_in knob — docs/rules.md line 368: any seat, out of turn; play goes on from it."""
    g = position([["B1"], ["G1", "G2"], ["R3", "R5"], ["Y1"]], top="R3", rules=JUMP_IN)
    assert g.jump_ins(2) == [Play(2, "R3")] and g.jump_ins(1) == []
    refused(g, Play(2, "R5"), "not_your_turn")
    g.apply(Play(2, "R3"))
    assert awaiting(g) == ("turn", 3)


@rule("jump_in", 368, "knobs")
def test_no_jump_in_without_the_knob():
    """jump_in knob off — official 001 line 28: play goes round in order."""
    g = position([["B1"], ["G1"], ["R3", "R5"]], top="R3", rules=OFFICIAL)
    assert g.jump_ins(2) == []
    refused(g, Play(2, "R3"), "not_your_turn")


# --- knobs: draw_to_match, target_score, lowest score ----------------------------------------


@hands("seen", why=TRUSTED)
@rule("draw_to_match", 370, "knobs")
def test_draw_to_match_on_the_official_preset():
    """draw_to_match knob — docs/rules.md line 370: draw until a card fits, then play it."""
    rules = OFFICIAL.replace(draw_to_match=True)
    g = position([["G1"], ["B2"]], top="R3", rules=rules, draw_pile=["Y9", "R8", "B1"])
    g.apply(Draw(0))
    refused(g, Pass(0), "must_draw")
    g.apply(Draw(0))
    refused(g, Draw(0), "drew_already")
    g.apply(Play(0, "R8"))


@hands("seen", why=TRUSTED)
@rule("draw_to_match", 370, "knobs")
def test_draw_to_match_on_the_playone_preset_plays_the_card_that_fits_for_the_player():
    """draw_to_match knob over playone (docs/rules.md lines 177 and 370): draw until a card
    fits, and playone plays it for the player. Before, the game waited for the player to play
    it (the one move it allowed), where playone without the knob plays it at once."""
    rules = RuleSet.preset("playone").replace(draw_to_match=True)
    g = position([["G1", "G2"], ["B2"]], top="R3", rules=rules, draw_pile=["Y9", "R8", "B1"])
    g.apply(Draw(0))
    awaiting_after_miss = awaiting(g)
    g.apply(Draw(0))
    assert awaiting_after_miss == ("drawn", 0)
    assert str(g.top) == "R8" and awaiting(g) == ("turn", 1)


@rule("target_score", 371, "scoring")
def test_target_score_knob():
    """target_score knob — 001 line 95 ("el primero en llegar a 500") with another target."""
    hands = [["R5"], ["B9", "G9"], ["Y9"]]
    g = position(hands, top="R3", rules=OFFICIAL.replace(target_score=27))
    g.apply(Play(0, "R5"))
    assert g.scores == [27, 0, 0] and g.match_winner == 0
    g = position(hands, top="R3", rules=OFFICIAL.replace(target_score=28))
    g.apply(Play(0, "R5"))
    assert awaiting(g) == ("round_over", None) and g.match_winner is None


@rule("match_end", 391, "scoring")
def test_lowest_score_ending():
    """match_end="lowest_at_target" — 001 line 99: each seat adds its own points; lowest wins."""
    rules = OFFICIAL.replace(match_end="lowest_at_target", target_score=20)
    g = position([["R5"], ["B9", "G9"], ["Y2"]], top="R3", rules=rules, scores=[15, 0, 0])
    g.apply(Play(0, "R5"))
    assert g.scores == [15, 18, 2] and awaiting(g) == ("round_over", None)
    g.apply(NextRound())
    assert g.awaiting.kind in (Kind.TURN, Kind.COLOR)
    g = position([["R5"], ["B9", "G9"], ["Y2"]], top="R3", rules=rules, scores=[15, 5, 0])
    g.apply(Play(0, "R5"))
    assert g.scores == [15, 23, 2] and g.match_winner == 2


# --- rule sets ------------------------------------------------------------------------------


@hands("seen", why=NO_GAME)
@pytest.mark.parametrize(
    "knobs",
    [
        dict(stacking="double"),
        dict(seven_zero="yes"),
        dict(jump_in=1),
        dict(uno_race=-0.1),
        dict(draw_until_play=True, draw_to_match=True),
        dict(draw_until_play=True, forced_play=True),
    ],
)
@rule("validation", 360, "knobs")
def test_rule_set_knobs_are_validated(knobs):
    """docs/rules.md line 360: knobs on a frozen dataclass, validated."""
    with pytest.raises(ValueError):
        OFFICIAL.replace(**knobs)


@hands("seen", why=NO_GAME)
@rule("validation", 360, "knobs")
def test_knob_names_are_the_contract():
    """docs/rules.md line 360: the knob names."""
    rules = COOL.replace(
        stacking="cross", seven_zero=True, jump_in=True, target_score=200, draw_until_play=False
    ).replace(draw_to_match=True)
    assert (rules.stacking, rules.seven_zero, rules.jump_in) == ("cross", True, True)
    assert (rules.draw_to_match, rules.target_score) == (True, 200)
    assert Rank.WILD_SHUFFLE.points == 40

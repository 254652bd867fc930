"""The controller: every kind of wait, for each preset, driven by scripted presses and scans."""

from __future__ import annotations

import pytest

from engine import Card, Flip, Game, Kind, RuleSet
from engine.actions import Accept, CatchUno, Challenge, ChooseColor, Draw, NextRound, Pass, Play
from hw.events import Button, ButtonPressed, CodeScanned
from table.flow.controller import Applied, Asking, Controller, MatchDone, Refused

PRESETS = ("official", "reglamento", "playone")


def press(seat, button, at=0.0):
    return ButtonPressed(seat, Button(button), at)


def scan(code, at=0.0, reader="pile"):
    return CodeScanned(code, reader, at)


def run(controller: Controller, *events):
    for event in events:
        controller.push(event)
    return controller.flush()


def referee(preset, players=3):
    return Game.referee(players=players, rules=RuleSet.preset(preset))


@pytest.mark.parametrize("preset", PRESETS)
def test_scan_flips_the_first_card_then_plays(preset):
    game = referee(preset)
    ctl = Controller(game)
    (flip,) = run(ctl, scan("R5"))
    assert flip == Applied(Flip(Card.parse("R5")), flip.events)
    assert game.awaiting.kind is Kind.TURN and game.turn == 1
    (play,) = run(ctl, scan("R7", at=1))
    assert isinstance(play, Applied) and play.action == Play(1, "R7")
    assert game.top == Card.parse("R7") and game.hand_count(1) == 6


@pytest.mark.parametrize("preset", PRESETS)
def test_wild_then_pad_names_the_colour(preset):
    game = referee(preset)
    ctl = Controller(game)
    run(ctl, scan("R5"), scan("W", at=1))
    assert game.awaiting.kind is Kind.COLOR and game.awaiting.seat == 1
    (chosen,) = run(ctl, press(None, "blue", at=2))
    assert chosen.action == ChooseColor(1, "B")
    assert game.color.value == "B" and game.awaiting.kind is Kind.TURN and game.turn == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_pad_when_no_colour_is_asked_is_refused(preset):
    game = referee(preset)
    ctl = Controller(game)
    run(ctl, scan("R5"))
    before = game.snapshot()
    (refused,) = run(ctl, press(None, "red", at=1))
    assert isinstance(refused, Refused) and refused.reason == "no_color_asked"
    assert game.snapshot() == before


@pytest.mark.parametrize("preset", PRESETS)
def test_draw_button_draws_then_passes_or_draws_again(preset):
    game = referee(preset)
    ctl = Controller(game)
    run(ctl, scan("R5"))
    (first,) = run(ctl, press(1, "draw", at=1))
    assert first.action == Draw(1)
    assert game.awaiting.kind is Kind.DRAWN and game.turn == 1 and game.hand_count(1) == 8
    (second,) = run(ctl, press(1, "draw", at=2))
    if preset == "reglamento":  # draw until a card fits: DRAW draws again
        assert second.action == Draw(1) and game.hand_count(1) == 9
    else:
        assert second.action == Pass(1) and game.awaiting.kind is Kind.TURN and game.turn == 2


def test_draw_button_accepts_a_stack_in_playone():
    game = referee("playone")
    ctl = Controller(game)
    run(ctl, scan("R5"), scan("RD2", at=1))
    assert game.awaiting.kind is Kind.RESPOND and game.awaiting.seat == 2
    (accept,) = run(ctl, press(2, "draw", at=2))
    assert accept.action == Accept(2) and game.hand_count(2) == 9 and game.turn == 0


@pytest.mark.parametrize("preset", ["official", "reglamento"])
def test_challenge_button_challenges_a_w4_and_reveals_decide(preset):
    game = referee(preset)
    ctl = Controller(game)
    run(ctl, scan("R5"), scan("W4", at=1), press(None, "green", at=2))
    assert game.awaiting.kind is Kind.CHALLENGE and game.awaiting.seat == 2
    (challenge,) = run(ctl, press(2, "challenge", at=3))
    assert challenge.action == Challenge(2)
    assert game.awaiting.kind is Kind.REVEAL and game.awaiting.seat == 1
    run(ctl, scan("B1", at=4))
    assert game.awaiting.kind is Kind.REVEAL
    run(ctl, scan("R9", at=5))  # red was the colour to follow: guilty
    assert game.hand_count(1) == 6 + 4  # the guilty W4 player draws 4
    assert game.awaiting.kind is Kind.TURN and game.turn == 2 and game.hand_count(2) == 7


@pytest.mark.parametrize(("preset", "next_turn"), [("official", 0), ("reglamento", 2)])
def test_draw_button_accepts_a_w4(preset, next_turn):
    game = referee(preset)
    ctl = Controller(game)
    run(ctl, scan("R5"), scan("W4", at=1), press(None, "green", at=2))
    (accept,) = run(ctl, press(2, "draw", at=3))
    # Reglamento: draws never skip, the victim plays next.
    assert accept.action == Accept(2) and game.hand_count(2) == 11 and game.turn == next_turn


def test_challenge_button_of_another_seat_is_a_catch():
    rules = RuleSet.preset("official")
    game = Game.from_position(rules, hands=[2, 5, 5], top="R3", turn=0)
    ctl = Controller(game)
    run(ctl, scan("R4"))
    assert game.catchable == 0
    (catch,) = run(ctl, press(2, "challenge", at=1))
    assert catch.action == CatchUno(2, at=1) and game.hand_count(0) == 3


def test_a_press_before_another_is_applied_first_even_if_it_arrives_later():
    rules = RuleSet.preset("official")
    game = Game.from_position(rules, hands=[2, 5, 5], top="R3", turn=0)
    ctl = Controller(game)
    run(ctl, scan("R4"))
    # Seat 1 catches at 10.000; seat 0's call at 10.004 reaches the queue first.
    ctl.push(press(0, "uno", at=10.004))
    ctl.push(press(1, "challenge", at=10.000))
    assert ctl.release(10.01) == []  # still settling
    out = ctl.release(10.05)
    assert [type(o.action).__name__ for o in out if isinstance(o, Applied)] == ["CatchUno"]
    assert [o.reason for o in out if isinstance(o, Refused)] == ["not_uno"]  # 3 cards now
    assert game.hand_count(0) == 3


def test_round_over_draw_starts_the_next_round():
    rules = RuleSet.preset("official")
    game = Game.from_position(rules, hands=[["R4"], 3, 2], top="R3", turn=0)
    ctl = Controller(game)
    run(ctl, scan("R4"))
    assert game.awaiting.kind is Kind.REVEAL  # real hands show their points
    run(ctl, scan("B1", at=1), scan("B2", at=2), scan("B3", at=3), scan("G1", at=4))
    run(ctl, scan("G2", at=5))
    assert game.awaiting.kind is Kind.ROUND_OVER and game.scores[0] == 9
    (nxt,) = run(ctl, press(1, "draw", at=6))
    assert nxt.action == NextRound() and game.awaiting.kind is Kind.FLIP


@pytest.mark.parametrize("preset", ["reglamento", "playone"])
def test_match_over_ends_on_a_seat_button_and_refuses_the_rest(preset):
    game = Game.from_position(RuleSet.preset(preset), hands=[["R4"], 3], top="R3", turn=0)
    ctl = Controller(game)
    run(ctl, scan("R4"))
    assert game.awaiting.kind is Kind.MATCH_OVER
    before = game.snapshot()
    out = run(ctl, scan("R1", at=2), press(None, "red", at=3))
    assert all(isinstance(o, Refused) and o.reason for o in out)
    for n, button in enumerate(("draw", "uno", "challenge")):
        assert run(ctl, press(1, button, at=4 + n)) == [MatchDone(1)]
    assert game.snapshot() == before


def test_garbage_scan_is_refused_and_changes_nothing():
    game = referee("official")
    ctl = Controller(game)
    before = game.snapshot()
    (refused,) = run(ctl, scan("XYZ"))
    assert refused.reason == "unknown_card" and game.snapshot() == before


def test_seat_readers_attribute_scans_and_unknown_seats_are_refused():
    game = referee("official", players=2)
    ctl = Controller(game, seats={0: 0, 2: 1}, readers={"pile": None, "seat-3": 2})
    run(ctl, scan("R5"))
    assert game.turn == 1
    (play,) = run(ctl, scan("R6", at=1, reader="seat-3"))
    assert play.action == Play(1, "R6")
    (nobody,) = run(ctl, press(1, "draw", at=2))  # physical seat 1 did not join
    assert isinstance(nobody, Refused) and nobody.reason == "no_seat"


# --- cool and the house-rule knobs ----------------------------------------------------------


def cool_after_r4(**knobs):
    """Cool, seat 0 has just played down to one card without calling."""
    game = Game.from_position(
        RuleSet.preset("cool").replace(**knobs), hands=[2, 5, 5], top="R3", turn=0
    )
    ctl = Controller(game, settle=0.0)
    run(ctl, scan("R4"))
    assert game.catchable == 0
    return game, ctl


@pytest.mark.parametrize(("race", "caught"), [(0.05, True), (0.2, False)])
def test_the_uno_race_is_the_rules_own(race, caught):
    game, ctl = cool_after_r4(uno_race=race)
    # Seat 1 catches at 10.00; seat 0 calls 0.15 s later: in time only with a 0.2 s race.
    out = run(ctl, press(1, "challenge", at=10.0), press(0, "uno", at=10.15))
    applied = [type(o.action).__name__ for o in out if isinstance(o, Applied)]
    assert applied == (["CatchUno"] if caught else ["CallUno"])
    assert game.hand_count(0) == (3 if caught else 1)


def cool_referee(scan_window=0.5, **knobs):
    game = Game.referee(players=3, rules=RuleSet.preset("cool").replace(**knobs))
    ctl = Controller(game, settle=0.0, scan_window=scan_window)
    run(ctl, scan("R5"))
    assert game.turn == 1
    return game, ctl


def test_quick_scans_by_one_reader_are_one_play():
    game, ctl = cool_referee()
    ctl.push(scan("G5", at=1.0))
    ctl.push(scan("B5", at=1.3))
    assert ctl.release(1.6) == []  # the window runs from the last scan
    (play,) = ctl.release(1.9)
    assert play.action == Play(1, ["G5", "B5"])
    assert game.top == Card.parse("B5") and game.hand_count(1) == 5 and game.turn == 2


def test_scans_further_apart_than_the_window_are_two_plays():
    game, ctl = cool_referee()
    ctl.push(scan("G5", at=1.0))
    (first,) = ctl.release(1.6)
    ctl.push(scan("B5", at=1.7))
    (second,) = ctl.release(2.3)
    # The shared reader gives the second scan to the seat whose turn it is by then.
    assert first.action == Play(1, "G5") and second.action == Play(2, "B5")
    assert game.hand_count(1) == game.hand_count(2) == 6


def test_a_scan_of_another_symbol_within_the_window_is_a_play_of_its_own():
    game, ctl = cool_referee()
    ctl.push(scan("G5", at=1.0))
    ctl.push(scan("G7", at=1.2))  # the next player's card, scanned quickly after
    first, second = ctl.release(2.0)
    assert first.action == Play(1, "G5") and second.action == Play(2, "G7")
    assert game.top == Card.parse("G7") and game.turn == 0


def jump_in_table():
    """Official with jump-ins; seat 2 has a reader of its own; seat 1 is to play on R5."""
    game = Game.referee(players=3, rules=RuleSet.preset("official").replace(jump_in=True))
    ctl = Controller(game, readers={"pile": None, "seat-3": 2})
    run(ctl, scan("R5"))
    assert game.turn == 1
    return game, ctl


def test_a_seat_reader_jumps_in_with_an_identical_card():
    game, ctl = jump_in_table()
    (jump,) = run(ctl, scan("R5", at=1, reader="seat-3"))
    assert jump.action == Play(2, "R5")
    assert game.hand_count(2) == 6 and game.hand_count(1) == 7 and game.turn == 0


def test_a_seat_reader_out_of_turn_with_another_card_is_refused_with_the_reason():
    game, ctl = jump_in_table()
    before = game.snapshot()
    (refused,) = run(ctl, scan("R6", at=1, reader="seat-3"))
    assert isinstance(refused, Refused) and refused.seat == 2
    assert refused.reason == "not_your_turn" and "identical" in refused.message
    assert game.snapshot() == before


def test_a_shared_reader_scan_while_a_colour_is_owed_is_refused():
    game = referee("official")
    ctl = Controller(game)
    run(ctl, scan("R5"), scan("W", at=1))
    before = game.snapshot()
    (refused,) = run(ctl, scan("G2", at=2))  # someone else's card: the reader says not whose
    assert isinstance(refused, Refused) and refused.seat == 1 and refused.reason == "wrong_moment"
    assert game.snapshot() == before


def test_a_shared_reader_scan_while_an_open_colour_is_owed_is_the_next_seats_play():
    game, ctl = cool_referee()
    run(ctl, scan("W", at=1))
    assert game.awaiting.kind is Kind.COLOR and game.meanwhile.seat == 2
    (play,) = run(ctl, scan("G2", at=2))
    assert play.action == Play(2, "G2") and game.turn == 0


def seven_zero_table():
    game = Game.referee(players=3, rules=RuleSet.preset("official").replace(seven_zero=True))
    ctl = Controller(game)
    run(ctl, scan("R5"))
    return game, ctl


def test_a_seven_asks_whom_to_swap_with_and_that_seats_uno_answers():
    game, ctl = seven_zero_table()
    before = game.snapshot()
    (asked,) = run(ctl, scan("R7", at=1))
    assert asked == Asking(Play(1, "R7")) and ctl.asking == Play(1, "R7")
    assert game.snapshot() == before
    (own,) = run(ctl, press(1, "uno", at=2))  # the player's own UNO stays a call
    assert isinstance(own, Refused) and own.reason == "not_uno" and ctl.asking is not None
    (swap,) = run(ctl, press(0, "uno", at=3))
    assert swap.action == Play(1, "R7", target=0) and ctl.asking is None
    assert (game.hand_count(0), game.hand_count(1)) == (6, 7) and game.turn == 2


def test_drawing_instead_takes_the_asked_seven_back():
    _, ctl = seven_zero_table()
    run(ctl, scan("R7", at=1))
    (draw,) = run(ctl, press(1, "draw", at=2))
    assert draw.action == Draw(1) and ctl.asking is None
    (call,) = run(ctl, press(0, "uno", at=3))  # no 7 waits: seat 0's UNO is its own again
    assert isinstance(call, Refused) and call.reason == "not_uno"

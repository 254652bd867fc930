"""Scenarios only a table of real cards has: hands, drawn cards and a draw pile the engine
has not seen.

Every other scenario also runs with unseen hands (its `[unseen]` run, see unseen.py). Here are
the details of docs/rules.md ("Details that every preset shares") that are about real cards, and the
rules that need a hand's content: with unseen hands the engine cannot check them and trusts the
player; the scenarios of those rules run `[seen]` only (`why=TRUSTED`), and these show the trust.
"""

import pytest

from engine import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Flip,
    Game,
    Pass,
    Play,
    Reveal,
    RuleSet,
)

from .conftest import (
    PRESETS,
    awaits,
    hands,
    refused,
    rule,
)

pytestmark = hands("unseen")


def each_preset(row, lines, presets=PRESETS):
    """Parametrize a scenario over presets, each marked with its rule line for `row`."""
    return pytest.mark.parametrize(
        "preset", [pytest.param(p, marks=rule(p, lines[p], row)) for p in presets]
    )


def real(preset, counts, top="R3", **kwargs):
    """A position of real cards: every hand a count, the rest of the deck the draw pile."""
    return Game.from_position(RuleSet.preset(preset), hands=counts, top=top, **kwargs)


def filling(preset, counts, top="R3", below=(), pile=0):
    """Hand counts whose cards leave `pile` cards to draw: the last seat holds the rest."""
    rest = len(RuleSet.preset(preset).deck()) - 1 - len(below) - sum(counts) - pile
    return real(preset, [*counts, rest], top=top, discard_below=below)


# ---------------------------------------------------------------- deck and first card

DECK_LINE = {"official": 24, "reglamento": 26, "playone": 28, "cool": 29}


@each_preset("deck", DECK_LINE)
def test_referee_counts_the_deck(preset):
    """docs/rules.md "deck": the engine counts the deck; a first W4 goes back ("first card W4")."""
    g = Game.referee(players=4, rules=RuleSet.preset(preset), dealer=0)
    size = len(RuleSet.preset(preset).deck())
    assert [g.hand_count(s) for s in range(4)] == [7] * 4 and g.hand(1) == []
    assert g.draw_count == size - 28
    awaits(g, "flip", 0)
    g.apply(Flip("W4"))
    assert g.draw_count == size - 28
    awaits(g, "flip", 0)
    g.apply(Flip("R5"))
    assert g.draw_count == size - 29
    awaits(g, "turn", 1)


# ---------------------------------------------------------------- the hand's content: trusted

MATCH_LINE = {"official": 48, "reglamento": 49, "playone": 51, "cool": 52}


@each_preset("matches", MATCH_LINE)
def test_unseen_hand_is_trusted_to_hold_the_card(preset):
    """The card played is public and must fit; that the hand held it is trusted."""
    g = real(preset, [2, 2, 2])
    refused(g, Play(0, "G9"))  # matches nothing: refused, seen or not
    g.apply(Play(0, "R9"))
    assert str(g.top) == "R9" and g.hand_count(0) == 1
    awaits(g, "turn", 1)


@rule("official", 183, "drawing while holding a playable card")
def test_unseen_drawn_card_is_trusted_official():
    """official — 001 line 36: after drawing only the drawn card may be played; unseen, the card
    scanned is trusted to be it. Whether it fits is trusted too: Pass ends the turn."""
    g = real("official", [2, 2, 2])
    g.apply(Draw(0))
    awaits(g, "drawn", 0)  # the engine cannot tell whether it fits: it waits
    refused(g, Draw(0))  # one card only
    g.apply(Play(0, "R9"))
    assert g.hand_count(0) == 2 and str(g.top) == "R9"
    g.apply(Draw(1))
    g.apply(Pass(1))
    assert g.hand_count(1) == 3
    awaits(g, "turn", 2)


@rule("playone", 177, "nothing playable")
def test_unseen_drawn_card_is_scanned_not_played_for_the_player_playone():
    """playone — 002 lines 23-24: a drawn card that fits is played for you; the engine has not
    seen it: the player scans it, or passes (trusted: it does not fit)."""
    g = real("playone", [2, 2, 2])
    g.apply(Draw(0))
    awaits(g, "drawn", 0)
    g.apply(Play(0, "R9"))
    awaits(g, "turn", 1)
    g.apply(Draw(1))
    g.apply(Pass(1))
    awaits(g, "turn", 2)


@rule("reglamento", 174, "nothing playable")
def test_unseen_draw_until_a_card_fits_is_trusted_reglamento():
    """reglamento — 000 line 14: draw until a card fits: unseen, drawing again is trusted (the
    last card did not fit), and passing is refused as with seen hands."""
    g = real("reglamento", [2, 2, 2])
    g.apply(Draw(0))
    g.apply(Draw(0))
    refused(g, Pass(0))
    g.apply(Play(0, "R9"))
    assert g.hand_count(0) == 3
    awaits(g, "turn", 1)


@rule("draw_to_match", 370, "knobs")
def test_unseen_draw_to_match_is_trusted():
    """draw_to_match knob — docs/rules.md line 370: unseen, the table trusts that a card fits."""
    g = Game.from_position(
        RuleSet.preset("official").replace(draw_to_match=True), hands=[2, 2], top="R3"
    )
    g.apply(Draw(0))
    g.apply(Draw(0))
    refused(g, Pass(0))
    g.apply(Play(0, "R8"))
    awaits(g, "turn", 1)


HOLDING_LINE = {"reglamento": 184, "playone": 185}


@each_preset("drawing while holding a playable card", HOLDING_LINE, ("reglamento", "playone"))
def test_unseen_draw_holding_a_playable_card_is_trusted(preset):
    """Drawing is not allowed while holding a card that fits: unseen, a draw is trusted."""
    g = real(preset, [2, 2, 2])
    g.apply(Draw(0))
    awaits(g, "drawn", 0)
    assert g.hand_count(0) == 3


@rule("cool", 194, "UNO call")
def test_unseen_hand_may_call_before_playing_a_run_down_to_one():
    """cool — 003 lines 9 and 31: a run of one symbol may leave one card and the call comes
    before the play; a run in real cards is trusted (the call lapses if more cards are left)."""
    g = real("cool", [3, 2])
    g.apply(CallUno(0))
    g.apply(Play(0, ["R5", "G5"]))
    assert g.uno_called(0) and g.catchable is None
    # Partly seen: R5 and G8 seen and one card drawn unseen: a pair with R5 may leave G8.
    g = Game.from_position(RuleSet.preset("cool"), hands=[["R5", "G8"], 2], top="R3")
    g.apply(Draw(0))
    g.apply(CallUno(0))
    # Three different cards seen and one unseen: no run of three can be made of them.
    g = Game.from_position(RuleSet.preset("cool"), hands=[["R5", "G8", "B9"], 2], top="R3")
    g.apply(Draw(0))
    refused(g, CallUno(0))


@rule("official", 190, "UNO call")
def test_unseen_hand_of_three_may_not_call_one_card_a_play():
    """official — 001 line 74: the call comes with the next-to-last card, seen or not."""
    refused(real("official", [3, 2]), CallUno(0))


# ---------------------------------------------------------------- challenges under real cards

CHALLENGE_LINE = {"official": 279, "reglamento": 280}
LOSER_PLAYS = {"official": 2, "reglamento": 1}  # reglamento: the challenger draws, then plays


def challenged(preset):
    """Seat 0 (4 unseen cards) played a W4 naming green on a red 3; seat 1 challenges."""
    g = real(preset, [4, 3, 3])
    g.apply(Play(0, "W4", color="G"))
    awaits(g, "challenge", 1)
    g.apply(Challenge(1))
    awaits(g, "reveal", 0)
    return g


@each_preset("challenges under real cards", CHALLENGE_LINE, ("official", "reglamento"))
def test_first_card_of_the_colour_to_follow_decides_guilty(preset):
    """The W4 player scans the hand; the first red card decides, before the rest is shown."""
    g = challenged(preset)
    refused(g, Reveal(1, ["B1"]))  # only the W4 player shows
    g.apply(Reveal(0, ["B1"]))
    awaits(g, "reveal", 0)
    g.apply(Reveal(0, ["R7"]))
    assert g.hand_count(0) == 3 + 4 and g.hand_count(1) == 3  # guilty: the W4 player draws 4
    assert str(g.top) == "W4" and str(g.color) == "G"
    awaits(g, "turn", 1)


@each_preset("challenges under real cards", CHALLENGE_LINE, ("official", "reglamento"))
def test_all_cards_shown_without_the_colour_decide_innocent(preset):
    """Numbers, actions and wilds of other colours do not count; all shown: innocent."""
    g = challenged(preset)
    g.apply(Reveal(0, ["B3", "G3"]))
    refused(g, Reveal(0, ["W", "Y2"]))  # more than the one card left
    g.apply(Reveal(0, ["W"]))
    assert g.hand_count(1) == 3 + 6 and g.hand_count(0) == 3
    awaits(g, "turn", LOSER_PLAYS[preset])


@each_preset("challenges under real cards", CHALLENGE_LINE, ("official", "reglamento"))
def test_the_hand_held_at_the_w4_decides_not_the_cards_a_catch_drew_since(preset):
    """Seat 0 played its W4 down to one card uncalled and was caught before the challenge: the
    penalty cards came after the W4. Its one card shown without red decides "innocent"."""
    g = real(preset, [2, 3, 3])
    g.apply(Play(0, "W4", color="G"))
    g.apply(CatchUno(2, at=1.0))
    penalty = RuleSet.preset(preset).uno_penalty
    assert g.hand_count(0) == 1 + penalty
    g.apply(Challenge(1))
    awaits(g, "reveal", 0)
    refused(g, Reveal(0, ["B1", "R7"]))  # more cards than it held at the W4
    g.apply(Reveal(0, ["B1"]))
    assert g.hand_count(1) == 3 + 6 and g.hand_count(0) == 1 + penalty
    awaits(g, "turn", LOSER_PLAYS[preset])


@rule("official", 74, "W4 challenge")
def test_an_unseen_w4_is_not_judged_before_the_challenge():
    """official — 001 line 70: unseen, accepting takes the 4 and loses the turn; no reveal."""
    g = real("official", [4, 3, 3])
    g.apply(Play(0, "W4", color="G"))
    g.apply(Accept(1))
    assert g.hand_count(1) == 7
    awaits(g, "turn", 2)


# ---------------------------------------------------------------- points under real cards

POINTS_LINE = {"official": 287, "cool": 288}


@each_preset("points under real cards", POINTS_LINE, ("official", "cool"))
@pytest.mark.parametrize(("direction", "order"), [(1, [1, 2]), (-1, [2, 1])])
def test_each_other_seat_reveals_in_turn_then_the_points_are_added(preset, direction, order):
    """The points are added when the last seat has shown as many cards as it holds."""
    g = real(preset, [1, 2, 3], direction=direction, scores=[10, 0, 0])
    g.apply(Play(0, "R5"))
    assert g.winner == 0
    shown = {1: [["R9"], ["GS"]], 2: [["W", "W4", "G0"]]}
    first, second = order
    awaits(g, "reveal", first)
    refused(g, Reveal(first, ["B1", "B2", "B3", "B4"]))  # more than held
    for cards in shown[first]:
        assert g.scores == [10, 0, 0]
        g.apply(Reveal(first, cards))
    awaits(g, "reveal", second)
    for cards in shown[second]:
        g.apply(Reveal(second, cards))
    assert g.scores == [10 + 9 + 20 + 50 + 50 + 0, 0, 0]
    assert g.awaiting.kind == "round_over"


@rule("reglamento", 220, "scoring")
def test_no_points_no_reveal():
    """reglamento — 000 line 16: the first with no cards wins the match; nothing to show."""
    g = real("reglamento", [1, 2, 3])
    g.apply(Play(0, "R5"))
    assert g.match_winner == 0 and g.awaiting.kind == "match_over"


# ---------------------------------------------------------------- draw pile under real cards

PILE_LINE = {"official": 295, "reglamento": 296, "playone": 297, "cool": 298}


@each_preset("draw pile under real cards", PILE_LINE)
def test_count_at_zero_asks_for_the_discard_pile_but_its_top(preset):
    g = filling(preset, [2], below=["G1", "B2", "Y3"])
    assert g.draw_count == 0
    g.apply(Draw(0))  # the table turns the discard pile (all but R3) into a new draw pile
    assert g.hand_count(0) == 3 and len(g.discard) == 1 and g.draw_count == 2


@each_preset("draw pile under real cards", PILE_LINE)
def test_penalty_draw_counts_on_across_the_reshuffle(preset):
    g = filling(preset, [2, 2], below=["G1", "B2", "Y3"], pile=1)
    g.apply(Play(0, "RD2"))
    if g.awaiting.kind == "respond":  # stacking presets: the victim takes the 2
        g.apply(Accept(1))
    assert g.hand_count(1) == 4
    assert [str(c) for c in g.discard] == ["RD2"] and g.draw_count == 3


@each_preset("draw pile under real cards", PILE_LINE)
def test_a_draw_that_cannot_be_made_allows_pass(preset):
    g = filling(preset, [2])
    g.apply(Draw(0))
    assert g.hand_count(0) == 2
    awaits(g, "drawn", 0)
    g.apply(Pass(0))
    awaits(g, "turn", 1)

"""Scenarios for "A real deck is finite" (docs/rules.md, details every preset shares), per preset.

Each card exists as often as the preset's deck holds it. With seen hands that is the deal's own
count: a card is played from a hand that holds it, and the copies stay the deck's across a
reshuffle. With unseen hands the engine knows which copies are in sight (the discard pile, cards
seen in hands, reveals) and refuses a play, flip or reveal of a card none of whose copies can still
be hidden (`no_copy_left`), changing nothing; a reshuffle puts the copies under the top back in
play.
"""

from collections import Counter

import pytest

from engine import Challenge, Draw, Flip, Game, IllegalAction, Play, Reveal, RuleSet

from .conftest import (
    PRESETS,
    awaits,
    codes,
    hands,
    held,
    position,
    refused,
    rule,
)

ROW = "a real deck is finite"
# The line of each preset's bullet in the row's section of docs/rules.md.
ROW_LINE = {"official": 268, "reglamento": 269, "playone": 270, "cool": 271}
# The presets whose players reveal cards: at a challenge (official, reglamento) or the tally.
REVEALS = ("official", "reglamento", "cool")
SEEN_ONLY = "with seen hands a card beyond the deck is one the hand does not hold (not_in_hand)"


def each_preset(lines, presets=PRESETS):
    """Parametrize a scenario over presets, each marked with its rule line for this row."""
    return pytest.mark.parametrize(
        "preset", [pytest.param(p, marks=rule(p, lines[p], ROW)) for p in presets]
    )


def deck(preset):
    return Counter(codes(RuleSet.preset(preset).deck()))


def every_card(game):
    """Each card the game holds anywhere (hands, draw pile, discard pile), with its copies."""
    cards = [*game.draw_pile(), *game.discard]
    for seat in range(game.players):
        cards += game.hand(seat)
    return Counter(codes(cards))


def refused_for_copies(game, action, reason="no_copy_left"):
    """`action` is refused because no copy of its card can still be hidden (`not_in_deck`:
    the deck has none at all); nothing changes."""
    refused(game, action)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(action)
    assert refusal.value.reason == reason


def real(preset, counts, top="R3", **kwargs):
    """A position of real cards: every hand a count."""
    return Game.from_position(RuleSet.preset(preset), hands=counts, top=top, **kwargs)


# ---------------------------------------------------------------- seen hands


@each_preset(ROW_LINE)
@hands("seen", why=SEEN_ONLY)
def test_a_dealt_game_holds_each_card_as_often_as_its_deck(preset):
    g = Game.new(players=4, rules=RuleSet.preset(preset), seed=3)
    assert every_card(g) == deck(preset)
    if preset == "cool":
        assert every_card(g)["WS"] == 1 and every_card(g)["W"] == 7
    else:
        assert "WS" not in every_card(g)


@each_preset(ROW_LINE)
@hands("seen", why=SEEN_ONLY)
def test_a_seen_hand_plays_no_copy_beyond_the_deck(preset):
    """Both R5 played: the third R5 is in no hand."""
    hand = [["R5", "G1"], ["R5", "G2"], ["Y1", "Y2"]]
    g = position(preset, hand, top="R3", draw_pile=["B1", "B2"])
    g.apply(Play(0, "R5"))
    g.apply(Play(1, "R5"))
    refused(g, Play(2, "R5"))
    assert every_card(g)["R5"] == 2


@each_preset(ROW_LINE)
@hands("seen", why=SEEN_ONLY)
def test_a_seen_reshuffle_keeps_every_copy(preset):
    g = position(preset, [["G1", "G2"], ["Y1", "Y2"]], top="R3", discard_below=["B5", "B5", "Y9"])
    before = every_card(g)
    g.apply(Draw(0))  # the pile is empty: the discard pile but R3 becomes the draw pile
    assert codes(g.discard) == ["R3"] and g.hand_count(0) == 3
    assert every_card(g) == before and every_card(g)["B5"] == 2


# ---------------------------------------------------------------- unseen hands


@each_preset(ROW_LINE)
@hands("unseen")
def test_no_third_r5_after_two_are_played(preset):
    """A real deck is finite: after the flip R7, two plays of R5; the third is refused."""
    g = Game.referee(players=4, rules=RuleSet.preset(preset), dealer=0)
    g.apply(Flip("R7"))
    g.apply(Play(1, "R5"))
    g.apply(Play(2, "R5"))
    refused_for_copies(g, Play(3, "R5"))
    awaits(g, "turn", 3)
    g.apply(Play(3, "R6"))  # any card with a copy left still plays


@each_preset(ROW_LINE)
@hands("unseen")
def test_a_card_seen_in_a_hand_is_no_longer_hidden(preset):
    """Seat 0's hand is seen and holds both R5: unseen seat 1 cannot play one."""
    g = real(preset, [["R5", "R5", "G1"], 3], turn=1)
    refused_for_copies(g, Play(1, "R5"))
    g.apply(Play(1, "R6"))
    g.apply(Play(0, "R5"))  # the seen copies play as ever


@each_preset(ROW_LINE)
@hands("unseen")
def test_a_flip_of_a_card_the_deck_does_not_hold_is_refused(preset):
    """WS is a cool card; no deck holds WC. A first W4 goes back: it can be flipped again."""
    g = Game.referee(players=3, rules=RuleSet.preset(preset), dealer=0)
    for code in ("WC",) if preset == "cool" else ("WS", "WC"):
        refused_for_copies(g, Flip(code), "not_in_deck")
    for _ in range(6):  # more than the 4 W4: each goes back into the pile
        g.apply(Flip("W4"))
    awaits(g, "flip", 0)
    g.apply(Flip("WS" if preset == "cool" else "W"))
    awaits(g, "color", 1)


@each_preset(ROW_LINE, REVEALS)
@hands("unseen")
def test_a_reveal_beyond_the_deck_is_refused(preset):
    """Challenge (official, reglamento) or tally (cool): the one B0 cannot be shown twice."""
    if preset == "cool":
        g = real(preset, [1, 5, 3])
        g.apply(Play(0, "R5"))  # out: seat 1 shows its hand
    else:
        g = real(preset, [4, 3, 3])
        g.apply(Play(0, "W4", color="G"))
        g.apply(Challenge(1))  # seat 0 shows its hand
    seat = g.awaiting.seat
    g.apply(Reveal(seat, ["B0"]))
    refused_for_copies(g, Reveal(seat, ["B0"]))
    absent = ["G1", "WS"] if preset != "cool" else ["G1", "WC"]
    refused_for_copies(g, Reveal(seat, absent), "not_in_deck")
    assert held(g, seat) == ["B0"]


@each_preset(ROW_LINE, ("official", "cool"))
@hands("unseen")
def test_the_tally_takes_no_fifth_w4(preset):
    """The issue's tally: five W4 and three B0 shown; the deck holds four and one."""
    g = real(preset, [1, 9, 3], scores=[0, 0, 0])
    g.apply(Play(0, "R5"))
    awaits(g, "reveal", 1)
    g.apply(Reveal(1, ["W4", "W4", "W4", "W4"]))
    refused_for_copies(g, Reveal(1, ["W4"]))
    g.apply(Reveal(1, ["B0"]))
    refused_for_copies(g, Reveal(1, ["B0"]))
    refused_for_copies(g, Reveal(1, ["B1", "B1", "B1"]))  # all at once: refused whole
    assert g.hand_count(1) == 9 and len(g.hand(1)) == 5
    assert g.scores == [0, 0, 0]


@each_preset(ROW_LINE)
@hands("unseen")
def test_a_reshuffle_puts_the_copies_under_the_top_back_in_play(preset):
    size = len(RuleSet.preset(preset).deck())
    below = ["R5", "R5", "G1"]
    g = real(preset, [3, size - 1 - len(below) - 3], top="R3", discard_below=below)
    assert g.draw_count == 0
    refused_for_copies(g, Play(0, "R5"))  # both R5 lie face up under the top
    g.apply(Draw(0))  # the table shuffles the discard pile but R3 into a new draw pile
    assert codes(g.discard) == ["R3"] and g.draw_count == 2
    g.apply(Play(0, "R5"))  # the drawn card may be an R5 again
    assert str(g.top) == "R5"

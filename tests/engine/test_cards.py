"""Card codes, colours, ranks and points (engine/cards.py)."""

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Card, CardError, Color, Rank, RuleSet

COLORED = [c + r for c in "RYGB" for r in [*"0123456789", "S", "R", "D2"]]
WILDS = ["W", "W4", "WS", "WC"]
ALL_CODES = COLORED + WILDS


@pytest.mark.parametrize("code", ALL_CODES)
def test_code_round_trips(code):
    card = Card.parse(code)
    assert str(card) == code
    assert Card.parse(str(card)) == card
    assert Card.parse(card) is card


def test_there_are_56_distinct_codes():
    assert len({Card.parse(c) for c in ALL_CODES}) == 56


@pytest.mark.parametrize(
    "code, color, rank",
    [
        ("R0", Color.RED, Rank.ZERO),
        ("Y7", Color.YELLOW, Rank.SEVEN),
        ("GS", Color.GREEN, Rank.SKIP),
        ("BR", Color.BLUE, Rank.REVERSE),
        ("RD2", Color.RED, Rank.DRAW2),
        ("W", None, Rank.WILD),
        ("W4", None, Rank.WILD4),
        ("WS", None, Rank.WILD_SHUFFLE),
        ("WC", None, Rank.WILD_CUSTOM),
    ],
)
def test_colour_and_rank(code, color, rank):
    card = Card.parse(code)
    assert card.color is color
    assert card.rank is rank
    assert card == Card(color, rank)
    assert card.is_wild == (color is None)


@pytest.mark.parametrize(
    "code, points",
    [
        *[(f"{c}{n}", n) for c in "RYGB" for n in range(10)],
        *[(f"{c}{r}", 20) for c in "RYGB" for r in ("S", "R", "D2")],
        ("W", 50),
        ("W4", 50),
        ("WS", 40),
        ("WC", 40),
    ],
)
def test_points(code, points):
    assert Card.parse(code).points == points


def test_codes_are_read_leniently():
    assert Card.parse(" r5 ") == Card.parse("R5")
    assert Card.parse("gd2") == Card(Color.GREEN, Rank.DRAW2)
    assert Card.parse("w4\n") == Card(None, Rank.WILD4)


BAD_CODES = ["", " ", "X5", "R", "R10", "RD3", "RD", "RW", "RW4", "RWS", "W5", "WD2", "5R"]
BAD_CODES += ["D2", "R5R5", "G-1", "None", "W44", "RR2", "Rouge", "🂡"]


@pytest.mark.parametrize("code", BAD_CODES)
def test_bad_codes_raise(code):
    with pytest.raises(CardError):
        Card.parse(code)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError, match="not a card code"):
        Card.parse("Q9")


@pytest.mark.parametrize("color, rank", [(None, Rank.FIVE), (Color.RED, Rank.WILD4)])
def test_colour_must_match_wildness(color, rank):
    with pytest.raises(CardError):
        Card(color, rank)


def test_cards_are_values():
    a, b = Card.parse("B9"), Card(Color.BLUE, Rank.NINE)
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert repr(a) == "Card('B9')"
    with pytest.raises(AttributeError):
        a.rank = Rank.ONE


@pytest.mark.parametrize(
    "text, color",
    [("R", Color.RED), ("y", Color.YELLOW), ("green", Color.GREEN), (" BLUE ", Color.BLUE)],
)
def test_color_parse(text, color):
    assert Color.parse(text) is color
    assert Color.parse(color) is color
    assert str(color) == color.value


@pytest.mark.parametrize("text", ["", "purple", "W", "RED GREEN"])
def test_color_parse_refuses(text):
    with pytest.raises(ValueError):
        Color.parse(text)


def test_rank_kinds():
    numbers = [r for r in Rank if r.is_number]
    assert [r.value for r in numbers] == list("0123456789")
    assert all(r.is_action for r in Rank if not r.is_number)
    assert {r for r in Rank if r.is_wild} == {
        Rank.WILD,
        Rank.WILD4,
        Rank.WILD_SHUFFLE,
        Rank.WILD_CUSTOM,
    }
    assert {r: r.draws for r in Rank if r.draws} == {Rank.DRAW2: 2, Rank.WILD4: 4}


@given(st.text(max_size=5))
def test_any_text_parses_or_raises_card_error(text):
    try:
        card = Card.parse(text)
    except CardError:
        return
    assert str(card) == text.strip().upper()


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
def test_a_deck_holds_one_card_object_per_face_and_equal_cards_hash_alike(preset):
    """One object per face: Card(...), Card.parse, a copy, a deep copy and an unpickled card
    are the deck's own object (cards compare and hash by identity)."""
    for card in RuleSet.preset(preset).deck():
        assert card is Card.parse(str(card))
        twins = [Card(card.color, card.rank), copy.copy(card), copy.deepcopy(card)]
        twins += [pickle.loads(pickle.dumps(card)), dataclasses.replace(card)]
        assert all(twin is card and twin == card and hash(twin) == hash(card) for twin in twins)
    assert Card("R", Rank.FIVE) is Card(Color.RED, Rank.FIVE)
    assert Card.parse("R5") != Card.parse("R6")

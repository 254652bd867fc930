"""Actions as values: normalised fields, and to_json / action_from_json round trips."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    Accept,
    CallUno,
    Card,
    CardError,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Flip,
    Leave,
    NextRound,
    Pass,
    Play,
    Reveal,
    action_from_json,
)
from engine import events as ev

EXAMPLES = [
    Play(0, "R5"),
    Play(3, "W4", color="G"),
    Play(1, ["R5", "G5", "B5"]),
    Play(2, "G7", target=0),
    Play(9, "W", color=Color.BLUE, target=4),
    Draw(1),
    Pass(1),
    Accept(2),
    Challenge(2),
    ChooseColor(0, "B"),
    CallUno(2),
    CallUno(2, at=12.503),
    CatchUno(3),
    CatchUno(3, at=12.61, target=2),
    Reveal(2, ["R1", "B7"]),
    Reveal(0, []),
    Flip("G3"),
    Leave(3),
    NextRound(),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=repr)
def test_json_round_trip(action):
    data = action.to_json()
    assert data["type"] == type(action).__name__
    text = json.dumps(data)
    assert action_from_json(json.loads(text)) == action


def test_play_json_shape():
    assert Play(0, "W4", color="G").to_json() == {
        "type": "Play",
        "seat": 0,
        "cards": ["W4"],
        "color": "G",
        "target": None,
    }
    assert CatchUno(3, at=1.5).to_json() == {
        "type": "CatchUno",
        "seat": 3,
        "at": 1.5,
        "target": None,
    }
    assert NextRound().to_json() == {"type": "NextRound"}
    assert Flip("W").to_json() == {"type": "Flip", "card": "W"}


def test_play_normalises_its_cards():
    r5 = Card.parse("R5")
    assert Play(0, "R5") == Play(0, ["R5"]) == Play(0, r5) == Play(0, ("r5",))
    assert Play(0, "R5").cards == (r5,)
    assert Play(0, ["R5", "G5"]).card == Card.parse("G5")
    assert Play(0, "W", color="green").color is Color.GREEN
    assert ChooseColor(1, "y") == ChooseColor(1, Color.YELLOW)
    assert Flip("g3").card == Card.parse("G3")


def test_actions_are_frozen_and_hashable():
    assert len(set(EXAMPLES)) == len(EXAMPLES)
    with pytest.raises(AttributeError):
        Draw(1).seat = 2


@pytest.mark.parametrize(
    "make",
    [
        lambda: Play(0, []),
        lambda: Play(0, "Z9"),
        lambda: Play(0, "W", color="purple"),
        lambda: ChooseColor(0, "W"),
        lambda: Reveal(0, ["R5", "RW"]),
        lambda: Flip("X"),
    ],
)
def test_bad_fields_raise_value_error(make):
    with pytest.raises(ValueError):
        make()


def test_bad_card_in_play_is_a_card_error():
    with pytest.raises(CardError):
        Play(0, "R11")


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"seat": 0},
        {"type": "Nope", "seat": 0},
        {"type": "Action"},
        {"type": "Play", "seat": 0},
        {"type": "Play", "cards": ["R5"]},
        {"type": "Draw", "seat": 0, "extra": 1},
        {"type": "Play", "seat": 0, "cards": ["Z5"]},
        {"type": "Play", "seat": 0, "cards": []},
        {"type": "ChooseColor", "seat": 0, "color": "pink"},
        {"type": "NextRound", "seat": 1},
    ],
)
def test_action_from_json_refuses_what_is_not_an_action(data):
    with pytest.raises(ValueError):
        action_from_json(data)


def test_action_from_json_leaves_its_input_alone():
    data = Play(0, "R5").to_json()
    copy = dict(data)
    action_from_json(data)
    assert data == copy


def test_events_are_json_ready():
    events = [
        ev.Dealt(0, 7),
        ev.FirstCard(Card.parse("R5")),
        ev.Played(1, (Card.parse("W4"),), Color.GREEN),
        ev.Drew(2, 3, (Card.parse("B1"),), "penalty"),
        ev.ChallengeSettled(2, 1, True),
        ev.RoundOver(1, 87),
        ev.MatchOver(1),
    ]
    for event in events:
        data = json.loads(json.dumps(event.to_json()))
        assert data["type"] == type(event).__name__
    assert events[2].to_json() == {
        "type": "Played",
        "seat": 1,
        "cards": ["W4"],
        "color": "G",
        "auto": False,
    }


CODES = [c + r for c in "RYGB" for r in [*"0123456789", "S", "R", "D2"]] + ["W", "W4", "WS", "WC"]
seats = st.integers(0, 9)
cards = st.sampled_from(CODES)
colors = st.sampled_from(list(Color))
times = st.none() | st.floats(0, 1e6, allow_nan=False)

any_action = st.one_of(
    st.builds(
        Play,
        seats,
        st.lists(cards, min_size=1, max_size=4),
        st.none() | colors,
        st.none() | seats,
    ),
    st.builds(Draw, seats),
    st.builds(Pass, seats),
    st.builds(Accept, seats),
    st.builds(Challenge, seats),
    st.builds(ChooseColor, seats, colors),
    st.builds(CallUno, seats, times),
    st.builds(CatchUno, seats, times, st.none() | seats),
    st.builds(Reveal, seats, st.lists(cards, max_size=8)),
    st.builds(Flip, cards),
    st.builds(Leave, seats),
    st.just(NextRound()),
)


@given(any_action)
def test_any_action_round_trips(action):
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action

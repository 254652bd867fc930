"""Rule sets: the presets, their decks, and knobs on a frozen dataclass (docs/rules.md)."""

import dataclasses
from collections import Counter

import pytest

from engine import Card, Color, RuleSet

# Per colour: one 0, two of each 1-9, two each of S, R, D2 (docs/rules.md, "deck").
PER_COLOUR = {"0": 1, **{str(n): 2 for n in range(1, 10)}, "S": 2, "R": 2, "D2": 2}
WILDS = {
    "official": {"W": 8, "W4": 4},
    "reglamento": {"W": 4, "W4": 4},
    "playone": {"W": 4, "W4": 4},
    "cool": {"W": 7, "WS": 1, "W4": 4},
}
SIZES = {"official": 112, "reglamento": 108, "playone": 108, "cool": 112}


def test_presets_are_the_contract():
    assert RuleSet.PRESETS == ("official", "reglamento", "playone", "cool")


@pytest.mark.parametrize("name", RuleSet.PRESETS)
def test_preset_builds(name):
    rules = RuleSet.preset(name)
    assert rules.name == name
    assert rules == RuleSet.preset(name)


@pytest.mark.parametrize("name", RuleSet.PRESETS)
def test_deck_composition(name):
    deck = RuleSet.preset(name).deck()
    assert len(deck) == SIZES[name]
    assert all(isinstance(c, Card) for c in deck)
    counts = Counter(str(c) for c in deck)
    expected = {c + r: n for c in "RYGB" for r, n in PER_COLOUR.items()}
    expected.update(WILDS[name])
    assert counts == expected


@pytest.mark.parametrize("name", RuleSet.PRESETS)
def test_each_colour_has_25_cards(name):
    deck = RuleSet.preset(name).deck()
    assert Counter(c.color for c in deck if c.color) == {c: 25 for c in Color}


def test_cool_deck_is_official_with_one_wild_shuffle():
    official = Counter(str(c) for c in RuleSet.preset("official").deck())
    cool = Counter(str(c) for c in RuleSet.preset("cool").deck())
    assert official - cool == Counter({"W": 1})
    assert cool - official == Counter({"WS": 1})


def test_deck_is_a_fresh_list_each_time():
    rules = RuleSet.preset("official")
    deck = rules.deck()
    deck.clear()
    assert len(rules.deck()) == 112


@pytest.mark.parametrize("name", ["", "Official", "OFFICIAL", "uno", "classic", None])
def test_unknown_preset_is_refused(name):
    with pytest.raises(ValueError, match="unknown preset"):
        RuleSet.preset(name)


def test_replace_changes_one_knob():
    official = RuleSet.preset("official")
    variant = official.replace(stacking="cross", target_score=200)
    assert (variant.stacking, variant.target_score) == ("cross", 200)
    assert (official.stacking, official.target_score) == ("none", 500)
    assert variant.replace(stacking="none", target_score=500) == official


def test_rule_sets_are_frozen():
    rules = RuleSet.preset("official")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.stacking = "cross"


@pytest.mark.parametrize("knob", ["stackin", "colour", "seats", "PRESETS_"])
def test_replace_unknown_knob_is_a_type_error(knob):
    with pytest.raises(TypeError, match=knob):
        RuleSet.preset("official").replace(**{knob: 1})


@pytest.mark.parametrize(
    "knob, value",
    [
        ("stacking", "sideways"),
        ("stacking", None),
        ("deck_kind", "tarot"),
        ("matching", "loose"),
        ("first_reverse", "left"),
        ("scoring", "golf"),
        ("match_end", "never"),
        ("hand_size", 0),
        ("hand_size", -1),
        ("hand_size", 7.5),
        ("hand_size", True),
        ("target_score", 0),
        ("uno_penalty", -2),
        ("uno_penalty", "2"),
        ("challenge_penalty", -1),
        ("name", ["official"]),  # before: taken, and the rule set could not be hashed
        ("name", None),
    ],
)
def test_replace_bad_value_is_a_value_error(knob, value):
    with pytest.raises(ValueError, match=knob.split("_")[0]):
        RuleSet.preset("official").replace(**{knob: value})


@pytest.mark.parametrize("stacking", ["none", "same", "cross", "cool"])
def test_every_stacking_value_is_accepted(stacking):
    assert RuleSet.preset("official").replace(stacking=stacking).stacks == (stacking != "none")


@pytest.mark.parametrize("name", RuleSet.PRESETS)
def test_knobs_rebuild_the_rule_set(name):
    rules = RuleSet.preset(name)
    knobs = rules.knobs()
    assert {"stacking", "draw_to_match", "target_score"} <= set(knobs)
    assert RuleSet(**knobs) == rules


def test_defaults_are_official():
    assert RuleSet() == RuleSet.preset("official")
    assert RuleSet.preset("official").target_score == 500
    assert RuleSet.preset("official").hand_size == 7

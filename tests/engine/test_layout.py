"""The engine's layout holds: rule families never import game.py, knobs are enums, and an
action `apply` takes unchecked (just listed) does exactly what the checked one does."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from copy import deepcopy
from enum import Enum
from pathlib import Path

import pytest

from engine import Game, Kind, RuleSet, Stacking
from engine.state import State

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FAMILIES = (
    "state",
    "matching",
    "stacking",
    "drawing",
    "scoring",
    "hands",
    "counters",
    "open_wild",
    "uno",
    "copies",
    "plays",
)


def imported(module: str) -> set[str]:
    """The engine modules a module imports (relative imports, by name)."""
    tree = ast.parse((ENGINE / f"{module}.py").read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names |= {node.module} if node.module else {a.name for a in node.names}
    return names


@pytest.mark.parametrize("module", FAMILIES)
def test_a_rule_family_never_imports_the_game(module):
    assert imported(module), f"{module} imports nothing from the engine?"
    assert "game" not in imported(module)


def test_game_asks_every_family():
    assert set(FAMILIES) - {"state"} <= imported("game")


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_no_knob_is_compared_with_a_string(path):
    text = path.read_text()
    assert not re.search(r"""rules\.\w+ *[!=]= *["']""", text)


def test_a_choice_knob_given_as_a_string_becomes_its_enum():
    rules = RuleSet.preset("official").replace(stacking="cross")
    assert rules.stacking is Stacking.CROSS and rules.stacking == "cross"
    assert rules.knobs()["stacking"] == "cross"
    assert rules == RuleSet.preset("official").replace(stacking=Stacking.CROSS)
    with pytest.raises(ValueError, match=r"stacking must be one of \('none', 'same'"):
        RuleSet.preset("official").replace(stacking="sideways")


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
@pytest.mark.parametrize("seed", [3, 8])
def test_a_listed_action_applies_as_the_checked_one(preset, seed):
    """Game `a` takes the very actions legal_actions() listed with apply_listed (no check);
    game `b` applies equal copies of them (checked in full): they must stay equal."""
    rules = RuleSet.preset(preset).replace(seven_zero=True)
    a = Game.new(3, rules, seed=seed)
    b = Game.new(3, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if a.awaiting.kind is Kind.MATCH_OVER:
            break
        action = rng.choice(a.legal_actions())
        copy = dataclasses.replace(action)
        assert copy == action and copy is not action
        assert a.apply_listed(action) == b.apply(copy)
        assert a.snapshot() == b.snapshot()


def test_a_deep_copy_takes_unchecked_only_what_it_listed_itself():
    """A copy of the game holds copies of the listed actions under the originals' ids: an
    original given to the copy is not one it listed (an id alone may name another object)."""
    game = Game.new(3, RuleSet.preset("official"), seed=3)
    action = game.legal_actions()[0]
    twin = deepcopy(game)
    with pytest.raises(ValueError, match="not an action legal_actions"):
        twin.apply_listed(action)
    assert twin.apply(action) == game.apply_listed(action)  # `apply` checks it: the same


def _unchanging(value) -> bool:
    """Whether `value` cannot change in place (what State.copy may share)."""
    if dataclasses.is_dataclass(value):
        return type(value).__dataclass_params__.frozen
    if isinstance(value, tuple):
        return all(_unchanging(v) for v in value)
    return isinstance(value, (int, str, float, type(None), Enum, frozenset, RuleSet))


def test_a_state_copy_shares_only_what_cannot_change():
    """State.copy shares a slot only if it cannot change in place, so a slot added later
    that can is caught here; what it copies is equal."""
    game = Game.new(4, RuleSet.preset("official"), seed=7)
    rng = random.Random(1)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    state = game._s
    twin = state.copy()
    for name in State.__slots__:
        value, copied = getattr(state, name), getattr(twin, name)
        if not _unchanging(value):
            assert copied is not value, name
    assert twin.rng.getstate() == state.rng.getstate()
    for hand, copied in zip(state.hands, twin.hands, strict=True):
        assert copied.cards == hand.cards and copied.cards is not hand.cards
        assert copied.unseen == hand.unseen
    assert Game.snapshot(game) == game.copy().snapshot()


def test_apply_checks_even_a_just_listed_action(monkeypatch):
    """`apply` has no shortcut: only apply_listed takes an action unchecked."""
    game = Game.new(3, RuleSet.preset("official"), seed=3)
    action = game.legal_actions()[0]
    checked: list = []
    monkeypatch.setattr(Game, "_check_and_apply", lambda self, *args: checked.append(args[1]))
    game.apply(action)
    assert checked == [action]
    with pytest.raises(ValueError):
        game.apply_listed(action)  # listed before the last action: no longer


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
def test_a_copy_is_the_game_and_takes_actions_alone(preset):
    """`copy()` is the same game, and what is applied to either leaves the other unchanged,
    at every point of a match."""
    rng = random.Random(preset)
    game = Game.new(4, RuleSet.preset(preset), seed=7)
    for n in range(300):
        actions = game.legal_actions()
        if not actions:
            break
        twin = game.copy()
        assert twin.snapshot() == game.snapshot() and twin.history == game.history
        before = game.snapshot()
        twin.apply(rng.choice(actions))
        assert game.snapshot() == before
        game.apply(rng.choice(actions))
        if n % 30 == 0:
            replayed = Game.replay(twin.origin, twin.rules, twin.history)
            assert twin.snapshot() == replayed.snapshot()

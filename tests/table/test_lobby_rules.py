"""The lobby's rules line is made from the rule set in force: the preset and every knob."""

import pytest

from engine import RuleSet
from table.flow.session import Session
from table.screen.frame import session_view
from table.screen.rules_line import rules_line
from table.screen.text import Text
from table.setup import config as configuration

SEAT_READERS = "".join(
    f'[[reader]]\nname = "seat {n}"\ndevice = "/dev/null-{n}"\nseat = {n}\n' for n in (1, 2, 3, 4)
)


def lobby_line(config_text: str, lang: str = "en") -> str:
    config = configuration.loads(f'language = "{lang}"\n' + config_text, "test.toml")
    return session_view(Session(config, None)).table.rules_line


def test_the_target_score_is_the_configured_one():
    assert lobby_line("[knobs]\ntarget_score = 30\n") == "Points to 30, +4 can be challenged"
    assert lobby_line("[knobs]\ntarget_score = 30\n", "es") == (
        "Puntos hasta 30, el +4 se puede retar"
    )


def test_seven_zero_and_jump_in_over_cool_are_listed():
    line = lobby_line(
        'preset = "cool"\n[knobs]\nseven_zero = true\njump_in = true\n' + SEAT_READERS
    )
    assert line.endswith(", 7-0, jump-in, UNO race")
    assert line.startswith("Points to 500, stack +2, +4, R, S, draw at will, several cards")


def test_a_rule_the_table_turns_off_is_not_listed():
    """With one shared reader jump-ins are off (the lobby's note says why): not in the line."""
    line = lobby_line('preset = "cool"\n[knobs]\njump_in = true\n')
    assert "jump-in" not in line


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
def test_every_preset_has_a_line_in_both_languages(preset):
    rules = RuleSet.preset(preset)
    for lang in ("en", "es"):
        line = rules_line(rules, Text(lang))
        assert line and line[0].isupper()
    assert ("first out wins" in rules_line(rules, Text("en")).lower()) == (not rules.points)
    changed = rules.replace(hand_size=5, uno_penalty=4, scoring="points", target_score=250)
    assert rules_line(changed, Text("en")).startswith("Points to 250")
    assert "5 cards each, a missed UNO costs 4" in rules_line(changed, Text("en"))

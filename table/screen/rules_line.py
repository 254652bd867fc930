"""The lobby's line about the rules: said from the rule set in force, knob by knob.

The chosen preset with the configured knobs (`target_score = 30`, `seven_zero = true` over
cool...) is what the table will referee, so the line is made from that RuleSet, never from the
preset's name: each phrase is a sentence key of table/screen/text.py and its number.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import RuleSet
from engine.rules import Matching, Stacking

from .text import Text

DEFAULT = RuleSet()
"""A knob that counts (hand_size, penalties) is said only where it differs from this."""

STACKING = {
    Stacking.SAME: "rule_stack_same",
    Stacking.CROSS: "rule_stack_cross",
    Stacking.COOL: "rule_stack_cool",
}

SWITCHES = (
    ("draw_skips", False, "rule_no_skip"),
    ("draw_to_match", True, "rule_draw_to_match"),
    ("draw_until_play", True, "rule_draw_until_play"),
    ("forced_play", True, "rule_forced"),
    ("autoplay_drawn", True, "rule_autoplay"),
    ("multi_play", True, "rule_multi"),
    ("counters", True, "rule_counters"),
    ("open_wild", True, "rule_open_wild"),
    ("out_on_number", True, "rule_out_on_number"),
    ("seven_zero", True, "rule_seven_zero"),
    ("jump_in", True, "rule_jump_in"),
)
"""(knob, the value that is said, its sentence key), in the order the line says them."""


@dataclass(frozen=True)
class Phrase:
    """One fact of a rule set: a sentence key and the number it names, if any."""

    key: str
    n: int | None = None


def phrases(rules: RuleSet) -> tuple[Phrase, ...]:
    """What sets these rules apart, the match's end first."""
    said = [_match_end(rules)]
    if rules.w4_restricted:
        said.append(Phrase("rule_challenge"))
    if rules.matching is Matching.STRICT:
        said.append(Phrase("rule_strict"))
    if rules.stacking in STACKING:
        said.append(Phrase(STACKING[rules.stacking]))
    said += [Phrase(key) for knob, value, key in SWITCHES if getattr(rules, knob) is value]
    if rules.uno_race > 0:
        said.append(Phrase("rule_race"))
    if rules.hand_size != DEFAULT.hand_size:
        said.append(Phrase("rule_hand_size", rules.hand_size))
    if rules.uno_penalty != DEFAULT.uno_penalty:
        said.append(Phrase("rule_uno_penalty", rules.uno_penalty))
    return tuple(said)


def _match_end(rules: RuleSet) -> Phrase:
    if not rules.points:
        return Phrase("rule_first_out")
    return Phrase("rule_lowest" if rules.lowest_wins else "rule_points", rules.target_score)


def rules_line(rules: RuleSet, text: Text) -> str:
    """The rule set in one line in the table's language: "Points to 30, +4 can be challenged"."""
    line = ", ".join(text(p.key, n=p.n) for p in phrases(rules))
    return line[:1].upper() + line[1:]

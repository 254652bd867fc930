"""Every rule of RULES.md has scenarios, with seen hands and with unseen hands.

The scenarios (tests/engine/test_rules_*.py) name their rule with `@rule(preset, document, line,
row)` and their hands with `@hands` (both by default; see conftest.py). This module reads those
marks and checks that each row of the decision table, each shared detail and each knob of
RULES.md is covered for each preset where it applies, `[seen]` and `[unseen]`; and, where the
shared documents are beside the repository, that the rows are RULES.md's own and that every
line a scenario names is a line of its rule document.

`python -m tests.engine.test_coverage` prints the map: rows x presets, seen/unseen counts.
"""

from __future__ import annotations

import importlib
import os
import re
from collections import defaultdict
from pathlib import Path

import pytest

from .conftest import DOCS, PRESETS, ROWS, RULES_MD
from .unseen import SEEN, UNSEEN

HERE = Path(__file__).parent
SHARED = Path(os.environ.get("UNO_SHARED", HERE.parents[1].parent / "shared"))

TABLE = ROWS[: ROWS.index("empty draw pile") + 1]  # the decision table's rows, in order
DETAILS = {  # RULES.md "Details that every preset shares": where each applies
    "catch window": PRESETS,
    "a real deck is finite": PRESETS,
    "challenges under real cards": ("official", "reglamento"),  # the presets with a challenge
    "points under real cards": ("official", "cool"),  # the presets with points
    "draw pile under real cards": PRESETS,
    "wild shuffle hands": ("cool",),  # the only deck with a WS
    "cool counters": ("cool",),
}
UNSEEN_ONLY = {
    "challenges under real cards",
    "points under real cards",
    "draw pile under real cards",
}
RULES_MD_KNOBS = ("stacking", "seven_zero", "jump_in", "draw_to_match", "target_score")


def required() -> dict[tuple[str, str], tuple[str, ...]]:
    """(preset or knob, row) -> the hands it must be covered with."""
    need = {(p, row): (SEEN, UNSEEN) for p in PRESETS for row in TABLE}
    for row, presets in DETAILS.items():
        modes = (UNSEEN,) if row in UNSEEN_ONLY else (SEEN, UNSEEN)
        need.update({(p, row): modes for p in presets})
    need.update({(knob, None): (SEEN, UNSEEN) for knob in RULES_MD_KNOBS})
    return need


def scenario_functions():
    for path in sorted(HERE.glob("test_rules_*.py")):
        module = importlib.import_module(f"{__package__}.{path.stem}")
        module_marks = getattr(module, "pytestmark", [])
        if not isinstance(module_marks, list):
            module_marks = [module_marks]
        for name, fn in vars(module).items():
            if name.startswith("test_") and callable(fn):
                marks = [*module_marks, *getattr(fn, "pytestmark", [])]
                yield f"{path.stem}::{name}", [getattr(m, "mark", m) for m in marks]


def rule_marks(marks):
    """The (preset, doc, line, row) of a scenario: its own and those of its parameters."""
    found = [(*m.args, m.kwargs["row"]) for m in marks if m.name == "rule"]
    for m in marks:
        if m.name == "parametrize":
            for value in m.args[1]:
                found += [(*p.args, p.kwargs["row"]) for p in getattr(value, "marks", ())]
    return found


def coverage():
    """(preset or knob, row) -> hands -> scenario names; and every (doc, line) named."""
    cover = defaultdict(lambda: defaultdict(list))
    lines = []
    for name, marks in scenario_functions():
        hands = [m.args for m in marks if m.name == "hands"]
        modes = hands[-1] if hands else (SEEN, UNSEEN)  # the function's own mark wins
        for preset, doc, line, row in rule_marks(marks):
            lines.append((doc, line, name))
            for mode in modes:
                cover[preset, row][mode].append(name)
                if preset not in PRESETS:
                    cover[preset, None][mode].append(name)
    return cover, lines


def test_every_rule_is_covered_seen_and_unseen():
    cover, _ = coverage()
    missing = [
        f"{who} / {row or 'any row'}: no [{mode}] scenario"
        for (who, row), modes in required().items()
        for mode in modes
        if not cover[who, row][mode]
    ]
    assert not missing, "\n".join(missing)


def test_every_scenario_names_a_rule_row_of_the_map():
    cover, _ = coverage()
    named = {row for _, row in cover if row is not None}
    assert named <= set(ROWS)


@pytest.mark.skipif(not (SHARED / "RULES.md").exists(), reason="no shared docs beside the repo")
def test_the_rows_are_those_of_rules_md():
    text = (SHARED / "RULES.md").read_text()
    table = re.findall(r"^\| ([^|]+?) \|", text.split("## Decisions per preset")[1], re.M)
    assert tuple(t for t in table if t not in ("topic", "---")) == TABLE
    details = re.findall(r"^- \*\*(.+?)[.*(]", text, re.M)
    assert [d.strip().lower() for d in details] == [*DETAILS]
    knobs = text.split("## Knobs beyond the presets")[1]
    assert all(f"`{knob}`" in knobs for knob in RULES_MD_KNOBS)


@pytest.mark.skipif(not (SHARED / "rules").is_dir(), reason="no shared docs beside the repo")
def test_every_line_named_is_a_line_of_its_document():
    _, named = coverage()
    texts = {
        doc: (SHARED / doc if doc == RULES_MD else SHARED / "rules" / doc).read_text().splitlines()
        for doc in DOCS
    }
    bad = [
        f"{name}: {doc} line {line}"
        for doc, line, name in named
        if not 1 <= line <= len(texts[doc]) or not texts[doc][line - 1].strip()
    ]
    assert not bad, "\n".join(bad)


def summary() -> str:
    """The coverage map: rows x presets, as seen/unseen counts of scenarios."""
    cover, _ = coverage()
    need = required()
    out = ["| row | " + " | ".join(PRESETS) + " |", "| --- |" + " --- |" * len(PRESETS)]
    for row in [*TABLE, *DETAILS]:
        cells = []
        for p in PRESETS:
            if (p, row) not in need:
                cells.append("n/a")
                continue
            seen, unseen = len(cover[p, row][SEEN]), len(cover[p, row][UNSEEN])
            cells.append(f"{seen}/{unseen}")
        out.append(f"| {row} | " + " | ".join(cells) + " |")
    for knob in RULES_MD_KNOBS:
        seen, unseen = len(cover[knob, None][SEEN]), len(cover[knob, None][UNSEEN])
        out.append(f"| knob `{knob}` | {seen}/{unseen} |")
    return "\n".join(out)


if __name__ == "__main__":
    print(summary())

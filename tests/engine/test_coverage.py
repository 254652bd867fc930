"""Every rule of docs/rules.md has scenarios, with seen hands and with unseen hands.

The scenarios (tests/engine/test_rules_*.py) name their rule with `@rule(preset, line, row)` and
their hands with `@hands` (both by default; see conftest.py). This module reads those marks and
checks that each row of the decision table, each shared detail and each knob is covered for each
preset where it applies, `[seen]` and `[unseen]`, and that the docs/rules.md line a scenario names
is its preset's bullet in its row's section (a knob's: its entry in "Knobs beyond the presets").
docs/rules.md must hold those rows, details and knobs, each preset with the lines of the rule
documents it rests on; where the rule documents are beside the repository (../shared/rules, or
$UNO_SHARED/rules), every line docs/rules.md cites is a line of its document.

`python -m tests.engine.test_coverage` prints the map: rows x presets, seen/unseen counts.
"""

from __future__ import annotations

import importlib
import os
import re
from collections import defaultdict
from pathlib import Path

import pytest

from .conftest import KNOBS, PRESETS, ROWS
from .unseen import SEEN, UNSEEN

HERE = Path(__file__).parent
SHARED = Path(os.environ.get("UNO_SHARED", HERE.parents[1].parent / "shared"))
OUR_RULES = HERE.parents[1] / "docs" / "rules.md"
# docs/rules.md cites a rule document as [doc:line] or [doc:first-last], doc its 3-digit prefix
# (the document is the file of the rules folder whose name starts with it).
CITATION = re.compile(r"\[(\d{3}):(\d+)(?:-(\d+))?\]")

TABLE = ROWS[: ROWS.index("empty draw pile") + 1]  # the decision table's rows, in order
DETAILS = {  # docs/rules.md "Details that every preset shares": where each applies
    "catch window": PRESETS,
    "a real deck is finite": PRESETS,
    "challenges under real cards": ("official", "reglamento"),  # the presets with a challenge
    "points under real cards": ("official", "cool"),  # the presets with points
    "draw pile under real cards": PRESETS,
    "wild shuffle hands": ("cool",),  # the only deck with a WS
    "cool counters": ("cool",),
    "first card in `cool`": ("cool",),
    "several scans in one window": ("cool",),  # the preset with multi_play
    "a card dropped on the pile but not yet acknowledged": PRESETS,
}
DETAILS_HEADING = "Details that every preset shares"
UNSEEN_ONLY = {
    "challenges under real cards",
    "points under real cards",
    "draw pile under real cards",
    "several scans in one window",  # the table's own: it plays real cards
    "a card dropped on the pile but not yet acknowledged",
}
LISTED_KNOBS = ("stacking", "seven_zero", "jump_in", "draw_to_match", "target_score")


def required() -> dict[tuple[str, str], tuple[str, ...]]:
    """(preset or knob, row) -> the hands it must be covered with."""
    need = {(p, row): (SEEN, UNSEEN) for p in PRESETS for row in TABLE}
    for row, presets in DETAILS.items():
        modes = (UNSEEN,) if row in UNSEEN_ONLY else (SEEN, UNSEEN)
        need.update({(p, row): modes for p in presets})
    need.update({(knob, None): (SEEN, UNSEEN) for knob in LISTED_KNOBS})
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
    """The (preset, line, row) of a scenario: its own and those of its parameters."""
    found = [(*m.args, m.kwargs["row"]) for m in marks if m.name == "rule"]
    for m in marks:
        if m.name == "parametrize":
            for value in m.args[1]:
                found += [(*p.args, p.kwargs["row"]) for p in getattr(value, "marks", ())]
    return found


def coverage():
    """(preset or knob, row) -> hands -> scenario names; and every (who, line, row) named."""
    cover = defaultdict(lambda: defaultdict(list))
    lines = []
    for name, marks in scenario_functions():
        hands = [m.args for m in marks if m.name == "hands"]
        modes = hands[-1] if hands else (SEEN, UNSEEN)  # the function's own mark wins
        for preset, line, row in rule_marks(marks):
            lines.append((preset, line, row, name))
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


def sections(text: str, heading: str) -> dict[str, str]:
    """The `### ` sections under a `## heading` of docs/rules.md, by title, in order."""
    part = text.split(f"## {heading}")[1].split("\n## ")[0]
    titles = re.findall(r"^### (.+)$", part, re.M)
    bodies = re.split(r"^### .+$", part, flags=re.M)[1:]
    return dict(zip(titles, bodies, strict=True))


def bullets(body: str) -> dict[str, str]:
    """The `- **preset**: ...` bullets of a section, by preset."""
    items = re.split(r"^- \*\*", body, flags=re.M)[1:]
    return {item.split("**")[0]: item for item in items}


def test_docs_rules_md_holds_every_row_detail_and_knob():
    text = OUR_RULES.read_text()
    assert tuple(sections(text, "Decisions per preset")) == TABLE
    details = sections(text, "Details that every preset shares")
    assert [d.lower() for d in details] == [*DETAILS]
    knobs = text.split("## Knobs beyond the presets")[1]
    assert all(f"`{knob}`" in knobs for knob in LISTED_KNOBS)


def test_docs_rules_md_gives_each_preset_of_each_rule_its_lines():
    text = OUR_RULES.read_text()
    rules = {**sections(text, "Decisions per preset")}
    rules.update({d.lower(): body for d, body in sections(text, DETAILS_HEADING).items()})
    wanted = {**dict.fromkeys(TABLE, PRESETS), **DETAILS}
    bad = []
    for row, presets in wanted.items():
        said = bullets(rules[row])
        bad += [f"{row}: {p} is not there" for p in presets if p not in said]
        uncited = [p for p in presets if not CITATION.search(said.get(p, ""))]
        bad += [f"{row}: {p} cites no line" for p in uncited]
    assert not bad, "\n".join(bad)


def rule_document(prefix: str) -> list[str]:
    """The lines of the rule document whose file name starts with `prefix` (e.g. 001)."""
    [path] = (SHARED / "rules").glob(f"{prefix}_*.txt")
    return path.read_text().splitlines()


@pytest.mark.skipif(not (SHARED / "rules").is_dir(), reason="no shared docs beside the repo")
def test_every_line_docs_rules_md_cites_is_a_line_of_its_document():
    citations = CITATION.findall(OUR_RULES.read_text())
    texts = {doc: rule_document(doc) for doc in {doc for doc, _, _ in citations}}
    bad = []
    for doc, first, last in citations:
        lines, first, last = texts[doc], int(first), int(last or first)
        if not 1 <= first <= last <= len(lines) or not lines[first - 1].strip():
            bad.append(f"[{doc}:{first}-{last}]")
        elif not lines[last - 1].strip():
            bad.append(f"[{doc}:{first}-{last}] ends on an empty line")
    assert not bad, "\n".join(bad)


def entries(text: str) -> dict[tuple[str, str | None], set[int]]:
    """docs/rules.md's line numbers by (row, preset) and ("knobs", knob); None: the prose."""
    found: dict[tuple[str, str | None], set[int]] = defaultdict(set)
    part = section = who = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            part, section = line[3:], "knobs" if line[3:] == "Knobs beyond the presets" else None
            continue
        if line.startswith("### "):
            section = line[4:].lower() if part == DETAILS_HEADING else line[4:]
            continue
        entry = re.match(r"^(?:- \*\*(\w+)\*\*:|- `(\w+)`:|\| `(\w+)` \|)", line)
        if entry:
            who = next(name for name in entry.groups() if name)
        elif not line.strip() or not line.startswith("  "):
            who = None  # a bullet goes on over its indented lines
        if section and line.strip():
            found[section, who].add(number)
    return found


def allowed(found, who: str, row: str) -> set[int]:
    """The lines a mark of `who` in `row` may name: its bullet, or the prose where it has none."""
    section = row if who in PRESETS else "knobs"
    return found.get((section, who)) or found[section, None]


def test_every_line_named_is_its_presets_bullet_in_its_row():
    found = entries(OUR_RULES.read_text())
    _, named = coverage()
    bad = [
        f"{name}: {who} / {row}: docs/rules.md line {line}"
        for who, line, row, name in named
        if line not in allowed(found, who, row)
    ]
    assert not bad, "\n".join(bad)


def test_every_knob_named_has_its_entry():
    found = entries(OUR_RULES.read_text())
    missing = [knob for knob in (*LISTED_KNOBS, *KNOBS) if knob != "validation"]
    assert not [knob for knob in missing if ("knobs", knob) not in found]


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
    for knob in LISTED_KNOBS:
        seen, unseen = len(cover[knob, None][SEEN]), len(cover[knob, None][UNSEEN])
        out.append(f"| knob `{knob}` | {seen}/{unseen} |")
    return "\n".join(out)


if __name__ == "__main__":
    print(summary())

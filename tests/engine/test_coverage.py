"""Every rule of RULES.md has scenarios, with seen hands and with unseen hands.

The scenarios (tests/engine/test_rules_*.py) name their rule with `@rule(preset, document, line,
row)` and their hands with `@hands` (both by default; see conftest.py). This module reads those
marks and checks that each row of the decision table, each shared detail and each knob is
covered for each preset where it applies, `[seen]` and `[unseen]`. The project's own rules
document, docs/rules.md, must hold those rows, details and knobs, each preset with the lines of
the rule documents it rests on. Where the shared documents are beside the repository
(../shared, or $UNO_SHARED), the rows are also RULES.md's own, every line a scenario or
docs/rules.md cites is a line of its document, and a RULES.md line a scenario names lies in the
row it names.

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
OUR_RULES = HERE.parents[1] / "docs" / "rules.md"
# docs/rules.md cites a rule document as [doc:line] or [doc:first-last], doc its 3-digit prefix.
CITATION = re.compile(r"\[(\d{3}):(\d+)(?:-(\d+))?\]")

TABLE = ROWS[: ROWS.index("empty draw pile") + 1]  # the decision table's rows, in order
DETAILS = {  # RULES.md "Details that every preset shares": where each applies
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
    assert all(f"`{knob}`" in knobs for knob in RULES_MD_KNOBS)


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


@pytest.mark.skipif(not (SHARED / "rules").is_dir(), reason="no shared docs beside the repo")
def test_every_line_docs_rules_md_cites_is_a_line_of_its_document():
    texts = {doc[:3]: (SHARED / "rules" / doc).read_text().splitlines() for doc in DOCS[:-1]}
    bad = []
    for doc, first, last in CITATION.findall(OUR_RULES.read_text()):
        lines, first, last = texts[doc], int(first), int(last or first)
        if not 1 <= first <= last <= len(lines) or not lines[first - 1].strip():
            bad.append(f"[{doc}:{first}-{last}]")
        elif not lines[last - 1].strip():
            bad.append(f"[{doc}:{first}-{last}] ends on an empty line")
    assert not bad, "\n".join(bad)


def rules_md_regions(lines: list[str]) -> dict[str, set[int]]:
    """RULES.md's line numbers by row: a table row's line, a detail's paragraph, the knobs."""
    regions: dict[str, set[int]] = defaultdict(set)
    detail = None
    knobs = False
    for number, line in enumerate(lines, 1):
        knobs = knobs or line.startswith("## Knobs beyond the presets")
        cell = re.match(r"^\| ([^|]+?) \|", line)
        start = re.match(r"^- \*\*(.+?)[.*(]", line)
        if cell:
            regions[cell.group(1)].add(number)
        detail = start.group(1).strip().lower() if start else detail if line.strip() else None
        if detail:
            regions[detail].add(number)
        if knobs:
            regions["knobs"].add(number)
    return regions


@pytest.mark.skipif(not (SHARED / "RULES.md").exists(), reason="no shared docs beside the repo")
def test_every_rules_md_line_named_lies_in_its_row():
    regions = rules_md_regions((SHARED / "RULES.md").read_text().splitlines())
    bad = [
        f"{name}: {who} / {row}: RULES.md line {line}"
        for name, marks in scenario_functions()
        for who, doc, line, row in rule_marks(marks)
        if doc == RULES_MD
        and line not in regions[row] | (regions["knobs"] if who not in PRESETS else set())
    ]
    assert not bad, "\n".join(bad)


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

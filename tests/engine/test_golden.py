"""Golden traces: replay each tests/golden/*.jsonl and fail on the first difference.

After a deliberate change of behaviour, look at the diff, then regenerate the traces with:

    .venv/bin/python -m tests.golden_tool --update

(`python -m tests.golden_tool` alone replays them all and lists those that differ.)
"""

import copy

import pytest

from tests import golden_tool

FILES = sorted(golden_tool.GOLDEN.glob("*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_trace_replays_exactly(path):
    problem = golden_tool.first_difference(golden_tool.read(path))
    if problem:
        pytest.fail(f"{path.name}: {problem}\n(regenerate: python -m tests.golden_tool --update)")


def test_every_listed_trace_is_there():
    listed = {golden_tool.trace_path(p, s, n) for p, s, n, _, _ in golden_tool.TRACES}
    assert listed == set(FILES)


def test_traces_cover_each_preset_and_2_4_7_players():
    kept = {(p, n) for p, _, n, _, _ in golden_tool.TRACES}
    presets = ("official", "reglamento", "playone", "cool")
    assert kept == {(p, n) for p in presets for n in (2, 4, 7)}
    assert sum(path.stat().st_size for path in FILES) < 400_000


def test_traces_are_whole_games():
    for path in FILES:
        lines = golden_tool.read(path)
        header, final = lines[0], lines[-1]
        assert header["golden"] == golden_tool.FORMAT
        assert [line["n"] for line in lines[1:-1]] == list(range(1, len(lines) - 1))
        assert final["final"]["history"] == len(lines) - 2
        assert final["final"]["awaiting"] == ["match_over", None], path.name


@pytest.fixture
def trace():
    return golden_tool.read(golden_tool.trace_path(*golden_tool.TRACES[0][:3]))


def test_a_changed_event_is_reported_with_its_action_number(trace):
    bad = copy.deepcopy(trace)
    bad[5]["events"].append({"type": "Skipped", "seat": 0})
    problem = golden_tool.first_difference(bad)
    assert problem.startswith("action 5 ")
    assert '! expected {"type": "Skipped", "seat": 0}' in problem
    assert "! got      null" in problem


def test_a_changed_final_state_is_reported(trace):
    bad = copy.deepcopy(trace)
    bad[-1]["final"]["scores"] = [1, 2]
    problem = golden_tool.first_difference(bad)
    assert problem.startswith("the final snapshot differs")
    assert "scores: expected [1, 2]" in problem


def test_a_refused_action_is_reported(trace):
    bad = copy.deepcopy(trace)
    bad[3]["action"] = {"type": "Pass", "seat": 0}
    assert golden_tool.first_difference(bad).startswith("action 3 {'type': 'Pass'")


def test_a_changed_preset_is_reported(trace):
    bad = copy.deepcopy(trace)
    bad[0]["rules"]["uno_penalty"] = 4
    assert "uno_penalty" in golden_tool.first_difference(bad)


def test_the_tool_records_what_it_replays():
    preset, seed, players, bots, _ = golden_tool.TRACES[-1]
    lines = golden_tool.record(preset, seed, players, bots, limit=40)
    assert len(lines) <= 42
    assert golden_tool.first_difference(lines) is None

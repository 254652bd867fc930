"""Golden traces: seeded bot games kept as JSON lines under tests/golden/ (like perft files).

    python -m tests.golden_tool            # replay every trace, list those that differ
    python -m tests.golden_tool --update   # play the games again and rewrite every trace

A trace `<preset>-<seed>-<players>p.jsonl` holds a header line (the preset, its knobs, the
game's origin, the bots, the events of the deal), one line per action (`to_json`) with the
events it produced (`event.to_json()`), and a final line with `Game.snapshot()`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import Game, IllegalAction, RuleSet, action_from_json
from engine.bots import RandomBot, SensibleBot, play_out

GOLDEN = Path(__file__).parent / "golden"
FORMAT = 1

# (preset, seed, players, bots by seat: S sensible / R random, at most this many actions)
TRACES = [
    ("official", 7, 2, "SR", 300),
    ("official", 12, 4, "SSSS", 300),
    ("official", 16, 7, "RSRSRSR", 300),
    ("reglamento", 13, 2, "SR", 300),
    ("reglamento", 3, 4, "SSSS", 300),
    ("reglamento", 24, 7, "RSRSRSR", 300),
    ("playone", 10, 2, "SR", 300),
    ("playone", 26, 4, "SSSS", 300),
    ("playone", 35, 7, "RSRSRSR", 300),
    # cool: seeds whose whole match fits the size budget and shows multi-card plays, answers,
    # counters (11-4p cancels a reverse), open colours and a wild shuffle.
    ("cool", 172, 2, "SR", 400),
    ("cool", 11, 4, "SSSS", 400),
    ("cool", 8, 7, "RSRSRSR", 400),
]


def trace_path(preset: str, seed: int, players: int) -> Path:
    return GOLDEN / f"{preset}-{seed}-{players}p.jsonl"


def _json(value):
    """JSON-normalised (tuples become lists)."""
    return json.loads(json.dumps(value))


def record(preset: str, seed: int, players: int, bots: str, limit: int) -> list[dict]:
    """Play a seeded bot game with `play_out` and return its trace as a list of JSON lines."""
    rules = RuleSet.preset(preset)
    game = Game.new(players, rules, seed=seed)
    start = [e.to_json() for e in game.last_events]
    seated = [
        (SensibleBot if kind == "S" else RandomBot)(seed * 100 + s) for s, kind in enumerate(bots)
    ]
    actions = play_out(game, seated, seed=seed, max_actions=limit)
    header = {
        "golden": FORMAT,
        "preset": preset,
        "rules": rules.knobs(),
        "origin": game.origin,
        "bots": bots,
        "limit": limit,
        "events": start,
    }
    lines = [header]
    fresh = Game.from_origin(game.origin, rules)
    for n, action in enumerate(actions, 1):
        events = fresh.apply(action)
        lines.append({"n": n, "action": action.to_json(), "events": [e.to_json() for e in events]})
    lines.append({"final": fresh.snapshot()})
    return _json(lines)


def write(path: Path, lines: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
    path.write_text(text)


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def first_difference(lines: list[dict]) -> str | None:
    """Replay a trace on the engine as it is now; describe the first difference, or None."""
    header, steps, final = lines[0], lines[1:-1], lines[-1]
    rules = RuleSet.preset(header["preset"])
    knobs = _json(rules.knobs())
    changed = {k: (v, knobs.get(k)) for k, v in header["rules"].items() if knobs.get(k) != v}
    if changed:
        return f"preset {header['preset']!r} knobs changed (recorded, now): {changed}"
    game = Game.from_origin(header["origin"], rules)
    got = _json([e.to_json() for e in game.last_events])
    if got != header["events"]:
        return "the deal differs:\n" + _events_diff(header["events"], got)
    for step in steps:
        n, action = step["n"], action_from_json(step["action"])
        try:
            got = _json([e.to_json() for e in game.apply(action)])
        except IllegalAction as refused:
            return f"action {n} {step['action']} is now refused: {refused.reason}: {refused}"
        if got != step["events"]:
            return f"action {n} {step['action']}:\n" + _events_diff(step["events"], got)
    snapshot = _json(game.snapshot())
    if snapshot != final["final"]:
        expected = final["final"]
        rows = [
            f"  {k}: expected {expected.get(k)!r}, got {snapshot.get(k)!r}"
            for k in sorted(set(snapshot) | set(expected))
            if snapshot.get(k) != expected.get(k)
        ]
        return "the final snapshot differs:\n" + "\n".join(rows)
    return None


def _events_diff(expected: list[dict], got: list[dict]) -> str:
    rows = []
    for i in range(max(len(expected), len(got))):
        want = expected[i] if i < len(expected) else None
        have = got[i] if i < len(got) else None
        mark = " " if want == have else "!"
        rows.append(f" {mark} expected {json.dumps(want)}")
        if want != have:
            rows.append(f" {mark} got      {json.dumps(have)}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden_tool", description=__doc__)
    parser.add_argument("--update", action="store_true", help="rewrite every golden trace")
    args = parser.parse_args(argv)
    failed = 0
    for preset, seed, players, bots, limit in TRACES:
        path = trace_path(preset, seed, players)
        if args.update:
            lines = record(preset, seed, players, bots, limit)
            write(path, lines)
            print(f"wrote {path.name}: {len(lines) - 2} actions, {path.stat().st_size} bytes")
            continue
        problem = first_difference(read(path)) if path.exists() else "missing"
        if problem:
            failed += 1
            print(f"{path.name}: {problem}")
    if args.update:
        known = {trace_path(p, s, n) for p, s, n, _, _ in TRACES}
        for stale in sorted(set(GOLDEN.glob("*.jsonl")) - known):
            stale.unlink()
            print(f"removed {stale.name}")
    elif not failed:
        print(f"{len(TRACES)} golden traces replay exactly")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

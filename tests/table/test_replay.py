"""`uno-table replay`: the rebuilt game as text, as JSON, and step by step."""

from __future__ import annotations

import json

import pytest

from engine import CallUno, Draw, Game, Pass, Play, RuleSet
from table.commands.cli import main
from table.flow.journal import Journal, app_version

ACTIONS = [Play(0, "R5"), CallUno(1), Play(1, "R2"), Draw(2), Pass(2), Play(0, "W4", color="B")]


@pytest.fixture
def small(tmp_path):
    """A journal of six actions from a known position (seat 2's hand unseen)."""
    game = Game.from_position(
        RuleSet.preset("official"),
        hands=[["R5", "G7", "W4"], ["B1", "R2"], 4],
        top="R3",
        draw_pile=["Y1", "Y2", "Y3", "Y4", "Y5"],
        scores=[0, 20, 0],
    )
    path = tmp_path / "small.jsonl"
    with Journal.create(path, game) as journal:
        for action in ACTIONS:
            journal.apply(game, action)
    return path, game


TEXT = """\
journal   {path}: format 3, uno-table {app}, 6 actions
rules     official
origin    from_position: 3 players, first dealer 3, seed 0
top       W4   colour blue   direction +1 (to the left)
piles     draw 4   discard 4   pending draw 4
awaiting  challenge from seat 2
dealer    seat 3
  seat 1    1 card   score    0  hand G7
> seat 2    1 card   score   20  hand B1  [UNO]
  seat 3    5 cards  score    0  hand Y1 +4 unseen
"""

STEPS = """\
   0. start (from_position)
   1. Play seat=1 cards=R5
        Played seat=1 cards=R5 color=R
   2. CallUno seat=2
        UnoCalled seat=2
   3. Play seat=2 cards=R2
        Played seat=2 cards=R2 color=R
   4. Draw seat=3
        Drew seat=3 count=1 cards=Y1
   5. Pass seat=3
        Passed seat=3
   6. Play seat=1 cards=W4 color=B
        Played seat=1 cards=W4 color=B
        DrawStacked seat=2 total=4

"""


def test_text(small, capsys):
    path, _ = small
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == TEXT.format(path=path, app=app_version())


def test_step(small, capsys):
    path, _ = small
    assert main(["replay", "--step", str(path)]) == 0
    assert capsys.readouterr().out == STEPS + TEXT.format(path=path, app=app_version())


def test_json(small, capsys):
    path, game = small
    assert main(["replay", "--json", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["public"] == game.public_state()
    assert out["snapshot"] == game.snapshot()
    assert out["actions"] == 6
    assert out["header"]["origin"] == game.origin
    assert "steps" not in out


def test_json_step(small, capsys):
    path, _ = small
    assert main(["replay", "--json", "--step", str(path)]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    assert [s["n"] for s in steps] == list(range(7))
    assert steps[0]["action"] is None
    assert [s["action"] for s in steps[1:]] == [a.to_json() for a in ACTIONS]
    assert steps[6]["events"][-1] == {"type": "DrawStacked", "seat": 1, "total": 4}


def test_a_dealt_game_shows_the_deal_and_the_changed_knobs(tmp_path, capsys):
    rules = RuleSet.preset("official").replace(stacking="cross", target_score=200)
    game = Game.new(2, rules, seed=4)
    path = tmp_path / "j"
    Journal.create(path, game).close()
    assert main(["replay", "--step", str(path)]) == 0
    out = capsys.readouterr().out
    assert "   0. start (new)\n        Dealt dealer=1 hand_size=7\n        FirstCard" in out
    assert "rules     official (stacking=cross, target_score=200)\n" in out
    assert "origin    new: 2 players, first dealer 1, seed 4\n" in out


def test_a_torn_line_is_reported_and_left_alone(small, capsys):
    path, _ = small
    path.write_bytes(path.read_bytes() + b'{"n":7,"ac')
    assert main(["replay", str(path)]) == 0
    assert "a torn last line (10 bytes) was dropped" in capsys.readouterr().out
    assert path.read_bytes().endswith(b'{"n":7,"ac')  # replay only reads


def test_a_damaged_journal_is_shown_to_its_last_good_action_and_stays_put(small, capsys):
    path, _ = small
    lines = path.read_bytes().split(b"\n")
    lines[2] = b"oops"
    path.write_bytes(b"\n".join(lines))
    before = path.read_bytes()
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err == (
        f"uno-table replay: {path}:3: no checksum at the end of the line; shown up to action 1\n"
    )
    assert ", 1 actions" in out
    assert path.read_bytes() == before  # replay only reads


def test_a_missing_journal_is_an_error(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nothing")]) == 1
    err = capsys.readouterr().err
    assert err == f"uno-table replay: {tmp_path / 'nothing'}: No such file or directory\n", err
    assert main(["replay", str(tmp_path)]) == 1  # said by table.files, naming it too
    folder = capsys.readouterr().err
    assert folder == f"uno-table replay: {tmp_path}: a folder is there, not a file\n", folder


def test_a_refereed_game_before_the_first_flip(tmp_path, capsys):
    path = tmp_path / "j"
    Journal.create(path, Game.referee(3, RuleSet.preset("official"))).close()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "top       not turned yet   colour not named yet" in out
    assert "awaiting  flip from seat 1\n" in out
    assert "> seat 1    7 cards  score    0  hand 7 unseen\n" in out

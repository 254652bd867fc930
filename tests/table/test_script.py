"""The table script: presses and scans from a file through mock pins and ptys, one JSON line out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from table.commands.script import ScriptError, parse, run_script
from table.setup import config as configuration

KEYS = {
    "screen", "preset", "seats", "awaiting", "top", "color", "direction", "hand_counts",
    "discard", "actions", "scores", "prompt", "notices", "journal",
}  # fmt: skip
START = """
0.0 press 1 uno
0.1 press 3 uno
0.5 press 1 draw
"""


def play(tmp_path: Path, script: str, config_text: str | None = None) -> dict:
    """Run a script in-process on the shipped configuration (or this text over it)."""
    path = tmp_path / "script.txt"
    path.write_text(script)
    config_path = None
    if config_text is not None:
        config_path = tmp_path / "table.toml"
        config_path.write_text(config_text)
    config = configuration.load(config_path)
    return run_script(config, path, config_path, headless=True)


def cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # As a user's shell runs it: the suite's own setting (tests/table/conftest.py) would hide
    # what pygame prints on loading.
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    cmd = [sys.executable, "-m", "table.commands.cli", "run", "--headless", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)


def test_the_command_prints_one_json_line_of_the_table(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text(START + "1.0 scan pile R5  # the first card\n2.0 scan pile R7\n")
    done = cli("--script", str(script))
    assert done.returncode == 0, done.stderr[-2000:]
    (line,) = done.stdout.strip().splitlines()
    state = json.loads(line)
    assert set(state) >= KEYS
    assert state["screen"] == "game" and state["preset"] == "official"
    assert state["seats"] == [1, 3]
    # Seat 1 dealt; seat 3 played R7, so seat 1 (configuration numbers) is awaited.
    assert state["awaiting"] == {"kind": "turn", "seat": 1}
    assert (state["top"], state["color"], state["direction"]) == ("R7", "R", 1)
    assert state["hand_counts"] == {"1": 7, "3": 6}
    assert state["discard"] == ["R5", "R7"]
    assert [a["type"] for a in state["actions"]] == ["Flip", "Play"]
    assert state["scores"] == {"1": 0, "3": 0}
    assert state["prompt"] == "Seat 1: play a card or press DRAW"
    assert state["notices"] == []
    journal = Path(state["journal"])
    assert len(journal.read_text().splitlines()) == 3  # a fresh state_dir: header + 2 actions


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("0 prss 1 uno", "unknown verb 'prss'"),
        ("x press 1 uno", "SECONDS"),
        ("-1 wait", "SECONDS must be from 0"),
        ("inf wait", "SECONDS must be from 0"),
        ("0 press 5 uno", "no seat '5': the configuration has seats 1 to 4"),
        ("0 press \u00b2 uno", "no seat '\u00b2': the configuration has seats 1 to 4"),
        ("0 press \u0661 uno", "no seat '\u0661'"),  # an Arabic-Indic 1: seats are 1, 2...
        ("0 press 1 red", "no button 'red'"),
        ("0 pad uno", "no button 'uno'"),
        ("0 scan door R5", "no reader 'door'"),
        ("0 scan pile", "scan takes READER ID"),
        ("0 bytes pile", "at least one byte"),
        ("0 bytes pile 02 3g", "'3g' is not a byte"),
        ("0 unplug", "unplug takes READER"),
        ("0 wait now", "wait takes nothing"),
        ("0 scan pile 'R5", "cannot read the line"),
        ("7", "a verb must follow"),
    ],
)
def test_a_malformed_line_is_named_with_what_is_wrong(line, says):
    with pytest.raises(ScriptError) as err:
        parse(f"# a comment\n0 wait\n{line}\n", seats=4, readers=["pile"], source="s.txt")
    assert str(err.value).startswith("s.txt:3: ") and says in str(err.value)


def test_seconds_never_decrease():
    with pytest.raises(ScriptError, match=r"s\.txt:2: 1 s comes before line 1.s 2 s"):
        parse("2 wait\n1 wait\n", 4, ["pile"], "s.txt")


def test_a_malformed_script_exits_2_with_one_line(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("0 press 1 uno\n0.5 press 1 jump\n")
    done = cli("--script", str(script))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"uno-table: {script}:2: no button 'jump' (known: uno|challenge|draw)"
    ]
    missing = cli("--script", str(tmp_path / "none.txt"))
    assert missing.returncode == 2 and "cannot read the script" in missing.stderr


def test_quoted_reader_names_and_comments():
    config = 'name = "seat 1"'
    steps = parse(f'1 scan "seat 1" R5 # {config}\n2 bytes pile 52 35\n', 4, ["seat 1", "pile"])
    assert [(s.reader, s.data) for s in steps] == [("seat 1", b"R5\r\n"), ("pile", b"R5")]


def test_presses_land_at_their_seconds_relative_to_each_other(tmp_path):
    # Two edges 10 ms apart are one press (the refractory period is 40 ms): seat 2 joins.
    # Two presses 200 ms apart are two: seat 4 joins and leaves again.
    state = play(tmp_path, "1.0 press 2 uno\n1.01 press 2 uno\n2.0 press 4 uno\n2.2 press 4 uno\n")
    assert state["screen"] == "lobby" and state["seats"] == [2]


def test_long_waits_pass_on_the_tables_clock(tmp_path):
    # A refusal shows for a few seconds, then the prompt is back; an hour passes in no time.
    script = START + "1.0 scan pile R5\n2.0 scan pile G9\n"
    shown = play(tmp_path, script)
    assert shown["prompt"].startswith("Seat 3:") and "doesn't fit" in shown["prompt"]
    later = play(tmp_path, script + "3600 wait\n")
    assert later["prompt"] == "Seat 3: play a card or press DRAW"
    assert later["notices"] == shown["notices"] and len(later["notices"]) == 1
    assert later["actions"] == shown["actions"] and len(later["actions"]) == 1


def test_a_reader_unplugged_and_plugged_back(tmp_path):
    script = START + "1.0 unplug pile\n2.0 scan pile R5\n3.0 plug pile\n4.0 scan pile R5\n"
    state = play(tmp_path, script)
    assert "pile: the reader was unplugged" in state["notices"]
    # The scan while it was out is lost; the one after it is back is the first card.
    assert state["discard"] == ["R5"] and state["awaiting"]["kind"] == "turn"


def test_a_reader_found_again_ends_its_unplugged_notice(tmp_path):
    # Within the notice's seconds: the prompt, not a stale "unplugged", once it is back.
    out = play(tmp_path, START + "1.0 unplug pile\n")
    assert out["prompt"] == "pile: the reader was unplugged"
    back = play(tmp_path, START + "1.0 unplug pile\n1.5 plug pile\n2.0 wait\n")
    assert back["prompt"] == "Seat 1: turn over the first card and scan it", back["prompt"]
    assert back["notices"] == ["pile: the reader was unplugged"]  # it was shown
    # A bad scan is no lost reader: its notice stays while the reader works on...
    bad = play(tmp_path, START + "1.0 scan pile XX\n1.5 wait\n")
    assert bad["prompt"] == "pile: XX is not a card code"


def test_a_good_scan_ends_the_notice_of_that_readers_bad_one(tmp_path):
    # ...until that reader reads a card: then the prompt says what the table waits for now.
    out = play(tmp_path, START + "1.0 scan pile R5\n2.0 scan pile XX\n2.5 scan pile W4\n")
    assert out["screen"] == "colour" and out["top"] == "W4", out
    assert out["prompt"] == "Seat 3: choose a colour on the pad", out["prompt"]
    assert out["notices"] == ["pile: XX is not a card code"]  # it was shown
    # A lost reader's notice is not ended by another reader's scans: only by coming back.
    config = "".join(
        f'[[reader]]\nname = "{name}"\nprotocol = "lines"\ndevice = "/dev/{device}"\n'
        for name, device in (("pile", "ttyACM0"), ("spare", "ttyUSB9"))
    )
    lost = play(tmp_path, START + "1.0 unplug pile\n1.5 scan spare R5\n", config)
    assert lost["prompt"] == "pile: the reader was unplugged" and lost["top"] == "R5", lost


def test_garbage_bytes_are_shown_and_change_nothing(tmp_path):
    script = START + "1.0 bytes pile ff fe 0d 0a\n1.5 scan pile XX\n"
    state = play(tmp_path, script)
    assert state["notices"] == [
        "pile: a scan could not be read: scan it again",
        "pile: XX is not a card code",
    ]
    assert state["actions"] == [] and state["awaiting"] == {"kind": "flip", "seat": 1}
    assert state["screen"] == "deal"


def test_a_configuration_that_names_a_state_dir_keeps_it(tmp_path):
    state = tmp_path / "state"
    config = f'state_dir = "{state}"\n'
    first = play(tmp_path, START + "1.0 scan pile R5\n", config)
    assert first["journal"] == str(state / "game.jsonl")
    again = play(tmp_path, "0 wait\n", config)
    assert again["screen"] == "resume" and again["actions"] == []
    resumed = play(tmp_path, "0 press 2 draw\n", config)
    assert resumed["screen"] == "game" and resumed["discard"] == ["R5"]


@pytest.mark.parametrize(("late", "hand"), [(0.03, 1), (0.2, 3)])
def test_the_uno_race_is_decided_at_the_scripts_seconds(tmp_path, late, hand):
    # cool: a call up to 50 ms after another seat's catch still wins the race.
    script = "0 pad blue\n" + START.replace("3 uno", "2 uno") + "1 scan pile R1\n2 scan pile R2\n"
    script += f"5 press 1 challenge\n{5 + late} press 2 uno\n"
    state = play(tmp_path, script, "[knobs]\nhand_size = 2\n")
    assert state["hand_counts"]["2"] == hand


CAMERA = """
[[reader]]
name = "spot"
protocol = "camera"
device = "/dev/video0"
faces = "{faces}"
"""


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("0 show spot", "show takes READER IMAGE (or none)"),
        ("0 show spot nowhere.png", "cannot show nowhere.png: no such file"),
        ("0 show spot notes.png", "cannot show notes.png: not an image OpenCV can read"),
        ("0 show spot .", "cannot show .: not a file"),
        ("0 show pile none", "reader 'pile' is not a camera: use scan READER ID"),
        ("0 scan spot R5", "reader 'spot' is a camera: use show READER IMAGE"),
        ("0 bytes spot 52", "reader 'spot' is a camera: use show READER IMAGE"),
        ("0 show door none", "no reader 'door'"),
    ],
)
def test_a_show_line_names_a_camera_and_an_image_it_can_read(tmp_path, line, says):
    (tmp_path / "notes.png").write_text("not a picture")
    with pytest.raises(ScriptError) as err:
        parse(f"0 show spot none\n{line}\n", 4, ["pile", "spot"], "s.txt", ["spot"], tmp_path)
    assert str(err.value).startswith("s.txt:2: ") and says in str(err.value)


def test_a_camera_without_its_faces_file_is_a_notice_on_screen(tmp_path):
    config = CAMERA.format(faces=tmp_path / "no-faces.npz")
    state = play(tmp_path, START + "1.0 show spot none\n", config)
    assert state["notices"] == ["spot: the camera knows no deck yet: run uno-table enroll --camera"]
    assert state["screen"] == "deal" and state["actions"] == []

"""A whole game read by a camera: every card laid on the scan spot with `show` lines of the
table script, through the camera reader's own thread and the recogniser."""

from __future__ import annotations

from pathlib import Path

import cv2

from table.commands.script import run_script
from table.setup import config as configuration
from tests.camera_photos import PHOTOS, faces_file, two_cards
from tests.table.test_script import CAMERA


def shows(start: float, *codes: str) -> str:
    """Each card laid on the spot, then taken off it (to the pile), a second apart."""
    lines = []
    for n, code in enumerate(codes):
        at = start + 2 * n
        lines += [f"{at:g} show spot {PHOTOS / code}.jpg", f"{at + 1:g} show spot none"]
    return "\n".join(lines) + "\n"


def play(tmp_path: Path, script: str) -> dict:
    (tmp_path / "table.toml").write_text(CAMERA.format(faces=faces_file(tmp_path)))
    (tmp_path / "script.txt").write_text(script)
    table = configuration.load(tmp_path / "table.toml")
    return run_script(table, tmp_path / "script.txt", tmp_path / "table.toml", headless=True)


# Seat 1 deals; seat 2 plays its seven cards (a skip and a draw two among them) and calls UNO;
# seat 1 draws and passes at each of its turns, then shows the cards left in its hand.
PASS = "{0} press 1 draw\n{0}.5 press 1 draw\n"
GAME = (
    "0 press 1 uno\n0.1 press 2 uno\n0.5 press 1 draw\n"
    + shows(1, "R1", "R2")  # the first card, then seat 2's
    + PASS.format(5)
    + shows(6, "RS", "R7")  # seat 1 is skipped after RS
    + PASS.format(10)
    + shows(11, "G7")
    + PASS.format(13)
    + shows(14, "G3")
    + PASS.format(16)
    + shows(18, "GD2")  # seat 1 draws two and is skipped
    + "20 press 2 uno\n"
    + shows(21, "G9")  # seat 2 is out
    + shows(23, "B4", "Y9", "BR")  # the tally: what seat 1 still holds
    + "29 press 1 draw\n"  # no more
)


def test_a_whole_game_plays_through_show_lines(tmp_path):
    state = play(tmp_path, GAME)
    assert state["notices"] == []
    assert state["discard"] == ["R1", "R2", "RS", "R7", "G7", "G3", "GD2", "G9"]
    assert state["screen"] == "scores" and state["awaiting"]["kind"] == "round_over"
    # Seat 2 scores what seat 1 showed: 4 + 9 + 20 (a reverse).
    assert state["scores"] == {"1": 0, "2": 33}
    plays = [a for a in state["actions"] if a["type"] == "Play"]
    assert len(plays) == 7 and all(a["seat"] == 1 for a in plays)  # engine seat 1: config 2
    assert [a["type"] for a in state["actions"]].count("Reveal") == 3


def test_a_card_left_on_the_spot_plays_once_and_two_cards_ask_to_show_again(tmp_path):
    start = "0 press 1 uno\n0.1 press 2 uno\n0.5 press 1 draw\n" + shows(1, "R1")
    left = f"3 show spot {PHOTOS}/R2.jpg\n30 wait\n"  # seat 2's card, left lying there
    composite = tmp_path / "two.png"
    cv2.imwrite(str(composite), two_cards("R4", "G4"))
    # An image named relative to the script is looked for beside it.
    state = play(tmp_path, start + left + "31 press 1 draw\n" + "32 show spot two.png\n")
    assert state["discard"] == ["R1", "R2"]
    assert state["notices"] == ["spot: two cards in view: show one card again"]

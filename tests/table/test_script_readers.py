"""The table script's `bytes` lines through the readers real builders buy: a game played
through an RDM6300 stream that repeats each tag's frame, and through a scanner set to send no
suffix (protocol `gap`)."""

from __future__ import annotations

from pathlib import Path

from hw.framing import rdm6300_frame
from table.commands.script import run_script
from table.setup import config as configuration
from table.setup import deckmap
from table.setup.deckmap import DeckMap

START = "0.0 press 1 uno\n0.1 press 3 uno\n0.5 press 1 draw\n"
TAGS = {"0A1B2C3D4E": "R5", "1122334455": "R7", "00000000FF": "B7"}


def play(tmp_path: Path, reader: str, script: str, deck_map: bool = False) -> dict:
    config_text = f'[[reader]]\nname = "pile"\ndevice = "unused"\n{reader}\n'
    if deck_map:
        deckmap.write(tmp_path / "deck.toml", DeckMap("official", TAGS))
        config_text = f'deck_map = "{tmp_path / "deck.toml"}"\n' + config_text
    (tmp_path / "table.toml").write_text(config_text)
    (tmp_path / "script.txt").write_text(script)
    config = configuration.load(tmp_path / "table.toml")
    return run_script(config, tmp_path / "script.txt", None, headless=True)


def frames(tag: str, times: int) -> str:
    """A `bytes` line's hex: the tag's RDM6300 frame, as many times as the module repeats it."""
    return " ".join(f"{b:02x}" for b in rdm6300_frame(tag) * times)


def test_a_game_through_an_rdm6300_that_repeats_its_frames(tmp_path):
    # The module sends a tag's frame again and again while it lies there: within repeat_ms
    # (500, on the script's clock) of the last one it is the same card.
    script = START + (
        f"1.0 bytes pile {frames('0A1B2C3D4E', 12)}\n"  # R5 flipped, lying there a while
        f"1.3 bytes pile {frames('0A1B2C3D4E', 3)}\n"
        f"1.7 bytes pile {frames('0A1B2C3D4E', 3)}\n"
        f"3.0 bytes pile {frames('1122334455', 3)}\n"  # seat 3 plays R7 on top of it
        f"3.4 bytes pile {frames('1122334455', 2)}\n"
        "3.5 bytes pile 02 31 31 32 32 33 33 34 34 35 35 30 30 03\n"  # a bad checksum
        f"5.0 bytes pile {frames('00000000FF', 20)}\n"  # seat 1 plays B7
    )
    state = play(tmp_path, 'protocol = "rdm6300"', script, deck_map=True)
    assert state["discard"] == ["R5", "R7", "B7"]
    assert [a["type"] for a in state["actions"]] == ["Flip", "Play", "Play"]
    assert state["notices"] == ["pile: a garbled scan: scan it again"]  # a bad checksum
    assert state["awaiting"] == {"kind": "turn", "seat": 3}


def test_a_game_through_a_scanner_without_a_suffix(tmp_path):
    script = START + (
        "1.0 bytes pile 72 35\n"  # r5, and nothing after it
        "2.0 bytes pile 52 37\n"  # R7
        "3.0 bytes pile 42 37\n"  # B7
        "4.0 bytes pile 58 58\n"  # XX: unknown, changes nothing
    )
    state = play(tmp_path, 'protocol = "gap"\ngap_ms = 30', script)
    assert state["discard"] == ["R5", "R7", "B7"]
    assert state["notices"] == ["pile: XX is not a card code"]
    assert state["awaiting"] == {"kind": "turn", "seat": 3}


def test_noise_too_long_for_a_line_plays_no_card_with_its_tail(tmp_path):
    """Before: 300 bytes of noise, then the end of that line ("R5" and CRLF) in a later read,
    turned R5 over: the tail of a line said too long was read as a line of its own."""
    noise = " ".join(["78"] * 300)
    script = START + f"1.0 bytes pile {noise}\n1.5 bytes pile 52 35 0d 0a\n"
    state = play(tmp_path, 'protocol = "lines"', script)
    assert state["actions"] == [] and state["top"] is None
    assert state["notices"] == ["pile: a garbled scan: scan it again"]


def test_bytes_whose_capitals_are_a_code_in_unicode_only_play_no_card(tmp_path):
    """Before: "R" and a long s (52 c5 bf: U+017F, whose capital is S) turned a red skip over."""
    script = START + "1.0 bytes pile 52 c5 bf 0d 0a\n1.5 bytes pile 67 ef ac 80 0d 0a\n"
    state = play(tmp_path, 'protocol = "lines"', script)
    assert state["actions"] == [] and state["top"] is None
    assert state["notices"] == [
        "pile: R\u017f is not a card code",
        "pile: g\ufb00 is not a card code",
    ]

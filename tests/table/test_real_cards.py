"""Real cards cannot fool the referee, shown with the table script (issue 12): a double scan,
a card left on the reader, an impossible tally, and `cool` chosen in the lobby with its WS."""

from __future__ import annotations

from pathlib import Path

from table.commands.script import run_script
from table.screen.text import Text
from table.setup import config as configuration

TEXT = Text("en")
START = "0 press 1 uno\n0.1 press 2 uno\n0.5 press 1 draw\n1 scan pile R1\n"
COOL_START = "0 pad blue\n" + START
# Seat 2 (left of the dealer, seat 1) plays R2, R3, R4 and is out; seat 1 draws and passes.
ROUND = """
2 scan pile R2
3 press 1 draw
4 press 1 draw
5 scan pile R3
6 press 1 draw
7 press 1 draw
8 scan pile R4
"""
TAGS = """
preset = "official"
[tags]
"04A1B2C3" = "R7"
"04A1B2C4" = "R7"
"04D5E6F7" = "R1"
"""


def play(tmp_path: Path, script: str, config: str = "", deck_map: str = "") -> dict:
    """The table script on the shipped configuration with `config` over it."""
    if deck_map:
        (tmp_path / "deck.toml").write_text(deck_map)
        config = f'deck_map = "{tmp_path / "deck.toml"}"\n' + config  # before any [table]
    (tmp_path / "table.toml").write_text(config)
    (tmp_path / "script.txt").write_text(script)
    table = configuration.load(tmp_path / "table.toml")
    return run_script(table, tmp_path / "script.txt", tmp_path / "table.toml", headless=True)


def refused(seat: int, reason: str) -> str:
    return f"Seat {seat}: {TEXT.refusal(reason)}"


def test_a_double_scan_of_a_printed_code_is_one_play(tmp_path):
    # Within the reader's repeat_ms (500) the second read is the card still lying there.
    state = play(tmp_path, START + "2 scan pile R7\n2.02 scan pile R7\n")
    assert state["discard"] == ["R1", "R7"] and state["notices"] == []
    # Later, before anything else happened, the table takes it as the same card read twice.
    state = play(tmp_path, START + "2 scan pile R7\n2.8 scan pile R7\n")
    assert state["discard"] == ["R1", "R7"]
    assert state["hand_counts"] == {"1": 7, "2": 6}
    assert state["awaiting"] == {"kind": "turn", "seat": 1}  # seat 1's turn, not played for it
    assert state["notices"] == [refused(1, "read_twice")]
    # Another copy, scanned again a few seconds later, is a play of its own.
    again = play(tmp_path, START + "2 scan pile R7\n2.8 scan pile R7\n6 scan pile R7\n")
    assert again["discard"] == ["R1", "R7", "R7"] and again["hand_counts"] == {"1": 6, "2": 6}


def test_a_call_or_a_colour_after_a_printed_card_leaves_its_second_read_a_read(tmp_path):
    """Before: UNO pressed (or the wild's colour named) between a card and its second read
    made that read the next seat's play of the same card: the call is an action, and "before
    anything else happens" counted it. Neither moves a card: the read is the same card's."""
    two = "[knobs]\nhand_size = 2\n"
    state = play(tmp_path, START + "2 scan pile R7\n2.3 press 2 uno\n2.8 scan pile R7\n", two)
    assert state["discard"] == ["R1", "R7"] and state["hand_counts"] == {"1": 2, "2": 1}
    assert [a["type"] for a in state["actions"]] == ["Flip", "Play", "CallUno"]
    assert state["notices"] == [refused(1, "read_twice")]
    state = play(tmp_path, START + "2 scan pile W\n2.3 pad green\n2.8 scan pile W\n")
    assert state["discard"] == ["R1", "W"] and state["hand_counts"] == {"1": 7, "2": 6}
    assert state["color"] == "G" and state["notices"] == [refused(1, "read_twice")]


def test_a_tag_on_the_pile_is_refused_and_another_copy_plays(tmp_path):
    script = "\n".join(
        [
            START.replace("scan pile R1", "scan pile 04D5E6F7"),
            "2 scan pile 04A1B2C3",
            "20 scan pile 04A1B2C3",  # the same R7 picked up from the pile, long after
            "21 scan pile 04A1B2C4",  # the other R7
        ]
    )
    state = play(tmp_path, script, deck_map=TAGS)
    assert state["discard"] == ["R1", "R7", "R7"]
    assert state["hand_counts"] == {"1": 6, "2": 6}
    assert state["notices"] == [refused(1, "already_on_pile")]


def test_a_card_left_on_the_reader_plays_once(tmp_path):
    # A scanner in continuous mode reads the label every 0.2 s while it lies there (the
    # reader's repeat_ms makes that one scan); it loses the card a moment and reads it again.
    lying = "".join(f"{2 + n / 5:.1f} scan pile R7\n" for n in range(8))
    state = play(tmp_path, START + lying + "4.2 scan pile R7\n30 wait\n")
    assert state["discard"] == ["R1", "R7"] and state["hand_counts"] == {"1": 7, "2": 6}
    assert state["awaiting"] == {"kind": "turn", "seat": 1}
    assert state["notices"] == [refused(1, "read_twice")]  # 4.2: the table's own rule
    assert state["prompt"] == "Seat 1: play a card or press DRAW"
    # A tag is that card however long after: on the reader a while, then picked up again.
    tagged = "".join(f"{2 + n / 5:.1f} scan pile 04A1B2C3\n" for n in range(40))
    tagged += "70 scan pile 04A1B2C3\n"
    state = play(tmp_path, START.replace("R1", "04D5E6F7") + tagged, deck_map=TAGS)
    assert state["discard"] == ["R1", "R7"] and state["notices"] == [refused(1, "already_on_pile")]


def test_an_impossible_tally_is_refused_and_draw_ends_it(tmp_path):
    # Seat 1 holds 5 cards at the end; the deck has 4 Wild Draw Fours.
    w4s = "".join(f"{9 + n} scan pile W4\n" for n in range(5))
    state = play(tmp_path, START + ROUND + w4s, "[knobs]\nhand_size = 3\n")
    assert state["screen"] == "tally" and state["awaiting"] == {"kind": "reveal", "seat": 1}
    assert state["hand_counts"] == {"1": 5, "2": 0}
    assert state["notices"] == [refused(1, "no_copy_left")]
    assert [a["type"] for a in state["actions"]].count("Reveal") == 4
    later = play(tmp_path, START + ROUND + w4s + "30 wait\n", "[knobs]\nhand_size = 3\n")
    assert later["prompt"] == "Seat 1: scan the cards left in your hand (DRAW: no more)"
    # The fifth card cannot be shown: DRAW says so, and the four shown count.
    done = play(tmp_path, START + ROUND + w4s + "20 press 1 draw\n", "[knobs]\nhand_size = 3\n")
    assert done["screen"] == "scores" and done["scores"] == {"1": 0, "2": 200}
    assert done["awaiting"] == {"kind": "round_over", "seat": None}


def test_a_tally_with_tags_takes_each_physical_card_once(tmp_path):
    tags = {"AA01": "R1", "AA02": "R2", "AA03": "R3", "AA04": "R4", "BB01": "B2", "BB02": "B2"}
    deck_map = "[tags]\n" + "".join(f'"{t}" = "{c}"\n' for t, c in tags.items())
    deck_map = 'preset = "official"\n' + deck_map
    script = (START + ROUND).replace("pile R", "pile AA0")
    script += "9 scan pile BB01\n10 scan pile BB01\n11 scan pile AA04\n12 scan pile BB02\n"
    state = play(tmp_path, script + "13 press 1 draw\n", "[knobs]\nhand_size = 3\n", deck_map)
    assert state["notices"] == [refused(1, "shown_already"), refused(1, "already_on_pile")]
    assert state["screen"] == "scores" and state["scores"] == {"1": 0, "2": 4}


def test_the_tally_goes_on_when_the_reader_is_gone(tmp_path):
    script = START + ROUND + "9 scan pile B2\n10 unplug pile\n11 press 1 draw\n"
    state = play(tmp_path, script, "[knobs]\nhand_size = 3\n")
    assert state["screen"] == "scores" and state["scores"] == {"1": 0, "2": 2}
    assert any(n.startswith("pile: ") for n in state["notices"])  # the reader's outage


def test_cool_chosen_in_the_lobby_knows_its_wild_shuffle_hands(tmp_path):
    played = play(tmp_path, COOL_START + "2 scan pile WS\n3 pad green\n")
    assert played["preset"] == "cool" and played["notices"] == []
    assert (played["top"], played["color"]) == ("WS", "G")
    assert played["discard"] == ["R1", "WS"]
    assert sum(played["hand_counts"].values()) == 13  # every hand dealt again
    # The last card of the tally is that WS: the round ends and scores.
    tally = COOL_START + "2 scan pile R2\n3 scan pile R3\n4 scan pile R4\n5 scan pile WS\n"
    state = play(tmp_path, tally, "[knobs]\nhand_size = 2\n")
    assert state["notices"] == []
    assert state["screen"] == "scores" and state["scores"] == {"1": 0, "2": 40}
    assert state["events"][:2] == ["Seat 2 wins the round (+40)", "Seat 1 shows wild shuffle hands"]


def test_what_the_referee_knows_of_the_cards_survives_a_restart(tmp_path):
    """Issue 21, case 4: before, the ids on the pile lived in memory only; after a restart a
    tag already on the pile played again, and a printed card still lying on the reader too."""
    state_dir = f'state_dir = "{tmp_path / "state"}"\n'
    tagged = START.replace("scan pile R1", "scan pile 04D5E6F7") + "2 scan pile 04A1B2C3\n"
    first = play(tmp_path, tagged, state_dir, TAGS)
    assert first["discard"] == ["R1", "R7"]
    # The table comes back; the R7 picked up from the pile is scanned again, then its twin.
    again = play(tmp_path, "0 press 1 draw\n1 scan pile 04A1B2C3\n2 scan pile 04A1B2C4\n",
                 state_dir, TAGS)  # fmt: skip
    assert again["screen"] == "game" and again["discard"] == ["R1", "R7", "R7"]
    assert again["notices"] == [refused(1, "already_on_pile")]
    assert again["hand_counts"] == {"1": 6, "2": 6}


def test_a_printed_card_lying_on_the_reader_through_a_restart_plays_once(tmp_path):
    state_dir = f'state_dir = "{tmp_path / "state"}"\n'
    first = play(tmp_path, START + "2 scan pile R7\n", state_dir)
    assert first["discard"] == ["R1", "R7"]
    # The scanner still sees the label when the table is back: the same card, read again.
    again = play(tmp_path, "0 press 1 draw\n0.5 scan pile R7\n", state_dir)
    assert again["screen"] == "game" and again["discard"] == ["R1", "R7"]
    assert again["notices"] == [refused(1, "read_twice")]
    assert again["awaiting"] == {"kind": "turn", "seat": 1}

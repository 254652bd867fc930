"""Shared details that are the table's own behaviour, played through the table script.

`uno-table run --headless --script` presses the buttons as MockFactory pin edges and writes the
scans into the reader's pseudo-terminal (README, "The table script"); the JSON line it prints
is what these scenarios check. The table referees real cards, so they run with unseen hands.
Each names the preset, and its docstring the docs/rules.md section and line it checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from table.commands.script import run_script
from table.setup import config as configuration

from .conftest import hands, rule

pytestmark = hands("unseen")
ROW = "a card dropped on the pile but not yet acknowledged"

COOL = """
0.0 pad blue                # the lobby picks cool
0.0 press 1 uno             # seats 1 and 2 join
0.1 press 2 uno
0.5 press 1 draw            # seat 1 deals: seat 2 plays first
1.0 scan pile R5            # the first card
"""


def play(tmp_path: Path, script: str, config_text: str = "") -> dict:
    """Run a script on the shipped configuration (with this text over it); its JSON line."""
    path = tmp_path / "script.txt"
    path.write_text(script)
    config_path = tmp_path / "table.toml"
    config_path.write_text(config_text)
    return run_script(configuration.load(config_path), path, config_path, headless=True)


def plays(state: dict) -> list[tuple[int, list[str]]]:
    """The journalled plays as (game seat, card codes)."""
    return [(a["seat"], a["cards"]) for a in state["actions"] if a["type"] == "Play"]


# --- Several scans in one window ---------------------------------------------------------


@rule("cool", 342, "several scans in one window")
def test_scans_of_one_symbol_within_the_window_are_one_play(tmp_path):
    """docs/rules.md lines 333-335: scans by one reader, each within `scan_window_ms` (700)
    of the one before, all of one symbol, are one play."""
    state = play(tmp_path, COOL + "2.0 scan pile G5\n2.5 scan pile B5\n3.1 scan pile Y5\n")
    assert plays(state) == [(1, ["G5", "B5", "Y5"])]  # each within 700 ms of the one before
    assert state["hand_counts"] == {"1": 7, "2": 4} and state["top"] == "Y5"


@rule("cool", 342, "several scans in one window")
def test_scans_further_apart_than_the_window_are_two_plays(tmp_path):
    """docs/rules.md lines 333-338: a scan more than `scan_window_ms` after the last is a new
    play (the shared reader's: the next seat's)."""
    state = play(tmp_path, COOL + "2.0 scan pile G5\n2.8 scan pile B5\n")
    assert plays(state) == [(1, ["G5"]), (0, ["B5"])]
    assert state["hand_counts"] == {"1": 6, "2": 6}


@rule("cool", 342, "several scans in one window")
def test_a_scan_of_another_symbol_ends_the_play(tmp_path):
    """docs/rules.md lines 335-339: another symbol ends the play and is the next seat's play; a
    scan of the first symbol after it belongs to the play after that, not to the ended one."""
    script = COOL + "2.0 scan pile G5\n2.2 scan pile G7\n2.4 scan pile G5\n"
    # The second G5 is the deck's other copy: the reader reports every read (repeat_ms = 0).
    state = play(tmp_path, script, '[[reader]]\nname = "pile"\ndevice = "unused"\nrepeat_ms = 0\n')
    assert plays(state) == [(1, ["G5"]), (0, ["G7"]), (1, ["G5"])]
    assert state["discard"] == ["R5", "G5", "G7", "G5"]
    assert state["hand_counts"] == {"1": 6, "2": 5}


@rule("cool", 342, "several scans in one window")
def test_with_a_reader_per_seat_another_symbol_is_that_seats_next_play(tmp_path):
    """docs/rules.md lines 339-340: a seat's own reader reads only its seat's plays; one symbol of
    one reader is one play, whatever the other reader sends in between."""
    readers = """
[[reader]]
name = "pile"
device = "unused"
[[reader]]
name = "seat-1"
device = "unused"
seat = 1
[[reader]]
name = "seat-2"
device = "unused"
seat = 2
"""
    script = COOL + "2.0 scan seat-2 G5\n2.2 scan seat-1 B7\n2.4 scan seat-2 B5\n"
    state = play(tmp_path, script, readers)
    # Seat 1's B7 came in the middle of seat 2's play: it waits for that play, then is its own.
    assert plays(state) == [(1, ["G5", "B5"]), (0, ["B7"])]
    assert state["discard"] == ["R5", "G5", "B5", "B7"]


# --- A card dropped on the pile but not yet acknowledged -----------------------------------

ROW_LINE = {"official": 353, "reglamento": 354, "playone": 355, "cool": 356}
PAD = {"official": "red", "reglamento": "yellow", "playone": "green", "cool": "blue"}
SEVEN_ZERO = "[knobs]\nseven_zero = true\n"


def start(preset: str) -> str:
    return COOL.replace("pad blue", f"pad {PAD[preset]}").replace("picks cool", f"picks {preset}")


def saved_table(tmp_path: Path) -> str:
    """A configuration (seven_zero) whose state_dir outlives a script: a restart is a new run."""
    return f'state_dir = "{tmp_path / "state"}"\n' + SEVEN_ZERO


@pytest.mark.parametrize("preset", [pytest.param(p, marks=rule(p, ROW_LINE[p], ROW)) for p in PAD])
def test_a_seven_whose_seat_was_never_named_is_said_not_taken_after_a_restart(tmp_path, preset):
    """docs/rules.md lines 348-350: the power goes between a 7's scan and the choice of its
    seat; the table comes back at that turn, says the 7 was not taken, takes it played again."""
    config = saved_table(tmp_path)
    before = play(tmp_path, start(preset) + "2.0 scan pile R7\n", config)
    assert before["prompt"] == "Seat 2 plays red 7: who swaps hands? That seat presses UNO"
    assert [a["type"] for a in before["actions"]] == ["Flip"]  # the script ends: power off
    after = play(tmp_path, "0 press 1 draw\n", config)  # the resume screen: DRAW resumes
    assert after["screen"] == "game" and after["awaiting"] == {"kind": "turn", "seat": 2}
    assert after["prompt"] == "Seat 2: red 7 was not taken: take it back and play it again"
    again = play(tmp_path, "0 press 1 draw\n1 scan pile R7\n1.5 press 1 uno\n", config)
    assert plays(again) == [(1, ["R7"])] and again["notices"] == []
    assert again["actions"][-1]["target"] == 0 and again["discard"] == ["R5", "R7"]


@rule("official", 353, ROW)
def test_it_never_guesses_the_missing_choice_nor_speaks_of_a_card_taken(tmp_path):
    """docs/rules.md lines 350-351: a 7 whose seat was named is taken: a restart is silent."""
    config = saved_table(tmp_path)
    play(tmp_path, start("official") + "2.0 scan pile R7\n2.5 press 1 uno\n", config)
    after = play(tmp_path, "0 press 1 draw\n", config)
    assert after["notices"] == [] and after["discard"] == ["R5", "R7"]
    assert after["awaiting"] == {"kind": "turn", "seat": 1}


THREE = "0.1 press 2 uno\n0.2 press 3 uno"  # seat 3 joins too: one to leave, one to name


@rule("official", 353, ROW)
def test_a_seven_waits_on_while_another_seat_leaves_then_is_named(tmp_path):
    """docs/rules.md lines 350-351: another seat leaving lets the 7 wait for its seat."""
    script = start("official").replace("0.1 press 2 uno", THREE) + "2.0 scan pile R7\n"
    script += "3.0 hold 3 draw 2.5\n6.0 press 3 uno\n7.0 press 1 uno\n"
    state = play(tmp_path, script, SEVEN_ZERO)
    assert [a["type"] for a in state["actions"]] == ["Flip", "Leave", "Play"]
    assert state["actions"][-1]["target"] == 0 and state["discard"] == ["R5", "R7"]
    assert state["notices"] == []


@rule("official", 353, ROW)
def test_a_seven_whose_player_leaves_is_said_not_taken_at_once(tmp_path):
    """docs/rules.md lines 350-351: an action after which the 7 has no seat to name says so."""
    script = start("official").replace("0.1 press 2 uno", THREE) + "2.0 scan pile R7\n"
    script += "3.0 hold 2 draw 2.5\n6.0 press 2 uno\n"
    state = play(tmp_path, script, SEVEN_ZERO)
    assert [a["type"] for a in state["actions"]] == ["Flip", "Leave"]
    assert state["prompt"] == "Seat 2: red 7 was not taken: take it back and play it again"


@rule("official", 353, ROW)
def test_a_seven_waiting_through_a_call_is_said_not_taken_after_a_restart(tmp_path):
    """docs/rules.md lines 348-350: a call while the 7 waits (the note of the 7 is of the
    game after the call, or a restart would not know it)."""
    config = saved_table(tmp_path) + "hand_size = 2\n"
    before = play(tmp_path, start("official") + "2.0 scan pile R7\n2.5 press 2 uno\n", config)
    assert [a["type"] for a in before["actions"]] == ["Flip", "CallUno"]  # power off
    after = play(tmp_path, "0 press 1 draw\n", config)
    assert after["prompt"] == "Seat 2: red 7 was not taken: take it back and play it again"


# --- Catch window: the UNO race ----------------------------------------------------------

# Two cards a hand: seat 2 (game seat 1) plays R2 at 2 s and holds one card, uncalled; seat 3
# is to play.
TWO_CARDS = "[knobs]\nhand_size = 2\n"


def race(tmp_path: Path, catch: str, late: float, preset: str = "cool", knobs: str = "") -> dict:
    """Seat 1 presses `catch` (uno or challenge) at 5 s, the seat at one card calls `late` s
    after; the table's state once both are applied."""
    # Seat 3 joins too: seat 1 then holds two cards off its turn, so its UNO cannot be a call.
    script = start(preset).replace("0.1 press 2 uno", "0.1 press 2 uno\n0.2 press 3 uno")
    script = script.replace("1.0 scan pile R5", "1.0 scan pile R1") + "2.0 scan pile R2\n"
    script += f"5 press 1 {catch}\n{5 + late:.3f} press 2 uno\n"
    return play(tmp_path, script, TWO_CARDS + knobs)


@pytest.mark.parametrize("catch", ["uno", "challenge"])
@pytest.mark.parametrize(("late", "wins"), [(0.0, True), (0.03, True), (0.05, True), (0.2, False)])
@rule("cool", 257, "catch window")
def test_a_call_within_50_ms_after_a_catch_wins_the_race(tmp_path, catch, late, wins):
    """docs/rules.md lines 248-252 and 257-258: a call and a catch (another seat's UNO or
    CHALLENGE) within 50 ms are "at the same time", and the call wins; later, the catch does
    and the caller draws 2. Presses are MockFactory edges, ordered by their edge times."""
    state = race(tmp_path, catch, late)
    assert state["hand_counts"]["2"] == (1 if wins else 3)
    assert state["actions"][-1]["type"] == ("CallUno" if wins else "CatchUno")


@pytest.mark.parametrize("catch", ["uno", "challenge"])
@rule("official", 254, "catch window")
def test_the_race_is_uno_race_ms_in_every_preset(tmp_path, catch):
    """docs/rules.md lines 248-252 and the `uno_race` knob: official with `uno_race_ms = 50`
    waits for the call as cool does, and another seat's UNO is a catch there too."""
    raced = race(tmp_path, catch, 0.03, "official", "uno_race_ms = 50\n")
    assert raced["hand_counts"]["2"] == 1 and raced["actions"][-1]["type"] == "CallUno"


@rule("official", 254, "catch window")
def test_with_no_race_the_first_press_wins(tmp_path):
    """docs/rules.md lines 244-246: official (no race): a catch 30 ms before the call wins."""
    state = race(tmp_path, "challenge", 0.03, "official")
    assert state["hand_counts"]["2"] == 3 and state["actions"][-1]["type"] == "CatchUno"


# Two seats of three cards: seat 2 plays R6, seat 1 draws and plays the card drawn (three
# cards), seat 2 plays a +4 down to one card without calling: seat 1, its victim, is the only
# seat to catch it.
PLUS_FOUR = """
2.0 scan pile R6
3.0 press 1 draw
4.0 scan pile R7
5.0 scan pile W4
5.5 pad blue
"""
THREE_CARDS = "[knobs]\nhand_size = 3\n"
CATCH_LINE = {"official": 254, "reglamento": 255}  # the presets whose +4 may be challenged


@pytest.mark.parametrize(
    "preset", [pytest.param(p, marks=rule(p, n, "catch window")) for p, n in CATCH_LINE.items()]
)
def test_the_victim_of_a_plus_four_catches_with_uno_then_takes_it(tmp_path, preset):
    """docs/rules.md lines 242-244 and 248-252: the victim of a +4 may catch its player at one
    card until it challenges or takes the cards; its CHALLENGE challenges the +4, so its UNO
    catches. Before, the only other seat of two had no button to catch with."""
    script = start(preset) + PLUS_FOUR
    caught = play(tmp_path, script + "6.0 press 1 uno\n", THREE_CARDS)
    penalty = {"official": 2, "reglamento": 1}[preset]
    assert (caught["actions"][-1]["type"], caught["actions"][-1]["seat"]) == ("CatchUno", 0)
    assert caught["hand_counts"] == {"1": 3, "2": 1 + penalty}
    assert caught["awaiting"] == {"kind": "challenge", "seat": 1}  # the +4 is still to answer
    taken = play(tmp_path, script + "6.0 press 1 uno\n7.0 press 1 draw\n", THREE_CARDS)
    assert taken["actions"][-1] == {"type": "Accept", "seat": 0}
    assert taken["hand_counts"] == {"1": 7, "2": 1 + penalty}


# --- Players leaving: DRAW held, then UNO (docs/rules.md, "players leaving") -----------------

LEAVE_ROW = "players leaving"
LEAVE_LINE = {"official": 208, "reglamento": 210, "playone": 211, "cool": 212}


def three(preset: str) -> str:
    """Seats 1 to 3 at `preset`: seat 1 deals, the first card is R5, seat 2 plays first."""
    return start(preset).replace("0.5 press 1 draw", "0.2 press 3 uno\n0.5 press 1 draw")


def leaves(preset: str):
    return [pytest.param(p, marks=rule(p, LEAVE_LINE[p], LEAVE_ROW)) for p in PAD]


@pytest.mark.parametrize("preset", leaves(PAD))
def test_a_seat_leaves_by_holding_draw_then_pressing_uno_and_stays_gone_after_a_restart(
    tmp_path, preset
):
    """docs/rules.md lines 206-212: DRAW held 2.5 s at seat 3 asks; its UNO leaves: the Leave is
    journalled, the seat's cards count no more, and a restart resumes without it."""
    config = f'state_dir = "{tmp_path / "state"}"\n'
    asked = play(tmp_path, three(preset) + "2.0 hold 3 draw 2.5\n", config)
    assert asked["prompt"] == "Seat 3: leave the game? UNO to leave, your other buttons to stay"
    assert asked["leds"]["3"] == "blink" and [a["type"] for a in asked["actions"]] == ["Flip"]
    assert asked["hand_counts"]["3"] == 7  # DRAW held drew nothing
    left = play(tmp_path, "0 press 1 draw\n1 hold 3 draw 2.5\n4 press 3 uno\n", config)
    assert left["actions"][-1] == {"type": "Leave", "seat": 2}
    assert left["hand_counts"] == {"1": 7, "2": 7, "3": 0}
    assert left["events"][0] == "Seat 3 leaves the game"
    assert left["awaiting"] == {"kind": "turn", "seat": 2}
    again = play(tmp_path, "0 press 1 draw\n", config)  # the restart: DRAW resumes
    assert again["actions"] == left["actions"] and again["hand_counts"]["3"] == 0
    turns = play(tmp_path, "0 press 1 draw\n1 scan pile R6\n", config)
    assert turns["awaiting"] == {"kind": "turn", "seat": 1}  # after seat 2: seat 3 is gone


@pytest.mark.parametrize("preset", leaves(PAD))
def test_the_last_seat_left_wins_the_round(tmp_path, preset):
    """docs/rules.md lines 206-212: of two seats one leaves: the other wins the round (the
    leaver's cards score for no one), and with nobody to play, the match."""
    state = play(tmp_path, start(preset) + "2.0 hold 2 draw 2.5\n5.0 press 2 uno\n")
    assert state["actions"][-1] == {"type": "Leave", "seat": 1}
    assert state["events"][:3] == [
        "Seat 1 wins the match!",
        "Seat 1 wins the round (+0)",
        "Seat 2 leaves the game",
    ]
    assert state["screen"] == "match_over" and state["scores"] == {"1": 0, "2": 0}


POINTS = ("official", "cool")  # the presets whose round ends in a tally of the hands


@pytest.mark.parametrize(
    "preset", [pytest.param(p, marks=rule(p, LEAVE_LINE[p], LEAVE_ROW)) for p in POINTS]
)
def test_a_seat_that_leaves_while_another_shows_its_hand_is_not_waited_for(tmp_path, preset):
    """docs/rules.md lines 408-414: a seat leaves while the hands are counted: its count is
    dropped. Before, when the tally came to it, the table waited for the hand of a seat that
    had left, and every button was refused."""
    script = three(preset) + "2.0 scan pile R6\n3.0 scan pile R7\n4.0 scan pile R8\n"
    script += "5.0 scan pile R9\n6.0 hold 1 draw 2.5\n9.0 press 1 uno\n10.0 scan pile G1\n"
    state = play(tmp_path, script, TWO_CARDS)
    assert [a["type"] for a in state["actions"]][-3:] == ["Play", "Leave", "Reveal"]
    assert state["awaiting"] == {"kind": "round_over", "seat": None}
    assert state["scores"] == {"1": 0, "2": 1, "3": 0}


@pytest.mark.parametrize(
    "preset", [pytest.param(p, marks=rule(p, LEAVE_LINE[p], LEAVE_ROW)) for p in POINTS]
)
def test_the_winner_leaving_while_the_hands_are_counted_ends_the_count(tmp_path, preset):
    """docs/rules.md lines 413-416: the round's winner leaves while the hands are counted: its
    points score for no one and no hand is waited for. Before, the count went on and the seat
    that had left took the points."""
    script = three(preset) + "2.0 scan pile R6\n3.0 scan pile R7\n4.0 scan pile R8\n"
    script += "5.0 scan pile R9\n6.0 hold 2 draw 2.5\n9.0 press 2 uno\n"
    state = play(tmp_path, script, TWO_CARDS)
    assert state["actions"][-1] == {"type": "Leave", "seat": 1}
    assert state["awaiting"] == {"kind": "round_over", "seat": None}
    assert state["events"][0] == "Seat 2 wins the round (+0)"
    assert state["scores"] == {"1": 0, "2": 0, "3": 0}

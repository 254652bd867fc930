"""Leaving the game at the table: DRAW held at a seat asks, UNO there confirms (README,
"Leaving the game"). A real Session, Controller and Game, fed presses as a panel reports them
(a press that promises its release, then the release) on the examples' four-seat table."""

from __future__ import annotations

import pytest

from engine import Kind, Leave
from engine import events as ev
from hw.events import Button
from table.flow.holds import CONFIRM, HOLD
from table.screen.examples import Table


def asked(table: Table) -> tuple[int, ...]:
    return table.session.leaving()


def last_action(table: Table):
    return table.session.game.history[-1]


def started() -> Table:
    """Ana, Bruno, Carla and Dani play; red 5 turned: Bruno's turn."""
    return Table("en").started()


def test_a_tap_of_draw_draws_and_asks_nothing():
    table = started().hold(1, Button.DRAW, 0.2)
    assert asked(table) == () and isinstance(table.session.game.last_events[0], ev.Drew)


def test_draw_held_just_under_the_hold_is_still_draw():
    table = started().hold(1, Button.DRAW, HOLD - 0.1)
    assert asked(table) == () and table.session.game.awaiting.kind is Kind.DRAWN


def test_draw_held_asks_that_seat_and_does_nothing_else():
    table = started()
    before = len(table.session.game.history)
    table.hold(2, Button.DRAW)
    assert asked(table) == (2,) and len(table.session.game.history) == before
    view = table.view()
    assert view.prompt == "Carla: leave the game? UNO to leave, your other buttons to stay"
    assert table.session.leds()[2] == "blink" and table.session.notice is None


@pytest.mark.parametrize("button", [Button.CHALLENGE, Button.DRAW])
def test_another_button_of_that_seat_stays_and_does_nothing_else(button):
    table = started().hold(2, Button.DRAW)
    before = len(table.session.game.history)
    table.press(2, button) if button is Button.CHALLENGE else table.hold(2, button, 0.2)
    assert asked(table) == () and len(table.session.game.history) == before
    assert table.session.notice is None
    assert table.view().prompt == "Bruno: play a card or press DRAW"


def test_the_question_goes_unanswered_and_the_seat_stays():
    table = started().hold(2, Button.DRAW)
    table.session.tick(table.now + CONFIRM)
    assert asked(table) == () and table.view().prompt == "Bruno: play a card or press DRAW"
    table.press(2, Button.UNO)  # too late: UNO is UNO again (too many cards to call)
    assert 2 not in table.session.game.left


def test_the_seat_whose_turn_it_is_leaves_and_the_next_plays():
    table = started().hold(1, Button.DRAW).press(1, Button.UNO)
    game = table.session.game
    assert last_action(table) == Leave(1) and game.hand_count(1) == 0
    assert game.awaiting.seat == 2 and game.awaiting.kind is Kind.TURN
    assert table.view().seats[1].left


def test_the_dealer_leaves_on_the_deal_screen_and_the_next_seat_turns_the_first_card():
    table = Table("en").press(0, Button.UNO).press(1, Button.UNO).press(2, Button.UNO)
    table.press(0, Button.DRAW)  # Ana deals
    table.hold(0, Button.DRAW).press(0, Button.UNO)
    assert table.view().prompt == "Bruno: turn over the first card and scan it"
    table.scan("R5")
    game = table.session.game
    assert game.top is not None and game.awaiting.kind is Kind.TURN and game.awaiting.seat == 1


def test_a_seat_leaves_while_it_owes_a_colour():
    table = started().scan("W")  # Bruno plays a wild: he names the colour
    table.hold(1, Button.DRAW).press(1, Button.UNO)
    assert table.session.game.awaiting.kind is Kind.COLOR and table.session.game.awaiting.seat == 2


def test_the_victim_of_a_wild_draw_four_leaves_before_challenging():
    table = started().scan("W4").press(None, Button.BLUE)  # Carla may challenge
    assert table.session.game.awaiting.kind is Kind.CHALLENGE
    table.hold(2, Button.DRAW).press(2, Button.UNO)
    game = table.session.game
    assert 2 in game.left and game.awaiting.kind is Kind.TURN and game.awaiting.seat == 3
    assert game.pending_draw == 0


def test_the_wild_draw_four_player_leaves_while_showing_the_hand():
    table = started().scan("W4").press(None, Button.BLUE).press(2, Button.CHALLENGE)
    assert table.session.game.awaiting.kind is Kind.REVEAL  # Bruno shows Carla his hand
    table.hold(1, Button.DRAW).press(1, Button.UNO)
    game = table.session.game
    assert 1 in game.left and game.awaiting.kind is Kind.TURN and game.awaiting.seat == 2
    assert game.hand_count(2) == 7  # the challenge died with the seat: Carla draws nothing


def test_two_seats_asked_at_once_answer_each_for_itself():
    table = started().hold(2, Button.DRAW).hold(3, Button.DRAW)
    assert asked(table) == (2, 3)
    assert table.view().prompt.startswith("Carla, Dani: leave the game?")
    table.press(3, Button.UNO)
    assert last_action(table) == Leave(3) and asked(table) == (2,)
    table.press(2, Button.CHALLENGE)
    assert asked(table) == () and table.session.game.left == {3}


def test_a_seat_counting_its_hand_at_the_round_end_leaves():
    table = Table("en")
    table.press(0, Button.UNO).press(1, Button.UNO).press(2, Button.UNO)
    table.press(0, Button.DRAW).scan("R5")  # Bruno plays first
    # Bruno, Carla, Ana in turn: Bruno's seventh card (his plays are every third) goes out.
    table.scan("R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9", "R0", "R1")
    table.scan("R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "G9")
    game = table.session.game
    assert game.winner == 1 and game.awaiting.kind is Kind.REVEAL
    counting = game.awaiting.seat
    table.hold(counting, Button.DRAW).press(counting, Button.UNO)
    assert counting in game.left and game.awaiting.seat != counting


def test_the_last_two_seats_one_leaves_the_other_wins():
    table = Table("en").press(0, Button.UNO).press(1, Button.UNO)
    table.press(0, Button.DRAW).scan("R5")
    table.hold(0, Button.DRAW).press(0, Button.UNO)
    game = table.session.game
    assert game.winner == 1 and game.awaiting.kind is Kind.MATCH_OVER


def test_a_seat_that_left_holding_draw_is_told_it_left():
    table = started().hold(2, Button.DRAW).press(2, Button.UNO).hold(2, Button.DRAW)
    assert asked(table) == () and table.view().footer == "Carla: this seat has left the game"


def test_in_the_lobby_draw_held_un_joins_and_a_tap_still_starts():
    table = Table("en").press(0, Button.UNO).press(1, Button.UNO).press(2, Button.UNO)
    table.hold(2, Button.DRAW)
    assert table.session.joined == [0, 1] and table.session.game is None
    table.hold(0, Button.DRAW, 0.2)
    assert table.session.game is not None and table.session.joined == [0, 1]


def test_in_the_lobby_draw_held_at_a_seat_not_joined_says_to_join_first():
    table = Table("en").press(0, Button.UNO).press(1, Button.UNO).hold(3, Button.DRAW)
    assert table.session.joined == [0, 1] and table.session.game is None
    assert table.view().footer.startswith("Dani: not joined yet")


# --- the keyboard in `make run`: DRAW's key held ----------------------------------------------


def test_draw_s_key_held_is_a_press_and_a_release_on_the_queue(tmp_path):
    import queue

    import pygame

    from hw.events import ButtonPressed, ButtonReleased
    from hw.keyboard import Keyboard, KeyMap
    from table.screen.window import Window, open_surface
    from table.setup import config as configuration

    config = configuration.loads("[display]\nwidth = 480\nheight = 270\n", "keys.toml")
    events: queue.Queue = queue.Queue()
    keyboard = Keyboard(KeyMap.default(4), lambda text: None, releases=[Button.DRAW])
    window = Window(config, open_surface(config, headless=True), events, keyboard)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m))  # seat 2's DRAW
    window.pump(5.0)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_m))
    window.pump(7.5)
    assert [events.get_nowait(), events.get_nowait()] == [
        ButtonPressed(1, Button.DRAW, 5.0, released=True),
        ButtonReleased(1, Button.DRAW, 7.5),
    ]
    # The window loses the keyboard while a DRAW key is down: no KEYUP comes, it is let go.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    window.pump(9.0)
    assert [events.get_nowait(), events.get_nowait()] == [
        ButtonPressed(0, Button.DRAW, 9.0, released=True),
        ButtonReleased(0, Button.DRAW, 9.0),
    ]


# --- the table script: `hold SEAT BUTTON DURATION` (README, "The table script") -------------

START = """
0.0 press 1 uno
0.1 press 2 uno
0.2 press 3 uno
0.5 press 1 draw
1.0 scan pile R5
"""


def script(tmp_path, lines: str) -> dict:
    from table.commands.script import run_script
    from table.setup import config as configuration

    path = tmp_path / "script.txt"
    path.write_text(START + lines)
    config_path = tmp_path / "table.toml"
    config_path.write_text("")
    return run_script(configuration.load(config_path), path, config_path, headless=True)


def test_a_short_press_does_not_ask_and_another_button_of_the_seat_stays(tmp_path):
    short = script(tmp_path, "2.0 press 3 draw\n")  # a tap: DRAW, refused, no question
    assert short["notices"] == ["Seat 3: not your turn: DRAW does nothing now"]
    assert short["prompt"] == short["notices"][0]
    stays = script(tmp_path, "2.0 hold 3 draw 3\n4.5 press 3 challenge\n")
    assert stays["notices"] == [] and [a["type"] for a in stays["actions"]] == ["Flip"]
    assert stays["prompt"] == "Seat 2: play a card or press DRAW"
    assert stays["leds"]["3"] == "off"


def test_a_hold_overlaps_the_lines_after_it(tmp_path):
    """The release comes DURATION after the line, among the later lines: seat 2 plays while
    seat 3 holds; seat 3 is asked once its DRAW has been down 2 s, and answers."""
    state = script(tmp_path, "2.0 hold 3 draw 3\n2.5 scan pile R6\n4.6 press 3 uno\n")
    assert [a["type"] for a in state["actions"]] == ["Flip", "Play", "Leave"]
    assert state["hand_counts"] == {"1": 7, "2": 6, "3": 0}


@pytest.mark.parametrize(
    "line, said",
    [
        ("0 hold 1 draw", "hold takes SEAT uno|challenge|draw DURATION"),
        ("0 hold 1 draw 0", "DURATION is the seconds the button stays down, not '0'"),
        ("0 hold 1 draw soon", "DURATION is the seconds the button stays down, not 'soon'"),
        ("0 hold 9 draw 2", "no seat '9'"),
        ("0 hold 1 red 2", "no button 'red'"),
    ],
)
def test_a_malformed_hold_says_what_is_wrong(line, said):
    from table.commands.script import ScriptError, parse

    with pytest.raises(ScriptError, match="script:1: " + said.replace("|", r"\|")):
        parse(line, 4, ["pile"])

"""From a Session to the View: what the table shows after real inputs, without a window."""

from __future__ import annotations

import pygame
import pytest

from engine import Kind
from hw.events import Button, ButtonPressed, CodeScanned, Problem
from hw.keyboard import HELP_KEY, KeyMap
from table.flow.alerts import Alert, AlertKind, Cause
from table.flow.session import Session
from table.screen.display import Display
from table.screen.frame import Local, key_grid, key_rows, session_view
from table.screen.text import Text
from table.screen.view import NoticeKind
from table.setup import config as configuration


def table(lang: str = "en") -> tuple[Session, list[float]]:
    text = configuration.default_text().replace('language = "auto"', f'language = "{lang}"')
    return Session(configuration.loads(text, "test"), None, settle=0.0), [0.0]


def send(session: Session, clock: list[float], event) -> None:
    clock[0] += 1
    session.handle(event, clock[0])
    session.tick(clock[0] + 0.5)


def started(lang: str = "en") -> tuple[Session, list[float]]:
    session, clock = table(lang)
    for seat in range(4):
        send(session, clock, ButtonPressed(seat, Button.UNO, clock[0] + 1))
    send(session, clock, ButtonPressed(0, Button.DRAW, clock[0] + 1))
    send(session, clock, CodeScanned("R5", "pile", clock[0] + 1))
    return session, clock


def test_a_refused_card_is_named_and_gone_after_the_next_action():
    session, clock = started()
    send(session, clock, CodeScanned("G4", "pile", clock[0] + 1))
    view = session_view(session)
    assert view.footer == "Seat 2: green 4 doesn't fit: take it back"
    assert view.refusal.seat == 1 and session.leds()[1] == "blink"
    send(session, clock, CodeScanned("R9", "pile", clock[0] + 1))  # a card that fits
    view = session_view(session)
    assert view.refusal is None and view.footer.startswith("Seat 3:")
    assert "blink" not in session.leds().values()


def test_a_press_out_of_turn_gets_a_button_sentence_in_spanish():
    session, clock = started("es")
    send(session, clock, ButtonPressed(3, Button.DRAW, clock[0] + 1))
    view = session_view(session)
    assert view.footer == "Asiento 4: no es tu turno: ROBAR no hace nada ahora"
    assert view.notices[0].kind is NoticeKind.REFUSAL


def test_a_lobby_refusal_is_gone_with_the_next_press():
    session, clock = table()
    send(session, clock, ButtonPressed(0, Button.UNO, clock[0] + 1))
    send(session, clock, ButtonPressed(0, Button.DRAW, clock[0] + 1))
    assert "two seats must join" in session_view(session).footer
    send(session, clock, ButtonPressed(1, Button.UNO, clock[0] + 1))
    assert session_view(session).notices == ()


def test_the_shipped_seat_names_take_the_tables_language():
    session, _ = table("es")
    assert [s.name for s in session_view(session).seats] == [f"Asiento {n}" for n in (1, 2, 3, 4)]


def test_the_help_names_its_own_key_and_how_to_type_codes():
    text = Text("en")
    rows = key_rows(KeyMap.default(4), text)
    assert (HELP_KEY.upper(), "this help on / off") in rows
    assert any("S, R or D2" in meaning for _, meaning in rows)
    heads, *seats = key_grid(KeyMap.default(4), text)
    assert heads == ("", ("UNO", "CHALLENGE", "DRAW"))
    assert seats[0] == ("Seat 1", ("Q", "A", "Z"))
    session, _ = table()
    view = session_view(session, Local(help=True, keymap=KeyMap.default(4)))
    assert view.help and view.table.keys == rows


def test_the_help_names_each_seat_as_the_table_does():
    """Before: "Seat 1" to "Seat 4" beside the keys of seats the screen calls Ana, Bruno...:
    nothing on the screen said which seat was Seat 1."""
    text = configuration.default_text().replace('name = "Seat 2"', 'name = "Bruno"')
    session = Session(configuration.loads(text, "test"), None, settle=0.0)
    view = session_view(session, Local(help=True, keymap=KeyMap.default(4)))
    names = [name for name, _ in view.table.key_grid[1:]]
    assert names == ["Seat 1", "Bruno", "Seat 3", "Seat 4"]
    assert [s.name for s in view.seats] == names


def test_a_save_that_fails_is_said_before_what_was_damaged():
    """Before: 'The saved game was damaged at line 12: ... kept as game.jsonl.damaged-1 ·
    Cannot s…' at 800x480: that no action is being saved was cut off the bar."""
    session, _ = started()
    damaged = Alert(AlertKind.DAMAGED, "x", file="game.jsonl.damaged-1", line=12, kept=11)
    session.saved.alerts[:] = [damaged, Alert(AlertKind.CANNOT_SAVE, "full", Cause.DISK_FULL)]
    view = session_view(session)
    assert view.footer.startswith("Cannot save: the disk is full. Nothing changed")
    assert view.footer.endswith("kept as game.jsonl.damaged-1")
    display = Display(pygame.Surface((800, 480)))
    display.render(view)
    p = display.painter
    bar = " ".join(t for t, rect in p.placed if p.marks["prompt"].contains(rect))
    assert "Cannot save: the disk is full. Nothing changed: try again" in bar, bar


def test_a_pc_without_a_reader_types_codes_instead_of_warning():
    session, _ = table()
    assert session_view(session, Local(keymap=KeyMap.default(4))).table.devices.typing
    assert not session_view(session).table.devices.typing


def test_reader_problems_are_told_in_the_tables_language():
    from hw.events import DeviceProblem

    session, clock = started("es")
    send(
        session,
        clock,
        DeviceProblem("pile", Problem.NOT_FOUND, "reader not found: /dev/ttyACM0", down=True),
    )
    view = session_view(session)
    assert view.footer == "pile: el lector no está conectado"
    assert view.notices[0].kind is NoticeKind.PROBLEM
    assert view.table.devices.problem == "Sin respuesta: pile"


def test_a_saved_game_is_offered_without_a_count_of_players(tmp_path):
    import pygame

    from table.screen.display import Display

    text = configuration.default_text().replace('language = "auto"', 'language = "en"')
    config = configuration.loads(text, "test")
    first = Session(config, tmp_path, settle=0.0)
    for seat in (0, 1):
        first.handle(ButtonPressed(seat, Button.UNO, 1.0 + seat), 1.0 + seat)
    first.handle(ButtonPressed(0, Button.DRAW, 3.0), 3.0)
    first.journal.close()
    view = session_view(Session(config, tmp_path, settle=0.0))
    assert view.table.resume and "resumes it" in view.footer
    display = Display(pygame.Surface((800, 480)))
    display.render(view)
    shown = " | ".join(text for text, _ in display.painter.placed)
    assert "Resume the saved game?" in shown and "players ready" not in shown
    assert "press UNO to join" not in shown  # UNO does nothing on the offer


def test_the_help_key_shows_the_help_until_the_next_action():
    import queue

    import pygame

    from hw.keyboard import Keyboard
    from table.screen.window import Window

    session, clock = started()
    keyboard = Keyboard(KeyMap.default(4), lambda code: code)
    window = Window(session.config, pygame.Surface((800, 480)), queue.Queue(), keyboard)
    window._key(HELP_KEY, clock[0])
    assert window.view(session).help
    assert window.view(session).help  # a frame with nothing new keeps it
    send(session, clock, CodeScanned("R9", "pile", clock[0] + 1))
    assert not window.view(session).help


def test_the_help_lists_the_wilds_of_the_deck_in_force():
    session, clock = table()
    local = Local(help=True, keymap=KeyMap.default(4))
    official = dict(session_view(session, local).table.keys)
    assert official["W W4"] == "wild, wild +4" and "WS" not in " ".join(official)
    send(session, clock, ButtonPressed(None, Button.BLUE, clock[0] + 1))  # the cool deck
    cool = dict(session_view(session, local).table.keys)
    assert cool["W WS W4"] == "wild, wild shuffle hands, wild +4"


def test_a_seat_not_in_the_game_is_named():
    session, clock = table()
    for event in (ButtonPressed(0, Button.UNO, 1), ButtonPressed(1, Button.UNO, 2)):
        send(session, clock, event)
    send(session, clock, ButtonPressed(0, Button.DRAW, clock[0] + 1))
    send(session, clock, ButtonPressed(3, Button.DRAW, clock[0] + 1))
    assert session_view(session).footer == "Seat 4 is not playing in this game"
    assert session.leds()[3] == "blink"


def test_not_now_says_what_the_game_waits_for():
    session, clock = started()
    send(session, clock, CodeScanned("W", "pile", clock[0] + 1))  # Seat 2 owes a colour
    send(session, clock, ButtonPressed(1, Button.DRAW, clock[0] + 1))
    assert session_view(session).footer == (
        "Seat 2: DRAW does nothing now: choose a colour on the pad"
    )
    es, clock = started("es")
    send(es, clock, CodeScanned("W", "pile", clock[0] + 1))
    send(es, clock, ButtonPressed(1, Button.DRAW, clock[0] + 1))
    assert session_view(es).footer == (
        "Asiento 2: ROBAR no hace nada ahora: elige un color en el pulsador"
    )


def test_challenge_in_the_lobby_says_what_the_buttons_do():
    session, clock = table()
    send(session, clock, ButtonPressed(2, Button.CHALLENGE, clock[0] + 1))
    assert session_view(session).footer == (
        "Seat 3: CHALLENGE does nothing in the lobby: UNO joins, DRAW starts"
    )


def test_a_challenge_of_ones_own_wild_four_names_who_may():
    session, clock = started()
    send(session, clock, CodeScanned("W4", "pile", clock[0] + 1))  # Seat 2 plays it
    send(session, clock, ButtonPressed(None, Button.BLUE, clock[0] + 1))
    send(session, clock, ButtonPressed(1, Button.CHALLENGE, clock[0] + 1))
    assert session_view(session).footer == "Seat 2: only Seat 3 may challenge the +4"
    send(session, clock, ButtonPressed(2, Button.CHALLENGE, clock[0] + 1))
    assert session.game.awaiting.kind is Kind.REVEAL  # the victim's press is the challenge


def test_a_seven_waiting_for_its_swap_is_on_the_pile_and_in_the_events():
    from table.screen.examples import Table

    table7 = Table("en", "seven_zero = true").started().scan("R7")  # Bruno plays it
    view = table7.view()
    assert table7.session.asking() == (1, "R7")
    assert view.game.top == "R7" and view.game.color == "R"
    assert view.events[0] == "Bruno plays red 7"
    assert view.prompt.startswith("Bruno plays red 7: who swaps hands?")
    table7.press(3, Button.UNO)
    view = table7.view()
    assert view.game.top == "R7" and view.events[0] == "Bruno swaps hands with Dani"


@pytest.mark.parametrize("kind", list(Problem))
def test_every_kind_of_device_problem_has_its_sentence_in_both_languages(kind):
    from hw.events import DeviceProblem

    footers = {}
    for lang in ("en", "es"):
        session, clock = started(lang)
        detail = "a detail in English for the log only"
        send(session, clock, DeviceProblem("pile", kind, detail, "X9"))
        footers[lang] = session_view(session).footer
        assert footers[lang].startswith("pile: ") and detail not in footers[lang]
    assert footers["en"] != footers["es"]


def test_a_reader_without_its_software_says_so_in_spanish():
    from hw.events import DeviceProblem

    session, clock = started("es")
    problem = DeviceProblem("pile", Problem.READER_SOFTWARE, "NFC readers need nfcpy", down=True)
    send(session, clock, problem)
    assert (
        session_view(session).footer == "pile: falta el software del lector (README, Card readers)"
    )

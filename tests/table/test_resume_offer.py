"""The resume offer shows the saved game as it was: its own preset and rules, who played it
with their scores, how far it got; damage is said before DRAW; the prompt stays in view."""

from hw.events import Button, ButtonPressed, CodeScanned, DeviceProblem, Problem
from table.flow.session import Phase, Session
from table.screen.frame import session_view
from table.setup import config as configuration


def config(state, lang="en", preset="official"):
    text = f'language = "{lang}"\npreset = "{preset}"\n[knobs]\ntarget_score = 300\n'
    return configuration.loads(text, "test.toml")


def saved_cool_game(state, moves=("R5", "R7", "G7", "G4")):
    """Seats 1, 2 and 4 play cool (the configuration says official) a few cards, then the
    power goes: the journal stays in `state`."""
    table = Session(config(state), state, settle=0.0)
    presses = [(None, Button.BLUE), (0, Button.UNO), (1, Button.UNO), (3, Button.UNO)]
    for at, (seat, button) in enumerate([*presses, (0, Button.DRAW)], start=1):
        table.handle(ButtonPressed(seat, button, float(at)), float(at))
    for at, card in enumerate(moves, start=10):
        table.handle(CodeScanned(card, "pile", float(at)), float(at))
        table.tick(at + 1.0)  # past the scan window: each card is a play of its own
    history = len(table.game.history)
    table.journal.close()
    return history


def test_the_offer_shows_the_saved_games_preset_rules_seats_and_progress(tmp_path):
    moves = saved_cool_game(tmp_path)
    view = session_view(Session(config(tmp_path), tmp_path, settle=0.0))
    assert view.table.resume and view.preset == "cool" and view.table.presets == ("cool",)
    assert view.table.rules_line.startswith("Points to 300, stack +2, +4, R, S")
    assert [s.joined for s in view.seats] == [True, True, False, True]
    assert view.table.progress == f"Round 1, move {moves}"
    assert view.footer == "A game was in progress: DRAW resumes it, CHALLENGE sets it aside"
    spanish = session_view(Session(config(tmp_path, "es"), tmp_path, settle=0.0))
    assert spanish.table.progress == f"Ronda 1, jugada {moves}"
    assert spanish.table.rules_line.startswith("Puntos hasta 300, acumula +2, +4, R, S")


def test_the_offer_draws_no_invitation_to_join(tmp_path):
    import pygame

    from table.screen.display import Display

    saved_cool_game(tmp_path)
    for lang, absent, present in (("en", "press UNO to join", "not in this game"),
                                  ("es", "UNO para unirte", "no jugaba")):  # fmt: skip
        view = session_view(Session(config(tmp_path, lang), tmp_path, settle=0.0))
        for size in ((800, 480), (1920, 1080)):
            display = Display(pygame.Surface(size))
            display.render(view)
            shown = " | ".join(text for text, _ in display.painter.placed)
            assert absent not in shown and present in shown
            assert view.table.rules_line.split(",")[0] in shown


def test_a_damaged_journal_is_said_before_draw_resumes_it(tmp_path):
    saved_cool_game(tmp_path)
    journal = tmp_path / "game.jsonl"
    lines = journal.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"G7"', b'"G8"')  # the checksum no longer matches
    journal.write_bytes(b"\n".join(lines))
    offered = Session(config(tmp_path), tmp_path, settle=0.0)
    assert offered.phase is Phase.RESUME
    view = session_view(offered)
    assert view.footer == (
        "The saved game is damaged at line 4: DRAW resumes it after 2 moves (the whole file "
        "is kept), CHALLENGE sets it aside"
    )
    assert view.table.progress == "Round 1, move 2"
    offered.handle(ButtonPressed(0, Button.DRAW, 1.0), 1.0)
    assert offered.phase is Phase.GAME and len(offered.game.history) == 2
    assert "damaged at line 4: resumed after 2 moves" in session_view(offered).footer


def test_a_reader_problem_does_not_cover_the_offers_prompt(tmp_path):
    saved_cool_game(tmp_path)
    offered = Session(config(tmp_path), tmp_path, settle=0.0)
    lost = DeviceProblem("pile", Problem.NOT_FOUND, "reader not found: /dev/ttyACM0", down=True)
    offered.handle(lost, 0.1)
    view = session_view(offered)
    assert view.footer == "A game was in progress: DRAW resumes it, CHALLENGE sets it aside"
    assert view.table.devices.problem == "Not working: pile"  # the corner says it
    offered.handle(CodeScanned("R5", "pile", 1.0), 1.0)
    assert session_view(offered).footer == (
        "A game was in progress: DRAW resumes it first, CHALLENGE sets it aside"
    )

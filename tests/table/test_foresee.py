"""A frame drawn ahead (table/flow/foresee.py, Display.guess): the DRAW it foresees shows
exactly what drawing after the DRAW shows, and a guess that did not come true never reaches
the display, over a whole bots' match; so do the parts listed for the plays foreseen
(Display.likely)."""

from __future__ import annotations

import pygame
import pytest

from bench.memory import HELP_EVERY, Match
from hw.events import Button, ButtonPressed, CodeScanned
from table.flow import foresee
from table.flow.session import Session
from table.screen.display import Display
from table.screen.frame import Local, session_view
from tests.table.table_driver import App


@pytest.fixture
def display_updates(monkeypatch):
    """The regions handed to pygame.display.update, in order."""
    handed: list[list[pygame.Rect]] = []
    update = pygame.display.update

    def spy(rects=None):
        handed.append([pygame.Rect(r) for r in rects] if rects is not None else [])
        return update(rects)

    monkeypatch.setattr(pygame.display, "update", spy)
    return handed


@pytest.mark.parametrize(("lang", "size"), [("en", (800, 480)), ("es", (1280, 720))])
def test_frames_drawn_ahead_show_what_a_full_redraw_shows_over_a_match(
    tmp_path, display_updates, lang, size
):
    pygame.display.init()
    try:
        right, wrong = _play(tmp_path, lang, pygame.display.set_mode(size), display_updates)
    finally:
        pygame.display.quit()
    assert right > 50, "no DRAW drawn ahead was ever the frame that came"
    assert wrong > 50, "every guess came true: the wrong ones were never tried"


def _play(tmp_path, lang: str, window: pygame.Surface, handed: list) -> tuple[int, int]:
    """A bots' match on a display that draws each frame ahead; what the display was handed
    (a copy of the screen updated only in the regions handed on) is checked against a full
    redraw at every frame. Returns how many guesses came true and how many did not."""
    size = window.get_size()
    match = Match(tmp_path, lang, size, seed=5)
    display, full = Display(window), Display(pygame.Surface(size))
    shown = pygame.Surface(size)  # what the screen shows: only what present() hands on
    right = wrong = 0
    foreseen_draw = None  # (actions then, the action a DRAW then stood for)
    try:
        while not match.driver.done:
            match.step()
            local = Local(help=match.driver.actions % HELP_EVERY == HELP_EVERY - 1)
            view = session_view(match.session, local)
            if not display.needs_redraw(view):
                continue
            guessed, foreseen = display.guessed != [], display.foreseen
            display.draw(view)
            came_true = display.foreseen != foreseen  # what the display did, not why
            if guessed:
                right, wrong = right + came_true, wrong + (not came_true)
                history = match.session.game.history if match.session.game else []
                if foreseen_draw == (len(history) - 1, history[-1] if history else None):
                    assert came_true, f"the DRAW foreseen came, not its frame: {history[-1]}"
            handed.clear()
            display.present()
            for region in (r for rects in handed for r in rects):
                shown.blit(window, region, region)
            full.render(view)
            expected = pygame.image.tobytes(full.surface, "RGB")
            assert pygame.image.tobytes(window, "RGB") == expected, "the screen drawn differs"
            assert pygame.image.tobytes(shown, "RGB") == expected, "the screen shown differs"
            foreseen_draw = None
            display.ahead()
            if not local.help:
                display.guess(lambda local=local: _after_draw(match.session, local))
                while display.likely(lambda local=local: _after_plays(match.session, local)):
                    pass
                game = match.session.game
                if display.guessed and game is not None:
                    draw = match.session.controller.draw_action(game.awaiting.seat)
                    foreseen_draw = (len(game.history), draw)
            handed.clear()
            display.present()  # the loop's present with nothing new drawn hands on nothing
            assert handed == [], "a guess reached the display before its frame came"
    finally:
        match.close()
    assert match.driver.consistent, match.driver.problem
    assert display.listing.taken > 50, "no part listed for a likely play was ever taken"
    return right, wrong


def _after_draw(session: Session, local: Local):
    foreseen = foresee.after_draw(session)
    return session_view(foreseen, local) if foreseen is not None else None


def _after_plays(session: Session, local: Local):
    return [session_view(foreseen, local) for foreseen in foresee.after_plays(session)]


def _session_in_play(tmp_path) -> tuple[Session, list[float]]:
    """A 3-seat table whose game is up: the first card scanned, seat 1 to play."""
    match = Match(tmp_path, "en", (800, 480), seed=1)
    session, clock = match.session, [0.0]

    def press(seat, button):
        clock[0] += 1
        session.handle(ButtonPressed(seat, button, clock[0]), clock[0])
        session.tick(clock[0] + 1)

    for seat in range(3):
        press(seat, Button.UNO)
    press(0, Button.DRAW)
    clock[0] += 1
    session.handle(CodeScanned("R5", "pile", clock[0]), clock[0])
    session.tick(clock[0] + 1)
    assert session.game.awaiting.kind == "turn"
    return session, clock


def test_after_draw_is_the_view_the_draw_brings_and_changes_nothing(tmp_path):
    session, clock = _session_in_play(tmp_path)
    before = (session.game.snapshot(), tuple(session.lines), session.version)
    foreseen = foresee.after_draw(session)
    assert foreseen is not None
    expected = session_view(foreseen)
    assert (session.game.snapshot(), tuple(session.lines), session.version) == before
    assert session_view(session) != expected
    seat = session.joined[session.game.awaiting.seat]
    clock[0] += 1
    session.handle(ButtonPressed(seat, Button.DRAW, clock[0]), clock[0])
    session.tick(clock[0] + 1)
    assert session_view(session) == expected


def test_nothing_is_foreseen_while_an_input_is_held(tmp_path):
    session, clock = _session_in_play(tmp_path)
    clock[0] += 1
    session.handle(CodeScanned("R7", "pile", clock[0]), clock[0])  # its window not yet passed
    assert foresee.after_draw(session) is None
    session.tick(clock[0] + 1)
    assert foresee.after_draw(session) is not None


def test_the_table_draws_a_draw_ahead_while_it_waits_and_shows_it_when_it_comes(tmp_path):
    """The app's own loop and window: waiting, the loop draws the DRAW's frame ahead; the
    DRAW then lists no part again, and the screen is what a full redraw draws."""
    app = App(tmp_path, 2, "official")
    session = app.session
    for seat in (0, 1):
        app.send(["press", seat, "uno"], lambda s=seat: s in session.joined)
    app.send(["press", 0, "draw"], lambda: session.game is not None)
    app.send(["scan", "R5"], lambda: session.game.awaiting.kind == "turn")
    display = app.table.window.display
    try:
        app.loop.run_once(wait=0.01)  # nothing comes: the loop looks ahead
        assert display.guessed, "nothing was drawn ahead while the table waited"
        lists, shown = sum(display.listing.lists.values()), display.presented
        seat = session.joined[session.game.awaiting.seat]
        actions = len(session.game.history)
        app.send(["press", seat, "draw"], lambda: len(session.game.history) > actions)
        assert sum(display.listing.lists.values()) == lists, "the DRAW's frame was listed again"
        assert display.presented == shown + 1 and not display.guessed
        full = Display(pygame.Surface(display.surface.get_size()))
        full.render(app.table.window.view(session))
        assert pygame.image.tobytes(display.surface, "RGB") == pygame.image.tobytes(
            full.surface, "RGB"
        )
    finally:
        app.table.close()


def test_a_draw_foreseen_under_a_refusal_ends_it_as_the_draw_does(tmp_path):
    session, clock = _session_in_play(tmp_path)
    clock[0] += 1
    session.handle(CodeScanned("B9", "pile", clock[0]), clock[0])  # fits neither R nor 5
    session.tick(clock[0] + 1)
    assert session.notice is not None and not session.notice.problem
    expected = session_view(foresee.after_draw(session))
    assert expected.notices == () and session_view(session).notices != ()
    seat = session.joined[session.game.awaiting.seat]
    clock[0] += 1
    session.handle(ButtonPressed(seat, Button.DRAW, clock[0]), clock[0])
    session.tick(clock[0] + 1)
    assert session_view(session) == expected

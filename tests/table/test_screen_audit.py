"""The screen audit: every example screen, at three sizes, in both languages, checked by machine.

A frame fails on text below the smallest size for its screen, text off the screen, over
another text or over the top card, text cut to fit, an English word on a Spanish screen, or a
refusal drawn in a state other than the one it refused in.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from engine import Game, Play, RuleSet
from table.screen import theme as th
from table.screen.display import Display
from table.screen.examples import NAMES, examples
from table.screen.view import Notice, TableFacts, build_view
from tests.table.screen_audit import min_px, problems

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
LANGS = ["en", "es"]
VIEWS = {lang: examples(lang) for lang in LANGS}
OWN_WORDS = (*NAMES, "Elena", "Fede", "Guille", "Hugo", "pile", "lgpio")
"""Names of seats, readers and pin factories: the table's own, in no language."""


@pytest.fixture(scope="module")
def displays():
    return {size: Display(pygame.Surface(size)) for size in SIZES}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_passes_the_audit(displays, size, lang):
    display = displays[size]
    found = []
    for name, view in VIEWS[lang].items():
        display.render(view)
        found += [f"{name}: {problem}" for problem in problems(display, view, OWN_WORDS)]
    assert not found, "\n".join(found)


def test_the_audit_sees_small_cut_and_untranslated_text():
    display = Display(pygame.Surface((800, 480)))
    view = VIEWS["es"]["game"]
    display.render(view)
    p = display.painter
    p.text("tiny", 9, th.TEXT, topleft=(0, 0))
    p.text("a line far too long for its box " * 3, 20, th.TEXT, max_w=100, topleft=(0, 200))
    p.text("take the card back", 20, th.TEXT, topleft=(300, 440))
    p.text("over the edge", 20, th.TEXT, topleft=(20, display.layout.bar.top - 10))
    found = " | ".join(problems(display, view))
    assert "too small" in found and "cut off" in found and "not translated" in found
    assert "overflows prompt" in found
    assert min_px(480) >= 13


def test_a_refusal_is_not_drawn_once_the_game_moved_on(displays):
    game = Game.from_position(
        RuleSet.preset("official"), hands=[["R7", "G2"], ["B1", "B2"]], top="R5", turn=0
    )
    stale = Notice("green 2 doesn't fit: take it back", 0, actions=len(game.history))
    game.apply(Play(0, "R7"))
    view = build_view(game, TableFacts(names=NAMES[:2], lang="en", notices=(stale,)))
    assert view.refusal is None and "doesn't fit" not in view.footer
    display = displays[(800, 480)]
    display.render(view)
    bar = display.layout.bar
    assert (
        pygame.mask.from_threshold(
            display.surface.subsurface(bar), th.ALERT, (1, 1, 1, 255)
        ).count()
        == 0
    )
    drawn = dataclasses.replace(view, notices=(stale,))
    assert problems(display, drawn)  # the audit itself would catch one drawn


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_examples_say_what_happened(lang):
    views = VIEWS[lang]
    card = {"en": "green 4", "es": "4 verde"}[lang]
    assert card in views["refused_card"].footer
    assert views["refused_press"].refusal is not None
    assert ("DRAW" if lang == "en" else "ROBAR") in views["refused_press"].footer
    assert ("card" if lang == "en" else "carta") not in views["refused_press"].footer
    assert views["refused_uno"].refusal is not None
    assert views["refusal_gone"].refusal is None and not views["refusal_gone"].notices
    assert views["challenge_verdict"].verdict is not None
    assert "X9" in views["bad_code"].footer and "'" not in views["bad_code"].footer


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_with_badges_shows_its_whole_name(displays, lang):
    view = VIEWS[lang]["game_badges"]
    seat = view.seats[1]
    assert seat.uno and seat.dealer and seat.pending  # every badge on the shipped name
    for size in SIZES:
        display = displays[size]
        display.render(view)
        p = display.painter
        assert seat.name in [text for text, _ in p.placed], size
        assert seat.name not in p.cut and "uno 1" in p.marks, size

"""Painter.wrap: a text broken at spaces into lines that fit, the last one cut to fit."""

from __future__ import annotations

import itertools
import random

import pygame

from table.screen.paint import Painter


def _greedy(p: Painter, text: str, px: int, max_w: float, lines: int) -> list[str]:
    """Word by word, as many as fit on each line (the oracle)."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and p.width(line + " " + words[0], px) <= max_w:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out[-1] = out[-1] + " " + " ".join(words)
    if out:
        out[-1] = p.clip(out[-1], px, max_w)
    return out


def test_wrap_breaks_as_word_by_word_does():
    p = Painter(pygame.Surface((10, 10)))
    rng = random.Random(5)
    words = ("Bot", "3", "plays", "Red", "7", "·", "UNO!", "draws", "a", "card", "skipped")
    words += ("Wild", "Draw", "Four", "¿dejas", "la", "partida?", "Ñandú")
    for _ in range(300):
        text = "  ".join(rng.choice(words) for _ in range(rng.randint(0, 9)))
        px, lines = rng.choice((14, 22, 40, 60)), rng.randint(1, 3)
        whole = p.width(" ".join(text.split()), px)
        for max_w in (rng.randint(20, 700), whole - 1, whole, whole + 1):  # about the edge too
            assert p.wrap(text, px, max_w, lines) == _greedy(p, text, px, max_w, lines), text


def test_a_text_that_fits_is_measured_once():
    p = Painter(pygame.Surface((10, 10)))
    p.wrap("Bot 2 draws a card", 22, 2000)
    assert [text for text, _ in p._widths] == ["Bot 2 draws a card"]


def test_any_text_is_drawn_whatever_it_came_from():
    # SDL_ttf refuses a NUL and a lone surrogate (a file name's undecodable byte); a line of
    # a device's message may be any length. Each is drawn, in the time a line takes.
    surface = pygame.Surface((400, 100))
    p = Painter(surface)
    for text in ("R5\x00 jammed", "/dev/tty\udcff: gone", "\x1b[31mred", "x" * 40_000):
        for px in (14, 60):
            p.text(text, px, (255, 255, 255), max_w=380, topleft=(0, 0))
            assert p.wrap(text, px, 380, lines=2)
    assert p.placed[0][0] == "R5\ufffd jammed"


LONG = ("W" * 24, "Tío Fernando López Gómez")


def test_a_sentence_too_long_shortens_its_names_alone():
    p = Painter(pygame.Surface((10, 10)))
    text = f"¡{LONG[0]} pilla a {LONG[1]} sin decir UNO!"
    lines = p.wrap(text, 22, 200, lines=3, names=LONG)
    said = " ".join(lines)
    assert said.startswith("¡WWW") and " pilla a Tío " in said and said.endswith(" sin decir UNO!")
    assert all(p.width(line, 22) <= 200 for line in lines) and not p.cut
    assert p.wrap(text, 22, 200, lines=3) != lines and p.cut  # without names: cut at its end


def test_a_sentence_steps_down_before_it_shortens_a_name():
    p = Painter(pygame.Surface((10, 10)))
    text = f"{LONG[1]} catches it!"
    width = p.width(text, 18) + 1
    assert p.fitted(text, (30, 24, 18), width, 1, LONG) == ([text], 18)
    lines, px = p.fitted(text, (30, 24, 18), width - 40, 1, LONG)
    assert px == 18 and lines[0].endswith("… catches it!") and not p.cut


def test_names_cost_nothing_where_the_sentence_fits():
    """The names are looked at only where a sentence would be cut: what fits measures what
    it measured without them."""
    texts = ("Bruno plays red 7", "Tío Fernando López Gómez catches Ana without UNO!", "x " * 9)
    for text, max_w in itertools.product(texts, (150, 400, 2000)):
        plain, named = Painter(pygame.Surface((10, 10))), Painter(pygame.Surface((10, 10)))
        if len(plain.wrap(text, 22, max_w, 3)) <= 3 and not plain.cut:
            assert named.wrap(text, 22, max_w, 3, LONG) == plain.wrap(text, 22, max_w, 3)
            assert list(named._widths) == list(plain._widths), text
            assert named.fitted(text, (22, 18), max_w, 3, LONG) == (
                plain.wrap(text, 22, max_w, 3),
                22,
            )
            assert list(named._widths) == list(plain._widths), text

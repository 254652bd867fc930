"""Painter.wrap: a text broken at spaces into lines that fit, the last one cut to fit."""

from __future__ import annotations

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

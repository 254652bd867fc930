"""A line drawn halved (table/screen/halving.py) from its coverage, a byte a pixel, in buffers
kept between lines: the very pixels of drawing it in colour and smoothscaling it, the way it is
written down (font.render's blended line, then one smoothscale), whatever smoothscale's backend."""

from __future__ import annotations

import random

import pygame
import pytest

from table.screen import theme as th
from table.screen.halving import KEPT, Halver, halved_size
from table.screen.paint import FINE_PX, _halved_colour

WORDS = ["Bot", "2", "played", "R5", "Direction", "reversed", "Sitz", "wählt", "Grün", "ß",
         "Ñandú", "ÁÉ", "UNO!", "+4", ".", ",", "g", "j", "y", "W", "il", "ffi", "AVA"]  # fmt: skip
WORDS += ["—", "…"]
THEME = [th.TEXT, th.DIM, th.HIGHLIGHT, th.ALERT, th.GOOD, th.WARN, th.INK, *th.CARD_HUES.values()]


def _written(font: pygame.font.Font, text: str, colour) -> pygame.Surface:
    big = font.render(text, True, colour)
    return pygame.transform.smoothscale(big, halved_size(big.get_size()))


def _halved(halver: Halver, font: pygame.font.Font, text: str, colour) -> pygame.Surface:
    line, big = halver.line(font, text)
    return Halver.colour(line, _halved_colour(colour, big, line.get_size()))


def _check(halver: Halver, font: pygame.font.Font, text: str, colour) -> None:
    got, want = _halved(halver, font, text, colour), _written(font, text, colour)
    assert got.get_size() == want.get_size() and got.get_masks() == want.get_masks()
    same = pygame.image.tobytes(got, "BGRA") == pygame.image.tobytes(want, "BGRA")
    assert same, (text, font.get_height(), colour)


def _plane(font: pygame.font.Font, text: str, colour) -> pygame.Color | pygame.Surface:
    big = font.size(text)
    return _halved_colour(colour, big, halved_size(big))


@pytest.mark.parametrize("backend", ["GENERIC", pygame.transform.get_smoothscale_backend()])
def test_a_line_halved_from_its_coverage_is_the_line_drawn_in_colour_and_smoothscaled(backend):
    rng = random.Random(backend)
    was = pygame.transform.get_smoothscale_backend()
    pygame.transform.set_smoothscale_backend(backend)
    halver, planes = Halver(), 0
    try:
        for _ in range(150):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
            font = pygame.font.Font(None, 2 * rng.randint(3, FINE_PX - 1))
            colour = rng.choice([*THEME, tuple(rng.randint(0, 255) for _ in range(3))])
            _check(halver, font, text, colour)
        while planes < 5:  # a colour plane whose last column differs: rare, so sought
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
            font = pygame.font.Font(None, 2 * rng.randint(3, FINE_PX - 1))
            colour = tuple(rng.randint(0, 255) for _ in range(3))
            if isinstance(_plane(font, text, colour), pygame.Surface):
                _check(halver, font, text, colour)
                planes += 1
    finally:
        pygame.transform.set_smoothscale_backend(was)


def test_the_buffers_are_kept_between_lines_and_grow_to_the_widest():
    halver = Halver()
    font = pygame.font.Font(None, 60)
    long = _halved(halver, font, "Bot 2 played a Wild Draw Four", th.TEXT)
    buffer = halver._big
    short = _halved(halver, font, "R5", th.TEXT)
    assert halver._big is buffer  # a shorter line: the same buffer
    longer = _halved(halver, font, "Bot 2 played a Wild Draw Four and called UNO", th.TEXT)
    assert halver._big is not buffer and len(halver._big) > len(buffer)
    for image, text in ((long, "Bot 2 played a Wild Draw Four"), (short, "R5")):
        # lines made before the buffer grew are their own pixels, untouched since
        want = _written(font, text, th.TEXT)
        assert pygame.image.tobytes(image, "BGRA") == pygame.image.tobytes(want, "BGRA")
    assert longer.get_width() > long.get_width()


def test_a_line_too_wide_for_the_kept_buffers_is_halved_in_buffers_of_its_own():
    halver = Halver()
    font = pygame.font.Font(None, 80)
    _halved(halver, font, "Bot 2 played R5", th.TEXT)
    buffer, rows = halver._big, halver._rows
    text = "Bot 2 played a Wild Draw Four, called UNO and chose blue " * 2
    assert 4 * font.size(text)[0] * font.size(text)[1] > KEPT
    got = _halved(halver, font, text, th.TEXT)
    assert halver._big is buffer and halver._rows is rows  # nothing that size kept for good
    want = _written(font, text, th.TEXT)
    assert pygame.image.tobytes(got, "BGRA") == pygame.image.tobytes(want, "BGRA")

"""A text already made in one colour is made in another from it (table/screen/paint.py's
`_recoloured`): the very pixels drawing it again gives, halved small texts too."""

from __future__ import annotations

import random

import pygame
import pytest

from table.screen.paint import FINE_PX, Painter

WORDS = ["Bot", "2", "played", "R5", "Direction", "reversed", "Jugador", "eligió", "azul",
         "Ñandú", "ÁÉ", "UNO!", "+4", ".", ",", "g", "j", "y"]  # fmt: skip


def _painter() -> Painter:
    return Painter(pygame.Surface((10, 10)))


@pytest.mark.parametrize("seed", range(3))
def test_a_text_in_another_colour_is_the_text_drawn_in_that_colour(seed):
    rng = random.Random(seed)
    derived = 0
    for _ in range(60):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
        px = rng.choice((8, 12, 17, 20, 31, 43, FINE_PX - 1, FINE_PX, 53, 65, 97))
        colours = [tuple(rng.randint(0, 255) for _ in range(3)) for _ in range(3)]
        made = _painter()
        for k, colour in enumerate(colours):  # the 2nd from the 1st, the 3rd from the 2nd
            got = made.text_image(text, px, colour)
            want = _painter().text_image(text, px, colour)  # drawn from scratch
            assert got.get_size() == want.get_size()
            same = pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
            assert same, (text, px, colours[: k + 1])
            derived += k > 0
    assert derived == 120


class _Counting:
    """A font that counts the lines it renders."""

    def __init__(self, font: pygame.font.Font, rendered: list) -> None:
        self._font, self._rendered = font, rendered

    def render(self, *args):
        self._rendered.append(args)
        return self._font.render(*args)

    def __getattr__(self, name: str):
        return getattr(self._font, name)


@pytest.mark.parametrize("px", [43, 65])
def test_another_colour_is_made_from_the_text_kept_not_rendered_again(px):
    painter = _painter()
    rendered: list = []
    font = painter.font
    painter.font = lambda size: _Counting(font(size), rendered)
    painter.text_image("Bot 2 draws a card", px, (246, 248, 252))
    assert len(rendered) == 1
    painter.text_image("Bot 2 draws a card", px, (133, 138, 148))
    painter.text_image("Bot 2 draws a card", px, (178, 182, 189))
    assert len(rendered) == 1

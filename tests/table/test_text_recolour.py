"""A text already made in one colour is made in another from it (table/screen/paint.py's
`_recoloured`): the very pixels drawing it again gives, halved small texts too."""

from __future__ import annotations

import random

import pygame
import pytest

from table.screen.paint import FINE_PX, Painter, _halved_colour

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


def _plane_whole(color, big, small) -> pygame.Surface:
    """The halved colour plane as smoothscale makes it of a whole plane (what it stands for)."""
    row = pygame.Surface((big[0], 1), pygame.SRCALPHA)
    row.fill((*color[:3], 0))
    row = pygame.transform.smoothscale(row, (small[0], 1))
    return pygame.transform.smoothscale(pygame.transform.scale(row, (small[0], big[1])), small)


@pytest.mark.parametrize("backend", ["GENERIC", pygame.transform.get_smoothscale_backend()])
def test_the_halved_colour_is_what_smoothscale_makes_of_a_whole_plane(backend):
    rng = random.Random(backend)
    was = pygame.transform.get_smoothscale_backend()
    pygame.transform.set_smoothscale_backend(backend)
    try:
        for _ in range(400):
            big = (rng.randint(1, 1200), rng.randint(1, 160))
            small = ((big[0] + 1) // 2, (big[1] + 1) // 2)
            color = tuple(rng.randint(0, 255) for _ in range(3))
            got = _halved_colour(color, big, small)
            if isinstance(got, pygame.Color):
                got = pygame.Surface(small, pygame.SRCALPHA)
                got.fill(_halved_colour(color, big, small))
            want = _plane_whole(color, big, small)
            assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
    finally:
        pygame.transform.set_smoothscale_backend(was)


def test_another_colour_of_a_halved_text_shrinks_a_row_and_a_column_not_a_plane(monkeypatch):
    painter = _painter()
    painter.text_image("Bot 2 draws a card", 43, (246, 248, 252))
    shrunk: list[int] = []
    real = pygame.transform.smoothscale

    def counting(surface, size, *args):
        shrunk.append(surface.get_width() * surface.get_height())
        return real(surface, size, *args)

    monkeypatch.setattr(pygame.transform, "smoothscale", counting)
    image = painter.text_image("Bot 2 draws a card", 43, (133, 138, 148))
    w, h = image.get_size()
    assert shrunk and sum(shrunk) <= 2 * (w + h) + 4  # the whole plane would be w x 2h

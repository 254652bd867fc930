"""A small text (drawn halved) is made in any colour from its alpha, kept apart from the texts
(table/screen/paint.py's `Alpha`), once the text cache let it go or to show it in another
colour: the very pixels drawing it in that colour gives."""

from __future__ import annotations

import random

import pygame
import pytest

from table.screen import theme as th
from table.screen.paint import FINE_PX, Painter, SurfaceCache, _halved_colour

WORDS = ["Bot", "2", "played", "R5", "Direction", "reversed", "Jugador", "eligió", "azul",
         "Ñandú", "ÁÉ", "UNO!", "+4", ".", ",", "g", "j", "y", "W", "il"]  # fmt: skip
THEME = [th.TEXT, th.DIM, th.HIGHLIGHT, th.ALERT, th.GOOD, th.WARN, th.INK, *th.CARD_HUES.values()]


def _painter() -> Painter:
    return Painter(pygame.Surface((10, 10)))


class _Counting:
    """A font that counts the lines it renders."""

    def __init__(self, font: pygame.font.Font, rendered: list) -> None:
        self._font, self._rendered = font, rendered

    def render(self, *args):
        self._rendered.append(args)
        return self._font.render(*args)

    def __getattr__(self, name: str):
        return getattr(self._font, name)


def _counted(painter: Painter) -> list:
    rendered: list = []
    font = painter.font
    painter.font = lambda size: _Counting(font(size), rendered)
    return rendered


def _same(got: pygame.Surface, want: pygame.Surface) -> bool:
    """The same pixels, and the same pixels blitted on a screen (no alpha) over a background."""
    if got.get_size() != want.get_size():
        return False
    if pygame.image.tobytes(got, "BGRA") != pygame.image.tobytes(want, "BGRA"):
        return False
    screens = []
    for image in (got, want):
        screen = pygame.Surface((image.get_width() + 3, image.get_height() + 3))
        screen.fill(th.PANEL)
        screen.blit(image, (1, 2))
        screens.append(pygame.image.tobytes(screen, "RGB"))
    return screens[0] == screens[1]


@pytest.mark.parametrize("seed", range(3))
def test_a_text_in_another_colour_is_the_text_drawn_in_that_colour(seed):
    rng = random.Random(seed)
    derived = 0
    for _ in range(60):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
        px = rng.choice((8, 12, 17, 20, 31, 43, FINE_PX - 1, FINE_PX, 53, 65, 97))
        colours = [tuple(rng.randint(0, 255) for _ in range(3)) for _ in range(3)]
        made = _painter()
        for k, colour in enumerate(colours):  # the 2nd and the 3rd from the 1st's alpha
            got = made.text_image(text, px, colour)
            want = _painter().text_image(text, px, colour)  # drawn from scratch
            assert _same(got, want), (text, px, colours[: k + 1])
            derived += k > 0
    assert derived == 120


@pytest.mark.parametrize("seed", range(2))
def test_a_text_the_cache_let_go_is_made_again_from_its_alpha_in_any_colour(seed):
    rng = random.Random(seed)
    painter = _painter()
    painter.texts = SurfaceCache(0)  # keeps only the last text: every other one is let go
    rendered = _counted(painter)
    widths, planes, lines = set(), set(), 0
    for _ in range(80):
        text = "".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        px = rng.choice((7, 9, 12, 16, 19, 24, 33, 43, FINE_PX - 1, FINE_PX, 49, 60, 81))
        colours = [*rng.sample(THEME, 3), tuple(rng.randint(0, 255) for _ in range(3))]
        first = rendered[:]
        for colour in [*colours, colours[0]]:  # the first colour again, let go meanwhile
            got = painter.text_image(text, px, colour)
            want = _painter().text_image(text, px, colour)
            assert _same(got, want), (text, px, colour)
        # a small text drawn once, then made from its alpha; a larger one drawn every time
        assert len(rendered) - len(first) == (1 if px < FINE_PX else 5)
        widths.add((px < FINE_PX, got.get_width() % 2))
        if px < FINE_PX:
            big = painter.font(px * 2).size(text)
            planes.add(type(_halved_colour(colours[0], big, got.get_size())).__name__)
        lines += 1
    assert widths == {(True, 0), (True, 1), (False, 0), (False, 1)}
    assert lines == 80 and "Color" in planes


def test_a_halved_text_whose_last_column_is_another_colour_is_made_again_exactly():
    painter = _painter()
    painter.texts = SurfaceCache(0)
    rng, found = random.Random(7), 0
    while found < 5:  # a colour plane that is a surface, not one colour: rare, so sought
        text = "".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        px = rng.randint(6, FINE_PX - 1)
        colour = tuple(rng.randint(0, 255) for _ in range(3))
        big = painter.font(px * 2).size(text)
        small = ((big[0] + 1) // 2, (big[1] + 1) // 2)
        if isinstance(_halved_colour(colour, big, small), pygame.Color):
            continue
        painter.text_image(text, px, th.TEXT)
        got = painter.text_image(text, px, colour)
        assert _same(got, _painter().text_image(text, px, colour)), (text, px, colour)
        found += 1


def test_the_alphas_stay_within_their_budget():
    painter = Painter(pygame.Surface((320, 240)))
    rng = random.Random(3)
    for k in range(400):
        text = f"{k} " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
        painter.text_image(text, rng.choice((12, 30, 60)), th.TEXT)
    alphas = painter.alphas
    assert 0 < alphas.bytes <= alphas.budget
    kept = list(map(alphas.peek, alphas.keys()))
    assert alphas.bytes == sum(len(alpha.alpha) for alpha in kept)
    assert len(alphas) < 400  # some had to go: the budget is what bounds it


@pytest.mark.parametrize("px", [20, 43])
def test_another_colour_is_made_from_the_text_kept_not_rendered_again(px):
    painter = _painter()
    rendered = _counted(painter)
    painter.text_image("Bot 2 draws a card", px, (246, 248, 252))
    assert len(rendered) == 1
    painter.text_image("Bot 2 draws a card", px, (133, 138, 148))
    painter.text_image("Bot 2 draws a card", px, (178, 182, 189))
    assert len(rendered) == 1


def test_a_larger_text_keeps_no_alpha_it_is_drawn_again():
    painter = _painter()
    rendered = _counted(painter)
    painter.text_image("Bot 2 draws a card", FINE_PX, th.TEXT)
    painter.text_image("Bot 2 draws a card", FINE_PX, th.DIM)
    assert len(rendered) == 2 and len(painter.alphas) == 0


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


def test_a_new_lines_alpha_is_kept_once_the_table_waits_and_serves_after_its_image_went():
    painter = _painter()
    rendered = _counted(painter)
    px = FINE_PX // 2
    first = painter.text_image("Bot 3 plays red 2", px, th.TEXT)
    assert len(rendered) == 1 and len(painter.alphas) == 0  # not copied in the frame
    painter.keep_alphas()
    assert len(painter.alphas) == 1
    painter.texts = SurfaceCache(painter.texts.budget)  # the text cache let it go
    again = painter.text_image("Bot 3 plays red 2", px, th.TEXT)
    assert len(rendered) == 1 and _same(again, first)  # made from its alpha, not drawn again


def test_a_new_lines_alpha_serves_another_colour_before_the_table_waits():
    painter = _painter()
    rendered = _counted(painter)
    px = FINE_PX // 2
    painter.text_image("Bot 3 plays red 2", px, th.TEXT)
    dim = painter.text_image("Bot 3 plays red 2", px, th.DIM)
    assert len(rendered) == 1  # its alpha taken from the line just made
    fresh = _painter()
    assert _same(dim, fresh.text_image("Bot 3 plays red 2", px, th.DIM))

"""Cards drawn at any size, readable without colour: hue, pattern, shape, letter."""

from __future__ import annotations

import pygame
import pytest

from engine import Card, RuleSet
from table.screen import cards_art as art
from table.screen.paint import Painter
from table.screen.theme import CARD_HUES, WILD_BODY

LETTERS = {"R": "R", "Y": "Y", "G": "G", "B": "B"}
CODES = sorted({str(c) for p in RuleSet.PRESETS for c in RuleSet.preset(p).deck()} | {"WC"})


@pytest.fixture(scope="module")
def font():
    return Painter(pygame.Surface((1, 1))).font


def colours(image: pygame.Surface) -> set:
    w, h = image.get_size()
    step = max(1, min(w, h) // 60)
    return {tuple(image.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)}


@pytest.mark.parametrize("height", [40, 150, 420])
def test_every_card_draws_at_any_size(font, height):
    for code in CODES:
        face = art.card_face(code, height, font, LETTERS)
        assert face.get_size() == art.card_size(height)
        assert face.get_at((0, 0)).a == 0  # rounded corner
        assert face.get_at((face.get_width() // 2, face.get_height() // 2)).a == 255


def test_a_coloured_card_shows_its_hue_and_a_wild_shows_all_four(font):
    for code in ("R5", "YS", "GD2", "BR"):
        assert CARD_HUES[code[0]] in colours(art.card_face(code, 300, font, LETTERS))
    wild = colours(art.card_face("W4", 300, font, LETTERS))
    assert all(hue in wild for hue in CARD_HUES.values())
    assert WILD_BODY in wild


def test_each_colour_has_its_own_pattern_and_shape():
    patterns = set()
    for letter in "RYGB":
        image = art.pattern(letter, (60, 60), (255, 255, 255), 10)
        patterns.add(pygame.image.tobytes(image, "RGBA"))
    assert len(patterns) == 4
    rect = pygame.Rect(0, 0, 100, 100)
    counts = {len(art.shape_points(letter, rect)) for letter in "RYGB"}
    assert {3, 4} <= counts and max(counts) > 4  # triangle, square/diamond, circle
    assert art.shape_points("G", rect) != art.shape_points("B", rect)


def test_wild_variants_are_marked_differently(font):
    faces = {
        code: pygame.image.tobytes(art.card_face(code, 200, font, LETTERS), "RGBA")
        for code in ("W", "W4", "WS", "WC")
    }
    assert len(set(faces.values())) == 4


def test_the_letter_printed_follows_the_language(font):
    english = art.card_face("Y3", 300, font, LETTERS)
    spanish = art.card_face("Y3", 300, font, {**LETTERS, "Y": "Am"})
    assert pygame.image.tobytes(english, "RGBA") != pygame.image.tobytes(spanish, "RGBA")


def test_backs_and_swatches(font):
    back = art.card_back(200, "UNO", font)
    assert back.get_size() == art.card_size(200)
    for letter in "RYGB":
        disc = art.swatch(letter, 120, font, letter)
        assert CARD_HUES[letter] in colours(disc)
        assert disc.get_at((0, 0)).a == 0


@pytest.mark.parametrize("height", [150, 497])
def test_a_rank_in_another_colour_reuses_its_outline_and_is_the_same_pixels(
    font, height, monkeypatch
):
    """The ink outline of a rank (dozens of blits at the top card's size) is drawn once per
    rank and shared by its colours: every colour comes out as drawn from scratch."""
    painter = Painter(pygame.Surface((1, 1)))
    rings = []
    real = art.ring_offsets
    monkeypatch.setattr(art, "ring_offsets", lambda width: rings.append(width) or real(width))
    ranks = sorted({code[1:] for code in CODES if code[0] in CARD_HUES})
    size, outline = round(height * 0.44), max(2, round(height * 0.022))
    for rank in ranks:
        for letter in CARD_HUES:
            card = art.Card.parse(letter + rank)
            kept = art.rank_image(card, size, CARD_HUES[letter], font, outline, painter.image)
            drawn = art.rank_image(card, size, CARD_HUES[letter], font, outline)
            assert kept.get_size() == drawn.get_size()
            assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    # Once per rank with the cache, once per rank and colour without it.
    assert len(rings) == len(ranks) + len(ranks) * len(CARD_HUES)


@pytest.mark.parametrize("code", ["R0", "Y1", "G8", "BD2", "RS", "W4"])
def test_a_rank_trimmed_of_its_clear_margins_draws_the_same_pixels_by_its_centre(font, code):
    """The oval's rank is kept trimmed: centred on a face of many colours, it paints what the
    whole image painted, in fewer bytes (or the same, with no margin to spare)."""
    card = Card.parse(code)
    image = art.rank_image(card, 180, CARD_HUES.get(code[0], (255, 255, 255)), font, 4)
    cut = art.trimmed(image)
    assert cut.get_width() * cut.get_height() <= image.get_width() * image.get_height()
    if code in ("R0", "Y1", "G8", "BD2", "W4"):  # a character has room above and below it
        assert cut.get_height() < image.get_height()
    drawn = []
    for layer in (image, cut):
        face = pygame.Surface((300, 300))
        for x in range(0, 300, 7):
            face.fill(((x * 5) % 256, (x * 11) % 256, 120), (x, 0, 7, 300))
        face.blit(layer, layer.get_rect(center=(151, 148)))
        drawn.append(pygame.image.tobytes(face, "RGB"))
    assert drawn[0] == drawn[1]

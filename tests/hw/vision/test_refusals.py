"""Never a guess: no card, two cards, a card half off the spot, glare and blur give no code."""

from __future__ import annotations

import cv2
import numpy as np

from bench import card_scenes as scenes
from hw.vision import Unsure, read_card


def rng(name: str) -> np.random.Generator:
    return scenes.rng_for(5, name)


def test_an_empty_mat_is_empty(faces):
    for k in range(4):
        reading = read_card(scenes.empty(rng(f"empty{k}")), faces)
        assert (reading.code, reading.unsure, reading.outline) == (None, Unsure.EMPTY, None)


def test_two_cards_in_view_give_no_code(faces):
    named = 0
    for first, second in (("R5", "G7"), ("B6", "B9"), ("Y1", "Y1"), ("GS", "RR"), ("B0", "Y8")):
        frame = scenes.two(scenes.photo_sprite(first), scenes.photo_sprite(second), rng(first))
        reading = read_card(frame, faces)
        # Overlapping, they are one blob of no card's shape: "part of a card" is said then.
        assert reading.code is None, (first, second)
        assert reading.unsure in (Unsure.TWO_CARDS, Unsure.PARTIAL), (first, second)
        named += reading.unsure is Unsure.TWO_CARDS
    assert named >= 2  # those lying apart


def test_a_card_half_off_the_spot_gives_no_code(faces):
    for code in ("R5", "G7", "B9", "YD2", "GS", "R0"):
        reading = read_card(scenes.cut_off(scenes.photo_sprite(code), rng(code)), faces)
        assert reading.code is None and reading.unsure is Unsure.PARTIAL, code


def test_strong_blur_never_gives_a_wrong_code(faces):
    for code in ("R5", "G7", "B9", "YD2"):
        reading = read_card(scenes.blurred(scenes.photo_sprite(code), rng(code)), faces)
        assert reading.code in (None, code), code


def test_a_card_blurred_past_reading_gives_no_code(faces):
    for code in ("R5", "G7", "B9", "YD2"):
        frame = cv2.GaussianBlur(scenes.photo(code), (0, 0), 9)
        reading = read_card(frame, faces)
        assert reading.code is None and reading.unsure is not None, code


def test_glare_never_gives_a_wrong_code(faces):
    for code in scenes.COLOURED[::4]:
        reading = read_card(scenes.glared(scenes.photo_sprite(code), rng(code)), faces)
        assert reading.code in (None, code), code


def test_a_card_read_has_its_outline_in_frame_pixels(faces):
    frame = scenes.photo("R5")
    reading = read_card(frame, faces)
    assert reading.code == "R5" and reading.unsure is None and 0 < reading.score <= 1
    outline = np.array(reading.outline)
    assert outline.shape == (4, 2)
    # The card lies in the middle third of the photo's width; its outline is there too.
    assert outline[:, 0].min() > 200 and outline[:, 0].max() < 520


def test_a_frame_of_no_cameras_shape_is_empty_not_an_error(faces):
    # A strip one pixel wide would be scaled to a huge image, one pixel high to an empty one.
    for shape in ((1, 640, 3), (640, 1, 3), (0, 640, 3), (0, 0, 3), (4000, 1, 3), (100, 900)):
        frame = np.full(shape, 128, np.uint8)
        reading = read_card(frame, faces)
        assert (reading.code, reading.unsure) == (None, Unsure.EMPTY), shape

"""A lamp or a camera that tints everything: the card's own white print says by how much, and
where it cannot be measured the card's colour is not guessed."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bench import card_scenes as scenes
from bench.recogniser import tally
from hw.vision import read_card
from tests.camera_photos import faces, photo


def lit(code: str, gains: tuple[float, float, float]) -> np.ndarray:
    """The photo of `code` under a light that scales its blue, green and red channels."""
    image = scenes.photo(code).astype(np.float32) * np.float32(gains)
    return np.clip(image, 0, 255).astype(np.uint8)


TUNGSTEN = (0.5, 0.85, 1.0)
"""A bulb seen by a camera balanced for daylight: blue half of red."""
BEYOND = (0.25, 0.6, 1.0)
"""Stronger than any white print is taken to be: a green body's raw hue is yellow's there."""
OVEREXPOSED = (1.2, 1.8, 2.4)
"""A warm lamp and a camera exposing for a dark mat: the print clips in green and red, and a
green body's colour, balanced by what is left of the white, is yellow's."""


def test_a_warm_lamp_is_read_through_the_cards_white(faces):
    photos = (scenes.Scene(lit(c, TUNGSTEN), c) for c in scenes.COLOURED)
    result = tally("tungsten", "", faces, photos)
    assert result.wrong == 0
    assert result.right >= 0.9 * result.images


def test_a_light_too_tinted_to_measure_gives_no_other_colour(faces):
    photos = (scenes.Scene(lit(c, BEYOND), c) for c in scenes.COLOURED if c[0] in "GY")
    assert tally("beyond", "", faces, photos).wrong == 0


def test_an_overexposed_print_hides_the_light_and_gives_no_other_colour(faces):
    photos = [scenes.Scene(lit(c, OVEREXPOSED), c) for c in scenes.COLOURED]
    assert tally("overexposed", "", faces, photos).wrong == 0


def test_a_print_clipped_in_every_channel_but_less_in_one_still_hides_the_light(faces):
    # OVEREXPOSED with blue a little stronger: the print's blue now clips in most of its
    # pixels, not all; taken as white, every green card read as the yellow one (9 of 52).
    photos = [scenes.Scene(lit(c, (1.25, 1.8, 2.4)), c) for c in scenes.COLOURED]
    assert tally("overexposed", "", faces, photos).wrong == 0


def test_a_print_clipped_white_in_every_channel_is_white(faces):
    photos = (scenes.Scene(lit(c, (2.0, 2.0, 2.0)), c) for c in scenes.COLOURED)
    result = tally("overexposed", "", faces, photos)
    assert result.wrong == 0
    assert result.right >= 0.9 * result.images


def hue_turned(image: np.ndarray, turn: int) -> np.ndarray:
    """The image with every hue turned by `turn` (OpenCV's 0..180): a camera with another
    colour matrix. Its white stays white, so the white print cannot undo it."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + turn) % 180).astype(np.uint8)
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)


@pytest.mark.parametrize("code", ("Y1", "Y5", "Y8", "YR"))
def test_a_yellow_card_whose_hue_is_greens_is_not_read_as_green(code):
    assert read_card(hue_turned(photo(code), 14), faces()).code in (None, code)


@pytest.mark.parametrize("code", ("G1", "G5", "G8", "GR"))
def test_a_green_card_whose_hue_is_yellows_is_not_read_as_yellow(code):
    assert read_card(hue_turned(photo(code), -14), faces()).code in (None, code)


def test_a_yellow_card_turned_less_is_still_read():
    assert read_card(hue_turned(photo("Y5"), 4), faces()).code == "Y5"

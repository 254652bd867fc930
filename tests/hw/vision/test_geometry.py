"""The card is found where it lies and warped upright without an offset, at any frame size and
either way up: the faces' grid is only a few pixels wide, and a card read a pixel off it scores
as another face would."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bench import card_scenes as scenes
from hw.vision import read_card
from hw.vision.locate import BODY_SHARE, find_card
from hw.vision.view import BODY_SIZE


def laid(size: tuple[int, int], turn: float) -> tuple[np.ndarray, np.ndarray]:
    """A drawn card laid turned by `turn` degrees in a plain frame of `size`, and its body's
    true corners (frame pixels)."""
    w, h = size
    sprite = scenes.drawn_sprite("G7")
    sw, sh = scenes.SPRITE
    long, short = 0.6 * h, 0.6 * h * sw / sh
    card = np.array([[-short, -long], [short, -long], [short, long], [-short, long]]) / 2
    angle = np.radians(turn)
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    quad = card @ rotation.T + (w / 2 + 0.123 * w, h / 2 - 0.071 * h)
    canvas = np.full((h, w, 3), 200, np.float32)
    scenes.lay(canvas, sprite, quad)
    # The body's edges in the sprite's pixels: the pixels drawn run from mx to sw - mx.
    mx, my = sw * (1 - BODY_SHARE[0]) / 2, sh * (1 - BODY_SHARE[1]) / 2
    body = np.array([[mx, my], [sw - mx, my], [sw - mx, sh - my], [mx, sh - my]], np.float32)
    sprite_to_frame = cv2.getPerspectiveTransform(scenes._rect(sw, sh), quad.astype(np.float32))
    truth = cv2.perspectiveTransform(body[None], sprite_to_frame)[0]
    return canvas.astype(np.uint8), truth


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080), (4000, 3000)])
def test_the_body_is_found_where_it_lies_at_any_frame_size(size):
    for turn in (37.0, 143.0, 217.0, 323.0):  # aslant: a straight edge lies on whole pixels
        frame, truth = laid(size, turn)
        body = find_card(frame).body
        assert body is not None, (size, turn)
        nearest = [body[np.argmin(np.linalg.norm(body - t, axis=1))] for t in truth]
        # The faces' grid is BODY_SIZE wide across the body: offsets in its pixels.
        grid = np.linalg.norm(truth[1] - truth[0]) / BODY_SIZE[0]
        offset = np.mean(np.array(nearest) - truth, axis=0) / grid
        # Searched at 320 wide, a 4000-wide frame's card was found 0.4 of a grid pixel up and
        # left of where it lies (a shrunk pixel's corner taken for its centre).
        assert np.abs(offset).max() < 0.15, (size, turn, offset)


def test_a_card_turned_half_round_reads_as_well_as_upright(faces):
    # Turning the photo's pixels turns its card exactly: only which way up it lies differs.
    # The view was warped half a pixel toward its first corner: toward the card's top left
    # upright and its bottom right turned, a pixel apart (0.06 less in the median, 0.14 at worst).
    gaps = []
    for code in scenes.COLOURED[::2]:
        photo = scenes.photo(code)
        upright = read_card(photo, faces)
        turned = read_card(np.ascontiguousarray(photo[::-1, ::-1]), faces)
        assert turned.code in (code, None), code
        gaps.append(upright.score - turned.score)
    assert np.median(gaps) < 0.02
    assert max(gaps) < 0.07

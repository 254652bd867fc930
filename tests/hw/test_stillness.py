"""The scan spot waits for a still view, counted in frames, before it reads a card."""

import numpy as np

from hw.spot import Stillness

RNG = np.random.default_rng(5)


def mat(noise: float = 2.0) -> np.ndarray:
    """A plain light mat as a 640x480 camera sees it, with the sensor's noise."""
    image = np.full((480, 640, 3), (190, 200, 205), np.float64)
    image += RNG.normal(0, noise, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


def with_card(x: int, y: int = 150) -> np.ndarray:
    """The mat with a card-sized red rectangle at (x, y)."""
    image = mat()
    image[y : y + 180, x : x + 120] = (40, 40, 200)
    return image


def runs(frames) -> list[bool]:
    stillness = Stillness(frames=3)
    still = []
    for frame in frames:
        stillness.see(frame)
        still.append(stillness.still)
    return still


def test_a_card_sliding_in_is_still_only_after_three_frames_alike():
    sliding = [with_card(x) for x in (0, 60, 120, 180)]
    laid = [with_card(260)] * 4
    assert runs([mat(), mat(), *sliding, *laid]) == ([False] * 6 + [False, False, True, True])


def test_a_camera_s_noise_is_not_motion():
    assert runs([mat(noise=3.0) for _ in range(5)]) == [False, False, True, True, True]


def test_a_nudge_of_a_few_pixels_starts_the_count_again():
    frames = [with_card(260)] * 3 + [with_card(266)] + [with_card(266)] * 2
    assert runs(frames) == [False, False, True, False, False, True]

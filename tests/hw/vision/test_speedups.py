"""What the recogniser does for speed changes no reading: its pixel reductions give numpy's own
answers, and the faces' product stays on the calling thread."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from threadpoolctl import threadpool_info

from bench import card_scenes as scenes
from bench.recogniser import SEED
from hw.vision import pixels, read_card

images = st.sampled_from([np.uint8, np.int16]).flatmap(
    lambda dtype: arrays(dtype, st.tuples(st.integers(1, 9), st.integers(1, 9), st.just(3)))
)


@given(images)
def test_least_and_greatest_are_the_channels_min_and_max(image):
    assert np.array_equal(pixels.least(image), image.min(axis=2))
    assert np.array_equal(pixels.greatest(image), image.max(axis=2))
    assert pixels.least(image).dtype == image.dtype


gradients = arrays(
    np.int16, st.tuples(st.integers(1, 40), st.integers(1, 40)), elements=st.integers(0, 2040)
)
"""L1 gradients of a smoothed 8-bit image, as the edge search ranks them."""


@given(gradients, st.floats(0, 100))
def test_percentile_by_counting_is_numpys(values, q):
    assert pixels.percentile(values, q) == pytest.approx(float(np.percentile(values, q)), abs=1e-9)


def test_a_strided_cut_of_an_image_is_reduced_like_the_cut():
    image = np.random.default_rng(3).integers(0, 256, (40, 60, 3), np.uint8)
    cut = image[5:30:2, 7:50]
    assert np.array_equal(pixels.least(cut), cut.min(axis=2))


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one CPU: BLAS has one thread anyway")
def test_reading_a_card_leaves_blas_on_one_thread(faces):
    view = next(iter(scenes.views(("R5",), 1, SEED, scenes.MOVED)))
    assert read_card(view.image, faces).code == "R5"
    blas = [lib for lib in threadpool_info() if lib["user_api"] == "blas"]
    assert blas and all(lib["num_threads"] == 1 for lib in blas)


def test_without_threadpoolctl_a_card_is_still_read(faces, monkeypatch):
    # numpy and OpenCV from apt may come without it (README, Camera).
    from hw.vision import match

    monkeypatch.setattr(match, "threadpool_limits", None)
    match._one_blas_thread.cache_clear()
    try:
        view = next(iter(scenes.views(("G7",), 1, SEED, scenes.MOVED)))
        assert read_card(view.image, faces).code == "G7"
    finally:
        match._one_blas_thread.cache_clear()

"""Faces for the recogniser's tests: enrolled from made scenes, never from the images tested."""

from __future__ import annotations

import pytest

from bench import card_scenes as scenes
from bench.recogniser import ENROL_PER_FACE, SEED, photo_faces
from hw.vision import Faces


@pytest.fixture(scope="session")
def faces() -> Faces:
    """The photographed deck's 52 faces, learnt from two gentle scenes of each photo."""
    return photo_faces(SEED)


@pytest.fixture(scope="session")
def art_faces() -> Faces:
    """The table's card art (wilds too), learnt from its own scenes."""
    codes = (*scenes.COLOURED, "W", "W4")
    return Faces.learn(scenes.enrolment(codes, ENROL_PER_FACE, SEED + 1, scenes.art_sprite))

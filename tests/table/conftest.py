"""The table's screen tests run without a window or a speaker: SDL's dummy drivers."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest


@pytest.fixture(scope="session", autouse=True)
def fonts():
    """Fonts need pygame.font.init(); nothing else of pygame is started."""
    pygame.font.init()
    yield
